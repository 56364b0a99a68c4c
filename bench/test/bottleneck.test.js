'use strict';
// Bottleneck classification on the CPU figures of a real quick run (fixture written by the runner
// on this project's 2-core machine while other builds ran, so no side reached 90 %), plus its edges.
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { classifyBottleneck, utilization } = require('../src/bottleneck');
const { parseCpuList, planCpus } = require('../src/cpu-plan');

const results = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'results-quick-busy-machine.json'), 'utf8'));
const resultOf = (scenarioId, server) => results.scenarios.find((s) => s.id === scenarioId).results.find((r) => r.server === server);

test('each recorded utilization is CPU seconds / (wall seconds x CPUs of that side)', () => {
  const serverCpus = parseCpuList(results.method.serverCpus).length;
  const clientCpus = parseCpuList(results.method.clientCpus).length;
  for (const scenario of results.scenarios) {
    for (const result of scenario.results) {
      for (const run of result.runs) {
        assert.ok(Math.abs(run.serverCpuUtilization - utilization(run.serverCpuSeconds, run.wallSeconds, serverCpus)) < 1e-12);
        assert.ok(Math.abs(run.clientCpuUtilization - utilization(run.clientCpuSeconds, run.wallSeconds, clientCpus)) < 1e-12);
        assert.ok(run.serverCpuUtilization <= 1.05 && run.clientCpuUtilization <= 1.05, 'a pinned side cannot use much more than its CPUs');
      }
    }
  }
});

test('real runs: the call follows the medians against the threshold', () => {
  // Drogon, new connection per request: server median 0.488, client median 0.609 (see fixture)
  const runs = resultOf('c100-close', 'drogon').runs;
  const at = (threshold) => classifyBottleneck(runs, threshold);
  assert.equal(at(0.9).side, 'neither');
  assert.equal(at(0.55).side, 'client');
  assert.equal(at(0.45).side, 'both');
  const keepAlive = resultOf('c100-keepalive', 'nginx-module').runs; // server 0.556, client 0.517
  assert.equal(classifyBottleneck(keepAlive, 0.54).side, 'server');
  assert.equal(at(0.9).serverCpuUtilization, resultOf('c100-close', 'drogon').bottleneck.serverCpuUtilization);
});

test('the recorded calls in the fixture agree with the threshold recorded beside them', () => {
  for (const scenario of results.scenarios) {
    for (const result of scenario.results) {
      const b = result.bottleneck;
      const t = results.method.saturationThreshold;
      const expected = b.serverCpuUtilization >= t ? (b.clientCpuUtilization >= t ? 'both' : 'server') : (b.clientCpuUtilization >= t ? 'client' : 'neither');
      assert.equal(b.side, expected, `${scenario.id} ${result.server}`);
    }
  }
});

test('exactly at the threshold counts as saturated; no ok run is "unknown"', () => {
  const run = (s, c) => ({ serverCpuUtilization: s, clientCpuUtilization: c });
  assert.equal(classifyBottleneck([run(0.9, 0.2)], 0.9).side, 'server');
  assert.equal(classifyBottleneck([run(0.2, 0.95), run(0.3, 0.97), run(0.1, 0.5)], 0.9).side, 'client');
  assert.deepEqual(classifyBottleneck([], 0.9), { side: 'unknown', serverCpuUtilization: null, clientCpuUtilization: null });
  assert.throws(() => classifyBottleneck([run(1, 1)], 0), /threshold/);
  assert.throws(() => utilization(1, 0, 1), /wall seconds/);
});

test('CPU plan: halves pinned apart from 2 CPUs up, nothing pinned on 1', () => {
  assert.deepEqual(planCpus([0, 1]), { pinned: true, serverCpus: '0', clientCpus: '1', serverThreads: 1, clientThreads: 1, serverCpuCount: 1, clientCpuCount: 1 });
  const big = planCpus(parseCpuList('0-31'));
  assert.equal(big.serverCpus, Array.from({ length: 16 }, (_, i) => i).join(','));
  assert.equal(big.serverThreads, 16);
  assert.equal(planCpus([0]).pinned, false);
  assert.deepEqual(parseCpuList('0-2,5,7-8'), [0, 1, 2, 5, 7, 8]);
});
