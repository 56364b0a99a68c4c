'use strict';
// How one figure of two runs is judged, old -> new (rules 1-5 of compare/compare.js): the medians of the
// scenarios and the p99 of the fixed-rate levels alike. A change is flagged only when both runs have
// enough ok runs, neither is too noisy, and the change is at least the metric's minimum, beyond the
// noise, with the two runs' ranges apart.

// minChange: smallest relative change of the median that can be flagged, whatever the spread says.
//   req/s and efficiency: the bench's target is a spread under 5 % on a quiet machine, so below 5 % is noise.
//   Latency tails (p99) wander more from run to run: 10 %.
// maxSpread: above this spread a run is too noisy to judge (the runner already warns above 5 % for req/s);
//   twice the quiet-machine target for req/s and efficiency, more for the p99 tail.
const THRESHOLDS = Object.freeze({
  requestsPerSecond: Object.freeze({ minChange: 0.05, maxSpread: 0.10 }),
  latencyP99Us: Object.freeze({ minChange: 0.10, maxSpread: 0.25 }),
  requestsPerServerCpuSecond: Object.freeze({ minChange: 0.05, maxSpread: 0.10 }),
});
const MIN_OK_RUNS = 3;

const spreadOf = (f) => (f.median > 0 ? (f.max - f.min) / f.median : (f.max > f.min ? Infinity : 0));

// Judges one metric (rule in the header comment). Returns the figures, the change and a verdict:
// 'regression' | 'improvement' | 'within-noise' | 'too-noisy' | 'insufficient-runs'.
function judgeMetric(oldF, newF, { higherIsBetter, minChange, maxSpread = Infinity }, minOkRuns = MIN_OK_RUNS) {
  const change = oldF.median > 0 ? (newF.median - oldF.median) / oldF.median
    : (newF.median === 0 ? 0 : Infinity);
  const noise = Math.max(spreadOf(oldF), spreadOf(newF));
  const base = { old: oldF, new: newF, change, noise, minChange, maxSpread };
  if (oldF.okRuns < minOkRuns || newF.okRuns < minOkRuns) return { ...base, verdict: 'insufficient-runs' };
  if (noise > maxSpread) return { ...base, verdict: 'too-noisy' };
  const rangesOverlap = newF.min <= oldF.max && oldF.min <= newF.max;
  const beyondNoise = Math.abs(change) >= minChange && Math.abs(change) > noise && !rangesOverlap;
  if (!beyondNoise) return { ...base, verdict: 'within-noise' };
  const better = higherIsBetter ? change > 0 : change < 0;
  return { ...base, verdict: better ? 'improvement' : 'regression' };
}

module.exports = { THRESHOLDS, MIN_OK_RUNS, judgeMetric };
