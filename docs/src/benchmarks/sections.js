// The sections of the Benchmarks page, one function each, filled into docs/benchmarks/page.<lang>.md.
// Every section reads the validated results (and history) through ctx and returns Markdown in which
// every data string is escaped (escape.js) and every number formatted for the language.
//
// ctx: { lang, strings, fmt, layout, results, trend, handler,
//        t(path, values), fill(template, values), serverName(id), scenarioLabel(id), scenarioList(ids),
//        list(items), esc(text) }
'use strict';
const { codeSpan, fencedCode, table } = require('./escape');
const { utcMinute } = require('./format');
const { chartFigure } = require('./charts');
const { resultFor, runCounts } = require('./stats');
const { scenarioSentence, localize } = require('./sentences');
const figures = require('../../site/plugins/benchmark-figures');

// Palette slots (docs/site/plugins/benchmark-charts.js): servers use 0.., percentiles 4..6.
const PERCENTILE_COLORS = [4, 5, 6];
const PERCENTILES = ['p50', 'p90', 'p99'];
// The schema's error kinds, in a fixed order (not the JSON's key order).
const ERROR_KINDS = ['connect', 'read', 'write', 'status', 'timeout', 'other'];

// Chart values are rounded to what the tables can show (whole requests, whole microseconds), so the
// embedded JSON diffs as cleanly as the tables.
const wholeNumber = (v) => (v === null ? null : Math.round(v));
const msFromUs = (us) => Math.round(us) / 1000;

function paragraphs(...blocks) {
  return blocks.filter((b) => b !== null && b !== undefined && b !== '').join('\n\n');
}

function serverIndex(results, id) {
  return results.servers.findIndex((s) => s.id === id);
}

// "116.0 (115.2–116.4)" style cell from a { min, median, max } and a number formatter.
function valueWithRange(ctx, mmm, format) {
  return ctx.t('valueWithRange', { value: format(mmm.median), range: ctx.t('range', { min: format(mmm.min), max: format(mmm.max) }) });
}

function intro(ctx) {
  const { results } = ctx;
  return ctx.t('intro', {
    profile: ctx.esc(results.profile), startedAt: utcMinute(results.startedAt), finishedAt: utcMinute(results.finishedAt),
  });
}

// One sentence per scenario (sentences.js), every scenario of the file in its order.
function conclusion(ctx) {
  const pair = figures.mainPair(ctx.results);
  return ctx.results.scenarios.map((scenario) => ctx.t('conclusionItem', {
    scenario: ctx.scenarioLabel(scenario.id), sentence: localize(scenarioSentence(ctx.results, scenario, pair), ctx),
  })).join('\n');
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
  return table(e('header'), rows);
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
      codeSpan(s.commandLine, { inTable: true }),
    ])),
    ctx.strings.plan.scenariosIntro,
    table(ctx.strings.plan.scenariosHeader, scenarios.map((sc) => [ctx.scenarioLabel(sc.id), ctx.esc(sc.tool), codeSpan(sc.commandLine, { inTable: true })])),
  );
  return text;
}

function handler(ctx) {
  return paragraphs(ctx.t('plan.handlerIntro', { path: ctx.handler.path }), fencedCode(ctx.handler.source, 'cpp'));
}

// A results cell: "max/min" kQPS, with failed runs named.
function resultsCell(ctx, result) {
  const counts = runCounts(result);
  if (!result || !result.summary) return ctx.t('results.allFailed', { total: ctx.fmt.integer(counts.total) });
  const rps = result.summary.requestsPerSecond;
  const value = ctx.t('results.maxMin', { max: ctx.fmt.kqps(rps.max), min: ctx.fmt.kqps(rps.min) });
  if (counts.failed === 0) return value;
  return ctx.t('results.someFailed', { value, failed: ctx.fmt.integer(counts.failed), total: ctx.fmt.integer(counts.total) });
}

function results(ctx) {
  const { servers, scenarios } = ctx.results;
  const [commandHeader, descriptionHeader, serverHeader] = ctx.strings.results.header;
  const header = [commandHeader, descriptionHeader, ...servers.map((s) => ctx.fill(serverHeader, { server: ctx.esc(s.name) }))];
  const rows = scenarios.map((sc) => [
    codeSpan(sc.commandLine, { inTable: true }), ctx.scenarioLabel(sc.id),
    ...servers.map((s) => resultsCell(ctx, resultFor(sc, s.id))),
  ]);
  return paragraphs(ctx.strings.results.intro, table(header, rows));
}

