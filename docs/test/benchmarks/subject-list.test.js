'use strict';
// docs/src/benchmarks/subject-list.js: the subjects, registered once each; on a file without load
// scenarios every subject says so in one sentence or still draws its chart (literal results).
// Covers: docs/src/benchmarks/subjects/subject.js
const test = require('node:test');
const assert = require('node:assert/strict');
const { SUBJECTS, subjectSections, methodologyParts } = require('../../src/benchmarks/subject-list');
const { glance } = require('../../src/benchmarks/subjects/verdict-blocks');
const { conclusion, latencyChart } = require('../../src/benchmarks/subjects/scenario-blocks');
const { trendChart } = require('../../src/benchmarks/subjects/trend-blocks');
const { sweepChart } = require('../../src/benchmarks/subjects/sweep-blocks');
const { instructionsChart } = require('../../src/benchmarks/subjects/count-blocks');
const { stringsOf, literalResults, contextFor, chartOf } = require('../support/subject-fixtures');
// The bench's parts, read as the pages read the bench's results (data flows from bench/ to docs/).
const { PARTS } = require('../../../bench/src/parts/part-list');

test('the nine subjects of the issue (and pooling over runs, issue 25), each once, each with the one signature', () => {
  assert.deepEqual(SUBJECTS.map((s) => s.name), ['provenance', 'scenarios', 'verdicts', 'pooling', 'sweep', 'json', 'fixedRate', 'counts', 'trend', 'serverExits']);
  for (const subject of SUBJECTS) {
    assert.deepEqual(Object.keys(subject), ['name', 'sections', 'methodology', 'blockSentences', 'failedRuns', 'ownRun'], subject.name);
    assert.deepEqual(Object.keys(subject.sections), ['benchmarks', 'benchmark-details', 'front-page'], subject.name);
  }
  // Fixed-rate latency, the sweep and the counts: every section of theirs from their own module.
  assert.deepEqual(Object.keys(subjectSections('benchmarks')).filter((n) => ['latencyLoad', 'sweep', 'instructions', 'timeGoes'].includes(n)),
    ['sweep', 'latencyLoad', 'instructions', 'timeGoes']);
  assert.deepEqual(methodologyParts().measurements.length, 4, 'the columns: sweep, fixed rate, instructions, system calls');
});

test('every part of the bench names the subject that shows it (bench/src/parts/part.js: subject)', () => {
  const names = SUBJECTS.map((s) => s.name);
  for (const part of PARTS) assert.ok(names.includes(part.subject), `bench part ${part.name}: no subject ${part.subject}`);
  assert.deepEqual(PARTS.map((part) => [part.name, part.subject]), [
    ['scenarios', 'scenarios'], ['json', 'json'], ['fixedRate', 'fixedRate'], ['sweep', 'sweep'], ['instructions', 'counts'], ['syscalls', 'counts'],
  ]);
});

test('a file without load scenarios (only the sweep or the counts ran): each section says so in one sentence', () => {
  const results = literalResults();
  results.scenarios = [];
  const ctx = contextFor('en', results);
  ctx.trend = { entries: [results], series: [], breaks: [], comparable: 1 };
  const none = stringsOf('en').glance.noScenarios;
  assert.equal(glance(ctx), none);
  assert.equal(conclusion(ctx), none);
  assert.equal(latencyChart(ctx), stringsOf('en').latency.none);
  assert.equal(trendChart(ctx), none);
  // The sweep and the counts are still drawn.
  assert.ok(chartOf(sweepChart(ctx), 'sweep'));
  assert.ok(chartOf(instructionsChart(ctx), 'instructions'));
  results.skippedScenarios = [{ id: 'c10000-keepalive', connections: 10000, reason: 'open-files limit 1024 is below 10000 connections' }];
  assert.equal(conclusion(ctx), '- **Not run, `c10000-keepalive` (10,000 connections):** open-files limit 1024 is below 10000 connections');
});
