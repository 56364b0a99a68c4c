'use strict';
// pool/pool-runs.js and pool/history-entries.js on a fixture history. TEST DATA: runs derived in code
// from the real quick run docs/test/fixtures/results-quick-v2-a.json, each comparison's ratio and
// interval scaled by a factor per run (as if the machine gave a slightly different figure each time).
// Covers: bench/src/pool/history-entries.js, bench/src/pool/series.js
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { poolRuns } = require('../../src/pool/pool-runs');
const { readHistoryEntries } = require('../../src/pool/history-entries');
const { historyFileName } = require('../../../shared/src/results-history');
const { validateResults } = require('../../../shared/src/results-file');

const base = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'test', 'fixtures', 'results-quick-v2-a.json'), 'utf8'));
const confidence = 0.95;

// Run i of the fixture history: started i hours after the base run, its own commit, ratios x factor,
// made on machine `machine` (environment.machine, as a v4 run names it) with Drogon's build recorded.
const machineId = (n) => `sha256:${String(n).padStart(16, '0')}`;
function derivedRun(i, factor, change = () => {}, { machine = 0 } = {}) {
  const r = structuredClone(base);
  r.environment.machine = { id: machineId(machine), identifiedBy: 'machine-id+boot-id', hypervisor: 'KVM' };
  r.environment.drogonBuild = { buildType: 'Release', libraries: 'shared', cxxStandard: '20', cmakeFlags: '-DCMAKE_CXX_STANDARD=20' };
  const started = new Date(Date.parse(base.startedAt) + i * 3600e3);
  r.startedAt = started.toISOString();
  r.finishedAt = new Date(started.getTime() + 60e3).toISOString();
  r.environment.date = r.startedAt.slice(0, 10);
  r.environment.gitCommit = `${String(i).padStart(2, '0')}${'a'.repeat(38)}`;
  for (const s of r.scenarios) {
    for (const c of s.comparisons) {
      if (c.ratio === null) continue;
      Object.assign(c, { ratio: c.ratio * factor, ciLow: c.ciLow * factor, ciHigh: c.ciHigh * factor });
    }
  }
  change(r);
  validateResults(r, `derived run ${i}`);
  return r;
}
const entry = (results) => ({ file: `bench/results/history/${historyFileName(results)}`, sha256: 'f'.repeat(64), results });
const historyOf = (runs, refused = []) => ({ entries: runs.map(entry), refused });
const rpsOf = (pooled, scenario, other) => pooled.comparisons.find((c) => c.scenario === scenario && c.other === other && c.metric === 'requestsPerSecond');

test('five steady runs and a shifted sixth: the sixth is pooled, and flagged outside the earlier runs\' interval', () => {
  const earlier = [1.0, 1.01, 0.99, 1.005, 0.995].map((f, i) => derivedRun(i, f));
  const shifted = derivedRun(5, 1.3);
  const pooled = poolRuns(shifted, historyOf(earlier), { confidence, label: 'shifted.json' });
  assert.equal(pooled.runs.length, 6);
  assert.equal(pooled.runs[5].source, 'shifted.json');
  assert.deepEqual(pooled.excluded, []);
  const c = rpsOf(pooled, 'pipelined-c256', 'nginx-module');
  assert.deepEqual(c.runs, [0, 1, 2, 3, 4, 5]);
  assert.equal(c.newest.place, 'above', JSON.stringify(c));
  assert.ok(c.low < c.ratio && c.ratio < c.high);
  // every comparison of the shifted run is flagged: all moved by 30 %, the earlier runs by 1 %
  assert.ok(pooled.comparisons.every((x) => x.newest.place === 'above'), pooled.comparisons.map((x) => x.newest.place).join());
  // a steady newest run is not flagged
  const steady = poolRuns(derivedRun(5, 1.002), historyOf(earlier), { confidence });
  assert.ok(steady.comparisons.every((x) => x.newest.place === 'inside'), JSON.stringify(steady.comparisons.filter((x) => x.newest.place !== 'inside')));
  validateResults({ ...shifted, pooled }, 'pooled');
});

