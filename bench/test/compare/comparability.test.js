'use strict';
// bench/src/compare/comparability.js: a changed environment or measurement method is not compared;
// what changed is listed.
const test = require('node:test');
const assert = require('node:assert/strict');
const { compareResults } = require('../../src/compare/compare');
const { toMarkdown, toText } = require('../../src/compare/report');
const { fingerprintOf } = require('../../src/plan/environment');
const { validateResults } = require('../../../shared/src/results-file');
const { realRunA, clone, scaleMetric, quietScenario, quietServer } = require('../support/compare-fixtures');

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
