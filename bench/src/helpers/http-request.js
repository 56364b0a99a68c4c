'use strict';
// One HTTP request on a fresh connection, with a time limit; the answer's body as a Buffer.
// For checks before load (conformance, hostile bodies), never for load itself.
const http = require('node:http');

function httpRequest(url, { method = 'GET', headers = {}, body = null, timeoutMs = 5000 } = {}) {
  return new Promise((resolve, reject) => {
    const allHeaders = { ...headers };
    if (body !== null) allHeaders['Content-Length'] = String(body.length);
    const req = http.request(url, { method, headers: allHeaders, agent: false, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    // A server may answer and close before reading a large body: the answer still counts.
    req.on('socket', (socket) => socket.on('error', () => {}));
    req.end(body === null ? undefined : body);
  });
}

module.exports = { httpRequest };
