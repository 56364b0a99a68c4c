// The middleware and filters page: the page's curl commands, in order against a fresh server, give
// expected/*.txt (the request numbers show the middleware ran on every request, the filter's 401
// passed back through it, and the handler ran only when the filter let the request through).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { guideBinary, pickPort, startProgram, request, checkCommand } = require('../test-support/guide-tests');

test('the middleware and the filter act as the page says', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('middleware');
  const port = await pickPort();
  const server = await startProgram([binary, String(port)], { port, label: 'middleware' });
  t.after(() => server.stop());

  await checkCommand('middleware', 'try-public', { port });
  await checkCommand('middleware', 'try-private', { port });

  // A wrong key is refused like a missing one; the middleware still numbers the request.
  const wrong = await request(`${server.url}/private`, { headers: { 'x-api-key': 'guess' } });
  assert.equal(wrong.status, 401);
  assert.equal(wrong.headers['x-request-id'], '4');
  // The filter is only on /private.
  const open = await request(`${server.url}/public`);
  assert.equal(open.status, 200);
  assert.equal(open.body, 'Hello, request 5\n');
});

test('drogon_ctl create filter writes an empty HttpFilter', { timeout: 60000 }, async (t) => {
  const fs = require('node:fs');
  const os = require('node:os');
  const path = require('node:path');
  const { guideState, runChecked } = require('../test-support/guide-tests');
  const { state } = guideState();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-ctl-filter-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  await runChecked([state.drogonCtl, 'create', 'filter', 'ApiKeyFilter'], { cwd: dir, label: 'drogon_ctl create filter' });
  const header = fs.readFileSync(path.join(dir, 'ApiKeyFilter.h'), 'utf8');
  assert.match(header, /class ApiKeyFilter : public HttpFilter<ApiKeyFilter>/);
  assert.match(header, /void doFilter\(/);
});
