'use strict';
// The runner's command line: --seed and --parts, and a bad value named.
const test = require('node:test');
const assert = require('node:assert/strict');
const { parseCli } = require('../../src/plan/cli');

test('--seed and --parts on the command line: bad values are named', () => {
  assert.equal(parseCli(['--seed', '4294967295']).seed, 4294967295);
  assert.equal(parseCli([]).output, null, 'no --output: the runner picks the path');
  assert.throws(() => parseCli(['--seed', '4294967296']), /--seed must be a whole number from 0 to 4294967295/);
  assert.throws(() => parseCli(['--seed=-1']), /--seed must be a whole number/);
  assert.throws(() => parseCli(['--seed', '12abc']), /--seed must be a whole number/);
  assert.equal(parseCli(['--parts', 'sweep']).parts, 'sweep');
});
