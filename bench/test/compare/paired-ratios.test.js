'use strict';
// bench/src/compare/paired-ratios.js: paired ratios with bootstrap intervals (results v2). The 3-pair
// cases are TEST DATA derived in code from real quick runs.
const test = require('node:test');
const assert = require('node:assert/strict');
const { compareResults } = require('../../src/compare/compare');
const { toMarkdown, toText } = require('../../src/compare/report');
const { validateResults } = require('../../../shared/src/results-file');
const { judgeRatio, MIN_PAIRS } = require('../../src/compare/paired-ratios');
const { clone, realV2A, realV2B, withRatioIntervals } = require('../support/compare-fixtures');

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
