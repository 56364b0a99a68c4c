'use strict';
// bench/src/compare-cli.js (`npm run bench:compare`): output, exit codes, refused files.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { compareResults } = require('../src/compare/compare');
const { toMarkdown, toText } = require('../src/compare/report');
const { fixtureDir, realRunA, realRunB, clone, rowOf, resummarize, quietScenario, quietServer } = require('./support/compare-fixtures');

const cli = path.join(__dirname, '..', 'src', 'compare-cli.js');

function writeTemp(t, name, value) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-compare-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

const runCli = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 30_000 });

test('CLI: prints the comparison, exits 0 on a flagged regression (3 only with --fail-on-regression)', (t) => {
  const oldFile = path.join(fixtureDir, 'quick-run-a.json');
  // Test data: every run of one row failed (flagged whatever the noise).
  const dead = clone(realRunA);
  const deadRow = rowOf(dead, quietScenario, quietServer);
  deadRow.runs = deadRow.runs.map((r) => ({ repetition: r.repetition, status: 'failed', command: r.command, failureReason: 'test data: server did not start' }));
  resummarize(deadRow);
  deadRow.bottleneck = { side: 'unknown', serverCpuUtilization: null, clientCpuUtilization: null };
  const newFile = writeTemp(t, 'new.json', dead);

  const text = runCli(oldFile, newFile);
  assert.equal(text.status, 0, text.stderr);
  assert.equal(text.stdout, toText(compareResults(realRunA, dead)));
  assert.match(text.stdout, /every run failed in the new results/);
  assert.match(text.stderr, /1 regression\(s\) flagged/);

  const markdown = runCli(oldFile, newFile, '--markdown');
  assert.equal(markdown.status, 0);
  assert.equal(markdown.stdout, toMarkdown(compareResults(realRunA, dead)));

  const json = runCli(oldFile, newFile, '--json');
  assert.equal(JSON.parse(json.stdout).regressions.length, 1);

  assert.equal(runCli(oldFile, newFile, '--fail-on-regression').status, 3);
  const quiet = runCli(oldFile, path.join(fixtureDir, 'quick-run-b.json'), '--fail-on-regression');
  assert.equal(quiet.status, 0);
  assert.equal(quiet.stdout, toText(compareResults(realRunA, realRunB)));
});

test('CLI: an invalid results file is refused with its name and the field; bad usage exits 2', (t) => {
  const broken = clone(realRunA);
  delete broken.environment.kernel;
  broken.scenarios[0].results[0].summary.requestsPerSecond.median = 'fast';
  const brokenFile = writeTemp(t, 'broken.json', broken);
  const r = runCli(path.join(fixtureDir, 'quick-run-a.json'), brokenFile);
  assert.equal(r.status, 1);
  assert.equal(r.stdout, '');
  assert.ok(r.stderr.includes(brokenFile), r.stderr);
  assert.match(r.stderr, /\/environment\/kernel/);
  assert.match(r.stderr, /\/scenarios\/0\/results\/0\/summary\/requestsPerSecond\/median/);

  const notJson = runCli(writeTemp(t, 'x.json', '{ nope'), brokenFile);
  assert.equal(notJson.status, 1);
  assert.match(notJson.stderr, /x\.json is not valid JSON/);

  const missing = runCli('/nonexistent/old.json', brokenFile);
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /cannot read results file \/nonexistent\/old\.json/);

  assert.equal(runCli(path.join(fixtureDir, 'quick-run-a.json')).status, 2);
  assert.equal(runCli('a.json', 'b.json', '--frobnicate').status, 2);
});
