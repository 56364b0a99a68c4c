'use strict';
// bench/results.schema.json, version 2: the blocks issue 8 adds are required when schemaVersion is 2 and
// a bad one is named; version 1 files (the committed results, the history, the docs fixtures) stay valid.
// Base data: the real v2 quick run docs/test/fixtures/results-quick-v2-a.json; every broken variant is
// TEST DATA made from it in code.
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { validateResults } = require('../src/results-file');
const { serverResult } = require('../../bench/src/summarize/summarize');
const { loadScenarios } = require('../../bench/src/plan/load-scenarios');

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

// Issue 9: the real quick run with the JSON application and a fixed-rate level
// (bench/test/fixtures/compare/quick-json-a.json); every broken variant is TEST DATA made from it here.
const withJson = () => load('bench/test/fixtures/compare/quick-json-a.json');

test('version 2 with the JSON application: the real quick run is valid and has every issue-9 block', () => {
  const results = withJson();
  validateResults(results);
  assert.deepEqual(results.method.parts, ['scenarios', 'json', 'fixedRate', 'sweep', 'instructions']);
  assert.deepEqual(Object.keys(results.method.json), ['reference', 'referenceReason', 'shape']);
  assert.ok(results.conformance && results.notBuilt && results.fixedRate);
  const json = results.scenarios.filter((s) => s.kind === 'json');
  assert.deepEqual(json.map((s) => s.endpoint), ['/json']);
  assert.ok(results.servers.filter((s) => s.framework).length === 5);
});

