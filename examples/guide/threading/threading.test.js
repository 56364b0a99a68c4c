// The threading page: with one I/O thread, a handler that sleeps holds up another client while a
// timer does not; a connection stays on one I/O thread; work handed to worker threads answers; each
// I/O thread has its own counter. The page's commands are run as it shows them (port replaced).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { guideBinary, pickPort, startProgram, runChecked, request, exampleRegion, normalizeOutput, checkCommand } = require('../test-support');

// The page's command to start the example, with ./build/ replaced by the guide build's binary.
async function startExample(t, region) {
  const binary = await guideBinary('threading_example');
  const port = await pickPort();
  const command = exampleRegion('threading/commands.sh', region).replace('./build/threading_example', binary).replace('8080', String(port));
  const server = await startProgram(['bash', '-c', `exec ${command}`], { port, label: `threading_example (${region})` });
  t.after(() => server.stop());
  return server;
}

test('one I/O thread: sleeping in a handler blocks other clients, a timer does not', { timeout: 10 * 60 * 1000 }, async (t) => {
  const server = await startExample(t, 'run-one');
  await checkCommand('threading', 'try-whoami', { port: server.port });
  await checkCommand('threading', 'try-block', { port: server.port });
  await checkCommand('threading', 'try-wait', { port: server.port });
  await checkCommand('threading', 'try-fib', { port: server.port });
});

test('two I/O threads: a connection keeps its thread, and each thread counts for itself', { timeout: 10 * 60 * 1000 }, async (t) => {
  const server = await startExample(t, 'run');
  // One curl, four requests on one keep-alive connection: one thread served them all. Which of the
  // two it was, the kernel chose when the connection came in.
  const command = exampleRegion('threading/commands.sh', 'try-whoami').replaceAll('8080', String(server.port));
  const { stdout } = await runChecked(['bash', '-c', command], { label: 'threading/commands.sh#try-whoami' });
  const lines = normalizeOutput(stdout).split('\n');
  assert.match(lines[0], /^I\/O thread [01] of 2$/);
  assert.equal(lines[1], lines[0]);
  assert.deepEqual(lines.slice(2), ['1 requests on this thread', '2 requests on this thread']);
  assert.equal(normalizeOutput(stdout).replace(/thread [01] of/g, 'thread N of'),
    normalizeOutput(exampleRegion('threading/expected/try-whoami-two.txt')).replace(/thread [01] of/g, 'thread N of'));
  // New connections are spread over both threads (40 connections all on one of two: 1 in 2^39).
  const seen = new Set();
  for (let i = 0; i < 40; i++) seen.add((await request(`${server.url}/whoami`)).body);
  assert.deepEqual([...seen].sort(), ['I/O thread 0 of 2\n', 'I/O thread 1 of 2\n']);
});
