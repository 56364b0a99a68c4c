// The one sentence the Benchmarks page says about each scenario, and the comparison phrase the
// sentence and the at-a-glance table share ("Drogon/nginx 1.05× (95 % CI 0.98–1.12), within noise").
// Generation is language-neutral: a sentence is { key, params } with typed parameters; localize()
// turns it into text with a language's string table ("sentences" in docs/benchmarks/strings.<lang>.json).
//
// A JSON endpoint (issue 9) gets one sentence too, from the same templates: its reference variant
// against each other variant (endpointSentence, comparisonsText).
//
// Where the time goes (issue 16): for each counted case (keep-alive, new connection per request,
// pipelined, the JSON endpoints), a few sentences generated from the figures of the file alone: the
// system calls per request of the pair (the main pair; for a JSON endpoint its reference and the
// variant whose total differs most), the kind of call where they differ most with both values ("one
// per 16 requests" when a case sends batches of 16 and the count is one per batch), the user-space
// instructions of the same case, and the kernel's share of each server's CPU time in the matching
// timed scenario.
// No claim is written down: a difference is named only when the counts show one.
//
// Rules, so that no sentence contradicts itself:
// - which side set the pace is said once, from paceOf() over the compared servers' runs;
// - the figure quoted is the one that still compares the servers under that pace (quotedMetric():
//   requests per second when the servers set the pace, per second of server CPU once the load
//   generator was saturated too);
// - a lead is claimed only from the bench's confidence interval (verdict "faster"/"slower"); a file
//   without intervals gets the ratio of medians and no verdict, never a lead judged from spreads.
'use strict';
const figures = require('../../../shared/src/benchmark-figures');
const { escapeMarkdownText, codeSpan } = require('../../../shared/src/escape');
const { utcMinute } = require('./format');
const { readerCommand } = require('./provenance');

const param = {
  server: (id) => ({ kind: 'server', id }),
  text: (value) => ({ kind: 'text', value }),
  comparison: (pair, metric, ratio) => ({ kind: 'comparison', pair, metric, ratio }),
  // Several comparisons against one reference (a JSON endpoint: the reference against each variant).
  comparisons: (list) => ({ kind: 'comparisons', list }),
  sides: (sides) => ({ kind: 'sides', sides }),
  // Counts and shares of the where-the-time-goes sentences.
  decimal: (value, digits) => ({ kind: 'decimal', value, digits }),
  integer: (value) => ({ kind: 'integer', value }),
  share: (value) => ({ kind: 'share', value }),
  calls: (value, unit, batch) => ({ kind: 'calls', value, unit, batch }),
  category: (id, names) => ({ kind: 'category', id, names }),
  scenario: (id) => ({ kind: 'scenario', id }),
};

// A difference below this many calls per request in every kind of call is no difference.
const CALLS_DIFFERENCE = 0.05;
// A count within this share of 1/k is "one per k requests".
const ONE_PER_TOLERANCE = 0.02;
// How many system call names the sentence gives for "other calls".
const OTHER_NAMES = 3;

const figureOf = (row, id) => (row && row.byCategory ? row.byCategory[id] ?? 0 : 0);

/**
 * The sentences about one counted case (figures.syscallTable(results).cases[i]): [{ key, params }],
 * empty when fewer than two servers were counted.
 */
function countSentences(results, entry) {
  const counted = entry.rows.filter((r) => r.total !== null);
  let pair;
  if (entry.json) {
    const reference = entry.case.reference;
    const ref = counted.find((r) => r.server === reference);
    const others = counted.filter((r) => r.server !== reference);
    if (!ref || others.length === 0) return [];
    // The variant whose total differs most from the reference's.
    const other = others.reduce((a, b) => (Math.abs(b.total - ref.total) > Math.abs(a.total - ref.total) ? b : a));
    pair = { reference, other: other.server };
  } else {
    pair = figures.mainPair(results);
    if (!pair) return [];
  }
  const ref = counted.find((r) => r.server === pair.reference);
  const other = counted.find((r) => r.server === pair.other);
  if (!ref || !other) return [];
  const perConnection = entry.kind === 'close';
  const unit = perConnection ? 'connection' : 'request';
  const servers = { reference: param.server(pair.reference), other: param.server(pair.other) };
  const out = [sentence(perConnection ? 'timeGoes.totalConnection' : 'timeGoes.total', {
    ...servers, referenceTotal: param.decimal(ref.total, 2), otherTotal: param.decimal(other.total, 2),
  })];
  const categories = Object.keys(ref.byCategory || {});
  const widest = categories.map((id) => ({ id, diff: Math.abs(figureOf(ref, id) - figureOf(other, id)) })).sort((a, b) => b.diff - a.diff)[0];
  if (!widest || widest.diff < CALLS_DIFFERENCE) {
    out.push(sentence('timeGoes.same', { threshold: param.decimal(CALLS_DIFFERENCE, 2) }));
  } else {
    // "other calls": the names whose counts differ most, so the reader sees which.
    const names = widest.id === 'other' ? otherNames(results, ref, other) : [];
    out.push(sentence('timeGoes.difference', {
      category: param.category(widest.id, names), ...servers,
      referenceValue: param.calls(figureOf(ref, widest.id), unit, entry.case.pipelineDepth || 1),
      otherValue: param.calls(figureOf(other, widest.id), unit, entry.case.pipelineDepth || 1),
    }));
  }
  // The user-space instructions beside the calls per new connection (the other cases' counts are in
  // the chart beside this one).
  const refInstructions = figures.instructionsFor(results, entry.case.id, pair.reference);
  const otherInstructions = figures.instructionsFor(results, entry.case.id, pair.other);
  if (perConnection && refInstructions !== null && otherInstructions !== null) {
    out.push(sentence('timeGoes.instructions', {
      ...servers, referenceCount: param.integer(refInstructions), otherCount: param.integer(otherInstructions),
    }));
  }
  const scenario = figures.scenarioForCase(results, entry.case);
  const refCpu = figures.cpuSplit(scenario, pair.reference);
  const otherCpu = figures.cpuSplit(scenario, pair.other);
  if (refCpu && otherCpu) {
    out.push(sentence('timeGoes.kernel', {
      scenario: param.scenario(scenario.id), ...servers,
      referenceShare: param.share(refCpu.share), otherShare: param.share(otherCpu.share),
      referenceKernel: param.decimal(refCpu.kernel, 2), otherKernel: param.decimal(otherCpu.kernel, 2),
    }));
  }
  return out;
}

