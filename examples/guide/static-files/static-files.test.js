// The static files page: the example server, configured in code and, the same way, by config.json,
// answers every request of the page as expected/*.txt shows, and each header and status the page
// names is checked here against the real server: cache headers, Last-Modified and 304, no ETag,
// ranges (206, only the first of several, 416), MIME types, the location, 403 and the custom 404, and
// the in-memory cache that keeps serving a file's old content after an edit.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const { guideBinary, pickPort, startProgram, request, checkCommand, exampleRegion, examplesDir } = require('../test-support/guide-tests');

const chapterDir = path.join(examplesDir, 'static-files');
const letters = 'abcdefghijklmnopqrstuvwxyz\n';

// last-modified is the time the test copied the files (checkCommand compares header lines as a set).
const masks = [[/^last-modified: .*$/gim, 'last-modified: <the file\'s time>']];

// A GET with the path sent as written: a URL string would have its dot segments removed first.
function rawGet(port, rawPath) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: rawPath, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.setTimeout(15000, () => req.destroy(new Error(`GET ${rawPath}: no answer within 15 s`)));
    req.on('error', reject);
  });
}

// A copy of the chapter's public/ folder (the test edits a file in it) and of config.json.
function scratchCopy(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-static-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.cpSync(path.join(chapterDir, 'public'), path.join(dir, 'public'), { recursive: true });
  fs.copyFileSync(path.join(chapterDir, 'config.json'), path.join(dir, 'config.json'));
  return dir;
}

async function startServer(t, { withConfig }) {
  const binary = await guideBinary('static_server');
  const port = await pickPort();
  const cwd = scratchCopy(t);
  const argv = withConfig ? [binary, String(port), 'config.json'] : [binary, String(port)];
  const server = await startProgram(argv, { port, cwd, label: `static_server${withConfig ? ' config.json' : ''}` });
  t.after(() => server.stop());
  return { server, port, cwd };
}

