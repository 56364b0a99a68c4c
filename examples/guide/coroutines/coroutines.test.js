// The coroutines page: coroutine handlers answer the page's curl commands as expected/*.txt shows,
// including a handler that awaits two requests to its own one-threaded server (which would never
// finish if co_await blocked the thread), awaited SQLite3 queries, when_all running two slow calls at
// once (timed: about as long as the slower one, not their sum; with one shared client, their sum;
// a task that throws makes when_all throw once the others are done), drogon::Mutex keeping
// concurrent read-modify-writes from losing updates, and an exception that becomes a 500 and a log
// line; coroutines started from ordinary code (sync_wait in main, AsyncTask, async_run, async_func on a
// timer, with its log line), and a by-value parameter used after a co_await.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { guideBinary, pickPort, startProgram, request, exampleRegion, checkCommand, logMessages } = require('../test-support/guide-tests');

test('coroutine handlers behave as the page shows', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('coroutines_example');
  const port = await pickPort();
  const server = await startProgram([binary, String(port)], { port, label: 'coroutines_example' });
  t.after(() => server.stop());
  const took = {};
  for (const region of ['try-sum', 'try-notes', 'try-background', 'try-greet', 'try-when-all', 'try-mutex', 'try-broken']) {
    const start = performance.now();
    await checkCommand('coroutines', region, { port });
    took[region] = performance.now() - start;
  }
  // try-mutex: the three unlocked requests overlap (their answers, all 1, show it), the three locked
  // ones take their turn, 1 s each: at least 1 s + 3 s.
  assert.ok(took['try-mutex'] >= 3900, `try-mutex took ${Math.round(took['try-mutex'])} ms: the locked requests did not take their turn`);

  // Each /slow call takes 1 s. The three requests run at the same time (the server's timers do not
  // interfere), so this takes about 2 s in all. The bounds are far apart: 1 s vs 2 s.
  const timed = async (path) => {
    const start = performance.now();
    const res = await request(`http://127.0.0.1:${port}${path}`);
    return { status: res.status, body: res.body, ms: performance.now() - start };
  };
  const [together, oneClient, failed] = await Promise.all([
    timed('/both?a=1&b=1'), timed('/both-one-client?a=1&b=1'), timed('/both?a=1&b=-1'),
  ]);
  const ms = (x) => `${Math.round(x)} ms`;
  t.diagnostic(`when_all: /both ${ms(together.ms)}, /both-one-client ${ms(oneClient.ms)}, failing /both ${ms(failed.ms)}; try-mutex ${ms(took['try-mutex'])}`);
  const twoSlept = 'slept 1 s\nslept 1 s\n';
  assert.deepEqual([together.status, together.body], [200, twoSlept]);
  assert.ok(together.ms >= 950 && together.ms < 1800, `/both?a=1&b=1 took ${Math.round(together.ms)} ms, not about 1 s (the slower call)`);
  assert.deepEqual([oneClient.status, oneClient.body], [200, twoSlept]);
  assert.ok(oneClient.ms >= 1950, `/both-one-client?a=1&b=1 took ${Math.round(oneClient.ms)} ms, less than the 2 s of two calls in turn`);
  assert.deepEqual([failed.status, failed.body], [502, 'failed: /slow?seconds=-1 answered 400\n']);
  assert.ok(failed.ms >= 950, `/both?a=1&b=-1 failed after ${Math.round(failed.ms)} ms: when_all did not wait for the 1 s call`);

  server.signal('SIGINT');
  assert.ok(await server.waitForExit(15000), 'still running 15 s after SIGINT');
  const expected = logMessages(exampleRegion('coroutines/expected/log.txt')).filter((l) => !l.startsWith('DEBUG'));
  assert.deepEqual(expected, [
    'INFO  starting with 0 note(s)', 'INFO  purged 2 note(s), 1 s after the request',
    'ERROR Unhandled exception in /broken, what(): no such table: no_such_table', 'WARN  SIGINT signal received.',
  ]);
  assert.deepEqual(logMessages(server.output()).filter((l) => !l.startsWith('DEBUG')), expected);
});
