'use strict';
// pool/student-t.js against the printed table (two-sided 95 % and 90 %: the 0.975 and 0.95 quantiles).
const test = require('node:test');
const assert = require('node:assert/strict');
const { studentTQuantile, studentTCdf } = require('../../src/pool/student-t');

test('t quantiles match the table to 3 decimals', () => {
  const table = { 1: [12.706, 6.314], 2: [4.303, 2.920], 3: [3.182, 2.353], 4: [2.776, 2.132], 9: [2.262, 1.833], 30: [2.042, 1.697] };
  for (const [df, [q975, q95]] of Object.entries(table)) {
    assert.ok(Math.abs(studentTQuantile(0.975, Number(df)) - q975) < 5e-4, `df ${df}: ${studentTQuantile(0.975, Number(df))}`);
    assert.ok(Math.abs(studentTQuantile(0.95, Number(df)) - q95) < 5e-4, `df ${df}`);
  }
  assert.ok(Math.abs(studentTCdf(0, 5) - 0.5) < 1e-12);
  assert.ok(Math.abs(studentTCdf(-2.571, 5) - 0.025) < 1e-4);
});

test('bad arguments are named', () => {
  assert.throws(() => studentTQuantile(0.4, 3), /p must be in \(0\.5, 1\)/);
  assert.throws(() => studentTQuantile(0.975, 0), /degrees of freedom/);
});