// Every check of the page, on one server.
async function checkPage(t, { server, port, cwd }) {
  const url = (p) => `${server.url}${p}`;
  for (const region of ['get', 'revalidate', 'range', 'statuses', 'not-found']) {
    await checkCommand('static-files', region, { port, masks });
  }

  // Cache headers: the configured Cache-Control, and Drogon's own Expires in the past, on files only.
  const file = await request(url('/letters.txt'));
  assert.equal(file.status, 200);
  assert.equal(file.body, letters);
  assert.equal(file.headers['cache-control'], 'public, max-age=3600');
  assert.equal(file.headers.expires, 'Thu, 01 Jan 1970 00:00:00 GMT');
  assert.equal(file.headers['accept-range'], 'bytes', 'Drogon 1.9.13 names it accept-range');
  assert.equal(file.headers['accept-ranges'], undefined);
  const mtime = fs.statSync(path.join(cwd, 'public', 'letters.txt')).mtime;
  assert.equal(file.headers['last-modified'], mtime.toUTCString());
  const missing = await request(url('/no-such-page'));
  assert.equal(missing.status, 404);
  assert.equal(missing.headers['cache-control'], undefined);

  // Revalidation: only the exact Last-Modified string gives 304.
  const same = await request(url('/letters.txt'), { headers: { 'if-modified-since': file.headers['last-modified'] } });
  assert.equal(same.status, 304);
  assert.equal(same.body, '');
  const other = await request(url('/letters.txt'), { headers: { 'if-modified-since': 'Mon, 01 Jan 2035 00:00:00 GMT' } });
  assert.equal(other.status, 200, 'a later date that is not the Last-Modified string still gives the file');
  // No ETag, and If-None-Match is not looked at.
  assert.equal(file.headers.etag, undefined);
  for (const tag of ['*', '"anything"']) {
    const none = await request(url('/letters.txt'), { headers: { 'if-none-match': tag } });
    assert.equal(none.status, 200, `If-None-Match: ${tag}`);
    assert.equal(none.body, letters);
  }

  // Ranges.
  const range = (spec) => request(url('/letters.txt'), { headers: { range: spec } });
  let r = await range('bytes=0-4');
  assert.equal(r.status, 206);
  assert.equal(r.body, 'abcde');
  assert.equal(r.headers['content-range'], 'bytes 0-4/27');
  r = await range('bytes=-3');
  assert.equal(r.status, 206);
  assert.equal(r.body, 'yz\n');
  assert.equal(r.headers['content-range'], 'bytes 24-26/27');
  r = await range('bytes=0-1,4-5');
  assert.equal(r.status, 206, 'several ranges: the first only, not multipart/byteranges');
  assert.equal(r.body, 'ab');
  assert.equal(r.headers['content-range'], 'bytes 0-1/27');
  assert.doesNotMatch(r.headers['content-type'], /multipart/);
  r = await range('bytes=100-');
  assert.equal(r.status, 416);
  assert.equal(r.headers['content-range'], 'bytes */27');

  // MIME types: Drogon's own list, and the custom one for .md.
  for (const [p, type] of [['/index.html', 'text/html; charset=utf-8'], ['/style.css', 'text/css; charset=utf-8'], ['/notes.md', 'text/markdown; charset=utf-8']]) {
    const res = await request(url(p));
    assert.equal(res.status, 200, p);
    assert.equal(res.headers['content-type'], type, p);
  }
  // The directory gives its index.html.
  const root = await request(url('/'));
  assert.equal(root.status, 200);
  assert.equal(root.body, fs.readFileSync(path.join(chapterDir, 'public', 'index.html'), 'utf8'));

  // The location: case-insensitive prefix, any extension, the default content type for none.
  for (const p of ['/downloads/RELEASE', '/DOWNLOADS/RELEASE']) {
    const res = await request(url(p));
    assert.equal(res.status, 200, p);
    assert.equal(res.headers['content-type'], 'application/octet-stream');
    assert.equal(res.body, 'Release notes, version 1.0\n');
  }
  fs.mkdirSync(path.join(cwd, 'public', 'docs', 'old'));
  fs.writeFileSync(path.join(cwd, 'public', 'docs', 'old', 'RELEASE-0.9'), 'Release notes, version 0.9\n');
  assert.equal((await request(url('/downloads/old/RELEASE-0.9'))).body, 'Release notes, version 0.9\n', 'subfolders of a location are served');
  // Outside the location, an extension not in the list is a 404, and no extension a 403.
  assert.equal((await request(url('/settings.env'))).status, 404);
  assert.equal((await request(url('/docs/RELEASE'))).status, 403);
  // A path leaving the document root is refused; one leaving the location by one level is not (the
  // page warns about it).
  assert.equal((await rawGet(port, '/../config.json')).status, 403);
  const climbed = await rawGet(port, '/downloads/../settings.env');
  assert.equal(climbed.status, 200);
  assert.equal(climbed.body, 'SECRET=do-not-serve\n');

  // Methods: HEAD gives the headers, anything but GET and HEAD a 405.
  const head = await request(url('/letters.txt'), { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(head.headers['content-length'], '27');
  assert.equal(head.body, '');
  assert.equal((await request(url('/letters.txt'), { method: 'POST', body: 'x' })).status, 405);

  // The in-memory cache: an edit within the cache time is not seen; a file not asked for yet is.
  fs.writeFileSync(path.join(cwd, 'public', 'letters.txt'), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ\n');
  const future = new Date(Date.now() + 10000);
  fs.utimesSync(path.join(cwd, 'public', 'letters.txt'), future, future);
  const stale = await request(url('/letters.txt'));
  assert.equal(stale.body, letters, 'the edit shows before the 60 s cache time is over');
  assert.equal(stale.headers['last-modified'], file.headers['last-modified']);
  fs.writeFileSync(path.join(cwd, 'public', 'new.txt'), 'new\n');
  assert.equal((await request(url('/new.txt'))).body, 'new\n');

  // The custom 404 page is the answer for every 404.
  const expected404 = exampleRegion('static-files/expected/not-found.txt');
  for (const p of ['/no-such-page', '/missing.txt', '/downloads/missing']) {
    const res = await request(url(p));
    assert.equal(res.status, 404, p);
    assert.equal(res.body.trim(), expected404.trim(), p);
  }
}

test('static files configured in code behave as the page says', { timeout: 10 * 60 * 1000 }, async (t) => {
  await checkPage(t, await startServer(t, { withConfig: false }));
});

test('the same settings from config.json behave the same', { timeout: 10 * 60 * 1000 }, async (t) => {
  await checkPage(t, await startServer(t, { withConfig: true }));
});
