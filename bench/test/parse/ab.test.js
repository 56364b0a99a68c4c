'use strict';
// ab parsing against real ApacheBench 2.3 output captured on loopback (bench/test/fixtures/ab-*).
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { parseAbOutput, parseAbLatencyFile, percentileOfSorted, abMeasurement } = require('../../src/parse/ab');

const fixture = (name) => readFileSync(join(__dirname, '..', 'fixtures', name), 'utf8');

test('ab against Drogon: counts, rate, transfer and the Total row', () => {
  const parsed = parseAbOutput(fixture('ab-drogon-c100.txt'));
  assert.equal(parsed.serverSoftware, 'drogon/1.9.13');
  assert.equal(parsed.completeRequests, 1000);
  assert.equal(parsed.failedRequests, 0);
  assert.equal(parsed.requestsPerSecond, 9572.68);
  assert.equal(parsed.percentilesMs[99], 18);
  assert.equal(parsed.totalMs.max, 18);
});

test('percentiles from ab\'s per-request file (-g) reproduce ab\'s own table exactly', () => {
  for (const name of ['ab-drogon-c100', 'ab-nginx-return-c100']) {
    const parsed = parseAbOutput(fixture(`${name}.txt`));
    const sorted = parseAbLatencyFile(fixture(`${name}.tsv`));
    assert.equal(sorted.length, parsed.completeRequests, name);
    for (const p of [50, 66, 75, 80, 90, 95, 98, 99, 100]) {
      assert.equal(percentileOfSorted(sorted, p), parsed.percentilesMs[p], `${name} ${p}%`);
    }
    assert.equal(sorted[0], parsed.totalMs.min, `${name} min`);
  }
});

test('run record from ab: microseconds, p99.9 from the -g file, errors by kind', () => {
  const parsed = parseAbOutput(fixture('ab-nginx-return-c100.txt'));
  const run = abMeasurement(parsed, parseAbLatencyFile(fixture('ab-nginx-return-c100.tsv')));
  assert.equal(run.requests, 1000);
  assert.equal(run.requestsPerSecond, parsed.requestsPerSecond);
  assert.equal(run.latencyUs.p50, parsed.percentilesMs[50] * 1000);
  assert.equal(run.latencyUs.p99, parsed.percentilesMs[99] * 1000);
  assert.ok(run.latencyUs.p999 >= run.latencyUs.p99 && run.latencyUs.p999 <= run.latencyUs.max);
  assert.deepEqual(run.errors, { connect: 0, read: 0, write: 0, status: 0, timeout: 0, other: 0 });
});

test('non-2xx answers from ab become status errors', () => {
  const parsed = parseAbOutput(fixture('ab-nginx-return-404.txt'));
  assert.equal(parsed.non2xx, 21923);
  assert.equal(abMeasurement(parsed, [1, 2, 3]).errors.status, 21923);
});

test('ab that could not connect is not mistaken for a result', () => {
  assert.throws(() => parseAbOutput(fixture('ab-closed-port.txt').replace(/^Benchmarking.*$/m, '')), /not ab output/);
  assert.throws(() => parseAbOutput(fixture('ab-closed-port.txt')), /no "Complete requests:" figure/);
});

test('failed requests must come with their breakdown', () => {
  const text = fixture('ab-drogon-c100.txt').replace(/^Failed requests:\s+0$/m, 'Failed requests:        3');
  assert.throws(() => parseAbOutput(text), /without the \(Connect, Receive, Length, Exceptions\) breakdown/);
  const withBreakdown = text.replace(/^(Failed requests:\s+3)$/m, '$1\n   (Connect: 0, Receive: 1, Length: 2, Exceptions: 0)');
  const run = abMeasurement(parseAbOutput(withBreakdown), [5]);
  assert.equal(run.errors.read, 1);
  assert.equal(run.errors.other, 2);
});
