'use strict';
// What the sweep and the instruction counts keep from their runs, and the benchmark expectation printed
// from them. Base data: the real quick run docs/test/fixtures/results-quick-v2-a.json; the 3-repeat and
// narrow-interval cases are TEST DATA derived from it in code.
// Covers: bench/src/parts/instruction-counts/valgrind-repeats.js, bench/src/summarize/expectation.js,
//   bench/src/parts/instruction-counts/instruction-counts.js, bench/src/parts/syscall-counts/syscall-counts.js
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { sweepPoint, sweepRun } = require('../../../src/parts/sweep/sweep');
const { summarizeRepeats, instructionComparisons } = require('../../../src/parts/instruction-counts/valgrind-repeats');
const { expectationLines } = require('../../../src/summarize/expectation');
const { expectationOfParts } = require('../../../src/parts/part-list');
const { validateResults } = require('../../../../shared/src/results-file');

const realV2 = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'test', 'fixtures', 'results-quick-v2-a.json'), 'utf8'));
const thresholds = { minPairs: 10, countSpread: 0.01 };

test('sweep point: best and median of the ok runs, failed runs kept with their reason', () => {
  const okRun = (round, rps) => ({
    round, status: 'ok', command: 'ab ...', requestsPerSecond: rps, requests: rps * 2, errors: { connect: 0, read: 0, write: 0, status: 0, timeout: 0 },
    latencyUs: { p50: 1000, p75: 1000, p90: 2000, p99: 3000, p999: 4000 }, requestsPerServerCpuSecond: rps, serverCpuUtilization: 0.9, clientCpuUtilization: 1, wallSeconds: 2,
  });
  const failed = { round: 2, repetition: 2, status: 'failed', command: 'ab ...', failureReason: 'server "drogon" killed by SIGKILL during the run', rawLog: 'x' };
  const point = sweepPoint(1000, [okRun(1, 90000), failed, okRun(3, 110000)]);
  assert.deepEqual([point.concurrency, point.okRuns, point.best, point.median], [1000, 2, 110000, 100000]);
  assert.deepEqual(point.runs[1], { round: 2, status: 'failed', command: 'ab ...', failureReason: failed.failureReason });
  assert.deepEqual(point.runs[0].latencyUs, { p50: 1000, p99: 3000 });
  assert.deepEqual(sweepPoint(1, [failed]), { concurrency: 1, okRuns: 0, best: null, median: null, runs: [sweepRun(failed)] });
});

test('instruction repeats: median and (max - min) / median; none -> null', () => {
  const repeats = [6841, 6800, 6850].map((perRequest) => ({ irN: 1, ir2N: 2, perRequest }));
  assert.deepEqual(summarizeRepeats(repeats), { perRequest: 6841, spread: 50 / 6841 });
  assert.deepEqual(summarizeRepeats([]), { perRequest: null, spread: null });
  const results = [{ server: 'drogon', perRequest: 6000 }, { server: 'nginx-module', perRequest: 9000 }, { server: 'nginx-return', perRequest: null }];
  assert.deepEqual(instructionComparisons(results, 'drogon'), [{ reference: 'drogon', other: 'nginx-module', ratio: 1.5 }]);
  assert.deepEqual(instructionComparisons([{ server: 'drogon', perRequest: null }, results[1]], 'drogon'), []);
});

test('expectation on a real quick run: pairs against 10, not pooled (a quick run), 1 repeat has no spread', () => {
  const lines = expectationLines(realV2, thresholds, expectationOfParts(realV2, thresholds));
  // the quick profile runs 2 rounds: every scenario falls short of 10 pairs, and says so
  for (const scenario of realV2.scenarios) assert.ok(lines.includes(`${scenario.id}: 2 paired rounds < 10: NOT met`), scenario.id);
  assert.ok(lines.includes('pooled: not pooled (only a complete default-profile run is pooled with the history)'), lines.join('\n'));
  assert.ok(!lines.some((l) => l.includes('half-width')), 'no width target: calibration says how good an interval is');
  assert.ok(lines.some((l) => /^instructions keepalive drogon: \d+ per request, 1 repeat: no spread to judge$/.test(l)));
});

test('expectation with a pooled block: each comparison outside the earlier runs\' interval named, files left out, both coverage figures; tight repeats met', () => {
  const derived = structuredClone(realV2);
  const [scenario] = derived.scenarios;
  const [first] = scenario.comparisons;
  derived.pooled = {
    minRuns: 3, confidence: 0.95, fingerprint: derived.environment.fingerprint,
    runs: [0, 1, 2].map((i) => ({ source: `run${i}`, date: '2026-11-27', startedAt: derived.startedAt, gitCommit: 'abc' })),
    excluded: [{ file: 'bench/results/history/2026-11-22-96be4b9.json', reason: 'another environment fingerprint (x)' }],
    comparisons: [
      { scenario: scenario.id, metric: 'requestsPerSecond', reference: 'drogon', other: first.other, runs: [0, 1, 2], ratio: 1, low: 0.9, high: 1.1,
        logMean: 0, betweenRunSd: 0.01, predictionSd: 0.02, verdict: 'within-noise', newest: { ratio: 1.5, earlierLow: 0.9, earlierHigh: 1.1, place: 'above' } },
      { scenario: scenario.id, metric: 'requestsPerServerCpuSecond', reference: 'drogon', other: first.other, runs: [0, 1, 2], ratio: 1, low: 0.9, high: 1.1,
        logMean: 0, betweenRunSd: 0.01, predictionSd: 0.02, verdict: 'within-noise', newest: { ratio: 1.0, earlierLow: 0.9, earlierHigh: 1.1, place: 'inside' } },
    ],
    calibration: { ownInterval: { contained: 86, total: 148 }, pooledInterval: { contained: 143, total: 148 } },
  };
  const r = derived.instructions.cases[0].results[0];
  r.repeats = [1, 1.002, 1.003].map((k) => ({ ...r.repeats[0], perRequest: r.perRequest * k }));
  r.spread = 0.003 / 1.002;
  validateResults(derived, 'derived');
  const lines = expectationLines(derived, thresholds, expectationOfParts(derived, thresholds));
  assert.ok(lines.includes('pooled over up to 3 comparable runs: 2 comparisons; this run inside the earlier runs\' 95 % prediction interval in 1 of 2'), lines.join('\n'));
  assert.ok(lines.includes(`  OUTSIDE ${scenario.id} drogon/${first.other} req/s: 1.500, earlier runs predicted 0.900-1.100 (above): an unusual run`), lines.join('\n'));
  assert.ok(lines.includes('  not pooled: bench/results/history/2026-11-22-96be4b9.json: another environment fingerprint (x)'));
  assert.ok(lines.some((l) => l.includes('held the next run\'s figure 86 of 148 (58.1 %)') && l.includes('held a left-out run\'s figure 143 of 148 (96.6 %)')), lines.join('\n'));
  assert.ok(lines.some((l) => /instructions keepalive drogon: \d+ per request, spread 0\.299 % <= 1 %: met/.test(l)), lines.join('\n'));
});
