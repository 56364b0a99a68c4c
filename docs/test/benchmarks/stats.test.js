'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const {
  spreadOf, splitServers, environmentChanges, buildTrend, runCounts,
} = require('../../src/benchmarks/stats');

// Unit-test inputs for the aggregation logic (not benchmark figures: no page shows them).
const m = (min, median, max, okRuns = 5) => ({ min, median, max, okRuns });

test('spread is (max - min) / median, 0 for a zero median', () => {
  assert.equal(spreadOf(m(90, 100, 110)), 0.2);
  assert.equal(spreadOf(m(0, 0, 0)), 0);
});

function result(server, side, serverCpu, clientCpu, runs = [{ status: 'ok' }]) {
  return { server, runs, summary: {}, notes: [], bottleneck: { side, serverCpuUtilization: serverCpu, clientCpuUtilization: clientCpu } };
}

test('run counts separate ok and failed runs', () => {
  assert.deepEqual(runCounts(result('a', 'client', 1, 1, [{ status: 'ok' }, { status: 'failed' }, { status: 'ok' }])), { ok: 2, failed: 1, total: 3 });
  assert.deepEqual(runCounts(null), { ok: 0, failed: 0, total: 0 });
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

test('environment changes name each differing field and version', () => {
  const changes = environmentChanges(env(), env({ kernel: 'k2', versions: { drogon: '2', trantor: '1', nginx: '1', wrk: '1', ab: '2.3' } }));
  assert.deepEqual(changes, [
    { field: 'kernel', from: 'k1', to: 'k2' },
    { field: 'versions.ab', from: null, to: '2.3' },
    { field: 'versions.drogon', from: '1', to: '2' },
  ]);
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