// Chart + table with one value column per server: median (min–max) of a summary figure.
function perServerRangeChart(ctx, { id, section, pick, format }) {
  const { servers, scenarios } = ctx.results;
  const strings = ctx.strings[section];
  const [scenarioHeader, serverHeader] = strings.header;
  const header = [scenarioHeader, ...servers.map((s) => ctx.fill(serverHeader, { server: ctx.esc(s.name) }))];
  const figures = (sc, s) => {
    const result = resultFor(sc, s.id);
    return result && result.summary ? pick(result.summary) : null;
  };
  const rows = scenarios.map((sc) => [ctx.scenarioLabel(sc.id), ...servers.map((s) => {
    const mmm = figures(sc, s);
    return mmm ? valueWithRange(ctx, mmm, format) : ctx.strings.dash;
  })]);
  const series = servers.map((s) => ({
    values: scenarios.map((sc) => wholeNumber(figures(sc, s)?.median ?? null)),
    min: scenarios.map((sc) => wholeNumber(figures(sc, s)?.min ?? null)),
    max: scenarios.map((sc) => wholeNumber(figures(sc, s)?.max ?? null)),
    color: serverIndex(ctx.results, s.id),
  }));
  const figure = chartFigure({
    id, caption: strings.caption, fallback: strings.fallback,
    spec: { kind: 'bar', scale: 'linear', seriesIn: 'columns', keyColumns: 1, locale: ctx.fmt.locale, series },
  });
  return paragraphs(figure, table(header, rows, header.map((_, i) => (i > 0 ? 'right' : null))));
}

function throughput(ctx) {
  return perServerRangeChart(ctx, {
    id: 'throughput', section: 'throughput', pick: (summary) => summary.requestsPerSecond, format: ctx.fmt.integer,
  });
}

function latency(ctx) {
  const { servers, scenarios } = ctx.results;
  const pairs = [];
  for (const sc of scenarios) {
    for (const s of servers) pairs.push({ sc, s, summary: resultFor(sc, s.id)?.summary ?? null });
  }
  const rows = pairs.map(({ sc, s, summary }) => [ctx.scenarioLabel(sc.id), ctx.serverName(s.id),
    ...PERCENTILES.map((p) => (summary ? ctx.fmt.ms(summary.latencyUs[p]) : ctx.strings.dash))]);
  const series = PERCENTILES.map((p, i) => ({
    values: pairs.map(({ summary }) => (summary ? msFromUs(summary.latencyUs[p]) : null)),
    color: PERCENTILE_COLORS[i],
  }));
  const figure = chartFigure({
    id: 'latency', caption: ctx.strings.latency.caption, fallback: ctx.strings.latency.fallback,
    spec: { kind: 'bar', scale: 'logarithmic', seriesIn: 'columns', keyColumns: 2, locale: ctx.fmt.locale, series },
  });
  const header = ctx.strings.latency.header;
  return paragraphs(ctx.strings.latency.intro, figure, table(header, rows, header.map((_, i) => (i > 1 ? 'right' : null))));
}

function efficiency(ctx) {
  const { servers, scenarios, method } = ctx.results;
  const chart = perServerRangeChart(ctx, {
    id: 'efficiency', section: 'efficiency', pick: (summary) => summary.requestsPerServerCpuSecond, format: ctx.fmt.integer,
  });
  const sides = ctx.strings.efficiency.sides;
  const cpu = (value) => (value === null ? ctx.strings.dash : ctx.fmt.percent(value));
  const rows = [];
  for (const sc of scenarios) {
    for (const s of servers) {
      const result = resultFor(sc, s.id);
      if (!result) continue;
      const summary = result.summary;
      rows.push([ctx.scenarioLabel(sc.id), ctx.serverName(s.id), sides[result.bottleneck.side],
        cpu(result.bottleneck.serverCpuUtilization), cpu(result.bottleneck.clientCpuUtilization),
        summary ? ctx.fmt.decimal(summary.serverCpuMicrosPerRequest, 2) : ctx.strings.dash,
        summary ? ctx.fmt.mib(summary.serverPeakRssBytes) : ctx.strings.dash]);
    }
  }
  const header = ctx.strings.efficiency.bottleneckHeader;
  return paragraphs(
    ctx.strings.efficiency.intro, chart,
    ctx.t('efficiency.bottleneckIntro', { threshold: ctx.fmt.percent(method.saturationThreshold) }),
    table(header, rows, header.map((_, i) => (i > 2 ? 'right' : null))),
  );
}

// A note in the page's language: English shows the bench's own text; other languages have a template
// per note code, filled from the same JSON figures, or the bench's text marked as untranslated.
function noteText(ctx, scenario, result, note) {
  const template = ctx.strings.notes.codes && ctx.strings.notes.codes[note.code];
  if (ctx.lang === 'en' || template === undefined) {
    const text = ctx.esc(note.text);
    return ctx.lang === 'en' ? text : ctx.t('notes.untranslated', { text });
  }
  const summary = result.summary;
  const counts = runCounts(result);
  const okRequests = result.runs.filter((r) => r.status === 'ok').reduce((sum, r) => sum + r.requests, 0);
  const errorList = summary
    ? ctx.list(ERROR_KINDS.filter((kind) => summary.errors[kind] > 0)
      .map((kind) => ctx.fill(ctx.strings.notes.errorKinds[kind], { count: ctx.fmt.integer(summary.errors[kind]) })))
    : ctx.strings.dash;
  const values = {
    tool: ctx.esc(scenario.tool),
    readErrors: summary ? ctx.fmt.integer(summary.errors.read) : ctx.strings.dash,
    requests: ctx.fmt.integer(okRequests),
    errors: errorList,
    failed: ctx.fmt.integer(counts.failed),
    total: ctx.fmt.integer(counts.total),
  };
  return ctx.fill(template, values);
}

