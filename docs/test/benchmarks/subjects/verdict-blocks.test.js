'use strict';
// docs/src/benchmarks/subjects/verdict-blocks.js: the verdict table and its chart (at a glance), with literal results.
const test = require('node:test');
const assert = require('node:assert/strict');
const { glance } = require('../../../src/benchmarks/subjects/verdict-blocks');
const { stringsOf, literalResults, contextFor, chartOf, tableRows } = require('../../support/subject-fixtures');

test('at a glance with intervals: key scenarios pipelined, keep-alive, new connection; interval error bars; verdicts', () => {
  const results = literalResults();
  const en = glance(contextFor('en', results));
  assert.doesNotMatch(en, /no confidence intervals/);
  const chart = chartOf(en, 'ratios');
  assert.deepEqual(chart.series.map((s) => s.values), [[3.6, 1.01, 0.9], [3.5, 0.8, 0.7]]);
  assert.deepEqual(chart.series[0].min, [3.5, 0.98, null]);
  assert.deepEqual(chart.series[0].max, [3.75, 1.04, null]);
  const rows = tableRows(en);
  assert.deepEqual(rows.map((r) => r[0]), ['100 connections, pipelined, 16 requests per write', '100 connections, keep-alive', '100 connections, new connection per request']);
  assert.deepEqual(rows[0].slice(1), ['**3.60× (3.50–3.75), faster**', '3.50× (3.40–3.70), faster', 'server']);
  // Keep-alive, load generator saturated: the per-CPU figure is the one in bold.
  assert.deepEqual(rows[1].slice(1), ['1.01× (0.98–1.04), within noise', '**0.80× (0.75–0.85), slower**', 'load generator']);
  assert.deepEqual(rows[2].slice(1), ['0.90× (no interval)', '**0.70× (no interval)**', 'Drogon: both; nginx: load generator']);
  const zh = glance(contextFor('zh-CN', results));
  assert.deepEqual(tableRows(zh)[0].slice(1), ['**3.60×（3.50–3.75），更快**', '3.50×（3.40–3.70），更快', '服务器']);
});
