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

test('the committed scenario file is valid and its default profile mirrors the published table', () => {
  const data = loadScenarios();
  const plan = buildPlan(data, {});
  assert.equal(plan.profile, 'default');
  assert.equal(plan.repetitions, 5);
  const wrk = plan.scenarios.filter((s) => s.tool === 'wrk');
  for (const connections of [100, 1000, 10000]) {
    for (const keepAlive of [true, false]) {
      assert.ok(wrk.some((s) => s.connections === connections && s.keepAlive === keepAlive), `wrk c${connections} keepAlive=${keepAlive}`);
    }
  }
  assert.ok(plan.scenarios.some((s) => s.tool === 'ab' && !s.keepAlive), 'ab cross-check without keep-alive');
  assert.deepEqual(plan.servers.map((s) => s.id), ['drogon', 'nginx-module', 'nginx-return']);
  assert.equal(data.address, '127.0.0.1');
});

test('overrides: repetitions, duration, server and scenario subsets; unknown names are named', () => {
  const data = loadScenarios();
  const plan = buildPlan(data, { profile: 'quick', repetitions: 1, durationSeconds: 3, servers: 'drogon', scenarios: 'c100-close' });
  assert.equal(plan.repetitions, 1);
  assert.equal(plan.durationSeconds, 3);
  assert.deepEqual(plan.servers.map((s) => s.id), ['drogon']);
  assert.deepEqual(plan.scenarios.map((s) => s.id), ['c100-close']);
  assert.throws(() => buildPlan(data, { profile: 'nope' }), /--profile nope: no such profile/);
  assert.throws(() => buildPlan(data, { servers: 'drogon,apache' }), /--servers: unknown server "apache"/);
  assert.throws(() => buildPlan(data, { profile: 'quick', scenarios: 'c10000-close' }), /profile "quick" has no scenario "c10000-close"/);
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
