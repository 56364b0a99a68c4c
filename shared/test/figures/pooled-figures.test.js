'use strict';
// shared/src/figures/pooled-figures.js on the committed bench/results/latest.json (a complete default
// run pooled with two comparable runs of the history): the figure a page shows is the pooled entry's,
// with the run's own figure beside it; a file without a pooled section gives the run's own.
const test = require('node:test');
const assert = require('node:assert/strict');
const pooled = require('../../src/figures/pooled-figures');
const verdicts = require('../../src/figures/verdict-figures');
const latest = require('../../../bench/results/latest.json');

const copy = () => JSON.parse(JSON.stringify(latest));
const pair = { reference: 'drogon', other: 'nginx-module' };
const scenarioOf = (results, id) => results.scenarios.find((sc) => sc.id === id);

test('a pooled comparison: the pooled ratio, its prediction interval and verdict; the runs, their dates, this run\'s own figure', () => {
  assert.ok(latest.pooled && latest.pooled.comparisons.length > 0, 'the committed run is pooled');
  for (const entry of latest.pooled.comparisons) {
    const sc = scenarioOf(latest, entry.scenario);
    const shown = pooled.shownRatio(latest, sc, entry.metric, { reference: entry.reference, other: entry.other });
    assert.equal(shown.ratio, entry.ratio);
    assert.deepEqual([shown.ciLow, shown.ciHigh, shown.verdict, shown.hasCi, shown.fromMedians], [entry.low, entry.high, entry.verdict, true, false]);
    assert.equal(shown.pooled.runs, entry.runs.length);
    assert.ok(shown.pooled.runs >= pooled.MIN_RUNS);
    assert.deepEqual(shown.pooled.own, verdicts.ratioFor(sc, entry.metric, { reference: entry.reference, other: entry.other }));
    assert.equal(shown.pooled.own.ratio, entry.newest.ratio, 'the newest run is this file');
    assert.equal(shown.pooled.unusual, entry.newest.ratio < entry.low || entry.newest.ratio > entry.high);
    assert.deepEqual(shown.pooled.dates, [...new Set(entry.runs.map((i) => latest.pooled.runs[i].date))]);
  }
});

test('this run outside the pooled interval is unusual', () => {
  const results = copy();
  const entry = results.pooled.comparisons.find((c) => c.scenario === 'pipelined-c256' && c.metric === 'requestsPerSecond' && c.other === 'nginx-module');
  entry.low = entry.newest.ratio * 1.01;
  entry.high = entry.newest.ratio * 2;
  const shown = pooled.shownRatio(results, scenarioOf(results, 'pipelined-c256'), 'requestsPerSecond', pair);
  assert.equal(shown.pooled.unusual, true);
  entry.low = entry.newest.ratio / 2;
  entry.high = entry.newest.ratio * 0.99;
  assert.equal(pooled.shownRatio(results, scenarioOf(results, 'pipelined-c256'), 'requestsPerSecond', pair).pooled.unusual, true);
});

test('no pooled entry (no pooled section, or a comparison pooled from too few runs): the run\'s own figure, pooled null', () => {
  const results = copy();
  delete results.pooled;
  const sc = scenarioOf(results, 'c100-keepalive');
  const shown = pooled.shownRatio(results, sc, 'requestsPerSecond', pair);
  assert.deepEqual(shown, { pooled: null, ...verdicts.ratioFor(sc, 'requestsPerSecond', pair) });
  assert.deepEqual(pooled.poolSummary(results), { pooled: false, runs: [], dates: [], excluded: [], machines: [], scope: null, degreesOfFreedom: null, otherClasses: [] });
  const few = copy();
  few.pooled.comparisons = [];
  assert.equal(pooled.shownRatio(few, scenarioOf(few, 'c100-keepalive'), 'requestsPerSecond', pair).pooled, null);
  assert.equal(pooled.poolSummary(few).pooled, false);
  assert.equal(pooled.shownRatio(few, scenarioOf(few, 'c100-keepalive'), 'requestsPerSecond', { reference: 'drogon', other: 'no-such' }), null);
});

test('the pool summary: the runs oldest first, their distinct dates, the files left out with reasons', () => {
  const summary = pooled.poolSummary(latest);
  assert.equal(summary.pooled, true);
  assert.deepEqual(summary.runs, latest.pooled.runs);
  assert.deepEqual(summary.dates, [...new Set(latest.pooled.runs.map((r) => r.date))]);
  assert.deepEqual(summary.excluded, latest.pooled.excluded);
  const starts = summary.runs.map((r) => Date.parse(r.startedAt));
  assert.deepEqual(starts, [...starts].sort((a, b) => a - b));
  // Issue 33: the machines, whom the interval is for, and the other classes with their headlines.
  assert.deepEqual(summary.machines, latest.pooled.machines);
  assert.equal(summary.scope, latest.pooled.machines.length >= 2 ? 'new-machine' : 'this-machine');
  assert.equal(summary.degreesOfFreedom, Math.min(...latest.pooled.comparisons.map((c) => c.degreesOfFreedom)));
  const oneMachine = copy();
  oneMachine.pooled.machines = oneMachine.pooled.machines.slice(0, 1);
  assert.equal(pooled.poolSummary(oneMachine).scope, 'this-machine');
  assert.deepEqual(summary.otherClasses, latest.pooled.otherClasses);
  const other = { comparisons: [{ scenario: 'c100-keepalive', metric: 'requestsPerSecond', reference: 'drogon', other: 'nginx-module', ratio: 1, low: 0.9, high: 1.1 }] };
  assert.equal(pooled.otherClassEntry(other, 'c100-keepalive', 'requestsPerSecond', pair).ratio, 1);
  assert.equal(pooled.otherClassEntry(other, 'c100-keepalive', 'requestsPerServerCpuSecond', pair), null);
});
