// The FAQ page. It has no program of its own: each answer that says how Drogon behaves is checked here
// against the program of the chapter it links to (the guide's one build), started on a free port.
// Answers that only point to a chapter are checked there. The questions are the test names.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const zlib = require('node:zlib');
const { guideBinary, pickPort, startProgram, runCommand, request, scratchDir, examplesDir, sleep, waitUntil, waitUntilSleeping, connectionsOf } = require('../test-support/guide-tests');


// A GET (or other method) from a chosen loopback address; resolves to the answer, or rejects on a
// connection error or when no answer came within timeoutMs.
function send(port, rawPath, { method = 'GET', headers = {}, body, from = '127.0.0.1', timeoutMs = 15000 } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method, headers, localAddress: from, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes: Buffer.concat(chunks), body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}


// A chapter's program with [port, ...args], stopped after the test.
async function start(t, name, args = [], options = {}) {
  const binary = await guideBinary(name);
  const port = await pickPort();
  const program = await startProgram([binary, String(port), ...args], { port, label: name, ...options });
  t.after(() => program.stop());
  return program;
}

test('one slow request holds up the others: a blocking call on an I/O thread (Threading)', { timeout: 10 * 60 * 1000 }, async (t) => {
  // threading_example PORT THREADS: /block sleeps 5 s, /wait sets a 5 s timer, /whoami answers at once.
  const blocked = await start(t, 'threading_example', ['1']);
  const pending = send(blocked.port, '/block').catch(() => null);
  await waitUntilSleeping(blocked, { what: 'the only I/O thread asleep inside /block' });
  await assert.rejects(send(blocked.port, '/whoami', { timeoutMs: 1500 }), /no answer within/, 'with the only I/O thread asleep, nothing else is answered');
  blocked.signal('SIGKILL'); // no need to wait out the sleep
  await blocked.waitForExit(5000);
  await pending;

  const timer = await start(t, 'threading_example', ['1']);
  const waiting = send(timer.port, '/wait').catch(() => null);
  await sleep(300);
  const started = Date.now();
  const whoami = await send(timer.port, '/whoami', { timeoutMs: 1500 });
  assert.equal(whoami.body, 'I/O thread 0 of 1\n');
  assert.ok(Date.now() - started < 1000, 'a timer leaves the thread free');
  await timer.stop();
  await waiting;
});

test('a route gives 404: trailing slash, method, case (Routing)', { timeout: 10 * 60 * 1000 }, async (t) => {
  const routing = await start(t, 'routing');
  assert.equal((await send(routing.port, '/users/me')).status, 200);
  assert.equal((await send(routing.port, '/USERS/ME')).status, 200, 'paths match without regard to case');
  assert.equal((await send(routing.port, '/users/me/')).status, 404, 'a trailing slash is another path');
  assert.equal((await send(routing.port, '/users/me', { method: 'POST' })).status, 405, 'a method the path does not take is 405, not 404');
  assert.equal((await send(routing.port, '/no/such/path')).status, 404);
});

test('where the configuration goes: loadConfigFile, relative to the working directory (Configuration)', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('config_example');
  // From a folder without config.json, the program stops with the error of loadConfigFile.
  const empty = scratchDir(t, 'guide-faq-config-empty-');
  const missing = await runCommand([binary], { cwd: empty, label: 'config_example (no config.json here)', timeoutMs: 30000 });
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /^cannot load config\.json: /m);
  // From a folder that has it, the same program starts with its settings (its port among them).
  const dir = scratchDir(t, 'guide-faq-config-');
  const port = await pickPort();
  const config = fs.readFileSync(path.join(examplesDir, 'configuration', 'config.json'), 'utf8');
  assert.equal(config.split('8080').length, 2);
  fs.writeFileSync(path.join(dir, 'config.json'), config.replace('8080', String(port)));
  const server = await startProgram([binary], { port, cwd: dir, label: 'config_example' });
  t.after(() => server.stop());
});

