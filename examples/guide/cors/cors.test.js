// The CORS page: the requests a browser sends (Origin; OPTIONS preflights with
// Access-Control-Request-Method/-Headers) get the answers the page shows, with every
// Access-Control-* header checked, on the middleware route, the HttpOptionsMiddleware route and the
// route without CORS code. Then a real browser (Debian's Chromium) calls the API from a page of an
// allowed origin and of a refused one, with credentials, and gets what the page says it gets.
// Why Vary: Origin belongs on refusals too is checked with a real shared cache: nginx's proxy_cache
// in front of the program, once honouring Vary and once ignoring it (an answer without Vary).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { guideBinary, pickPort, startProgram, request, checkCommand, runChecked, scratchDir } = require('../test-support/guide-tests');
const { launchBrowser } = require('../../../docs/test/support/browser');

const ALLOWED = 'http://localhost:5173'; // the program's default allowed origin, as on the page
const OTHER = 'https://evil.example';

// Every access-control-* header of an answer (and Vary, X-Cors-Error), as an object.
function corsHeaders(res) {
  return Object.fromEntries(Object.entries(res.headers).filter(([k]) => /^(access-control-|vary$|x-cors-error$)/.test(k)).sort());
}
const preflight = (origin, method, headers) => ({
  method: 'OPTIONS',
  headers: { origin, 'access-control-request-method': method, ...(headers ? { 'access-control-request-headers': headers } : {}) },
});

