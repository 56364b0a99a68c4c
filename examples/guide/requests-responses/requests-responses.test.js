// The requests and responses page: every curl command of the page, in order against one fresh
// server, gives expected/*.txt (status, headers, cookies, form, upload, download, redirect, static
// files, error answers). The server's document root is the chapter's public/ folder; uploads go to a
// scratch folder, where the test also checks the saved file.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { guideBinary, pickPort, startProgram, request, checkCommand, examplesDir } = require('../test-support/guide-tests');

test('requests and responses behave as the page shows', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('requests_responses');
  const port = await pickPort();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-requests-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const uploads = path.join(scratch, 'uploads');
  const work = path.join(scratch, 'work'); // where the reader runs curl (note.txt, big.bin)
  fs.mkdirSync(work);
  const server = await startProgram([binary, String(port), uploads], { port, cwd: path.join(examplesDir, 'requests-responses'), label: 'requests_responses' });
  t.after(() => server.stop());

  for (const region of ['try-status', 'try-headers', 'try-cookies', 'try-form', 'try-upload', 'try-download', 'try-redirect', 'try-static', 'try-errors']) {
    await checkCommand('requests-responses', region, { port, cwd: work });
  }

  // The upload was saved under the name the client gave, in the upload folder.
  assert.equal(fs.readFileSync(path.join(uploads, 'note.txt'), 'utf8'), 'Hello, upload!\n');
  // Download refuses names that would leave the upload folder, and missing files. (An encoded
  // slash is decoded before routing, so ..%2Fsecret matches no route at all.)
  assert.equal((await request(`${server.url}/download/..%2Fsecret`)).status, 404);
  assert.equal((await request(`${server.url}/download/.hidden`)).status, 400);
  assert.equal((await request(`${server.url}/download/missing.txt`)).status, 404);
  // Codes outside 200-599 are refused by the handler.
  assert.equal((await request(`${server.url}/status/99`)).status, 400);
  // Static files get a type from their extension.
  const html = await request(`${server.url}/index.html`);
  assert.equal(html.headers['content-type'], 'text/html; charset=utf-8');
});
