'use strict';
// The lock-step client of the counted cases against a real TCP server on loopback that answers HTTP/1.1
// and records what arrives: one write per batch, B requests in it, the next batch only after the
// answers; one connection per request with --new-connection; a pace on a clock; and the errors a
// counted window must not hide (an error status, an answer it cannot delimit, a server that closes).
// Covers: bench/src/lockstep-client.js
const test = require('node:test');
const assert = require('node:assert/strict');
const net = require('node:net');
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { runLockstep, requestBytes } = require('../../src/measure/lockstep');

const BODY = '<p>Hello, world!</p>';
const answer = (status = 200, { length = true, close = false } = {}) => `HTTP/1.1 ${status} OK\r\n${length ? `Content-Length: ${BODY.length}\r\n` : ''}${close ? 'Connection: close\r\n' : ''}\r\n${BODY}`;

// A server that answers every complete request (by its blank line, or its Content-Length body) with
// `respond(n)`, and records the connections and, per connection, how many requests each read held.
async function recordingServer(t, respond = () => answer()) {
  const seen = { connections: 0, reads: [], requests: 0 };
  const server = net.createServer((socket) => {
    seen.connections += 1;
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      let inThisRead = 0;
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) break;
        const length = Number(/content-length: (\d+)/i.exec(buffer.slice(0, end))?.[1] ?? 0);
        if (buffer.length < end + 4 + length) break;
        const head = buffer.slice(0, end);
        buffer = buffer.slice(end + 4 + length);
        inThisRead += 1;
        seen.requests += 1;
        const reply = respond(seen.requests, head);
        if (reply === null) { socket.destroy(); return; }
        socket.write(reply);
        if (/connection: close/i.test(head)) socket.end();
      }
      if (inThisRead) seen.reads.push(inThisRead);
    });
    socket.on('error', () => {});
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  return { url: `http://127.0.0.1:${server.address().port}/benchmark`, seen };
}

test('batches of 16 on one keep-alive connection: one write per batch, all 16 requests in it', async (t) => {
  const { url, seen } = await recordingServer(t);
  const result = await runLockstep(url, { requests: 64, batch: 16 });
  assert.deepEqual([result.requests, result.batches, result.status2xx, result.non2xx], [64, 4, 64, 0]);
  assert.equal(seen.connections, 1);
  assert.deepEqual(seen.reads, [16, 16, 16, 16]);
});

test('a new connection per request: N connections, each asked to close and closed by the server', async (t) => {
  const { url, seen } = await recordingServer(t, () => answer(200, { close: true }));
  const result = await runLockstep(url, { requests: 5, newConnection: true, gapMs: 1 });
  assert.equal(result.status2xx, 5);
  assert.equal(seen.connections, 5);
  assert.deepEqual(seen.reads, [1, 1, 1, 1, 1]);
  assert.deepEqual(requestBytes({ method: 'GET', path: '/x', host: 'h:1', body: null, close: true }).toString(), 'GET /x HTTP/1.1\r\nHost: h:1\r\nConnection: close\r\n\r\n');
});

test('a pace spaces the batches on a clock: N requests at R per second take about N / R seconds', async (t) => {
  const { url } = await recordingServer(t);
  const result = await runLockstep(url, { requests: 20, pace: 200 });
  assert.ok(result.seconds >= 0.09, `20 requests at 200/s took ${result.seconds} s`);
});

test('a POST body is sent with its length, and every request of a batch carries it', async (t) => {
  const heads = [];
  const { url, seen } = await recordingServer(t, (n, head) => { heads.push(head); return answer(); });
  await runLockstep(url, { requests: 4, batch: 2, method: 'POST', body: Buffer.from('{"a":1}') });
  assert.equal(seen.requests, 4);
  assert.ok(heads.every((h) => /^POST \/benchmark HTTP\/1\.1\r\n/.test(h) && /Content-Length: 7/.test(h)));
});

test('errors: non-2xx answers are counted, an answer without Content-Length or a server that closes early fails, options are checked', async (t) => {
  const statuses = await recordingServer(t, (n) => answer(n % 2 ? 200 : 404));
  assert.deepEqual(await runLockstep(statuses.url, { requests: 4 }).then((r) => [r.status2xx, r.non2xx]), [2, 2]);
  const noLength = await recordingServer(t, () => answer(200, { length: false }));
  await assert.rejects(runLockstep(noLength.url, { requests: 1, timeoutMs: 2000 }), /an answer without Content-Length/);
  const closes = await recordingServer(t, (n) => (n === 2 ? null : answer()));
  await assert.rejects(runLockstep(closes.url, { requests: 3, timeoutMs: 2000 }), /closed the connection after 0 of 1 answers|connection closed after 0 of 1 answers|ECONNRESET/);
  await assert.rejects(runLockstep(closes.url, { requests: 10, batch: 16 }), /requests \(10\) must be a multiple of the batch \(16\)/);
  await assert.rejects(runLockstep(closes.url, { requests: 2, batch: 2, newConnection: true }), /one request per connection/);
});

test('the command line (the runner\'s counted windows use it against the real servers): a bad option exits 2 naming it, a refused connection exits 1', () => {
  const client = join(__dirname, '..', '..', 'src', 'lockstep-client.js');
  const bad = spawnSync(process.execPath, [client, '--requests', 'x', 'http://127.0.0.1:1/'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--requests must be a whole number, got "x"/);
  const refused = spawnSync(process.execPath, [client, '--requests', '1', 'http://127.0.0.1:1/'], { encoding: 'utf8' });
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /ECONNREFUSED/);
});
