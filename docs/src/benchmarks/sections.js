// The sections of the Benchmarks page, one function each, filled into
// docs/benchmarks/benchmarks.<lang>.md. The page is what a reader needs in ten seconds plus the
// charts; every chart keeps its data table (folded), and the full tables, command lines, server list,
// notes and environment are on the generated "Benchmark details" page (details.js), linked from here.
// Every data string is escaped (escape.js) and every number formatted for the language.
//
// ctx: { lang, strings, fmt, layout, results, trend, handler, routes,
//        t(path, values), fill(template, values), serverName(id), scenarioLabel(id), scenarioList(ids),
//        list(items), esc(text), pageLink(page, text, id) }
'use strict';
const { codeSpan, table } = require('./escape');
const { utcMinute } = require('./format');
const { chartFigure } = require('./charts');
const { resultFor } = require('./stats');
const { scenarioSentence, localize, sideText } = require('./sentences');
const figures = require('../../site/plugins/benchmark-figures');
const { paragraphs, folded, wholeNumber, msFromUs, serverIndex, valueWithRange } = require('./blocks');

// Palette slots (docs/site/plugins/benchmark-charts.js): servers use 0.., percentiles 4..6.
const PERCENTILE_COLORS = [4, 5, 6];
const PERCENTILES = ['p50', 'p90', 'p99'];
// The two ratios of the at-a-glance chart (requests per second, per second of server CPU).
const METRIC_COLORS = [4, 5];

// A chart's data table, folded under the chart, and the link to the full tables on the details page.
function dataTable(ctx, tableMarkdown) {
  return folded(ctx.strings.dataTable, tableMarkdown, 'bench-data');
}

function moreDetails(ctx, id) {
  return ctx.t('moreDetails', { link: ctx.pageLink('benchmark-details', ctx.strings.details.title, id) });
}

// The first line: which machine, when, which profile and which servers.
function summary(ctx) {
  const { results } = ctx;
  const env = results.environment;
  return ctx.t('summary', {
    date: ctx.fmt.date(env.date), cpu: ctx.esc(env.cpuModel), cores: ctx.fmt.integer(env.cpuCores),
    memory: ctx.fmt.gib(env.memoryBytes), os: ctx.esc(env.os), profile: ctx.esc(results.profile),
    servers: ctx.list(figures.comparedServers(results).map((s) => ctx.t('serverVersion', { server: ctx.esc(s.name), version: ctx.esc(s.version) }))),
  });
}

// The cell of one metric in the at-a-glance table; bold where it is the figure that compares the
// servers under the scenario's pace (the one its sentence quotes).
function glanceCell(ctx, pair, ratio, quoted) {
  if (!ratio) return ctx.strings.dash;
  const value = ctx.fill(ctx.strings.comparison.ratio, { value: ctx.fmt.ratio(ratio.ratio) });
  let text;
  if (ratio.fromMedians) text = ctx.t('glance.cellMedians', { value });
  else if (!ratio.hasCi) text = ctx.t('glance.cellNoInterval', { value });
  else {
    const interval = ctx.fill(ctx.strings.comparison.interval, { low: ctx.fmt.ratio(ratio.ciLow), high: ctx.fmt.ratio(ratio.ciHigh) });
    const verdict = ctx.fill(ctx.strings.comparison.verdicts[ratio.verdict], { reference: ctx.serverName(pair.reference), other: ctx.serverName(pair.other) });
    text = ctx.t('glance.cell', { value, interval, verdict });
  }
  return quoted ? `**${text}**` : text;
}

function paceText(ctx, scenario, pair) {
  const { pace, sides } = figures.paceOf(scenario, [pair.reference, pair.other]);
  if (pace === 'none') return ctx.strings.dash;
  if (pace !== 'mixed') return sideText(ctx, pace);
  return sides.map((s) => ctx.fill(ctx.strings.sideOfServer, { server: ctx.serverName(s.server), side: sideText(ctx, s.side) })).join(ctx.strings.listSeparator);
}

/**
 * At a glance: the verdict table of the key scenarios (pipelined, keep-alive, new connection per
 * request: the first of each kind in the file) and the chart of its ratios with their intervals.
 * The table is the chart's accessible table: its metric columns are the chart's series.
 */
