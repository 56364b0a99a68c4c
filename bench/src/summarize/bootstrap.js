'use strict';
// Paired comparison of two servers within one scenario, with a bootstrap confidence interval.
// Each round measures every server once, so round r gives one ratio reference/other (a pair, made by
// rounds/rounds.js). The statistic is the geometric mean of those ratios (the mean of their logarithms, taken back with exp):
// a ratio of 1.2 and one of 1/1.2 cancel, as they should. Its 95 % interval is the percentile
// bootstrap: resample the pairs with replacement, recompute the statistic, take the 2.5th and 97.5th
// percentiles of the resampled statistics. The verdict comes from that interval only: above 1
// "faster", below 1 "slower", containing 1 "within-noise"; never from comparing spreads.
// Rounds come in blocks (each block starts its servers afresh, at another time of the run): the
// bootstrap is then hierarchical, as the run was made: resample the blocks, then the rounds within
// each block drawn, so the interval carries the variation between server starts and the drift over the
// run, not only the variation between rounds of one start (Kalibera and Jones, ISMM 2013). The standard
// deviation of the resampled log means is the run's standard error, which pooling over runs uses.
const { mulberry32, randomIndex, checkSeed } = require('../helpers/prng');

const STATISTIC = 'geometric mean of the paired per-round ratios';
const INTERVAL = 'percentile';
const RESAMPLING = 'hierarchical: the blocks with replacement, then the paired rounds within each block drawn';
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

// The means of `resamples` two-stage resamples of groups (arrays of values), sorted ascending: draw
// as many groups as there are, with replacement, then within each drawn group as many of its values,
// with replacement; the statistic is the mean of all values drawn. One group: exactly bootstrapMeans
// (the same draws from the same seed).
function hierarchicalMeans(groups, { resamples, seed }) {
  if (groups.length === 1) return bootstrapMeans(groups[0], { resamples, seed });
  if (groups.length === 0 || groups.some((g) => g.length === 0)) throw new Error('hierarchical bootstrap needs non-empty groups');
  const random = mulberry32(seed);
  const g = groups.length;
  const means = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < g; i++) {
      const group = groups[randomIndex(random, g)];
      const n = group.length;
      for (let j = 0; j < n; j++) sum += group[randomIndex(random, n)];
      count += n;
    }
    means[b] = sum / count;
  }
  return means.sort();
}

function standardDeviation(values) {
  const m = mean(values);
  let sum = 0;
  for (const v of values) sum += (v - m) ** 2;
  return Math.sqrt(sum / (values.length - 1));
}

function checkRatio(r) {
  if (!(typeof r === 'number' && Number.isFinite(r) && r > 0)) throw new Error(`a paired ratio must be a positive finite number, got ${r}`);
}

// blocks: one array of paired ratios (positive numbers) per block of rounds; empty blocks are left
// out. Returns { pairs, blocks, ratio, ciLow, ciHigh, logRatio, logStandardError } (logRatio = ln ratio,
// logStandardError = the SD of the resampled log means) or, with fewer than 2 pairs, the interval and
// standard error null and a reason (one pair says nothing about the noise).
function blockedGeometricMeanInterval(blocks, options) {
  checkOptions(options);
  for (const r of blocks.flat()) checkRatio(r);
  const groups = blocks.filter((b) => b.length > 0).map((b) => b.map(Math.log));
  const logs = groups.flat();
  const pairs = logs.length;
  if (pairs < 2) {
    return { pairs, blocks: groups.length, ratio: pairs === 1 ? blocks.flat()[0] : null, ciLow: null, ciHigh: null,
      logRatio: pairs === 1 ? logs[0] : null, logStandardError: null, reason: TOO_FEW };
  }
  const resampled = hierarchicalMeans(groups, options);
  const { low, high } = percentileInterval(resampled, options.confidence);
  const logRatio = mean(logs);
  return { pairs, blocks: groups.length, ratio: Math.exp(logRatio), ciLow: Math.exp(low), ciHigh: Math.exp(high), logRatio, logStandardError: standardDeviation(resampled) };
}

// ratios: positive numbers, one per paired round, all from one block. Returns { pairs, ratio, ciLow,
// ciHigh } or, with fewer than 2 pairs, ciLow/ciHigh null and a reason.
function geometricMeanInterval(ratios, options) {
  const { pairs, ratio, ciLow, ciHigh, reason } = blockedGeometricMeanInterval([ratios], options);
  return { pairs, ratio, ciLow, ciHigh, ...(reason ? { reason } : {}) };
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
  STATISTIC, INTERVAL, RESAMPLING, MIN_RESAMPLES, TOO_FEW,
  bootstrapMeans, hierarchicalMeans, percentileInterval, geometricMeanInterval, blockedGeometricMeanInterval, verdictOf, relativeHalfWidth,
};
