'use strict';
// bench/results.schema.json, version 2: the blocks issue 8 adds are required when schemaVersion is 2 and
// a bad one is named; version 1 files (the committed results, the history, the docs fixtures) stay valid.
// Base data: the real v2 quick run docs/test/fixtures/results-quick-v2-a.json; every broken variant is
// TEST DATA made from it in code.
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { validateResults } = require('../src/write-results');
const { serverResult } = require('../src/summarize');
const { loadScenarios } = require('../src/config');

const root = join(__dirname, '..', '..');
const load = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const v2 = () => load('docs/test/fixtures/results-quick-v2-a.json');

test('version 1 files stay valid: the committed results, the history, the docs and bench fixtures', () => {
  const v1Files = [
    'bench/results/latest.json',
    ...readdirSync(join(root, 'bench/results/history')).map((f) => `bench/results/history/${f}`),
    'docs/test/fixtures/results-quick-a.json', 'docs/test/fixtures/results-quick-b.json',
    'bench/test/fixtures/results-quick.json', 'bench/test/fixtures/compare/quick-run-a.json',
  ];
  for (const file of v1Files) {
    const results = load(file);
    if (results.schemaVersion !== 1) continue; // a later run may have replaced latest.json
    assert.doesNotThrow(() => validateResults(results), file);
    assert.equal(results.sweep, undefined, `${file} has no sweep, and needs none`);
  }
});

test('version 2: the real quick run is valid and has every new block', () => {
  const results = v2();
  validateResults(results);
  assert.equal(results.schemaVersion, 2);
  assert.deepEqual(Object.keys(results.method.rounds), ['order', 'seed', 'generator', 'streams']);
  for (const key of ['pipelineDepth', 'durationSeconds', 'warmupSeconds', 'repetitions', 'rounds', 'comparisons']) {
    assert.ok(results.scenarios.every((s) => key in s), key);
  }
  assert.ok(results.sweep && results.instructions);
});

const broken = [
  ['method.rounds missing', (r) => { delete r.method.rounds; }, /\/method\/rounds: is required but missing/],
  ['method.bootstrap with too few resamples', (r) => { r.method.bootstrap.resamples = 1000; }, /\/method\/bootstrap\/resamples: must be >= 10000/],
  ['a scenario without comparisons', (r) => { delete r.scenarios[1].comparisons; }, /\/scenarios\/1\/comparisons: is required but missing/],
  ['a run without its place in the round', (r) => { delete r.scenarios[0].results[2].runs[1].positionInRound; }, /\/scenarios\/0\/results\/2\/runs\/1\/positionInRound: is required but missing/],
  ['an unknown verdict', (r) => { r.scenarios[0].comparisons[0].verdict = 'better'; }, /\/scenarios\/0\/comparisons\/0\/verdict: must be equal to one of the allowed values: "faster", "slower", "within-noise"/],
  ['an interval from fewer than 2 pairs', (r) => { Object.assign(r.scenarios[0].comparisons[0], { pairs: 1, reason: 'too few paired rounds' }); }, /\/scenarios\/0\/comparisons\/0\/ciLow: must be null/],
  ['the sweep missing while method.parts lists it', (r) => { delete r.sweep; }, /\(root\)\/sweep: is required but missing|\/sweep: is required but missing/],
  ['a sweep point without its median', (r) => { delete r.sweep.results[0].points[1].median; }, /\/sweep\/results\/0\/points\/1\/median: is required but missing/],
  ['instruction counts missing while method.parts lists them', (r) => { delete r.instructions; }, /\/instructions: is required but missing/],
  ['a failed count without its reason', (r) => { Object.assign(r.instructions.cases[0].results[0], { repeats: [], perRequest: null, spread: null }); }, /\/instructions\/cases\/0\/results\/0\/failureReason: is required but missing/],
  ['instruction counts that are not user space only', (r) => { r.instructions.userSpaceOnly = false; }, /\/instructions\/userSpaceOnly: must be equal to constant true/],
  ['a pipeline depth of 0', (r) => { r.scenarios[2].pipelineDepth = 0; }, /\/scenarios\/2\/pipelineDepth: must be >= 1/],
];
for (const [what, mutate, message] of broken) {
  test(`version 2, named when wrong: ${what}`, () => {
    const results = v2();
    mutate(results);
    assert.throws(() => validateResults(results), message);
  });
}

test('a selection that ran only the scenarios needs no sweep and no instruction counts', () => {
  const results = v2();
  results.method.parts = ['scenarios'];
  results.method.complete = false;
  delete results.sweep;
  delete results.instructions;
  validateResults(results);
  results.scenarios = [];
  assert.throws(() => validateResults(results), /\/scenarios: must NOT have fewer than 1 items/);
});

test('the pipelined scenario of the real run rebuilds to the same summary: no latency, and the note saying why', () => {
  const results = v2();
  const scenario = results.scenarios.find((s) => s.pipelineDepth > 1);
  for (const result of scenario.results) {
    const probe = { closesWithHeader: true, connectionHeaderOnClose: 'Connection: close' };
    const rebuilt = serverResult({ serverId: result.server, scenario, runs: result.runs, probe, scenariosData: loadScenarios() });
    assert.deepEqual(rebuilt.summary, result.summary, result.server);
    assert.equal(rebuilt.summary.latencyUs, null);
    assert.deepEqual(rebuilt.notes.map((n) => n.code), result.notes.map((n) => n.code));
    assert.ok(rebuilt.notes.some((n) => n.code === 'pipelined-latency'));
  }
});
