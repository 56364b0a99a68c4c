// docs/src/check.js (`npm run check`) fails on a hand-edited JB_TW page, an added broken link, a
// drifted sidebar or header, a missing page and a stray file; passes on consistent content.
// Runs on temp copies of the content: the working tree is never modified.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { runCheck } = require('../src/check');
const { generatedContentCopy, repoRoot } = require('./support/content-copy');

function withCopy(t) {
  const copy = generatedContentCopy();
  t.after(() => copy.remove());
  return copy;
}

test('consistent content passes', (t) => {
  const copy = withCopy(t);
  assert.deepEqual(runCheck({ root: copy.root }).problems, []);
});

test('a hand edit of a JB_TW page fails, naming the file and its CHN source', (t) => {
  const copy = withCopy(t);
  const page = copy.generated.manifest.pages[0];
  const file = path.join(copy.root, page.entries['zh-TW'].relPath);
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const i = lines.findIndex((l, n) => n > 4 && /[\u4e00-\u9fff]/.test(l) && !l.startsWith('#'));
  lines[i] = `${lines[i]}手改`;
  fs.writeFileSync(file, lines.join('\n'));
  const { problems } = runCheck({ root: copy.root });
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], new RegExp(`^${page.entries['zh-TW'].relPath}: differs from the conversion of ${page.entries['zh-CN'].relPath}: the body differs \\(line ${i + 1}:`));
});

test('an added broken link fails with file:line', (t) => {
  const copy = withCopy(t);
  const page = copy.generated.manifest.pages[1];
  const rel = page.entries.en.relPath;
  const file = path.join(copy.root, rel);
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const h1 = lines.findIndex((l) => l.startsWith('# '));
  lines.splice(h1 + 1, 0, '', 'See [nowhere](/ENG/No-Such-Page).');
  fs.writeFileSync(file, lines.join('\n'));
  const { problems } = runCheck({ root: copy.root });
  assert.ok(problems.includes(`${rel}:${h1 + 3}: no page ENG/No-Such-Page.md (route /ENG/No-Such-Page)  [link: /ENG/No-Such-Page]`), problems.join('\n'));
});

test('a drifted sidebar, a hand-edited header block, a missing page and a stray page all fail', (t) => {
  const copy = withCopy(t);
  const { manifest } = copy.generated;
  const sidebar = path.join(copy.root, 'CHN', '_sidebar.md');
  fs.writeFileSync(sidebar, fs.readFileSync(sidebar, 'utf8').replace('1. ', '9. '));
  const headerPage = manifest.pages[2].entries.en.relPath;
  const headerFile = path.join(copy.root, headerPage);
  fs.writeFileSync(headerFile, fs.readFileSync(headerFile, 'utf8').replace(manifest.languages[1].name, 'Chinese'));
  const missing = manifest.pages[3].entries['zh-TW'].relPath;
  fs.rmSync(path.join(copy.root, missing));
  fs.writeFileSync(path.join(copy.root, 'ENG', 'Stray.md'), '# Stray\n');
  const { problems } = runCheck({ root: copy.root });
  const text = problems.join('\n');
  assert.match(text, /CHN\/_sidebar\.md: sidebar does not match the manifest \(line \d+: committed "  - \[9\./);
  assert.match(text, new RegExp(`${headerPage}: .*the "Other languages" header block does not match the manifest`));
  assert.match(text, new RegExp(`${missing}: missing: page "${manifest.pages[3].id}" has no 繁體中文 file`));
  assert.match(text, /ENG\/Stray\.md: not a page of/);
  assert.equal(problems.length, 4, text);
});

// Its time is printed, not asserted: a speed target is a printed figure, and a loaded machine
// (CI beside other jobs) stretches wall-clock time without anything being wrong.
test('npm run check (node docs/src/check.js) on the repository exits 0', () => {
  const started = Date.now();
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'docs', 'src', 'check.js')], { cwd: repoRoot, encoding: 'utf8', timeout: 10 * 60 * 1000 });
  const seconds = (Date.now() - started) / 1000;
  assert.equal(run.status, 0, `check failed:\n${run.stdout}${run.stderr}`);
  assert.match(run.stdout, /^check OK: /);
  console.log(`npm run check took ${seconds.toFixed(1)} s`);
});
