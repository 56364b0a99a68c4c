'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { median, minMedianMax, spread } = require('../../src/summarize/stats');

test('median of odd and even counts, order does not matter', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([7]), 7);
});

test('min / median / max and spread = (max - min) / median', () => {
  const rates = [18000, 18500, 18231, 17900, 18400];
  assert.deepEqual(minMedianMax(rates), { min: 17900, median: 18231, max: 18500 });
  assert.equal(spread(rates), (18500 - 17900) / 18231);
  assert.equal(spread([100, 100]), 0);
});

test('no values, non-numbers and a zero median are errors, not NaN', () => {
  assert.throws(() => median([]), /at least one value/);
  assert.throws(() => minMedianMax([1, Number.NaN]), /not a finite number/);
  assert.throws(() => spread([0, 0, 1]), /median is 0/);
});
