// The configuration reference: the program loads config.json (and config-more.json) and the test
// observes, from outside, the effect of every key the page marks as checked: listeners and TLS,
// threads, sessions, static files and locations, uploads, connection limits, body and message
// limits, JSON, logs, headers, compression, mapped controllers, a plugin, a database client, custom
// values, signals and relaunching; and the pitfalls the page warns about (Drogon 1.9.13).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const https = require('node:https');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const tls = require('node:tls');
const zlib = require('node:zlib');
const { guideBinary, pickPort, startProgram, runCommand, runChecked, request, requestJson, exampleRegion, examplesDir, sleep, connectionsOf, waitForCount } = require('../test-support/guide-tests');

const chapterDir = path.join(examplesDir, 'configuration-reference');
// The program's local time zone for display_local_time: UTC+8 all year (no daylight saving).
const TIME_ZONE = 'Asia/Shanghai';

// A scratch folder as the page's program finds it: the configuration (ports replaced), public/,
// assets/, downloads/, two self-signed certificates and the log folder.
async function scratchFolder(t, configName, ports, edit = (text) => text) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-config-ref-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const name of ['public', 'assets', 'downloads']) fs.cpSync(path.join(chapterDir, name), path.join(dir, name), { recursive: true });
  let text = fs.readFileSync(path.join(chapterDir, configName), 'utf8');
  for (const [from, to] of Object.entries(ports)) {
    assert.equal(text.split(`"port": ${from}`).length, 2, `${configName} should name port ${from} once`);
    text = text.replace(`"port": ${from}`, `"port": ${to}`);
  }
  fs.writeFileSync(path.join(dir, configName), edit(text));
  // The page's preparation: the two certificates and the log folder.
  await runChecked(['bash', '-euo', 'pipefail', '-c', exampleRegion('configuration-reference/commands.sh', 'prepare')], { cwd: dir, label: 'configuration-reference/commands.sh#prepare' });
  for (const file of ['certs/global.crt', 'certs/global.key', 'certs/listener.crt', 'certs/listener.key', 'logs']) assert.ok(fs.existsSync(path.join(dir, file)), file);
  return dir;
}

// Resolves once 127.0.0.1:port accepts a TCP connection (within 10 s).
async function waitForListener(port) {
  const deadline = Date.now() + 10000;
  for (;;) {
    const up = await new Promise((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' }, () => { socket.destroy(); resolve(true); });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after 10 s`);
    await sleep(50);
  }
}

// One TLS handshake limited to one protocol version: { ok, protocol, cn } or { ok: false }.
function handshake(port, version) {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, minVersion: version, maxVersion: version, rejectUnauthorized: false }, () => {
      resolve({ ok: true, protocol: socket.getProtocol(), cn: socket.getPeerCertificate().subject.CN });
      socket.end();
    });
    socket.on('error', () => resolve({ ok: false }));
    socket.setTimeout(5000, () => { socket.destroy(); resolve({ ok: false, timeout: true }); });
  });
}

