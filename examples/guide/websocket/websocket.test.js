// The WebSocketController page, with a real WebSocket client (Drogon's WebSocketClient, in the
// page's chat_client): bob waits in the room, alice joins, talks and leaves; each terminal shows what
// the page says (expected/*.txt). Plus: a plain HTTP request to /chat is not a WebSocket, and a member
// whose connection drops is announced as gone.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { guideBinary, pickPort, startProgram, startBackground, runChecked, exampleRegion, normalizeOutput, checkCommand, request, guideState, sleep } = require('../test-support/guide-tests');


// The page's command for a client, with ./build/ replaced by the guide build's folder.
function clientArgv(region, binary, port) {
  const command = exampleRegion('websocket/commands.sh', region).replaceAll('8080', String(port));
  assert.match(command, /^\.\/build\/chat_client /);
  return ['bash', '-c', `exec ${command.replace('./build/chat_client', binary)}`];
}

test('bob and alice chat through the WebSocket controller as the page shows', { timeout: 10 * 60 * 1000 }, async (t) => {
  const server = await guideBinary('chat_server');
  const client = await guideBinary('chat_client');
  const port = await pickPort();
  const chat = await startProgram([server, String(port)], { port, label: 'chat_server' });
  t.after(() => chat.stop());

  const bob = startBackground(clientArgv('bob', client, port), { label: 'chat_client bob' });
  t.after(() => bob.stop());
  await bob.waitForOutput(/^bob joined$/m);

  const alice = await runChecked(clientArgv('alice', client, port), { label: 'chat_client alice', timeoutMs: 30000 });
  assert.equal(normalizeOutput(alice.stdout), normalizeOutput(exampleRegion('websocket/expected/alice.txt')));

  await bob.waitForOutput(/^alice left$/m);
  bob.signal('SIGINT'); // Ctrl+C in bob's terminal
  const exit = await bob.waitForExit(15000);
  assert.ok(exit, 'bob still running 15 s after SIGINT');
  assert.equal(exit.code, 0);
  assert.equal(normalizeOutput(bob.output().replace(/^.*SIGINT signal received.*$/m, '')), normalizeOutput(exampleRegion('websocket/expected/bob.txt')));

  // /chat answers WebSocket upgrades only.
  await checkCommand('websocket', 'plain-http', { port });
});

test('a member whose connection drops is announced as gone', { timeout: 5 * 60 * 1000 }, async (t) => {
  const server = await guideBinary('chat_server');
  const client = await guideBinary('chat_client');
  const port = await pickPort();
  const chat = await startProgram([server, String(port)], { port, label: 'chat_server' });
  t.after(() => chat.stop());
  const carol = startBackground([client, String(port), 'carol'], { label: 'chat_client carol' });
  t.after(() => carol.stop());
  await carol.waitForOutput(/^carol joined$/m);
  const dave = startBackground([client, String(port), 'dave'], { label: 'chat_client dave' });
  t.after(() => dave.stop());
  await carol.waitForOutput(/^dave joined$/m);
  dave.signal('SIGKILL'); // no close frame: the server sees the TCP connection end
  await carol.waitForOutput(/^dave left$/m);
});

test('drogon_ctl create controller -w writes an empty WebSocketController', { timeout: 60000 }, async (t) => {
  const fs = require('node:fs');
  const os = require('node:os');
  const path = require('node:path');
  const { state } = guideState();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-ctl-w-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  await runChecked([state.drogonCtl, 'create', 'controller', '-w', 'ChatWebsock'], { cwd: dir, label: 'drogon_ctl create controller -w' });
  const header = fs.readFileSync(path.join(dir, 'ChatWebsock.h'), 'utf8');
  assert.match(header, /class ChatWebsock : public drogon::WebSocketController<ChatWebsock>/);
  assert.match(header, /WS_PATH_LIST_BEGIN[\s\S]*WS_PATH_LIST_END/);
});

