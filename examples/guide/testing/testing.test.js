// The testing page: the Drogon test program passes its three test cases, prints what the page shows
// (terminal colours removed), and CTest runs each DROGON_TEST as a test of its own. Run a few times:
// the program starts a server and talks to it, so a start-up race would show up as a flaky failure.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { guideBuild, guideBinary, runCommand, exampleRegion, normalizeOutput } = require('../test-support/guide-tests');

const stripColours = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

test('the Drogon test program passes and prints what the page shows', { timeout: 10 * 60 * 1000 }, async () => {
  const binary = await guideBinary('greeting_test');
  const command = exampleRegion('testing/commands.sh', 'run');
  assert.equal(command, './build/greeting_test');
  for (let i = 0; i < 5; i++) {
    const run = await runCommand([binary], { label: 'greeting_test', timeoutMs: 60000 });
    assert.equal(run.code, 0, `run ${i + 1} failed:\n${run.stdout}\n${run.stderr}`);
    assert.equal(normalizeOutput(stripColours(run.stdout)), normalizeOutput(exampleRegion('testing/expected/run.txt')));
  }
  // -s also prints every passing check: eight, as the summary says.
  const verbose = await runCommand([binary, '-s'], { label: 'greeting_test -s', timeoutMs: 60000 });
  assert.equal(verbose.code, 0, verbose.stdout + verbose.stderr);
  assert.equal(stripColours(verbose.stdout).match(/ PASSED:/g).length, 8);
  // -r runs one test case.
  const one = await runCommand([binary, '-r', 'Greeting'], { label: 'greeting_test -r Greeting', timeoutMs: 60000 });
  assert.match(stripColours(one.stdout), /All tests passed \(2 assertions in 1 tests cases\)\./);
});

test('CTest runs one test per DROGON_TEST', { timeout: 10 * 60 * 1000 }, async () => {
  await guideBinary('greeting_test');
  const { buildDir } = await guideBuild(['greeting_test']);
  assert.equal(exampleRegion('testing/commands.sh', 'ctest'), 'ctest --test-dir build');
  const run = await runCommand(['ctest', '--test-dir', path.join(buildDir, 'testing')], { label: 'ctest', timeoutMs: 120000 });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  // The page shows the build folder as /path/to/testing/build (no path of the machine it was run
  // on): ctest prints the folder it ran in exactly there. The times differ from run to run.
  const folder = path.join(buildDir, 'testing');
  assert.equal(run.stdout.split('\n').filter((l) => l.includes(folder)).length, 2, run.stdout);
  const seen = normalizeOutput(run.stdout).replaceAll(folder, '/path/to/testing/build');
  const times = (text) => text.replace(/\d+\.\d+ sec/g, '<t> sec');
  assert.equal(times(seen), times(normalizeOutput(exampleRegion('testing/expected/ctest.txt'))));
});

test('drogon_ctl create project puts a test program like this one in test/', { timeout: 60000 }, async (t) => {
  const fs = require('node:fs');
  const os = require('node:os');
  const { guideState, runChecked } = require('../test-support/guide-tests');
  const { state } = guideState();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-ctl-project-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  await runChecked([state.drogonCtl, 'create', 'project', 'demo'], { cwd: dir, label: 'drogon_ctl create project' });
  const main = fs.readFileSync(path.join(dir, 'demo', 'test', 'test_main.cc'), 'utf8');
  assert.match(main, /#define DROGON_TEST_MAIN\n#include <drogon\/drogon_test\.h>/);
  assert.match(main, /test::run\(argc, argv\)/);
  assert.match(fs.readFileSync(path.join(dir, 'demo', 'test', 'CMakeLists.txt'), 'utf8'), /ParseAndAddDrogonTests\(\$\{PROJECT_NAME\}\)/);
});