// A raw connection: write `chunks` one after another (each after the previous answer when
// `sequential`), collect what comes back until the server closes it or `waitMs` passes.
function rawConnection(port, { chunks = [], sequential = false, waitMs = 1500, localAddress } = {}) {
  let firstAnswer;
  const answered = new Promise((resolve) => { firstAnswer = resolve; });
  const result = new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    let data = '';
    let sent = 0;
    let done = false;
    const answers = () => (data.match(/HTTP\/1\.1 \d{3} /g) || []).length;
    const finish = (closed) => { if (!done) { done = true; firstAnswer(answers() > 0); resolve({ data, answers: answers(), closed }); } socket.destroy(); };
    socket.on('connect', () => {
      if (!chunks.length) return;
      if (sequential) socket.write(chunks[sent++]);
      else { socket.write(chunks.join('')); sent = chunks.length; }
    });
    socket.on('data', (d) => {
      data += d;
      if (answers() > 0) firstAnswer(true);
      if (sequential && sent < chunks.length && answers() === sent) socket.write(chunks[sent++]);
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    setTimeout(() => finish(false), waitMs);
  });
  // Resolves true at the first answer (false if the connection ended without one).
  result.answered = answered;
  return result;
}
const get = (p) => `GET ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

// A WebSocket client for one text message of `size` bytes (RFC 6455, masked frame): the echo, or
// whether the server closed the connection instead.
function webSocketEcho(port, size) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let buffer = Buffer.alloc(0);
    let upgraded = false;
    let done = false;
    const finish = (result) => { if (!done) { done = true; resolve(result); } socket.destroy(); };
    socket.on('connect', () => socket.write(`GET /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`));
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        assert.match(buffer.subarray(0, end).toString(), /^HTTP\/1\.1 101 /);
        upgraded = true;
        buffer = buffer.subarray(end + 4);
        const mask = crypto.randomBytes(4);
        const payload = Buffer.alloc(size, 'w').map((b, i) => b ^ mask[i % 4]);
        const header = size < 126 ? Buffer.from([0x81, 0x80 | size]) : Buffer.from([0x81, 0x80 | 126, size >> 8, size & 0xff]);
        socket.write(Buffer.concat([header, mask, payload]));
      }
      const headerLength = size < 126 ? 2 : 4;
      if (upgraded && buffer.length >= headerLength + size) finish({ echoed: buffer.length - headerLength, closed: false });
    });
    socket.on('close', () => finish({ echoed: 0, closed: true }));
    socket.on('error', () => finish({ echoed: 0, closed: true }));
    setTimeout(() => finish({ echoed: 0, closed: false, timeout: true }), 5000);
  });
}

function multipart(fileName, content) {
  const boundary = `----guide${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\n`),
    Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const nested = (depth) => '['.repeat(depth) + '1' + ']'.repeat(depth);

async function startReference(t, cwd, configName, port, env = {}) {
  const binary = await guideBinary('config_reference');
  assert.equal(exampleRegion('configuration-reference/commands.sh', 'run'), './build/config_reference config.json');
  const server = await startProgram([binary, configName], { port, cwd, env: { ...process.env, ...env }, label: `config_reference ${configName}` });
  t.after(() => server.stop());
  return server;
}

test('config.json: the effect of every key the page checks', { timeout: 10 * 60 * 1000 }, async (t) => {
  const ports = { 8080: await pickPort(), 8443: await pickPort(), 8444: await pickPort(), 8445: await pickPort() };
  const cwd = await scratchFolder(t, 'config.json', ports);
  const server = await startReference(t, cwd, 'config.json', ports[8080], { TZ: TIME_ZONE });
  const url = server.url;

  // Timed checks first, so that their waits overlap the rest: an idle connection, and a session
  // that must expire (session_timeout 1).
  const idleStarted = Date.now();
  const idle = rawConnection(ports[8080], { waitMs: 5000 });
  const visit1 = await request(`${url}/visit`);
  assert.equal(visit1.body, '1');
  const cookie = visit1.headers['set-cookie'][0];
  // session_cookie_key, session_max_age, session_same_site:
  assert.match(cookie, /^visitor=[0-9a-f-]{36}; Max-Age=3600; Path=\/; SameSite=Strict; HttpOnly$/);
  const cookieValue = cookie.split(';')[0];
  assert.equal((await request(`${url}/visit`, { headers: { cookie: cookieValue } })).body, '2');

  // listeners: plain HTTP on the first; TLS on the others, with the certificates and commands named.
  const info = (await requestJson(`${url}/info`)).json;
  assert.equal(info.threads, 3, 'number_of_threads');
  assert.deepEqual(info.custom, { greeting: 'hello' }, 'custom_config');
  assert.equal(info.documentRoot, './public/');
  assert.equal(info.homePage, 'start.html');
  // The HTTPS listeners start with the HTTP one, but not necessarily before it: wait for each.
  for (const p of [ports[8443], ports[8444], ports[8445]]) await waitForListener(p);
  // 8443: the global certificate and the global commands (MaxProtocol TLSv1.2).
  assert.deepEqual(await handshake(ports[8443], 'TLSv1.2'), { ok: true, protocol: 'TLSv1.2', cn: 'global.test' });
  assert.equal((await handshake(ports[8443], 'TLSv1.3')).ok, false, 'ssl.conf MaxProtocol TLSv1.2');
  // 8444: its own certificate; its ssl_conf runs after the global one (TLS 1.3 again); MinProtocol has no effect.
  assert.deepEqual(await handshake(ports[8444], 'TLSv1.3'), { ok: true, protocol: 'TLSv1.3', cn: 'listener.test' });
  assert.deepEqual(await handshake(ports[8444], 'TLSv1.2'), { ok: true, protocol: 'TLSv1.2', cn: 'listener.test' }, 'MinProtocol TLSv1.3 is overridden');
  // 8445: with use_old_tls, MinProtocol TLSv1.3 is kept.
  assert.equal((await handshake(ports[8445], 'TLSv1.2')).ok, false, 'use_old_tls lets MinProtocol through');
  assert.deepEqual(await handshake(ports[8445], 'TLSv1.3'), { ok: true, protocol: 'TLSv1.3', cn: 'listener.test' });
  const overTls = await new Promise((resolve, reject) => {
    https.get({ host: '127.0.0.1', port: ports[8444], path: '/info', rejectUnauthorized: false, agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode, body }));
    }).on('error', reject);
  });
  assert.equal(overTls.status, 200);
  assert.equal(JSON.parse(overTls.body).threads, 3);

  // server_header_field; static files: home_page, implicit_page, static_file_headers, file_types, mime.
  const home = await request(`${url}/`);
  assert.equal(home.headers.server, 'reference-server');
  assert.equal(home.body, '<h1>Start</h1>\n');
  assert.equal(home.headers['x-static'], 'yes');
  assert.equal((await request(`${url}/docs/`)).body, '<h1>Docs</h1>\n');
  assert.equal((await request(`${url}/docs`)).body, '<h1>Docs</h1>\n');
  const notes = await request(`${url}/notes.md`);
  assert.equal(notes.status, 200);
  assert.equal(notes.headers['content-type'], 'text/markdown');
  assert.equal((await request(`${url}/app.js`)).status, 404, '.js is not in file_types');
  assert.equal((await request(`${url}/info`)).headers['x-static'], undefined, 'static_file_headers: static files only');
  // static_files_cache_time 60: a changed file is not read again within the minute. The cache is
  // per I/O thread: both requests go over one connection, so to one thread.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const viaAgent = (p) => new Promise((resolve, reject) => {
    http.get(`${url}${p}`, { agent }, (res) => {
      let text = '';
      res.on('data', (c) => { text += c; });
      res.on('end', () => resolve(text));
    }).on('error', reject);
  });
  assert.equal(await viaAgent('/notes.md'), notes.body);
  fs.writeFileSync(path.join(cwd, 'public', 'notes.md'), '# Changed\n');
  assert.equal(await viaAgent('/notes.md'), notes.body, 'the cached file');
  agent.destroy();

  // locations: /assets/ (filter, case-sensitive, file_types only, not recursive); /downloads/ (the opposite).
  const key = { 'x-key': 'open-sesame' };
  assert.equal((await request(`${url}/assets/logo.txt`)).status, 401, 'filters');
  assert.equal((await request(`${url}/assets/logo.txt`, { headers: key })).body, 'logo\n');
  assert.equal((await request(`${url}/ASSETS/logo.txt`, { headers: key })).status, 404, 'is_case_sensitive');
  assert.equal((await request(`${url}/assets/app.js`, { headers: key })).status, 403, 'allow_all false');
  assert.equal((await request(`${url}/assets/sub/deep.txt`, { headers: key })).status, 403, 'is_recursive false');
  const readme = await request(`${url}/DOWNLOADS/README`);
  assert.equal(readme.body, 'release notes\n', 'is_case_sensitive false, alias');
  assert.equal(readme.headers['content-type'], 'text/plain', 'default_content_type');
  assert.equal((await request(`${url}/downloads/more/list.txt`)).body, 'more\n', 'is_recursive');

  // simple_controllers_map: the path, its filter, its methods.
  assert.equal((await request(`${url}/mapped`)).status, 401);
  assert.equal((await request(`${url}/mapped`, { headers: key })).status, 200);
  assert.equal((await request(`${url}/mapped`, { method: 'POST', headers: key })).status, 405);

  // upload_path "uploads": inside the document root, so what is uploaded can be downloaded.
  const upload = multipart('hello.txt', 'uploaded text\n');
  const saved = await requestJson(`${url}/upload`, { method: 'POST', headers: upload.headers, body: upload.body });
  assert.deepEqual(saved.json, ['./public/uploads/hello.txt']);
  assert.equal(fs.readFileSync(path.join(cwd, 'public', 'uploads', 'hello.txt'), 'utf8'), 'uploaded text\n');
  assert.equal((await request(`${url}/uploads/hello.txt`)).body, 'uploaded text\n', 'an uploaded file is a static file');

  // client_max_body_size 8K, client_max_memory_body_size 1K, enabled_compressed_request.
  const body = async (bytes, headers = {}) => request(`${url}/body`, { method: 'POST', body: bytes, headers });
  // First the memory limit: no larger body came before, so no file of an earlier request is left.
  assert.equal(JSON.parse((await body(Buffer.alloc(1024, 'a'))).body).filesInTmp, 0);
  assert.equal(JSON.parse((await body(Buffer.alloc(1025, 'a'))).body).filesInTmp, 1, 'a body over 1K is kept in upload_path/tmp');
  assert.equal((await body(Buffer.alloc(8192, 'a'))).status, 200);
  assert.equal((await body(Buffer.alloc(8193, 'a'))).status, 413);
  for (const [encoding, compress] of [['gzip', zlib.gzipSync], ['br', zlib.brotliCompressSync]]) {
    const answer = JSON.parse((await body(compress(Buffer.from('compressed request body')), { 'content-encoding': encoding })).body);
    assert.equal(answer.text, 'compressed request body', `${encoding} request body`);
  }

  // client_max_websocket_message_size 1K.
  assert.deepEqual(await webSocketEcho(ports[8080], 1024), { echoed: 1024, closed: false });
  assert.deepEqual(await webSocketEcho(ports[8080], 1025), { echoed: 0, closed: true });

  // JSON: json_parser_stack_limit 10, enable_unicode_escaping_in_json false, float_precision_in_json.
  const json = (text) => request(`${url}/json`, { method: 'POST', body: text, headers: { 'content-type': 'application/json' } });
  const shallow = await json(nested(9));
  assert.equal(shallow.status, 200);
  assert.equal(shallow.body, '{"parsed":true,"pi":3.14,"text":"Grüße"}');
  assert.equal((await json(nested(11))).status, 500, 'deeper than json_parser_stack_limit');

  // keepalive_requests 3: two answers on a connection; the third request closes it unanswered.
  const keepalive = await rawConnection(ports[8080], { chunks: [1, 2, 3, 4].map(() => get('/info')), sequential: true, waitMs: 3000 });
  assert.deepEqual({ answers: keepalive.answers, closed: keepalive.closed }, { answers: 2, closed: true });
  // pipelining_requests 3: two pipelined requests are answered; three close the connection unanswered.
  const two = await rawConnection(ports[8080], { chunks: [get('/slow'), get('/slow')], waitMs: 2500 });
  assert.equal(two.answers, 2);
  const three = await rawConnection(ports[8080], { chunks: [get('/slow'), get('/slow'), get('/slow')], waitMs: 2500 });
  assert.deepEqual({ answers: three.answers, closed: three.closed }, { answers: 0, closed: true });

  // use_brotli, with use_sendfile false: a static text file of 300 KB goes out compressed.
  const big = Buffer.from('use_sendfile false lets Drogon compress a large static file.\n'.repeat(5000));
  fs.writeFileSync(path.join(cwd, 'public', 'big.txt'), big);
  const compressed = await request(`${url}/big.txt`, { headers: { 'accept-encoding': 'br' } });
  assert.equal(compressed.headers['content-encoding'], 'br');
  assert.ok(zlib.brotliDecompressSync(compressed.bytes).equals(big));

  // db_clients: the SQLite3 client "notes" answers, and made its file.
  const db = await request(`${url}/db`);
  assert.equal(db.body, '2');
  assert.ok(fs.existsSync(path.join(cwd, 'notes.db')));

  // idle_connection_timeout 1: the idle connection was closed, between 1 and 3 s.
  const idleResult = await idle;
  const idleSeconds = (Date.now() - idleStarted) / 1000;
  assert.equal(idleResult.closed, true, 'the idle connection is still open');
  assert.ok(idleSeconds >= 1 && idleSeconds < 5, `closed after ${idleSeconds} s`);
  // session_timeout 1: more than 2 s later, the session's data are gone; the same cookie goes on
  // with an empty session (no new Set-Cookie).
  await sleep(Math.max(0, 2500 - (Date.now() - idleStarted)));
  const visit3 = await request(`${url}/visit`, { headers: { cookie: cookieValue } });
  assert.equal(visit3.body, '1', 'the session outlived session_timeout');
  assert.equal(visit3.headers['set-cookie'], undefined);
  assert.equal((await request(`${url}/visit`, { headers: { cookie: cookieValue } })).body, '2');

  // log: enough lines to roll the file over (log_size_limit 1024) several times; max_files 2.
  for (let i = 0; i < 150; i++) await request(`${url}/info`);

  // reuse_port: a second server on the same ports (its own log folder), both accept connections.
  const secondConfig = fs.readFileSync(path.join(cwd, 'config.json'), 'utf8').replaceAll('"log_path": "logs"', '"log_path": "logs2"');
  fs.writeFileSync(path.join(cwd, 'second.json'), secondConfig);
  fs.mkdirSync(path.join(cwd, 'logs2'));
  const second = await startReference(t, cwd, 'second.json', ports[8080]);
  const pids = new Set();
  // The port already accepts (the first server): ask until the second answers too, within 10 s.
  for (const deadline = Date.now() + 10000; pids.size < 2 && Date.now() < deadline;) {
    pids.add((await requestJson(`${url}/info`)).json.pid);
    await sleep(20);
  }
  assert.equal(pids.size, 2, 'two processes answer on one port');
  await second.stop();

  await server.stop();
  // Logs: INFO and up, no DEBUG; local time of TZ (no "UTC"); named server.*; rolled, at most 2 kept.
  const logFiles = fs.readdirSync(path.join(cwd, 'logs')).sort();
  const serverLogs = logFiles.filter((f) => /^server\.\d{6}-\d{6}\.\d{6}\.log$/.test(f));
  assert.equal(serverLogs.length, 2, `max_files 2: ${logFiles.join(' ')}`);
  const logText = serverLogs.map((f) => fs.readFileSync(path.join(cwd, 'logs', f), 'utf8')).join('');
  assert.match(logText, / INFO {2}GET \/info - main\.cc:\d+/);
  assert.doesNotMatch(logText, /DEBUG/);
  assert.doesNotMatch(logText, / UTC /);
  const firstLine = /^(\d{8}) (\d\d):(\d\d)/m.exec(logText);
  const shanghaiHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  assert.ok([shanghaiHour, (shanghaiHour + 23) % 24].includes(Number(firstLine[2])), `log hour ${firstLine[2]} is not the hour in ${TIME_ZONE} (${shanghaiHour})`);
  // The files are numbered as they are made: more were made than are kept.
  const highest = Math.max(...serverLogs.map((f) => Number(/\.(\d{6})\.log$/.exec(f)[1])));
  assert.ok(highest >= 3, `log_size_limit 1024: the log rolled over too few times (${logFiles.join(' ')})`);
  // The AccessLogger plugin, configured in "plugins", wrote one line per request.
  const access = logFiles.filter((f) => f.startsWith('access')).map((f) => fs.readFileSync(path.join(cwd, 'logs', f), 'utf8')).join('');
  assert.match(access, /GET \/notes\.md \[0\] \(127\.0\.0\.1:\d+ - 127\.0\.0\.1:\d+\) 200 OK/);
  assert.ok(access.split('\n').filter((l) => l.includes(' GET /info ')).length >= 150);
});

test('config-more.json: headers, connection limits, streams, signals, relaunch', { timeout: 10 * 60 * 1000 }, async (t) => {
  const port = await pickPort();
  const cwd = await scratchFolder(t, 'config-more.json', { 8080: port });
  // The default document root is ./: a text file of 2 KB there.
  fs.writeFileSync(path.join(cwd, 'big.txt'), 'x'.repeat(2048));
  const server = await startReference(t, cwd, 'config-more.json', port);
  const url = server.url;

  const info = await requestJson(`${url}/info`);
  assert.equal(info.json.threads, 2, 'threads_num');
  assert.equal(info.headers.server, undefined, 'enable_server_header false');
  assert.equal(info.headers.date, undefined, 'enable_date_header false');
  assert.equal(info.headers['set-cookie'], undefined, 'no session');
  assert.equal(info.json.uploadPath, './uploads', 'the default upload path, in the default document root ./');
  // use_gzip false.
  const text = await request(`${url}/big.txt`, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(text.status, 200);
  assert.equal(text.headers['content-encoding'], undefined);
  // enable_request_stream: the handler reads the body as a stream.
  assert.equal((await request(`${url}/stream`, { method: 'POST', body: Buffer.alloc(3000, 's') })).body, 'streamed: 3000 bytes');

  // max_connections_per_ip 2, max_connections 3 (which admits 4 in Drogon 1.9.13).
  // The connections of the requests above are counted out first: Drogon counts a connection out
  // before it closes its socket, so the server holding no connection socket means a count of 0.
  const serverSockets = () => connectionsOf(server, { localPort: port, state: 'any' });
  await waitForCount(serverSockets, 0, { what: 'connections the server still holds from the requests above' });
  // Each connection is let in (counted) once it has its answer. Those let in stay open 3 s; a refused
  // one is closed by the server at once, and counted out before the server closes its socket.
  const connect = (localAddress) => rawConnection(port, { chunks: [get('/info')], waitMs: 3000, localAddress });
  const first = [connect('127.0.0.1'), connect('127.0.0.1')];
  await Promise.all(first.map((conn) => conn.answered));
  const c = await connect('127.0.0.1');
  await waitForCount(serverSockets, 2, { what: 'connections the server holds after refusing the third' });
  const others = [connect('127.0.0.2'), connect('127.0.0.3')];
  await Promise.all(others.map((conn) => conn.answered));
  const f = await connect('127.0.0.4');
  const [a, b, d, e] = await Promise.all([...first, ...others]);
  assert.deepEqual([a, b].map((r) => r.answers), [1, 1]);
  assert.deepEqual({ answers: c.answers, closed: c.closed }, { answers: 0, closed: true }, 'a third connection from 127.0.0.1');
  assert.deepEqual([d, e].map((r) => r.answers), [1, 1], 'connections 3 and 4 from other addresses');
  assert.deepEqual({ answers: f.answers, closed: f.closed }, { answers: 0, closed: true }, 'a fifth connection');

  // relaunch_on_error: the crashed process is replaced by a new one, about a second later.
  const before = info.json.pid;
  await request(`${url}/crash`).catch(() => {});
  let after = null;
  for (let i = 0; i < 50 && !after; i++) {
    await sleep(100);
    after = await requestJson(`${url}/info`, { timeoutMs: 2000 }).then((r) => r.json.pid).catch(() => null);
  }
  assert.ok(after && after !== before, `no new process answered after the crash (before ${before}, after ${after})`);

  // handle_sig_term false: SIGTERM ends the program by the signal, with no clean shutdown.
  server.signal('SIGTERM');
  const exit = await server.waitForExit(10000);
  assert.ok(exit, 'still running 10 s after SIGTERM');
  assert.equal(exit.signal, 'SIGTERM');
  assert.doesNotMatch(server.output(), /SIGTERM signal received/);
});

test('the pitfalls the page names: a missing log folder, a document root without ./ and /', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('config_reference');
  // log_path must exist: Drogon says so and exits with status 1 while loading the file.
  const port = await pickPort();
  const noLogs = await scratchFolder(t, 'config.json', { 8080: port, 8443: await pickPort(), 8444: await pickPort(), 8445: await pickPort() });
  fs.rmSync(path.join(noLogs, 'logs'), { recursive: true });
  const missing = await runCommand([binary, 'config.json'], { cwd: noLogs, label: 'config_reference without logs/', timeoutMs: 30000 });
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /^Log path does not exist!$/m);
  // A PostgreSQL client without dbname: an exception from loadConfigFile, which the program reports.
  fs.writeFileSync(path.join(noLogs, 'no-dbname.json'), '{ "db_clients": [ { "rdbms": "postgresql" } ] }');
  const noDbname = await runCommand([binary, 'no-dbname.json'], { cwd: noLogs, label: 'config_reference no-dbname.json', timeoutMs: 30000 });
  assert.equal(noDbname.code, 1);
  assert.match(noDbname.stderr, /^cannot load no-dbname\.json: Please configure dbname in the configuration file$/m);
  // A value of the wrong kind stops the program while loading.
  fs.writeFileSync(path.join(noLogs, 'wrong-kind.json'), '{ "app": { "number_of_threads": "three" } }');
  const wrongKind = await runCommand([binary, 'wrong-kind.json'], { cwd: noLogs, label: 'config_reference wrong-kind.json', timeoutMs: 30000 });
  assert.equal(wrongKind.code, 1);
  assert.match(wrongKind.stderr, /^cannot load wrong-kind\.json: /m);
  // HTTPS without any certificate stops the program when it starts.
  const httpsPort = await pickPort();
  fs.writeFileSync(path.join(noLogs, 'no-cert.json'), `{ "listeners": [ { "address": "127.0.0.1", "port": ${httpsPort}, "https": true } ] }`);
  const noCert = await runCommand([binary, 'no-cert.json'], { cwd: noLogs, label: 'config_reference no-cert.json', timeoutMs: 30000 });
  assert.equal(noCert.code, 1);
  assert.match(noCert.stderr, /^You can't use https without cert file or key file$/m);
  // A key Drogon does not know (here a misspelt one) is ignored without a word.
  const unknownPort = await pickPort();
  fs.writeFileSync(path.join(noLogs, 'unknown.json'), `{ "listeners": [ { "address": "127.0.0.1", "port": ${unknownPort} } ], "app": { "number_of_thread": 3 } }`);
  const unknown = await startReference(t, noLogs, 'unknown.json', unknownPort);
  assert.equal((await requestJson(`${unknown.url}/info`)).json.threads, 1);
  await unknown.stop();
  // Only the program's own lines (main.cc) and the SIGTERM note of the stop.
  const said = unknown.output().split('\n').filter((l) => l && !/ - main\.cc:\d+$/.test(l) && !/ WARN {2}SIGTERM signal received/.test(l));
  assert.deepEqual(said, [], 'Drogon said something about the unknown key');

  // "document_root": "public": the location's relative alias is glued to it ("public../assets"),
  // and HttpFile::save() puts uploads in public/uploads/public/uploads. And "log_level": "ERROR" is
  // not a level Drogon reads from the file: INFO lines are still written.
  const ports = { 8080: await pickPort(), 8443: await pickPort(), 8444: await pickPort(), 8445: await pickPort() };
  const cwd = await scratchFolder(t, 'config.json', ports, (text) => text.replace('"document_root": "./public/"', '"document_root": "public"').replace('"log_level": "INFO"', '"log_level": "ERROR"'));
  const server = await startReference(t, cwd, 'config.json', ports[8080]);
  assert.equal((await request(`${server.url}/info`)).status, 200);
  assert.equal((await request(`${server.url}/assets/logo.txt`, { headers: { 'x-key': 'open-sesame' } })).status, 404);
  const upload = multipart('hello.txt', 'uploaded text\n');
  const saved = await requestJson(`${server.url}/upload`, { method: 'POST', headers: upload.headers, body: upload.body });
  assert.deepEqual(saved.json, ['public/uploads/hello.txt']);
  assert.ok(fs.existsSync(path.join(cwd, 'public', 'uploads', 'public', 'uploads', 'hello.txt')), 'the upload is not where 1.9.13 puts it');
  assert.ok(!fs.existsSync(path.join(cwd, 'public', 'uploads', 'hello.txt')));
  await server.stop();
  const logText = fs.readdirSync(path.join(cwd, 'logs')).filter((f) => f.startsWith('server')).map((f) => fs.readFileSync(path.join(cwd, 'logs', f), 'utf8')).join('');
  assert.match(logText, / INFO {2}GET \/info/, 'log_level ERROR filtered out an INFO line');
});
