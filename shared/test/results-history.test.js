// Results history: file naming, ordering, validation, and the atomic, idempotent record step.
// Base data: a real quick-profile run (bench/test/fixtures/compare/quick-run-a.json) for loading, and the
// real default-profile run kept in bench/results/history/ for recording (only default runs are recorded).
// The dated copies below are TEST DATA: the same run with its date and commit rewritten.
// Covers: bench/src/record-history.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { loadHistory, historyFileName } = require('../src/results-history');
const { recordHistory } = require('../../bench/src/record-history');

const fixture = path.join(__dirname, '..', '..', 'bench', 'test', 'fixtures', 'compare', 'quick-run-a.json');
const realRun = JSON.parse(fs.readFileSync(fixture, 'utf8'));
const realDefaultRun = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'bench', 'results', 'history', '2026-11-22-96be4b9.json'), 'utf8'));
const recordScript = path.join(__dirname, '..', '..', 'bench', 'src', 'record-history.js');

function tempDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-history-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// Test data: the real run, re-dated and re-committed.
function datedCopy(date, commit, time = '12:00:00') {
  const copy = structuredClone(realRun);
  copy.environment.date = date;
  copy.environment.gitCommit = commit;
  copy.startedAt = `${date}T${time}.000Z`;
  copy.finishedAt = `${date}T${time}.900Z`;
  return copy;
}

function writeResults(dir, name, results) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
  return file;
}

test('historyFileName: <YYYY-MM-DD>-<7-char commit>.json from the environment', () => {
  const env = realRun.environment;
  assert.equal(historyFileName(realRun), `${env.date}-${env.gitCommit.slice(0, 7)}.json`);
  assert.equal(historyFileName(datedCopy('2024-02-29', 'ABCDEF0123456789abcdef0123456789abcdef01')), '2024-02-29-abcdef0.json');
  assert.equal(historyFileName(datedCopy('2024-02-29', 'abcdef0123-dirty')), '2024-02-29-abcdef0-dirty.json');
  assert.throws(() => historyFileName(datedCopy('2024-02-29', 'unknown (not a git checkout)')), /environment\.gitCommit/);
  assert.throws(() => historyFileName(datedCopy('29.02.2024', 'abcdef0123')), /environment\.date/);
});

