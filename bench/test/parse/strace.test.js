'use strict';
// The `strace -c` summary parser on real captured output (bench/test/fixtures/strace-c-*.txt, strace 6.1
// on Debian 12, `strace -f -c -o FILE -p PID...` attached to the real servers of the bench while the
// lock-step client sent N requests): Drogon and nginx with one thread each, gin with its Go threads
// (errors column filled: EAGAIN reads and accepts), and a pipelined window. Broken input is derived
// from them in code.
// Covers: bench/src/parts/syscall-counts/strace-windows.js, bench/src/parts/syscall-counts/call-categories.js
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { parseStraceSummary } = require('../../src/parse/strace');
const { perRequestByName, repeatFigures, summarizeSyscallRepeats } = require('../../src/parts/syscall-counts/strace-windows');
const { callsByCategory } = require('../../src/parts/syscall-counts/call-categories');
const { loadScenarios } = require('../../src/plan/load-scenarios');

const fixture = (name) => readFileSync(join(__dirname, '..', 'fixtures', name), 'utf8');

test('Drogon keep-alive, 320 requests: epoll_wait, readv and write once per request, the per-window calls once', () => {
  const s = parseStraceSummary(fixture('strace-c-drogon-keepalive-n320.txt'));
  assert.deepEqual(s.calls, {
    epoll_wait: 325, write: 320, readv: 321, timerfd_settime: 3, read: 3, close: 1, epoll_ctl: 2, accept4: 1, setsockopt: 1, getsockname: 1,
  });
  assert.deepEqual(s.errors, {});
  assert.equal(s.total, 978);
  assert.equal(s.totalErrors, 0);
});

test('nginx + module keep-alive: recvfrom and writev (the blank errors column is read as 0)', () => {
  const s = parseStraceSummary(fixture('strace-c-nginx-module-keepalive-n160.txt'));
  assert.deepEqual([s.calls.epoll_wait, s.calls.writev, s.calls.recvfrom, s.total], [162, 160, 161, 487]);
  assert.equal(s.calls.readv, undefined);
});

test('gin (Go threads, -f): the errors column is filled (reads and accepts that returned EAGAIN)', () => {
  const json = parseStraceSummary(fixture('strace-c-gin-encoding-json-json-n320.txt'));
  assert.deepEqual(json.errors, { futex: 2, read: 315, accept4: 1 });
  assert.deepEqual([json.calls.nanosleep, json.calls.futex, json.calls.read, json.calls.write, json.total, json.totalErrors], [702, 621, 636, 320, 2921, 318]);
  const close = parseStraceSummary(fixture('strace-c-gin-encoding-json-close-n640.txt'));
  assert.deepEqual([close.calls.accept4, close.errors.accept4, close.calls.setsockopt, close.calls.close], [1280, 640, 3200, 640]);
  assert.equal(Object.keys(close.calls).length, 22);
});

test('nginx pipelined, 4000 requests in batches of 16: one writev per response, one recvfrom per batch', () => {
  const s = parseStraceSummary(fixture('strace-c-nginx-module-pipelined-n4000.txt'));
  assert.equal(s.calls.writev, 4000);
  assert.equal(s.calls.recvfrom, 251);
});

test('per request from two windows, by name and by category (scenarios.json syscalls.categories)', () => {
  const { categories } = loadScenarios().syscalls;
  const n = parseStraceSummary(fixture('strace-c-nginx-module-keepalive-n160.txt')).calls;
  // a 2N window derived from the capture: 160 more of each call made once per request, the rest once per window
  const twoN = Object.fromEntries(Object.entries(n).map(([name, count]) => [name, ['epoll_wait', 'writev', 'recvfrom'].includes(name) ? count + 160 : count]));
  const perRequest = perRequestByName(n, twoN, 160);
  assert.deepEqual(perRequest, { accept4: 0, close: 0, epoll_ctl: 0, epoll_wait: 1, recvfrom: 1, setsockopt: 0, writev: 1 });
  assert.deepEqual(callsByCategory(perRequest, categories), { read: 1, write: 1, accept: 0, epoll: 1, close: 0, other: 0 });
  const summary = summarizeSyscallRepeats([
    { perRequest, total: 3 },
    { perRequest: { ...perRequest, epoll_wait: 1.1 }, total: 3.1 },
    { perRequest: { ...perRequest, futex: 0.2 }, total: 3.2 },
  ], categories);
  assert.equal(summary.total, 3.1);
  assert.ok(Math.abs(summary.spread - 0.2 / 3.1) < 1e-12);
  assert.equal(summary.perRequest.futex, 0);
  assert.ok(Math.abs(summary.byCategory.epoll - 1) < 1e-12);
  // a kind's spread is over the request's calls in all (a kind of a few hundredths cannot move by 1 % of itself)
  assert.ok(Math.abs(summary.categorySpread.other - 0.2 / 3.1) < 1e-12);
  assert.equal(summary.categorySpread.accept, 0);
  assert.deepEqual(summarizeSyscallRepeats([], categories).total, null);
});

