// Real HTTP requests to a program of the guide (node:http, no client-side magic): every header as
// received (set-cookie as a list), the body as text.
'use strict';
const http = require('node:http');

/**
 * request(url, { method, headers, body, timeoutMs }) -> { status, statusText, headers, rawHeaders, body }.
 * body: string or Buffer. Bounded by timeoutMs.
 */
function request(url, { method = 'GET', headers = {}, body, timeoutMs = 15000 } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers }, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({
        status: res.statusCode,
        statusText: res.statusMessage,
        headers: res.headers,
        rawHeaders: res.rawHeaders,
        body: Buffer.concat(chunks).toString('utf8'),
        bytes: Buffer.concat(chunks),
      }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${url}: no answer within ${timeoutMs / 1000} s`)));
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** request() with a JSON body; the answer's body parsed as JSON (fails naming the body if it is not). */
async function requestJson(url, options = {}) {
  const res = await request(url, options);
  try {
    res.json = JSON.parse(res.body);
  } catch {
    throw new Error(`${options.method || 'GET'} ${url}: answer ${res.status} is not JSON: ${JSON.stringify(res.body.slice(0, 200))}`);
  }
  return res;
}

module.exports = { request, requestJson };
