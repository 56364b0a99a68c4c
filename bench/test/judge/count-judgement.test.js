'use strict';
// bench/src/judge/count-judgement.js and the counted parts' judgements through compare: instruction
// counts (results v2) and system calls per request (issue 16). The 3-repeat and changed-count cases are
// TEST DATA derived in code from real runs.
// Covers: bench/src/parts/instruction-counts/instruction-changes.js, bench/src/parts/syscall-counts/syscall-changes.js
const test = require('node:test');
const assert = require('node:assert/strict');
const { compareResults } = require('../../src/compare/compare');
const { toMarkdown, toText } = require('../../src/compare/report');
const { validateResults } = require('../../../shared/src/results-file');
const { MIN_REPEATS } = require('../../src/judge/count-judgement');
const { judgeInstructions } = require('../../src/parts/instruction-counts/instruction-changes');
const { judgeSyscalls, SYSCALLS_MIN_CHANGE, SYSCALL_CATEGORY_MIN_CHANGE } = require('../../src/parts/syscall-counts/syscall-changes');
const { realRunA, clone, RULES_1_TO_5, realV2A, withInstructionRepeats, realV3, twoRepeats } = require('../support/compare-fixtures');

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
