// The installation page's add_subdirectory project, as a reader builds it: the project's two files
// (add-subdirectory/) in a fresh folder, Drogon's and trantor's sources copied in with the page's
// commands from where build-drogon.sh unpacked them (here: the folder the setup unpacked them in), then
// the page's one build command, a full Drogon build. Then the program answers from its coroutine
// handler, compiled as C++20, while Drogon's own CMake built Drogon as C++17 (g++ 12's default):
// coroutines need C++20 in the program, not in Drogon.
//
// The Drogon build takes minutes, so the built project is kept under
// $BENCH_HOME/build/guide-add-subdirectory/<key>, the key being everything the build depends on (the
// project's files, the page's commands, the source packages, the compiler); a later run re-runs the
// page's build command there (nothing to do: seconds) and the program.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const { benchHome } = require('../../../shared/src/bench-state');
const { writeJsonAtomic } = require('../../../shared/src/fs-atomic');
const { guideState, pickPort, startProgram, runCommand, exampleRegion, checkCommand, examplesDir } = require('../test-support/guide-tests');

const projectDir = path.join(examplesDir, 'installation', 'add-subdirectory');
const BUILD_TIMEOUT_MS = 45 * 60 * 1000;

// The page's commands with the reader's source folder ($HOME/drogon-build, build-drogon.sh's default)
// replaced by the setup's.
function pageCommand(region, sourceRoot) {
  const command = exampleRegion('installation/commands.sh', region);
  return command.replaceAll('$HOME/drogon-build', sourceRoot);
}

