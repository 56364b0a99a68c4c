'use strict';
// The fixed-rate part's arithmetic: what 100 % is (the slowest server's closed-loop median of the same
// run), the per-level summary (latency from held runs only), and its progress lines. Run records here
// are TEST DATA in the shape fixed-rate-levels.js writes; the real runs are in json-run.test.js and
// bench-run.test.js.
const test = require('node:test');
const assert = require('node:assert/strict');
const { basisOf, summarizeLevel, runDone, BASIS_METRIC } = require('../../../src/parts/fixed-rate/fixed-rate-levels');
const { Progress } = require('../../../src/rounds/progress');

const group = (medians) => ({
  scenario: { id: 'json-json' },
  results: Object.entries(medians).map(([server, median]) => ({ server, summary: median === null ? null : { requestsPerSecond: { median } } })),
});

test('100 % is the slowest median among the group\'s servers that ran; without one there are no levels', () => {
  const basis = basisOf(group({ 'drogon-jsoncpp': 114000, 'gin-sonic': 70389, 'drogon-yyjson': null, 'wrong-fields': 1000 }), ['drogon-jsoncpp', 'gin-sonic', 'drogon-yyjson']);
  assert.deepEqual(basis, {
    scenario: 'json-json',
    metric: BASIS_METRIC,
    slowestServer: 'gin-sonic',
    maximum: 70389,
    medians: [{ server: 'drogon-jsoncpp', requestsPerSecond: 114000 }, { server: 'gin-sonic', requestsPerSecond: 70389 }],
  }, 'a server outside the group (or excluded) does not count, nor one without a successful run');
  assert.match(basisOf(group({ 'drogon-jsoncpp': null }), ['drogon-jsoncpp']).failureReason, /no server of the group has a successful run in json-json/);
  assert.match(basisOf(undefined, ['drogon']).failureReason, /its basis scenario did not run/);
});

const latency = (p99) => ({ p50: 100, p75: 150, p90: 200, p99, p999: p99 * 2, max: p99 * 3 });
const run = (round, held, p99) => ({ round, status: 'ok', achievedRate: held ? 17750 : 12000, held, notHeldReason: held ? null : 'achieved 12000 req/s of 17800 (67.4 %, below 98 %)', latencyUs: latency(p99) });

test('a level\'s summary: latency medians of the held runs only; held only when every run held', () => {
  const mixed = summarizeLevel([run(1, true, 1000), run(2, false, 90000), run(3, true, 3000)]);
  assert.deepEqual(mixed, {
    runs: 3, okRuns: 3, heldRuns: 2, held: false,
    achievedRate: { min: 12000, median: 17750, max: 17750 },
    latencyUs: { p50: 100, p75: 150, p90: 200, p99: 2000, p999: 4000, max: 6000 },
  });
  const none = summarizeLevel([run(1, false, 90000), { round: 2, status: 'failed', failureReason: 'server did not start' }]);
  assert.deepEqual([none.okRuns, none.heldRuns, none.held, none.latencyUs], [1, 0, false, null], 'no held run: no latency shown');
  assert.equal(summarizeLevel([run(1, true, 500)]).held, true);
});

test('progress lines of fixed-rate runs: achieved against target, p99 of a held run, the reason of one not held; skipped steps', () => {
  const lines = [];
  const progress = new Progress(5, 5, (line) => lines.push(line), () => 0);
  runDone(progress, { label: 'fixed-rate json 25 % (17,800 req/s) gin-sonic round 1/1', run: { status: 'ok', targetRate: 17800, ...run(1, true, 1300) }, weight: 1 });
  runDone(progress, { label: 'fixed-rate hello 90 % (140,000 req/s) drogon round 1/3', run: { status: 'ok', targetRate: 17800, ...run(1, false, 1) }, weight: 1 });
  runDone(progress, { label: 'fixed-rate json 25 % (17,800 req/s) wrong-fields round 1/1', run: { status: 'failed', failureReason: 'conformance: request "dbop-n1": ...' }, weight: 1 });
  progress.skip(2, 2, 'instructions json-json wrong-fields: not counted, conformance: ...');
  assert.match(lines[0], /^\[1\/5\] fixed-rate json 25 % \(17,800 req\/s\) gin-sonic round 1\/1: achieved 17,750 of 17,800 req\/s, p99 1\.3 ms \(held\) - /);
  assert.match(lines[1], /^\[2\/5\] .*: achieved 12,000 of 17,800 req\/s, NOT HELD: achieved 12000 req\/s of 17800 \(67\.4 %, below 98 %\) - /);
  assert.match(lines[2], /^\[3\/5\] .* wrong-fields round 1\/1: FAILED: conformance: /);
  assert.equal(lines[3], '[5/5] instructions json-json wrong-fields: not counted, conformance: ... (2 steps skipped) - done');
});
