// Step 6 (HTML pages): the page's curl commands (forms with their CSRF token, escaped text, the
// Content-Security-Policy header), then SQL injection through every input the application reads,
// JSON, query, path, form and cookie alike: refused or stored as text, and the tables intact.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const guide = require('../../guide/test-support/guide-tests');
const { readerFolder, startStep, migrate, checkStepRegion } = require('../test-support/tutorial-tests');

const STEP = '06-html-pages';
const TOKEN = [/(name="csrf_token" value=")[^"]{32}/g, '$1<random token>'];
const INJECTION = "x'); DROP TABLE books; --";

test('step 6: the pages, their forms and their refusals', { timeout: 30 * 60 * 1000 }, async (t) => {
  const dir = await readerFolder(t, STEP, { port: 0 });
  await migrate(STEP, dir);
  const { port } = await startStep(t, STEP, { dir });
  for (const region of ['try-redirect', 'try-form', 'try-signup', 'try-add', 'try-forged', 'try-headers']) {
    await checkStepRegion(STEP, region, { port, cwd: dir, masks: [TOKEN] });
  }
  const { stdout } = await guide.runChecked(['sqlite3', 'readinglist.db', "SELECT count(*) FROM books WHERE title = 'Forged'"], { cwd: dir });
  assert.equal(stdout.trim(), '0', 'a forged form added a book');
});

test('step 6: SQL injection through every input is refused or stored as text', { timeout: 30 * 60 * 1000 }, async (t) => {
  const dir = await readerFolder(t, STEP, { port: 0 });
  await migrate(STEP, dir);
  const { port } = await startStep(t, STEP, { dir });
  const base = `http://127.0.0.1:${port}`;
  const json = (body) => ({ 'Content-Type': 'application/json', body: JSON.stringify(body) });
  const send = async (method, url, { cookie, headers = {}, body } = {}) => guide.request(`${base}${url}`, { method, headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) }, body });
  const signup = await send('POST', '/api/signup', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'ann', password: 'correct horse battery' }) });
  assert.equal(signup.status, 201);
  const cookie = signup.headers['set-cookie'][0].split(';')[0];
  const post = (url, body) => { const { body: b, ...h } = json(body); return send('POST', url, { cookie, headers: h, body: b }); };
  // JSON fields: stored as text, or refused with 400.
  assert.equal((await post('/api/books', { title: INJECTION, author: INJECTION })).status, 201);
  assert.equal((await post('/api/books', { title: 'ok', status: INJECTION })).status, 400);
  // Query and path.
  assert.equal((await send('GET', `/api/books?status=${encodeURIComponent(`done' OR '1'='1`)}`, { cookie })).status, 400);
  assert.equal((await send('GET', `/api/books/${encodeURIComponent('1 OR 1=1')}`, { cookie })).status, 404);
  assert.equal((await send('DELETE', `/api/books/${encodeURIComponent('1; DROP TABLE books')}`, { cookie })).status, 404);
  // Account fields: a name outside its alphabet is refused; a password is only ever hashed.
  assert.equal((await send('POST', '/api/signin', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: "ann' --", password: 'whatever it is' }) })).status, 400);
  assert.equal((await send('POST', '/api/signin', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'ann', password: `${INJECTION} OR 1=1` }) })).status, 401);
  // Form fields, with the session's CSRF token; the token and the cookie themselves.
  const page = await send('GET', '/books', { cookie });
  const token = /name="csrf_token" value="([^"]+)"/.exec(page.body)[1];
  const form = (url, fields) => send('POST', url, { cookie, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  assert.equal((await form('/books', { csrf_token: token, title: INJECTION, author: INJECTION })).status, 303);
  assert.equal((await form('/books/1/status', { csrf_token: token, status: INJECTION })).status, 400);
  assert.equal((await form(`/books/${encodeURIComponent("1' OR '1'='1")}/delete`, { csrf_token: token })).status, 404);
  assert.equal((await form('/books', { csrf_token: `${token}' OR '1'='1`, title: 'x' })).status, 403);
  assert.equal((await send('GET', '/api/me', { cookie: `session=${encodeURIComponent("x' OR '1'='1")}` })).status, 401);
  // The text came back as it was sent, escaped on the page; every table is there.
  const list = JSON.parse((await send('GET', '/api/books', { cookie })).body);
  assert.deepEqual(list.map((b) => [b.title, b.author]), [[INJECTION, INJECTION], [INJECTION, INJECTION]]);
  assert.ok((await send('GET', '/books', { cookie })).body.includes("<td>x'); DROP TABLE books; -- by x'); DROP TABLE books; --</td>"));
  const { stdout } = await guide.runChecked(['sqlite3', 'readinglist.db', "SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name)"], { cwd: dir });
  assert.equal(stdout.trim(), 'books sqlite_sequence users');
});
