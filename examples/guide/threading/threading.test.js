// The threading page: with one I/O thread, a handler that sleeps holds up another client while a
// timer does not; a connection stays on one I/O thread; work handed to worker threads answers; each
// I/O thread has its own counter. The page's commands are run as it shows them (port replaced).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { guideBinary, pickPort, startProgram, runChecked, request, exampleRegion, normalizeOutput, checkCommand, waitUntilSleeping } = require('../test-support/guide-tests');

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

  // The page's try-block, made independent of the machine's speed: the page waits two seconds
  // before it asks /whoami; here the test waits until the I/O thread is asleep inside /block
  // (on a loaded machine the first request could take longer than two seconds to arrive).
  const order = [];
  const blocked = request(`${server.url}/block`).then((res) => { order.push(res.body); });
  await waitUntilSleeping(server, { what: 'the I/O thread asleep inside /block' });
  const who = request(`${server.url}/whoami`).then((res) => { order.push(res.body); });
  await Promise.all([blocked, who]);
  assert.equal(normalizeOutput(order.join('')), normalizeOutput(exampleRegion('threading/expected/try-block.txt')));
  assert.ok(exampleRegion('threading/commands.sh', 'try-block').includes('/block &\nsleep 2\ncurl http://127.0.0.1:8080/whoami'));

  // A timer does not hold the thread: /whoami answers first whatever the timing.
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
