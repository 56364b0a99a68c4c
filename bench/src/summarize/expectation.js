'use strict';
// The benchmark expectation of issue 8, printed after a run (never asserted: it holds on a quiet
// machine, and a busy one says so here): in the pipelined scenarios the 95 % interval of Drogon's ratio
// to each other server has a half-width of at most `pipelinedHalfWidth`, with the server the saturated
// side; instruction counts repeat within `instructionSpread`.
const { relativeHalfWidth } = require('./bootstrap');

const pct = (x, digits = 1) => `${(x * 100).toFixed(digits)} %`;

// -> lines (also returned, for tests)
function expectationLines(results, { pipelinedHalfWidth, instructionSpread }) {
  const lines = [];
  for (const scenario of results.scenarios.filter((s) => s.pipelineDepth > 1)) {
    for (const c of scenario.comparisons.filter((x) => x.metric === 'requestsPerSecond')) {
      const hw = relativeHalfWidth(c);
      const judged = hw === null ? 'no interval (fewer than 2 paired rounds)'
        : `half-width ${pct(hw, 2)} ${hw <= pipelinedHalfWidth ? '<=' : '>'} ${pct(pipelinedHalfWidth, 0)}: ${hw <= pipelinedHalfWidth ? 'met' : 'NOT met'}`;
      const ratio = c.ratio === null ? 'n/a' : c.ratio.toFixed(3);
      lines.push(`${scenario.id} ${c.reference}/${c.other} req/s ratio ${ratio}, ${judged}`);
    }
    const sides = scenario.results.map((r) => `${r.server} ${r.bottleneck.side}`).join(', ');
    lines.push(`${scenario.id} saturated side: ${sides}`);
  }
  for (const c of results.instructions ? results.instructions.cases : []) {
    for (const r of c.results) {
      let judged;
      if (r.perRequest === null) judged = `no count (${r.failureReason})`;
      else if (r.repeats.length < 2) judged = `${Math.round(r.perRequest)} per request, ${r.repeats.length} repeat: no spread to judge`;
      else judged = `${Math.round(r.perRequest)} per request, spread ${pct(r.spread, 3)} ${r.spread <= instructionSpread ? '<=' : '>'} ${pct(instructionSpread, 0)}: ${r.spread <= instructionSpread ? 'met' : 'NOT met'}`;
      lines.push(`instructions ${c.id} ${r.server}: ${judged}`);
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
