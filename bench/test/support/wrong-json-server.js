'use strict';
// A deliberately wrong JSON server for the conformance test: it forwards every request to a real
// server and, in /dbop answers, adds 1 to the first result's "fields". Everything else is passed on.
const http = require('node:http');
const { httpRequest } = require('../../src/http-request');

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
        res.writeHead(answer.status, { 'Content-Type': answer.headers['content-type'] });
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

module.exports = { startWrongJsonServer };
