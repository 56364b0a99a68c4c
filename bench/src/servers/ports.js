'use strict';
// Is a TCP port on 127.0.0.1 free? Checked by binding it (no SO_REUSEPORT), before a server starts
// and after the run.
const net = require('node:net');
const { sleep } = require('../../../shared/src/process-group');

function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

async function waitPortFree(port, timeoutMs, host = '127.0.0.1') {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await isPortFree(port, host)) return true;
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
}

module.exports = { isPortFree, waitPortFree };
