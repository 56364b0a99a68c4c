#!/usr/bin/env node
// Builds every program of the guide (examples/guide, one CMake project) against the Drogon that
// `npm run bench:setup` installed, in a build folder in the checkout (.build/) that later runs reuse
// (incremental: a second run with nothing changed takes seconds). Records what it was built with in
// guide-build.json next to the programs. scripts/ensure-deps.sh runs it after bench/setup.sh; the
// guide's tests call ensureGuideBuild() themselves, so `node --test` on one chapter works too.
//
//   node scripts/build-guide.js [--target NAME]... [--source DIR] [--build-dir DIR] [--quiet]
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { benchHome } = require('../shared/src/bench-state');
const { benchStateFile, GUIDE_BUILD_DIR } = require('../shared/src/project-paths');
const { spawnGroup, stopGroup } = require('../shared/src/process-group');
const { writeJsonAtomic } = require('../shared/src/fs-atomic');

const repoRoot = path.join(__dirname, '..');
const defaultSource = path.join(repoRoot, 'examples', 'guide');
// Bounds: a cold build of every chapter takes a few minutes on 2 busy cores.
const CONFIGURE_TIMEOUT_MS = 5 * 60 * 1000;
const BUILD_TIMEOUT_MS = 40 * 60 * 1000;

class GuideBuildError extends Error {}

function readState(env) {
  const statePath = benchStateFile(env);
  let state;
  try {
    state = JSON.parse(fs.readFileSync(statePath, 'utf8'));
  } catch (err) {
    throw new GuideBuildError(`guide build: cannot read ${statePath} (run \`npm run bench:setup\`): ${err.code || err.message}`);
  }
  for (const field of ['drogonPrefix', 'drogonVersion', 'drogonCtl', 'compiler', 'cxxStandard']) {
    if (typeof state[field] !== 'string' || state[field] === '') throw new GuideBuildError(`guide build: ${statePath} has no "${field}"; run \`npm run bench:setup\``);
  }
  if (!fs.existsSync(path.join(state.drogonPrefix, 'lib', 'cmake', 'Drogon', 'DrogonConfig.cmake'))) {
    throw new GuideBuildError(`guide build: no Drogon under ${state.drogonPrefix} (drogonPrefix of ${statePath}); run \`npm run bench:setup\``);
  }
  return { state, statePath };
}

// One build folder per Drogon build, inside the checkout (.build/, ignored by git): a clone elsewhere
// compiles the same sources from the same relative paths, so ccache finds what another checkout
// compiled (see compilerLauncher). Two checkouts never share a CMake cache (CMake refuses a cache made
// for another source folder).
function defaultBuildDir(state, sourceDir) {
  return path.join(sourceDir, '..', '..', GUIDE_BUILD_DIR, `guide-${path.basename(state.drogonPrefix)}`);
}

// The compiler launcher: ccache (Debian's, which scripts/ensure-deps.sh installs), its cache in the
// bench home, paths under the checkout hashed relative to it (base_dir) and the build folder's own
// path left out of the hash (hash_dir: the Debug build's debug info names it), so a fresh clone's
// build takes the compiled objects of the last one. Set through env in the launcher itself, so a
// `cmake --build` run by hand in the folder uses the same cache. None when ccache is missing.
function compilerLauncher(sourceDir, env) {
  const cache = compilerCache(env);
  if (!cache) return null;
  const checkout = fs.realpathSync(path.join(sourceDir, '..', '..'));
  return ['env', `CCACHE_DIR=${cache.dir}`, `CCACHE_BASEDIR=${checkout}`, 'CCACHE_NOHASHDIR=1', cache.ccache].join(';');
}

// ccache and its cache folder in the bench home (created), or null when ccache is missing. The page
// runner's readers compile through the same cache (examples/guide/page-runner/compiler-cache.js).
function compilerCache(env) {
  let ccache;
  try {
    ccache = execFileSync('sh', ['-c', 'command -v ccache'], { encoding: 'utf8', env }).trim();
  } catch {
    return null;
  }
  const dir = path.join(benchHome(env), 'ccache');
  fs.mkdirSync(dir, { recursive: true });
  return { ccache, dir };
}

