// The one sentence the Benchmarks page says about each scenario, and the comparison phrase the
// sentence and the at-a-glance table share ("Drogon/nginx 1.05× (95 % CI 0.98–1.12), within noise").
// Generation is language-neutral: a sentence is { key, params } with typed parameters; localize()
// turns it into text with a language's string table ("sentences" in docs/benchmarks/strings.<lang>.json).
//
// A JSON endpoint (issue 9) gets one sentence too, from the same templates: its reference variant
// against each other variant (endpointSentence, comparisonsText).
//
// Rules, so that no sentence contradicts itself:
// - which side set the pace is said once, from paceOf() over the compared servers' runs;
// - the figure quoted is the one that still compares the servers under that pace (quotedMetric():
//   requests per second when the servers set the pace, per second of server CPU once the load
//   generator was saturated too);
// - a lead is claimed only from the bench's confidence interval (verdict "faster"/"slower"); a file
//   without intervals gets the ratio of medians and no verdict, never a lead judged from spreads.
'use strict';
const figures = require('../../site/plugins/benchmark-figures');
const { escapeMarkdownText } = require('../../../bench/src/shared/escape');

const param = {
  server: (id) => ({ kind: 'server', id }),
  text: (value) => ({ kind: 'text', value }),
  comparison: (pair, metric, ratio) => ({ kind: 'comparison', pair, metric, ratio }),
  // Several comparisons against one reference (a JSON endpoint: the reference against each variant).
  comparisons: (list) => ({ kind: 'comparisons', list }),
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

/**
 * The sentence about one JSON endpoint (issue 9): the scenario's reference (Drogon with jsoncpp)
 * against each other variant, with the same rules and templates as a hello-world scenario's: the pace
 * over every variant with a successful run, said once; the figure that pace allows; a lead only from
 * the bench's interval. A variant without a successful run is compared as "not measured".
 */
function endpointSentence(results, scenario) {
  const { reference } = scenario;
  const others = results.servers.map((s) => s.id).filter((id) => id !== reference && figures.resultFor(scenario, id));
  if (others.length === 0) return { ...sentence('scenario.noPair'), pace: null, metric: null };
  const own = figures.resultFor(scenario, reference);
  if (!own || !own.summary) return { ...sentence('scenario.noResult', { server: param.server(reference) }), pace: null, metric: null };
  const measured = [reference, ...others.filter((id) => figures.resultFor(scenario, id).summary)];
  const { pace, sides } = figures.paceOf(scenario, measured);
  const metric = figures.quotedMetric(pace);
  const list = others.map((other) => {
    const pair = { reference, other };
    return param.comparison(pair, metric, figures.ratioFor(scenario, metric, pair));
  });
  const params = { comparison: param.comparisons(list), tool: param.text(scenario.tool) };
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
  return comparisonPhrase(ctx, pair, ratio, SINGLE);
}

// Template keys of a comparison standing alone, and of one item in a list against one reference.
const SINGLE = { none: 'none', noInterval: 'noInterval', intervalMissing: 'intervalMissing', reason: 'reason', withInterval: 'withInterval' };
const EACH = { none: 'eachNone', noInterval: 'eachNoInterval', intervalMissing: 'eachIntervalMissing', reason: 'eachReason', withInterval: 'eachWithInterval' };

function comparisonPhrase(ctx, pair, ratio, keys) {
  const s = ctx.strings.comparison;
  const what = `strings (${ctx.fmt.locale}): comparison`;
  const names = { reference: ctx.serverName(pair.reference), other: ctx.serverName(pair.other) };
  if (!ratio) return fill(s[keys.none], names, `${what}.${keys.none}`);
  const value = fill(s.ratio, { value: ctx.fmt.ratio(ratio.ratio) }, `${what}.ratio`);
  // The bench's reason is English; a language may word the known ones itself.
  const reason = ratio.reason ? (s.reasons[ratio.reason] ?? ctx.esc(ratio.reason)) : null;
  if (ratio.fromMedians) return fill(s[keys.noInterval], { ...names, value }, `${what}.${keys.noInterval}`);
  // The bench compared the pair but could not give an interval (too few paired rounds): no verdict.
  if (!ratio.hasCi) {
    return fill(s[keys.intervalMissing], { ...names, value, reason: reason ?? s.reasonUnknown }, `${what}.${keys.intervalMissing}`);
  }
  const interval = fill(s.interval, { low: ctx.fmt.ratio(ratio.ciLow), high: ctx.fmt.ratio(ratio.ciHigh) }, `${what}.interval`);
  const verdict = fill(lookup(s.verdicts, ratio.verdict, `${what}.verdicts`), names, `${what}.verdicts.${ratio.verdict}`);
  const because = reason ? fill(s[keys.reason], { reason }, `${what}.${keys.reason}`) : '';
  return fill(s[keys.withInterval], { ...names, value, interval, verdict, reason: because }, `${what}.${keys.withInterval}`);
}

/**
 * Several comparisons against one reference, the reference named once: "Drogon + jsoncpp against
 * Drogon + simdjson 0.90× (0.79–0.97, slower); gin + sonic 1.50× (1.42–1.66, faster)". Each item keeps
 * the rules of comparisonText (a verdict only from an interval). list: [{ pair, ratio }], one reference.
 */
function comparisonsText(ctx, list) {
  const items = list.map(({ pair, ratio }) => comparisonPhrase(ctx, pair, ratio, EACH));
  return fill(ctx.strings.comparison.againstEach,
    { reference: ctx.serverName(list[0].pair.reference), items: items.join(ctx.strings.listSeparator) },
    `strings (${ctx.fmt.locale}): comparison.againstEach`);
}

/**
 * A JSON endpoint named by its request: "GET /json", or "POST /dbop, N = 10" when it carries
 * sub-operations. One wording for the Benchmarks pages' labels and Methodology's profile table.
 */
function jsonEndpointText(strings, fmt, { method, endpoint, operations }) {
  const names = { method: escapeMarkdownText(method), endpoint: escapeMarkdownText(endpoint) };
  return operations === null || operations === undefined
    ? fill(strings.scenario.json, names, 'scenario.json')
    : fill(strings.scenario.jsonOperations, { ...names, operations: fmt.integer(operations) }, 'scenario.jsonOperations');
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
      case 'comparisons': values[name] = comparisonsText(ctx, p.list); break;
      case 'sides':
        values[name] = p.sides.map((s) => fill(ctx.strings.sideOfServer, { server: ctx.serverName(s.server), side: sideText(ctx, s.side) }, 'sideOfServer'))
          .join(ctx.strings.listSeparator);
        break;
      default: throw new Error(`sentence ${key}: unknown parameter kind ${p.kind}`);
    }
  }
  return fill(template, values, `sentences.${key}`);
}

module.exports = { scenarioSentence, endpointSentence, comparisonText, comparisonsText, sideText, jsonEndpointText, localize, fill, param };
