// The guide's examples as a whole: every chapter folder is in the one CMake project and has a test.
// That each chapter folder also builds on its own, copied out of the repository, with the command its
// page gives, is the page runner's (pages-prefix.test.js, pages-usr-local.test.js); the programs the
// chapter tests run are compiled by the one project (scripts/build-guide.js).
// Covers: scripts/build-guide.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { examplesDir } = require('./test-support/guide-tests');

const notChapters = new Set(['test-support', 'build-record', 'page-runner']);

function listedChapters() {
  const text = fs.readFileSync(path.join(examplesDir, 'CMakeLists.txt'), 'utf8');
  const m = /set\(GUIDE_CHAPTERS\n([\s\S]*?)\)/.exec(text);
  assert.ok(m, 'examples/guide/CMakeLists.txt has no set(GUIDE_CHAPTERS ...)');
  return m[1].split(/\s+/).filter(Boolean);
}

test('every chapter folder is built by the one CMake project and has a test of its own', () => {
  const folders = fs.readdirSync(examplesDir, { withFileTypes: true }).filter((d) => d.isDirectory() && !notChapters.has(d.name)).map((d) => d.name).sort();
  const listed = listedChapters();
  // installation builds Drogon itself (its CMake usage is the quick start's project) and
  // installation-other-systems compiles nothing here: neither has a CMakeLists.txt. Every other
  // chapter has one and is listed (the FAQ's program of its own too; its test also runs the other
  // chapters' programs).
  const buildsNothing = folders.filter((chapter) => !fs.existsSync(path.join(examplesDir, chapter, 'CMakeLists.txt')));
  assert.deepEqual(buildsNothing, ['installation', 'installation-other-systems']);
  assert.deepEqual([...listed, ...buildsNothing].sort(), folders);
  for (const chapter of folders) {
    assert.ok(fs.readdirSync(path.join(examplesDir, chapter)).some((n) => n.endsWith('.test.js')), `examples/guide/${chapter} has no *.test.js`);
  }
});

test('expected outputs: the header lines after each status line compare as a set (their order is the build\'s hash map), the rest line by line', () => {
  const { sortHeaderBlocks } = require('./test-support/guide-tests');
  const captured = 'HTTP/1.1 200 OK\naccess-control-allow-methods: OPTIONS,POST\naccess-control-allow-origin: *\n\n403';
  const other = 'HTTP/1.1 200 OK\naccess-control-allow-origin: *\naccess-control-allow-methods: OPTIONS,POST\n\n403';
  assert.equal(sortHeaderBlocks(other), sortHeaderBlocks(captured));
  // A header that differs, a body line out of order, or a different status still differ.
  assert.notEqual(sortHeaderBlocks(other.replace('*', 'https://a.example')), sortHeaderBlocks(captured));
  assert.notEqual(sortHeaderBlocks('HTTP/1.1 200 OK\n\nb\na'), sortHeaderBlocks('HTTP/1.1 200 OK\n\na\nb'));
  assert.notEqual(sortHeaderBlocks(other.replace('200 OK', '204 No Content')), sortHeaderBlocks(captured));
});