test('a project that adds Drogon\'s source tree with add_subdirectory builds, and its C++20 coroutine handler answers with a C++17 Drogon', { timeout: 60 * 60 * 1000 }, async (t) => {
  const { state } = guideState();
  const sourceRoot = path.join(benchHome(), 'src', path.basename(state.drogonPrefix));
  assert.match(fs.readFileSync(path.join(examplesDir, 'installation', 'build-drogon.sh'), 'utf8'), /^work=\$\{DROGON_BUILD_DIR:-\$HOME\/drogon-build\}$/m,
    'build-drogon.sh no longer unpacks into $HOME/drogon-build, where the page copies the sources from');
  const copy = pageCommand('subdir-copy', sourceRoot);
  for (const dir of copy.match(/\S+\+ds(?=\/\.)/g)) {
    assert.ok(fs.existsSync(path.join(dir, 'CMakeLists.txt')), `${dir} (a source folder the page copies) is missing: run \`npm run bench:setup\``);
  }
  const [build, run] = pageCommand('subdir-build', sourceRoot).split('\n');
  assert.equal(run, './build/hello 8080');

  const key = crypto.createHash('sha256')
    .update(JSON.stringify({ copy, build, compiler: state.compiler, sources: [state.drogonSourceVersion, state.trantorSourceVersion] }))
    .update(fs.readFileSync(path.join(projectDir, 'CMakeLists.txt'))).update(fs.readFileSync(path.join(projectDir, 'main.cc')))
    .digest('hex').slice(0, 16);
  const cache = path.join(benchHome(), 'build', 'guide-add-subdirectory');
  const project = path.join(cache, key);
  const record = path.join(project, 'built.json');
  // This build and the 2 newest others (other checkouts of other versions share the cache); older ones go.
  fs.mkdirSync(cache, { recursive: true });
  const others = fs.readdirSync(cache).filter((n) => n !== key && /^[0-9a-f]{16}$/.test(n))
    .map((n) => ({ n, t: fs.statSync(path.join(cache, n)).mtimeMs })).sort((a, b) => b.t - a.t);
  for (const { n } of others.slice(2)) fs.rmSync(path.join(cache, n), { recursive: true, force: true });

  const port = await pickPort();
  const bash = (command, label, timeoutMs = 120000) => runCommand(['flock', '-w', String(BUILD_TIMEOUT_MS / 1000), path.join(cache, '.lock'), 'bash', '-euo', 'pipefail', '-c', command],
    // CMake's own variable for a parallel build: the page's command as it is, one job per CPU.
    { cwd: project, label, timeoutMs, env: { ...process.env, CMAKE_BUILD_PARALLEL_LEVEL: String(os.availableParallelism()) } });
  if (!fs.existsSync(record)) {
    console.log(`installation: building the add_subdirectory project, Drogon included, in ${project} (once per version of the project; several minutes)`);
    fs.rmSync(project, { recursive: true, force: true });
    fs.mkdirSync(project, { recursive: true });
    // The reader's two files.
    fs.copyFileSync(path.join(projectDir, 'CMakeLists.txt'), path.join(project, 'CMakeLists.txt'));
    fs.copyFileSync(path.join(projectDir, 'main.cc'), path.join(project, 'main.cc'));
    const copied = await bash(copy, 'installation/commands.sh#subdir-copy');
    assert.equal(copied.code, 0, copied.stderr);
    const begun = Date.now();
    const built = await bash(build, 'installation/commands.sh#subdir-build', BUILD_TIMEOUT_MS);
    fs.writeFileSync(path.join(project, 'build.log'), built.stdout + built.stderr);
    assert.equal(built.code, 0, `the page's build command failed (log: ${path.join(project, 'build.log')}):\n${(built.stdout + built.stderr).slice(-4000)}`);
    writeJsonAtomic(record, { key, seconds: (Date.now() - begun) / 1000, builtAt: new Date().toISOString() });
  } else {
    fs.utimesSync(project, new Date(), new Date()); // in use: the newest
    // As a reader runs it again: nothing to rebuild.
    const again = await bash(build, 'installation/commands.sh#subdir-build (again)', 10 * 60 * 1000);
    assert.equal(again.code, 0, again.stdout + again.stderr);
  }
  const { seconds } = JSON.parse(fs.readFileSync(record, 'utf8'));
  t.diagnostic(`add_subdirectory project: configure and build with Drogon took ${seconds.toFixed(0)} s (kept in ${project})`);

  // Drogon chose C++17 itself (its CMake says so, and compiles its sources with it); the program is C++20.
  const log = fs.readFileSync(path.join(project, 'build.log'), 'utf8');
  assert.match(log, /^-- use c\+\+17$/m, 'Drogon\'s CMake did not pick C++17');
  const flags = (dir) => fs.readFileSync(path.join(project, 'build', ...dir, 'flags.make'), 'utf8');
  assert.match(flags(['third_party', 'drogon', 'CMakeFiles', 'drogon.dir']), /-std=(c|gnu)\+\+17\b/);
  assert.match(flags(['CMakeFiles', 'hello.dir']), /-std=(c|gnu)\+\+20\b/);

  // The page runs ./build/hello 8080; the test gives it its own port.
  const server = await startProgram([path.join(project, 'build', 'hello'), String(port)], { port, label: 'hello (add_subdirectory)' });
  t.after(() => server.stop());
  await checkCommand('installation', 'subdir-try', { port });
});

// CPM.cmake cannot be reached here (the page says so): what is checked is that its lines ask for the
// version this site builds and tests, with the switches of the add_subdirectory project.
test('the CPM.cmake lines ask for the tested Drogon with the add_subdirectory project\'s switches', () => {
  const { state } = guideState();
  const cpm = exampleRegion('installation/cpm-drogon.cmake', 'cpm');
  assert.match(cpm, new RegExp(`^\\s*VERSION ${state.drogonVersion.replace(/\./g, '\\.')}$`, 'm'));
  assert.match(cpm, new RegExp(`^\\s*GIT_TAG v${state.drogonVersion.replace(/\./g, '\\.')}$`, 'm'));
  assert.match(cpm, /^\s*GITHUB_REPOSITORY drogonframework\/drogon$/m);
  const switches = [...exampleRegion('installation/add-subdirectory/CMakeLists.txt', 'drogon').matchAll(/^set\((\w+) (ON|OFF)\)$/gm)].map((m) => `${m[1]} ${m[2]}`);
  assert.ok(switches.length >= 3, `no switches in the add_subdirectory project: ${switches}`);
  const options = /OPTIONS((?:\s+"[^"]+")+)/.exec(cpm);
  assert.ok(options, 'no OPTIONS in the CPM.cmake lines');
  assert.deepEqual([...options[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]), switches);
});
