'use strict';
// Paired comparison of two servers within one scenario, with a bootstrap confidence interval.
// Each round measures every server once, so round r gives one ratio reference/other (a pair, made by
// parts/rounds.js). The statistic is the geometric mean of those ratios (the mean of their logarithms, taken back with exp):
// a ratio of 1.2 and one of 1/1.2 cancel, as they should. Its 95 % interval is the percentile
// bootstrap: resample the pairs with replacement, recompute the statistic, take the 2.5th and 97.5th
// percentiles of the resampled statistics. The verdict comes from that interval only: above 1
// "faster", below 1 "slower", containing 1 "within-noise"; never from comparing spreads.
const { mulberry32, randomIndex, checkSeed } = require('../shared/prng');

const STATISTIC = 'geometric mean of the paired per-round ratios';
const INTERVAL = 'percentile';
const MIN_RESAMPLES = 10000;
const TOO_FEW = 'too few paired rounds';

function mean(values) {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

function checkOptions({ resamples, confidence, seed }) {
  if (!Number.isInteger(resamples) || resamples < 1) throw new Error(`bootstrap resamples must be a whole number >= 1, got ${resamples}`);
  if (!(confidence > 0 && confidence < 1)) throw new Error(`bootstrap confidence must be in (0, 1), got ${confidence}`);
  checkSeed(seed);
}

// The means of `resamples` resamples (with replacement, same size) of values, sorted ascending.
// One generator per call, seeded: the same values and seed give the same distribution.
function bootstrapMeans(values, { resamples, seed }) {
  const n = values.length;
  if (n === 0) throw new Error('bootstrap needs at least one value');
  const random = mulberry32(seed);
  const means = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[randomIndex(random, n)];
    means[b] = sum / n;
  }
  return means.sort();
}

// Percentile interval of a sorted bootstrap distribution: as many resamples cut off below as above
// (for 10,000 resamples at 95 %: the 251st smallest and the 251st largest).
function percentileInterval(sorted, confidence) {
  const tail = Math.floor(((1 - confidence) / 2) * sorted.length);
  return { low: sorted[tail], high: sorted[sorted.length - 1 - tail] };
}

// ratios: positive numbers, one per paired round. Returns { pairs, ratio, ciLow, ciHigh } or, with
// fewer than 2 pairs, ciLow/ciHigh null and a reason (one pair says nothing about the noise).
function geometricMeanInterval(ratios, options) {
  checkOptions(options);
  for (const r of ratios) {
    if (!(typeof r === 'number' && Number.isFinite(r) && r > 0)) throw new Error(`a paired ratio must be a positive finite number, got ${r}`);
  }
  const logs = ratios.map(Math.log);
  const pairs = ratios.length;
  if (pairs < 2) {
    return { pairs, ratio: pairs === 1 ? ratios[0] : null, ciLow: null, ciHigh: null, reason: TOO_FEW };
  }
  const { low, high } = percentileInterval(bootstrapMeans(logs, options), options.confidence);
  return { pairs, ratio: Math.exp(mean(logs)), ciLow: Math.exp(low), ciHigh: Math.exp(high) };
}

function verdictOf({ ciLow, ciHigh }) {
  if (ciLow === null || ciHigh === null) return 'within-noise';
  if (ciLow > 1) return 'faster';
  if (ciHigh < 1) return 'slower';
  return 'within-noise';
}

// Half the interval's width relative to the ratio: the benchmark expectation says <= 3 % for the
// pipelined Drogon/nginx comparisons on a quiet machine.
function relativeHalfWidth({ ratio, ciLow, ciHigh }) {
  if (ciLow === null || ciHigh === null || !(ratio > 0)) return null;
  return (ciHigh - ciLow) / 2 / ratio;
}

module.exports = {
  STATISTIC, INTERVAL, MIN_RESAMPLES, TOO_FEW,
  bootstrapMeans, percentileInterval, geometricMeanInterval, verdictOf, relativeHalfWidth,
};
