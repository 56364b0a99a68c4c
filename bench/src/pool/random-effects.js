'use strict';
// Pooling one comparison over k comparable runs, as a simple random-effects estimate on the log scale:
// the mean of the runs' log ratios, and a prediction interval for the figure of a new run,
//   mean +- t(k - 1) * sqrt(s_b^2 * (1 + 1/k) + se_new^2),
// s_b the SD of the log ratios between runs (it holds the variation between runs made at different
// times, which one run's own interval does not see), 1/k the uncertainty of the mean, se_new a new
// run's own standard error, and Student's t for k - 1 degrees of freedom (few runs, an estimated SD).
// s_b already holds the runs' own errors, so adding se_new is conservative; on the 5 comparable runs
// of 2026-11-23..25 this interval held the left-out run 181 times of 186 (field notes, 2026-11-27).
const { studentTQuantile } = require('./student-t');

function mean(values) {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

// The new run's own standard error where no particular run is meant (the page's interval): the root
// mean square of the pooled runs' own standard errors, a typical run's.
function typicalStandardError(estimates) {
  return Math.sqrt(mean(estimates.map((e) => e.se ** 2)));
}

// estimates: [{ y, se }] (k >= 2); newSe: the standard error of the run the interval is for
// (default: a typical run's). -> { runs, logMean, betweenRunSd, predictionSd, t, ratio, low, high }
function predictionInterval(estimates, { confidence, newSe = typicalStandardError(estimates) }) {
  const k = estimates.length;
  if (k < 2) throw new Error(`a prediction interval needs at least 2 runs, got ${k}`);
  for (const e of estimates) {
    if (!Number.isFinite(e.y) || !(e.se >= 0)) throw new Error(`a run's estimate needs a finite log ratio and a standard error >= 0, got ${JSON.stringify(e)}`);
  }
  const logMean = mean(estimates.map((e) => e.y));
  const between = estimates.reduce((sum, e) => sum + (e.y - logMean) ** 2, 0) / (k - 1);
  const predictionSd = Math.sqrt(between * (1 + 1 / k) + newSe ** 2);
  const t = studentTQuantile(1 - (1 - confidence) / 2, k - 1);
  return {
    runs: k,
    logMean,
    betweenRunSd: Math.sqrt(between),
    predictionSd,
    t,
    ratio: Math.exp(logMean),
    low: Math.exp(logMean - t * predictionSd),
    high: Math.exp(logMean + t * predictionSd),
  };
}

// The machine as a level (issue 33): runs sit inside machines, and the question is what a new run on a
// NEW machine of the class will show. estimates: [{ y, se, machine }].
//  - M >= 2 machines: the mean of the machine means; s_w^2 the pooled variance of runs within machines
//    (0 when no machine has 2 runs), S^2 the variance of the machine means (M - 1 degrees of freedom),
//    s_m^2 = max(0, S^2 - s_w^2 * mean(1/n_i)) the variance between machines, and
//      predictionSd^2 = s_m^2 + s_w^2 + S^2 / M + se_new^2,
//    with Student's t for M - 1 degrees of freedom: the honest count when machines are few (with 2,
//    t = 12.7 and the interval is wide; the page says so).
//  - One machine: the one-level interval above over its runs (k - 1 degrees of freedom), which is an
//    interval for that machine, not for a new one (scope says which).
function machinePredictionInterval(estimates, { confidence, newSe = typicalStandardError(estimates) }) {
  const groups = new Map();
  for (const e of estimates) {
    if (typeof e.machine !== 'string' || !e.machine) throw new Error(`a run's estimate needs the machine it was made on, got ${JSON.stringify(e)}`);
    if (!groups.has(e.machine)) groups.set(e.machine, []);
    groups.get(e.machine).push(e);
  }
  const M = groups.size;
  if (M < 2) {
    return { ...predictionInterval(estimates, { confidence, newSe }), machines: M, scope: 'this-machine', degreesOfFreedom: estimates.length - 1,
      betweenMachineSd: null, withinMachineSd: null };
  }
  for (const e of estimates) {
    if (!Number.isFinite(e.y) || !(e.se >= 0)) throw new Error(`a run's estimate needs a finite log ratio and a standard error >= 0, got ${JSON.stringify(e)}`);
  }
  const machineMeans = [...groups.values()].map((g) => mean(g.map((e) => e.y)));
  const logMean = mean(machineMeans);
  const S2 = machineMeans.reduce((sum, m) => sum + (m - logMean) ** 2, 0) / (M - 1);
  let withinSs = 0;
  let withinDf = 0;
  for (const g of groups.values()) {
    const m = mean(g.map((e) => e.y));
    withinSs += g.reduce((sum, e) => sum + (e.y - m) ** 2, 0);
    withinDf += g.length - 1;
  }
  const sw2 = withinDf > 0 ? withinSs / withinDf : 0;
  const meanInverseRuns = mean([...groups.values()].map((g) => 1 / g.length));
  const sm2 = Math.max(0, S2 - sw2 * meanInverseRuns);
  const predictionSd = Math.sqrt(sm2 + sw2 + S2 / M + newSe ** 2);
  const t = studentTQuantile(1 - (1 - confidence) / 2, M - 1);
  const all = estimates.map((e) => e.y);
  const grand = mean(all);
  return {
    runs: estimates.length,
    machines: M,
    scope: 'new-machine',
    degreesOfFreedom: M - 1,
    logMean,
    betweenRunSd: Math.sqrt(all.reduce((sum, y) => sum + (y - grand) ** 2, 0) / (all.length - 1)),
    betweenMachineSd: Math.sqrt(sm2),
    withinMachineSd: Math.sqrt(sw2),
    predictionSd,
    t,
    ratio: Math.exp(logMean),
    low: Math.exp(logMean - t * predictionSd),
    high: Math.exp(logMean + t * predictionSd),
  };
}

// Where a figure falls against an interval: 'inside', 'above' or 'below'.
function placeOf(ratio, { low, high }) {
  if (ratio > high) return 'above';
  if (ratio < low) return 'below';
  return 'inside';
}

module.exports = { predictionInterval, machinePredictionInterval, typicalStandardError, placeOf };
