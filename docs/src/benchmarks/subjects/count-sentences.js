// The counts' sentences (part of the counts subject, count-blocks.js), language-neutral ({ key, params },
// sentences.js): for each counted case, the system calls per request of the pair (the main pair; for a
// JSON endpoint its reference and the variant whose total differs most), the kind of call where they
// differ most with both values ("one per 16 requests" when a case sends batches of 16 and the count is
// one per batch), the user-space instructions of the same case, and the kernel's share of each server's
// CPU time in the matching timed scenario. No claim is written down: a difference is named only when the
// counts show one.
'use strict';
const { codeSpan } = require('../../../../shared/src/escape');
const lookup = require('../../../../shared/src/figures/results-lookup');
const counts = require('../../../../shared/src/figures/count-figures');
const { sentence, param, fill, lookup: textLookup, localize } = require('../sentences');

// A difference below this many calls per request in every kind of call is no difference.
const CALLS_DIFFERENCE = 0.05;
// A count within this share of 1/k is "one per k requests".
const ONE_PER_TOLERANCE = 0.02;
// How many system call names the sentence gives for "other calls".
const OTHER_NAMES = 3;

const figureOf = (row, id) => (row && row.byCategory ? row.byCategory[id] ?? 0 : 0);

/**
 * The sentences about one counted case (counts.syscallTable(results).cases[i]): [{ key, params }],
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
    pair = lookup.mainPair(results);
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
  const refInstructions = counts.instructionsFor(results, entry.case.id, pair.reference);
  const otherInstructions = counts.instructionsFor(results, entry.case.id, pair.other);
  if (perConnection && refInstructions !== null && otherInstructions !== null) {
    out.push(sentence('timeGoes.instructions', {
      ...servers, referenceCount: param.integer(refInstructions), otherCount: param.integer(otherInstructions),
    }));
  }
  const scenario = counts.scenarioForCase(results, entry.case);
  const refCpu = counts.cpuSplit(scenario, pair.reference);
  const otherCpu = counts.cpuSplit(scenario, pair.other);
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
  const kind = counts.countedCaseKind(c);
  return fill(ctx.strings.timeGoes.cases[kind], { depth: ctx.fmt.integer(c.pipelineDepth || 1) }, `timeGoes.cases.${kind}`);
}

// The parameter kinds of the counts' sentences (sentences.js localize): calls per request, a kind of call.
const COUNT_KINDS = {
  calls: (p, ctx) => callsText(ctx, p.value, p.unit, p.batch),
  category: (p, ctx) => {
    const label = textLookup(ctx.strings.timeGoes.categories, p.id, `strings (${ctx.fmt.locale}): timeGoes.categories`);
    return p.names.length
      ? fill(ctx.strings.timeGoes.categoryNames, { category: label, names: p.names.map((n) => codeSpan(n)).join(ctx.strings.timeGoes.nameSeparator) }, 'timeGoes.categoryNames')
      : label;
  },
};

/** One of the counts' sentences in the page's language. */
const localizeCount = (s, ctx) => localize(s, ctx, COUNT_KINDS);

module.exports = { countSentences, callsText, countedCaseText, localizeCount, COUNT_KINDS, CALLS_DIFFERENCE };
