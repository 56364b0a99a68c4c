// Subject: verdicts. Drogon against the other server in the key scenarios (pipelined, keep-alive, a
// new connection per request: the first of each kind in the file), per metric, with the bench's 95 %
// interval and verdict and which side set the pace: the verdict table and its chart ("At a glance"),
// the same table on the front page, and every paired comparison on the details page. One verdict table
// for the pages that show it, so they cannot differ.
'use strict';
const { table } = require('../../../../shared/src/escape');
const lookup = require('../../../../shared/src/figures/results-lookup');
const verdictFigures = require('../../../../shared/src/figures/verdict-figures');
const pooledFigures = require('../../../../shared/src/figures/pooled-figures');
const { chartFigure } = require('../chart-figure');
const { sideText, comparisonText, pooledParts } = require('../sentences');
const { paragraphs, folded } = require('../markdown-blocks');
const { sourceDrawer, runCommands } = require('../source-drawer');
const { defineSubject } = require('./subject');

// Palette slots of the at-a-glance chart's two ratios (requests per second, per second of server CPU);
// shared/src/charts/chart-theme.js: servers use 0..3.
const METRIC_COLORS = [4, 5];


// The cell of one metric; its figure bold where it is the figure that compares the servers under the
// scenario's pace (the one its sentence quotes). A pooled figure names its runs, and this run's own
// figure follows it, not bold.
function glanceCell(ctx, pair, ratio, quoted) {
  if (!ratio) return ctx.strings.dash;
  const value = ctx.fill(ctx.strings.comparison.ratio, { value: ctx.fmt.ratio(ratio.ratio) });
  let text;
  let thisRun = '';
  if (ratio.fromMedians) text = ctx.t('glance.cellMedians', { value });
  else if (!ratio.hasCi) text = ctx.t('glance.cellNoInterval', { value });
  else {
    const interval = ctx.fill(ctx.strings.comparison.interval, { low: ctx.fmt.ratio(ratio.ciLow), high: ctx.fmt.ratio(ratio.ciHigh) });
    const verdict = ctx.fill(ctx.strings.comparison.verdicts[ratio.verdict], { reference: ctx.serverName(pair.reference), other: ctx.serverName(pair.other) });
    if (ratio.pooled) {
      const parts = pooledParts(ctx, ratio.pooled, 'glance.cellUnusual');
      text = ctx.t('glance.cellPooled', { value, interval, verdict, runs: parts.runs });
      thisRun = ctx.t('glance.cellThisRun', parts);
    } else text = ctx.t('glance.cell', { value, interval, verdict });
  }
  return (quoted ? `**${text}**` : text) + thisRun;
}

function paceText(ctx, scenario, pair) {
  const { pace, sides } = verdictFigures.paceOf(scenario, [pair.reference, pair.other]);
  if (pace === 'none') return ctx.strings.dash;
  if (pace !== 'mixed') return sideText(ctx, pace);
  return sides.map((s) => ctx.fill(ctx.strings.sideOfServer, { server: ctx.serverName(s.server), side: sideText(ctx, s.side) })).join(ctx.strings.listSeparator);
}

// What the figures rest on, said after the intro: pooled over comparable runs (how many, which dates,
// where they are listed), or one run (whose intervals describe that run only).
function basisText(ctx) {
  const { results } = ctx;
  const pool = pooledFigures.poolSummary(results);
  if (!verdictFigures.hasIntervals(results)) return '';
  if (!pool.pooled) {
    return ctx.t('glance.oneRun', { minRuns: ctx.fmt.integer(results.pooled ? results.pooled.minRuns : pooledFigures.MIN_RUNS) });
  }
  // The runs' dates are the link to their list on the details page. Issue 33: how many machines, and
  // whom the interval is for (a new machine of the class, or the one machine every run came from).
  const machines = machinesText(ctx, pool);
  const whom = { 'new-machine': 'whomNewMachine', 'this-machine': 'whomThisMachine' }[pool.scope] || 'whomUnknown';
  return ctx.t('glance.pooled', {
    runs: ctx.fmt.integer(pool.runs.length),
    machines,
    // More than two days: their range (the details page lists every run and its date).
    details: ctx.pageLink('benchmark-details', pool.dates.length > 2 ? ctx.fmt.dateRange(pool.dates[0], pool.dates[pool.dates.length - 1])
      : ctx.list(pool.dates.map((d) => ctx.fmt.date(d))), 'pooled'),
    whom: ctx.strings.glance[whom],
  });
}

function machinesText(ctx, pool) {
  return pool.machines.length === 1 ? ctx.strings.glance.oneMachine : ctx.t('glance.machineCount', { count: ctx.fmt.integer(pool.machines.length) });
}

