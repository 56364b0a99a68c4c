// The comparison flags a real regression, stays quiet on noise, and refuses to compare across a changed
// environment. Base data: two real quick-profile runs (3 repetitions) of the same code, captured back to
// back on the project's shared Debian 12 machine (bench/test/fixtures/compare/, see README.md there).
// The regression / noise variants are TEST DATA derived from run A by scaling its figures in code below.
//
// On that busy machine 3 of 9 rows of run A (7 of 9 of run B) have a req/s spread above the 10 % limit,
// so rule 6 of compare.js (a noisy session judges nothing) rightly refuses to judge them. The derived
// cases that exercise rules 1-5 therefore turn rule 6 off explicitly (RULES_1_TO_5); rule 6 has its own
// tests on the real pair, where it is what keeps five false flags away.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { compareResults, judgeMetric, THRESHOLDS, MIN_OK_RUNS } = require('../../src/compare/compare');
const { toMarkdown, toText, escapeMarkdown } = require('../../src/compare/report');
const { fingerprintOf } = require('../../src/plan/environment');
const { validateResults } = require('../../../shared/src/results-file');

const fixtureDir = path.join(__dirname, '..', 'fixtures', 'compare');
const cli = path.join(__dirname, '..', '..', 'src', 'compare-cli.js');
const loadFixture = (name) => validateResults(JSON.parse(fs.readFileSync(path.join(fixtureDir, name), 'utf8')), name);
const realRunA = loadFixture('quick-run-a.json');
const realRunB = loadFixture('quick-run-b.json');
const clone = (x) => structuredClone(x);
// Rule 6 (session guard) off: every real row is judged on its own spread.
const RULES_1_TO_5 = Object.freeze({ maxNoisyRowFraction: 1 });

// ---- test-data derivation (scales a real run's figures) -------------------------------------------

const sortedMedian = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const minMedianMax = (values) => ({ min: Math.min(...values), median: sortedMedian(values), max: Math.max(...values) });

function rowOf(results, scenarioId, serverId) {
  const scenario = results.scenarios.find((s) => s.id === scenarioId);
  assert.ok(scenario, `fixture has no scenario ${scenarioId}`);
  const row = scenario.results.find((r) => r.server === serverId);
  assert.ok(row, `fixture has no result for ${serverId} in ${scenarioId}`);
  return row;
}

// Recomputes the summary fields compare.js reads, from the ok runs (same definitions as the schema).
function resummarize(row) {
  const ok = row.runs.filter((r) => r.status === 'ok');
  if (ok.length === 0) { row.summary = null; return; }
  const rps = minMedianMax(ok.map((r) => r.requestsPerSecond));
  Object.assign(row.summary, {
    okRuns: ok.length,
    failedRuns: row.runs.length - ok.length,
    requestsPerSecond: rps,
    spread: rps.median > 0 ? (rps.max - rps.min) / rps.median : 0,
    requestsPerServerCpuSecond: minMedianMax(ok.map((r) => r.requestsPerServerCpuSecond)),
  });
  row.summary.latencyUs.p99 = sortedMedian(ok.map((r) => r.latencyUs.p99));
}

// Multiplies one metric of every ok run of a row by a factor, or by factors[rank] where rank orders the
// runs by that metric (smallest first).
const RUN_FIELD = { requestsPerSecond: (r) => r, requestsPerServerCpuSecond: (r) => r, latencyP99Us: (r) => r.latencyUs };
const FIELD_NAME = { requestsPerSecond: 'requestsPerSecond', requestsPerServerCpuSecond: 'requestsPerServerCpuSecond', latencyP99Us: 'p99' };
function scaleMetric(results, scenarioId, serverId, metric, factors) {
  const row = rowOf(results, scenarioId, serverId);
  const value = (run) => RUN_FIELD[metric](run)[FIELD_NAME[metric]];
  const ranked = row.runs.filter((r) => r.status === 'ok').sort((a, b) => value(a) - value(b));
  ranked.forEach((run, rank) => {
    const factor = Array.isArray(factors) ? factors[Math.min(rank, factors.length - 1)] : factors;
    RUN_FIELD[metric](run)[FIELD_NAME[metric]] *= factor;
  });
  resummarize(row);
  return results;
}

// Own spread of a metric in a row: (max - min) / median over its ok runs.
function spreadOf(results, scenarioId, serverId, metric) {
  const ok = rowOf(results, scenarioId, serverId).runs.filter((r) => r.status === 'ok');
  const values = ok.map((r) => RUN_FIELD[metric](r)[FIELD_NAME[metric]]);
  const { min, median, max } = minMedianMax(values);
  return (max - min) / median;
}

// The row of the real run with the smallest spread over all judged metrics. The derived variants change
// this row, so that its own noise is within the limits to judge (the busy machine makes some rows noisy).
function quietestRow(results) {
  let best = null;
  for (const scenario of results.scenarios) {
    for (const row of scenario.results) {
      if (!row.summary || row.summary.okRuns < MIN_OK_RUNS) continue;
      const noise = Math.max(...Object.keys(THRESHOLDS).map((k) => spreadOf(results, scenario.id, row.server, k) / THRESHOLDS[k].maxSpread));
      if (!best || noise < best.noise) best = { scenario: scenario.id, server: row.server, noise };
    }
  }
  assert.ok(best && best.noise <= 1, 'fixture: no row has every spread within its limit to judge; '
    + 'recapture bench/test/fixtures/compare/ on a quieter machine (see README.md there)');
  return best;
}
const { scenario: quietScenario, server: quietServer } = quietestRow(realRunA);

// ---- the four cases the issue names -------------------------------------------------------------