test('requests from another origin: Drogon adds no CORS headers by itself (CORS)', { timeout: 10 * 60 * 1000 }, async (t) => {
  const cors = await start(t, 'cors_example');
  const origin = { origin: 'http://localhost:5173' };
  // /open has no CORS code: preflights are answered, but the real answer carries no permission.
  const preflight = await send(cors.port, '/open', { method: 'OPTIONS', headers: { ...origin, 'access-control-request-method': 'POST' } });
  assert.equal(preflight.status, 200);
  const open = await send(cors.port, '/open', { headers: origin });
  assert.equal(open.status, 200);
  assert.equal(open.headers['access-control-allow-origin'], undefined);
  // /api/notes has the chapter's middleware: the allowed origin gets the header on the real answer.
  const notes = await send(cors.port, '/api/notes', { headers: origin });
  assert.equal(notes.headers['access-control-allow-origin'], 'http://localhost:5173');
});

test('an upload is refused with 413: client_max_body_size, 1 MiB by default (Requests and responses)', { timeout: 10 * 60 * 1000 }, async (t) => {
  const routing = await start(t, 'routing'); // configured in code, limits at their defaults
  const mib = 1024 * 1024;
  assert.equal((await send(routing.port, '/notes', { method: 'POST', body: Buffer.alloc(mib, 'a') })).status, 201);
  assert.equal((await send(routing.port, '/notes', { method: 'POST', body: Buffer.alloc(mib + 1, 'a') })).status, 413);
});

test('coroutines: a handler returns Task<HttpResponsePtr>; an exception gives 500 (Coroutines)', { timeout: 10 * 60 * 1000 }, async (t) => {
  const coroutines = await start(t, 'coroutines_example');
  assert.equal((await send(coroutines.port, '/sum?a=2&b=3')).body, '5\n');
  assert.equal((await send(coroutines.port, '/broken')).status, 500);
});

test('the client\'s address behind nginx, and stopping without dropping requests (Deployment)', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('deploy_app');
  const config = fs.readFileSync(path.join(examplesDir, 'deployment', 'config.json'), 'utf8');
  const run = async (label, edit = (text) => text) => {
    const dir = scratchDir(t, 'guide-faq-deploy-');
    fs.mkdirSync(path.join(dir, 'logs'));
    const port = await pickPort();
    fs.writeFileSync(path.join(dir, 'config.json'), edit(config.replace('8080', String(port)).replace('/var/log/drogon-app', path.join(dir, 'logs'))));
    const app = await startProgram([binary, 'config.json'], { port, cwd: dir, label });
    t.after(() => app.stop());
    return app;
  };
  const app = await run('deploy_app');
  // peerAddr() is whoever connected; RealIpResolver believes X-Forwarded-For from trust_ips only.
  const xff = { 'x-forwarded-for': '203.0.113.7' };
  assert.equal((await send(app.port, '/whoami', { headers: xff, from: '127.0.0.1' })).body, 'client 203.0.113.7 via 127.0.0.1\n');
  assert.equal((await send(app.port, '/whoami', { headers: xff, from: '127.0.0.2' })).body, 'client 127.0.0.2 via 127.0.0.2\n');
  // SIGTERM with a request in flight: answered with the GracefulShutdown plugin, cut off without it.
  let inFlight = send(app.port, '/work?ms=800');
  // Until the application has the request (its /healthz says so), then SIGTERM.
  await waitUntil(() => send(app.port, '/healthz'), (r) => r.body === 'ok, 1 other request(s) in flight\n', { what: 'deploy_app /healthz', expected: 'one request in flight' });
  app.signal('SIGTERM');
  assert.equal((await inFlight).body, 'done after 800 ms\n');
  assert.equal((await app.waitForExit(10000)).code, 0);
  const plain = await run('deploy_app (no GracefulShutdown)', (text) => text.replace(/,\s*\{\s*"name": "GracefulShutdown"[\s\S]*?\}\s*\}/, ''));
  inFlight = send(plain.port, '/work?ms=800');
  // Until the application has accepted the connection (no /healthz without the plugin): cut off, not refused.
  await waitUntil(() => connectionsOf(plain, { localPort: plain.port }), (n) => n >= 1, { what: 'connections deploy_app accepted', expected: 'one' });
  plain.signal('SIGTERM');
  await assert.rejects(inFlight, /socket hang up|ECONNRESET/);
});

test('an edited static file does not change: the in-memory cache (Static files)', { timeout: 10 * 60 * 1000 }, async (t) => {
  const dir = scratchDir(t, 'guide-faq-static-');
  fs.cpSync(path.join(examplesDir, 'static-files', 'public'), path.join(dir, 'public'), { recursive: true });
  const server = await start(t, 'static_server', [], { cwd: dir });
  const before = await send(server.port, '/letters.txt');
  fs.writeFileSync(path.join(dir, 'public', 'letters.txt'), 'edited\n');
  assert.equal((await send(server.port, '/letters.txt')).body, before.body, 'still the old content within static_files_cache_time');
});