function notes(ctx) {
  // A note with the same text in this language is listed once, with every scenario and server it applies to.
  const grouped = new Map(); // text -> Map(scenario id -> [server id])
  const failedRuns = [];
  for (const sc of ctx.results.scenarios) {
    for (const s of ctx.results.servers) {
      const result = resultFor(sc, s.id);
      if (!result) continue;
      for (const note of result.notes) {
        const text = noteText(ctx, sc, result, note);
        if (!grouped.has(text)) grouped.set(text, new Map());
        const places = grouped.get(text);
        if (!places.has(sc.id)) places.set(sc.id, []);
        places.get(sc.id).push(s.id);
      }
      for (const run of result.runs.filter((r) => r.status === 'failed')) {
        failedRuns.push(`- ${ctx.t('notes.failedRun', {
          scenario: ctx.scenarioLabel(sc.id), server: ctx.serverName(s.id), repetition: ctx.fmt.integer(run.repetition), reason: ctx.esc(run.failureReason),
        })}`);
      }
    }
  }
  const items = [...grouped].map(([text, places]) => {
    const where = [...places].map(([scenarioId, serverIds]) => ctx.t('notes.where', {
      scenario: ctx.scenarioLabel(scenarioId), servers: ctx.list(serverIds.map(ctx.serverName)),
    }));
    return `- ${ctx.t('notes.item', { where: where.join(ctx.strings.listSeparator), text })}`;
  });
  return paragraphs(
    items.length ? paragraphs(ctx.strings.notes.intro, items.join('\n')) : ctx.strings.notes.none,
    failedRuns.length ? paragraphs(ctx.strings.notes.failedRunsIntro, failedRuns.join('\n')) : null,
  );
}

function changeText(ctx, change) {
  const fields = ctx.strings.trend.fields;
  const field = change.field.startsWith('versions.')
    ? ctx.fill(fields.version, { name: ctx.esc(change.field.slice('versions.'.length)) })
    : fields[change.field];
  const value = (v) => {
    if (v === null || v === undefined) return ctx.strings.trend.absent;
    return typeof v === 'number' ? ctx.fmt.integer(v) : ctx.esc(v);
  };
  return ctx.t('trend.change', { field, from: value(change.from), to: value(change.to) });
}

function trend(ctx) {
  const { entries, series, breaks } = ctx.trend;
  const start = Math.max(0, entries.length - ctx.layout.trendMaxEntries);
  const shown = entries.slice(start);
  const shownBreaks = breaks.filter((b) => b.index > start).map((b) => ({ ...b, index: b.index - start }));
  const entryLabel = (entry, inTable) => ctx.t('trend.entry', {
    date: entry.environment.date, commit: codeSpan(entry.environment.gitCommit.slice(0, 7), { inTable }),
  });
  const header = [...ctx.strings.trend.header, ...shown.map((entry, i) => {
    const label = entryLabel(entry, true);
    return shownBreaks.some((b) => b.index === i) ? ctx.t('trend.breakMark', { entry: label }) : label;
  })];
  const rows = series.map((line) => [ctx.scenarioLabel(line.scenarioId), ctx.serverName(line.serverId),
    ...line.values.slice(start).map((v) => (v === null ? ctx.strings.dash : ctx.fmt.integer(v)))]);
  const scenarioIndex = (id) => ctx.results.scenarios.findIndex((sc) => sc.id === id);
  const figure = chartFigure({
    id: 'trend', caption: ctx.strings.trend.caption, fallback: ctx.strings.trend.fallback,
    spec: {
      kind: 'line', scale: 'linear', seriesIn: 'rows', keyColumns: 2, locale: ctx.fmt.locale,
      series: series.map((line) => ({
        values: line.values.slice(start).map(wholeNumber), color: serverIndex(ctx.results, line.serverId), dash: scenarioIndex(line.scenarioId),
      })),
      breaks: shownBreaks.map((b) => b.index),
    },
  });
  const breakNotes = shownBreaks.map((b) => {
    const entry = shown[b.index];
    const before = shown[b.index - 1];
    const changes = b.changes.length
      ? b.changes.map((c) => changeText(ctx, c))
      : [ctx.t('trend.unknownChange', { from: codeSpan(before.environment.fingerprint), to: codeSpan(entry.environment.fingerprint) })];
    return ctx.t('trend.breakNote', { entry: entryLabel(entry, false), changes: changes.join(ctx.strings.listSeparator) });
  });
  return paragraphs(
    ctx.t('trend.intro', { count: ctx.fmt.integer(shown.length) }), figure,
    table(header, rows, header.map((_, i) => (i > 1 ? 'right' : null))), ...breakNotes,
  );
}

module.exports = {
  intro, conclusion, environment, plan, handler, results, throughput, latency, efficiency, notes, trend,
};
