'use strict';
// The bootstrap confidence interval of the paired Drogon/other ratio, on cases with known answers.
const test = require('node:test');
const assert = require('node:assert/strict');
const {
  bootstrapMeans, hierarchicalMeans, percentileInterval, geometricMeanInterval, blockedGeometricMeanInterval, verdictOf, relativeHalfWidth, TOO_FEW,
} = require('../../src/summarize/bootstrap');

const options = { resamples: 10000, confidence: 0.95, seed: 20261123 };

test('constant ratios give a zero-width interval at that ratio', () => {
  for (const ratio of [3.7, 1, 0.25]) {
    const r = geometricMeanInterval([ratio, ratio, ratio, ratio, ratio], options);
    assert.equal(r.ciLow, r.ciHigh, `ratio ${ratio}: zero width`);
    assert.ok(Math.abs(r.ratio - ratio) < 1e-12 && Math.abs(r.ciLow - ratio) < 1e-12, `at ${ratio}: ${JSON.stringify(r)}`);
  }
  assert.equal(verdictOf(geometricMeanInterval([3.7, 3.7], options)), 'faster');
  assert.equal(verdictOf(geometricMeanInterval([0.25, 0.25], options)), 'slower');
});

test('two pairs: the resampled means are a, (a+b)/2 or b with 1/4, 1/2, 1/4, so the 95 % interval is [min, max]', () => {
  const r = geometricMeanInterval([1.1, 1.3], options);
  assert.ok(Math.abs(r.ciLow - 1.1) < 1e-12 && Math.abs(r.ciHigh - 1.3) < 1e-12, JSON.stringify(r));
  assert.ok(Math.abs(r.ratio - Math.sqrt(1.1 * 1.3)) < 1e-12, 'geometric mean');
  assert.equal(verdictOf(r), 'faster');
  assert.equal(verdictOf(geometricMeanInterval([0.9, 1.2], options)), 'within-noise', 'an interval containing 1');
});

test('textbook case: Efron & Tibshirani\'s mouse data (treatment group), ideal bootstrap standard error of the mean 23.36', () => {
  // An Introduction to the Bootstrap (1993), table 2.1: survival times 94 197 16 38 99 141 23, mean 86.86.
  // The ideal bootstrap SE of the mean is the plug-in SD / sqrt(n) = 23.36 (the book's 25.24 x sqrt(6/7)).
  const mouse = [94, 197, 16, 38, 99, 141, 23];
  const means = bootstrapMeans(mouse, options);
  const avg = means.reduce((a, b) => a + b, 0) / means.length;
  const se = Math.sqrt(means.reduce((a, b) => a + (b - avg) ** 2, 0) / (means.length - 1));
  assert.ok(Math.abs(avg - 86.86) < 0.8, `mean of the bootstrap means ${avg}`);
  assert.ok(Math.abs(se - 23.36) < 0.6, `bootstrap SE ${se}`);
  // The percentile interval is close to the standard interval mean +- 1.96 SE = [41.1, 132.6].
  const { low, high } = percentileInterval(means, 0.95);
  assert.ok(Math.abs(low - 41.1) < 5 && Math.abs(high - 132.6) < 5, `[${low}, ${high}]`);
});

test('the same seed gives the same interval; another seed a slightly different one', () => {
  const ratios = [1.02, 0.97, 1.05, 1.01, 0.99, 1.04];
  assert.deepEqual(geometricMeanInterval(ratios, options), geometricMeanInterval(ratios, options));
  const other = geometricMeanInterval(ratios, { ...options, seed: 7 });
  const first = geometricMeanInterval(ratios, options);
  assert.equal(other.ratio, first.ratio, 'the estimate does not depend on the seed');
  assert.ok(Math.abs(other.ciLow - first.ciLow) < 0.01 && Math.abs(other.ciHigh - first.ciHigh) < 0.01);
});

test('fewer than 2 pairs: no interval, the reason, verdict within-noise', () => {
  assert.deepEqual(geometricMeanInterval([1.5], options), { pairs: 1, ratio: 1.5, ciLow: null, ciHigh: null, reason: TOO_FEW });
  assert.deepEqual(geometricMeanInterval([], options), { pairs: 0, ratio: null, ciLow: null, ciHigh: null, reason: TOO_FEW });
  assert.equal(verdictOf({ ciLow: null, ciHigh: null }), 'within-noise');
  assert.equal(relativeHalfWidth({ ratio: 1.5, ciLow: null, ciHigh: null }), null);
});

