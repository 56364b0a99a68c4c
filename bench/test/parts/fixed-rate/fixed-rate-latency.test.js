'use strict';
// bench/src/parts/fixed-rate/fixed-rate-latency.js: JSON scenarios and fixed-rate latency (issue 9) on a real
// pair; the changed variants are TEST DATA derived from run A in code.
const test = require('node:test');
const assert = require('node:assert/strict');
const { compareResults } = require('../../../src/compare/compare');
const { MIN_OK_RUNS } = require('../../../src/judge/metric-judgement');
const { toMarkdown, toText } = require('../../../src/compare/report');
const { validateResults } = require('../../../../shared/src/results-file');
const { clone, RULES_1_TO_5, realV2A, realJsonA, realJsonB, scaleFixedRate } = require('../../support/compare-fixtures');

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
