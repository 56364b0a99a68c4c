// The guide's examples as a whole: every chapter folder is in the one CMake project and has a test,
// and every chapter's CMakeLists.txt also configures on its own, as a reader builds it ("build it
// like the other chapters"); the sources are compiled by the one project (scripts/build-guide.js).
// Covers: scripts/build-guide.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { guideState, runCommand, examplesDir } = require('./test-support/guide-tests');

const notChapters = new Set(['test-support', 'build-record']);

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

test('every chapter\'s CMakeLists.txt configures on its own against the installed Drogon', { timeout: 15 * 60 * 1000 }, async (t) => {
  const { state } = guideState();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-standalone-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const env = { ...process.env, CMAKE_PREFIX_PATH: state.drogonPrefix, PATH: `${path.dirname(state.drogonCtl)}:${process.env.PATH}` };
  // A configure is one mostly single-threaded cmake process: one per CPU at a time (35 s -> 16 s for
  // 31 chapters on two cores).
  const queue = listedChapters();
  const failures = [];
  const worker = async () => {
    for (let chapter = queue.shift(); chapter; chapter = queue.shift()) {
      const run = await runCommand(['cmake', '-S', path.join(examplesDir, chapter), '-B', path.join(scratch, chapter)], { env, label: `cmake ${chapter}`, timeoutMs: 120000 });
      if (run.code !== 0) failures.push(`examples/guide/${chapter}/CMakeLists.txt does not configure on its own:\n${run.stdout}\n${run.stderr}`);
    }
  };
  await Promise.all(Array.from({ length: os.availableParallelism() }, worker));
  assert.deepEqual(failures, []);
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