test('no change: a real run compared with itself flags nothing', () => {
  const report = compareResults(realRunA, clone(realRunA), RULES_1_TO_5);
  assert.equal(report.comparable, true);
  assert.deepEqual(report.regressions, []);
  assert.deepEqual(report.improvements, []);
  const pairs = realRunA.scenarios.reduce((n, s) => n + s.results.length, 0);
  assert.equal(report.rows.length, pairs);
  for (const row of report.rows) {
    assert.equal(row.status, 'compared', `${row.scenario}/${row.server}`);
    for (const [key, m] of Object.entries(row.metrics)) {
      assert.equal(m.change, 0, `${row.scenario}/${row.server}/${key}`);
      // Rows whose own spread is above the limit (rule 2) say so; the others are within noise.
      const expected = m.noise > THRESHOLDS[key].maxSpread ? 'too-noisy' : 'within-noise';
      assert.equal(m.verdict, expected, `${row.scenario}/${row.server}/${key}`);
    }
  }
  assert.match(toText(report), /No change beyond the run-to-run noise/);
  // With the default rule the noisy session is not judged at all, and still nothing is flagged.
  const guarded = compareResults(realRunA, clone(realRunA));
  assert.deepEqual([guarded.regressions, guarded.improvements], [[], []]);
  assert.match(toText(guarded), /Nothing judged: the machine was not quiet during the old run \(3 of 9 rows/);
});

test('a real regression is flagged: req/s down and p99 up well beyond the noise, in one row only', () => {
  const rpsSpread = spreadOf(realRunA, quietScenario, quietServer, 'requestsPerSecond');
  const p99Spread = spreadOf(realRunA, quietScenario, quietServer, 'latencyP99Us');
  // Test data: 20 % fewer req/s (or 3x the row's own spread, if that is larger) and a 50 % higher p99.
  const rpsFactor = 1 - Math.max(0.20, 3 * rpsSpread);
  const p99Factor = 1 + Math.max(0.50, 3 * p99Spread);
  const slower = scaleMetric(clone(realRunA), quietScenario, quietServer, 'requestsPerSecond', rpsFactor);
  scaleMetric(slower, quietScenario, quietServer, 'latencyP99Us', p99Factor);
  validateResults(slower, 'derived regression');

  const report = compareResults(realRunA, slower, RULES_1_TO_5);
  assert.equal(report.comparable, true);
  assert.deepEqual(report.regressions.map((r) => `${r.scenario}/${r.server}/${r.metric}`).sort(),
    [`${quietScenario}/${quietServer}/latencyP99Us`, `${quietScenario}/${quietServer}/requestsPerSecond`]);
  assert.deepEqual(report.improvements, []);
  const row = report.rows.find((r) => r.scenario === quietScenario && r.server === quietServer);
  assert.ok(Math.abs(row.metrics.requestsPerSecond.change - (rpsFactor - 1)) < 1e-9);
  assert.equal(row.metrics.requestsPerServerCpuSecond.verdict, 'within-noise');
  // Every other row is untouched: unchanged figures are never flagged (noisy rows say so instead).
  for (const other of report.rows.filter((r) => r !== row)) {
    for (const m of Object.values(other.metrics)) {
      assert.ok(['within-noise', 'too-noisy'].includes(m.verdict), `${other.scenario}/${other.server}: ${m.verdict}`);
      assert.equal(m.change, 0);
    }
  }
  const text = toText(report);
  assert.match(text, /1 regression|2 regressions/);
  assert.match(text, /REGRESSION/);
  const markdown = toMarkdown(report);
  assert.match(markdown, /### Flagged regressions/);
  assert.match(markdown, /\*\*REGRESSION: req\/s, p99\*\*/);
});

test('an improvement beyond the noise is reported as an improvement, not a regression', () => {
  const spread = spreadOf(realRunA, quietScenario, quietServer, 'requestsPerServerCpuSecond');
  // Test data: the server needs less CPU per request (efficiency up 30 %, or 3x its spread).
  const factor = 1 + Math.max(0.30, 3 * spread);
  const report = compareResults(realRunA, scaleMetric(clone(realRunA), quietScenario, quietServer, 'requestsPerServerCpuSecond', factor), RULES_1_TO_5);
  assert.deepEqual(report.regressions, []);
  assert.deepEqual(report.improvements.map((r) => `${r.server}/${r.metric}`), [`${quietServer}/requestsPerServerCpuSecond`]);
});

test('noise only: shifts inside the run-to-run spread are not flagged', () => {
  // (a) Every row's req/s shifted by half of its own spread (test data): ranges still overlap.
  const shifted = clone(realRunA);
  for (const scenario of shifted.scenarios) {
    for (const row of scenario.results) {
      const spread = spreadOf(realRunA, scenario.id, row.server, 'requestsPerSecond');
      scaleMetric(shifted, scenario.id, row.server, 'requestsPerSecond', 1 - spread / 2);
    }
  }
  const report = compareResults(realRunA, shifted, RULES_1_TO_5);
  assert.equal(report.comparable, true);
  assert.deepEqual(report.regressions, []);
  assert.deepEqual(report.improvements, []);

  // (b) The median moves by more than the 5 % minimum, but the slowest new run falls back into the old
  // range (test data: the two faster runs 6 % up, the slowest 3 % down): not flagged.
  const noisy = scaleMetric(clone(realRunA), quietScenario, quietServer, 'requestsPerSecond', [0.97, 1.06]);
  const m = compareResults(realRunA, noisy, RULES_1_TO_5).rows.find((r) => r.scenario === quietScenario && r.server === quietServer).metrics.requestsPerSecond;
  assert.ok(Math.abs(m.change) >= THRESHOLDS.requestsPerSecond.minChange, `precondition: change ${m.change} should pass the minimum`);
  assert.ok(m.new.min <= m.old.max, 'precondition: the ranges overlap');
  assert.ok(['within-noise', 'too-noisy'].includes(m.verdict), m.verdict);
});

test('noise only, measured: two real runs of the same code flag nothing; rules 1-5 alone would flag five', () => {
  assert.ok(realRunA.method.repetitions >= MIN_OK_RUNS && realRunB.method.repetitions >= MIN_OK_RUNS,
    `the captured runs need at least ${MIN_OK_RUNS} repetitions to be judged at all`);
  const report = compareResults(realRunA, realRunB);
  assert.equal(report.comparable, true, 'the two captured runs share one environment fingerprint');
  assert.ok(report.rows.every((r) => r.status === 'compared'));
  assert.deepEqual([report.regressions, report.improvements], [[], []]);
  assert.deepEqual([report.old.quiet, report.new.quiet], [false, false]);
  assert.match(toMarkdown(report), /Nothing judged: the machine was not quiet/);

  // Without rule 6 the same real pair yields flags that are not code changes (same commit, back to back):
  // rows that looked tight in both sessions still moved. This is why a noisy session judges nothing.
  const unguarded = compareResults(realRunA, realRunB, RULES_1_TO_5);
  assert.equal(unguarded.regressions.length + unguarded.improvements.length, 5);
  for (const item of [...unguarded.regressions, ...unguarded.improvements]) {
    const m = unguarded.rows.find((r) => r.scenario === item.scenario && r.server === item.server).metrics[item.metric];
    assert.ok(m.new.max < m.old.min || m.new.min > m.old.max, 'each flag satisfies rules 1-5: ranges apart');
    assert.ok(Math.abs(m.change) > m.noise && Math.abs(m.change) >= THRESHOLDS[item.metric].minChange);
  }
});

test('rule 6 on real data: the session guard decides at its boundary', () => {
  // Test data: run A with one row 40 % slower. Run A has 3 of 9 rows (33 %) above the req/s spread limit.
  const spread = spreadOf(realRunA, quietScenario, quietServer, 'requestsPerSecond');
  const slower = scaleMetric(clone(realRunA), quietScenario, quietServer, 'requestsPerSecond', 1 - Math.max(0.4, 3 * spread));
  assert.equal(compareResults(realRunA, slower).regressions.length, 0, 'default: 33 % noisy rows > 25 %, nothing judged');
  assert.equal(compareResults(realRunA, slower, { maxNoisyRowFraction: 0.34 }).regressions.length, 1);
  assert.equal(compareResults(realRunA, slower, { maxNoisyRowFraction: 0.33 }).regressions.length, 0);
});

test('changed environment: nothing is compared or flagged, and the changed fields are listed', () => {
  // Test data: the regression above, measured on a different kernel and compiler.
  const moved = scaleMetric(clone(realRunA), quietScenario, quietServer, 'requestsPerSecond', 0.5);
  moved.environment.kernel = `${realRunA.environment.kernel}-test-data-other-kernel`;
  moved.environment.compiler = 'test data: another compiler 99.1';
  moved.environment.fingerprint = fingerprintOf(moved.environment);
  validateResults(moved, 'derived environment change');

  const report = compareResults(realRunA, moved);
  assert.equal(report.comparable, false);
  assert.deepEqual(report.environmentChanges.map((d) => d.field), ['kernel', 'compiler', 'fingerprint']);
  assert.deepEqual(report.regressions, []);
  assert.deepEqual(report.rows, []);
  const markdown = toMarkdown(report);
  assert.match(markdown, /Not compared with the old run: the environment changed, so nothing of it is flagged/);
  assert.match(markdown, /### Against the earlier comparable runs \(pooled\)\n\nNot judged: the new run has no pooled block/, 'the pooled section is there even when the old run is not comparable');
  assert.match(markdown, /\| kernel \|/);
  assert.doesNotMatch(markdown, /REGRESSION/);
});

test('changed server version alone changes the fingerprint and is listed by name', () => {
  const upgraded = clone(realRunA);
  upgraded.environment.versions.drogon = `${realRunA.environment.versions.drogon}-test-data`;
  upgraded.environment.fingerprint = fingerprintOf(upgraded.environment);
  const report = compareResults(realRunA, upgraded);
  assert.equal(report.comparable, false);
  assert.deepEqual(report.environmentChanges.map((d) => d.field), ['versions.drogon', 'fingerprint']);
});

test('changed measurement method (run length) is not compared either', () => {
  const longer = clone(realRunA);
  longer.method.durationSeconds = realRunA.method.durationSeconds * 5;
  const report = compareResults(realRunA, longer);
  assert.equal(report.comparable, false);
  assert.deepEqual(report.methodChanges.map((d) => d.field), ['method.durationSeconds']);
  assert.match(toText(report), /measurement method changed/);
});

test('failed runs: newly failing runs are flagged, and one ok run is too few to judge', () => {
  const crashed = clone(realRunA);
  const row = rowOf(crashed, quietScenario, quietServer);
  assert.ok(row.runs.length >= 2, 'precondition: the fixture has at least 2 repetitions');
  // Test data: the last repetition failed (as the runner records a server crash).
  const last = row.runs[row.runs.length - 1];
  row.runs[row.runs.length - 1] = { repetition: last.repetition, status: 'failed', command: last.command,
    failureReason: 'test data: server exited during the run' };
  resummarize(row);
  validateResults(crashed, 'derived failed run');
  const report = compareResults(realRunA, crashed);
  assert.deepEqual(report.regressions.map((r) => `${r.server}/${r.metric}`), [`${quietServer}/failedRuns`]);
  const judged = report.rows.find((r) => r.scenario === quietScenario && r.server === quietServer);
  if (row.summary.okRuns < MIN_OK_RUNS) {
    assert.equal(judged.metrics.requestsPerSecond.verdict, 'insufficient-runs');
  }
  assert.match(toText(report), /failed runs 0 → 1/);

  // Every run failed: summary null, reported as a regression, not compared.
  const dead = clone(realRunA);
  const deadRow = rowOf(dead, quietScenario, quietServer);
  deadRow.runs = deadRow.runs.map((r) => ({ repetition: r.repetition, status: 'failed', command: r.command, failureReason: 'test data: server did not start' }));
  resummarize(deadRow);
  deadRow.bottleneck = { side: 'unknown', serverCpuUtilization: null, clientCpuUtilization: null };
  validateResults(dead, 'derived all-failed');
  const deadReport = compareResults(realRunA, dead);
  assert.equal(deadReport.rows.find((r) => r.scenario === quietScenario && r.server === quietServer).status, 'all-runs-failed');
  assert.deepEqual(deadReport.regressions.map((r) => r.metric), ['failedRuns']);
});

test('scenarios and servers present on one side only are listed, not judged', () => {
  const fewer = clone(realRunA);
  const dropped = fewer.scenarios.pop();
  const report = compareResults(realRunA, fewer);
  assert.ok(report.rows.filter((r) => r.status === 'removed').every((r) => r.scenario === dropped.id));
  assert.equal(report.rows.filter((r) => r.status === 'removed').length, dropped.results.length);
  const reverse = compareResults(fewer, realRunA);
  assert.equal(reverse.rows.filter((r) => r.status === 'new').length, dropped.results.length);
  assert.deepEqual(reverse.regressions, []);
});

// ---- the rule itself, on plain numbers ------------------------------------------------------------

test('judgeMetric: every condition of the rule is needed', () => {
  const fig = (min, median, max, okRuns = 5) => ({ min, median, max, okRuns });
  const rule = { higherIsBetter: true, minChange: 0.05 };
  // Clear drop: 10 % down, spreads 2 %, ranges apart.
  assert.equal(judgeMetric(fig(99, 100, 101), fig(89, 90, 91), rule).verdict, 'regression');
  assert.equal(judgeMetric(fig(99, 100, 101), fig(109, 110, 111), rule).verdict, 'improvement');
  // Lower is better (latency): a rise is the regression.
  assert.equal(judgeMetric(fig(99, 100, 101), fig(119, 120, 121), { higherIsBetter: false, minChange: 0.1 }).verdict, 'regression');
  // Below the minimum change: quiet even with tight ranges apart.
  assert.equal(judgeMetric(fig(99.9, 100, 100.1), fig(96.9, 97, 97.1), rule).verdict, 'within-noise');
  // Ranges apart and 20 % down, but the new run's own spread (35 %) is larger than the change.
  assert.equal(judgeMetric(fig(99, 100, 101), fig(70, 80, 98), rule).verdict, 'within-noise');
  // 7 % down and beyond both spreads (4 %, 5.7 %), but one new run reached into the old range.
  assert.equal(judgeMetric(fig(98, 100, 102), fig(92.9, 93, 98.2), rule).verdict, 'within-noise');
  // The same two without their blocking condition are flagged, so each condition is what kept them quiet.
  assert.equal(judgeMetric(fig(99, 100, 101), fig(78, 80, 82), rule).verdict, 'regression');
  assert.equal(judgeMetric(fig(98, 100, 102), fig(92.9, 93, 97.9), rule).verdict, 'regression');
  // Too few runs to know the noise.
  assert.equal(judgeMetric(fig(100, 100, 100, 2), fig(50, 50, 50, 2), rule, 3).verdict, 'insufficient-runs');
  // A run too noisy to judge (30 % spread against a 10 % limit), however large the change.
  assert.equal(judgeMetric(fig(99, 100, 101), fig(40, 50, 55), { ...rule, maxSpread: 0.10 }).verdict, 'too-noisy');
  assert.equal(judgeMetric(fig(99, 100, 101), fig(49, 50, 51), { ...rule, maxSpread: 0.10 }).verdict, 'regression');
});

test('Markdown escapes data strings (server names, fields) so they cannot break the table or inject HTML', () => {
  const hostile = clone(realRunA);
  hostile.servers.find((s) => s.id === quietServer).name = 'Drogon | <script>alert(1)</script> *bold* [x](y)';
  const markdown = toMarkdown(compareResults(realRunA, hostile));
  assert.doesNotMatch(markdown, /<script>/);
  assert.match(markdown, /Drogon \\\| &lt;script&gt;alert\(1\)&lt;\/script&gt; \\\*bold\\\* \\\[x\\\]\(y\)/);
  assert.equal(escapeMarkdown('a|b\nc'), 'a\\|b c');
  // Each table row keeps its column count.
  const tableRows = markdown.split('\n').filter((l) => l.startsWith('| '));
  const columns = (l) => l.split(/(?<!\\)\|/).length;
  assert.ok(tableRows.every((l) => columns(l) === columns(tableRows[0])), 'every table row has the same number of cells');
});

// ---- the command line --------------------------------------------------------------------------

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

// ---- results v2: paired ratios with bootstrap intervals, instruction counts ------------------------
// Base data: the two real quick runs in docs/test/fixtures/results-quick-v2-{a,b}.json (v2 shape: 2 rounds
// per scenario, 1 instruction-count repeat), taken back to back on the busy shared machine. The 3-pair
// and 3-repeat cases below are TEST DATA derived from run A in code.
const v2Fixture = (name) => validateResults(JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'test', 'fixtures', name), 'utf8')), name);
const realV2A = v2Fixture('results-quick-v2-a.json');
const realV2B = v2Fixture('results-quick-v2-b.json');
const { judgeRatio, judgeInstructions, MIN_PAIRS, MIN_REPEATS } = require('../../src/compare/compare');

