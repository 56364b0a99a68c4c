// A TCP proxy on a loopback port that delays every chunk by a fixed time in each direction: a
// database on the same machine, with the round trip of one across a network. Bytes pass unchanged
// and in order (timers of equal delay fire in the order they were set). Runs in the test's own
// process; stop() closes the listener and every connection.
'use strict';
const net = require('node:net');
const { pickPort } = require('./processes');

/**
 * startLatencyProxy({ target, delayMs }) -> { port, stop() }. target: options of
 * net.connect ({ path } for a unix socket, or { host, port }). Each chunk reaches the other side
 * delayMs after it arrived, so a request and its answer take 2 * delayMs more.
 */
async function startLatencyProxy({ target, delayMs }) {
  if (!(delayMs >= 0)) throw new Error(`startLatencyProxy: delayMs must be a number >= 0, got ${delayMs}`);
  const port = await pickPort();
  const sockets = new Set();
  const forward = (from, to) => {
    from.on('data', (chunk) => setTimeout(() => { if (!to.destroyed) to.write(chunk); }, delayMs));
    from.on('end', () => setTimeout(() => to.end(), delayMs));
    from.on('error', () => to.destroy());
    from.on('close', () => setTimeout(() => to.destroy(), delayMs));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    for (const s of [client, upstream]) {
      s.setNoDelay(true);
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port, exclusive: true }, resolve);
  });
  return {
    port,
    stop: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

module.exports = { startLatencyProxy };
