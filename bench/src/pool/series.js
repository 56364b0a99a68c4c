'use strict';
// The figures of one comparison across runs: for runs of one environment fingerprint, every
// comparison with an interval, grouped by what it is about (scenario, metric, the two servers) and
// what it measures (comparable.js quantityOf). Pooling and calibration both read these series.
const { quantityOf, comparisonKey, runEstimate } = require('./comparable');

// runs: [{ results, ... }] oldest first. -> Map(seriesId -> { key, scenario, metric, reference, other,
// points: [{ run (index into runs), ratio, ciLow, ciHigh, estimate: { y, se, from } }] in run order }).
function comparisonSeries(runs, confidence) {
  const series = new Map();
  runs.forEach((run, index) => {
    for (const scenario of run.results.scenarios) {
      for (const comparison of scenario.comparisons || []) {
        const estimate = runEstimate(comparison, confidence);
        if (!estimate) continue;
        const key = comparisonKey(scenario.id, comparison);
        const id = `${key}|${quantityOf(run.results, scenario, comparison)}`;
        if (!series.has(id)) {
          series.set(id, { key, scenario: scenario.id, metric: comparison.metric, reference: comparison.reference, other: comparison.other, points: [] });
        }
        series.get(id).points.push({ run: index, ratio: comparison.ratio, ciLow: comparison.ciLow, ciHigh: comparison.ciHigh, estimate });
      }
    }
  });
  return series;
}

// Runs grouped by environment fingerprint, each group oldest first: [[run, ...], ...].
function byFingerprint(runs) {
  const groups = new Map();
  for (const run of runs) {
    const fp = run.results.environment.fingerprint;
    if (!groups.has(fp)) groups.set(fp, []);
    groups.get(fp).push(run);
  }
  return [...groups.values()];
}

module.exports = { comparisonSeries, byFingerprint };
