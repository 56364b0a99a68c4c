'use strict';
// compare/pooled.js through compareResults and the reports: the new run against the earlier comparable
// runs. Base data: the real quick pair docs/test/fixtures/results-quick-v2-{a,b}.json; the pooled blocks
// below are TEST DATA built in code with bench/src/pool/pool-runs.js from runs derived from run B.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { compareResults } = require('../../src/compare/compare');
const { toMarkdown, toText } = require('../../src/compare/report');
const { poolRuns } = require('../../src/pool/pool-runs');
const { validateResults } = require('../../../shared/src/results-file');

const fixtureDir = path.join(__dirname, '..', '..', '..', 'docs', 'test', 'fixtures');
const load = (name) => validateResults(JSON.parse(fs.readFileSync(path.join(fixtureDir, name), 'utf8')), name);
const runA = load('results-quick-v2-a.json');
const runB = load('results-quick-v2-b.json');

// Run B again, i hours later, its comparisons' ratios and intervals x factor.
function derived(i, factor, { machine = 1, kernel = null } = {}) {
  const r = structuredClone(runB);
  r.environment.machine = { id: `sha256:${String(machine).padStart(16, '0')}`, identifiedBy: 'machine-id+boot-id', hypervisor: 'KVM' };
  r.environment.drogonBuild = { buildType: 'Release', libraries: 'shared', cxxStandard: '20', cmakeFlags: '-DCMAKE_CXX_STANDARD=20' };
  if (kernel) r.environment.kernel = kernel;
  r.startedAt = new Date(Date.parse(runB.startedAt) + i * 3600e3).toISOString();
  r.environment.gitCommit = `${i}`.padStart(40, 'b');
  for (const s of r.scenarios) {
    for (const c of s.comparisons) if (c.ratio !== null) Object.assign(c, { ratio: c.ratio * factor, ciLow: c.ciLow * factor, ciHigh: c.ciHigh * factor });
  }
  return r;
}
const history = (runs) => ({ entries: runs.map((results, i) => ({ file: `h${i}.json`, sha256: 'a'.repeat(64), results })), refused: [] });

test('a new run that lost ground against 3 earlier steady runs is a finding; its ratios and medians are judged by the pooled figure, not flagged twice', () => {
  const earlier = [1, 1.01, 0.99].map((f, i) => derived(i + 1, f));
  const newRun = derived(4, 0.3); // the fixture's own intervals are wide (2 pairs): a big loss
  newRun.pooled = poolRuns(newRun, history(earlier), { confidence: 0.95, label: 'new.json' });
  validateResults(newRun, 'new');
  const report = compareResults(runA, newRun, { maxNoisyRowFraction: 1 });
  assert.ok(report.pooledRows.length > 0);
  assert.ok(report.pooledRows.every((r) => r.place === 'below' && r.verdict === 'regression' && r.earlierRuns === 3));
  const kinds = new Set(report.regressions.map((x) => x.kind));
  assert.deepEqual([...kinds].filter((k) => k !== 'pooled' && k !== 'instructions' && k !== 'syscalls' && k !== 'serverExit'), [], JSON.stringify(report.regressions));
  assert.ok(report.ratioRows.every((r) => r.verdict === 'judged-by-pooled'));
  const markdown = toMarkdown(report);
  assert.match(markdown, /### Against the earlier comparable runs \(pooled\)/);
  assert.match(markdown, /\*\*OUTSIDE, below: an unusual run\*\*/);
  assert.match(markdown, new RegExp(`0 of ${report.pooledRows.length} pooled ratios inside their 95 % prediction interval, ${report.pooledRows.length} outside`));
  assert.match(toText(report), /REGRESSION {3}pipelined-c256: drogon \/ nginx-module req\/s ratio [\d.]+, below the 3 earlier comparable runs' 95 % prediction interval/);
});

test('a steady new run: every pooled ratio inside, nothing flagged by them; no pooled block says why', () => {
  const earlier = [1, 1.01, 0.99].map((f, i) => derived(i + 1, f));
  const newRun = derived(4, 1.003);
  newRun.pooled = poolRuns(newRun, history(earlier), { confidence: 0.95 });
  const report = compareResults(runA, newRun);
  assert.ok(report.pooledRows.length > 0 && report.pooledRows.every((r) => r.place === 'inside'));
  assert.ok(!report.regressions.some((x) => x.kind === 'pooled') && !report.improvements.some((x) => x.kind === 'pooled'));
  const none = compareResults(runA, runB);
  assert.deepEqual(none.pooledRows, []);
  assert.match(none.pooledNote, /no pooled block/);
  const two = derived(2, 1);
  two.pooled = poolRuns(two, history([derived(1, 1)]), { confidence: 0.95 });
  assert.match(compareResults(runA, two).pooledNote, /no comparison has 2 earlier comparable runs yet \(2 comparable run\(s\) with the new one/);
});

test('the workflow\'s pull-request body: runs on different runners (kernels and machines differ) pool into one class, and the body names the machines', () => {
  // Three earlier runs, each on a runner of its own with its own kernel, then a new run on a fourth.
  const kernels = ['6.8.0-1021-azure', '6.8.0-1026-azure', '6.11.0-1012-azure'];
  const earlier = [1.0, 1.03, 0.98].map((f, i) => derived(i + 1, f, { machine: i + 1, kernel: kernels[i] }));
  const newRun = derived(5, 1.01, { machine: 4, kernel: '6.11.0-1015-azure' });
  newRun.pooled = poolRuns(newRun, history(earlier), { confidence: 0.95, label: 'bench/results/latest.json' });
  validateResults(newRun, 'new run with its pooled block');
  assert.deepEqual(newRun.pooled.excluded, [], 'another kernel is another machine of the class, not another class');
  assert.equal(newRun.pooled.machines.length, 4);
  const report = compareResults(runA, newRun);
  assert.ok(report.pooledRows.length > 0 && report.pooledRows.every((r) => r.earlierMachines === 3 && r.place === 'inside'));
  const markdown = toMarkdown(report);
  assert.match(markdown, /Hardware class sha256:[0-9a-f]{16}\. The earlier runs' interval was made from 3 machine\(s\): sha256:0{15}1 \(kernel 6\.8\.0-1021-azure, 1 run\); sha256:0{15}2 \(kernel 6\.8\.0-1026-azure, 1 run\); sha256:0{15}3 \(kernel 6\.11\.0-1012-azure, 1 run\); an interval for a new machine of the class, with 2 degree\(s\) of freedom/);
  assert.match(toText(report), /The earlier runs' interval was made from 3 machine\(s\)/);
  // the same three runs from one machine: the body says the interval is for that machine
  const sameMachine = derived(5, 1.01, { machine: 1 });
  sameMachine.pooled = poolRuns(sameMachine, history([1.0, 1.03, 0.98].map((f, i) => derived(i + 1, f, { machine: 1 }))), { confidence: 0.95 });
  assert.match(toMarkdown(compareResults(runA, sameMachine)), /made from 1 machine\(s\): sha256:0{15}1 \(kernel [^,]+, 3 runs\); an interval for that one machine/);
});
