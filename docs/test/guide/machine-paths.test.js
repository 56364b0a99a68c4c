// The guide stage refuses pages that show a path of the machine they were captured on (a home folder,
// /tmp, the bench cache, a work tree), in prose and in included expected outputs, in every language;
// paths every reader has (/usr/local, /usr/share/..., $HOME/..., /path/to/...) pass.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { findMachinePaths } = require('../../src/guide/machine-paths');
const { generatePages } = require('../../src/generate-pages');
const { generatedContentCopy, repoRoot } = require('../support/content-copy');

test('machine paths are found; paths every reader has are not', () => {
  const found = (text) => findMachinePaths(text).map((f) => f.path);
  assert.deepEqual(found('Test project /root/.cache/drogon-docs-bench/build/guide-x/testing'), ['/root', '.cache/drogon-docs-bench']);
  assert.deepEqual(found('cd /home/alice/app && ./build/hello'), ['/home/alice']);
  assert.deepEqual(found('DROGON_BUILD_DIR=~/.cache/drogon-docs-bench/x'), ['.cache/drogon-docs-bench']);
  assert.deepEqual(found('wrote `/tmp/guide-installation-Ab3xYz/build`'), ['/tmp/guide-installation-Ab3xYz/build']);
  assert.deepEqual(found('logs in "/work/wt/g3/site"'), ['/work/wt/g3/site']);
  assert.deepEqual(found('line one\n(/root)'), ['/root']);
  assert.equal(findMachinePaths('line one\n(/root)')[0].line, 2);
  for (const fine of ['install into /usr/local, as /usr/local/lib', '/usr/share/keyrings/debian-archive-keyring.gpg',
    '$HOME/drogon/bin/drogon_ctl', 'cmake -DCMAKE_PREFIX_PATH=/path/to/drogon/prefix', 'Test project /path/to/testing/build',
    'http://example.com/root/index.html', 'C:\\vcpkg\\installed', 'a/root/b and x/tmp/y', '~/drogon-build']) {
    assert.deepEqual(findMachinePaths(fine), [], fine);
  }
});

test('the committed guide pages show no machine path', () => {
  const { manifest, files } = generatePages({ root: repoRoot });
  for (const page of manifest.pages.filter((p) => p.section === 'guide')) {
    for (const lang of manifest.languages) {
      const rel = page.entries[lang.code].relPath;
      assert.deepEqual(findMachinePaths(files.get(rel)), [], rel);
    }
  }
});

test('an expected output captured with a machine path stops the build on every language of its page', (t) => {
  const copy = generatedContentCopy();
  t.after(() => copy.remove());
  const expected = path.join(copy.root, 'examples/guide/testing/expected/ctest.txt');
  fs.writeFileSync(expected, fs.readFileSync(expected, 'utf8').replaceAll('/path/to/testing/build', '/root/.cache/drogon-docs-bench/build/guide-x/testing'));
  const page = copy.generated.manifest.pages.find((p) => p.id === 'testing');
  assert.throws(() => generatePages({ root: copy.root }), (err) => {
    for (const lang of copy.generated.manifest.languages) {
      const rel = page.entries[lang.code].relPath;
      assert.ok(err.problems.some((p) => p.startsWith(`${rel}: line `) && p.includes('a home folder') && p.includes('"/root"')), `${rel}:\n${err.problems.join('\n')}`);
    }
    return true;
  });
});

test('a machine path typed in the prose of a Chinese page is refused in CHN and in the generated JB_TW page', (t) => {
  const copy = generatedContentCopy();
  t.after(() => copy.remove());
  const page = copy.generated.manifest.pages.find((p) => p.id === 'quick-start');
  const file = path.join(copy.root, page.entries['zh-CN'].relPath);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/\n## /, '\n程序在 /home/builder/hello 里。\n\n## '));
  assert.throws(() => generatePages({ root: copy.root }), (err) => {
    const hits = err.problems.filter((p) => p.includes('"/home/builder"'));
    assert.deepEqual(hits.map((p) => p.split(':')[0]).sort(), [page.entries['zh-CN'].relPath, page.entries['zh-TW'].relPath].sort());
    return true;
  });
});
