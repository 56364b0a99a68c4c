'use strict';
// The lock-step client of the counted cases (instruction and system-call counts per request): exactly N
// requests in batches of B, on one connection at a time. A batch is one write of B requests; the next
// batch leaves only when all B answers are in. With a new connection per request (B = 1), the client
// connects, writes, reads the answer and waits for the server to close before it connects again.
// So the server sees the same sequence of events whatever the machine's speed: one readable event
// per batch, B requests in it, and the counts per request do not depend on timing the way they do
// with many connections (how many events one epoll_wait returns, how a read splits a pipeline).
// An optional pace (requests per second) spaces the batches on a clock, so a run of N and one of 2N
// last N / pace and 2N / pace: work done per second of time (timers, a runtime's background threads)
// then adds the same amount per request in every repeat instead of varying with the machine's load.
// An optional gap (milliseconds) keeps the client idle after each batch, so the server has finished
// with it (a closed connection: read the end, deregistered, closed) before the next one arrives and
// the two never reach it in one event.
const net = require('node:net');

const CRLF = '\r\n';

// The bytes of one request as the bench's load generators write them.
function requestBytes({ method, path, host, body, close }) {
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${host}`];
  if (body) lines.push('Content-Type: application/json', `Content-Length: ${body.length}`);
  if (close) lines.push('Connection: close');
  const head = Buffer.from(lines.join(CRLF) + CRLF + CRLF, 'latin1');
  return body ? Buffer.concat([head, body]) : head;
}

// Reads HTTP/1.1 answers from a stream of chunks: feed(chunk) -> number of answers completed, their
// statuses in `statuses`. Answers need a Content-Length (every server of the bench sends one).
class AnswerReader {
  constructor() {
    this.buffer = Buffer.alloc(0);
    this.statuses = [];
  }

  feed(chunk) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    let completed = 0;
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) break;
      const head = this.buffer.subarray(0, end).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (!status) throw new Error(`not an HTTP/1.1 answer: ${JSON.stringify(head.slice(0, 60))}`);
      const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
      if (!length) throw new Error(`an answer without Content-Length (status ${status[1]}): the lock-step client cannot tell where it ends`);
      const total = end + 4 + Number(length[1]);
      if (this.buffer.length < total) break;
      this.statuses.push(Number(status[1]));
      this.buffer = this.buffer.subarray(total);
      completed += 1;
    }
    return completed;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// One batch on a connection: write the batch, resolve when `count` answers are read (and, with close,
// when the server has closed the connection). Rejects on error, early close or timeout.
function exchange(socket, reader, batch, count, { close, timeoutMs }) {
  return new Promise((resolve, reject) => {
    let answered = 0;
    let ended = false;
    const timer = setTimeout(() => finish(new Error(`no complete answer within ${timeoutMs} ms (${answered} of ${count} answers)`)), timeoutMs);
    const finish = (err) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('close', onClose);
      socket.off('error', finish);
      if (err) reject(err); else resolve();
    };
    const done = () => answered === count && (!close || ended);
    const onData = (chunk) => {
      try {
        answered += reader.feed(chunk);
      } catch (err) {
        finish(err);
        return;
      }
      if (answered > count) finish(new Error(`${answered} answers to ${count} requests`));
      else if (done()) finish();
    };
    const onEnd = () => {
      ended = true;
      if (done()) finish();
      else if (answered < count) finish(new Error(`the server closed the connection after ${answered} of ${count} answers`));
    };
    const onClose = () => { if (!done()) finish(new Error(`the connection closed after ${answered} of ${count} answers`)); };
    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.on('close', onClose);
    socket.on('error', finish);
    socket.write(batch);
  });
}

function connect(host, port, timeoutMs) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, noDelay: true });
    const timer = setTimeout(() => socket.destroy(new Error(`could not connect within ${timeoutMs} ms`)), timeoutMs);
    socket.once('connect', () => { clearTimeout(timer); socket.off('error', reject); resolve(socket); });
    socket.once('error', (err) => { clearTimeout(timer); reject(err); });
  });
}

/**
 * Sends exactly `requests` requests to url. options: { batch (B, default 1), newConnection (one
 * connection per request: B must be 1), method, body (Buffer), pace (requests per second, 0 = as fast
 * as the answers come), gapMs (idle time after each batch), timeoutMs (per batch) }. Resolves { requests, batches, seconds, status2xx,
 * non2xx, late (batches that left after their time on the pace's clock) }; rejects naming what went wrong.
 */
async function runLockstep(url, { requests, batch = 1, newConnection = false, method = 'GET', body = null, pace = 0, gapMs = 0, timeoutMs = 30000 }) {
  const { hostname, port, pathname, search } = new URL(url);
  if (!Number.isInteger(requests) || requests < 1) throw new Error(`requests must be a whole number >= 1, got ${requests}`);
  if (!Number.isInteger(batch) || batch < 1) throw new Error(`batch must be a whole number >= 1, got ${batch}`);
  if (requests % batch !== 0) throw new Error(`requests (${requests}) must be a multiple of the batch (${batch})`);
  if (newConnection && batch !== 1) throw new Error('a new connection per request sends one request per connection (batch 1)');
  const one = requestBytes({ method, path: `${pathname}${search}`, host: `${hostname}:${port}`, body, close: newConnection });
  const bytes = Buffer.concat(Array(batch).fill(one));
  const reader = new AnswerReader();
  const batches = requests / batch;
  const started = process.hrtime.bigint();
  const elapsedMs = () => Number(process.hrtime.bigint() - started) / 1e6;
  let late = 0;
  let socket = null;
  let lastDoneMs = -Infinity;
  try {
    for (let k = 0; k < batches; k++) {
      const dueMs = pace > 0 ? (k * batch * 1000) / pace : 0;
      if (pace > 0 && k > 0 && elapsedMs() > dueMs + 1) late += 1;
      const wait = Math.max(dueMs, lastDoneMs + gapMs) - elapsedMs();
      if (wait > 0) await sleep(wait);
      if (!socket) socket = await connect(hostname, Number(port), timeoutMs);
      await exchange(socket, reader, bytes, batch, { close: newConnection, timeoutMs });
      if (newConnection) {
        socket.destroy();
        socket = null;
      }
      lastDoneMs = elapsedMs();
    }
  } finally {
    if (socket) socket.destroy();
  }
  const status2xx = reader.statuses.filter((s) => s >= 200 && s < 300).length;
  return { requests, batches, seconds: elapsedMs() / 1000, status2xx, non2xx: reader.statuses.length - status2xx, late };
}

module.exports = { runLockstep, requestBytes };
