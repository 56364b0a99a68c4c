// What the coroutines page says about the standard Drogon itself is built as, with the lines of
// Drogon's CMakeLists.txt it cites: told no CMAKE_CXX_STANDARD, Drogon 1.9.13 picks C++20 only when
// <coroutine> compiles in the compiler's default mode, which it does not with Debian 12's g++ 12, so
// configuring prints `-- use c++17`; the Installation script's Drogon, told 20, printed `-- use c++20`.
// Checked on the source the setup unpacked, configured in a scratch folder (seconds: no build).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { benchHome } = require('../../../shared/src/bench-state');
const { guideState, drogonSourceDir, runCommand, scratchDir, repoRoot } = require('../test-support/guide-tests');

test('the lines of Drogon\'s CMakeLists.txt the coroutines page cites say what it says, in both languages', () => {
  const lines = fs.readFileSync(path.join(drogonSourceDir(), 'CMakeLists.txt'), 'utf8').split('\n');
  const at = (n) => lines[n - 1].trim();
  // Lines 105-114: the three headers checked, then the standard chosen.
  assert.equal(at(105), 'check_include_file_cxx(any HAS_ANY)');
  assert.equal(at(107), 'check_include_file_cxx(coroutine HAS_COROUTINE)');
  assert.equal(at(108), 'if (NOT "${CMAKE_CXX_STANDARD}" STREQUAL "")');
  assert.equal(at(109), 'set(DROGON_CXX_STANDARD ${CMAKE_CXX_STANDARD})');
  assert.equal(at(110), 'elseif (HAS_ANY AND HAS_STRING_VIEW AND HAS_COROUTINE)');
  assert.equal(at(111), 'set(DROGON_CXX_STANDARD 20)');
  assert.equal(at(113), 'set(DROGON_CXX_STANDARD 17)');
  assert.equal(at(114), 'endif ()');
  assert.equal(at(165), 'message(STATUS "use c++17")');
  for (const page of ['ENG/Coroutines.md', 'CHN/协程.md']) {
    const text = fs.readFileSync(path.join(repoRoot, page), 'utf8');
    for (const cited of ['105–114', '165', '109', 'check_include_file_cxx(coroutine HAS_COROUTINE)', '-- use c++17', '-- use c++20', '-DCMAKE_CXX_STANDARD=20']) {
      assert.ok(text.includes(cited), `${page} no longer cites ${cited}`);
    }
  }
});

test('configured without a standard on this machine, Drogon picks C++17; the setup\'s Drogon was configured as C++20', { timeout: 5 * 60 * 1000 }, async (t) => {
  const { state } = guideState();
  const build = scratchDir(t, 'guide-drogon-standard-');
  const configure = await runCommand(['cmake', '-S', drogonSourceDir(), '-B', build, '-DUSE_SUBMODULE=OFF', `-DCMAKE_PREFIX_PATH=${state.drogonPrefix}`,
    '-DBUILD_CTL=OFF', '-DBUILD_EXAMPLES=OFF', '-DBUILD_ORM=OFF', '-DBUILD_TESTING=OFF', '-DBUILD_REDIS=OFF', '-DBUILD_YAML_CONFIG=OFF'], { label: 'cmake (Drogon, no standard)', timeoutMs: 4 * 60 * 1000 });
  assert.equal(configure.code, 0, `configure failed:\n${configure.stdout}${configure.stderr}`);
  assert.match(configure.stdout, /^-- Looking for C\+\+ include coroutine - not found$/m);
  assert.match(configure.stdout, /^-- use c\+\+17$/m);
  // The coroutine header, in g++'s default mode, is what stops it.
  const header = path.join(build, 'coroutine-default.cc');
  fs.writeFileSync(header, '#include <coroutine>\n');
  const compile = await runCommand(['c++', '-fsyntax-only', header], { label: 'c++ <coroutine>', timeoutMs: 60000 });
  assert.notEqual(compile.code, 0);
  assert.match(compile.stderr, /#error "the coroutine header requires -fcoroutines"/);
  // The setup built Drogon with the Installation page's script, which passes -DCMAKE_CXX_STANDARD=20.
  const script = fs.readFileSync(path.join(repoRoot, 'examples/guide/installation/build-drogon.sh'), 'utf8');
  assert.match(script, /-DCMAKE_CXX_STANDARD=20\b/);
  assert.equal(state.cxxStandard, '20', 'the setup recorded another standard for its Drogon');
  const logs = ['drogon-build.log', 'drogon-configure.log'].map((f) => path.join(benchHome(), 'logs', f)).filter((f) => fs.existsSync(f));
  assert.ok(logs.length > 0, 'no log of the setup\'s Drogon configure');
  assert.ok(logs.some((f) => /^-- use c\+\+20$/m.test(fs.readFileSync(f, 'utf8'))), `${logs.join(', ')}: no "-- use c++20"`);
});
