// The installation page: its package list is what the setup installs and apt has nothing left to
// install; its build script (build-drogon.sh) really builds and installs trantor and Drogon from
// Debian's source packages (bench/setup.sh builds the pinned Drogon with it, and the test checks that
// build; a changed script is run again by the test, as a reader would run it); `drogon_ctl version` prints what the page shows; and a project that finds Drogon
// with CMake's find_package builds against that prefix and answers.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const { benchHome } = require('../../../shared/src/bench-state');
const { runChecked, runCommand, pickPort, startProgram, request, exampleRegion, scratchDir, guideState, examplesDir, repoRoot } = require('../test-support/guide-tests');

const setupScript = fs.readFileSync(path.join(repoRoot, 'bench', 'setup.sh'), 'utf8');
const pins = JSON.parse(fs.readFileSync(path.join(repoRoot, 'bench', 'pins.json'), 'utf8'));
const buildScriptPath = path.join(examplesDir, 'installation', 'build-drogon.sh');
const buildScript = fs.readFileSync(buildScriptPath, 'utf8');

// A bash array assignment of setup.sh, e.g. debian_packages=(a b \n c), as a list of words.
function setupArray(name) {
  const m = new RegExp(`^${name}=\\(([^)]*)\\)`, 'm').exec(setupScript);
  assert.ok(m, `bench/setup.sh has no ${name}=(...)`);
  return m[1].split(/\s+/).filter(Boolean);
}

// The page's commands use $HOME/drogon as the prefix; the test's prefix is in its cache.
function inPrefix(command, prefix) {
  assert.ok(command.includes('$HOME/drogon'), `no $HOME/drogon in ${JSON.stringify(command)}`);
  return command.replaceAll('$HOME/drogon', prefix);
}


// The PATH of this process without the folders that hold `program`, plus `extra`.
function pathWithout(program, extra) {
  const dirs = (process.env.PATH || '/usr/bin:/bin').split(':').filter((d) => d && !fs.existsSync(path.join(d, program)));
  return [extra, ...dirs].join(':');
}

function aptPackages() {
  const install = exampleRegion('installation/install-build-deps.sh', 'apt').replace(/\\\n/g, ' ')
    .split('\n').find((l) => l.includes('apt-get install'));
  assert.ok(install, 'install-build-deps.sh#apt has no apt-get install line');
  return install.replace(/^.*apt-get install\s+-y\s+/, '').split(/\s+/).filter(Boolean);
}

test('the build dependencies on the page are packages the setup installs', () => {
  const packages = aptPackages();
  const setupPackages = new Set(setupArray('debian_packages'));
  for (const p of packages) assert.ok(setupPackages.has(p), `${p} is on the installation page but bench/setup.sh does not install it`);
});

// The page's command, run as the page says: as root it calls apt-get without sudo (a Debian
// container has no sudo), and apt finds nothing left to install (the setup installed all of it).
test('install-build-deps.sh runs as root without sudo, and apt has nothing left to install', { timeout: 300000 }, async (t) => {
  if (process.getuid() !== 0) {
    t.skip('not root: the root branch of install-build-deps.sh is checked when the tests run as root');
    return;
  }
  const command = exampleRegion('installation/commands.sh', 'deps');
  assert.equal(command, 'sh install-build-deps.sh');
  // A PATH without any sudo, as in a fresh container.
  const noSudo = scratchDir(t, 'guide-deps-root-');
  const env = { ...process.env, PATH: pathWithout('sudo', noSudo), DEBIAN_FRONTEND: 'noninteractive' };
  const which = await runCommand(['sh', '-c', 'command -v sudo'], { env, label: 'command -v sudo' });
  assert.notEqual(which.code, 0, `sudo is still on the PATH: ${which.stdout}`);
  const run = await runCommand(['sh', '-c', command], { cwd: path.join(examplesDir, 'installation'), env, label: 'install-build-deps.sh (root)', timeoutMs: 280000 });
  assert.equal(run.code, 0, `install-build-deps.sh failed as root:\n${run.stdout}\n${run.stderr}`);
  assert.doesNotMatch(run.stderr, /sudo: not found/);
  assert.match(run.stdout, /\b0 newly installed\b/, run.stdout);
});

