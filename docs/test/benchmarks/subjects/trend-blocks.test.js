'use strict';
// docs/src/benchmarks/subjects/trend-blocks.js: the trend's figures (entries, series, breaks) and its labels,
// with literal results (a break on a rendered page: render.test.js).
const test = require('node:test');
const assert = require('node:assert/strict');
const { trendChart, buildTrend, splitServers } = require('../../../src/benchmarks/subjects/trend-blocks');
const { stringsOf, literalResults, contextFor, chartOf, tableRows } = require('../../support/subject-fixtures');

test('trend labels: runs by date and commit, and by start time too when two share both', () => {
  const results = literalResults();
  const run = (startedAt, commit) => ({ ...results, startedAt, environment: { ...results.environment, gitCommit: commit, fingerprint: 'f' } });
  const entries = [run('2026-01-01T10:00:00Z', 'a'.repeat(40)), run('2026-01-01T11:30:00Z', 'a'.repeat(40)), run('2026-01-01T12:00:00Z', 'b'.repeat(40))];
  const ctx = contextFor('en', results);
  ctx.trend = { entries, breaks: [], comparable: 3, series: [{ scenarioId: 'ka', serverId: 'drogon', values: [1, 2, 3] }, { scenarioId: 'ka', serverId: 'nginx', values: [1, 2, 3] }] };
  const header = trendChart(ctx).split('\n').find((l) => l.startsWith('| Scenario | Server |'));
  assert.equal(header, '| Scenario | Server | 2026-01-01 10:00 UTC `aaaaaaa` | 2026-01-01 11:30 UTC `aaaaaaa` | 2026-01-01 `bbbbbbb` |');
});

test('baselines are not compared', () => {
  const { compared, baselines } = splitServers({ servers: [{ id: 'a' }, { id: 'r', baseline: true }, { id: 'b', baseline: false }] });
  assert.deepEqual(compared.map((s) => s.id), ['a', 'b']);
  assert.deepEqual(baselines.map((s) => s.id), ['r']);
});

const env = (over = {}) => ({
  cpuModel: 'cpu', cpuCores: 2, memoryBytes: 1, os: 'os', kernel: 'k1', compiler: 'gcc',
  versions: { drogon: '1', trantor: '1', nginx: '1', wrk: '1' }, gitCommit: 'c', date: '2025-01-01', fingerprint: 'f1', ...over,
});

function entry(startedAt, commit, fingerprint, medians, kernel = 'k1') {
  return {
    startedAt,
    profile: 'default',
    method: { serverThreads: 1, loadGeneratorThreads: 1 },
    environment: env({ gitCommit: commit, fingerprint, kernel }),
    servers: [{ id: 'a' }, { id: 'b' }, { id: 'r', baseline: true }],
    scenarios: [{ id: 's1', results: Object.entries(medians).map(([server, median]) => ({ server, summary: median === null ? null : { requestsPerSecond: { median } } })) }],
  };
}

test('trend: entries oldest first, latest added once, medians per scenario and compared server', () => {
  const h1 = entry('2025-01-02T00:00:00Z', 'c2', 'f1', { a: 20, b: 21, r: 22 });
  const h0 = entry('2025-01-01T00:00:00Z', 'c1', 'f1', { a: 10, b: null, r: 12 });
  const trend = buildTrend(h1, [h1, h0]);
  assert.equal(trend.entries.length, 2);
  assert.deepEqual(trend.entries.map((e) => e.environment.gitCommit), ['c1', 'c2']);
  assert.deepEqual(trend.series, [
    { scenarioId: 's1', serverId: 'a', values: [10, 20] },
    { scenarioId: 's1', serverId: 'b', values: [null, 21] },
  ]);
  assert.deepEqual(trend.breaks, []);
});

test('trend: a fingerprint change breaks the line there and names what changed', () => {
  const h0 = entry('2025-01-01T00:00:00Z', 'c1', 'f1', { a: 10, b: 11 });
  const h1 = entry('2025-01-02T00:00:00Z', 'c2', 'f1', { a: 10, b: 11 });
  const latest = entry('2025-01-03T00:00:00Z', 'c3', 'f2', { a: 30, b: 31 }, 'k2');
  const trend = buildTrend(latest, [h0, h1]);
  assert.deepEqual(trend.breaks, [{ index: 2, changes: [{ field: 'kernel', from: 'k1', to: 'k2' }] }]);
});

test('trend: a profile or thread-count change breaks the line even on the same machine', () => {
  const h0 = { ...entry('2025-01-01T00:00:00Z', 'c1', 'f1', { a: 10, b: 11 }), profile: 'default', method: { serverThreads: 1, loadGeneratorThreads: 1 } };
  const h1 = { ...entry('2025-01-02T00:00:00Z', 'c2', 'f1', { a: 10, b: 11 }), profile: 'quick', method: { serverThreads: 1, loadGeneratorThreads: 1 } };
  const h2 = { ...entry('2025-01-03T00:00:00Z', 'c3', 'f1', { a: 10, b: 11 }), profile: 'quick', method: { serverThreads: 2, loadGeneratorThreads: 1 } };
  const h3 = { ...entry('2025-01-04T00:00:00Z', 'c4', 'f1', { a: 10, b: 11 }), profile: 'quick', method: { serverThreads: 2, loadGeneratorThreads: 1 } };
  assert.deepEqual(buildTrend(h3, [h0, h1, h2]).breaks, [
    { index: 1, changes: [{ field: 'profile', from: 'default', to: 'quick' }] },
    { index: 2, changes: [{ field: 'method.serverThreads', from: 1, to: 2 }] },
  ]);
});