// Runs a command in its own process group, bounded in time; output to `log` (a file) and, unless
// quiet, to the terminal. Rejects with the step, the command and the log's tail.
async function runStep(step, argv, { cwd, env, log, quiet, timeoutMs }) {
  const started = Date.now();
  if (!quiet) console.log(`==> [guide] ${step}: ${argv.join(' ')}`);
  const out = fs.openSync(log, 'w');
  let timedOut = false;
  try {
    const { child, pgid, exited } = spawnGroup(argv, { label: `guide ${step}`, cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const forward = (chunk) => {
      fs.writeSync(out, chunk);
      if (!quiet) process.stdout.write(chunk);
    };
    child.stdout.on('data', forward);
    child.stderr.on('data', forward);
    const timer = setTimeout(() => { timedOut = true; stopGroup(pgid, 5000); }, timeoutMs);
    const result = await exited;
    clearTimeout(timer);
    await stopGroup(pgid, 2000); // nothing of a finished step may outlive it
    if (result.error || result.code !== 0) {
      const tail = fs.readFileSync(log, 'utf8').split('\n').slice(-40).join('\n');
      const why = result.error ? result.error.message : timedOut ? `timed out after ${timeoutMs / 1000} s` : `exit ${result.code ?? result.signal}`;
      throw new GuideBuildError(`guide build: step "${step}" failed (${why})\n  command: ${argv.join(' ')}\n  log: ${log}\n--- last lines ---\n${tail}`);
    }
  } finally {
    fs.closeSync(out);
  }
  if (!quiet) console.log(`    (${step} took ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function compilerVersionLine(compilerPath) {
  try {
    return execFileSync(compilerPath, ['--version'], { encoding: 'utf8' }).split('\n')[0].trim();
  } catch (err) {
    throw new GuideBuildError(`guide build: cannot run ${compilerPath} --version: ${err.message}`);
  }
}

/**
 * Configures (first time only) and builds the guide's programs. options: sourceDir, buildDir,
 * targets (names; default all), quiet, env. Returns { buildDir, binDir, record, seconds }.
 */
async function ensureGuideBuild(options = {}) {
  const env = options.env || process.env;
  const sourceDir = path.resolve(options.sourceDir || defaultSource);
  const { state, statePath } = readState(env);
  const buildDir = path.resolve(options.buildDir || defaultBuildDir(state, sourceDir));
  const quiet = Boolean(options.quiet);
  const started = Date.now();
  fs.mkdirSync(buildDir, { recursive: true });
  const lock = path.join(buildDir, '.build.lock');
  // drogon_create_views runs drogon_ctl from PATH; the one of this Drogon comes first.
  const childEnv = { ...env, PATH: `${path.dirname(state.drogonCtl)}${path.delimiter}${env.PATH || ''}` };
  const jobs = String(Math.max(1, os.availableParallelism ? os.availableParallelism() : os.cpus().length));
  // flock: two test processes (or a test and ensure-deps) never build in one folder at once.
  const locked = (argv) => ['flock', '-w', String(BUILD_TIMEOUT_MS / 1000), lock, ...argv];

  if (!fs.existsSync(path.join(buildDir, 'CMakeCache.txt'))) {
    const launcher = compilerLauncher(sourceDir, env);
    await runStep('configure', locked(['cmake', '-S', sourceDir, '-B', buildDir, `-DCMAKE_PREFIX_PATH=${state.drogonPrefix}`,
      // g++ by name: the compiler the setup records (state.json "compiler" is `g++ --version`).
      '-DCMAKE_CXX_COMPILER=g++', '-DCMAKE_BUILD_TYPE=Debug', ...(launcher ? [`-DCMAKE_CXX_COMPILER_LAUNCHER=${launcher}`] : [])]),
      { cwd: sourceDir, env: childEnv, log: path.join(buildDir, 'configure.log'), quiet, timeoutMs: CONFIGURE_TIMEOUT_MS });
  }
  const targets = options.targets && options.targets.length ? options.targets.flatMap((t) => ['--target', t]) : [];
  if (targets.length) {
    // A targeted build does not re-run CMake first: a chapter added since the last configure would
    // be "No rule to make target". The Makefiles' own check re-runs it when a CMakeLists.txt changed.
    await runStep('check', locked(['cmake', '--build', buildDir, '--target', 'cmake_check_build_system']),
      { cwd: sourceDir, env: childEnv, log: path.join(buildDir, 'check.log'), quiet, timeoutMs: CONFIGURE_TIMEOUT_MS });
  }
  await runStep(targets.length ? `build ${options.targets.join(', ')}` : 'build', locked(['cmake', '--build', buildDir, '-j', jobs, ...targets]),
    { cwd: sourceDir, env: childEnv, log: path.join(buildDir, 'build.log'), quiet, timeoutMs: BUILD_TIMEOUT_MS });

  let configured;
  try {
    configured = JSON.parse(fs.readFileSync(path.join(buildDir, 'guide-configuration.json'), 'utf8'));
  } catch (err) {
    throw new GuideBuildError(`guide build: ${buildDir}/guide-configuration.json (written by examples/guide/CMakeLists.txt) is missing or invalid: ${err.message}`);
  }
  const record = {
    $comment: 'What the guide examples in this folder were built with; written by scripts/build-guide.js after each successful build.',
    sourceDir,
    drogonPrefix: state.drogonPrefix,
    drogonVersion: configured.drogonVersion,
    compiler: compilerVersionLine(configured.compilerPath),
    compilerId: configured.compilerId,
    compilerVersion: configured.compilerVersion,
    cxxStandard: configured.cxxStandard,
    buildType: configured.buildType,
    cmakeVersion: configured.cmakeVersion,
    chapters: configured.chapters.split(';').filter(Boolean),
    benchState: statePath,
    builtAt: new Date().toISOString(),
  };
  // The build must match what the setup recorded (and what the pages say, via tested-with.json).
  if (record.drogonVersion !== state.drogonVersion) throw new GuideBuildError(`guide build: CMake found Drogon ${record.drogonVersion} (${configured.drogonConfig}), the setup built ${state.drogonVersion}`);
  if (record.compiler !== state.compiler) throw new GuideBuildError(`guide build: compiled by "${record.compiler}", the setup recorded "${state.compiler}"`);
  if (record.cxxStandard !== state.cxxStandard) throw new GuideBuildError(`guide build: C++${record.cxxStandard}, the setup built Drogon as C++${state.cxxStandard}`);
  if (!options.targets || options.targets.length === 0) writeJsonAtomic(path.join(buildDir, 'guide-build.json'), record);
  const seconds = (Date.now() - started) / 1000;
  if (!quiet) console.log(`==> [guide] done in ${seconds.toFixed(1)} s: ${path.join(buildDir, 'bin')} (Drogon ${record.drogonVersion}, ${record.compiler}, C++${record.cxxStandard})`);
  return { buildDir, binDir: path.join(buildDir, 'bin'), record, seconds, state };
}

function parseArgs(argv) {
  const options = { targets: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new GuideBuildError(`guide build: ${arg} needs a value`);
      return argv[++i];
    };
    if (arg === '--target') options.targets.push(value());
    else if (arg === '--source') options.sourceDir = value();
    else if (arg === '--build-dir') options.buildDir = value();
    else if (arg === '--quiet') options.quiet = true;
    else throw new GuideBuildError(`guide build: unknown argument ${arg} (known: --target NAME, --source DIR, --build-dir DIR, --quiet)`);
  }
  return options;
}

if (require.main === module) {
  (async () => {
    try {
      await ensureGuideBuild(parseArgs(process.argv.slice(2)));
    } catch (err) {
      console.error(err instanceof GuideBuildError ? `error: ${err.message}` : err.stack);
      process.exit(1);
    }
  })();
}

module.exports = { ensureGuideBuild, defaultBuildDir, readState, compilerCache, GuideBuildError };
