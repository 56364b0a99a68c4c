'use strict';
// parts/rounds.js: the seeded round order and the pairing of runs by round. The pool and the rounds
// loop run against the real servers in run.test.js and run-json.test.js.
const test = require('node:test');
const assert = require('node:assert/strict');
const { roundOrders, blockNumbers, pairedRatios, pairsByBlock, compareServers } = require('../../src/rounds/rounds');
const { relativeHalfWidth } = require('../../src/summarize/bootstrap');

const options = { resamples: 10000, confidence: 0.95, seed: 20261123 };

test('round orders come from the seed and the block name alone: every server once per round', () => {
  const ids = ['drogon', 'nginx-module', 'nginx-return'];
  const a = roundOrders(42, 'pipelined-c256', ids, 6);
  assert.deepEqual(a, roundOrders(42, 'pipelined-c256', ids, 6));
  assert.deepEqual(a.map((r) => r.round), [1, 2, 3, 4, 5, 6]);
  for (const { order } of a) assert.deepEqual([...order].sort(), ids);
  assert.notDeepEqual(a, roundOrders(42, 'c100-keepalive', ids, 6), 'another block has its own stream');
  assert.notDeepEqual(a, roundOrders(43, 'pipelined-c256', ids, 6), 'another seed gives other orders');
});

test('pairs come from the same round with both runs ok; compareServers gives one entry per metric and other server', () => {
  const run = (round, rps, eff, status = 'ok') => (status === 'ok'
    ? { round, status, requestsPerSecond: rps, requestsPerServerCpuSecond: eff }
    : { round, status, failureReason: 'server "x" killed by SIGKILL during the run' });
  const results = [
    { server: 'nginx', runs: [run(1, 100, 10), run(2, 0, 0, 'failed'), run(3, 100, 10)] },
    { server: 'drogon', runs: [run(1, 200, 30), run(2, 210, 31), run(3, 220, 29)] },
    { server: 'other', runs: [run(1, 400, 10), run(2, 400, 10), run(3, 0, 0, 'failed')] },
  ];
  assert.deepEqual(pairedRatios(results[1].runs, results[0].runs, 'requestsPerSecond'), [2, 2.2]);
  const comparisons = compareServers({ results, reference: 'drogon', metrics: ['requestsPerSecond', 'requestsPerServerCpuSecond'], bootstrap: options });
  assert.deepEqual(comparisons.map((c) => `${c.metric}/${c.other}/${c.pairs}/${c.verdict}`), [
    'requestsPerSecond/nginx/2/faster', 'requestsPerSecond/other/2/slower',
    'requestsPerServerCpuSecond/nginx/2/faster', 'requestsPerServerCpuSecond/other/2/faster',
  ]);
  const c = comparisons[0];
  assert.equal(c.reference, 'drogon');
  assert.ok(Math.abs(c.ciLow - 2) < 1e-12 && Math.abs(c.ciHigh - 2.2) < 1e-12);
  assert.ok(Math.abs(relativeHalfWidth(c) - 0.1 / Math.sqrt(4.4)) < 1e-12);
  assert.deepEqual(compareServers({ results, reference: 'absent', metrics: ['requestsPerSecond'], bootstrap: options }), []);
});

test('blocks: consecutive rounds, the first blocks one more when they do not divide; the orders do not depend on the blocks', () => {
  assert.deepEqual(blockNumbers(10, 3), [1, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
  assert.deepEqual(blockNumbers(60, 3).filter((b) => b === 2).length, 20);
  assert.deepEqual(blockNumbers(2, 3), [1, 2], 'never more blocks than rounds');
  assert.deepEqual(blockNumbers(4, 1), [1, 1, 1, 1]);
  assert.throws(() => blockNumbers(4, 0), /blocks must be a whole number >= 1/);
  const ids = ['drogon', 'nginx-module', 'nginx-return'];
  const blocked = roundOrders(42, 'pipelined-c256', ids, 7, 3);
  assert.deepEqual(blocked.map((r) => r.block), [1, 1, 1, 2, 2, 3, 3]);
  assert.deepEqual(blocked.map(({ round, order }) => ({ round, order })), roundOrders(42, 'pipelined-c256', ids, 7));
});

test('pairs by block: each block its own array, in block order; pairs stay within their round', () => {
  const run = (round, block, rps) => ({ round, block, status: 'ok', requestsPerSecond: rps });
  const drogon = [run(1, 1, 200), run(2, 1, 220), run(3, 2, 300), run(4, 3, 150)];
  const nginx = [run(1, 1, 100), run(2, 1, 100), run(3, 2, 100), { round: 4, block: 3, status: 'failed' }];
  assert.deepEqual(pairsByBlock(drogon, nginx, 'requestsPerSecond'), [[2, 2.2], [3]]);
  assert.deepEqual(pairedRatios(drogon, nginx, 'requestsPerSecond'), [2, 2.2, 3]);
  const [c] = compareServers({ results: [{ server: 'drogon', runs: drogon }, { server: 'nginx', runs: nginx }], reference: 'drogon', metrics: ['requestsPerSecond'], bootstrap: options });
  assert.deepEqual([c.pairs, c.blocks], [3, 2]);
  assert.ok(Math.abs(c.logRatio - Math.log(c.ratio)) < 1e-12 && c.logStandardError > 0);
});
