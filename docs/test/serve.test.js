// docs/src/serve.js: static server for site/: content types (utf-8 for markdown), percent-encoded
// Chinese paths, no directory traversal, PORT handling of the CLI.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const { spawn } = require('node:child_process');
const { startSiteServer, resolveRequestPath } = require('../src/serve');

function get(url, { method = 'GET', rawPath } = {}) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.request({ host: u.hostname, port: u.port, path: rawPath || u.pathname + u.search, method }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

function makeSite(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-test-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'site');
  fs.mkdirSync(path.join(root, 'CHN'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!DOCTYPE html><title>x</title>');
  fs.writeFileSync(path.join(root, 'CHN', '性能测试.md'), '# 性能测试\n');
  fs.writeFileSync(path.join(root, 'app.js'), 'void 0;');
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside the site');
  return { root, dir };
}

test('serves files with the right content types, utf-8 markdown, Chinese paths, HEAD', async (t) => {
  const { root } = makeSite(t);
  const server = await startSiteServer({ root, port: 0 });
  t.after(() => server.close());
  const index = await get(server.url);
  assert.equal(index.status, 200);
  assert.equal(index.headers['content-type'], 'text/html; charset=utf-8');
  const md = await get(`${server.url}CHN/${encodeURIComponent('性能测试')}.md`);
  assert.equal(md.status, 200);
  assert.equal(md.headers['content-type'], 'text/markdown; charset=utf-8');
  assert.equal(md.body, '# 性能测试\n');
  assert.equal((await get(`${server.url}app.js`)).headers['content-type'], 'text/javascript; charset=utf-8');
  const head = await get(`${server.url}app.js`, { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
  assert.equal((await get(`${server.url}CHN/missing.md`)).status, 404);
  assert.equal((await get(server.url, { method: 'POST' })).status, 405);
});

test('a folder is served at its address with the trailing slash; without it, a redirect there (as GitHub Pages does)', async (t) => {
  const { root } = makeSite(t);
  fs.mkdirSync(path.join(root, 'CHN', '概述'));
  fs.writeFileSync(path.join(root, 'CHN', '概述', 'index.html'), '<!DOCTYPE html><title>概述</title>');
  const server = await startSiteServer({ root, port: 0 });
  t.after(() => server.close());
  const folder = `CHN/${encodeURIComponent('概述')}`;
  const page = await get(`${server.url}${folder}/`);
  assert.equal(page.status, 200);
  assert.equal(page.body, '<!DOCTYPE html><title>概述</title>');
  const bare = await get(`${server.url}${folder}?x=1`);
  assert.equal(bare.status, 301);
  assert.equal(bare.headers.location, `/${folder}/?x=1`);
});

test('no directory traversal, no malformed paths', async (t) => {
  const { root } = makeSite(t);
  const server = await startSiteServer({ root, port: 0 });
  t.after(() => server.close());
  for (const raw of ['/../secret.txt', '/%2e%2e/secret.txt', '/CHN/%2e%2e%2f%2e%2e%2fsecret.txt', '/..%5csecret.txt', '/%00', '/%E0%A4%A']) {
    const res = await get(server.url, { rawPath: raw });
    assert.notEqual(res.status, 200, `${raw} answered 200`);
    assert.ok(!res.body.includes('outside the site'), `${raw} leaked a file outside the site`);
  }
  assert.equal(resolveRequestPath(root, '/../../etc/passwd'), path.join(root, 'etc', 'passwd'));
  assert.equal(resolveRequestPath(root, '/a%00b'), null);
});

test('`node docs/src/serve.js` prints its URL and serves on PORT', async (t) => {
  const { root } = makeSite(t);
  // The CLI serves <repo>/site; run a copy of the script next to a temp site so the repo is untouched.
  const scriptDir = path.join(path.dirname(root), 'docs', 'src');
  fs.mkdirSync(scriptDir, { recursive: true });
  fs.copyFileSync(path.join(__dirname, '..', 'src', 'serve.js'), path.join(scriptDir, 'serve.js'));
  // ...with the module that names the site folder (shared/src/project-paths.js), at its place.
  const pathsDir = path.join(path.dirname(root), 'shared', 'src');
  fs.mkdirSync(pathsDir, { recursive: true });
  fs.copyFileSync(path.join(__dirname, '..', '..', 'shared', 'src', 'project-paths.js'), path.join(pathsDir, 'project-paths.js'));
  const probe = await startSiteServer({ root, port: 0 });
  const port = new URL(probe.url).port; // a port that was free a moment ago
  await probe.close();
  const child = spawn(process.execPath, [path.join(scriptDir, 'serve.js')], { env: { ...process.env, PORT: port }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  t.after(() => { try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ } });
  const line = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 10000);
    child.stdout.on('data', (d) => { out += d; if (out.includes('\n')) { clearTimeout(timer); resolve(out); } });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`serve.js exited ${code}: ${out}`)); });
  });
  assert.match(line, new RegExp(`http://localhost:${port}/`));
  assert.equal((await get(`http://127.0.0.1:${port}/`)).status, 200);
});
