// Subject: provenance. Where every figure comes from: the first line of the Benchmarks page (machine,
// date, profile, servers; the front page shows it too), the details page's test environment, plan and
// handler, and the "source" drawer under every chart and table (sourceDrawer, which every subject
// uses): its summary names the results file by its sha256, the run's date and commit; its body gives
// the download link of the published results JSON and the commands of the runs behind the figure, as a
// reader types them (readerCommand). The file's hash is of its bytes as published
// (docs/src/generate-pages.js computes it), so a reader can check the download against the page.
'use strict';
const { codeSpan, escapeHtmlInMarkdown, fencedCode, oneLine, table } = require('../../../../shared/src/escape');
const lookup = require('../../../../shared/src/figures/results-lookup');
const { utcMinute } = require('../format');
const { folded, paragraphs } = require('../markdown-blocks');
const { defineSubject } = require('./subject');
const { PUBLISHED_RESULTS } = require('../../../../shared/src/project-paths');

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

// The first line: which machine, when, which profile and which servers.
function summary(ctx) {
  const { results } = ctx;
  const env = results.environment;
  return ctx.t('summary', {
    date: ctx.fmt.date(env.date), cpu: ctx.esc(env.cpuModel), cores: ctx.fmt.integer(env.cpuCores),
    memory: ctx.fmt.gib(env.memoryBytes), os: ctx.esc(env.os), profile: ctx.esc(results.profile),
    servers: ctx.list(lookup.comparedServers(results).map((s) => ctx.t('serverVersion', { server: ctx.esc(s.name), version: ctx.esc(s.version) }))),
    details: ctx.pageLink('benchmark-details', ctx.strings.details.title), download: downloadLink(ctx),
  });
}

function environment(ctx) {
  const env = ctx.results.environment;
  const e = (key) => ctx.strings.environment[key];
  const versionNames = ['drogon', 'trantor', 'nginx', 'wrk', ...Object.keys(env.versions).filter((n) => !['drogon', 'trantor', 'nginx', 'wrk'].includes(n)).sort()];
  const displayName = (name) => ctx.results.servers.find((s) => s.id === name)?.name ?? name;
  const rows = [
    [e('cpu'), ctx.esc(env.cpuModel)],
    [e('cores'), ctx.fmt.integer(env.cpuCores)],
    [e('memory'), ctx.t('environment.memoryValue', { gib: ctx.fmt.gib(env.memoryBytes) })],
    [e('os'), ctx.esc(env.os)],
    [e('kernel'), ctx.esc(env.kernel)],
    [e('compiler'), ctx.esc(env.compiler)],
    ...versionNames.filter((n) => env.versions[n] !== undefined)
      .map((n) => [ctx.t('environment.version', { name: ctx.esc(displayName(n)) }), ctx.esc(env.versions[n])]),
    [e('date'), ctx.fmt.date(env.date)],
    [e('commit'), codeSpan(env.gitCommit, { inTable: true })],
    [e('profile'), ctx.esc(ctx.results.profile)],
    [e('fingerprint'), codeSpan(env.fingerprint, { inTable: true })],
  ];
  return paragraphs(table(e('header'), rows), sourceDrawer(ctx));
}

function plan(ctx) {
  const { method, servers, scenarios } = ctx.results;
  const cpus = (list) => (list ? ctx.esc(list) : ctx.strings.notPinned);
  const text = paragraphs(
    ctx.t('plan.address', {
      address: codeSpan(method.address), duration: ctx.fmt.decimal(method.durationSeconds, 0),
      warmup: ctx.fmt.decimal(method.warmupSeconds, 0), repetitions: ctx.fmt.integer(method.repetitions),
    }),
    [
      `- ${ctx.t('plan.serverCpus', { threads: ctx.fmt.integer(method.serverThreads), cpus: cpus(method.serverCpus) })}`,
      `- ${ctx.t('plan.clientCpus', { threads: ctx.fmt.integer(method.loadGeneratorThreads), cpus: cpus(method.clientCpus) })}`,
      `- ${ctx.t('plan.threshold', { threshold: ctx.fmt.percent(method.saturationThreshold) })}`,
      ...(method.openFilesLimit === undefined ? [] : [`- ${ctx.t('plan.openFiles', { limit: ctx.fmt.integer(method.openFilesLimit) })}`]),
    ].join('\n'),
    ctx.strings.plan.serversIntro,
    table(ctx.strings.plan.serversHeader, servers.map((s) => [
      ctx.esc(s.name), ctx.esc(s.version), s.serverHeader ? codeSpan(s.serverHeader, { inTable: true }) : ctx.strings.dash,
      codeSpan(readerCommand(s.commandLine), { inTable: true }),
    ])),
    ctx.strings.plan.scenariosIntro,
    table(ctx.strings.plan.scenariosHeader, scenarios.map((sc) => [ctx.scenarioLabel(sc.id), ctx.esc(sc.tool), codeSpan(readerCommand(sc.commandLine), { inTable: true })])),
    sourceDrawer(ctx, runCommands(scenarios)),
  );
  return text;
}

function handler(ctx) {
  return paragraphs(ctx.t('plan.handlerIntro', { path: ctx.handler.path }), fencedCode(ctx.handler.source, 'cpp'));
}

module.exports = {
  subject: defineSubject({
    name: 'provenance',
    sections: {
      benchmarks: { summary },
      'benchmark-details': { environment, plan, handler },
      'front-page': { summary },
    },
  }),
  // The drawer every subject puts under its charts and tables, and what it is made of.
  sourceDrawer, pooledRunItems, downloadLink, runCommands, readerCommand, readerText, PUBLISHED_RESULTS, SHORT_SHA, SHORT_COMMIT,
};
