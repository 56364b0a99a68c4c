// The WebSocketController page, with a real WebSocket client (Drogon's WebSocketClient, in the
// page's chat_client): bob waits in the room, alice joins, talks and leaves; each terminal shows what
// the page says (expected/*.txt). Plus: a plain HTTP request to /chat is not a WebSocket, and a member
// whose connection drops is announced as gone.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { guideBinary, pickPort, startProgram, startBackground, runChecked, exampleRegion, normalizeOutput, checkCommand } = require('../test-support');

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
  const { state } = require('../test-support').guideState();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-ctl-w-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  await runChecked([state.drogonCtl, 'create', 'controller', '-w', 'ChatWebsock'], { cwd: dir, label: 'drogon_ctl create controller -w' });
  const header = fs.readFileSync(path.join(dir, 'ChatWebsock.h'), 'utf8');
  assert.match(header, /class ChatWebsock : public drogon::WebSocketController<ChatWebsock>/);
  assert.match(header, /WS_PATH_LIST_BEGIN[\s\S]*WS_PATH_LIST_END/);
});
