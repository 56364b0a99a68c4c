'use strict';
// Parsers behind the instruction counts, on real captured output (bench/test/fixtures/):
// cachegrind-true.out = `valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=... /bin/true`
// (valgrind 3.19 printed "I refs: 130,095" for it); h2load-*.txt = h2load 1.52 against the Drogon
// server under valgrind and against a closed port.
// Covers: bench/src/parse/h2load.js
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { parseCachegrindOut, instructionsOf } = require('../../src/parse/cachegrind');
const { parseH2loadOutput, checkAllSucceeded } = require('../../src/parse/h2load');

const fixture = (name) => readFileSync(join(__dirname, '..', 'fixtures', name), 'utf8');

test('cachegrind output: Ir total of the summary line, the command, the events', () => {
  const parsed = parseCachegrindOut(fixture('cachegrind-true.out'));
  assert.deepEqual(parsed.events, ['Ir']);
  assert.equal(parsed.command, '/bin/true');
  assert.equal(parsed.totals.Ir, 130095);
  assert.equal(instructionsOf(fixture('cachegrind-true.out')), 130095);
});

test('cachegrind output cut short or of another kind is an error naming what is missing', () => {
  const text = fixture('cachegrind-true.out');
  assert.throws(() => instructionsOf(text.replace(/^summary:.*$/m, '')), /no "summary:" line/);
  assert.throws(() => instructionsOf('hello\n'), /not a cachegrind output file/);
  assert.throws(() => instructionsOf(text.replace('events: Ir', 'events: Ir Dr')), /2 events/);
  assert.throws(() => instructionsOf(text.replace('events: Ir', 'events: Dr')), /counts Dr, not Ir/);
  assert.throws(() => instructionsOf(text.replace(/^summary: .*$/m, 'summary: 12x')), /not a whole number/);
});

test('h2load: every request succeeded', () => {
  const parsed = parseH2loadOutput(fixture('h2load-drogon-valgrind-n20000-c10.txt'));
  assert.equal(parsed.total, 20000);
  assert.equal(parsed.succeeded, 20000);
  assert.equal(parsed.status2xx, 20000);
  assert.ok(Math.abs(parsed.seconds - 0.52951) < 1e-9);
  assert.equal(parsed.requestsPerSecond, 37770.98);
  assert.doesNotThrow(() => checkAllSucceeded(parsed, 20000));
  assert.throws(() => checkAllSucceeded(parsed, 40000), /asked for 20000 requests, expected 40000/);
});

test('h2load exits 0 against a closed port; the counts make it a failure', () => {
  const parsed = parseH2loadOutput(fixture('h2load-closed-port.txt'));
  assert.equal(parsed.succeeded, 0);
  assert.equal(parsed.errored, 100);
  assert.throws(() => checkAllSucceeded(parsed, 100), /0 of 100 requests succeeded \(0 2xx, 100 failed, 100 errored, 0 timed out\)/);
  assert.throws(() => parseH2loadOutput('connect: Connection refused\n'), /no "requests: N total/);
});
