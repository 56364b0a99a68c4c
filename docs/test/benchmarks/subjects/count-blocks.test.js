'use strict';
// docs/src/benchmarks/subjects/count-blocks.js: the instruction counts' chart and table, with literal results (the
// system-call counts and their sentences: count-sentences.test.js).
const test = require('node:test');
const assert = require('node:assert/strict');
const { instructionsChart } = require('../../../src/benchmarks/subjects/count-blocks');
const { stringsOf, literalResults, contextFor, chartOf, tableRows } = require('../../support/subject-fixtures');

test('instruction counts: a bar per server and case, the ratio the bench computed, a failed count shown as a dash', () => {
  const results = literalResults();
  const en = instructionsChart(contextFor('en', results));
  const chart = chartOf(en, 'instructions');
  assert.deepEqual(chart.series.map((s) => s.values), [[1000, 500], [1400, null]]);
  assert.deepEqual(tableRows(en), [
    ['keep-alive (h2load, 10 connections)', '1,000', '1,400', '1.40×'],
    ['pipelined (h2load, 10 connections)', '500', '—', '—'],
  ]);
  assert.match(en, /\| Case \| Drogon \| nginx \| nginx \/ Drogon \|/);
  const v1 = literalResults();
  delete v1.instructions;
  assert.equal(instructionsChart(contextFor('en', v1)), stringsOf('en').instructions.none);
});
