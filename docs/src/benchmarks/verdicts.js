// The verdict table of the key scenarios (pipelined, keep-alive, new connection per request: the first
// of each kind in the file): reference / other per metric with its 95 % interval and verdict, and which
// side was saturated. One function for the two pages that show it, so they cannot differ: the Benchmarks
// page's "At a glance" (sections.js, with its chart) and the front page's headline (front-page.js).
'use strict';
const { table } = require('../../../shared/src/escape');
const { sideText } = require('./sentences');
const figures = require('../../../shared/src/benchmark-figures');

// The cell of one metric; bold where it is the figure that compares the servers under the scenario's
// pace (the one its sentence quotes).
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
 * { pair, keys, ratios, intervals, intro, table } of the results (ratios: per key scenario, per metric
 * of figures.METRICS, figures.ratioFor's answer or null; intro and table: Markdown), or { message }
 * (Markdown) when the file has no pair of servers or no key scenario to compare.
 */
function verdictTable(ctx) {
  const { results } = ctx;
  const pair = figures.mainPair(results);
  if (!pair) return { message: ctx.strings.sentences.scenario.noPair };
  const keys = figures.keyScenarios(results);
  if (keys.length === 0) return { message: ctx.strings.glance.noScenarios };
  const names = { reference: ctx.serverName(pair.reference), other: ctx.serverName(pair.other) };
  const header = [ctx.strings.glance.header[0], ...figures.METRICS.map((m) => ctx.strings.glance.metrics[m]), ctx.strings.glance.header[1]];
  const ratios = keys.map(({ scenario }) => figures.METRICS.map((m) => figures.ratioFor(scenario, m, pair)));
  const rows = keys.map(({ scenario }, i) => {
    const quoted = figures.quotedMetric(figures.paceOf(scenario, [pair.reference, pair.other]).pace);
    return [ctx.scenarioLabel(scenario.id), ...figures.METRICS.map((m, j) => glanceCell(ctx, pair, ratios[i][j], m === quoted)), paceText(ctx, scenario, pair)];
  });
  const intervals = figures.hasIntervals(results);
  return {
    pair, keys, ratios, intervals,
    intro: ctx.t('glance.intro', { ...names, noIntervals: intervals ? '' : ctx.strings.glance.noIntervals }),
    table: table(header, rows),
  };
}

module.exports = { verdictTable };