test('a JSON answer: newHttpJsonResponse sets the content type (HttpController)', { timeout: 10 * 60 * 1000 }, async (t) => {
  const server = await start(t, 'http_controller');
  const res = await send(server.port, '/api/v1/books');
  assert.equal(res.status, 200);
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  assert.ok(Array.isArray(JSON.parse(res.body)));
});

test('sessions are off until enabled: no session cookie without enableSession (Sessions)', { timeout: 10 * 60 * 1000 }, async (t) => {
  const withSessions = await start(t, 'sessions');
  assert.match((await send(withSessions.port, '/me')).headers['set-cookie'][0], /^JSESSIONID=[0-9a-f-]+; Path=\/; HttpOnly$/);
  const without = await start(t, 'routing');
  assert.equal((await send(without.port, '/users/me')).headers['set-cookie'], undefined);
});

test('limiting the request rate: Hodor answers 429 past the limit (Built-in plugins)', { timeout: 10 * 60 * 1000 }, async (t) => {
  const dir = scratchDir(t, 'guide-faq-hodor-');
  const port = await pickPort();
  const config = fs.readFileSync(path.join(examplesDir, 'builtin-plugins', 'config.json'), 'utf8');
  fs.writeFileSync(path.join(dir, 'config.json'), config.replace('8080', String(port)));
  const server = await startProgram([await guideBinary('builtin_plugins'), 'config.json'], { port, cwd: dir, label: 'builtin_plugins' });
  t.after(() => server.stop());
  const statuses = [];
  for (let i = 0; i < 6; i++) statuses.push((await send(port, '/api/items')).status);
  assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
  // Stopped before its folder is removed (the t.after hooks run in the order registered): the access
  // log it writes there would otherwise race the removal (ENOTEMPTY).
  await server.stop();
});

test('compressed answers: gzip by default for text of 1024 bytes or more, Brotli when enabled (Compression)', { timeout: 10 * 60 * 1000 }, async (t) => {
  // The compression chapter's program with nothing about compression in its configuration: the defaults.
  const dir = scratchDir(t, 'guide-faq-compression-');
  fs.writeFileSync(path.join(dir, 'config.json'), '{ "app": {} }\n');
  const server = await start(t, 'compression_example', [], { cwd: dir });
  const big = await send(server.port, '/text/4000', { headers: { 'accept-encoding': 'gzip, br' } });
  assert.equal(big.headers['content-encoding'], 'gzip', 'gzip, not br: Brotli is off by default');
  assert.equal(zlib.gunzipSync(big.bytes).length, 4000);
  const small = await send(server.port, '/text/1000', { headers: { 'accept-encoding': 'gzip, br' } });
  assert.equal(small.headers['content-encoding'], undefined);
  assert.equal(small.bytes.length, 1000);
});

test('a message to every WebSocket client: a set of connections and send() (WebSocket)', { timeout: 10 * 60 * 1000 }, async (t) => {
  const WebSocket = require('ws');
  const server = await start(t, 'chat_server');
  const clients = Array.from({ length: 20 }, () => new WebSocket(`ws://127.0.0.1:${server.port}/news`));
  t.after(() => clients.forEach((c) => c.terminate()));
  const got = clients.map((c) => {
    const messages = [];
    c.on('message', (m) => messages.push(m.toString()));
    return messages;
  });
  await Promise.all(clients.map((c) => new Promise((resolve, reject) => { c.once('open', resolve); c.once('error', reject); })));
  // handleNewConnection may run just after a client sees 101: announce until all 20 are listed.
  const deadline = Date.now() + 10000;
  while ((await request(`${server.url}/announce`, { method: 'POST', body: 'sync' })).body !== 'sent to 20 listener(s)\n') assert.ok(Date.now() < deadline);
  assert.equal((await request(`${server.url}/announce`, { method: 'POST', body: 'hello, everyone' })).body, 'sent to 20 listener(s)\n');
  while (got.some((m) => !m.includes('hello, everyone')) && Date.now() < deadline) await sleep(20);
  assert.ok(got.every((m) => m.filter((x) => x === 'hello, everyone').length === 1));
});
