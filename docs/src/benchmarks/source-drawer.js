// The "source" drawer under every chart and table, which every subject puts under its figures: its
// summary line names the results file by its sha256, the run's date and commit; its body links to the
// published results JSON and lists the commands of the runs behind the figure, as a reader types them
// (reader-paths.js), and the runs a pooled figure rests on. The file's hash is of its bytes as published
// (docs/src/generate-pages.js computes it), so a reader can check the download against the page.
'use strict';
const { codeSpan, escapeHtmlInMarkdown, oneLine } = require('../../../shared/src/escape');
const { PUBLISHED_RESULTS } = require('../../../shared/src/project-paths');
const { utcMinute } = require('./format');
const { folded } = require('./markdown-blocks');
const { readerCommand } = require('./reader-paths');

const SHORT_SHA = 12;
const SHORT_COMMIT = 7;

/** The distinct exact commands of the runs of the given scenarios (every server, JSON endpoints too), in the file's order. */
function runCommands(scenarios) {
  const seen = new Set();
  for (const scenario of scenarios) {
    for (const result of scenario.results) for (const run of result.runs) seen.add(run.command);
  }
  return [...seen];
}

/** The link to the published results JSON (Markdown; docsify leaves an :ignore link as it is). */
function downloadLink(ctx) {
  return `[${ctx.strings.source.download}](${PUBLISHED_RESULTS} ':ignore')`;
}

/**
 * The runs a pooled figure rests on (results.pooled.runs, oldest first), as Markdown list items: when,
 * the commit, the file and its sha256 (the newest run is this file, whose hash is above).
 */
function pooledRunItems(ctx) {
  return ctx.results.pooled.runs.map((run) => {
    const values = { startedAt: utcMinute(run.startedAt), commit: codeSpan(run.gitCommit), file: codeSpan(run.source) };
    return run.sha256 ? ctx.t('source.pooledRun', { ...values, sha: codeSpan(run.sha256) }) : ctx.t('source.pooledRunThis', values);
  });
}

/**
 * The source drawer of one chart or table. commands: exact command lines (data, shown verbatim as
 * code); none for a table of facts (the environment). pooledRuns: the figure is pooled over runs
 * (results.pooled), and the drawer lists them.
 */
function sourceDrawer(ctx, commands = [], { pooledRuns = false } = {}) {
  const { results, source } = ctx;
  const env = results.environment;
  // The summary is HTML text: every value escaped for HTML, nothing Markdown.
  const summary = ctx.t('source.summary', {
    sha: escapeHtmlInMarkdown(source.sha256.slice(0, SHORT_SHA)), date: escapeHtmlInMarkdown(env.date), commit: escapeHtmlInMarkdown(oneLine(env.gitCommit).slice(0, SHORT_COMMIT)),
  });
  const lines = [
    `- ${ctx.t('source.file', { download: downloadLink(ctx), sha: codeSpan(source.sha256) })}`,
    `- ${ctx.t('source.run', { startedAt: utcMinute(results.startedAt), finishedAt: utcMinute(results.finishedAt), commit: codeSpan(env.gitCommit) })}`,
  ];
  if (pooledRuns && ctx.results.pooled && ctx.results.pooled.comparisons.length) {
    lines.push(`- ${ctx.strings.source.pooled}`, ...pooledRunItems(ctx).map((item) => `  - ${item}`));
  }
  // As a reader types them (no path of the machine that ran them); distinct after that, in order.
  const shown = [...new Set(commands.map(readerCommand))];
  if (shown.length) lines.push(`- ${ctx.strings.source.commands}`, ...shown.map((c) => `  - ${codeSpan(c)}`));
  return folded(summary, lines.join('\n'), 'bench-source');
}

module.exports = { sourceDrawer, downloadLink, pooledRunItems, runCommands, SHORT_SHA, SHORT_COMMIT };