// As a user, the script goes through sudo. The machine has no sudo and no user to spare, so a
// stand-in sudo on the PATH records what it was asked to run (and runs nothing): this checks the
// script's choice, not sudo itself.
test('install-build-deps.sh run by a user calls apt-get through sudo', { timeout: 60000 }, async (t) => {
  if (process.getuid() !== 0) {
    t.skip('switching to another user needs root');
    return;
  }
  const dir = scratchDir(t, 'guide-deps-user-');
  fs.chmodSync(dir, 0o777);
  const log = path.join(dir, 'sudo.log');
  fs.writeFileSync(path.join(dir, 'sudo'), `#!/bin/sh\necho "$*" >> ${log}\n`, { mode: 0o755 });
  fs.copyFileSync(path.join(examplesDir, 'installation', 'install-build-deps.sh'), path.join(dir, 'install-build-deps.sh'));
  fs.chmodSync(path.join(dir, 'install-build-deps.sh'), 0o644);
  const env = { PATH: `${dir}:/usr/bin:/bin`, HOME: dir };
  const run = await runCommand(['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', 'sh', '-c', exampleRegion('installation/commands.sh', 'deps')],
    { cwd: dir, env, label: 'install-build-deps.sh (user)' });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const calls = fs.readFileSync(log, 'utf8').trim().split('\n');
  assert.deepEqual(calls, ['apt-get update', `apt-get install -y ${aptPackages().join(' ')}`]);
});

test('build-drogon.sh builds the versions and switches the setup builds', () => {
  const fetch = exampleRegion('installation/build-drogon.sh', 'fetch');
  for (const [name, version] of Object.entries(pins.sourcePackages)) {
    assert.ok(fetch.includes(`${name}=${version}`), `build-drogon.sh does not fetch ${name}=${version} (bench/pins.json)`);
    const upstream = version.replace(/-[^-]+$/, '');
    assert.ok(buildScript.includes(`${name}-${upstream}`), `build-drogon.sh does not build the ${name}-${upstream} folder`);
  }
  assert.ok(fetch.includes(pins.keyring), `build-drogon.sh does not check signatures with ${pins.keyring}`);
  const drogon = exampleRegion('installation/build-drogon.sh', 'drogon');
  for (const flag of setupArray('drogon_cmake_flags')) assert.ok(drogon.split(/\s+/).includes(flag), `build-drogon.sh lacks the setup's switch ${flag}`);
});

// The prefix build-drogon.sh installed into. bench/setup.sh builds the pinned Drogon with this very
// script (its log: $BENCH_HOME/logs/drogon-build.log) and records the script's hash in state.json:
// when that is the current script, its prefix is the reader's result and is checked as it is. Otherwise
// (a changed script, or a setup that built another version itself) the test runs the page's command
// into a cache of its own, once per version of the script.
async function buildDrogonPrefix() {
  const { state, statePath } = guideState();
  const scriptSha = crypto.createHash('sha256').update(buildScript).digest('hex');
  if (state.drogonBuildScriptSha256 && state.drogonBuildScriptSha256 === scriptSha.slice(0, state.drogonBuildScriptSha256.length)) {
    const log = fs.readFileSync(path.join(path.dirname(statePath), 'logs', 'drogon-build.log'), 'utf8');
    assert.ok(log.trimEnd().endsWith(`Drogon installed into ${state.drogonPrefix}`), `the setup's build-drogon.sh log does not end with "Drogon installed into ${state.drogonPrefix}":\n${log.slice(-2000)}`);
    return state.drogonPrefix;
  }
  const home = path.join(benchHome(), 'guide-install', scriptSha.slice(0, 8));
  const prefix = path.join(home, 'prefix');
  const marker = path.join(home, '.complete');
  fs.mkdirSync(home, { recursive: true });
  if (!fs.existsSync(marker)) {
    // Long work shows progress: this is a full Drogon build (several minutes on two cores).
    console.log(`installation: running build-drogon.sh into ${prefix} (once per version of the script; several minutes)`);
    fs.rmSync(prefix, { recursive: true, force: true });
    // The page's command, with $HOME/drogon replaced by the cached prefix.
    const command = inPrefix(exampleRegion('installation/commands.sh', 'build-prefix'), prefix);
    const run = await runCommand(['flock', '-w', '3600', path.join(home, '.lock'), 'bash', '-euo', 'pipefail', '-c', command],
      { cwd: path.dirname(buildScriptPath), env: { ...process.env, DROGON_BUILD_DIR: path.join(home, 'work') }, label: 'build-drogon.sh', timeoutMs: 80 * 60 * 1000 });
    fs.writeFileSync(path.join(home, 'build-drogon.log'), run.stdout + run.stderr);
    assert.equal(run.code, 0, `build-drogon.sh failed (log: ${path.join(home, 'build-drogon.log')}):\n${(run.stdout + run.stderr).slice(-4000)}`);
    assert.match(run.stdout, new RegExp(`Drogon installed into ${prefix.replace(/[.+]/g, '\\$&')}`));
    fs.writeFileSync(marker, `${new Date().toISOString()}\n`);
  }
  return prefix;
}

