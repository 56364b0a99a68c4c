'use strict';
// What the setup built is checked against the plan: the state (a BenchError, exit code 2, for the
// runner) and the tools and binaries of the plan's parts; every problem names npm run bench:setup.
// Covers: bench/src/helpers/errors.js
const test = require('node:test');
const assert = require('node:assert/strict');
const { mkdtempSync, writeFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');
const { loadBenchState, checkTools } = require('../../src/plan/setup-check');
const { STATE_FIELDS } = require('../../../shared/src/bench-state');
const { BenchError, EXIT } = require('../../src/helpers/errors');
const { loadScenarios } = require('../../src/plan/load-scenarios');
const { buildPlan } = require('../../src/plan/build-plan');

const dir = mkdtempSync(join(tmpdir(), 'setup-check-test-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const env = { ...process.env, DROGON_BENCH_HOME: dir };
const complete = () => Object.fromEntries(STATE_FIELDS.map((f) => [f, `/nonexistent/${f}`]));

test('a missing state is a BenchError (exit code 2) naming npm run bench:setup', () => {
  assert.throws(() => loadBenchState(env), (err) => err instanceof BenchError && err.exitCode === EXIT.usage
    && /state\.json not found \(ENOENT\): run `npm run bench:setup` first/.test(err.message));
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
