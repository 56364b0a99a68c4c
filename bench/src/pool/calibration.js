'use strict';
// How well the intervals predict the next run, measured on the history (issues 25 and 33): for every
// series of a comparison (runs of one hardware class, one measured quantity),
//  - own: did one run's own 95 % interval contain the next run's figure? (each consecutive pair)
//  - pooled (leave one run out): did the interval pooled from the other runs (with the left-out run's
//    own standard error; machines as a level, random-effects.js) contain the left-out run's figure?
//    (each run with at least 2 others)
//  - leave one machine out: did the interval made without any run of one machine contain each of that
//    machine's runs? This is the question the page's interval answers (a new run on a new machine). It
//    needs at least 2 other machines (a between-machine variance from one machine does not exist).
//  - one other machine: did the interval pooled from one machine's runs alone (k - 1 degrees of
//    freedom) contain another machine's runs? (each ordered pair of machines, the first with at least
//    2 runs) This is what a page that pooled one machine's runs would promise another machine.
// Nominally all are 95 %; what they are is what a reader can expect of the page's intervals.
const { comparisonSeries, byHardwareClass } = require('./series');
const { predictionInterval, machinePredictionInterval, placeOf } = require('./random-effects');

const MIN_OTHER_RUNS = 2;
const MIN_OTHER_MACHINES = 2;

const tally = () => ({ contained: 0, total: 0 });
const count = (t, inside) => { t.total += 1; t.contained += inside ? 1 : 0; };

// runs: [{ label, results }]. -> { ownInterval, pooledInterval, leaveOneMachineOut, oneOtherMachine (each
// { contained, total }), unclassified: [{ label, reason }], comparisons: [{ key, hardwareClass, runs,
// machines, own, pooled, leaveOneMachineOut, oneOtherMachine, misses: [...] }] }
function calibrate(runs, { confidence }) {
  const sums = { own: tally(), pooled: tally(), leaveOneMachineOut: tally(), oneOtherMachine: tally() };
  const comparisons = [];
  const { groups, unclassified } = byHardwareClass(runs);
  for (const group of groups) {
    for (const s of comparisonSeries(group.runs, confidence).values()) {
      const machines = [...new Set(s.points.map((p) => p.machine))];
      const row = { key: s.key, hardwareClass: group.hardwareClass, runs: s.points.length, machines: machines.length,
        own: tally(), pooled: tally(), leaveOneMachineOut: tally(), oneOtherMachine: tally(), misses: [] };
      s.points.forEach((p, i) => {
        const next = s.points[i + 1];
        if (next && p.ciLow !== null && p.ciHigh !== null) count(row.own, placeOf(next.ratio, { low: p.ciLow, high: p.ciHigh }) === 'inside');
        const others = s.points.filter((_, j) => j !== i);
        if (others.length >= MIN_OTHER_RUNS) {
          const interval = machinePredictionInterval(others.map((o) => o.estimate), { confidence, newSe: p.estimate.se });
          const place = placeOf(p.ratio, interval);
          count(row.pooled, place === 'inside');
          if (place !== 'inside') row.misses.push({ run: group.runs[p.run].label, ratio: p.ratio, low: interval.low, high: interval.high });
        }
      });
      const estimatesOf = new Map(machines.map((m) => [m, s.points.filter((p) => p.machine === m).map((p) => p.estimate)]));
      for (const machine of machines) {
        const others = s.points.filter((p) => p.machine !== machine).map((p) => p.estimate);
        const otherMachines = machines.filter((m) => m !== machine);
        for (const p of s.points.filter((q) => q.machine === machine)) {
          const newSe = p.estimate.se;
          if (otherMachines.length >= MIN_OTHER_MACHINES) {
            count(row.leaveOneMachineOut, placeOf(p.ratio, machinePredictionInterval(others, { confidence, newSe })) === 'inside');
          }
          for (const other of otherMachines.filter((m) => estimatesOf.get(m).length >= MIN_OTHER_RUNS)) {
            count(row.oneOtherMachine, placeOf(p.ratio, predictionInterval(estimatesOf.get(other), { confidence, newSe })) === 'inside');
          }
        }
      }
      for (const key of Object.keys(sums)) {
        sums[key].contained += row[key].contained;
        sums[key].total += row[key].total;
      }
      comparisons.push(row);
    }
  }
  return {
    ownInterval: sums.own,
    pooledInterval: sums.pooled,
    leaveOneMachineOut: sums.leaveOneMachineOut,
    oneOtherMachine: sums.oneOtherMachine,
    unclassified: unclassified.map((u) => ({ label: u.run.label, reason: u.reason })),
    comparisons,
  };
}

module.exports = { calibrate, MIN_OTHER_RUNS, MIN_OTHER_MACHINES };
