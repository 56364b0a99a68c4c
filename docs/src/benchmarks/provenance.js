// Provenance of every chart and table of the generated pages: a "source" drawer (folded) whose
// summary line names the results file by its sha256, the run's date and commit, and whose body gives
// the download link of the published results JSON and the commands of the runs behind the figure, as
// a reader types them (readerCommand). The file's hash is of its bytes as published
// (docs/src/generate-pages.js computes it), so a reader can check the download against the page.
'use strict';
const { codeSpan, escapeHtmlInMarkdown, oneLine } = require('../../../shared/src/escape');
const { utcMinute } = require('./format');
const { folded } = require('./markdown-blocks');

// Where the build publishes the results file in the site (docs/src/assemble/assemble-site.js), relative to index.html.
const PUBLISHED_RESULTS = 'bench/results/latest.json';
const SHORT_SHA = 12;
const SHORT_COMMIT = 7;

// An absolute path in a command: after a space, an equals sign or a quote, a slash and no space.
const ABSOLUTE_PATH = /(^|[\s='"])(\/[^\s'"]*)/g;

/**
 * A command as a reader types it: every absolute path of the machine that ran the bench (a tool built
 * in the bench cache, /usr/sbin/nginx, a scratch folder, the repository) shown by its last part, so
 * `…/.cache/drogon-docs-bench/oha-1.16.0/bin/oha -q 100 …` reads `oha -q 100 …` and nginx's
 * `-c /tmp/drogon-bench-0/nginx-module-18081/nginx.conf` reads `-c nginx.conf` (nginx takes it relative
 * to its -p prefix). Paths relative to the repository (bench/wrk/report.lua) stay as they are; URLs
 * are not paths here. The results JSON keeps the exact command.
 */
function readerCommand(command) {
  return String(command).replace(ABSOLUTE_PATH, (all, before, path) => {
    const parts = path.split('/').filter(Boolean);
    return before + (parts.length ? parts[parts.length - 1] : path);
  });
}

// A path of the machine in free text (a failure reason naming a log, a note): an absolute path under
// one of the top folders of a Linux machine. Free text also holds URL paths (GET /json), so only these.
const MACHINE_PATH = /(^|[\s='"(])(\/(?:root|home|tmp|usr|var|opt|srv|mnt|media|run|etc|work)\/[^\s'"()]*)/g;

/** Free text with every path of the machine shown by its last part, as readerCommand does for commands. */
function readerText(text) {
  return String(text).replace(MACHINE_PATH, (all, before, path) => {
    const parts = path.split('/').filter(Boolean);
    return before + parts[parts.length - 1];
  });
}

/** The distinct exact commands of the runs of the given scenarios (every server), in the file's order. */
function scenarioCommands(scenarios) {
  const seen = new Set();
  for (const scenario of scenarios) {
    for (const result of scenario.results) for (const run of result.runs) seen.add(run.command);
  }
  return [...seen];
}

/** The distinct exact commands of the sweep's runs. */
function sweepCommands(sweep) {
  const seen = new Set();
  for (const result of sweep.results) for (const point of result.points) for (const run of point.runs) seen.add(run.command);
  return [...seen];
}

/** The instruction counts' commands: valgrind's, then each case's load command. */
function instructionCommands(block) {
  return [...new Set([block.valgrindCommand, ...block.cases.map((c) => c.loadCommand)])];
}

/** The distinct exact commands of the fixed-rate runs (every group, level and server), in the file's order. */
function fixedRateCommands(block) {
  const seen = new Set();
  for (const group of block.groups) {
    for (const level of group.levels) for (const result of level.results) for (const run of result.runs) seen.add(run.command);
  }
  return [...seen];
}

/** The link to the published results JSON (Markdown; docsify leaves an :ignore link as it is). */
function downloadLink(ctx) {
  return `[${ctx.strings.source.download}](${PUBLISHED_RESULTS} ':ignore')`;
}

/**
 * The source drawer of one chart or table. commands: exact command lines (data, shown verbatim as
 * code); none for a table of facts (the environment).
 */
function sourceDrawer(ctx, commands = []) {
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
  // As a reader types them (no path of the machine that ran them); distinct after that, in order.
  const shown = [...new Set(commands.map(readerCommand))];
  if (shown.length) lines.push(`- ${ctx.strings.source.commands}`, ...shown.map((c) => `  - ${codeSpan(c)}`));
  return folded(summary, lines.join('\n'), 'bench-source');
}

/** The system-call counts' commands: strace's, then each case's load command. */
function syscallCommands(block) {
  return [...new Set([block.straceCommand, ...block.cases.map((c) => c.loadCommand)])];
}

module.exports = {
  sourceDrawer, downloadLink, scenarioCommands, sweepCommands, instructionCommands, fixedRateCommands, syscallCommands, readerCommand, readerText, PUBLISHED_RESULTS, SHORT_SHA, SHORT_COMMIT,
};