test('bad input is refused: non-positive ratios and options', () => {
  assert.throws(() => geometricMeanInterval([1, 0], options), /positive finite number, got 0/);
  assert.throws(() => geometricMeanInterval([1, 2], { ...options, resamples: 0 }), /resamples/);
  assert.throws(() => geometricMeanInterval([1, 2], { ...options, confidence: 1 }), /confidence/);
  assert.throws(() => geometricMeanInterval([1, 2], { ...options, seed: -3 }), /seed/);
});

// Blocks (issue 25): rounds come in blocks that each start the servers afresh; the hierarchical
// bootstrap resamples blocks, then rounds within them.
test('one block: the hierarchical bootstrap is the plain one, draw for draw', () => {
  const ratios = [1.02, 0.97, 1.05, 1.01, 0.99, 1.04];
  const logs = ratios.map(Math.log);
  assert.deepEqual(hierarchicalMeans([logs], options), bootstrapMeans(logs, options));
  const blocked = blockedGeometricMeanInterval([ratios], options);
  const plain = geometricMeanInterval(ratios, options);
  assert.deepEqual([blocked.ratio, blocked.ciLow, blocked.ciHigh, blocked.pairs, blocked.blocks], [plain.ratio, plain.ciLow, plain.ciHigh, 6, 1]);
  assert.ok(Math.abs(blocked.logRatio - Math.log(plain.ratio)) < 1e-15);
});

test('blocks that disagree widen the interval: the between-block shift is in it, not only the spread within blocks', () => {
  // Three blocks, each steady within itself (spread 1 %), at 4.5, 5.0 and 5.5: a run whose server
  // starts landed differently. Pooled as one block, the rounds look precise; by blocks they are not.
  const block = (center) => [0.99, 1.0, 1.01, 1.0, 0.995, 1.005].map((x) => x * center);
  const blocks = [block(4.5), block(5.0), block(5.5)];
  const flat = geometricMeanInterval(blocks.flat(), options);
  const hier = blockedGeometricMeanInterval(blocks, options);
  assert.equal(hier.ratio, flat.ratio, 'the same estimate: the mean of all log ratios');
  const width = (r) => Math.log(r.ciHigh / r.ciLow);
  assert.ok(width(hier) > 2 * width(flat), `hierarchical ${width(hier)} against flat ${width(flat)}`);
  assert.ok(hier.ciLow < 4.8 && hier.ciHigh > 5.2, `[${hier.ciLow}, ${hier.ciHigh}] covers the blocks' spread`);
  // The standard error is the SD of the resampled log means: about the SD of the block means / sqrt(3),
  // times sqrt(2/3) (a bootstrap of 3 units), here ln(5.5/4.5)/2 ... within a loose band.
  const blockMeans = blocks.map((b) => b.reduce((a, x) => a + Math.log(x), 0) / b.length);
  const m = blockMeans.reduce((a, b) => a + b, 0) / 3;
  const sdMeans = Math.sqrt(blockMeans.reduce((a, b) => a + (b - m) ** 2, 0) / 2);
  const expected = (sdMeans / Math.sqrt(3)) * Math.sqrt(2 / 3);
  assert.ok(Math.abs(hier.logStandardError - expected) / expected < 0.1, `SE ${hier.logStandardError} against ${expected}`);
});

test('blocked: empty blocks are left out, fewer than 2 pairs have no interval, bad ratios are refused', () => {
  assert.equal(blockedGeometricMeanInterval([[1.1, 1.2], [], [1.3]], options).blocks, 2);
  assert.deepEqual(blockedGeometricMeanInterval([[], [2]], options), { pairs: 1, blocks: 1, ratio: 2, ciLow: null, ciHigh: null, logRatio: Math.log(2), logStandardError: null, reason: TOO_FEW });
  assert.throws(() => blockedGeometricMeanInterval([[1], [-1]], options), /positive finite number, got -1/);
  assert.throws(() => hierarchicalMeans([[1], []], options), /non-empty groups/);
});
