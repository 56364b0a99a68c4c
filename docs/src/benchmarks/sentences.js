// The one sentence the Benchmarks page says about each scenario, and the comparison phrase the
// sentence and the at-a-glance table share ("Drogon/nginx 1.05× (95 % CI 0.98–1.12), within noise").
// Generation is language-neutral: a sentence is { key, params } with typed parameters; localize()
// turns it into text with a language's string table ("sentences" in docs/benchmarks/strings.<lang>.json).
//
// Rules, so that no sentence contradicts itself:
// - which side set the pace is said once, from paceOf() over the two compared servers' runs;
// - the figure quoted is the one that still compares the servers under that pace (quotedMetric():
//   requests per second when the servers set the pace, per second of server CPU once the load
//   generator was saturated too);
// - a lead is claimed only from the bench's confidence interval (verdict "faster"/"slower"); a file
//   without intervals gets the ratio of medians and no verdict, never a lead judged from spreads.
'use strict';
const figures = require('../../site/plugins/benchmark-figures');

const param = {
  server: (id) => ({ kind: 'server', id }),
  text: (value) => ({ kind: 'text', value }),
  comparison: (pair, metric, ratio) => ({ kind: 'comparison', pair, metric, ratio }),
  sides: (sides) => ({ kind: 'sides', sides }),
};

function sentence(key, params = {}) {
  return { key, params };
}

/**
 * The sentence about one scenario: { key, params, pace, metric }. pair: { reference, other } from
 * figures.mainPair(results), or null when the file compares fewer than two servers.
 */
function scenarioSentence(results, scenario, pair) {
  if (!pair) return { ...sentence('scenario.noPair'), pace: null, metric: null };
  for (const id of [pair.reference, pair.other]) {
    const result = figures.resultFor(scenario, id);
    if (!result || !result.summary) return { ...sentence('scenario.noResult', { server: param.server(id) }), pace: null, metric: null };
  }
  const { pace, sides } = figures.paceOf(scenario, [pair.reference, pair.other]);
  const metric = figures.quotedMetric(pace);
  const ratio = figures.ratioFor(scenario, metric, pair);
  const params = { comparison: param.comparison(pair, metric, ratio), tool: param.text(scenario.tool) };
  if (pace === 'mixed') params.sides = param.sides(sides);
  return { ...sentence(`pace.${pace}`, params), pace, metric };
}

/** Fills {name} placeholders of a template; a placeholder without a value is an error. */
function fill(template, values, what) {
  return template.replace(/\{(\w+)\}/g, (all, name) => {
    if (!(name in values)) throw new Error(`${what}: no value for {${name}}`);
    return values[name];
  });
}

function lookup(strings, key, what) {
  const value = key.split('.').reduce((node, part) => (node ? node[part] : undefined), strings);
  if (typeof value !== 'string') throw new Error(`${what}: ${key} missing`);
  return value;
}

/**
 * "Drogon/nginx 1.05× (95 % CI 0.98–1.12): within noise" in the page's language. ratio: from
 * figures.ratioFor (null: not measured). ctx: { strings, fmt, serverName }.
 */
function comparisonText(ctx, pair, ratio) {
  const s = ctx.strings.comparison;
  const what = `strings (${ctx.fmt.locale}): comparison`;
  const names = { reference: ctx.serverName(pair.reference), other: ctx.serverName(pair.other) };
  if (!ratio) return fill(s.none, names, `${what}.none`);
  const value = fill(s.ratio, { value: ctx.fmt.ratio(ratio.ratio) }, `${what}.ratio`);
  // The bench's reason is English; a language may word the known ones itself.
  const reason = ratio.reason ? (s.reasons[ratio.reason] ?? ctx.esc(ratio.reason)) : null;
  if (ratio.fromMedians) return fill(s.noInterval, { ...names, value }, `${what}.noInterval`);
  // The bench compared the pair but could not give an interval (too few paired rounds): no verdict.
  if (!ratio.hasCi) return fill(s.intervalMissing, { ...names, value, reason: reason ?? s.reasonUnknown }, `${what}.intervalMissing`);
  const interval = fill(s.interval, { low: ctx.fmt.ratio(ratio.ciLow), high: ctx.fmt.ratio(ratio.ciHigh) }, `${what}.interval`);
  const verdict = fill(lookup(s.verdicts, ratio.verdict, `${what}.verdicts`), names, `${what}.verdicts.${ratio.verdict}`);
  const because = reason ? fill(s.reason, { reason }, `${what}.reason`) : '';
  return fill(s.withInterval, { ...names, value, interval, verdict, reason: because }, `${what}.withInterval`);
}

/** The side names of a pace, e.g. "load generator" (strings.sides). */
function sideText(ctx, side) {
  return lookup(ctx.strings.sides, side, `strings (${ctx.fmt.locale}): sides`);
}

/**
 * Text of one sentence in one language. ctx: { strings (the language's string table), fmt (its
 * formatter), serverName(id) returning escaped Markdown, esc(text), listSeparator }.
 */
function localize({ key, params }, ctx) {
  const template = lookup(ctx.strings.sentences, key, `strings (${ctx.fmt.locale}): sentences`);
  const values = {};
  for (const [name, p] of Object.entries(params)) {
    switch (p.kind) {
      case 'server': values[name] = ctx.serverName(p.id); break;
      case 'text': values[name] = ctx.esc(p.value); break;
      case 'comparison': values[name] = comparisonText(ctx, p.pair, p.ratio); break;
      case 'sides':
        values[name] = p.sides.map((s) => fill(ctx.strings.sideOfServer, { server: ctx.serverName(s.server), side: sideText(ctx, s.side) }, 'sideOfServer'))
          .join(ctx.strings.listSeparator);
        break;
      default: throw new Error(`sentence ${key}: unknown parameter kind ${p.kind}`);
    }
  }
  return fill(template, values, `sentences.${key}`);
}

module.exports = { scenarioSentence, comparisonText, sideText, localize, fill, param };
