// The coroutines page: coroutine handlers answer the page's curl commands as expected/*.txt shows,
// including a handler that awaits two requests to its own one-threaded server (which would never
// finish if co_await blocked the thread), awaited SQLite3 queries, and an exception that becomes a
// 500 and a log line.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { guideBinary, pickPort, startProgram, exampleRegion, checkCommand, logMessages } = require('../test-support');

test('coroutine handlers behave as the page shows', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('coroutines_example');
  const port = await pickPort();
  const server = await startProgram([binary, String(port)], { port, label: 'coroutines_example' });
  t.after(() => server.stop());
  for (const region of ['try-sum', 'try-notes', 'try-broken']) await checkCommand('coroutines', region, { port });

  server.signal('SIGINT');
  assert.ok(await server.waitForExit(15000), 'still running 15 s after SIGINT');
  const expected = logMessages(exampleRegion('coroutines/expected/log.txt')).filter((l) => !l.startsWith('DEBUG'));
  assert.deepEqual(expected, ['ERROR Unhandled exception in /broken, what(): no such table: no_such_table', 'WARN  SIGINT signal received.']);
  assert.deepEqual(logMessages(server.output()).filter((l) => !l.startsWith('DEBUG')), expected);
});