// Issue 33, said under the verdict table (the first screen holds the table): with few machines the
// interval for a new machine is wide; from one machine it is that machine's. null for a file without
// machines (pooled before issue 33) or without pooled figures.
function scopeText(ctx) {
  const pool = pooledFigures.poolSummary(ctx.results);
  if (!pool.pooled || !pool.scope) return null;
  if (pool.scope === 'this-machine') return ctx.strings.glance.scopeThisMachine;
  return ctx.t('glance.scopeNewMachine', { machines: machinesText(ctx, pool), df: ctx.fmt.integer(pool.degreesOfFreedom) });
}

// Issue 33: the other hardware classes of the history beside the newest run's, each with its runs,
// machines and headline ratios (requests per second of the key scenarios, pooled over its own runs);
// null when the history holds one class.
function otherClassesBlock(ctx, pair, keys, ratios) {
  const pool = pooledFigures.poolSummary(ctx.results);
  if (!pool.otherClasses.length) return scopeText(ctx);
  const metric = 'requestsPerSecond';
  const j = verdictFigures.METRICS.indexOf(metric);
  const ratioCell = (entry) => (entry ? ctx.t('glance.classRatio', {
    value: ctx.fmt.ratio(entry.ratio),
    interval: ctx.fill(ctx.strings.comparison.interval, { low: ctx.fmt.ratio(entry.low), high: ctx.fmt.ratio(entry.high) }),
  }) : ctx.t('glance.classTooFew', { minRuns: ctx.fmt.integer(pooledFigures.MIN_RUNS) }));
  const env = ctx.results.environment;
  const thisRow = [ctx.t('glance.classThis', { cpu: ctx.esc(env.cpuModel), cores: ctx.fmt.integer(env.cpuCores) }),
    ctx.fmt.integer(pool.runs.length), ctx.fmt.integer(pool.machines.length),
    ...ratios.map((r) => (r[j] && r[j].pooled ? ratioCell({ ratio: r[j].ratio, low: r[j].ciLow, high: r[j].ciHigh }) : ratioCell(null)))];
  const otherRows = pool.otherClasses.map((c) => [
    ctx.t('glance.classOther', { cpu: ctx.esc(c.cpuModel), cores: ctx.fmt.integer(c.cpuCores), date: ctx.fmt.date(c.newestDate) }),
    ctx.fmt.integer(c.runs.length), ctx.fmt.integer(c.machines.length),
    ...keys.map(({ scenario }) => ratioCell(pooledFigures.otherClassEntry(c, scenario.id, metric, pair))),
  ]);
  // Folded under a summary short enough to sit beside the Source block: the first screen and the
  // page's height belong to this class's figures. The scope sentence opens the fold.
  return folded(ctx.t('glance.classesSummary', { count: ctx.fmt.integer(pool.otherClasses.length), machines: machinesText(ctx, pool) }), paragraphs(
    scopeText(ctx),
    ctx.t('glance.classesIntro', {
      count: ctx.fmt.integer(pool.otherClasses.length), reference: ctx.serverName(pair.reference), other: ctx.serverName(pair.other),
      methodology: ctx.pageLink('methodology', ctx.strings.glance.classesMethodologyLink, 'hardware-classes'),
    }),
    table([...ctx.strings.glance.classesHeader, ...keys.map(({ scenario }) => ctx.scenarioLabel(scenario.id))], [thisRow, ...otherRows]),
  ), 'bench-more');
}

/**
 * { pair, keys, ratios, intervals, intro, table } of the results (ratios: per key scenario, per metric
 * of verdictFigures.METRICS, pooledFigures.shownRatio's answer or null; intro and table: Markdown), or { message }
 * (Markdown) when the file has no pair of servers or no key scenario to compare.
 */
function verdictTable(ctx) {
  const { results } = ctx;
  const pair = lookup.mainPair(results);
  if (!pair) return { message: ctx.strings.sentences.scenario.noPair };
  const keys = lookup.keyScenarios(results);
  if (keys.length === 0) return { message: ctx.strings.glance.noScenarios };
  const names = { reference: ctx.serverName(pair.reference), other: ctx.serverName(pair.other) };
  const header = [ctx.strings.glance.header[0], ...verdictFigures.METRICS.map((m) => ctx.strings.glance.metrics[m]), ctx.strings.glance.header[1]];
  const ratios = keys.map(({ scenario }) => verdictFigures.METRICS.map((m) => pooledFigures.shownRatio(results, scenario, m, pair)));
  const rows = keys.map(({ scenario }, i) => {
    const quoted = verdictFigures.quotedMetric(verdictFigures.paceOf(scenario, [pair.reference, pair.other]).pace);
    return [ctx.scenarioLabel(scenario.id), ...verdictFigures.METRICS.map((m, j) => glanceCell(ctx, pair, ratios[i][j], m === quoted)), paceText(ctx, scenario, pair)];
  });
  const intervals = verdictFigures.hasIntervals(results);
  return {
    pair, keys, ratios, intervals,
    intro: ctx.t('glance.intro', { ...names, noIntervals: intervals ? '' : ctx.strings.glance.noIntervals }) + basisText(ctx),
    table: table(header, rows),
  };
}

