// The HttpClient page: the gateway calls the real backend with HttpClient (callback, coroutine and
// synchronous forms), and the page's commands give expected/*.txt: JSON both ways, a bad status, a
// timeout, a refused connection, and one reused connection against one per fresh client, counted
// by the backend and, independently, in the kernel's table of TCP connections (/proc/net/tcp).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const { guideBinary, pickPort, startProgram, startBackground, runCommand, request, requestJson, exampleRegion, normalizeOutput, checkCommand, connectionsOf, waitForCount } = require('../test-support/guide-tests');

// A region of commands.sh as the page shows it, with the page's ports (gateway 8080, backend 9090)
// replaced by the test's.
function region(name, ports) {
  return exampleRegion(`http-client/commands.sh`, name).replaceAll('8080', String(ports.gateway)).replaceAll('9090', String(ports.backend));
}
function expected(name, ports) {
  return normalizeOutput(exampleRegion(`http-client/expected/${name}.txt`)).replaceAll('9090', String(ports.backend));
}
const checkRegion = (name, ports) => checkCommand('http-client', name, { port: ports.gateway, replace: { 9090: ports.backend }, replaceInExpected: { 9090: ports.backend } });
// The program of a run-* region: "./build/x" is the built binary, the page's ports (8080, 9090) the test's.
function programArgv(name, binaries, ports) {
  const [program, ...args] = region(name, ports).trim().split(/\s+/);
  const binary = binaries[program.replace('./build/', '')];
  assert.ok(binary, `${name}: unknown program ${program}`);
  const expectedArgs = { client_backend: [String(ports.backend)], client_gateway: [String(ports.gateway), `http://127.0.0.1:${ports.backend}`] };
  assert.deepEqual(args, expectedArgs[program.replace('./build/', '')], `${name}: the page starts the program on other ports than 8080 and 9090`);
  return [binary, ...args];
}

// TCP sockets whose local end is 127.0.0.1:port in a state ('0A' listening), from the kernel's table.
function socketsAt(port, state) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f.length > 3 && f[1] === `0100007F:${hexPort}` && f[3] === state).length;
}
// The gateway's open connections to the backend, from the kernel's table: the sockets the gateway's
// processes hold whose far end is the backend's port. Counted by owner, not by port, and awaited:
// curl's connection to the backend and a fresh client's close a moment after their answers.
const gatewayConnectionsSettleAt = (gateway, backendPort, want) => waitForCount(() => connectionsOf(gateway, { remotePort: backendPort }), want,
  { what: `the gateway's open connections to the backend (127.0.0.1:${backendPort})` });

// Starts the backend and waits until it listens, without connecting to it (startProgram's probe
// would be one more connection in the backend's count than a reader's).
async function startBackend(argv, port) {
  const program = startBackground(argv, { label: 'client_backend' });
  for (let i = 0; socketsAt(port, '0A') === 0; i++) {
    if (i >= 600) {
      await program.stop();
      throw new Error(`client_backend did not listen on 127.0.0.1:${port} within 30 s; output:\n${program.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return program;
}

test('the gateway calls the backend with HttpClient as the page shows', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binaries = { client_backend: await guideBinary('client_backend'), client_gateway: await guideBinary('client_gateway') };
  const ports = { gateway: await pickPort(), backend: await pickPort() };

  // Without the backend the gateway does not start: its synchronous request finds nobody.
  const down = await runCommand(programArgv('run-gateway', binaries, ports), { label: 'client_gateway without backend', timeoutMs: 20000 });
  assert.equal(down.code, 1);
  assert.equal(normalizeOutput(down.stderr), expected('run-gateway-down', ports));

  const backend = await startBackend(programArgv('run-backend', binaries, ports), ports.backend);
  t.after(() => backend.stop());
  const gateway = await startProgram(programArgv('run-gateway', binaries, ports), { port: ports.gateway, label: 'client_gateway' });
  t.after(() => gateway.stop());
  // The line is written before the gateway listens, but reaches this process through a pipe: wait for it.
  await gateway.waitForOutput(/^backend .*\n/m);
  assert.equal(normalizeOutput(gateway.output()).split('\n').filter((l) => l.startsWith('backend ')).join('\n'), expected('run-gateway', ports));

  await checkRegion('try-requests', ports);
  const g = `http://127.0.0.1:${ports.gateway}`;
  // Parameters are encoded by setParameter; JSON strings go through as characters.
  assert.equal((await request(`${g}/greet?name=${encodeURIComponent('a&b=c d')}`)).body, 'The backend says: Hello, a&b=c d!\n');
  const reversed = await requestJson(`${g}/reverse`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'héllo, 世界' }) });
  assert.deepEqual(reversed.json, { reversed: '界世 ,olléh' });
  // Bad input is refused by the gateway itself.
  assert.equal((await request(`${g}/reverse`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text": 5}' })).status, 400);
  assert.equal((await request(`${g}/reverse`, { method: 'POST', body: 'not json' })).status, 400);

  // A bad status is an answer; a timeout is none (the test times it: about one second).
  const started = Date.now();
  await checkRegion('try-errors', ports);
  const errorsMs = Date.now() - started;
  assert.ok(errorsMs >= 1000 && errorsMs < 2800, `the timeout region took ${errorsMs} ms, not about one second`);
  // The late answer still comes on the shared connection: the next request waits for it. The
  // backend answers 3 s after the slow request was sent, so the next answer cannot come earlier.
  // (/greet waits up to 5 s: about 2 s behind the late answer, with room for a busy machine.)
  assert.equal((await request(`${g}/greet?name=Bob`)).body, 'The backend says: Hello, Bob!\n');
  const doneMs = Date.now() - started;
  assert.ok(doneMs >= 2900, `the request after a timeout was answered ${doneMs} ms after the slow one was sent: it did not wait behind the late answer`);

  // Everything so far went over one connection (2 = it + the curl that asks); each fresh client
  // opens one more. The kernel agrees: one connection from the gateway stays open.
  await checkRegion('try-reuse', ports);
  await gatewayConnectionsSettleAt(gateway, ports.backend, 1);
  for (let i = 0; i < 5; i++) assert.equal((await request(`${g}/greet?name=x${i}`)).status, 200);
  assert.equal((await request(`http://127.0.0.1:${ports.backend}/connections`)).body, '7\n'); // 6 + this request's own
  await gatewayConnectionsSettleAt(gateway, ports.backend, 1);

  // A connection that breaks before the answer: NetworkFailure; the next request gets a new one.
  const hangup = await request(`${g}/backend/hangup`);
  assert.equal(hangup.status, 502);
  assert.equal(hangup.body, 'no answer from the backend: Network failure\n');
  assert.equal((await request(`${g}/greet?name=again`)).body, 'The backend says: Hello, again!\n');
  assert.equal((await request(`http://127.0.0.1:${ports.backend}/connections`)).body, '9\n'); // + the new one, + this one

  // The backend goes away: no answer, for the callback and the coroutine handlers alike.
  await backend.stop();
  await checkRegion('try-down', ports);
  const coroutineDown = await request(`${g}/reverse`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text": "x"}' });
  assert.equal(coroutineDown.status, 502);
  assert.equal(coroutineDown.body, 'no answer from the backend: Bad server address\n');
});
