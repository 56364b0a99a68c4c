'use strict';
// pool/random-effects.js on cases worked by hand.
const test = require('node:test');
const assert = require('node:assert/strict');
const { predictionInterval, typicalStandardError, placeOf } = require('../../src/pool/random-effects');

const close = (a, b, tol = 1e-9) => Math.abs(a - b) < tol;

test('three runs at log ratios 0, 0.1, 0.2 with own errors 0.03: mean 0.1, between-run SD 0.1, t(2) = 4.303', () => {
  const estimates = [0, 0.1, 0.2].map((y) => ({ y, se: 0.03 }));
  const p = predictionInterval(estimates, { confidence: 0.95 });
  assert.equal(p.runs, 3);
  assert.ok(close(p.logMean, 0.1) && close(p.betweenRunSd, 0.1));
  const sd = Math.sqrt(0.01 * (1 + 1 / 3) + 0.03 ** 2);
  assert.ok(close(p.predictionSd, sd));
  assert.ok(Math.abs(p.t - 4.3027) < 1e-3);
  assert.ok(close(p.low, Math.exp(0.1 - p.t * sd)) && close(p.high, Math.exp(0.1 + p.t * sd)));
  assert.ok(close(p.ratio, Math.exp(0.1)));
});

test('a new run\'s own error widens its interval; the typical error is the root mean square of the runs\'', () => {
  const estimates = [{ y: 1.5, se: 0.01 }, { y: 1.6, se: 0.03 }, { y: 1.55, se: 0.02 }];
  assert.ok(close(typicalStandardError(estimates), Math.sqrt((0.0001 + 0.0009 + 0.0004) / 3)));
  const typical = predictionInterval(estimates, { confidence: 0.95 });
  const noisy = predictionInterval(estimates, { confidence: 0.95, newSe: 0.2 });
  assert.ok(noisy.high - noisy.low > typical.high - typical.low);
  assert.equal(placeOf(typical.high * 1.01, typical), 'above');
  assert.equal(placeOf(typical.low * 0.99, typical), 'below');
  assert.equal(placeOf(typical.ratio, typical), 'inside');
});

test('fewer than 2 runs and bad estimates are refused', () => {
  assert.throws(() => predictionInterval([{ y: 0, se: 0.1 }], { confidence: 0.95 }), /at least 2 runs, got 1/);
  assert.throws(() => predictionInterval([{ y: 0, se: 0.1 }, { y: NaN, se: 0.1 }], { confidence: 0.95 }), /finite log ratio/);
});
