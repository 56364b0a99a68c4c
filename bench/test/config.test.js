'use strict';
// bench/scenarios.json is valid, and a malformed scenario file fails with an error naming the field,
// both from loadScenarios and from the runner's command line (exit code 2, nothing measured).
const test = require('node:test');
const assert = require('node:assert/strict');
const { mkdtempSync, writeFileSync, readFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');
const { spawnSync } = require('node:child_process');
const { loadScenarios, buildPlan, defaultScenariosPath } = require('../src/config');

const real = () => JSON.parse(readFileSync(defaultScenariosPath, 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'bench-config-test-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

function loadVariant(name, mutate) {
  const data = real();
  mutate(data);
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(data));
  return () => loadScenarios(path);
}

test('the committed scenario file is valid; its default profile has the published table, pipelined scenarios, the sweep and instruction counts', () => {
  const data = loadScenarios();
  const plan = buildPlan(data, {});
  assert.equal(plan.profile, 'default');
  assert.equal(plan.complete, true);
  assert.deepEqual(plan.parts, ['scenarios', 'sweep', 'instructions']);
  const wrk = plan.scenarios.filter((s) => s.tool === 'wrk' && s.pipelineDepth === 1);
  for (const connections of [100, 1000, 10000]) {
    for (const keepAlive of [true, false]) {
      assert.ok(wrk.some((s) => s.connections === connections && s.keepAlive === keepAlive), `wrk c${connections} keepAlive=${keepAlive}`);
    }
  }
  assert.ok(plan.scenarios.some((s) => s.tool === 'ab' && !s.keepAlive), 'ab cross-check without keep-alive');
  // TechEmpower's plaintext levels, 16 requests per write; 16384 only where the open-files limit allows
  const pipelined = plan.scenarios.filter((s) => s.pipelineDepth > 1);
  assert.deepEqual(pipelined.map((s) => [s.connections, s.pipelineDepth, s.keepAlive, s.tool]), [[256, 16, true, 'wrk'], [1024, 16, true, 'wrk'], [16384, 16, true, 'wrk']]);
  assert.deepEqual(pipelined.map((s) => Boolean(s.whenOpenFilesAllow)), [false, false, true]);
  assert.ok(plan.scenarios.every((s) => s.repetitions >= 3), 'at least 3 rounds per scenario');
  // the sweep: ab -k, at least 10 levels from 1 to 10000, 3 runs per level
  assert.equal(plan.sweep.tool, 'ab');
  assert.equal(plan.sweep.keepAlive, true);
  assert.ok(plan.sweep.levels.length >= 10);
  assert.equal(plan.sweep.levels[0], 1);
  assert.equal(plan.sweep.levels.at(-1), 10000);
  assert.equal(plan.sweep.runsPerLevel, 3);
  assert.deepEqual(plan.instructions.cases.map((c) => [c.id, c.pipelineDepth]), [['keepalive', 1], ['close', 1], ['pipelined', 16]]);
  assert.equal(plan.instructions.repeats, 3);
  assert.deepEqual(plan.servers.map((s) => s.id), ['drogon', 'nginx-module', 'nginx-return']);
  assert.equal(plan.reference, 'drogon');
  assert.ok(plan.bootstrap.resamples >= 10000);
  assert.equal(data.address, '127.0.0.1');
});

test('the quick profile has every kind of measurement: a pipelined scenario, two sweep levels, one instruction count', () => {
  const plan = buildPlan(loadScenarios(), { profile: 'quick' });
  assert.deepEqual(plan.parts, ['scenarios', 'sweep', 'instructions']);
  assert.ok(plan.scenarios.some((s) => s.pipelineDepth > 1));
  assert.equal(plan.sweep.levels.length, 2);
  assert.equal(plan.instructions.cases.length, 1);
});

test('overrides: repetitions, duration, server and scenario subsets, parts, seed; unknown names are named', () => {
  const data = loadScenarios();
  const plan = buildPlan(data, { profile: 'quick', repetitions: 1, durationSeconds: 3, servers: 'drogon', scenarios: 'c100-keepalive', seed: 7 });
  assert.equal(plan.repetitions, 1);
  assert.equal(plan.durationSeconds, 3);
  assert.equal(plan.seed, 7);
  assert.equal(plan.complete, false);
  assert.deepEqual(plan.servers.map((s) => s.id), ['drogon']);
  assert.deepEqual(plan.scenarios.map((s) => [s.id, s.repetitions, s.durationSeconds]), [['c100-keepalive', 1, 3]]);
  assert.deepEqual(plan.parts, ['scenarios'], '--scenarios alone runs only the scenarios');
  assert.equal(plan.sweep, null);
  assert.equal(plan.instructions, null);
  // a scenario's own settings beat the profile's; the command line beats both
  const quick = buildPlan(data, { profile: 'quick' });
  assert.equal(quick.scenarios.find((s) => s.id === 'pipelined-c256').warmupSeconds, 1);
  assert.equal(quick.scenarios.find((s) => s.id === 'c100-keepalive').warmupSeconds, 0);
  assert.equal(buildPlan(data, { profile: 'quick', warmupSeconds: 0 }).scenarios.find((s) => s.id === 'pipelined-c256').warmupSeconds, 0);
  const instructionsOnly = buildPlan(data, { profile: 'quick', parts: 'instructions' });
  assert.deepEqual([instructionsOnly.parts, instructionsOnly.scenarios, instructionsOnly.sweep], [['instructions'], [], null]);
  assert.notEqual(buildPlan(data, {}).seed, undefined, 'a seed is always chosen');
  assert.throws(() => buildPlan(data, { profile: 'nope' }), /--profile nope: no such profile/);
  assert.throws(() => buildPlan(data, { servers: 'drogon,apache' }), /--servers: unknown server "apache"/);
  assert.throws(() => buildPlan(data, { profile: 'quick', scenarios: 'c10000-close' }), /profile "quick" has no scenario "c10000-close"/);
  assert.throws(() => buildPlan(data, { parts: 'scenarios,latency' }), /--parts: unknown part "latency"/);
});

test('--seed and --parts on the command line: bad values are named', () => {
  const { parseCli } = require('../src/cli');
  assert.equal(parseCli(['--seed', '4294967295']).seed, 4294967295);
  assert.equal(parseCli([]).output, null, 'no --output: the runner picks the path');
  assert.throws(() => parseCli(['--seed', '4294967296']), /--seed must be a whole number from 0 to 4294967295/);
  assert.throws(() => parseCli(['--seed=-1']), /--seed must be a whole number/);
  assert.throws(() => parseCli(['--seed', '12abc']), /--seed must be a whole number/);
  assert.equal(parseCli(['--parts', 'sweep']).parts, 'sweep');
});

test('scenarios whose connections exceed the open-files limit: skipped with the reason when marked, else the run stops', () => {
  const { checkOpenFiles } = require('../src/limits');
  const plan = buildPlan(loadScenarios(), { parts: 'scenarios' });
  const { scenarios, skipped } = checkOpenFiles(plan, 16000);
  assert.ok(!scenarios.some((s) => s.id === 'pipelined-c16384'));
  assert.deepEqual(skipped.map((s) => [s.id, s.connections]), [['pipelined-c16384', 16384]]);
  assert.match(skipped[0].reason, /16384 connections need an open-files limit of at least 16448, but the hard limit here is 16000 \(ulimit -Hn\)/);
  assert.equal(checkOpenFiles(plan, 20000).skipped.length, 0);
  assert.throws(() => checkOpenFiles(plan, 5000), /scenario c10000-keepalive with 10000 connections needs an open-files limit of at least 10064/);
  const withSweep = buildPlan(loadScenarios(), { parts: 'sweep' });
  assert.throws(() => checkOpenFiles(withSweep, 5000), /sweep level of 10000 connections needs an open-files limit of at least 10064/);
});

test('a wrong type names the field', () => {
  const load = loadVariant('type', (d) => { d.profiles.quick.scenarios[1].connections = '100'; });
  assert.throws(load, /\/profiles\/quick\/scenarios\/1\/connections: must be integer/);
});

test('a missing field names the field', () => {
  const load = loadVariant('missing', (d) => { delete d.servers[0].port; });
  assert.throws(load, /\/servers\/0\/port: is required but missing/);
});

test('an unknown field names the field', () => {
  const load = loadVariant('unknown', (d) => { d.profiles.default.scenarios[0].pipeline = 16; });
  assert.throws(load, /\/profiles\/default\/scenarios\/0\/pipeline: is not an allowed field/);
});

test('load may only go to 127.0.0.1', () => {
  const load = loadVariant('address', (d) => { d.address = '10.0.0.1'; });
  assert.throws(load, /\/address: must be equal to constant "127\.0\.0\.1"/);
});

test('the runner itself refuses to send load anywhere but 127.0.0.1', () => {
  const { assertLoopback } = require('../src/measure');
  assert.throws(() => assertLoopback('http://10.0.0.1:18080/benchmark'), /refusing to send load to 10\.0\.0\.1/);
  assert.throws(() => assertLoopback('http://localhost:18080/benchmark'), /refusing to send load to localhost/);
  assert.doesNotThrow(() => assertLoopback('http://127.0.0.1:18080/benchmark'));
});

test('an unknown tool names the allowed ones', () => {
  const load = loadVariant('tool', (d) => { d.profiles.quick.scenarios[0].tool = 'hey'; });
  assert.throws(load, /\/profiles\/quick\/scenarios\/0\/tool: must be equal to one of the allowed values: "wrk", "ab"/);
});

test('cross-references: pipelining only with wrk and keep-alive, instruction cases and the reference server must exist', () => {
  assert.throws(loadVariant('pipe-ab', (d) => { d.profiles.quick.scenarios[1].pipelineDepth = 16; }), /\/profiles\/quick\/scenarios\/1\/pipelineDepth: pipelining needs wrk with keep-alive/);
  assert.throws(loadVariant('case', (d) => { d.profiles.quick.instructions.cases = ['keepalive', 'http2']; }), /\/profiles\/quick\/instructions\/cases\/1: unknown instruction case "http2"/);
  assert.throws(loadVariant('reference', (d) => { d.reference = 'apache'; }), /\/reference: unknown server "apache"/);
  assert.throws(loadVariant('resamples', (d) => { d.bootstrap.resamples = 999; }), /\/bootstrap\/resamples: must be >= 10000/);
});

test('cross-references: unknown server in a profile, duplicate port, duplicate scenario id', () => {
  assert.throws(loadVariant('ref', (d) => { d.profiles.quick.servers.push('apache'); }), /\/profiles\/quick\/servers\/3: unknown server "apache"/);
  assert.throws(loadVariant('port', (d) => { d.servers[2].port = d.servers[0].port; }), /\/servers\/2\/port: port 18080 is already used by server "drogon"/);
  assert.throws(loadVariant('dup', (d) => { d.profiles.quick.scenarios[1].id = 'c100-keepalive'; }), /\/profiles\/quick\/scenarios\/1\/id: duplicate scenario id/);
});

test('not JSON at all: the error says so and names the file', () => {
  const path = join(dir, 'broken.json');
  writeFileSync(path, '{ "address": ');
  assert.throws(() => loadScenarios(path), new RegExp(`scenario file ${path} is not valid JSON`));
});

test('the runner refuses a malformed scenario file with exit code 2 and the field, before any setup check', () => {
  const data = real();
  data.profiles.quick.durationSeconds = 1.5;
  const path = join(dir, 'cli.json');
  writeFileSync(path, JSON.stringify(data));
  const res = spawnSync(process.execPath, [join(__dirname, '..', 'src', 'run.js'), '--profile', 'quick', '--scenarios-file', path, '--output', join(dir, 'out.json')], { encoding: 'utf8' });
  assert.equal(res.status, 2, res.stderr);
  assert.match(res.stderr, /\/profiles\/quick\/durationSeconds: must be integer/);
  assert.throws(() => readFileSync(join(dir, 'out.json')), /ENOENT/);
});
