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

// Where a figure falls against an interval: 'inside', 'above' or 'below'.
function placeOf(ratio, { low, high }) {
  if (ratio > high) return 'above';
  if (ratio < low) return 'below';
  return 'inside';
}

module.exports = { predictionInterval, typicalStandardError, placeOf };