// Derived: every comparison of a run with `pairs` pairs and its interval scaled by `factor` around the ratio.
function withRatioIntervals(results, { pairs, scale = 1, ratioFactor = 1 }) {
  for (const scenario of results.scenarios) {
    for (const c of scenario.comparisons) {
      if (c.ciLow === null) continue;
      c.pairs = pairs;
      const ratio = c.ratio * ratioFactor;
      [c.ratio, c.ciLow, c.ciHigh] = [ratio, ratio - (c.ratio - c.ciLow) * scale * ratioFactor, ratio + (c.ciHigh - c.ratio) * scale * ratioFactor];
    }
  }
  return results;
}

// Derived: three instruction-count repeats per server, at perRequest x (0.999, 1, 1.001) x factor.
function withInstructionRepeats(results, factor = 1, serverId = null) {
  for (const c of results.instructions.cases) {
    for (const r of c.results) {
      const f = serverId === null || r.server === serverId ? factor : 1;
      const base = r.repeats[0].perRequest * f;
      r.repeats = [0.999, 1, 1.001].map((k) => ({ irN: r.repeats[0].irN, ir2N: r.repeats[0].ir2N, perRequest: base * k }));
      r.perRequest = base;
      r.spread = 0.002;
    }
  }
  return results;
}

test('v2, real pair: two quick runs of the same code flag nothing; 2 pairs and 1 repeat are too few to judge', () => {
  const report = compareResults(realV2A, realV2B);
  assert.equal(report.comparable, true);
  assert.deepEqual([report.regressions, report.improvements], [[], []]);
  assert.ok(report.ratioRows.length > 0);
  assert.ok(report.ratioRows.every((r) => r.verdict === 'insufficient-runs'), 'every ratio has 2 pairs, fewer than MIN_PAIRS');
  assert.ok(report.instructionRows.every((r) => r.status === 'compared' && r.verdict === 'insufficient-runs'));
  // the pipelined scenario's p99 is not measured (null), and is said so rather than compared
  const pipelined = report.rows.find((r) => r.scenario === 'pipelined-c256' && r.server === 'drogon');
  assert.equal(pipelined.metrics.latencyP99Us.verdict, 'not-measured');
  assert.match(toText(report), /not measured: p99/);
  assert.match(toMarkdown(report), /### Paired ratios, old → new/);
  assert.match(toMarkdown(report), /### Instructions per request \(valgrind, user space\), old → new/);
});

test('v2: a ratio whose interval moved clear of the old one is flagged, even in a noisy session; overlapping ones are not', () => {
  const base = withRatioIntervals(clone(realV2B), { pairs: MIN_PAIRS, scale: 0.2 });
  assert.deepEqual(compareResults(base, clone(base)).regressions, [], 'the same intervals: nothing');
  const slower = withRatioIntervals(clone(realV2B), { pairs: MIN_PAIRS, scale: 0.2, ratioFactor: 0.8 });
  validateResults(slower, 'derived slower ratios');
  const report = compareResults(base, slower);
  assert.equal(report.new.quiet, false, 'the derived runs keep run B\'s noisy rows: medians are not judged');
  const ratios = report.regressions.filter((x) => x.kind === 'ratio');
  assert.equal(ratios.length, report.ratioRows.length, 'every ratio dropped by 20 % with narrow intervals');
  assert.ok(report.regressions.every((x) => x.kind === 'ratio'));
  assert.match(toText(report), /REGRESSION {3}c100-keepalive: drogon \/ nginx-module req\/s ratio/);
  assert.match(toMarkdown(report), /Medians not judged: .*judged where they have enough pairs and repeats: \d+ regression/);
  // Wide intervals that still overlap: within noise.
  const wide = compareResults(withRatioIntervals(clone(realV2B), { pairs: MIN_PAIRS, scale: 50 }), withRatioIntervals(clone(realV2B), { pairs: MIN_PAIRS, scale: 50, ratioFactor: 0.8 }));
  assert.deepEqual(wide.regressions, []);
});

test('judgeRatio: pairs, minimum change and overlap are each needed', () => {
  const c = (ratio, ciLow, ciHigh, pairs = 6) => ({ ratio, ciLow, ciHigh, pairs });
  assert.equal(judgeRatio(c(1.0, 0.99, 1.01), c(1.2, 1.19, 1.21)).verdict, 'improvement');
  assert.equal(judgeRatio(c(1.0, 0.99, 1.01), c(0.8, 0.79, 0.81)).verdict, 'regression');
  assert.equal(judgeRatio(c(1.0, 0.99, 1.01), c(1.2, 1.0, 1.4)).verdict, 'within-noise', 'overlapping intervals');
  assert.equal(judgeRatio(c(1.0, 0.999, 1.001), c(1.02, 1.019, 1.021)).verdict, 'within-noise', 'disjoint but below the minimum change');
  assert.equal(judgeRatio(c(1.0, 0.99, 1.01, 2), c(1.2, 1.19, 1.21)).verdict, 'insufficient-runs');
  assert.equal(judgeRatio(c(1.0, null, null, 1), c(1.2, 1.19, 1.21)).verdict, 'insufficient-runs');
});

test('v2: an instruction-count change beyond its spread is a finding even when every throughput figure is within noise', () => {
  const before = withInstructionRepeats(clone(realV2A));
  const after = withInstructionRepeats(clone(realV2A), 1.03, 'drogon');
  validateResults(after, 'derived instruction change');
  const report = compareResults(before, after, RULES_1_TO_5);
  // the throughput data are the same run: every compared median is unchanged
  for (const row of report.rows) for (const m of Object.values(row.metrics)) if (m.change !== null) assert.equal(m.change, 0);
  assert.deepEqual(report.regressions.map((x) => [x.kind, x.case, x.server]), [['instructions', 'keepalive', 'drogon']]);
  assert.match(toText(report), /REGRESSION {3}instructions per request, keepalive, drogon: 6,547 → 6,743 \(\+3\.0 %; repeat spread 0\.2 %\)/);
  const fewer = compareResults(before, withInstructionRepeats(clone(realV2A), 0.97, 'nginx-module'), RULES_1_TO_5);
  assert.deepEqual(fewer.improvements.map((x) => [x.kind, x.server]), [['instructions', 'nginx-module']]);
  // within the repeats' spread, or below the minimum change: nothing
  assert.deepEqual(compareResults(before, withInstructionRepeats(clone(realV2A), 1.001, 'drogon')).regressions, []);
  assert.deepEqual(compareResults(before, withInstructionRepeats(clone(realV2A), 1.004, 'drogon')).regressions, []);
});

test('judgeInstructions: repeats, minimum change, spread and overlap are each needed', () => {
  const r = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted[Math.floor(sorted.length / 2)];
    return { perRequest: mid, spread: (sorted.at(-1) - sorted[0]) / mid, repeats: values.map((perRequest) => ({ perRequest })) };
  };
  assert.equal(judgeInstructions(r([1000, 1001, 1002]), r([1100, 1101, 1102])).verdict, 'regression');
  assert.equal(judgeInstructions(r([1000, 1001, 1002]), r([900, 901, 902])).verdict, 'improvement');
  assert.equal(judgeInstructions(r([1000, 1001, 1002]), r([1003, 1004, 1005])).verdict, 'within-noise', 'below the 0.5 % minimum');
  assert.equal(judgeInstructions(r([1000, 1050, 1100]), r([1060, 1070, 1080])).verdict, 'within-noise', 'inside the 10 % spread');
  assert.equal(judgeInstructions(r([1000]), r([1100])).verdict, 'insufficient-runs', `fewer than ${MIN_REPEATS} repeats`);
});

test('v2: a count that failed where it used to succeed is flagged; v1 against v2 is a changed method', () => {
  const failedCount = clone(realV2A);
  const drogon = failedCount.instructions.cases[0].results.find((r) => r.server === 'drogon');
  Object.assign(drogon, { repeats: [], perRequest: null, spread: null, failureReason: 'test data: server did not start under valgrind' });
  validateResults(failedCount, 'derived failed count');
  const report = compareResults(realV2A, failedCount);
  assert.deepEqual(report.regressions.map((x) => [x.kind, x.server]), [['instructions', 'drogon']]);
  assert.match(toText(report), /counted before, no count now/);
  const across = compareResults(realRunA, realV2A);
  assert.equal(across.comparable, false);
  assert.ok(across.methodChanges.some((d) => d.field === 'method.rounds.order' && d.old === 'back-to-back' && d.new === 'interleaved-shuffled'));
});

// ---- issue 9: JSON scenarios and fixed-rate latency -----------------------------------------------
// Base data: two real quick runs with 3 repetitions (bench/test/fixtures/compare/quick-json-*.json, see
// README.md there); the changed variants are TEST DATA derived from run A in code.
const realJsonA = loadFixture('quick-json-a.json');
const realJsonB = loadFixture('quick-json-b.json');

// Multiplies every held run's fixed-rate latency of one server at one level, and its summary.
function scaleFixedRate(results, groupId, fraction, serverId, factor) {
  const level = results.fixedRate.groups.find((g) => g.id === groupId).levels.find((l) => l.fraction === fraction);
  const result = level.results.find((r) => r.server === serverId);
  for (const run of result.runs) for (const key of Object.keys(run.latencyUs)) if (run.latencyUs[key] !== null) run.latencyUs[key] *= factor;
  for (const key of Object.keys(result.summary.latencyUs)) result.summary.latencyUs[key] *= factor;
  return results;
}

test('issue 9, real pair: JSON scenarios are compared row by row; fixed-rate levels whose 100 % moved more than 10 % are not compared', () => {
  const report = compareResults(realJsonA, realJsonB);
  assert.equal(report.comparable, true);
  const json = report.rows.filter((r) => r.scenario === 'json-json');
  assert.deepEqual(json.map((r) => r.server), ['drogon-jsoncpp', 'drogon-simdjson', 'drogon-yyjson', 'gin-encoding-json', 'gin-sonic']);
  assert.ok(json.every((r) => r.status === 'compared' && Object.keys(r.metrics).length === 3));
  assert.ok(report.ratioRows.some((r) => r.scenario === 'json-json' && r.reference === 'drogon-jsoncpp' && r.other === 'gin-sonic'));
  // the basis of the two runs differs by about 12 % (69,062 and 60,674 req/s): latency at another load is not compared
  assert.deepEqual(report.fixedRateRows.map((r) => [r.group, r.fraction, r.oldRate, r.newRate, r.status]),
    ['drogon-jsoncpp', 'drogon-simdjson', 'drogon-yyjson', 'gin-encoding-json', 'gin-sonic'].map(() => ['json', 0.25, 17300, 15200, 'rate-changed']));
  assert.ok(!report.regressions.some((x) => x.kind === 'fixedRate'));
  assert.match(toMarkdown(report), /\| json-json \(GET \/json, 6 conn\) \| Drogon \+ jsoncpp \|/);
  assert.match(toMarkdown(report), /### Latency at fixed rates \(oha, open loop; held runs only\), old → new/);
  assert.match(toText(report), /json +25 % +gin-sonic +17,300 → 15,200 +target rate moved by more than 10 %, not compared/);
});

test('issue 9: a fixed-rate p99 well beyond its noise is flagged like a median; within noise or too few held runs it is not', () => {
  // The p99 of 1 s fixed-rate runs on the busy machine: run A's three held runs per server spread
  // 17 % (gin-encoding-json) to 88 %; above the 25 % limit a row is too noisy to judge, as a median would be.
  const report = compareResults(realJsonA, clone(realJsonA), RULES_1_TO_5);
  assert.deepEqual(report.fixedRateRows.map((r) => [r.server, r.status, r.metric.verdict]), [
    ['drogon-jsoncpp', 'compared', 'too-noisy'], ['drogon-simdjson', 'compared', 'too-noisy'], ['drogon-yyjson', 'compared', 'too-noisy'],
    ['gin-encoding-json', 'compared', 'within-noise'], ['gin-sonic', 'compared', 'too-noisy']]);
  const slower = scaleFixedRate(clone(realJsonA), 'json', 0.25, 'gin-encoding-json', 3);
  validateResults(slower, 'derived fixed-rate p99 x 3');
  const flagged = compareResults(realJsonA, slower, RULES_1_TO_5);
  assert.deepEqual(flagged.regressions.map((x) => [x.kind, x.group, x.fraction, x.server]), [['fixedRate', 'json', 0.25, 'gin-encoding-json']]);
  assert.match(toText(flagged), /REGRESSION {3}fixed rate json 25 % \(17,300 → 17,300 req\/s\), gin-encoding-json: p99 µs 1,043 → 3,128 \(\+200\.0 %/);
  assert.match(toMarkdown(flagged), /\| json \| 25 % \| gin-encoding-json \| 17,300 → 17,300 \| 1,043 → 3,128 \| \+200\.0 % \| [\d.]+ % \| \*\*REGRESSION\*\* \|/);
  assert.deepEqual(compareResults(slower, realJsonA, RULES_1_TO_5).improvements.map((x) => x.server), ['gin-encoding-json']);
  // the session guard (rule 6) applies as to the medians: run A counts as quiet, so the default rule
  // flags it too; run B does not (7 of its 14 rows above the req/s spread limit), so from B nothing is judged
  const byDefault = compareResults(realJsonA, slower);
  assert.equal(byDefault.old.quiet, true);
  assert.deepEqual(byDefault.regressions.map((x) => [x.kind, x.server]), [['fixedRate', 'gin-encoding-json']]);
  const fromB = compareResults(realJsonB, scaleFixedRate(clone(realJsonB), 'json', 0.25, 'gin-encoding-json', 3));
  assert.equal(fromB.new.quiet, false);
  assert.ok(fromB.fixedRateRows.every((r) => r.metric.verdict === 'too-noisy'));
  assert.ok(!fromB.regressions.some((x) => x.kind === 'fixedRate'));
  // fewer than MIN_OK_RUNS held runs: not judged
  const twoHeld = clone(slower);
  const result = twoHeld.fixedRate.groups[0].levels[0].results.find((r) => r.server === 'gin-encoding-json');
  Object.assign(result.runs[0], { held: false, notHeldReason: 'test data: achieved 80 % of the target' });
  result.summary.heldRuns = 2;
  result.summary.held = false;
  validateResults(twoHeld, 'derived: one run not held');
  assert.equal(compareResults(realJsonA, twoHeld, RULES_1_TO_5).fixedRateRows.find((r) => r.server === 'gin-encoding-json').metric.verdict, 'insufficient-runs');
});

test('issue 9: a level no longer held is listed, not flagged; changed fixed-rate settings are not compared', () => {
  const notHeld = clone(realJsonA);
  const result = notHeld.fixedRate.groups[0].levels[0].results.find((r) => r.server === 'gin-sonic');
  for (const run of result.runs) Object.assign(run, { held: false, notHeldReason: 'test data: achieved 80 % of the target' });
  Object.assign(result.summary, { heldRuns: 0, held: false, latencyUs: null });
  validateResults(notHeld, 'derived: level not held');
  const report = compareResults(realJsonA, notHeld, RULES_1_TO_5);
  assert.equal(report.fixedRateRows.find((r) => r.server === 'gin-sonic').status, 'no-longer-held');
  assert.deepEqual(report.regressions, []);
  assert.match(toText(report), /held before, NOT HELD now \(listed, not flagged/);
  const longer = clone(realJsonA);
  longer.fixedRate.durationSeconds = 5;
  longer.fixedRate.groups[0].commandLine = longer.fixedRate.groups[0].commandLine.replace('-z 1s', '-z 5s');
  assert.ok(compareResults(realJsonA, longer, RULES_1_TO_5).fixedRateRows.every((r) => r.status === 'group-changed'));
  // a results file without fixed-rate levels (v1, or issue 8's v2) against one with them: the rows are new
  assert.ok(compareResults(realV2A, realJsonA).fixedRateRows.every((r) => r.status === 'new') || !compareResults(realV2A, realJsonA).comparable);
});

// ---- issue 16: system calls per request and server exits ------------------------------------------------
// Base data: a real quick run with system-call counts (docs/test/fixtures/results-quick-v3-a.json, one
// repeat per server); the second repeat and the changed counts are TEST DATA derived from it in code.

const { judgeSyscalls, SYSCALLS_MIN_CHANGE, SYSCALL_CATEGORY_MIN_CHANGE } = require('../../src/compare/compare');
const realV3 = () => validateResults(JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'test', 'fixtures', 'results-quick-v3-a.json'), 'utf8')), 'v3');

// Every repeat twice (the spread of a real single repeat is 0), then f applied to one server's repeats.
function twoRepeats(results, { server = 'nginx-module', change = null } = {}) {
  const out = clone(results);
  for (const c of out.syscalls.cases) {
    for (const r of c.results) {
      if (!r.repeats.length) continue;
      r.repeats = [r.repeats[0], clone(r.repeats[0])];
      if (change && r.server === server && c.id === 'keepalive') {
        for (const rep of r.repeats) change(rep);
        r.perRequest = r.repeats[0].perRequest;
        r.total = r.repeats[0].total;
        const writes = ['write', 'writev', 'sendto', 'sendmsg'].reduce((s, n) => s + (r.perRequest[n] || 0), 0);
        r.byCategory = { ...r.byCategory, write: writes };
      }
    }
  }
  return validateResults(out, 'derived');
}

test('issue 16: one write per batch becoming one per response is flagged, by its category, whatever the session noise', () => {
  const base = twoRepeats(realV3());
  // nginx writing once per 16 requests instead of once per request (test data)
  const batched = twoRepeats(realV3(), { change: (rep) => { rep.perRequest.writev = 1 / 16; rep.total = Object.values(rep.perRequest).reduce((a, b) => a + b, 0); } });
  const report = compareResults(batched, base);
  const row = report.syscallRows.find((r) => r.case === 'keepalive' && r.server === 'nginx-module');
  assert.equal(row.status, 'compared');
  assert.equal(row.verdict, 'regression');
  assert.deepEqual(row.categories.map((c) => [c.category, Math.round(c.old * 1000) / 1000, Math.round(c.new * 1000) / 1000]), [['write', 0.063, 1]]);
  assert.ok(report.regressions.some((x) => x.kind === 'syscalls' && x.server === 'nginx-module'));
  assert.match(toText(report), /system calls per request, keepalive, nginx-module: 2\.063 → 3\.000 .*; write 0\.063 → 1\.000/);
  assert.match(toMarkdown(report), /### System calls per request \(strace\), old → new/);
  // the same counts: nothing flagged; one repeat each: not judged
  assert.ok(compareResults(base, clone(base)).syscallRows.every((r) => r.verdict === 'within-noise'));
  assert.ok(compareResults(realV3(), realV3()).syscallRows.every((r) => r.verdict === 'insufficient-runs'));
});

test('issue 16: counts made with another list of clock-driven calls are not compared (the totals leave different calls out)', () => {
  const base = twoRepeats(realV3());
  const split = clone(base);
  split.syscalls.clockDriven = ['nanosleep', 'clock_nanosleep'];
  const rows = compareResults(base, split).syscallRows;
  assert.ok(rows.length > 0);
  assert.ok(rows.every((r) => r.status === 'case-changed' && r.changedFields.includes('clockDriven')), JSON.stringify(rows[0]));
  // the same list on both sides: compared as before
  assert.ok(compareResults(split, clone(split)).syscallRows.every((r) => r.status === 'compared'));
});

test('issue 16: judgeSyscalls needs repeats, a change beyond the spread, or a category that moved clear of both ranges', () => {
  const result = (totals, write) => ({ total: totals[0], spread: (Math.max(...totals) - Math.min(...totals)) / totals[0], byCategory: { write },
    repeats: totals.map((t) => ({ total: t, byCategory: { write } })) });
  assert.equal(judgeSyscalls(result([3, 3.01], 1), result([3.2, 3.21], 1)).verdict, 'regression');
  assert.equal(judgeSyscalls(result([3, 3.01], 1), result([3 * (1 + SYSCALLS_MIN_CHANGE / 2), 3.01], 1)).verdict, 'within-noise');
  assert.equal(judgeSyscalls(result([3, 3.01], 1), result([3.01, 3.0], 1 + SYSCALL_CATEGORY_MIN_CHANGE * 2)).verdict, 'regression', 'a category moved, the total not');
  assert.equal(judgeSyscalls(result([3], 1), result([4], 1)).verdict, 'insufficient-runs');
});

test('issue 16: a server exit of the new run is listed and flagged; one the old run had too is listed only', () => {
  const exit = { server: 'drogon', part: 'scenarios', block: 'c100-keepalive', round: 2, exitedAt: '2026-11-24T14:02:03.000Z', signal: 'SIGKILL', log: 'bench/logs/x/c100-keepalive.drogon.server1.log', restarted: true };
  const withExit = clone(realV3());
  withExit.serverExits = [exit];
  const report = compareResults(realV3(), withExit);
  assert.deepEqual(report.serverExits.map((x) => [x.server, x.block, x.new]), [['drogon', 'c100-keepalive', true]]);
  assert.ok(report.regressions.some((x) => x.kind === 'serverExit'));
  assert.match(toMarkdown(report), /### Server exits in the new run\n\n- \*\*new:\*\* drogon in scenarios c100-keepalive before round 2: killed by SIGKILL at 2026-11-24T14:02:03\.000Z, started again/);
  const both = compareResults(withExit, withExit);
  assert.equal(both.serverExits[0].new, false);
  assert.ok(!both.regressions.some((x) => x.kind === 'serverExit'));
});
