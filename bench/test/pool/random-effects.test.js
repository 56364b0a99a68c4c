'use strict';
// pool/random-effects.js on cases worked by hand.
const test = require('node:test');
const assert = require('node:assert/strict');
const { predictionInterval, machinePredictionInterval, typicalStandardError, placeOf } = require('../../src/pool/random-effects');

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

test('machines as a level, worked by hand: 2 machines of 2 runs, t with M - 1 = 1 degree of freedom', () => {
  // machine a: 0.0, 0.2 (mean 0.1); machine b: 0.4, 0.6 (mean 0.5). Grand mean of machine means 0.3.
  // S^2 = ((0.1-0.3)^2 + (0.5-0.3)^2) / 1 = 0.08; s_w^2 = (0.02 + 0.02) / 2 = 0.02; mean(1/n) = 0.5;
  // s_m^2 = 0.08 - 0.01 = 0.07; predictionSd^2 = 0.07 + 0.02 + 0.08/2 + 0.05^2 = 0.1325.
  const estimates = [['a', 0], ['a', 0.2], ['b', 0.4], ['b', 0.6]].map(([machine, y]) => ({ y, se: 0.05, machine }));
  const p = machinePredictionInterval(estimates, { confidence: 0.95 });
  assert.equal(p.scope, 'new-machine');
  assert.equal(p.machines, 2);
  assert.equal(p.degreesOfFreedom, 1);
  assert.ok(close(p.logMean, 0.3));
  assert.ok(close(p.betweenMachineSd, Math.sqrt(0.07)) && close(p.withinMachineSd, Math.sqrt(0.02)));
  assert.ok(close(p.predictionSd, Math.sqrt(0.1325)));
  assert.ok(Math.abs(p.t - 12.706) < 1e-2, `t(1) = 12.706, got ${p.t}`);
  // The same four runs taken as one machine: a narrower interval, for that machine.
  const one = machinePredictionInterval(estimates.map((e) => ({ ...e, machine: 'a' })), { confidence: 0.95 });
  assert.equal(one.scope, 'this-machine');
  assert.equal(one.degreesOfFreedom, 3);
  assert.ok(one.high - one.low < p.high - p.low);
});

test('machines: one run each is the one-level interval; a between-machine variance below the within one is 0; a run without a machine is refused', () => {
  const single = [0, 0.1, 0.2].map((y, i) => ({ y, se: 0.03, machine: `m${i}` }));
  const p = machinePredictionInterval(single, { confidence: 0.95 });
  const q = predictionInterval(single, { confidence: 0.95 });
  assert.ok(close(p.predictionSd, q.predictionSd) && close(p.low, q.low) && close(p.high, q.high));
  const noisyWithin = [['a', 0], ['a', 1], ['b', 0.1], ['b', 0.9]].map(([machine, y]) => ({ y, se: 0, machine }));
  assert.equal(machinePredictionInterval(noisyWithin, { confidence: 0.95 }).betweenMachineSd, 0);
  assert.throws(() => machinePredictionInterval([{ y: 0, se: 0 }, { y: 1, se: 0 }], { confidence: 0.95 }), /needs the machine it was made on/);
});
