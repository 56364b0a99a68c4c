'use strict';
// Summaries and named notes, built from the runs of a real quick run (fixture), then validated
// against bench/results.schema.json and written atomically.
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync, mkdtempSync, rmSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');
const { summarizeRuns, notesFor, serverResult } = require('../../src/summarize/summarize');
const { validateResults, writeResults } = require('../../../shared/src/results-file');
const { loadScenarios } = require('../../src/plan/load-scenarios');
const { median } = require('../../src/summarize/stats');

const fixturePath = join(__dirname, '..', 'fixtures', 'results-quick.json');
const load = () => JSON.parse(readFileSync(fixturePath, 'utf8'));
const scenariosData = loadScenarios();
const find = (results, scenarioId, server) => {
  const scenario = results.scenarios.find((s) => s.id === scenarioId);
  return { scenario, result: scenario.results.find((r) => r.server === server) };
};

test('summary: min/median/max of req/s, spread, median percentiles, summed errors, max peak RSS', () => {
  const { result } = find(load(), 'c100-close', 'drogon');
  const s = summarizeRuns(result.runs);
  const rates = result.runs.map((r) => r.requestsPerSecond);
  assert.equal(s.okRuns, result.runs.length);
  assert.equal(s.requestsPerSecond.min, Math.min(...rates));
  assert.equal(s.requestsPerSecond.max, Math.max(...rates));
  assert.equal(s.spread, (Math.max(...rates) - Math.min(...rates)) / median(rates));
  assert.equal(s.latencyUs.p99, median(result.runs.map((r) => r.latencyUs.p99)));
  assert.equal(s.errors.read, result.runs.reduce((sum, r) => sum + r.errors.read, 0));
  assert.equal(s.serverPeakRssBytes, Math.max(...result.runs.map((r) => r.serverPeakRssBytes)));
});

test('failed runs are counted and left out of the figures; no ok run gives a null summary', () => {
  const { result } = find(load(), 'c100-keepalive', 'drogon');
  const failed = { repetition: 3, status: 'failed', command: result.runs[0].command, failureReason: 'server "drogon" killed by SIGKILL during the run' };
  const s = summarizeRuns([...result.runs, failed]);
  assert.equal(s.failedRuns, 1);
  assert.equal(s.okRuns, result.runs.length);
  assert.deepEqual(s.requestsPerSecond, summarizeRuns(result.runs).requestsPerSecond);
  assert.equal(summarizeRuns([failed]), null);
});

test('Drogon + wrk + Connection: close: the read-error quirk is named with the real counts', () => {
  const { scenario, result } = find(load(), 'c100-close', 'drogon');
  const probe = { closesWithHeader: false, connectionHeaderOnClose: 'no Connection header' };
  const notes = notesFor({ scenario, runs: result.runs, summary: summarizeRuns(result.runs), probe, templates: scenariosData.notes });
  assert.deepEqual(notes.map((n) => n.code), ['wrk-read-errors-on-close']);
  const readErrors = result.runs.reduce((sum, r) => sum + r.errors.read, 0);
  assert.match(notes[0].text, new RegExp(`wrk counted ${new Intl.NumberFormat('en-US').format(readErrors)} read errors`));
  assert.match(notes[0].text, /no Connection header/);
  const withCrossCheck = notesFor({ scenario, runs: result.runs, summary: summarizeRuns(result.runs), probe, templates: scenariosData.notes, crossCheckId: 'c100-close-ab' });
  assert.match(withCrossCheck[0].text, /ab opens a new connection per request without this effect \(the cross-check of this scenario: c100-close-ab\)\./);
  // the same errors from a server that did say "Connection: close" are not explained away
  const other = notesFor({ scenario, runs: result.runs, summary: summarizeRuns(result.runs), probe: { closesWithHeader: true, connectionHeaderOnClose: 'Connection: close' }, templates: scenariosData.notes });
  assert.deepEqual(other.map((n) => n.code), ['load-errors']);
  assert.match(other[0].text, /read /);
});

