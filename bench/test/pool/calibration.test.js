'use strict';
// pool/calibration.js on hand-made series: runs that drift between runs while each run's own interval
// is narrow (what the history showed, issue 25), and runs that agree.
const test = require('node:test');
const assert = require('node:assert/strict');
const { calibrate } = require('../../src/pool/calibration');

// A minimal results object with one scenario and one comparison: only what calibration reads.
function run(i, ratio, halfWidth, { cpuModel = 'AMD EPYC', connections = 256, machine = 'sha256:000000000000000a' } = {}) {
  return {
    label: `run${i}`,
    results: {
      startedAt: new Date(Date.UTC(2026, 10, 1, i)).toISOString(),
      environment: { cpuModel, cpuCores: 2, compiler: 'g++ 12', versions: { drogon: '1.9.13' }, kernel: 'k', memoryBytes: 1,
        machine: { id: machine }, drogonBuild: { buildType: 'Release', libraries: 'shared', cxxStandard: '20' } },
      method: { serverThreads: 1, loadGeneratorThreads: 1, serverCpus: '0', clientCpus: '1' },
      servers: [{ id: 'drogon', version: '1', commandLine: 'a' }, { id: 'nginx', version: '1', commandLine: 'b' }],
      scenarios: [{ id: 'p', tool: 'wrk', connections, keepAlive: true, pipelineDepth: 16, comparisons: [{
        metric: 'requestsPerSecond', reference: 'drogon', other: 'nginx', pairs: 60, ratio,
        ciLow: ratio * (1 - halfWidth), ciHigh: ratio * (1 + halfWidth),
        logRatio: Math.log(ratio), logStandardError: halfWidth / 1.96,
      }] }],
    },
  };
}

test('runs that drift: own intervals of 2 % miss the next run, the pooled interval holds it', () => {
  const ratios = [6.16, 4.69, 5.86, 6.01, 5.46]; // pipelined at 256 connections, 2026-11-23..25
  const c = calibrate(ratios.map((r, i) => run(i, r, 0.02)), { confidence: 0.95 });
  assert.deepEqual(c.ownInterval, { contained: 0, total: 4 });
  assert.equal(c.pooledInterval.total, 5);
  assert.ok(c.pooledInterval.contained >= 4, JSON.stringify(c.comparisons[0].misses));
  assert.equal(c.comparisons.length, 1);
  assert.equal(c.comparisons[0].runs, 5);
});

test('runs that agree: both intervals hold; another hardware class or another quantity is its own series', () => {
  const c = calibrate([1.0, 1.002, 0.998, 1.001].map((r, i) => run(i, r, 0.02)), { confidence: 0.95 });
  assert.deepEqual(c.ownInterval, { contained: 3, total: 3 });
  assert.deepEqual(c.pooledInterval, { contained: 4, total: 4 });
  const mixed = calibrate([run(0, 1, 0.02), run(1, 1, 0.02, { cpuModel: 'Intel Xeon' }), run(2, 2, 0.02, { connections: 1024 }), run(3, 1, 0.02)], { confidence: 0.95 });
  assert.equal(mixed.comparisons.length, 3);
  assert.deepEqual(mixed.ownInterval, { contained: 1, total: 1 }, 'only runs 0 and 3 are one series');
  assert.deepEqual(mixed.pooledInterval, { contained: 0, total: 0 }, 'no series has 3 runs');
});

test('leave one machine out: folds with 2 other machines are counted; one machine\'s interval against each other machine\'s runs, apart; a run without a class is named', () => {
  // three machines of two runs each, machine b shifted by 10 %
  const ratios = [['a', 1.0], ['a', 1.01], ['b', 1.1], ['b', 1.11], ['c', 0.99], ['c', 1.0]];
  const c = calibrate(ratios.map(([m, r], i) => run(i, r, 0.01, { machine: `sha256:${m.repeat(16)}` })), { confidence: 0.95 });
  assert.equal(c.comparisons[0].machines, 3);
  assert.equal(c.leaveOneMachineOut.total, 6, 'every run is checked against the two other machines');
  assert.equal(c.oneOtherMachine.total, 12, 'each run against each of the 2 other machines\' own intervals');
  // three runs a machine: machine b's 10 % shift is outside a's and c's own intervals, and theirs
  // outside b's (12 of the 18 checks)
  const runs3 = [['a', 1.0], ['a', 1.005], ['a', 1.002], ['b', 1.1], ['b', 1.105], ['b', 1.102], ['c', 0.999], ['c', 1.003], ['c', 1.001]];
  const c3 = calibrate(runs3.map(([m, r], i) => run(i, r, 0.01, { machine: `sha256:${m.repeat(16)}` })), { confidence: 0.95 });
  assert.equal(c3.oneOtherMachine.total, 18);
  assert.equal(c3.oneOtherMachine.contained, 6, JSON.stringify(c3.oneOtherMachine));
  assert.ok(c.leaveOneMachineOut.contained >= 4, JSON.stringify(c.leaveOneMachineOut));
  // two machines: each fold leaves one, so no interval for a new machine exists; one other machine only
  const three = [['a', 1.0], ['a', 1.005], ['a', 1.002], ['b', 1.1], ['b', 1.105], ['b', 1.102]];
  const two = calibrate(three.map(([m, r], i) => run(i, r, 0.01, { machine: `sha256:${m.repeat(16)}` })), { confidence: 0.95 });
  assert.deepEqual(two.leaveOneMachineOut, { contained: 0, total: 0 });
  assert.deepEqual(two.oneOtherMachine, { contained: 0, total: 6 }, 'a 10 % shift is outside one machine\'s narrow interval');
  const unknown = run(9, 1, 0.01);
  delete unknown.results.environment.cpuModel;
  const withUnknown = calibrate([unknown, ...ratios.map(([m, r], i) => run(i, r, 0.01, { machine: `sha256:${m.repeat(16)}` }))], { confidence: 0.95 });
  assert.deepEqual(withUnknown.unclassified, [{ label: 'run9', reason: 'environment.cpuModel is missing: the hardware class cannot be determined' }]);
});