// The "other" names of two counted servers, largest difference first.
function otherNames(results, ref, other) {
  const named = new Set(results.syscalls.categories.flatMap((c) => c.names));
  const names = [...new Set([...Object.keys(ref.perRequest || {}), ...Object.keys(other.perRequest || {})])].filter((n) => !named.has(n));
  return names.map((n) => ({ n, diff: Math.abs((ref.perRequest[n] ?? 0) - (other.perRequest[n] ?? 0)) }))
    .filter((x) => x.diff >= CALLS_DIFFERENCE).sort((a, b) => b.diff - a.diff || a.n.localeCompare(b.n)).slice(0, OTHER_NAMES).map((x) => x.n);
}

/**
 * Calls per request (or connection) in words: "none", "one per request", "2.00 per request", and, in a
 * case of batches of B requests, "one per 16 requests" when the count is one per batch.
 */
function callsText(ctx, value, unit, batch = 1) {
  const t = ctx.strings.timeGoes.calls[unit];
  const what = `strings (${ctx.fmt.locale}): timeGoes.calls.${unit}`;
  if (Math.abs(value) < 0.005) return t.none;
  if (Math.abs(value - 1) <= ONE_PER_TOLERANCE) return t.one;
  if (batch > 1 && Math.abs(value * batch - 1) <= ONE_PER_TOLERANCE) return fill(t.onePer, { count: ctx.fmt.integer(batch) }, what);
  return fill(t.count, { value: ctx.fmt.decimal(value, 2) }, what);
}

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

/**
 * A counted case named for a reader: "keep-alive, one request at a time", "pipelined, batches of 16",
 * or, for a JSON case, its endpoint as the JSON scenario of the same id is named ("POST /dbop, N = 10").
 * ctx: { strings, fmt, esc, scenarioLabel }.
 */
function countedCaseText(ctx, c) {
  if (c.servers === 'json') {
    const label = ctx.scenarioLabel(c.id);
    return label !== undefined ? label : fill(ctx.strings.scenario.json, { method: ctx.esc(c.method || 'GET'), endpoint: ctx.esc(c.path || c.id) }, 'scenario.json');
  }
  const kind = figures.countedCaseKind(c);
  return fill(ctx.strings.timeGoes.cases[kind], { depth: ctx.fmt.integer(c.pipelineDepth || 1) }, `timeGoes.cases.${kind}`);
}

/**
 * One server exit (results.serverExits entry) as a sentence: "Drogon was killed by SIGKILL before round
 * 2 (2026-11-24 14:02 UTC) and started again; its log: `bench/logs/...`". ctx as for localize.
 */
function exitText(ctx, x) {
  const t = ctx.strings.exits;
  const what = `strings (${ctx.fmt.locale}): exits`;
  const how = x.signal ? fill(t.signal, { signal: ctx.esc(x.signal) }, what)
    : fill(t.code, { code: x.code === null || x.code === undefined ? ctx.strings.dash : ctx.fmt.integer(x.code) }, what);
  const when = x.round ? fill(t.beforeRound, { round: ctx.fmt.integer(x.round) }, what) : t.afterLast;
  return fill(x.restarted ? t.restarted : t.notRestarted, {
    server: ctx.serverName(x.server) ?? ctx.esc(x.server), how, when, at: utcMinute(x.exitedAt), log: codeSpan(readerCommand(x.log)),
  }, what);
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
      case 'decimal': values[name] = ctx.fmt.decimal(p.value, p.digits); break;
      case 'integer': values[name] = ctx.fmt.integer(p.value); break;
      case 'share': values[name] = ctx.fmt.percent(p.value); break;
      case 'calls': values[name] = callsText(ctx, p.value, p.unit, p.batch); break;
      case 'scenario': values[name] = ctx.scenarioLabel(p.id); break;
      case 'category': {
        const label = lookup(ctx.strings.timeGoes.categories, p.id, `strings (${ctx.fmt.locale}): timeGoes.categories`);
        values[name] = p.names.length
          ? fill(ctx.strings.timeGoes.categoryNames, { category: label, names: p.names.map((n) => codeSpan(n)).join(ctx.strings.timeGoes.nameSeparator) }, 'timeGoes.categoryNames')
          : label;
        break;
      }
      case 'sides':
        values[name] = p.sides.map((s) => fill(ctx.strings.sideOfServer, { server: ctx.serverName(s.server), side: sideText(ctx, s.side) }, 'sideOfServer'))
          .join(ctx.strings.listSeparator);
        break;
      default: throw new Error(`sentence ${key}: unknown parameter kind ${p.kind}`);
    }
  }
  return fill(template, values, `sentences.${key}`);
}

module.exports = { scenarioSentence, endpointSentence, countSentences, countedCaseText, exitText, callsText, comparisonText, comparisonsText, sideText, jsonEndpointText, localize, fill, param, CALLS_DIFFERENCE };