test('nginx closes with the header: no note; ab: the millisecond note; failures: listed with reasons', () => {
  const results = load();
  const nginx = find(results, 'c100-close', 'nginx-module');
  assert.deepEqual(notesFor({ ...nginx, runs: nginx.result.runs, summary: summarizeRuns(nginx.result.runs), probe: { closesWithHeader: true, connectionHeaderOnClose: 'Connection: close' }, templates: scenariosData.notes }), []);
  const ab = find(results, 'c100-close-ab', 'drogon');
  const failed = { repetition: 3, status: 'failed', command: 'x', failureReason: 'server did not start: port busy' };
  const notes = notesFor({ scenario: ab.scenario, runs: [...ab.result.runs, failed], summary: summarizeRuns(ab.result.runs), probe: null, templates: scenariosData.notes });
  assert.deepEqual(notes.map((n) => n.code), ['ab-millisecond-latency', 'failed-runs']);
  assert.match(notes[1].text, /1 of 3 runs failed.*round 3: server did not start: port busy/);
});

test('other programs on the pinned CPUs get a cpu-contention note; a quiet run gets none', () => {
  const { scenario, result } = find(load(), 'c100-keepalive', 'nginx-return');
  const quiet = notesFor({ scenario, runs: result.runs, summary: summarizeRuns(result.runs), probe: null, templates: scenariosData.notes, contentionThreshold: 0.1 });
  assert.deepEqual(quiet, []);
  const busy = result.runs.map((r) => ({ ...r, serverCpusBusy: r.serverSideUtilization + 0.3 }));
  const notes = notesFor({ scenario, runs: busy, summary: summarizeRuns(busy), probe: null, templates: scenariosData.notes, contentionThreshold: 0.1 });
  assert.deepEqual(notes.map((n) => n.code), ['cpu-contention']);
  assert.match(notes[0].text, /server's CPUs 30% busy/);
});

test('rebuilt results validate; a missing or malformed field is named', () => {
  const results = load();
  const { scenario, result } = find(results, 'c100-close', 'drogon');
  const rebuilt = serverResult({ serverId: 'drogon', scenario, runs: result.runs, probe: { closesWithHeader: false, connectionHeaderOnClose: 'no Connection header' }, scenariosData, crossCheckId: 'c100-close-ab' });
  assert.deepEqual(rebuilt.summary, result.summary);
  assert.deepEqual(rebuilt.bottleneck, result.bottleneck);
  validateResults(results);
  delete results.environment.cpuModel;
  assert.throws(() => validateResults(results), /\/environment\/cpuModel: is required but missing/);
  const again = load();
  again.scenarios[0].results[0].runs[0].requests = -1;
  assert.throws(() => validateResults(again), /\/scenarios\/0\/results\/0\/runs\/0\/requests: must be >= 0/);
});

test('writing: valid results land whole; invalid ones leave the old file and no temp file behind', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-write-test-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const out = join(dir, 'results', 'latest.json');
  writeResults(out, load());
  assert.deepEqual(JSON.parse(readFileSync(out, 'utf8')), load());
  const before = readFileSync(out, 'utf8');
  const bad = load();
  bad.method.address = '192.168.1.2';
  assert.throws(() => writeResults(out, bad), /\/method\/address/);
  assert.equal(readFileSync(out, 'utf8'), before);
  assert.deepEqual(readdirSync(join(dir, 'results')), ['latest.json']);
});

test('issue 16: the user / kernel split of the server CPU time per request is summarized by its medians; runs without it give none', () => {
  const v3 = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'docs', 'test', 'fixtures', 'results-quick-v3-a.json'), 'utf8'));
  const runs = v3.scenarios.find((s) => s.id === 'c100-close-ab').results.find((r) => r.server === 'drogon').runs;
  const s = summarizeRuns(runs);
  assert.equal(s.serverKernelShare, median(runs.map((r) => r.serverKernelShare)));
  assert.equal(s.serverUserMicrosPerRequest, median(runs.map((r) => r.serverUserMicrosPerRequest)));
  assert.equal(s.serverKernelMicrosPerRequest, median(runs.map((r) => r.serverKernelMicrosPerRequest)));
  for (const run of runs) assert.ok(Math.abs(run.serverKernelShare - run.serverSystemCpuSeconds / run.serverCpuSeconds) < 1e-12);
  // an older bench's runs (no split): the summary has none, rather than a made-up one
  const { result } = find(load(), 'c100-close', 'drogon');
  assert.equal(summarizeRuns(result.runs).serverKernelShare, undefined);
});
