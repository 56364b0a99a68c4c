'use strict';
// What the sweep and the instruction counts keep from their runs, and the benchmark expectation printed
// from them. Base data: the real quick run docs/test/fixtures/results-quick-v2-a.json; the 3-repeat and
// narrow-interval cases are TEST DATA derived from it in code.
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { sweepPoint, sweepRun } = require('../../src/parts/sweep');
const { summarizeRepeats, instructionComparisons } = require('../../src/parts/instructions');
const { expectationLines } = require('../../src/summarize/expectation');
const { validateResults } = require('../../src/results/results-file');

const realV2 = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'docs', 'test', 'fixtures', 'results-quick-v2-a.json'), 'utf8'));
const thresholds = { saturatedHalfWidth: 0.02, minPairs: 10, countSpread: 0.01 };

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

test('expectation on a real quick run: each pipelined ratio half-width judged against 2 %, pairs against 10, the saturated side named, 1 repeat has no spread', () => {
  const lines = expectationLines(realV2, thresholds);
  const pipelined = realV2.scenarios.find((s) => s.pipelineDepth > 1);
  for (const c of pipelined.comparisons.filter((x) => x.metric === 'requestsPerSecond')) {
    const hw = (c.ciHigh - c.ciLow) / 2 / c.ratio;
    const line = lines.find((l) => l.startsWith(`${pipelined.id} drogon/${c.other} req/s`));
    assert.ok(line.includes(`half-width ${(hw * 100).toFixed(2)} %`), line);
    assert.ok(line.endsWith(hw <= 0.02 ? 'met' : 'NOT met'), line);
  }
  // the quick profile runs 2 rounds: every scenario falls short of 10 pairs, and says so
  for (const scenario of realV2.scenarios) assert.ok(lines.includes(`${scenario.id}: 2 paired rounds < 10: NOT met`), scenario.id);
  // a keep-alive scenario whose servers did not both saturate their CPU is not judged on its half-width
  assert.ok(!lines.some((l) => l.startsWith('c100-keepalive drogon/')), lines.join('\n'));
  assert.ok(lines.some((l) => l.startsWith(`${pipelined.id} saturated side: drogon `)));
  assert.ok(lines.some((l) => /^instructions keepalive drogon: \d+ per request, 1 repeat: no spread to judge$/.test(l)));
});

test('expectation on derived data: narrow intervals and tight repeats are met, wide ones are not', () => {
  const derived = structuredClone(realV2);
  const pipelined = derived.scenarios.find((s) => s.pipelineDepth > 1);
  const [first, second] = pipelined.comparisons;
  Object.assign(first, { ciLow: first.ratio * 0.99, ciHigh: first.ratio * 1.01 });
  Object.assign(second, { ciLow: second.ratio * 0.9, ciHigh: second.ratio * 1.1 });
  const r = derived.instructions.cases[0].results[0];
  r.repeats = [1, 1.02, 1.03].map((k) => ({ ...r.repeats[0], perRequest: r.perRequest * k }));
  r.spread = 0.03 / 1.02;
  validateResults(derived, 'derived');
  const lines = expectationLines(derived, thresholds);
  assert.ok(lines.some((l) => l.includes(`drogon/${first.other} req/s`) && l.includes('half-width 1.00 % <= 2 %: met')), lines.join('\n'));
  assert.ok(lines.some((l) => l.includes(`drogon/${second.other} req/s`) && l.includes('half-width 10.00 % > 2 %: NOT met')), lines.join('\n'));
  assert.ok(lines.some((l) => /instructions keepalive drogon: \d+ per request, spread 2\.941 % > 1 %: NOT met/.test(l)), lines.join('\n'));
});
