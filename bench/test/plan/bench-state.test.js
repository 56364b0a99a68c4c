'use strict';
// The setup state (written by `npm run bench:setup`) is read and checked; every problem names that command.
const test = require('node:test');
const assert = require('node:assert/strict');
const { mkdtempSync, writeFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');
const { loadBenchState, checkTools, benchHome, STATE_FIELDS } = require('../../src/plan/bench-state');
const { loadScenarios, buildPlan } = require('../../src/plan/config');

const dir = mkdtempSync(join(tmpdir(), 'bench-state-test-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const env = { ...process.env, DROGON_BENCH_HOME: dir };
const complete = () => Object.fromEntries(STATE_FIELDS.map((f) => [f, `/nonexistent/${f}`]));

test('BENCH_HOME follows DROGON_BENCH_HOME, then XDG_CACHE_HOME, then ~/.cache', () => {
  assert.equal(benchHome({ DROGON_BENCH_HOME: '/x' }), '/x');
  assert.equal(benchHome({ XDG_CACHE_HOME: '/c' }), '/c/drogon-docs-bench');
  assert.match(benchHome({}), /\.cache\/drogon-docs-bench$/);
});

test('no state.json, broken JSON, missing fields: each error names npm run bench:setup', () => {
  assert.throws(() => loadBenchState(env), /state\.json not found \(ENOENT\): run `npm run bench:setup` first/);
  writeFileSync(join(dir, 'state.json'), '{"drogonVersion": ');
  assert.throws(() => loadBenchState(env), /is not valid JSON .*npm run bench:setup/);
  const partial = complete();
  delete partial.nginxHelloModule;
  partial.wrkVersion = '';
  writeFileSync(join(dir, 'state.json'), JSON.stringify(partial));
  assert.throws(() => loadBenchState(env), /missing or empty field\(s\) nginxHelloModule, wrkVersion: run `npm run bench:setup`/);
});

test('a server binary the state points to but that is not there names the field and the setup command', () => {
  writeFileSync(join(dir, 'state.json'), JSON.stringify(complete()));
  const { state, path } = loadBenchState(env);
  const plan = buildPlan(loadScenarios(), { profile: 'quick', servers: 'drogon' });
  assert.throws(() => checkTools(plan, path, state), /server "drogon": drogonServerBinary = \/nonexistent\/drogonServerBinary .* does not exist.*npm run bench:setup/);
});

test('a load generator missing from PATH names the tool and the setup command', () => {
  const plan = buildPlan(loadScenarios(), { profile: 'quick', servers: 'drogon' });
  const state = complete();
  const saved = process.env.PATH;
  process.env.PATH = dir; // nothing executable in here
  try {
    // the quick profile's scenarios use wrk and ab, its sweep ab, its instruction count valgrind and the
    // lock-step client (node), its system-call count strace
    assert.throws(() => checkTools(plan, 'state.json', state), /missing tool\(s\) on PATH: bash, taskset, wrk, ab, valgrind, node, strace: run `npm run bench:setup` first/);
    const scenariosOnly = buildPlan(loadScenarios(), { profile: 'quick', servers: 'drogon', parts: 'scenarios', scenarios: 'c100-keepalive' });
    assert.throws(() => checkTools(scenariosOnly, 'state.json', state), /missing tool\(s\) on PATH: bash, taskset, wrk: run/);
  } finally {
    process.env.PATH = saved;
  }
});
