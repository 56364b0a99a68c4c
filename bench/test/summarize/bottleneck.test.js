'use strict';
// Bottleneck classification on the CPU figures of a real quick run (fixture written by the runner on
// this project's 2-core machine: server on CPU 0, wrk/ab on CPU 1), plus its edges.
// Covers: bench/src/plan/cpu-plan.js
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { classifyBottleneck, contention, utilization } = require('../../src/summarize/bottleneck');
const { planCpus } = require('../../src/plan/cpu-plan');
const { cpuShares, parseCpuList } = require('../../../shared/src/proc-stats');

const results = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'results-quick.json'), 'utf8'));
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

test('real runs: with the sides pinned apart, the call uses each side\'s CPU and follows the medians', () => {
  // nginx + module, new connection per request: server side 0.543 / 0.723, client side 0.984 / 0.984
  const nginxClose = resultOf('c100-close', 'nginx-module');
  const call = classifyBottleneck(nginxClose.runs, 0.9);
  assert.equal(call.basis, 'pinned-side-cpu');
  assert.equal(call.side, 'client');
  assert.equal(call.serverCpuUtilization, (nginxClose.runs[0].serverSideUtilization + nginxClose.runs[1].serverSideUtilization) / 2);
  assert.equal(classifyBottleneck(nginxClose.runs, 0.6).side, 'both');
  assert.equal(classifyBottleneck(nginxClose.runs, 0.99).side, 'neither');
  // Drogon keep-alive: server side median 0.934, client side 0.853: the server's CPU is the one that is full
  assert.equal(classifyBottleneck(resultOf('c100-keepalive', 'drogon').runs, 0.9).side, 'server');
  // without the /proc/stat side figures (not pinned) the processes' own CPU time decides
  const unpinned = nginxClose.runs.map(({ serverSideUtilization, clientSideUtilization, serverCpusBusy, clientCpusBusy, ...rest }) => rest);
  assert.equal(classifyBottleneck(unpinned, 0.9).basis, 'process-cpu-time');
  assert.equal(classifyBottleneck(unpinned, 0.9).clientCpuUtilization, (unpinned[0].clientCpuUtilization + unpinned[1].clientCpuUtilization) / 2);
});

test('the fixture\'s kernel charged softirq to the running process: side utilization = process utilization', () => {
  assert.equal(results.method.softirqAccounting, 'in-process-time');
  for (const scenario of results.scenarios) {
    for (const result of scenario.results) {
      for (const run of result.runs) {
        assert.equal(run.serverSideUtilization, run.serverCpuUtilization);
        // a pinned CPU is busy at least as long as the bench's processes ran on it (tick granularity aside)
        assert.ok(run.serverCpusBusy >= run.serverSideUtilization - 0.05, `${scenario.id} ${result.server}`);
      }
    }
  }
  assert.ok(contention(resultOf('c100-close', 'drogon').runs).server < 0.1, 'the fixture run had the machine to itself');
});

test('CPU shares from /proc/stat snapshots: busy and interrupt fractions over a CPU set', () => {
  const before = new Map([[0, { total: 1000, idle: 600, irq: 10 }], [1, { total: 1000, idle: 100, irq: 50 }]]);
  const after = new Map([[0, { total: 1300, idle: 630, irq: 40 }], [1, { total: 1300, idle: 103, irq: 150 }]]);
  assert.deepEqual(cpuShares(before, after, [0]), { busy: 0.9, irq: 0.1 });
  assert.deepEqual(cpuShares(before, after, [0, 1]), { busy: (270 + 297) / 600, irq: 130 / 600 });
  assert.equal(cpuShares(before, after, [2]), null);
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
  assert.equal(contention([]), null);
  assert.throws(() => classifyBottleneck([run(1, 1)], 0), /threshold/);
  assert.throws(() => utilization(1, 0, 1), /wall seconds/);
});

test('CPU plan: halves pinned apart from 2 CPUs up, nothing pinned on 1', () => {
  assert.deepEqual(planCpus([0, 1], 'separate'), { softirqAccounting: 'separate', pinned: true, serverCpus: '0', clientCpus: '1', serverThreads: 1, clientThreads: 1, serverCpuCount: 1, clientCpuCount: 1 });
  const big = planCpus(parseCpuList('0-31'));
  assert.equal(big.serverCpus, Array.from({ length: 16 }, (_, i) => i).join(','));
  assert.equal(big.serverThreads, 16);
  assert.equal(planCpus([0]).pinned, false);
  assert.deepEqual(parseCpuList('0-2,5,7-8'), [0, 1, 2, 5, 7, 8]);
});
