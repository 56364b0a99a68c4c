'use strict';
// docs/src/benchmarks/subjects/fixed-rate-blocks.js: latency against load, with literal results.
const test = require('node:test');
const assert = require('node:assert/strict');
const { latencyLoad } = require('../../../src/benchmarks/subjects/fixed-rate-blocks');
const { stringsOf, literalResults, contextFor, chartOf, tableRows, fixedRateBlock } = require('../../support/subject-fixtures');

test('latency against load: one line per server over its offered rates, per group and percentile; a level not held is marked, never drawn', () => {
  const results = literalResults();
  results.fixedRate = fixedRateBlock();
  const en = latencyLoad(contextFor('en', results));
  const chart = chartOf(en, 'latency-load');
  assert.equal(chart.kind, 'line');
  // Groups: hello world at p50, p90, p99, p99.9; the first drawn is p99 (no JSON group here).
  assert.deepEqual(chart.groups, { selected: 2 });
  assert.deepEqual(chart.series.map((s) => s.group), [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
  const p99 = chart.series.filter((s) => s.group === 2);
  assert.deepEqual(p99.map((s) => s.x), [[100, 360], [100, 360], [100, 360]]);
  // Drogon at 90 %: not held, so no value (the run's own 36 ms is never drawn); nginx-return: no answer.
  assert.deepEqual(p99.map((s) => s.values), [[0.4, null], [0.8, 4], [0.2, null]]);
  assert.deepEqual(p99.map((s) => s.notHeld), [[false, true], [false, false], [false, false]]);
  const rows = tableRows(en).filter((r) => r[0] === 'hello world (GET), 99%');
  assert.deepEqual(rows, [
    ['hello world (GET), 99%', 'Drogon', '0.40', 'not held: 300 of 360 req/s'],
    ['hello world (GET), 99%', 'nginx', '0.80', '4.00'],
    ['hello world (GET), 99%', 'nginx return', '0.20', 'no answer'],
  ]);
  assert.match(en, /\| Endpoint, percentile \| Server \| 25% of max \(ms\) \| 90% of max \(ms\) \|/);
  assert.match(en, /×: a rate the load generator did not hold \(under 98% of the target, or errors\); no latency drawn there\./);
  assert.match(en, /- hello world \(GET\): 100% = 400 req\/s, the median of nginx \(the slowest\) in 100 connections, keep-alive; target rates 100 \(25%\); 360 \(90%\)/);
  assert.match(en, /oha 1\.16\.0, open loop \(--latency-correction\)/);
  // The exact commands of every run, in the source drawer.
  for (const c of ['oha -q 100 a', 'oha -q 360 b', 'oha -q 360 c']) assert.ok(en.includes(`\`${c}\``), c);
  const zh = latencyLoad(contextFor('zh-CN', results));
  assert.ok(tableRows(zh).some((r) => r[1] === 'Drogon' && r[3] === '未达到：目标 360 请求/秒，实际 300'));
  assert.match(zh, /开环/);
  // Every level held: one line says so.
  results.fixedRate.groups[0].levels.pop();
  assert.match(latencyLoad(contextFor('en', results)), /Every rate was held \(at least 98% of the target achieved, no errors\)\./);
});

test('latency against load without fixed-rate runs, or without a basis: one sentence', () => {
  const results = literalResults();
  assert.equal(latencyLoad(contextFor('en', results)), stringsOf('en').latencyLoad.none);
  results.fixedRate = fixedRateBlock();
  results.fixedRate.groups[0].basis = null;
  results.fixedRate.groups[0].levels = [];
  results.fixedRate.groups[0].failureReason = 'no successful run of c100-keepalive';
  assert.equal(latencyLoad(contextFor('en', results)), 'The fixed-rate runs did not start: hello world (GET): no successful run of c100-keepalive.');
});