test('loadHistory: validated results, oldest first; a missing folder is an empty history', (t) => {
  const dir = tempDir(t);
  assert.deepEqual(loadHistory(path.join(dir, 'none')), []);
  const runs = [
    datedCopy('2025-03-01', 'cccccccccccccccccccccccccccccccccccccccc'),
    datedCopy('2025-01-15', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'),
    datedCopy('2025-02-01', 'ffffffffffffffffffffffffffffffffffffffff', '18:00:00'),
    // Same day, earlier in the day, other commit: ordered by start time, not by file name.
    datedCopy('2025-02-01', '1111111111111111111111111111111111111111', '06:00:00'),
  ];
  for (const r of runs) writeResults(dir, historyFileName(r), r);
  // Temp files of an atomic write in progress are not history.
  fs.writeFileSync(path.join(dir, '.2025-04-01-0000000.json.123.tmp'), '{"half": ');
  const history = loadHistory(dir);
  assert.deepEqual(history.map((r) => `${r.environment.date} ${r.environment.gitCommit.slice(0, 7)}`),
    ['2025-01-15 aaaaaaa', '2025-02-01 1111111', '2025-02-01 fffffff', '2025-03-01 ccccccc']);
});

test('loadHistory: an invalid file is an error naming the file and the field', (t) => {
  const dir = tempDir(t);
  const broken = datedCopy('2025-01-15', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
  delete broken.environment.cpuModel;
  const file = writeResults(dir, historyFileName(broken), broken);
  assert.throws(() => loadHistory(dir), (err) => err.message.includes(file) && /\/environment\/cpuModel/.test(err.message));
});

test('loadHistory: a broken reference in any real history entry is refused naming its file and the path (issue 29)', (t) => {
  // The real history (bench/results/history/); in each file in turn, a reference the trend reads set to
  // an unknown id (TEST DATA): the comparison behind a ratio, or a scenario result's server in format 1.
  const dir = tempDir(t);
  const realDir = path.join(__dirname, '..', '..', 'bench', 'results', 'history');
  const names = fs.readdirSync(realDir).filter((n) => n.endsWith('.json'));
  assert.ok(names.length >= 2, `${names.length} history files`);
  for (const name of names) fs.copyFileSync(path.join(realDir, name), path.join(dir, name));
  assert.equal(loadHistory(dir).length, names.length);
  for (const name of names) {
    const original = fs.readFileSync(path.join(dir, name), 'utf8');
    const results = JSON.parse(original);
    const i = results.scenarios.findIndex((s) => (s.comparisons || []).length > 0);
    const field = i >= 0 ? `/scenarios/${i}/comparisons/0/other` : '/scenarios/0/results/0/server';
    if (i >= 0) results.scenarios[i].comparisons[0].other = 'drogon-typo';
    else results.scenarios[0].results[0].server = 'drogon-typo';
    fs.writeFileSync(path.join(dir, name), JSON.stringify(results));
    assert.throws(() => loadHistory(dir), (err) => err.message.includes(path.join(dir, name))
      && err.message.includes(`${field}: unknown server id "drogon-typo" (not in /servers/*/id)`), name);
    fs.writeFileSync(path.join(dir, name), original);
  }
  assert.equal(loadHistory(dir).length, names.length);
});

test('loadHistory: a file whose name disagrees with its contents is an error', (t) => {
  const dir = tempDir(t);
  const run = datedCopy('2025-01-15', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
  writeResults(dir, '2025-01-16-aaaaaaa.json', run);
  assert.throws(() => loadHistory(dir), /named 2025-01-16-aaaaaaa\.json but .* say 2025-01-15-aaaaaaa\.json/);
  fs.rmSync(path.join(dir, '2025-01-16-aaaaaaa.json'));
  writeResults(dir, 'latest.json', run);
  assert.throws(() => loadHistory(dir), /history file names must be <YYYY-MM-DD>-<shortcommit>\.json/);
});

test('recordHistory: copies the results byte for byte, atomically, and is idempotent', (t) => {
  const dir = tempDir(t);
  const historyDir = path.join(dir, 'history');
  const latest = writeResults(dir, 'latest.json', realDefaultRun);

  const first = recordHistory({ resultsFile: latest, historyDir });
  assert.equal(first.action, 'created');
  assert.equal(path.basename(first.file), historyFileName(realDefaultRun));
  assert.deepEqual(fs.readFileSync(first.file), fs.readFileSync(latest));
  // No temp file is left behind next to it.
  assert.deepEqual(fs.readdirSync(historyDir), [historyFileName(realDefaultRun)]);

  const mtime = fs.statSync(first.file).mtimeMs;
  const second = recordHistory({ resultsFile: latest, historyDir });
  assert.equal(second.action, 'unchanged');
  assert.equal(fs.statSync(first.file).mtimeMs, mtime, 'an unchanged record is not rewritten');
  assert.deepEqual(fs.readdirSync(historyDir), [historyFileName(realDefaultRun)]);

  // A re-run with the same date and commit replaces the earlier copy (test data: a later start time).
  const rerun = structuredClone(realDefaultRun);
  rerun.finishedAt = new Date(Date.parse(realDefaultRun.finishedAt) + 60_000).toISOString();
  writeResults(dir, 'latest.json', rerun);
  assert.equal(recordHistory({ resultsFile: latest, historyDir }).action, 'replaced');
  assert.equal(JSON.parse(fs.readFileSync(first.file, 'utf8')).finishedAt, rerun.finishedAt);
  assert.equal(loadHistory(historyDir).length, 1);
});

test('recordHistory: an invalid results file is refused before anything is written', (t) => {
  const dir = tempDir(t);
  const historyDir = path.join(dir, 'history');
  const broken = structuredClone(realDefaultRun);
  broken.scenarios[0].results[0].runs[0].latencyUs.p99 = -1;
  const latest = writeResults(dir, 'latest.json', broken);
  assert.throws(() => recordHistory({ resultsFile: latest, historyDir }),
    (err) => err.message.includes(latest) && /\/scenarios\/0\/results\/0\/runs\/0\/latencyUs\/p99/.test(err.message));
  assert.equal(fs.existsSync(historyDir), false);
});

test('record-history.js command: records, reports, and fails with a named step on bad input', (t) => {
  const dir = tempDir(t);
  const historyDir = path.join(dir, 'history');
  const latest = writeResults(dir, 'latest.json', realDefaultRun);
  const run = (...args) => spawnSync(process.execPath, [recordScript, ...args], { encoding: 'utf8', cwd: dir, timeout: 30_000 });
  const ok = run('--results', latest, '--history-dir', historyDir);
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, new RegExp(`history: recorded history/${historyFileName(realDefaultRun).replace(/\./g, '\\.')}`));
  assert.match(run('--results', latest, '--history-dir', historyDir).stdout, /already recorded, unchanged/);
  const missing = run('--results', path.join(dir, 'nope.json'), '--history-dir', historyDir);
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /error: \[record-history\] cannot read results file .*nope\.json/);
  assert.equal(run('--bogus').status, 1);
});

test('recordHistory: a quick run or a selection of the default profile is refused, nothing written', (t) => {
  const dir = tempDir(t);
  const historyDir = path.join(dir, 'history');
  const quick = writeResults(dir, 'quick.json', realRun);
  assert.throws(() => recordHistory({ resultsFile: quick, historyDir }), /is a run of the "quick" profile; the history keeps only complete runs of the default profile/);
  const selection = structuredClone(realDefaultRun);
  selection.method.complete = false;
  const partial = writeResults(dir, 'partial.json', selection);
  assert.throws(() => recordHistory({ resultsFile: partial, historyDir }), /is a selection of the default profile \(method\.complete is false\)/);
  assert.equal(fs.existsSync(historyDir), false);
  const res = spawnSync(process.execPath, [recordScript, '--results', quick, '--history-dir', historyDir], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(res.status, 1);
  assert.match(res.stderr, /error: \[record-history\] .*"quick" profile/);
});
