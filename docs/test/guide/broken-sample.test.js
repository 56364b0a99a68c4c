// A deliberately broken sample makes the test suite fail: in a temp copy of the repository, the quick
// start's main.cc is broken (once in what it answers, once so it no longer compiles), and the suite's
// own runner (scripts/test.js, what `npm test` runs after installing) is run on the guide's tests of
// that copy. It must fail, and say why. The working tree is never touched.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runCommand } = require('../../../examples/guide/test-support/guide-tests');
const { repoRoot } = require('../support/content-copy');

const skip = new Set(['node_modules', '.git', 'site', 'test-output']);

// The repository without its tests except the quick start's, so the runner runs only that one.
function repositoryCopy(t) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-broken-'));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  for (const name of fs.readdirSync(repoRoot)) {
    if (!skip.has(name)) fs.cpSync(path.join(repoRoot, name), path.join(root, name), { recursive: true });
  }
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'));
  for (const dir of ['bench/test', 'docs/test', 'scripts/test']) fs.rmSync(path.join(root, dir), { recursive: true, force: true });
  for (const chapter of fs.readdirSync(path.join(root, 'examples/guide'))) {
    if (chapter === 'quick-start') continue;
    const dir = path.join(root, 'examples/guide', chapter);
    // The guide's own tests beside the chapters (chapters.test.js builds every chapter, standalone.test.js
    // every copied-out folder: minutes each, in both copies at once) go too.
    if (!fs.statSync(dir).isDirectory()) {
      if (chapter.endsWith('.test.js')) fs.rmSync(dir);
      continue;
    }
    for (const name of fs.readdirSync(dir)) if (name.endsWith('.test.js')) fs.rmSync(path.join(dir, name));
  }
  return root;
}

async function runSuite(root) {
  // Without NODE_TEST_CONTEXT: node's test runner inside a test file would otherwise skip its files.
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  return runCommand([process.execPath, 'scripts/test.js'], { cwd: root, env, label: 'scripts/test.js on the broken copy', timeoutMs: 15 * 60 * 1000 });
}

function breakFile(file, from, to) {
  const text = fs.readFileSync(file, 'utf8');
  assert.ok(text.includes(from), `${file} no longer contains ${JSON.stringify(from)}: update this test`);
  fs.writeFileSync(file, text.replace(from, to));
}

// Both breakages at once, each in its own copy: a suite run is mostly one compiler process, and the
// machine has two cores.
test('a sample that answers differently from its page, and one that no longer compiles, each fail the suite', { timeout: 20 * 60 * 1000 }, async (t) => {
  const answers = repositoryCopy(t);
  breakFile(path.join(answers, 'examples/guide/quick-start/main.cc'), 'resp->setBody("Hello, world!\\n");', 'resp->setBody("Hello, broken!\\n");');
  const compiles = repositoryCopy(t);
  breakFile(path.join(compiles, 'examples/guide/quick-start/main.cc'), 'callback(resp);', 'callback(resp)');
  const [answered, compiled] = await Promise.all([runSuite(answers), runSuite(compiles)]);

  const output = answered.stdout + answered.stderr;
  assert.notEqual(answered.code, 0, `the suite passed with a broken sample:\n${output.slice(-3000)}`);
  assert.match(output, /✖ the quick start, followed word for word, answers as its page says/); // the spec reporter's failure mark
  assert.match(output, /Hello, broken!/);

  const compileOutput = compiled.stdout + compiled.stderr;
  assert.notEqual(compiled.code, 0, `the suite passed with a sample that does not compile:\n${compileOutput.slice(-3000)}`);
  assert.match(compileOutput, /commands\.sh#build failed/);
  assert.match(compileOutput, /main\.cc:\d+:\d+: error: expected .;. before/); // GCC quotes with ‘ ’
});
