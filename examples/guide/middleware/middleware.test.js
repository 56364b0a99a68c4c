// The middleware and filters page: the page's curl commands, in order against a fresh server, give
// expected/*.txt (the request numbers show the middleware ran on every request, the filter's 401
// passed back through it, and the handler ran only when the filter let the request through); the
// coroutine middleware and filter (timed: the refusal awaits 0.5 s without blocking the thread); and
// LocalHostFilter and IntranetIpFilter by client address, in the network namespace the page makes.
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
  // The coroutine forms: the filter's refusal took its 0.5 s timer, the key passed at once.
  const started = performance.now();
  await checkCommand('middleware', 'try-v2', { port });
  const took = performance.now() - started;
  assert.ok(took >= 480, `try-v2 took ${Math.round(took)} ms: SlowApiKeyFilter did not await its 0.5 s timer`);

  // A wrong key is refused like a missing one; the middleware still numbers the request.
  const wrong = await request(`${server.url}/private`, { headers: { 'x-api-key': 'guess' } });
  assert.equal(wrong.status, 401);
  assert.equal(wrong.headers['x-request-id'], '6');
  // The filter is only on /private.
  const open = await request(`${server.url}/public`);
  assert.equal(open.status, 200);
  assert.equal(open.body, 'Hello, request 7\n');
  // The slow filter's timer does not block the thread: while two wrong keys wait their 0.5 s,
  // another request is answered at once, and the two refusals end together, not one after the other.
  const t0 = performance.now();
  const slow = [1, 2].map(() => request(`${server.url}/v2/private`).then((r) => ({ status: r.status, ms: performance.now() - t0 })));
  const quick = await request(`${server.url}/public`);
  const quickMs = performance.now() - t0;
  const refused = await Promise.all(slow);
  assert.equal(quick.status, 200);
  assert.ok(quickMs < 400, `/public took ${Math.round(quickMs)} ms while two refusals were waiting`);
  assert.deepEqual(refused.map((r) => r.status), [401, 401]);
  assert.ok(Math.max(...refused.map((r) => r.ms)) < 950, `two refusals took ${refused.map((r) => Math.round(r.ms)).join(' and ')} ms: they waited in turn`);
  // Drogon's own filters on the built-in routes: the test's requests come from 127.0.0.1.
  for (const path of ['/local/stats', '/intranet/stats']) assert.equal((await request(`${server.url}${path}`)).status, 200, path);
});

// LocalHostFilter and IntranetIpFilter by the client's address: the page's commands start the program
// in a network namespace of their own (root only), whose loopback interface gets an intranet and a
// public address to send from.
test('LocalHostFilter and IntranetIpFilter refuse the clients the page says', { timeout: 2 * 60 * 1000 }, async (t) => {
  if (process.getuid() !== 0) {
    t.skip('needs root for unshare --net, as the page says');
    return;
  }
  const binary = await guideBinary('middleware');
  await checkCommand('middleware', 'try-builtin', { replace: { './build/middleware': binary }, timeoutMs: 60000 });
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
