'use strict';
// The figures of one comparison across runs: for runs of one hardware class, every
// comparison with an interval, grouped by what it is about (scenario, metric, the two servers) and
// what it measures (comparable.js quantityOf). Pooling and calibration both read these series.
const { quantityOf, comparisonKey, runEstimate } = require('./comparable');
const { hardwareClassOf, machineOf } = require('../../../shared/src/hardware-class');

// runs: [{ results, ... }] oldest first. -> Map(seriesId -> { key, scenario, metric, reference, other,
// points: [{ run (index into runs), ratio, ciLow, ciHigh, machine, estimate: { y, se, from, machine } }] in run order }).
function comparisonSeries(runs, confidence) {
  const series = new Map();
  runs.forEach((run, index) => {
    for (const scenario of run.results.scenarios) {
      for (const comparison of scenario.comparisons || []) {
        const found = runEstimate(comparison, confidence);
        if (!found) continue;
        const machine = machineOf(run.results.environment).id;
        const estimate = { ...found, machine };
        const key = comparisonKey(scenario.id, comparison);
        const id = `${key}|${quantityOf(run.results, scenario, comparison)}`;
        if (!series.has(id)) {
          series.set(id, { key, scenario: scenario.id, metric: comparison.metric, reference: comparison.reference, other: comparison.other, points: [] });
        }
        series.get(id).points.push({ run: index, ratio: comparison.ratio, ciLow: comparison.ciLow, ciHigh: comparison.ciHigh, machine, estimate });
      }
    }
  });
  return series;
}

// Runs grouped by hardware class, each group oldest first, and the runs whose class cannot be
// determined, each with the reason: { groups: [{ hardwareClass, runs: [run, ...] }], unclassified: [{ run, reason }] }.
function byHardwareClass(runs) {
  const groups = new Map();
  const unclassified = [];
  for (const run of runs) {
    let id;
    try { id = hardwareClassOf(run.results.environment).id; } catch (err) {
      unclassified.push({ run, reason: err.message });
      continue;
    }
    if (!groups.has(id)) groups.set(id, []);
    groups.get(id).push(run);
  }
  return { groups: [...groups].map(([hardwareClass, members]) => ({ hardwareClass, runs: members })), unclassified };
}

module.exports = { comparisonSeries, byHardwareClass };
