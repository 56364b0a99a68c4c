// The streaming page: 200 MiB go each way through one server without the body in memory. The
// page's curl commands run first (download, upload, peak memory, the Connection: close caveat);
// then node checks what the page claims: a download read by a client that stalls is checked byte
// for byte against the lines the page describes, a chunked upload made on the fly is saved byte for
// byte, the server's peak RSS (VmHWM) stays far below the body size, an upload cut off midway
// leaves no file, and the all-at-once handler does hold the whole body in memory.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { guideBinary, pickPort, startProgram, request, checkCommand, exampleRegion, normalizeOutput, runChecked, sleep, connectionsOf, waitForCount } = require('../test-support/guide-tests');
const { readPeakRssBytes, resetPeakRssOfGroup, cpuTicksOfGroup } = require('../../../shared/src/proc-stats');

const MiB = 1024 * 1024;

// SHA-256 of `lines` numbered lines as the page describes them: "%015d\n" from 0 on.
function numberedLinesHash(lines) {
  const hash = crypto.createHash('sha256');
  const perBlock = 65536;
  const block = Buffer.alloc(perBlock * 16);
  const digits = Buffer.from('000000000000000\n');
  for (let done = 0; done < lines;) {
    const n = Math.min(perBlock, lines - done);
    for (let k = 0; k < n; k++) {
      const at = k * 16;
      for (let d = 0; d < 16; d++) block[at + d] = digits[d];
      for (let p = 14; p >= 0; p--) { // add one, in decimal
        if (digits[p] === 57) { digits[p] = 48; } else { digits[p] += 1; break; }
      }
    }
    hash.update(block.subarray(0, n * 16));
    done += n;
  }
  return hash.digest('hex');
}

// GET with keep-alive (Drogon streams only to keep-alive clients); reading starts after `stallMs`.
// Resolves to { status, headers, bytes, sha256 }.
function download(url, { stallMs = 0, agent }) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      const hash = crypto.createHash('sha256');
      let bytes = 0;
      res.pause();
      setTimeout(() => res.resume(), stallMs);
      res.on('data', (c) => { hash.update(c); bytes += c.length; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes, sha256: hash.digest('hex') }));
      res.on('error', reject);
    });
    req.setTimeout(60000, () => req.destroy(new Error(`GET ${url}: stalled for 60 s`)));
    req.on('error', reject);
  });
}

// POST `total` bytes made on the fly (1 MiB random blocks, each stamped with its number), sent
// chunked (no content-length: the size is not known up front). cutAfter: destroy the connection
// after that many bytes, once beforeCut() resolves. Resolves to { status, body, sha256 } (or
// { cut: true }).
function upload(url, { total, cutAfter = Infinity, beforeCut = async () => {}, agent }) {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha256');
    const seed = crypto.randomBytes(MiB);
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/octet-stream' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), sha256: hash.digest('hex') }));
    });
    req.setTimeout(60000, () => req.destroy(new Error(`POST ${url}: stalled for 60 s`)));
    req.on('error', (err) => (cutAfter < Infinity ? resolve({ cut: true }) : reject(err)));
    let sent = 0;
    const next = () => {
      while (sent < total) {
        if (sent >= cutAfter) {
          beforeCut().then(() => {
            req.destroy();
            resolve({ cut: true });
          }, reject);
          return;
        }
        const block = Buffer.from(seed.subarray(0, Math.min(MiB, total - sent)));
        block.writeUInt32BE(sent / MiB, 0);
        hash.update(block);
        sent += block.length;
        if (!req.write(block)) {
          req.once('drain', next);
          return;
        }
      }
      req.end();
    };
    next();
  });
}

function sha256OfFile(file) {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha256');
    fs.createReadStream(file).on('data', (c) => hash.update(c)).on('end', () => resolve(hash.digest('hex'))).on('error', reject);
  });
}

