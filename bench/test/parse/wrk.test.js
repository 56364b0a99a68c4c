'use strict';
// wrk parsing against real wrk 4.1 output captured on loopback (bench/test/fixtures/wrk-*.txt):
// the figures come from bench/wrk/report.lua's JSON line and are cross-checked with wrk's text.
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { parseWrkOutput, parseWrkReport, parseWrkText } = require('../../src/parse/wrk');

const fixture = (name) => readFileSync(join(__dirname, '..', 'fixtures', name), 'utf8');

test('keep-alive run against nginx: figures from the JSON line, text agrees', () => {
  const out = fixture('wrk-nginx-return-c100-keepalive.txt');
  const run = parseWrkOutput(out);
  assert.equal(run.requests, 289159);
  assert.equal(run.bytes, 48289553);
  assert.equal(run.durationSeconds, 2.001892);
  assert.deepEqual(run.errors, { connect: 0, read: 0, write: 0, status: 0, timeout: 0 });
  assert.deepEqual(
    { p50: run.latencyUs.p50, p75: run.latencyUs.p75, p90: run.latencyUs.p90, p99: run.latencyUs.p99, p999: run.latencyUs.p999 },
    { p50: 616, p75: 648, p90: 715, p99: 1230, p999: 2431 },
  );
  assert.equal(run.latencyUs.min, 168);
  assert.equal(run.latencyUs.max, 3372);
  // wrk's own "Requests/sec: 144442.86" is requests / duration rounded to 2 decimals
  assert.equal(run.textRequestsPerSecond, 144442.86);
  assert.ok(Math.abs(run.requestsPerSecond - run.textRequestsPerSecond) < 0.01);
  // the --latency distribution printed in text is the same histogram the Lua hook reads
  assert.match(out, /^\s+99%\s+1\.23ms$/m);
});

test('Drogon with Connection: close: every request is also a read error (the quirk the notes name)', () => {
  const run = parseWrkOutput(fixture('wrk-drogon-c100-close.txt'));
  assert.equal(run.requests, 22768);
  assert.equal(run.errors.read, 22768);
  assert.equal(run.errors.connect + run.errors.write + run.errors.status + run.errors.timeout, 0);
});

test('nginx with Connection: close: no read errors, because nginx answers with Connection: close', () => {
  const run = parseWrkOutput(fixture('wrk-nginx-return-c100-close.txt'));
  assert.equal(run.requests, 50726);
  assert.equal(run.errors.read, 0);
});

test('non-2xx answers are counted as status errors in both the JSON line and the text', () => {
  const out = fixture('wrk-nginx-return-404.txt');
  assert.equal(parseWrkText(out).errors.status, 80595);
  assert.equal(parseWrkOutput(out).errors.status, 80595);
});

test('wrk that could not connect prints no report line: the error quotes its output', () => {
  assert.throws(() => parseWrkOutput(fixture('wrk-closed-port.txt')), /no WRK_REPORT_JSON line.*unable to connect to 127\.0\.0\.1:18098 Connection refused/);
});

test('a report line that disagrees with wrk\'s text is refused', () => {
  const out = fixture('wrk-nginx-return-c100-keepalive.txt').replace('289159 requests in', '289158 requests in');
  assert.throws(() => parseWrkOutput(out), /text says 289158 requests, its report line says 289159/);
  const errs = fixture('wrk-drogon-c100-close.txt').replace('read 22768,', 'read 22767,');
  assert.throws(() => parseWrkOutput(errs), /22767 read errors/);
});

test('a report line with a missing or non-numeric field names the field', () => {
  const out = fixture('wrk-nginx-return-c100-keepalive.txt');
  assert.throws(() => parseWrkReport(out.replace('"p99":1230', '"p99":null')), /latencyUs\.p99 is null/);
  assert.throws(() => parseWrkReport(out.replace('"timeout":0', '"timeout_":0')), /errors\.timeout/);
  assert.throws(() => parseWrkReport(out + out.split('\n').find((l) => l.startsWith('WRK_REPORT_JSON')) + '\n'), /2 WRK_REPORT_JSON lines/);
});
