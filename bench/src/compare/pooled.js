'use strict';
// The new run against the earlier comparable runs (issue 25): its results.pooled block (bench/src/pool/)
// says, per comparison pooled from at least 3 runs, where this run's ratio fell against the 95 %
// prediction interval of the runs before it. Outside is a finding (below: the reference lost ground,
// above: it gained); inside is not, whatever the medians or one old run's interval did: the pooled
// interval carries the variation between runs that a single run's figures do not.

// A ratio reference / other where higher is better for the reference (req/s, requests per server
// CPU-second): below the earlier runs' interval the reference lost ground, above it gained.
function verdictOfPlace(place) {
  if (place === 'below') return 'regression';
  if (place === 'above') return 'improvement';
  return 'within-noise';
}

// -> { rows: [{ scenario, metric, reference, other, earlierRuns, newRatio, earlierLow, earlierHigh,
// pooledRatio, low, high, place, verdict }], note } (note: why there are no rows, or null)
function comparePooled(newResults) {
  const pooled = newResults.pooled;
  if (!pooled) return { rows: [], note: 'the new run has no pooled block (only a complete default-profile run made with blocks is pooled)' };
  const rows = pooled.comparisons.filter((c) => c.newest.place).map((c) => ({
    scenario: c.scenario,
    metric: c.metric,
    reference: c.reference,
    other: c.other,
    earlierRuns: c.runs.length - 1,
    newRatio: c.newest.ratio,
    earlierLow: c.newest.earlierLow,
    earlierHigh: c.newest.earlierHigh,
    pooledRatio: c.ratio,
    low: c.low,
    high: c.high,
    place: c.newest.place,
    verdict: verdictOfPlace(c.newest.place),
  }));
  const note = rows.length ? null
    : `no comparison has ${pooled.minRuns - 1} earlier comparable runs yet (${pooled.runs.length} comparable run(s) with the new one; ${pooled.excluded.length} history file(s) left out)`;
  return { rows, note };
}

module.exports = { comparePooled, verdictOfPlace };