test('clock-driven calls (scenarios.json syscalls.clockDriven: Go\'s monitor sleeping) count per second of the window, not per request', () => {
  const { clockDriven, categories } = loadScenarios().syscalls;
  assert.ok(clockDriven.includes('nanosleep'));
  // gin's captured window of 320 requests, and a 2N window derived from it: 320 more of each call the
  // requests make, and twice the monitor's sleeps (the window lasts twice as long at the same pace).
  const n = parseStraceSummary(fixture('strace-c-gin-encoding-json-json-n320.txt')).calls;
  const perRequestCalls = ['epoll_pwait', 'futex', 'read', 'write'];
  const twoN = Object.fromEntries(Object.entries(n).map(([name, count]) => [name,
    name === 'nanosleep' ? 2 * count : perRequestCalls.includes(name) ? count + 320 : count]));
  const figures = repeatFigures({ calls: n, seconds: 1.6 }, { calls: twoN, seconds: 3.2 }, 320, clockDriven);
  assert.equal(figures.perRequest.nanosleep, undefined);
  assert.equal(figures.total, 4);
  assert.deepEqual(figures.clockDrivenPerSecond, { nanosleep: 702 / 1.6 });
  // Without the list, the sleeps would count as 2.19 calls per request.
  assert.ok(Math.abs(repeatFigures({ calls: n, seconds: 1.6 }, { calls: twoN, seconds: 3.2 }, 320).total - (4 + 702 / 320)) < 1e-12);
  // Repeats whose monitor slept more or less keep the same calls per request: spread 0, sleeps per second their median.
  const more = { ...figures, clockDrivenPerSecond: { nanosleep: 500 } };
  const less = { ...figures, clockDrivenPerSecond: { nanosleep: 400 } };
  const summary = summarizeSyscallRepeats([figures, more, less], categories);
  assert.equal(summary.spread, 0);
  assert.equal(summary.clockDrivenPerSecond.nanosleep, 702 / 1.6);
  // A server without such calls has none, and no field.
  const nginx = parseStraceSummary(fixture('strace-c-nginx-module-keepalive-n160.txt')).calls;
  const plain = repeatFigures({ calls: nginx, seconds: 1 }, { calls: nginx, seconds: 2 }, 160, clockDriven);
  assert.equal(plain.clockDrivenPerSecond, undefined);
  assert.equal(summarizeSyscallRepeats([plain], categories).clockDrivenPerSecond, undefined);
});

test('a table cut short, without a header, or with rows that do not add up is an error naming what is wrong', () => {
  const text = fixture('strace-c-drogon-keepalive-n320.txt');
  assert.throws(() => parseStraceSummary(text.split('\n').slice(0, 6).join('\n')), /no "total" row \(the output is cut short/);
  assert.throws(() => parseStraceSummary(''), /strace -c: no summary table/);
  assert.throws(() => parseStraceSummary('strace: attach: ptrace(PTRACE_SEIZE, 1): Operation not permitted\n'), /no summary table/);
  assert.throws(() => parseStraceSummary(text.replace('     325           epoll_wait', '     326           epoll_wait')), /the rows add up to 979 calls, the total row says 978/);
  assert.throws(() => parseStraceSummary(text.replace('           write', '           wr!te')), /not a system call name: "wr!te"/);
  assert.throws(() => parseStraceSummary(text.replace('      320           write', '      3x0           write')), /the calls of write is not a whole number: "3x0"/);
  assert.throws(() => parseStraceSummary(text.replace('calls    errors syscall', 'count    errors syscall')), /the header has no "calls" column/);
});