const brokenJson = [
  ['conformance missing while method.parts lists json', (r) => { delete r.conformance; }, /\(root\)\/conformance: is required but missing|\/conformance: is required but missing/],
  ['notBuilt missing while method.parts lists json', (r) => { delete r.notBuilt; }, /\/notBuilt: is required but missing/],
  ['a not-built variant without its reason', (r) => { delete r.notBuilt[0].reason; }, /\/notBuilt\/0\/reason: is required but missing/],
  ['method.json missing', (r) => { delete r.method.json; }, /\/method\/json: is required but missing/],
  ['a published shape without its connections', (r) => { delete r.method.json.shape.published.connections; }, /\/method\/json\/shape\/published\/connections: is required but missing/],
  ['a JSON scenario without its reference', (r) => { delete r.scenarios.find((s) => s.kind === 'json').reference; }, /\/scenarios\/3\/reference: is required but missing/],
  ['a JSON scenario with an unknown endpoint', (r) => { r.scenarios[3].endpoint = '/xml'; }, /\/scenarios\/3\/endpoint: must be equal to one of the allowed values: "\/ping", "\/json", "\/dbop"/],
  ['a JSON server without its library version', (r) => { delete r.servers.find((s) => s.id === 'gin-sonic').jsonLibraryVersion; }, /\/servers\/7: must have properties jsonLibrary, jsonLibraryVersion when property framework is present/],
  ['a conformance failure without its diff', (r) => { r.conformance.failures.push({ server: 'gin-sonic', request: 'dbop-n1', method: 'POST', path: '/dbop/{db}/users', body: 'body', lines: [] }); }, /\/conformance\/failures\/0\/lines: must NOT have fewer than 1 items/],
  ['fixedRate missing while method.parts lists it', (r) => { delete r.fixedRate; }, /\/fixedRate: is required but missing/],
  ['a fixed-rate block that is not open loop', (r) => { r.fixedRate.openLoop = false; }, /\/fixedRate\/openLoop: must be equal to constant true/],
  ['a held run with a reason it was not held', (r) => { r.fixedRate.groups[0].levels[0].results[0].runs[0].notHeldReason = 'achieved 50 %'; }, /\/fixedRate\/groups\/0\/levels\/0\/results\/0\/runs\/0\/notHeldReason: must be null/],
  ['a run not held without the reason', (r) => { r.fixedRate.groups[0].levels[0].results[0].runs[0].held = false; }, /\/fixedRate\/groups\/0\/levels\/0\/results\/0\/runs\/0\/notHeldReason: must be string/],
  ['a level without its target rate', (r) => { delete r.fixedRate.groups[0].levels[0].rate; }, /\/fixedRate\/groups\/0\/levels\/0\/rate: is required but missing/],
  ['a fixed-rate latency without p99.9', (r) => { delete r.fixedRate.groups[0].levels[0].results[1].summary.latencyUs.p999; }, /\/fixedRate\/groups\/0\/levels\/0\/results\/1\/summary\/latencyUs\/p999: is required but missing/],
  ['a group without basis that gives no reason', (r) => { r.fixedRate.groups[0].basis = null; }, /\/fixedRate\/groups\/0\/failureReason: is required but missing/],
  ['a JSON instruction case that names no reference', (r) => { r.instructions.cases[0].servers = 'hello'; }, /\/instructions\/cases\/0\/servers: must be equal to constant "json"/],
];
for (const [what, mutate, message] of brokenJson) {
  test(`issue 9 fields, named when wrong: ${what}`, () => {
    const results = withJson();
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

// --- issue 16: system calls, the user / kernel split, server exits, bounded input ---------------------

const v3 = () => load('docs/test/fixtures/results-quick-v3-a.json');

test('issue 16: the real quick run with system-call counts is valid: calls by name per repeat, categories, the CPU split', () => {
  const results = v3();
  validateResults(results);
  assert.ok(results.method.parts.includes('syscalls'));
  const [keepalive] = results.syscalls.cases;
  assert.equal(results.syscalls.method, '(calls(2N) - calls(N)) / N');
  for (const r of keepalive.results) {
    const [repeat] = r.repeats;
    // the per-request figure is the difference of the two windows over N, name by name
    for (const [name, value] of Object.entries(repeat.perRequest)) {
      assert.equal(value, ((repeat.calls2N[name] || 0) - (repeat.callsN[name] || 0)) / keepalive.requests, `${r.server} ${name}`);
    }
    assert.ok(Math.abs(Object.values(r.byCategory).reduce((a, b) => a + b, 0) - r.total) < 1e-9, r.server);
  }
  const run = results.scenarios[0].results[0].runs[0];
  assert.ok(Math.abs(run.serverUserCpuSeconds + run.serverSystemCpuSeconds - run.serverCpuSeconds) < 1e-9);
  assert.ok(run.serverKernelShare > 0 && run.serverKernelShare < 1);
  assert.deepEqual(results.serverExits, []);
  // a count by name must be a number under a system call's name
  const bad = v3();
  bad.syscalls.cases[0].results[0].perRequest['write; rm -rf'] = 1;
  assert.throws(() => validateResults(bad), /\/syscalls\/cases\/0\/results\/0\/perRequest/);
});

test('issue 16: a server exit is recorded with where, when, how and its log; a bad one is named', () => {
  const results = v3();
  results.serverExits = [{ server: 'drogon', part: 'scenarios', block: 'c100-keepalive', round: 2, exitedAt: '2026-11-24T14:02:03.000Z', signal: 'SIGKILL', log: 'bench/logs/x/c100-keepalive.drogon.server1.log', restarted: true }];
  validateResults(results);
  results.serverExits[0].part = 'lunch';
  assert.throws(() => validateResults(results), /\/serverExits\/0\/part/);
});

// Every string the schema accepts has a length limit: free text, names, commands, ids, formats.
function unboundedStrings(schema, at = '#') {
  const found = [];
  if (!schema || typeof schema !== 'object') return found;
  if (Array.isArray(schema)) return schema.flatMap((s, i) => unboundedStrings(s, `${at}/${i}`));
  const types = [].concat(schema.type || []);
  if (types.includes('string') && schema.maxLength === undefined && schema.const === undefined && schema.enum === undefined) found.push(at);
  if (schema.propertyNames && schema.propertyNames.maxLength === undefined && !schema.propertyNames.pattern) found.push(`${at}/propertyNames`);
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'description' || key === '$comment') continue;
    found.push(...unboundedStrings(value, `${at}/${key}`));
  }
  return found;
}

test('issue 16: every string of the schema has a maxLength', () => {
  const schema = load('bench/results.schema.json');
  assert.deepEqual(unboundedStrings(schema), []);
});

test('issue 16: a 50 MB string in a free-text field is refused naming its path; a file over 16 MiB is refused naming its size', (t) => {
  const { mkdtempSync, writeFileSync, rmSync } = require('node:fs');
  const { tmpdir } = require('node:os');
  const { loadResultsFile, MAX_RESULTS_BYTES } = require('../src/results-file');
  const huge = 'x'.repeat(50 * 1024 * 1024);
  const cpu = v3();
  cpu.environment.cpuModel = huge;
  assert.throws(() => validateResults(cpu), /\/environment\/cpuModel: must NOT have more than 200 characters/);
  const command = v3();
  command.servers[0].commandLine = huge;
  assert.throws(() => validateResults(command), /\/servers\/0\/commandLine: must NOT have more than 4000 characters/);
  // A valid file padded past the limit with whitespace (JSON allows it): refused by its size.
  const dir = mkdtempSync(join(tmpdir(), 'results-size-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'big.json');
  writeFileSync(file, JSON.stringify(v3()) + ' '.repeat(MAX_RESULTS_BYTES));
  assert.throws(() => loadResultsFile(file), /big\.json is 16\.\d MiB, over the 16\.0 MiB a results file may have/);
  writeFileSync(file, JSON.stringify(cpu));
  assert.throws(() => loadResultsFile(file), /\/environment\/cpuModel: must NOT have more than 200 characters/);
});

// Version 4 (issue 33): the machine, Drogon's build and the hardware class, made from the committed v3
// default run by adding what a v4 run records; every broken variant is TEST DATA made here.
const { hardwareClassOf } = require('../src/hardware-class');
const v3Default = load('bench/results/history/2026-11-27-3dbc13b.json');
const v4 = () => {
  const r = structuredClone(v3Default);
  r.schemaVersion = 4;
  r.environment.machine = { id: 'sha256:0123456789abcdef', identifiedBy: 'machine-id+boot-id', hypervisor: 'KVM' };
  r.environment.drogonBuild = { buildType: 'Release', libraries: 'shared', cxxStandard: '20', cmakeFlags: '-DCMAKE_CXX_STANDARD=20' };
  r.environment.hardwareClass = hardwareClassOf(r.environment).id;
  return r;
};

test('version 4: valid with the machine, the build and the class; each is required, and the class must be the one its environment defines', () => {
  assert.doesNotThrow(() => validateResults(v4()));
  for (const field of ['machine', 'drogonBuild', 'hardwareClass']) {
    const r = v4(); delete r.environment[field];
    assert.throws(() => validateResults(r), new RegExp(`/environment/${field}: is required but missing`), field);
  }
  const wrongClass = v4(); wrongClass.environment.hardwareClass = 'sha256:ffffffffffffffff';
  assert.throws(() => validateResults(wrongClass), /environment\.hardwareClass is sha256:f{16} but its environment defines sha256:[0-9a-f]{16}/);
  const edited = v4(); edited.environment.cpuCores = 64;
  assert.throws(() => validateResults(edited), /environment\.hardwareClass is/);
  const badId = v4(); badId.environment.machine.id = '3d1219c7c4c5404aaa1f6d2a48adfda4';
  assert.throws(() => validateResults(badId), /\/environment\/machine\/id: must match pattern/);
  const badKind = v4(); badKind.environment.drogonBuild.libraries = 'both';
  assert.throws(() => validateResults(badKind), /\/environment\/drogonBuild\/libraries: must be equal to one of the allowed values/);
});