/**
 * At a glance: the verdict table of the key scenarios (pipelined, keep-alive, new connection per
 * request: the first of each kind in the file) and the chart of its ratios with their intervals.
 * The table is the chart's accessible table: its metric columns are the chart's series.
 */
function glance(ctx) {
  const verdicts = verdictTable(ctx);
  if (verdicts.message) return verdicts.message;
  const { pair, keys, ratios, intervals } = verdicts;
  const plainNames = { reference: ctx.serverPlainName(pair.reference), other: ctx.serverPlainName(pair.other) };
  const figure = chartFigure({
    // Caption and fallback are HTML text (escaped by chartFigure), so they take the names as they are.
    id: 'ratios', caption: ctx.t(pooledFigures.poolSummary(ctx.results).pooled ? 'glance.captionPooled' : 'glance.caption', plainNames), fallback: ctx.t('glance.fallback', plainNames),
    spec: {
      kind: 'bar', scale: 'logarithmic', seriesIn: 'columns', keyColumns: 1, locale: ctx.fmt.locale,
      horizontal: true, base: 1, reference: 1,
      series: verdictFigures.METRICS.map((m, j) => ({
        values: ratios.map((r) => (r[j] ? r[j].ratio : null)),
        ...(intervals ? { min: ratios.map((r) => (r[j] && r[j].hasCi ? r[j].ciLow : null)), max: ratios.map((r) => (r[j] && r[j].hasCi ? r[j].ciHigh : null)) } : {}),
        color: METRIC_COLORS[j],
      })),
    },
  });
  return paragraphs(
    verdicts.intro,
    figure,
    verdicts.table,
    otherClassesBlock(ctx, pair, keys, ratios),
    sourceDrawer(ctx, runCommands(keys.map((k) => k.scenario)), { pooledRuns: true }),
  );
}

// The front page's benchmark headline: the verdict table without its chart (the machine and date line
// above it is provenance's summary).
function headline(ctx) {
  const verdict = verdictTable(ctx);
  return verdict.message || paragraphs(verdict.intro, verdict.table);
}

// The bench's paired comparisons (format 2): every metric and pair, with the interval, the number of
// paired rounds, the verdict, and how rounds were ordered and resampled. A format 1 file has none.
function comparisons(ctx) {
  const { results } = ctx;
  const rows = [];
  for (const sc of results.scenarios) {
    for (const c of sc.comparisons || []) {
      const ratio = verdictFigures.ratioFor(sc, c.metric, { reference: c.reference, other: c.other });
      rows.push([ctx.scenarioLabel(sc.id), ctx.strings.glance.metrics[c.metric] ?? ctx.esc(c.metric),
        ctx.t('details.pairOf', { reference: ctx.serverName(c.reference), other: ctx.serverName(c.other) }),
        comparisonText(ctx, { reference: c.reference, other: c.other }, ratio), c.pairs === undefined ? ctx.strings.dash : ctx.fmt.integer(c.pairs)]);
    }
  }
  if (rows.length === 0) return ctx.strings.details.noComparisons;
  const { rounds, bootstrap } = results.method;
  return paragraphs(
    rounds && bootstrap ? ctx.t('details.comparisonsIntro', {
      order: ctx.esc(rounds.order), seed: ctx.fmt.integer(rounds.seed), generator: ctx.esc(rounds.generator),
      resamples: ctx.fmt.integer(bootstrap.resamples), confidence: ctx.fmt.percent(bootstrap.confidence), bootstrapSeed: ctx.fmt.integer(bootstrap.seed),
    }) : null,
    table(ctx.strings.details.comparisonsHeader, rows),
    sourceDrawer(ctx, runCommands(results.scenarios)),
  );
}

module.exports = {
  subject: defineSubject({
    name: 'verdicts',
    sections: {
      benchmarks: { glance },
      'benchmark-details': { comparisons },
      'front-page': { headline },
    },
    methodology: {
      values: {
        bootstrapResamples: (ctx, s) => ctx.fmt.integer(s.bootstrap.resamples),
        bootstrapConfidence: (ctx, s) => ctx.fmt.share(s.bootstrap.confidence),
        // The benchmark expectation the runner prints (scenarios.json expectation).
        minPairs: (ctx, s) => ctx.fmt.integer(s.expectation.minPairs),
      },
    },
    ownRun: () => ({ metricColors: METRIC_COLORS }),
  }),
  verdictTable, glance, headline, comparisons, METRIC_COLORS,
};