test('CORS answers carry exactly the Access-Control-* headers the page shows', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('cors_example');
  const port = await pickPort();
  const server = await startProgram([binary, String(port)], { port, label: 'cors_example' });
  t.after(() => server.stop());
  const u = server.url;

  for (const region of ['try-preflight', 'try-post', 'try-refused', 'try-v2', 'try-v2-count', 'try-default']) await checkCommand('cors', region, { port }); // headers compared as a set: their order changes from run to run

  // The middleware route, every kind of request a browser sends.
  const mw = {
    preflight: { 'access-control-allow-origin': ALLOWED, 'access-control-allow-credentials': 'true', 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'Content-Type', 'access-control-max-age': '600', vary: 'Origin' },
    answer: { 'access-control-allow-origin': ALLOWED, 'access-control-allow-credentials': 'true', 'access-control-expose-headers': 'X-Note-Count', vary: 'Origin' },
    refused: { vary: 'Origin' },
  };
  const cases = [
    ['preflight, allowed origin, GET', preflight(ALLOWED, 'GET'), 204, mw.preflight],
    ['preflight, allowed origin, POST + content-type', preflight(ALLOWED, 'POST', 'content-type'), 204, mw.preflight],
    ['preflight, other origin', preflight(OTHER, 'POST', 'content-type'), 403, mw.refused],
    ['preflight, origin null', preflight('null', 'GET'), 403, mw.refused],
    ['preflight, allowed origin in another case', preflight(ALLOWED.toUpperCase(), 'GET'), 403, mw.refused],
    ['preflight, allowed host on another port', preflight('http://localhost:5174', 'GET'), 403, mw.refused],
    ['preflight, allowed host with https', preflight('https://localhost:5173', 'GET'), 403, mw.refused],
    ['plain OPTIONS', { method: 'OPTIONS' }, 204, mw.refused],
    ['GET, allowed origin', { headers: { origin: ALLOWED } }, 200, mw.answer],
    ['GET, other origin', { headers: { origin: OTHER } }, 200, mw.refused],
    ['GET, no origin (same-origin or not a browser)', {}, 200, mw.refused],
    ['POST bad JSON, allowed origin: errors carry the headers too', { method: 'POST', headers: { origin: ALLOWED, 'content-type': 'application/json' }, body: '{' }, 400, mw.answer],
  ];
  for (const [what, options, status, headers] of cases) {
    const res = await request(`${u}/api/notes`, options);
    assert.equal(res.status, status, `/api/notes ${what}`);
    assert.deepEqual(corsHeaders(res), headers, `/api/notes ${what}`);
  }
  assert.equal((await request(`${u}/api/notes`, { method: 'OPTIONS' })).headers.allow, 'GET, POST, OPTIONS');

  // The HttpOptionsMiddleware route (1.9.13's newOptionsResponse and addCorsHeaders).
  const methods = 'OPTIONS,GET,HEAD,POST';
  const v2 = [
    ['preflight, allowed origin, POST + content-type', preflight(ALLOWED, 'POST', 'content-type'), 204,
      { 'access-control-allow-origin': ALLOWED, 'access-control-allow-credentials': 'true', 'access-control-allow-methods': methods, 'access-control-allow-headers': 'content-type', 'access-control-max-age': '600', vary: 'Origin' }],
    ['preflight, other origin', preflight(OTHER, 'POST'), 403, { vary: 'Origin', 'x-cors-error': 'origin not allowed' }],
    ['preflight, origin null', preflight('null', 'GET'), 403, { vary: 'Origin', 'x-cors-error': 'null Origin not allowed' }],
    ['preflight, a header not allowed', preflight(ALLOWED, 'POST', 'content-type, x-secret'), 403,
      { 'access-control-allow-origin': ALLOWED, 'access-control-allow-methods': methods, 'access-control-allow-headers': 'content-type', vary: 'Origin', 'x-cors-error': 'disallowed header: x-secret' }],
    ['preflight, a method not allowed', preflight(ALLOWED, 'DELETE'), 405,
      { 'access-control-allow-origin': ALLOWED, 'access-control-allow-methods': methods, vary: 'Origin', 'x-cors-error': 'method not allowed: DELETE' }],
    ['plain OPTIONS', { method: 'OPTIONS' }, 204, { vary: 'Origin' }],
    ['GET, allowed origin', { headers: { origin: ALLOWED } }, 200,
      { 'access-control-allow-origin': ALLOWED, 'access-control-allow-credentials': 'true', 'access-control-expose-headers': 'X-Note-Count', vary: 'Origin' }],
    ['GET, other origin: no permission, but Vary', { headers: { origin: OTHER } }, 200, { vary: 'Origin' }],
    ['GET, no origin: Vary too', {}, 200, { vary: 'Origin' }],
  ];
  for (const [what, options, status, headers] of v2) {
    const res = await request(`${u}/v2/notes`, options);
    assert.equal(res.status, status, `/v2/notes ${what}`);
    assert.deepEqual(corsHeaders(res), headers, `/v2/notes ${what}`);
    if (options.method === 'OPTIONS') assert.equal(res.headers['cache-control'], 'no-store', `/v2/notes ${what}`);
  }
  assert.equal((await request(`${u}/v2/notes`, { method: 'OPTIONS' })).headers.allow, methods);

  // addCorsHeaders(req) with its defaults: the origin and Vary, no credentials, nothing exposed.
  for (const [what, headers, want] of [
    ['allowed origin', { origin: ALLOWED }, { 'access-control-allow-origin': ALLOWED, vary: 'Origin' }],
    ['other origin', { origin: OTHER }, { vary: 'Origin' }],
    ['no origin', {}, { vary: 'Origin' }],
  ]) {
    const res = await request(`${u}/v2/count`, { headers });
    assert.equal(res.status, 200, `/v2/count ${what}`);
    assert.deepEqual(corsHeaders(res), want, `/v2/count ${what}`);
  }

  await checkSharedCache(t, port);

  // A route that does not list Options: the preflight never reaches the middleware.
  const without = await request(`${u}/api/notes-without-options`, preflight(ALLOWED, 'POST', 'content-type'));
  assert.equal(without.status, 403);
  assert.deepEqual(corsHeaders(without), {});

  // No CORS code: Drogon answers any origin's preflight itself, and adds nothing to the answer.
  const open = await request(`${u}/open`, preflight(OTHER, 'PUT', 'x-anything'));
  assert.equal(open.status, 200);
  assert.deepEqual(corsHeaders(open), { 'access-control-allow-origin': OTHER, 'access-control-allow-methods': methods, 'access-control-allow-headers': 'x-anything' });
  assert.deepEqual(corsHeaders(await request(`${u}/open`, { headers: { origin: ALLOWED } })), {});

  // CORS keeps answers from pages; it does not stop the server: a refused origin's simple POST
  // (one a browser sends without a preflight) is carried out.
  const before = JSON.parse((await request(`${u}/api/notes`)).body).length;
  const simple = await request(`${u}/api/notes`, { method: 'POST', headers: { origin: OTHER, 'content-type': 'application/json' }, body: '{"text": "from elsewhere"}' });
  assert.equal(simple.status, 201);
  assert.deepEqual(corsHeaders(simple), mw.refused);
  assert.equal(JSON.parse((await request(`${u}/api/notes`)).body).length, before + 1);
});

