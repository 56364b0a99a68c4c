'use strict';
// The benchmark expectation, printed after a run (never asserted):
//  - every scenario has at least `minPairs` paired rounds, in its blocks;
//  - calibration instead of a target width (issue 25): where the run is pooled with comparable runs
//    (results.pooled), whether this run's figures fell inside the prediction intervals of the runs
//    before it, and how often, over the whole history, one run's own interval and the pooled interval
//    contained the next run's figure: an interval is as good as that coverage, not as its width;
//  - each counted part's counts repeat within `countSpread` (the parts' own lines, parts/part.js:
//    results.expectation, which spreadText words).

const pct = (x, digits = 1) => `${(x * 100).toFixed(digits)} %`;
const verdict = (ok) => (ok ? 'met' : 'NOT met');
const coverage = ({ contained, total }) => (total ? `${contained} of ${total} (${pct(contained / total)})` : 'none yet');

function scenarioLines(scenario, { minPairs }) {
  const lines = [];
  const rps = (scenario.comparisons || []).filter((x) => x.metric === 'requestsPerSecond');
  if (rps.length) {
    const fewest = Math.min(...rps.map((c) => c.pairs));
    const blocks = scenario.blocks > 1 ? ` in ${scenario.blocks} blocks` : '';
    lines.push(`${scenario.id}: ${fewest} paired rounds${blocks} ${fewest >= minPairs ? '>=' : '<'} ${minPairs}: ${verdict(fewest >= minPairs)}`);
  }
  return lines;
}

// What pooling says of this run: one line per comparison outside the earlier runs' interval, and totals.
function pooledLines(pooled) {
  if (!pooled) return ['pooled: not pooled (only a complete default-profile run is pooled with the history)'];
  const lines = [];
  const judged = pooled.comparisons.filter((c) => c.newest.place);
  const outside = judged.filter((c) => c.newest.place !== 'inside');
  const runs = pooled.runs.length;
  if (pooled.comparisons.length === 0) {
    lines.push(`pooled: ${runs} comparable run(s) with this one; a figure is pooled from ${pooled.minRuns}: every figure is this run's own`);
  } else {
    lines.push(`pooled over up to ${runs} comparable runs: ${pooled.comparisons.length} comparisons; this run inside the earlier runs' 95 % prediction interval in ${judged.length - outside.length} of ${judged.length}`);
  }
  for (const c of outside) {
    lines.push(`  OUTSIDE ${c.scenario} ${c.reference}/${c.other} ${c.metric === 'requestsPerSecond' ? 'req/s' : 'per CPU-second'}: ${c.newest.ratio.toFixed(3)}, `
      + `earlier runs predicted ${c.newest.earlierLow.toFixed(3)}-${c.newest.earlierHigh.toFixed(3)} (${c.newest.place}): an unusual run`);
  }
  for (const e of pooled.excluded) lines.push(`  not pooled: ${e.file}: ${e.reason}`);
  const { ownInterval, pooledInterval } = pooled.calibration;
  lines.push(`calibration over the history and this run: one run's own interval held the next run's figure ${coverage(ownInterval)}; `
    + `the interval pooled from the other runs held a left-out run's figure ${coverage(pooledInterval)} (nominal 95 %)`);
  return lines;
}

function spreadText(spread, repeats, limit) {
  if (repeats < 2) return `${repeats} repeat: no spread to judge`;
  if (spread === null) return 'no spread (median 0)';
  return `spread ${pct(spread, 3)} ${spread <= limit ? '<=' : '>'} ${pct(limit, 0)}: ${verdict(spread <= limit)}`;
}

// -> lines: the scenarios' and the pooling's, then partLines (the parts' own, in the part list's order).
function expectationLines(results, { minPairs }, partLines = []) {
  const lines = [];
  for (const scenario of results.scenarios) lines.push(...scenarioLines(scenario, { minPairs }));
  if (results.scenarios.some((s) => (s.comparisons || []).length)) lines.push(...pooledLines(results.pooled));
  lines.push(...partLines);
  return lines;
}

function printExpectation(results, log, thresholds, partLines = []) {
  const lines = expectationLines(results, thresholds, partLines);
  if (lines.length === 0) return lines;
  log('\nbench: benchmark expectation (printed, not asserted):');
  for (const line of lines) log(`  ${line}`);
  return lines;
}

module.exports = { expectationLines, printExpectation, spreadText };
