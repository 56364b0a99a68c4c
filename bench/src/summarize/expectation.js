'use strict';
// The benchmark expectation of issues 8 and 16, printed after a run (never asserted: it holds on a quiet
// machine, and a busy one says so here):
//  - every scenario has at least `minPairs` paired rounds;
//  - in the server-saturated scenarios (every pipelined one, and any other where both servers of a pair
//    saturated their own CPU) the 95 % interval of Drogon's req/s ratio to each other server has a
//    relative half-width of at most `saturatedHalfWidth`;
//  - instruction counts and system-call counts (their total and each category) repeat within `countSpread`.
const { relativeHalfWidth } = require('./bootstrap');

const pct = (x, digits = 1) => `${(x * 100).toFixed(digits)} %`;
const verdict = (ok) => (ok ? 'met' : 'NOT met');

// Whether both servers of a comparison saturated their own CPU in this scenario (pipelined: by design).
function serverSaturated(scenario, comparison) {
  if ((scenario.pipelineDepth ?? 1) > 1) return true;
  const side = (id) => scenario.results.find((r) => r.server === id)?.bottleneck?.side;
  return side(comparison.reference) === 'server' && side(comparison.other) === 'server';
}

function scenarioLines(scenario, { saturatedHalfWidth, minPairs }) {
  const lines = [];
  const rps = (scenario.comparisons || []).filter((x) => x.metric === 'requestsPerSecond');
  if (rps.length) {
    const fewest = Math.min(...rps.map((c) => c.pairs));
    lines.push(`${scenario.id}: ${fewest} paired rounds ${fewest >= minPairs ? '>=' : '<'} ${minPairs}: ${verdict(fewest >= minPairs)}`);
  }
  const judged = rps.filter((c) => serverSaturated(scenario, c));
  for (const c of judged) {
    const hw = relativeHalfWidth(c);
    const judgedText = hw === null ? 'no interval (fewer than 2 paired rounds)'
      : `half-width ${pct(hw, 2)} ${hw <= saturatedHalfWidth ? '<=' : '>'} ${pct(saturatedHalfWidth, 0)}: ${verdict(hw <= saturatedHalfWidth)}`;
    const ratio = c.ratio === null ? 'n/a' : c.ratio.toFixed(3);
    lines.push(`${scenario.id} ${c.reference}/${c.other} req/s ratio ${ratio}, ${judgedText}`);
  }
  if (judged.length) lines.push(`${scenario.id} saturated side: ${scenario.results.map((r) => `${r.server} ${r.bottleneck.side}`).join(', ')}`);
  return lines;
}

function spreadText(spread, repeats, limit) {
  if (repeats < 2) return `${repeats} repeat: no spread to judge`;
  if (spread === null) return 'no spread (median 0)';
  return `spread ${pct(spread, 3)} ${spread <= limit ? '<=' : '>'} ${pct(limit, 0)}: ${verdict(spread <= limit)}`;
}

// -> lines (also returned, for tests)
function expectationLines(results, { saturatedHalfWidth, minPairs, countSpread }) {
  const lines = [];
  for (const scenario of results.scenarios) lines.push(...scenarioLines(scenario, { saturatedHalfWidth, minPairs }));
  for (const c of results.instructions ? results.instructions.cases : []) {
    for (const r of c.results) {
      const judged = r.perRequest === null ? `no count (${r.failureReason})`
        : `${Math.round(r.perRequest)} per request, ${spreadText(r.spread, r.repeats.length, countSpread)}`;
      lines.push(`instructions ${c.id} ${r.server}: ${judged}`);
    }
  }
  for (const c of results.syscalls ? results.syscalls.cases : []) {
    for (const r of c.results) {
      if (r.total === null) {
        lines.push(`system calls ${c.id} ${r.server}: no count (${r.failureReason})`);
        continue;
      }
      // The widest category spread, named: a total can hold steady while its parts move.
      const widest = Object.entries(r.categorySpread || {}).filter(([, x]) => x !== null).sort((a, b) => b[1] - a[1])[0];
      const categories = widest && r.repeats.length > 1 ? `; widest category ${widest[0]} ${spreadText(widest[1], r.repeats.length, countSpread)}` : '';
      lines.push(`system calls ${c.id} ${r.server}: ${r.total.toFixed(3)} per request, total ${spreadText(r.spread, r.repeats.length, countSpread)}${categories}`);
    }
  }
  return lines;
}

function printExpectation(results, log, thresholds) {
  const lines = expectationLines(results, thresholds);
  if (lines.length === 0) return lines;
  log('\nbench: benchmark expectation (holds on a quiet machine; printed, not asserted):');
  for (const line of lines) log(`  ${line}`);
  return lines;
}

module.exports = { expectationLines, printExpectation };