// nginx with a shared cache in front of the program: /v2/ as the program answers, /no-vary/ the same
// answers with their Vary ignored. A refused origin asks first, then the allowed one.
async function checkSharedCache(t, appPort) {
  const scratch = scratchDir(t, 'guide-cors-cache-');
  fs.chmodSync(scratch, 0o755); // nginx's worker (nobody, when the test runs as root) writes the cache
  const nginxPort = await pickPort();
  // Each location has a cache of its own (their answers come from the same upstream URI).
  const cached = (zone, extra) => [
    `        proxy_pass http://127.0.0.1:${appPort}/v2/;`,
    `        proxy_cache ${zone};`,
    '        proxy_cache_valid 200 1m;',
    '        add_header X-Cache $upstream_cache_status;',
    ...extra,
  ];
  fs.writeFileSync(path.join(scratch, 'nginx.conf'), [
    'daemon off;',
    'worker_processes 1;',
    `pid ${scratch}/nginx.pid;`,
    `error_log ${scratch}/error.log warn;`,
    'events { worker_connections 64; }',
    'http {',
    '    access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `    ${k}_temp_path ${scratch}/${k}_temp;`),
    `    proxy_cache_path ${scratch}/cache keys_zone=api:1m;`,
    `    proxy_cache_path ${scratch}/cache-no-vary keys_zone=novary:1m;`,
    '    server {',
    `        listen 127.0.0.1:${nginxPort};`,
    '        location /v2/ {',
    ...cached('api', []).map((l) => `    ${l}`),
    '        }',
    '        location /no-vary/ {',
    ...cached('novary', ['        proxy_ignore_headers Vary;']).map((l) => `    ${l}`),
    '        }',
    '    }',
    '}',
  ].join('\n') + '\n');
  const argv = ['/usr/sbin/nginx', '-p', scratch, '-c', path.join(scratch, 'nginx.conf')];
  await runChecked([...argv, '-t'], { label: 'nginx -t' });
  const nginx = await startProgram(argv, { port: nginxPort, cwd: scratch, label: 'nginx (cache)' });
  t.after(() => nginx.stop());
  const ask = (prefix, origin) => request(`http://127.0.0.1:${nginxPort}/${prefix}/count`, { headers: { origin } });

  // With Vary: Origin, the cache keeps one answer per origin: the allowed origin gets its own.
  const refused = await ask('v2', OTHER);
  assert.equal(refused.headers['x-cache'], 'MISS');
  assert.equal(refused.headers['access-control-allow-origin'], undefined);
  const allowed = await ask('v2', ALLOWED);
  assert.equal(allowed.headers['x-cache'], 'MISS', 'another origin: not the cached answer');
  assert.equal(allowed.headers['access-control-allow-origin'], ALLOWED);
  assert.equal((await ask('v2', ALLOWED)).headers['x-cache'], 'HIT');
  // Without it, the allowed origin gets the refusal that was cached first: no permission, so the
  // browser would keep the answer from the allowed page.
  assert.equal((await ask('no-vary', OTHER)).headers['x-cache'], 'MISS');
  const wrong = await ask('no-vary', ALLOWED);
  assert.equal(wrong.headers['x-cache'], 'HIT');
  assert.equal(wrong.headers['access-control-allow-origin'], undefined);
  await nginx.stop();
}

test('a real browser may call the API from the allowed origin only', { timeout: 120000 }, async (t) => {
  const binary = await guideBinary('cors_example');
  const [apiPort, frontPort] = [await pickPort(), await pickPort()];
  // The front end: an empty page, reached as http://localhost:<port> (allowed) and as
  // http://127.0.0.1:<port> (another origin: same server, other host name).
  const front = http.createServer((req, res) => { res.setHeader('content-type', 'text/html'); res.end('<!doctype html><title>front</title>'); });
  await new Promise((resolve) => front.listen(frontPort, '127.0.0.1', resolve));
  t.after(() => new Promise((resolve) => { front.close(resolve); front.closeAllConnections(); }));
  const allowedOrigin = `http://localhost:${frontPort}`;
  const server = await startProgram([binary, String(apiPort), allowedOrigin], { port: apiPort, label: 'cors_example' });
  t.after(() => server.stop());
  const browser = await launchBrowser();
  t.after(() => browser.close());
  const page = await browser.newPage();
  const api = `http://127.0.0.1:${apiPort}`;

  // fetch() in the page, with credentials; resolves to what the page's script can see.
  const call = (path, { post } = {}) => page.evaluate(async ({ url, post }) => {
    try {
      const r = await fetch(url, post === undefined ? { credentials: 'include' } : {
        method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: post }),
      });
      return { status: r.status, count: r.headers.get('x-note-count'), body: await r.json() };
    } catch (e) {
      return { blocked: String(e) };
    }
  }, { url: `${api}${path}`, post });
  const notes = async () => JSON.parse((await request(`${api}/api/notes`)).body);

  for (const route of ['/api/notes', '/v2/notes']) {
    await page.goto(`${allowedOrigin}/`);
    const posted = await call(route, { post: `from the front end via ${route}` });
    assert.equal(posted.status, 201, `${route}: ${JSON.stringify(posted)}`); // the preflight let it through
    const listed = await call(route);
    assert.equal(listed.status, 200);
    assert.equal(listed.count, String(listed.body.length)); // an exposed header: readable
    assert.ok(listed.body.includes(`from the front end via ${route}`));

    await page.goto(`http://127.0.0.1:${frontPort}/`);
    const count = (await notes()).length;
    assert.match((await call(route)).blocked || 'not blocked', /TypeError: Failed to fetch/, `${route}: a page of another origin read the answer`);
    assert.match((await call(route, { post: 'sneaky' })).blocked || 'not blocked', /TypeError: Failed to fetch/);
    assert.equal((await notes()).length, count, `${route}: the refused preflight did not stop the POST`);
  }

  // The route without CORS code: Drogon passes the preflight, but the answer has no
  // Access-Control-Allow-Origin, so even the allowed origin's page cannot read it.
  await page.goto(`${allowedOrigin}/`);
  const open = await page.evaluate(async (url) => fetch(url).then((r) => `read ${r.status}`, (e) => String(e)), `${api}/open`);
  assert.match(open, /TypeError: Failed to fetch/);
});
