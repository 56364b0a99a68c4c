'use strict';
// The setup state (written by `npm run bench:setup`) is found and read; every problem names that command.
const test = require('node:test');
const assert = require('node:assert/strict');
const { mkdtempSync, writeFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');
const { loadBenchState, benchHome, BenchStateError, STATE_FIELDS } = require('../src/bench-state');

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
  assert.throws(() => loadBenchState(env), (err) => err instanceof BenchStateError
    && /state\.json not found \(ENOENT\): run `npm run bench:setup` first/.test(err.message));
  writeFileSync(join(dir, 'state.json'), '{"drogonVersion": ');
  assert.throws(() => loadBenchState(env), /is not valid JSON .*npm run bench:setup/);
  const partial = complete();
  delete partial.nginxHelloModule;
  partial.wrkVersion = '';
  writeFileSync(join(dir, 'state.json'), JSON.stringify(partial));
  assert.throws(() => loadBenchState(env), /missing or empty field\(s\) nginxHelloModule, wrkVersion: run `npm run bench:setup`/);
});

test('a complete state is returned with the path it was read from', () => {
  writeFileSync(join(dir, 'state.json'), JSON.stringify(complete()));
  const { state, path } = loadBenchState(env);
  assert.equal(path, join(dir, 'state.json'));
  assert.deepEqual(state, complete());
});
