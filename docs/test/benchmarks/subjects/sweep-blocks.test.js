'use strict';
// docs/src/benchmarks/subjects/sweep-blocks.js: the sweep chart and its table, with literal results.
const test = require('node:test');
const assert = require('node:assert/strict');
const { sweepChart } = require('../../../src/benchmarks/subjects/sweep-blocks');
const { stringsOf, literalResults, contextFor, chartOf, tableRows } = require('../../support/subject-fixtures');

test('the sweep: a line per server over a logarithmic concurrency axis, medians; a level without ok runs is a gap', () => {
  const results = literalResults();
  const en = sweepChart(contextFor('en', results));
  const chart = chartOf(en, 'sweep');
  assert.equal(chart.kind, 'line');
  assert.deepEqual(chart.x, [1, 10, 100]);
  assert.equal(chart.xScale, 'logarithmic');
  assert.deepEqual(chart.series.map((s) => s.values), [[11, 50, null], [8, 40, 70]]);
  assert.deepEqual(tableRows(en), [['Drogon', '11 (best 12)', '50 (best 52)', '—'], ['nginx', '8 (best 9)', '40 (best 41)', '70 (best 71)']]);
  const v1 = literalResults();
  delete v1.sweep;
  assert.equal(sweepChart(contextFor('en', v1)), stringsOf('en').sweep.none);
});
