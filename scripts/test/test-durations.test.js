'use strict';
// npm test's duration table (scripts/test-durations.js, a reporter of node's test runner): real test
// files of known length run through node --test as scripts/test.js runs them, one at a time and two
// at once; each file is listed once with its duration, slowest first, a failed one marked.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { durationTable, formatDuration } = require('../test-durations');

test('each test file is listed once with its duration, slowest first, a failed one marked', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-durations-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = (name, ms, fails = false) => fs.writeFileSync(path.join(dir, name),
    `require('node:test')('waits', async () => { await new Promise((r) => setTimeout(r, ${ms})); ${fails ? "throw new Error('no');" : ''} });\n`);
  file('quick.test.js', 50);
  file('slow.test.js', 1500);
  file('failing.test.js', 700, true);
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT; // else the inner runner would not run its files
  delete env.DROGON_TEST_DURATIONS; // npm test's own rows file: this run prints its table
  const run = spawnSync(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', '--test-reporter-destination=stdout',
    `--test-reporter=${path.join(__dirname, '..', 'test-durations.js')}`, '--test-reporter-destination=stdout',
    'quick.test.js', 'slow.test.js', 'failing.test.js'], { cwd: dir, env, encoding: 'utf8' });
  assert.equal(run.status, 1, run.stdout + run.stderr); // one file fails
  const table = run.stdout.slice(run.stdout.indexOf('Test files by duration'));
  assert.match(table, /^Test files by duration, slowest first \(3 files, [\d.]+ s in all\):$/m);
  const rows = table.split('\n').slice(1).filter(Boolean).map((l) => /^\s+([\d.]+) s {2}(\S+)( {2}\(failed\))?$/.exec(l));
  assert.deepEqual(rows.map((r) => r && r[2]), ['slow.test.js', 'failing.test.js', 'quick.test.js'], table);
  assert.ok(Number(rows[0][1]) >= 1.5, table);
  assert.deepEqual(rows.map((r) => Boolean(r[3])), [false, true, false]);
});

test('files run at the same time each count their own time; with DROGON_TEST_DURATIONS the rows go to that file', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-durations-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const [name, ms] of [['a.test.js', 1200], ['b.test.js', 600]]) {
    fs.writeFileSync(path.join(dir, name), `require('node:test')('waits', async () => { await new Promise((r) => setTimeout(r, ${ms})); });\n`);
  }
  const env = { ...process.env, DROGON_TEST_DURATIONS: path.join(dir, 'rows.jsonl') };
  delete env.NODE_TEST_CONTEXT;
  const run = spawnSync(process.execPath, ['--test', '--test-concurrency=2',
    `--test-reporter=${path.join(__dirname, '..', 'test-durations.js')}`, '--test-reporter-destination=stdout',
    'a.test.js', 'b.test.js'], { cwd: dir, env, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.ok(!run.stdout.includes('Test files by duration'), run.stdout);
  const rows = fs.readFileSync(env.DROGON_TEST_DURATIONS, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(rows.map((r) => path.basename(r.file)).sort(), ['a.test.js', 'b.test.js']);
  const ms = Object.fromEntries(rows.map((r) => [path.basename(r.file), r.ms]));
  assert.ok(ms['a.test.js'] >= 1200 && ms['b.test.js'] >= 600 && ms['b.test.js'] < ms['a.test.js'], JSON.stringify(rows));
  assert.ok(rows.every((r) => r.failed === false));
  assert.match(durationTable(rows, dir, 1500), /\(2 files, [\d.]+ s in all; the run took 1\.5 s\):/);
});

test('durations read as seconds, then minutes and seconds', () => {
  assert.equal(formatDuration(1234), '1.2 s');
  assert.equal(formatDuration(61000), '1 min 01 s');
  assert.equal(formatDuration(25 * 60000 + 500), '25 min 01 s');
  assert.match(durationTable([{ file: '/r/a.test.js', ms: 1000 }, { file: '/r/b.test.js', ms: 125000, failed: true }], '/r'),
    /\(2 files, 2 min 06 s in all\):\n {2}2 min 05 s {2}b\.test\.js {2}\(failed\)\n {7}1\.0 s {2}a\.test\.js\n/);
});
