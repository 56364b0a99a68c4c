'use strict';
// parts/block-schedule.js: block-major order, with the untimed parts between blocks. The real
// servers run through it in run.test.js (quick profile, 2 blocks).
const test = require('node:test');
const assert = require('node:assert/strict');
const { runBlockMajor } = require('../../src/rounds/block-schedule');

function recorder() {
  const calls = [];
  const runner = (id, blocks) => ({ blocks, runBlock: async (b) => { calls.push(`${id}${b}`); } });
  const part = (name) => async () => { calls.push(name); };
  return { calls, runner, part };
}

test('block 1 of every scenario, then the first untimed part, block 2 of every scenario, ...', async () => {
  const { calls, runner, part } = recorder();
  const left = await runBlockMajor({ runners: [runner('a', 3), runner('b', 3), runner('j', 3)], between: [part('instructions'), part('syscalls')] });
  assert.deepEqual(calls, ['a1', 'b1', 'j1', 'instructions', 'a2', 'b2', 'j2', 'syscalls', 'a3', 'b3', 'j3']);
  assert.deepEqual(left, []);
});

test('fewer gaps than parts: the rest is returned to run after the last block; a scenario with fewer blocks sits out', async () => {
  const { calls, runner, part } = recorder();
  const instructions = part('instructions');
  const syscalls = part('syscalls');
  const left = await runBlockMajor({ runners: [runner('a', 2), runner('one', 1)], between: [instructions, syscalls] });
  assert.deepEqual(calls, ['a1', 'one1', 'instructions', 'a2']);
  assert.deepEqual(left, [syscalls]);
  const single = recorder();
  assert.equal((await runBlockMajor({ runners: [single.runner('a', 1)], between: [instructions] })).length, 1, 'one block: every part after it, as before blocks');
});