function glance(ctx) {
  const { results } = ctx;
  const pair = figures.mainPair(results);
  if (!pair) return ctx.strings.sentences.scenario.noPair;
  const keys = figures.keyScenarios(results);
  const names = { reference: ctx.serverName(pair.reference), other: ctx.serverName(pair.other) };
  const plainNames = { reference: ctx.serverPlainName(pair.reference), other: ctx.serverPlainName(pair.other) };
  const header = [ctx.strings.glance.header[0], ...figures.METRICS.map((m) => ctx.strings.glance.metrics[m]), ctx.strings.glance.header[1]];
  const ratios = keys.map(({ scenario }) => figures.METRICS.map((m) => figures.ratioFor(scenario, m, pair)));
  const rows = keys.map(({ scenario }, i) => {
    const quoted = figures.quotedMetric(figures.paceOf(scenario, [pair.reference, pair.other]).pace);
    return [ctx.scenarioLabel(scenario.id), ...figures.METRICS.map((m, j) => glanceCell(ctx, pair, ratios[i][j], m === quoted)), paceText(ctx, scenario, pair)];
  });
  const intervals = figures.hasIntervals(results);
  const figure = chartFigure({
    // Caption and fallback are HTML text (escaped by chartFigure), so they take the names as they are.
    id: 'ratios', caption: ctx.t('glance.caption', plainNames), fallback: ctx.t('glance.fallback', plainNames),
    spec: {
      kind: 'bar', scale: 'logarithmic', seriesIn: 'columns', keyColumns: 1, locale: ctx.fmt.locale,
      horizontal: true, base: 1, reference: 1,
      series: figures.METRICS.map((m, j) => ({
        values: ratios.map((r) => (r[j] ? r[j].ratio : null)),
        ...(intervals ? { min: ratios.map((r) => (r[j] && r[j].hasCi ? r[j].ciLow : null)), max: ratios.map((r) => (r[j] && r[j].hasCi ? r[j].ciHigh : null)) } : {}),
        color: METRIC_COLORS[j],
      })),
    },
  });
  return paragraphs(
    ctx.t('glance.intro', { ...names, noIntervals: intervals ? '' : ctx.strings.glance.noIntervals }),
    figure,
    table(header, rows),
  );
}

// One sentence per scenario (sentences.js), every scenario of the file in its order.
function conclusion(ctx) {
  const pair = figures.mainPair(ctx.results);
  return ctx.results.scenarios.map((scenario) => ctx.t('conclusionItem', {
    scenario: ctx.scenarioLabel(scenario.id), sentence: localize(scenarioSentence(ctx.results, scenario, pair), ctx),
  })).join('\n');
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
  return paragraphs(figure, dataTable(ctx, table(header, rows, header.map((_, i) => (i > 0 ? 'right' : null)))));
}

function throughput(ctx) {
  return paragraphs(perServerRangeChart(ctx, {
    id: 'throughput', section: 'throughput', pick: (summary) => summary.requestsPerSecond, format: ctx.fmt.integer,
  }), moreDetails(ctx, 'throughput'));
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
  return paragraphs(ctx.strings.latency.intro, figure, dataTable(ctx, table(header, rows, header.map((_, i) => (i > 1 ? 'right' : null)))), moreDetails(ctx, 'latency'));
}

function efficiency(ctx) {
  return paragraphs(ctx.strings.efficiency.intro, perServerRangeChart(ctx, {
    id: 'efficiency', section: 'efficiency', pick: (summary) => summary.requestsPerServerCpuSecond, format: ctx.fmt.integer,
  }), moreDetails(ctx, 'efficiency'));
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
    dataTable(ctx, table(header, rows, header.map((_, i) => (i > 1 ? 'right' : null)))), ...breakNotes,
  );
}

// Where the numbers come from, and where the folded-away material is: one line per section of the details page.
function details(ctx) {
  const { results } = ctx;
  return paragraphs(
    ctx.t('intro', {
      profile: ctx.esc(results.profile), startedAt: utcMinute(results.startedAt), finishedAt: utcMinute(results.finishedAt),
      details: ctx.pageLink('benchmark-details', ctx.strings.details.linkText),
    }),
    ctx.strings.details.sections.map(([id, text]) => `- ${ctx.pageLink('benchmark-details', text, id)}`).join('\n'),
  );
}

module.exports = { summary, glance, conclusion, throughput, latency, efficiency, trend, details };
