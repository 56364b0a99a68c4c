'use strict';
// How well the intervals predict the next run, measured on the history (issue 25): for every series of
// a comparison (comparable runs: one fingerprint, one quantity),
//  - own: did one run's own 95 % interval contain the next run's figure? (each consecutive pair)
//  - pooled: did the prediction interval pooled from the other runs (random-effects.js, with the
//    left-out run's own standard error) contain the left-out run's figure? (each run with at least 2
//    others: the page pools from 3 runs, the new one included)
// Nominally both are 95 %; what they are is what a reader can expect of the page's intervals.
const { comparisonSeries, byFingerprint } = require('./series');
const { predictionInterval, placeOf } = require('./random-effects');

const MIN_OTHER_RUNS = 2;

// runs: [{ label, results }]. -> { ownInterval: { contained, total }, pooledInterval: { contained, total },
// comparisons: [{ key, fingerprint, runs, own: {contained,total}, pooled: {contained,total}, misses: [...] }] }
function calibrate(runs, { confidence }) {
  const own = { contained: 0, total: 0 };
  const pooled = { contained: 0, total: 0 };
  const comparisons = [];
  for (const group of byFingerprint(runs)) {
    for (const s of comparisonSeries(group, confidence).values()) {
      const row = { key: s.key, fingerprint: group[0].results.environment.fingerprint, runs: s.points.length,
        own: { contained: 0, total: 0 }, pooled: { contained: 0, total: 0 }, misses: [] };
      s.points.forEach((p, i) => {
        const next = s.points[i + 1];
        if (next && p.ciLow !== null && p.ciHigh !== null) {
          const inside = placeOf(next.ratio, { low: p.ciLow, high: p.ciHigh }) === 'inside';
          row.own.total += 1;
          row.own.contained += inside ? 1 : 0;
        }
        const others = s.points.filter((_, j) => j !== i);
        if (others.length >= MIN_OTHER_RUNS) {
          const interval = predictionInterval(others.map((o) => o.estimate), { confidence, newSe: p.estimate.se });
          const place = placeOf(p.ratio, interval);
          row.pooled.total += 1;
          row.pooled.contained += place === 'inside' ? 1 : 0;
          if (place !== 'inside') row.misses.push({ run: group[p.run].label, ratio: p.ratio, low: interval.low, high: interval.high });
        }
      });
      for (const [sum, part] of [[own, row.own], [pooled, row.pooled]]) {
        sum.contained += part.contained;
        sum.total += part.total;
      }
      comparisons.push(row);
    }
  }
  return { ownInterval: own, pooledInterval: pooled, comparisons };
}

module.exports = { calibrate, MIN_OTHER_RUNS };