test('build-drogon.sh installs a Drogon that drogon_ctl and find_package see', { timeout: 90 * 60 * 1000 }, async (t) => {
  const prefix = await buildDrogonPrefix();

  // drogon_ctl version: the lines the page shows, in that order.
  const version = await runChecked(['bash', '-c', inPrefix(exampleRegion('installation/commands.sh', 'check-prefix'), prefix)], { label: 'drogon_ctl version' });
  const lines = version.stdout.split('\n').map((l) => l.trimEnd());
  let at = 0;
  for (const want of exampleRegion('installation/expected/drogon-ctl-version.txt').split('\n')) {
    const found = lines.indexOf(want, at);
    assert.ok(found >= 0, `drogon_ctl version lacks ${JSON.stringify(want)} (after line ${at}):\n${version.stdout}`);
    at = found + 1;
  }

  // find_package(Drogon) against that prefix: the quick start's project, built and answering.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-installation-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const port = await pickPort();
  fs.writeFileSync(path.join(scratch, 'CMakeLists.txt'), `${exampleRegion('quick-start/CMakeLists.txt')}\n`);
  fs.writeFileSync(path.join(scratch, 'main.cc'), `${exampleRegion('quick-start/main.cc').replaceAll('8080', String(port))}\n`);
  const configure = inPrefix(exampleRegion('installation/commands.sh', 'find-package-prefix'), prefix);
  await runChecked(['bash', '-euo', 'pipefail', '-c', configure], { cwd: scratch, label: 'cmake with CMAKE_PREFIX_PATH', timeoutMs: 10 * 60 * 1000 });
  const server = await startProgram([path.join(scratch, 'build', 'hello')], { port, label: 'hello (installed Drogon)' });
  t.after(() => server.stop());
  const res = await request(`${server.url}/`);
  assert.equal(res.body, 'Hello, world!\n');
  assert.equal(res.headers.server, `drogon/${pins.sourcePackages.drogon.replace(/\+.*$/, '')}`);
  // It runs with the installed libraries (RUNPATH), without LD_LIBRARY_PATH.
  const ldd = await runChecked(['ldd', path.join(scratch, 'build', 'hello')], { label: 'ldd' });
  assert.match(ldd.stdout, new RegExp(`libdrogon\\.so\\S* => ${path.join(prefix, 'lib').replace(/[.+]/g, '\\$&')}/libdrogon`));
});

test('find_package(Drogon) in a folder and again in its subfolder fails as the page says; sibling folders are fine', { timeout: 5 * 60 * 1000 }, async (t) => {
  const { state } = guideState();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-find-twice-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const project = (name, top, subdirs) => {
    const dir = path.join(scratch, name);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'CMakeLists.txt'), `cmake_minimum_required(VERSION 3.16)\nproject(${name} CXX)\n${top ? 'find_package(Drogon CONFIG REQUIRED)\n' : ''}${subdirs.map((s) => `add_subdirectory(${s})\n`).join('')}`);
    for (const s of subdirs) {
      fs.mkdirSync(path.join(dir, s));
      fs.writeFileSync(path.join(dir, s, 'CMakeLists.txt'), 'find_package(Drogon CONFIG REQUIRED)\n');
    }
    return dir;
  };
  const configure = (dir) => runCommand(['cmake', '-S', dir, '-B', path.join(dir, 'build'), `-DCMAKE_PREFIX_PATH=${state.drogonPrefix}`], { label: 'cmake configure', timeoutMs: 120000 });
  const twice = await configure(project('twice', true, ['sub']));
  assert.notEqual(twice.code, 0);
  assert.match(twice.stderr, /add_library cannot create imported target\s+"UUID_lib" because another target\s+with the same name already exists/);
  const siblings = await configure(project('siblings', false, ['a', 'b']));
  assert.equal(siblings.code, 0, siblings.stderr);
});