test('another hardware class, a run without a class and a refused file are left out by name with the reason; fewer than 3 runs pool nothing', () => {
  const runs = [derivedRun(0, 1), derivedRun(1, 1.01)];
  const otherCpu = derivedRun(2, 1, (r) => { r.environment.cpuModel = 'Intel(R) Xeon(R) Processor @ 2.50GHz'; });
  const noClass = derivedRun(4, 1, (r) => { delete r.environment.drogonBuild; r.environment.gitCommit = `04${'b'.repeat(38)}`; });
  const newest = derivedRun(3, 1);
  const pooled = poolRuns(newest, historyOf([...runs, otherCpu, noClass], [{ file: 'bench/results/history/2026-11-23-bad0000.json', reason: 'results is invalid: /scenarios/0/id: must match pattern' }]), { confidence });
  assert.equal(pooled.runs.length, 3);
  const byFile = Object.fromEntries(pooled.excluded.map((e) => [e.file, e.reason]));
  assert.match(byFile[`bench/results/history/${historyFileName(otherCpu)}`], /^another hardware class \(sha256:[0-9a-f]{16}; this run sha256:[0-9a-f]{16}: cpuModel Intel\(R\) Xeon\(R\) Processor @ 2\.50GHz -> /);
  assert.match(byFile[`bench/results/history/${historyFileName(noClass)}`], /^hardware class cannot be determined: environment\.drogonBuild is missing .* no entry for its commit 04b{38}/);
  assert.match(byFile['bench/results/history/2026-11-23-bad0000.json'], /^refused: results is invalid/);
  assert.equal(rpsOf(pooled, 'c100-keepalive', 'nginx-module').runs.length, 3);
  // the other class is shown beside this one, never pooled with it
  assert.equal(pooled.otherClasses.length, 1);
  assert.equal(pooled.otherClasses[0].cpuModel, 'Intel(R) Xeon(R) Processor @ 2.50GHz');
  assert.deepEqual(pooled.otherClasses[0].comparisons, [], 'one run of that class: nothing pooled');
  const two = poolRuns(newest, historyOf([runs[0]]), { confidence });
  assert.deepEqual(two.comparisons, [], 'two runs: nothing pooled, the page shows the run\'s own interval');
  assert.equal(two.runs.length, 2);
});

test('a fixture history whose kernels and machines differ: one class, machines as a level, the interval for a new machine', () => {
  // Two runs on each of three machines (machine ids, kernels and memory sizes differ), then a new run on a fourth.
  const kernels = ['6.18.44-fc-v657', '6.18.44-fc-v669', '6.8.0-1021-azure'];
  const memory = [25276510208, 25276502016, 16772591616];
  const history = [];
  [[1.0, 1.02], [1.08, 1.1], [0.95, 0.97]].forEach((pair, m) => pair.forEach((f, j) => {
    history.push(derivedRun(2 * m + j, f, (r) => { r.environment.kernel = kernels[m]; r.environment.memoryBytes = memory[m]; }, { machine: m + 1 }));
  }));
  const newest = derivedRun(6, 1.01, (r) => { r.environment.kernel = '6.11.0-hosted'; }, { machine: 4 });
  const pooled = poolRuns(newest, historyOf(history), { confidence });
  assert.deepEqual(pooled.excluded, [], 'kernel and memory do not split the class');
  assert.deepEqual(pooled.machines.map((m) => [m.id, m.runs, m.inferred]), [[machineId(1), 2, false], [machineId(2), 2, false], [machineId(3), 2, false], [machineId(4), 1, false]]);
  assert.deepEqual(pooled.runs.map((r) => r.machine), [1, 1, 2, 2, 3, 3, 4].map(machineId));
  const c = rpsOf(pooled, 'pipelined-c256', 'nginx-module');
  assert.equal(c.machines, 4);
  assert.equal(c.scope, 'new-machine');
  assert.equal(c.degreesOfFreedom, 3);
  assert.ok(c.betweenMachineSd > 0 && c.withinMachineSd > 0);
  assert.equal(c.newest.earlierMachines, 3);
  assert.equal(c.newest.place, 'inside');
  // the same runs from one machine: the interval is for that machine, narrower
  const oneMachine = poolRuns(derivedRun(6, 1.01), historyOf(history.map((r) => { const x = structuredClone(r); x.environment.machine.id = machineId(0); return x; })), { confidence });
  const d = rpsOf(oneMachine, 'pipelined-c256', 'nginx-module');
  assert.equal(d.scope, 'this-machine');
  assert.ok(d.high - d.low < c.high - c.low);
  assert.ok(pooled.calibration.leaveOneMachineOut.total > 0);
  validateResults({ ...newest, pooled }, 'pooled');
});

test('pooling never mixes quantities: a run whose scenario had other connections is not pooled for it; its other scenarios are', () => {
  const runs = [derivedRun(0, 1), derivedRun(1, 1.01, (r) => { r.scenarios.find((s) => s.id === 'c100-keepalive').connections = 200; }), derivedRun(2, 0.99)];
  const pooled = poolRuns(derivedRun(3, 1), historyOf(runs), { confidence });
  assert.deepEqual(rpsOf(pooled, 'c100-keepalive', 'nginx-module').runs, [0, 2, 3]);
  assert.deepEqual(rpsOf(pooled, 'pipelined-c256', 'nginx-module').runs, [0, 1, 2, 3]);
  // rounds and durations are precision, not the quantity: a run with more rounds is pooled
  const longer = poolRuns(derivedRun(4, 1, (r) => { for (const s of r.scenarios) { s.repetitions = 10; s.durationSeconds = 5; } }), historyOf(runs), { confidence });
  assert.deepEqual(rpsOf(longer, 'pipelined-c256', 'nginx-module').runs, [0, 1, 2, 3]);
});

test('the history as read for pooling: a file the schema refuses is named with the reason, the others are read with their sha256', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pool-history-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const good = derivedRun(0, 1);
  fs.writeFileSync(path.join(dir, historyFileName(good)), JSON.stringify(good));
  const bad = derivedRun(1, 1);
  bad.scenarios[0].comparisons[0].verdict = 'much-faster';
  fs.writeFileSync(path.join(dir, historyFileName(bad)), JSON.stringify(bad));
  fs.writeFileSync(path.join(dir, '.partial.json'), '{');
  const { entries, refused } = readHistoryEntries(dir);
  assert.equal(entries.length, 1);
  assert.match(entries[0].sha256, /^[0-9a-f]{64}$/);
  assert.equal(refused.length, 1);
  assert.match(refused[0].file, new RegExp(`${historyFileName(bad)}$`));
  assert.match(refused[0].reason, /verdict/);
  assert.deepEqual(readHistoryEntries(path.join(dir, 'none')), { entries: [], refused: [] });
});
