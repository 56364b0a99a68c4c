// The guide's test support, where the chapter tests would otherwise race (examples/guide/test-support/):
// a program's output is read to its end, a program is ready only when it listens itself, connections
// are counted by the program that holds them, and waits are bounded and say what they waited for.
// Real processes and sockets (small node programs), no mocks.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { pickPort, startProgram, runCommand, connectionsOf, waitForCount, waitUntil } = require('./test-support/guide-tests');

// A node program listening on 127.0.0.1:port, holding every connection it accepts.
const listener = (port) => [process.execPath, '-e', `require('net').createServer(() => {}).listen(${port}, '127.0.0.1')`];

test('runCommand returns all a program wrote, even when it exits right after writing', { timeout: 60000 }, async () => {
  for (let i = 0; i < 5; i++) {
    const run = await runCommand(['bash', '-c', 'head -c 3000000 /dev/zero | tr "\\0" x; echo; echo done >&2'], { label: 'writer' });
    assert.equal(run.code, 0);
    assert.equal(run.stdout.length, 3000001);
    assert.equal(run.stderr, 'done\n');
  }
});

test('test processes running at once never get the same port, and give their claims back when they exit', { timeout: 60000 }, async () => {
  const support = require.resolve('./test-support/guide-tests');
  const picker = `const s = require(${JSON.stringify(support)}); (async () => { const ports = []; for (let i = 0; i < 5; i++) ports.push(await s.pickPort()); console.log(JSON.stringify(ports)); await new Promise((r) => setTimeout(r, 1500)); })();`;
  const runs = await Promise.all([1, 2, 3, 4].map((n) => runCommand([process.execPath, '-e', picker], { label: `picker ${n}` })));
  const lists = runs.map((r) => { assert.equal(r.code, 0, r.stderr); return JSON.parse(r.stdout); });
  const all = lists.flat();
  assert.equal(new Set(all).size, all.length, `ports handed out twice: ${JSON.stringify(lists)}`);
  const claims = path.join(os.tmpdir(), 'drogon-guide-ports');
  const left = fs.existsSync(claims) ? fs.readdirSync(claims).filter((f) => all.includes(Number(f))) : [];
  assert.deepEqual(left, [], 'claims left behind by processes that exited');
});

test('startProgram waits for the program itself to listen, not for anything on the port', { timeout: 60000 }, async (t) => {
  const port = await pickPort();
  // Someone else (here: this process) already listens on the port: the program cannot, and exits.
  const other = net.createServer(() => {}).listen(port, '127.0.0.1');
  t.after(() => other.close());
  await new Promise((resolve) => other.once('listening', resolve));
  await assert.rejects(startProgram(listener(port), { port, label: 'second listener', readyTimeoutMs: 20000 }),
    /second listener exited \(code 1, signal null\) before listening on 127\.0\.0\.1:\d+/);
});

test('connections are counted by the program that holds them, by port, until they settle', { timeout: 60000 }, async (t) => {
  const port = await pickPort();
  const server = await startProgram(listener(port), { port, label: 'listener' });
  t.after(() => server.stop());
  // Its listening socket is not a connection.
  assert.equal(connectionsOf(server, { localPort: port, state: 'any' }), 0);
  const clients = await Promise.all([1, 2].map(() => new Promise((resolve) => { const s = net.connect(port, '127.0.0.1', () => resolve(s)); })));
  await waitForCount(() => connectionsOf(server, { localPort: port }), 2, { what: 'connections the listener accepted' });
  // One connection, found by the client's port.
  assert.equal(connectionsOf(server, { remotePort: clients[0].localPort }), 1);
  // This process's own sockets are not the program's.
  assert.equal(connectionsOf({ pgid: server.pgid }, { remotePort: port }), 0);
  clients[0].destroy();
  // The close reaches the program a moment later: the count settles at 1.
  await waitForCount(() => connectionsOf(server, { localPort: port, state: 'ESTABLISHED' }), 1, { what: 'established connections after one client left' });
  clients[1].destroy();
  assert.throws(() => connectionsOf({}, {}), /expected a started program/);
});

test('a wait that never holds fails after its time, naming what it waited for and the last value', async () => {
  let reads = 0;
  await assert.rejects(waitForCount(() => { reads += 1; return 2; }, 1, { what: 'the widgets', timeoutMs: 200 }),
    /^Error: the widgets: not 1 within 0\.2 s \(last: 2\)$/);
  assert.ok(reads >= 2, `read only ${reads} times: it did not poll`);
  assert.equal(await waitUntil(async () => 'ready', (v) => v === 'ready'), 'ready');
});
