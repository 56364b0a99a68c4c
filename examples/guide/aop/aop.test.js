// The AOP page: the page's curl commands, in order against a fresh server, give expected/*.txt (the
// x-trace header shows which advices ran, in which order); the beginning advice logs once.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { guideBinary, pickPort, startProgram, runChecked, exampleRegion, checkCommand, logMessages } = require('../test-support/guide-tests');

test('the advices run at their join points, in the order the page shows', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('aop_example');
  const port = await pickPort();
  const server = await startProgram([binary, String(port)], { port, label: 'aop_example' });
  t.after(() => server.stop());

  for (const region of ['try-hello', 'try-missing', 'try-blocked', 'try-health']) {
    await checkCommand('aop', region, { port });
  }
  // The connection count: the page's reader has made the four connections above plus this one, and
  // so has the test (startProgram sees the server listen in /proc, it does not connect to it).
  const command = exampleRegion('aop/commands.sh', 'try-connections').replaceAll('8080', String(port));
  const { stdout } = await runChecked(['bash', '-c', command], { label: 'aop/commands.sh#try-connections' });
  const shown = /^(\d+) connections so far$/.exec(exampleRegion('aop/expected/try-connections.txt'));
  assert.ok(shown, 'expected/try-connections.txt is not "<n> connections so far"');
  assert.equal(stdout, `${shown[1]} connections so far\n`);

  server.signal('SIGINT');
  assert.ok(await server.waitForExit(15000), 'still running 15 s after SIGINT');
  const expected = logMessages(exampleRegion('aop/expected/log.txt'));
  assert.deepEqual(expected, ['INFO  the event loop is running', 'WARN  SIGINT signal received.']);
  assert.deepEqual(logMessages(server.output()), expected);
});