test('200 MiB stream down and up without the body in memory, as the page says', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('streaming');
  const port = await pickPort();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-streaming-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const uploads = path.join(scratch, 'received'); // the program's default folder, under its working folder
  const server = await startProgram([binary, String(port)], { port, cwd: scratch, label: 'streaming' });
  t.after(() => server.stop());
  const pid = server.pgid; // the program leads its own process group
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  t.after(() => agent.destroy());
  const figures = { startKiB: readPeakRssBytes(pid) / 1024 };

  // The page's commands: 200 MiB down to a file, 200 MiB up from a file, compared byte for byte.
  await checkCommand('streaming', 'try-download', { port, cwd: scratch });
  const uuidFile = [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.bin/g, '<id>.bin'];
  await checkCommand('streaming', 'try-upload', { port, cwd: scratch, masks: [uuidFile] });
  // A piped (chunked) upload: refused while curl adds Expect: 100-continue, saved without it.
  await checkCommand('streaming', 'try-pipe', { port, cwd: scratch });
  // The memory command, with this server's pid for pidof (other guide tests may run a "streaming").
  const memory = exampleRegion('streaming/commands.sh', 'try-memory');
  assert.ok(memory.includes('$(pidof streaming)'));
  const { stdout } = await runChecked(['bash', '-c', memory.replace('$(pidof streaming)', String(pid))], { label: 'streaming try-memory' });
  const kib = (text) => {
    const m = /^VmHWM: (\d+) kB$/.exec(normalizeOutput(text));
    assert.ok(m, `not one VmHWM line: ${JSON.stringify(text)}`);
    return Number(m[1]);
  };
  kib(exampleRegion('streaming/expected/try-memory.txt')); // the page shows the same form
  figures.afterPageCommandsKiB = kib(stdout);
  for (const f of fs.readdirSync(uploads)) fs.rmSync(path.join(uploads, f));
  fs.rmSync(path.join(scratch, 'big.bin'));
  fs.rmSync(path.join(scratch, 'lines.txt'));

  // A client that stalls for a second after the headers: the producer waits for the socket.
  const lines = (200 * MiB) / 16;
  const [down, expected] = [await download(`${server.url}/download?mb=200`, { stallMs: 1000, agent }), numberedLinesHash(lines)];
  assert.equal(down.status, 200);
  assert.equal(down.headers['transfer-encoding'], 'chunked');
  assert.equal(down.headers['content-length'], undefined);
  assert.equal(down.headers['content-type'], 'text/plain; charset=utf-8');
  assert.equal(down.bytes, 200 * MiB);
  assert.equal(down.sha256, expected, 'the download differs from the numbered lines');

  // A chunked upload of 200 MiB made on the fly is saved as sent.
  const up = await upload(`${server.url}/upload`, { total: 200 * MiB, agent });
  assert.equal(up.status, 200, up.body);
  const answer = JSON.parse(up.body);
  assert.equal(answer.bytes, 200 * MiB);
  assert.match(answer.file, /^[0-9a-f-]{36}\.bin$/);
  assert.equal(await sha256OfFile(path.join(uploads, answer.file)), up.sha256, 'the saved upload differs from what was sent');
  fs.rmSync(path.join(uploads, answer.file));

  // Peak RSS over all of the above (four bodies of 200 MiB): far below one body.
  figures.peakKiB = readPeakRssBytes(pid) / 1024;
  assert.ok(figures.peakKiB < 32 * 1024, `peak RSS ${figures.peakKiB} KiB: the body was held in memory`);

  // An upload cut off after 8 MiB: the reader gets the error and removes the partial file. (The
  // program's log is read after it stops: its stdout is a pipe, so the lines come out at exit.)
  // A file listed may be removed before it is looked at (the server's cleanup races the listing).
  const partial = () => fs.readdirSync(uploads).map((f) => fs.statSync(path.join(uploads, f), { throwIfNoEntry: false }))
    .filter(Boolean).map((stat) => stat.size);
  const waitFor = async (what, ok) => {
    for (let i = 0; !ok(); i++) {
      assert.ok(i < 200, `${what} within 10 s`);
      await sleep(50);
    }
  };
  const cut = await upload(`${server.url}/upload`, {
    total: 200 * MiB, cutAfter: 8 * MiB, agent: false,
    beforeCut: () => waitFor('a partial file being written', () => partial().some((size) => size > 0)),
  });
  assert.ok(cut.cut);
  await waitFor('the partial upload removed', () => partial().length === 0);

  // The caveat the page shows: with Connection: close, 1.9.13 sends the headers and no body.
  await checkCommand('streaming', 'try-close', { port, cwd: scratch });

  // HTTP/1.0 closes after each answer too: the same empty body.
  const http10 = await runChecked(['curl', '-sS', '--http1.0', '-o', '/dev/null', '-w', '%{http_code} %{size_download}', `${server.url}/download?mb=1`], { label: 'curl --http1.0' });
  assert.equal(http10.stdout, '200 0');

  // A client that goes away mid-download: the producer stops (the server's CPU goes quiet) instead
  // of making the remaining gigabyte.
  const clientPort = await new Promise((resolve, reject) => {
    const req = http.get(`${server.url}/download?mb=1024`, { agent: false, headers: { connection: 'keep-alive' } }, (res) => {
      let got = 0;
      const localPort = req.socket.localPort;
      res.on('data', (c) => {
        got += c.length;
        if (got >= 8 * MiB) { req.destroy(); resolve(localPort); }
      });
    });
    req.on('error', (err) => reject(err));
  });
  // Until the server has closed its end of that connection (it has seen the client go), identified
  // by the client's port; then its CPU is measured.
  await waitForCount(() => connectionsOf(server, { remotePort: clientPort, state: 'any' }), 0, { what: 'the server\'s end of the connection the client dropped' });
  const ticks = () => { const t = cpuTicksOfGroup(pid).get(pid); return t.user + t.system; }; // user + kernel ticks
  const ticksBefore = ticks();
  await sleep(1000);
  const busy = ticks() - ticksBefore;
  assert.ok(busy <= 10, `the server used ${busy} CPU ticks in the second after its client left: still producing?`);

  // The body size limit holds for streamed bodies: 2 GiB announced is refused before any byte.
  const tooBig = await new Promise((resolve, reject) => {
    const req = http.request(`${server.url}/upload`, { method: 'POST', agent: false, headers: { 'content-length': String(2 * 1024 * MiB) } }, (res) => { res.resume(); resolve(res.statusCode); });
    req.on('error', reject);
    req.flushHeaders();
  });
  assert.equal(tooBig, 413);

  // Limits and failures of the handlers.
  assert.equal((await request(`${server.url}/download?mb=1025`)).status, 400);
  fs.rmSync(uploads, { recursive: true });
  fs.writeFileSync(uploads, 'not a folder');
  const refused = await request(`${server.url}/upload`, { method: 'POST', body: 'hello' });
  assert.equal(refused.status, 500);
  assert.match(refused.body, /^cannot create [0-9a-f-]{36}\.bin\n$/);

  // The all-at-once handler, read by a client that stalls: the whole body sits in the server.
  assert.ok(resetPeakRssOfGroup(pid), 'cannot reset VmHWM (/proc/<pid>/clear_refs)');
  const before = readPeakRssBytes(pid) / 1024;
  const all = await download(`${server.url}/download-all-at-once?mb=64`, { stallMs: 1500, agent });
  assert.equal(all.bytes, 64 * MiB);
  assert.equal(all.sha256, numberedLinesHash((64 * MiB) / 16));
  figures.allAtOnceGrowthKiB = readPeakRssBytes(pid) / 1024 - before;
  const held = await download(`${server.url}/download-all-at-once?mb=100000`, { agent });
  assert.equal(held.bytes, 64 * MiB); // a hostile size is held to 64 MiB
  assert.ok(figures.allAtOnceGrowthKiB > 60 * 1024, `all at once grew the peak RSS by ${figures.allAtOnceGrowthKiB} KiB only`);
  t.diagnostic(`streaming server VmHWM: ${JSON.stringify(figures)}`);

  await server.stop();
  assert.match(server.output(), /WARN\s+upload [0-9a-f-]{36}\.bin failed after \d+ bytes/);
  assert.match(server.output(), /Chunking Set CloseConnection/); // why try-close got no body
});
