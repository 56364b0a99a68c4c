// The HttpController page: the books API answers the page's curl commands, run in the page's order
// against one fresh server, exactly as expected/*.txt shows; plus the behaviour the page states
// about paths, conversions and methods.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { guideState, runChecked, guideBinary, pickPort, startProgram, request, requestJson, checkCommand } = require('../test-support/guide-tests');

test('the books controller answers as the page says', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('http_controller');
  const port = await pickPort();
  const server = await startProgram([binary, String(port)], { port, label: 'http_controller' });
  t.after(() => server.stop());

  // In the page's order: each step sees the books the previous ones left.
  for (const region of ['try-list', 'try-get', 'try-create', 'try-create-bad', 'try-rename', 'try-search', 'try-remove', 'try-note', 'try-review', 'try-check']) {
    await checkCommand('http-controller', region, { port });
  }

  // The class name is the path prefix, matched without regard to case.
  assert.equal((await requestJson(`${server.url}/API/V1/BOOKS/2`)).json.author, 'Scott Meyers');
  // A path segment that int cannot hold: std::stoi throws, and the default exception handler
  // answers 500 (and logs the exception).
  const notNumber = await request(`${server.url}/api/v1/books/abc`);
  assert.equal(notNumber.status, 500);
  // Without q and limit: an empty query string matches every title, and limit 0 means no limit.
  assert.equal((await requestJson(`${server.url}/search`)).json.length, 2);
  // A method no handler lists: on a path without parameters 405, on a path with parameters 404
  // (Drogon looks for a pattern that accepts the method, and finds none).
  assert.equal((await request(`${server.url}/api/v1/books`, { method: 'PATCH' })).status, 405);
  assert.equal((await request(`${server.url}/api/v1/books/2`, { method: 'PATCH' })).status, 404);
  // A JSON body without a JSON content type is not parsed: getJsonObject() is null.
  const plain = await requestJson(`${server.url}/api/v1/books`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"title":"x","author":"y"}' });
  assert.equal(plain.status, 400);
  assert.match(plain.json.error, /^expected a JSON body: /);

  // The .* of /{id}/notes/.* takes slashes, and the class path is matched ignoring case there too.
  assert.equal((await requestJson(`${server.url}/API/V1/Books/2/notes/a/b/c`)).json.note, 'a/b/c');
  // fromRequest<Review> runs before the handler: a body that is no review gets 400 even for a book
  // that does not exist; a valid review for it gets the handler's 404.
  const noBody = await requestJson(`${server.url}/api/v1/books/9/reviews`, { method: 'POST' });
  assert.equal(noBody.status, 400);
  const review = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"stars": 3, "text": "ok"}' };
  assert.equal((await requestJson(`${server.url}/api/v1/books/9/reviews`, review)).status, 404);

  // The log, flushed when the server stops (through a pipe it is buffered).
  await server.stop();
  assert.match(server.output(), /ERROR Unhandled exception in \/api\/v1\/books\/abc, what\(\): stoi/);
});

test('drogon_ctl create controller -h writes an empty HttpController in the namespaces of its name', { timeout: 60000 }, async (t) => {
  const { state } = guideState();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-ctl-h-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  await runChecked([state.drogonCtl, 'create', 'controller', '-h', 'api::v1::Books'], { cwd: dir, label: 'drogon_ctl create controller -h' });
  assert.deepEqual(fs.readdirSync(dir).sort(), ['api_v1_Books.cc', 'api_v1_Books.h']);
  const header = fs.readFileSync(path.join(dir, 'api_v1_Books.h'), 'utf8');
  assert.match(header, /namespace api\s*\{\s*namespace v1\s*\{\s*class Books : public drogon::HttpController<Books>/);
  assert.match(header, /METHOD_LIST_BEGIN[\s\S]*METHOD_LIST_END/);
});
