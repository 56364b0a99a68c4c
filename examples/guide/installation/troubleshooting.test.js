// The installation page's troubleshooting section: each "not found" error it shows is what a real
// configure prints, provoked here the way a reader meets it, and the fix it gives makes that configure
// pass. The quick start's project is the reader's project.
//   - find_package(Drogon): Drogon in a prefix CMake is not told about (no CMAKE_PREFIX_PATH);
//   - Jsoncpp: Drogon found, jsoncpp's headers and library not (hidden from CMake with
//     CMAKE_IGNORE_PATH, as on a machine without libjsoncpp-dev);
//   - drogon_create_views: called before find_package(Drogon) has defined it.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { guideState, runCommand, exampleRegion, normalizeOutput, scratchDir } = require('../test-support/guide-tests');

const projectFiles = () => ({ 'CMakeLists.txt': exampleRegion('quick-start/CMakeLists.txt'), 'main.cc': exampleRegion('quick-start/main.cc') });

// A fresh copy of the reader's project, with CMakeLists.txt changed by `edit`.
function project(t, name, edit = (text) => text) {
  const dir = scratchDir(t, `guide-trouble-${name}-`);
  for (const [file, text] of Object.entries(projectFiles())) fs.writeFileSync(path.join(dir, file), `${file === 'CMakeLists.txt' ? edit(text) : text}\n`);
  return dir;
}

// The environment of a reader who has not told CMake anything (no CMAKE_PREFIX_PATH).
function plainEnv() {
  const { CMAKE_PREFIX_PATH, ...env } = process.env;
  return env;
}

const configure = (dir, args = []) => runCommand(['cmake', '-S', '.', '-B', 'build', ...args], { cwd: dir, env: plainEnv(), label: `cmake (${path.basename(dir)})`, timeoutMs: 120000 });

// The page's message is a block of lines of what CMake printed, word for word.
function assertShows(stderr, expectedFile) {
  const want = normalizeOutput(exampleRegion(`installation/expected/${expectedFile}`));
  const got = normalizeOutput(stderr);
  assert.ok(`\n${got}\n`.includes(`\n${want}\n`), `installation/expected/${expectedFile} is not what cmake printed:\n--- expected ---\n${want}\n--- cmake printed ---\n${got}`);
}

test('find_package(Drogon) without the prefix fails with the page\'s message; CMAKE_PREFIX_PATH fixes it', { timeout: 5 * 60 * 1000 }, async (t) => {
  const { state } = guideState();
  const dir = project(t, 'drogon');
  const failed = await configure(dir);
  assert.notEqual(failed.code, 0, 'CMake found a Drogon without being told where: is one installed in a system folder? This test needs it only in the setup\'s prefix');
  assertShows(failed.stderr, 'not-found-drogon.txt');
  fs.rmSync(path.join(dir, 'build'), { recursive: true });
  const fixed = await configure(dir, [`-DCMAKE_PREFIX_PATH=${state.drogonPrefix}`]);
  assert.equal(fixed.code, 0, fixed.stderr);
});

test('without jsoncpp\'s development files, find_package(Drogon) fails with the page\'s Jsoncpp message', { timeout: 5 * 60 * 1000 }, async (t) => {
  const { state } = guideState();
  const dir = project(t, 'jsoncpp');
  // With libjsoncpp-dev (the page's fix: it is on the page's package list), the project configures;
  // its cache says where jsoncpp's header folder and library are.
  const found = await configure(dir, [`-DCMAKE_PREFIX_PATH=${state.drogonPrefix}`]);
  assert.equal(found.code, 0, found.stderr);
  const cache = fs.readFileSync(path.join(dir, 'build', 'CMakeCache.txt'), 'utf8');
  const value = (name) => (new RegExp(`^${name}:\\w+=(.+)$`, 'm').exec(cache) || [])[1];
  const headers = value('JSONCPP_INCLUDE_DIRS');
  const library = value('JSONCPP_LIBRARIES');
  assert.ok(headers && library, `no JSONCPP_INCLUDE_DIRS / JSONCPP_LIBRARIES in the cache:\n${cache.split('\n').filter((l) => l.includes('JSONCPP')).join('\n')}`);
  // Hidden: the folders they are in, under each name the machine gives them (/lib is /usr/lib on a
  // merged-/usr system such as Debian 12).
  const folders = new Set([headers, path.dirname(library)]);
  for (const f of [...folders]) if (f.startsWith('/usr/')) folders.add(f.slice('/usr'.length));
  fs.rmSync(path.join(dir, 'build'), { recursive: true });
  const failed = await configure(dir, [`-DCMAKE_PREFIX_PATH=${state.drogonPrefix}`, `-DCMAKE_IGNORE_PATH=${[...folders].join(';')}`]);
  assert.notEqual(failed.code, 0, 'Drogon was found although jsoncpp was hidden');
  assertShows(failed.stderr, 'not-found-jsoncpp.txt');
});

test('drogon_create_views before find_package(Drogon) is an unknown command, as the page shows', { timeout: 5 * 60 * 1000 }, async (t) => {
  const { state } = guideState();
  const call = 'drogon_create_views(hello ${CMAKE_CURRENT_SOURCE_DIR}/views ${CMAKE_CURRENT_BINARY_DIR})';
  const early = (text) => {
    assert.match(text, /^find_package\(Drogon CONFIG REQUIRED\)$/m);
    return text.replace(/^find_package\(Drogon CONFIG REQUIRED\)$/m, `${call}\n$&`);
  };
  const failed = await configure(project(t, 'views-early', early), [`-DCMAKE_PREFIX_PATH=${state.drogonPrefix}`]);
  assert.notEqual(failed.code, 0);
  assertShows(failed.stderr, 'not-found-create-views.txt');
  // The fix: the same call after find_package(Drogon) (an empty views/ folder: no view to generate).
  const late = (text) => `${text}\n${call}`;
  const dir = project(t, 'views-late', late);
  fs.mkdirSync(path.join(dir, 'views'));
  const fixed = await configure(dir, [`-DCMAKE_PREFIX_PATH=${state.drogonPrefix}`]);
  assert.equal(fixed.code, 0, fixed.stderr);
});
