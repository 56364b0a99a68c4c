'use strict';
// Loading bench/scenarios.json: the committed file loads with its JSON servers; a malformed file fails
// with an error naming the file and the field, both from loadScenarios and from the runner's command
// line (exit code 2, nothing measured).
const test = require('node:test');
const assert = require('node:assert/strict');
const { writeFileSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');
const { loadScenarios, defaultScenariosPath } = require('../../src/plan/load-scenarios');
const { scenarioVariants } = require('../support/scenario-variants');

const { dir, real, loadVariant } = scenarioVariants();

test('the committed scenario file loads, its JSON servers attached from their own file; a missing file is named', () => {
  const data = loadScenarios();
  assert.deepEqual(data.servers.map((s) => s.id), ['drogon', 'nginx-module', 'nginx-return']);
  assert.deepEqual(Object.keys(data.profiles), ['default', 'quick', 'many-connections']);
  assert.equal(data.json.serversFile, 'bench/json/servers.json');
  assert.deepEqual(data.jsonServers.servers.map((s) => s.id), real().profiles.default.json.servers);
  assert.deepEqual(loadScenarios(defaultScenariosPath), data);
  const missing = join(dir, 'missing.json');
  assert.throws(() => loadScenarios(missing), new RegExp(`cannot read scenario file ${missing}: ENOENT`));
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
  const { assertLoopback } = require('../../src/measure/closed-loop');
  assert.throws(() => assertLoopback('http://10.0.0.1:18080/benchmark'), /refusing to send load to 10\.0\.0\.1/);
  assert.throws(() => assertLoopback('http://localhost:18080/benchmark'), /refusing to send load to localhost/);
  assert.doesNotThrow(() => assertLoopback('http://127.0.0.1:18080/benchmark'));
});

test('an unknown tool names the allowed ones', () => {
  const load = loadVariant('tool', (d) => { d.profiles.quick.scenarios[0].tool = 'hey'; });
  assert.throws(load, /\/profiles\/quick\/scenarios\/0\/tool: must be equal to one of the allowed values: "wrk", "ab"/);
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
  const res = spawnSync(process.execPath, [join(__dirname, '..', '..', 'src', 'run.js'), '--profile', 'quick', '--scenarios-file', path, '--output', join(dir, 'out.json')], { encoding: 'utf8' });
  assert.equal(res.status, 2, res.stderr);
  assert.match(res.stderr, /\/profiles\/quick\/durationSeconds: must be integer/);
  assert.throws(() => readFileSync(join(dir, 'out.json')), /ENOENT/);
});
