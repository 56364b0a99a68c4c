// Waiting for a state the test is not told about: a count that settles once peers have closed, a
// program's thread asleep inside a handler, a line a server writes after it has answered. A state
// read right after an answer races whoever acts next (Drogon closes a connection just after it
// answers; nginx writes its access log after the answer), so tests poll until the state holds, bounded
// in time, and fail naming what they waited for and what they last saw.
'use strict';
const fs = require('node:fs');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls read() (sync or async) every intervalMs until holds(value) is true; resolves that value.
 * Throws `${what}: never <expected>, last <value>` after timeoutMs.
 */
async function waitUntil(read, holds, { what = 'the state', expected = 'as expected', timeoutMs = 10000, intervalMs = 20 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not ${expected} within ${timeoutMs / 1000} s (last: ${typeof value === 'string' ? JSON.stringify(value.slice(-500)) : value})`);
    await sleep(intervalMs);
  }
}

/** Waits until read() returns exactly `want` (a count that settles). */
function waitForCount(read, want, { what = 'the count', timeoutMs } = {}) {
  return waitUntil(read, (v) => v === want, { what, expected: String(want), timeoutMs });
}

/** Waits until the text of `file` matches pattern (a file another process appends to); resolves the text. */
function waitForFileText(file, pattern, { timeoutMs } = {}) {
  const read = () => { try { return fs.readFileSync(file, 'utf8'); } catch (err) { if (err.code === 'ENOENT') return ''; throw err; } };
  return waitUntil(read, (text) => pattern.test(text), { what: file, expected: `matching ${pattern}`, timeoutMs });
}

// x86-64 system call numbers (arch/x86/entry/syscalls/syscall_64.tbl).
const SYSCALLS = { nanosleep: 35, clock_nanosleep: 230 };

/** Whether a thread of process `pid` is inside system call `name` now (/proc/<pid>/task/<tid>/syscall). */
function threadInSystemCall(pid, name) {
  const number = String(SYSCALLS[name]);
  if (number === 'undefined') throw new Error(`threadInSystemCall: unknown system call ${name} (known: ${Object.keys(SYSCALLS).join(', ')})`);
  let tasks;
  try { tasks = fs.readdirSync(`/proc/${pid}/task`); } catch { return false; }
  return tasks.some((tid) => {
    try { return fs.readFileSync(`/proc/${pid}/task/${tid}/syscall`, 'utf8').split(' ')[0] === number; } catch { return false; }
  });
}

/** Waits until a thread of the program (its group leader) sleeps (std::this_thread::sleep_for: clock_nanosleep). */
function waitUntilSleeping(program, { what = 'a thread asleep in the handler', timeoutMs = 60000 } = {}) {
  return waitUntil(() => threadInSystemCall(program.pgid, 'clock_nanosleep'), Boolean, { what: `${what} (process ${program.pgid})`, expected: 'seen', timeoutMs });
}

module.exports = { waitUntil, waitForCount, waitForFileText, threadInSystemCall, waitUntilSleeping };
