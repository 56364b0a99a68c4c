// The views page: drogon_ctl turns the page's CSP file into a C++ class; the example renders it as
// the page shows, escapes what the client sent, and renders a view inside a layout.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { guideState, guideBinary, pickPort, startProgram, runChecked, request, exampleRegion, checkCommand, examplesDir } = require('../test-support/guide-tests');

test('drogon_ctl create view makes a C++ class of the CSP file', { timeout: 60000 }, async (t) => {
  const { state } = guideState();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-view-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'views'));
  fs.copyFileSync(path.join(examplesDir, 'views', 'views', 'BookList.csp'), path.join(dir, 'views', 'BookList.csp'));
  const env = { ...process.env, PATH: `${path.dirname(state.drogonCtl)}:${process.env.PATH}` };
  await runChecked(['bash', '-c', exampleRegion('views/commands.sh', 'create')], { cwd: dir, env, label: 'drogon_ctl create view' });
  assert.deepEqual(fs.readdirSync(path.join(dir, 'by-hand')).sort(), ['BookList.cc', 'BookList.h']);
  assert.match(fs.readFileSync(path.join(dir, 'by-hand', 'BookList.h'), 'utf8'), /class BookList:public drogon::DrTemplate<BookList>/);
});

test('the view renders the page\'s HTML, escaping the visitor\'s name', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('views_example');
  const port = await pickPort();
  const server = await startProgram([binary, String(port)], { port, label: 'views_example' });
  t.after(() => server.stop());
  await checkCommand('views', 'try-page', { port });
  await checkCommand('views', 'try-escaped', { port });
  // BookPage inside Layout: the layout's [[ ]] is the page's text, and the layout sees its data.
  await checkCommand('views', 'try-layout', { port });
  assert.equal((await request(`${server.url}/books/9`)).status, 404);
  const page = await request(`${server.url}/books`);
  assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
  assert.match(page.body, /<p>Hello, stranger\. There are 3 books:<\/p>/);
});
