'use strict';
// A deliberately wrong JSON server for the conformance tests: it forwards every request to a real
// server and, in /dbop answers, adds 1 to the first result's "fields". Everything else is passed on.
//
// As a program (for the runner, through a JSON servers file), it starts its own real backend, so no
// other server's table is touched:
//   node wrong-json-server.js --backend <binary> --backend-port <port> --port <port>
// The backend (a real JSON server binary, e.g. drogon_json_jsoncpp) runs as a child in the same
// process group, so stopping the group stops both.
const http = require('node:http');
const { spawn } = require('node:child_process');
const { parseArgs } = require('node:util');
const { httpRequest } = require('../../src/helpers/http-request');

function startWrongJsonServer(targetUrl, port) {
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      try {
        const answer = await httpRequest(targetUrl + req.url, {
          method: req.method,
          headers: { 'Content-Type': req.headers['content-type'] || 'application/json' },
          body: chunks.length ? Buffer.concat(chunks) : null,
        });
        let body = answer.body;
        if (req.url.startsWith('/dbop/') && answer.status === 200) {
          // Edited as text, so every other byte (int64 values included) stays as the real server sent it.
          body = Buffer.from(body.toString('utf8').replace(/^(.*?"results":\[\{[^}]*?"fields":)(\d+)/, (_, head, n) => head + (Number(n) + 1)));
        }
        res.writeHead(answer.status, { 'Content-Type': answer.headers['content-type'], 'Content-Length': body.length });
        res.end(body);
      } catch (err) {
        res.writeHead(502, { 'Content-Type': 'text/plain' });
        res.end(err.message);
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({
      url: `http://127.0.0.1:${port}`,
      close: () => new Promise((done) => { server.closeAllConnections(); server.close(done); }),
    }));
  });
}

async function waitForPing(url, seconds) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      const res = await httpRequest(`${url}/ping`, { timeoutMs: 500 });
      if (res.status === 200) return;
    } catch { /* not up yet */ }
    if (Date.now() > deadline) throw new Error(`backend ${url} did not answer /ping within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function main(argv) {
  const { values } = parseArgs({ args: argv, options: { backend: { type: 'string' }, 'backend-port': { type: 'string' }, port: { type: 'string' } } });
  if (!values.backend || !values['backend-port'] || !values.port) {
    throw new Error('usage: node wrong-json-server.js --backend <binary> --backend-port <port> --port <port>');
  }
  const backend = spawn(values.backend, ['--threads', '1', '--address', '127.0.0.1', '--port', values['backend-port']], { stdio: 'inherit' });
  backend.on('exit', (code, signal) => {
    console.error(`wrong-json-server: backend exited (${signal || code})`);
    process.exit(1);
  });
  const stop = () => { backend.removeAllListeners('exit'); backend.kill('SIGTERM'); process.exit(0); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  const target = `http://127.0.0.1:${values['backend-port']}`;
  await waitForPing(target, 10);
  await startWrongJsonServer(target, Number(values.port));
  console.log(`wrong-json-server: port ${values.port} -> ${target} (adds 1 to the first /dbop result's "fields")`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(`wrong-json-server: ${err.message}`);
    process.exit(1);
  });
}

module.exports = { startWrongJsonServer };