// Broadcast: the page's two news listeners and announcements, then many real WebSocket clients (the
// ws library, another implementation than Drogon's) on a server with four I/O threads.
test('announcements reach every news listener, as the page shows', { timeout: 10 * 60 * 1000 }, async (t) => {
  const server = await guideBinary('chat_server');
  const client = await guideBinary('news_client');
  const port = await pickPort();
  const app = await startProgram([server, String(port)], { port, label: 'chat_server' });
  t.after(() => app.stop());
  const command = exampleRegion('websocket/commands.sh', 'news-listen').replaceAll('8080', String(port));
  assert.match(command, /^\.\/build\/news_client /);
  const listeners = [1, 2].map((i) => startBackground(['bash', '-c', `exec ${command.replace('./build/news_client', client)}`], { label: `news_client ${i}` }));
  for (const l of listeners) {
    t.after(() => l.stop());
    await l.waitForOutput(/^listening$/m);
  }
  await checkCommand('websocket', 'announce', { port });
  for (const l of listeners) {
    await l.waitForOutput(/^Back in five minutes\.$/m);
    l.signal('SIGINT');
    assert.ok(await l.waitForExit(15000), 'news_client still running 15 s after SIGINT');
    assert.equal(normalizeOutput(l.output().replace(/^.*SIGINT signal received.*$/m, '')), normalizeOutput(exampleRegion('websocket/expected/news-listener.txt')));
  }
});

test('broadcast to hundreds of clients while others connect and leave', { timeout: 10 * 60 * 1000 }, async (t) => {
  const WebSocket = require('ws');
  const server = await guideBinary('chat_server');
  const port = await pickPort();
  const app = await startProgram([server, String(port)], { port, label: 'chat_server' });
  t.after(() => app.stop());
  const announce = async (text) => {
    const res = await request(`${app.url}/announce`, { method: 'POST', body: text });
    assert.equal(res.status, 200);
    return Number(/^sent to (\d+) listener\(s\)\n$/.exec(res.body)[1]);
  };
  // A client that keeps what it receives; opened() resolves once the server has answered 101.
  const all = [];
  const connect = () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/news`);
    const c = { ws, got: [], closed: new Promise((resolve) => ws.once('close', resolve)) };
    c.opened = new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
    ws.on('message', (data) => c.got.push(data.toString()));
    all.push(c);
    return c;
  };
  t.after(() => all.forEach((c) => c.ws.terminate()));
  // The server adds a listener in handleNewConnection, which may run just after the client sees 101:
  // announce "sync" until it reaches everyone (clients ignore it).
  const settle = async (n) => {
    const deadline = Date.now() + 10000;
    while ((await announce('sync')) !== n) assert.ok(Date.now() < deadline, `the server never had ${n} listeners`);
  };
  const received = (c) => c.got.filter((m) => m !== 'sync');

  const stable = Array.from({ length: 300 }, connect);
  await Promise.all(stable.map((c) => c.opened));
  await settle(300);
  // Ten announcements at once, from as many HTTP connections (so from several I/O threads).
  const first = Array.from({ length: 10 }, (_, i) => `news ${i}`);
  assert.deepEqual(await Promise.all(first.map(announce)), Array(10).fill(300));
  const deadline = Date.now() + 10000;
  while (stable.some((c) => received(c).length < first.length) && Date.now() < deadline) await sleep(20);
  for (const c of stable) assert.deepEqual([...received(c)].sort(), [...first].sort(), 'each client gets each message exactly once');

  // Churn: 150 of them leave and 150 new ones arrive while twenty more announcements go out.
  const leaving = stable.slice(150);
  const staying = stable.slice(0, 150);
  const second = Array.from({ length: 20 }, (_, i) => `more news ${i}`);
  const arriving = [];
  const churn = Promise.all([
    ...leaving.map(async (c, i) => { await sleep(i % 50); c.ws.close(); await c.closed; }),
    ...Array.from({ length: 150 }, async (_, i) => { await sleep(i % 50); const c = connect(); arriving.push(c); await c.opened; }),
  ]);
  const counts = await Promise.all(second.map(async (text, i) => { await sleep(i * 5); return announce(text); }));
  await churn;
  counts.forEach((n) => assert.ok(n >= 150 && n <= 450, `an announcement went to ${n} listeners`));
  await settle(300);
  while (staying.some((c) => received(c).length < first.length + second.length) && Date.now() < deadline + 10000) await sleep(20);
  for (const c of staying) assert.deepEqual([...received(c)].sort(), [...first, ...second].sort());
  // After the churn the set holds exactly the clients still connected: one more message for them.
  assert.equal(await announce('last'), 300);
  const now = [...staying, ...arriving];
  const lastDeadline = Date.now() + 10000;
  while (now.some((c) => !c.got.includes('last')) && Date.now() < lastDeadline) await sleep(20);
  assert.ok(now.every((c) => c.got.filter((m) => m === 'last').length === 1));
  assert.ok(leaving.every((c) => !c.got.includes('last')));
});
