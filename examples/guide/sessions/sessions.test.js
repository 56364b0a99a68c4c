// The sessions page: the page's curl commands (a cookie jar as the client's memory) give
// expected/*.txt in order against a fresh server; the session id is random and compared as <id>.
// Plus what the page states about the cookie: HttpOnly, Path=/, a new id at login.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { guideBinary, pickPort, startProgram, request, checkCommand } = require('../test-support/guide-tests');

const sessionId = [/JSESSIONID=[0-9a-f-]{36}/g, 'JSESSIONID=<id>'];

test('a session remembers the user between requests, as the page shows', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('sessions');
  const port = await pickPort();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-sessions-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const server = await startProgram([binary, String(port)], { port, label: 'sessions' });
  t.after(() => server.stop());

  for (const region of ['try-first', 'try-login', 'try-other-client', 'try-logout']) {
    await checkCommand('sessions', region, { port, cwd: scratch, masks: [sessionId] });
  }

  // The cookie: a fresh id for a client without one; a new id at login, kept afterwards.
  const first = await request(`${server.url}/me`);
  const cookie = (res) => /^JSESSIONID=([0-9a-f-]{36}); Path=\/; HttpOnly$/.exec(res.headers['set-cookie']?.[0] || '')?.[1];
  const before = cookie(first);
  assert.ok(before, `no session cookie: ${JSON.stringify(first.headers['set-cookie'])}`);
  const login = await request(`${server.url}/login`, { method: 'POST', headers: { cookie: `JSESSIONID=${before}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'user=bob' });
  const after = cookie(login);
  assert.ok(after && after !== before, 'the login did not give a new session id');
  const me = await request(`${server.url}/me`, { headers: { cookie: `JSESSIONID=${after}` } });
  assert.equal(me.body, 'bob, visit 1\n');
  assert.equal(me.headers['set-cookie'], undefined, 'a known session gets no new cookie');
  // Right after the change the old id still reaches the same session: Drogon keeps the old slot for
  // 10 seconds, for requests that left the client before it had the new cookie.
  const old = await request(`${server.url}/me`, { headers: { cookie: `JSESSIONID=${before}` } });
  assert.equal(old.body, 'bob, visit 2\n');
  // Stopped (SIGTERM) within those 10 seconds, it leaves with status 0 (main()'s quick_exit), not the
  // segmentation fault of Drogon 1.9.13 destroying the session map with the old id's task pending.
  await server.stop();
  const exit = await server.exited;
  assert.ok(exit.code === 0 && !exit.signal, `the program's exit: ${JSON.stringify(exit)}`);
});
