// Subject: provenance. Where every figure comes from: the first line of the Benchmarks page (machine,
// date, profile, servers; the front page shows it too) with the link to the results file, and the
// details page's test environment, plan and handler. The drawer under every chart and table is
// source-drawer.js, which every subject imports.
'use strict';
const { codeSpan, fencedCode, table } = require('../../../../shared/src/escape');
const lookup = require('../../../../shared/src/figures/results-lookup');
const { paragraphs } = require('../markdown-blocks');
const { sourceDrawer, downloadLink, runCommands } = require('../source-drawer');
const { readerCommand } = require('../reader-paths');
const { defineSubject } = require('./subject');

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
};
