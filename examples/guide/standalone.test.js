// Every chapter folder, copied out of the repository, builds on its own with the one command its page
// gives (docs/guide/guide.json folderBuildCommand, shown by the guide stage under every page's title),
// against the Drogon of `npm run bench:setup`, as a reader's copy would: nothing outside the folder
// is reachable from the copy.
//
// A full build of every chapter costs minutes on two cores, so a folder that built is recorded under
// $BENCH_HOME/build/guide-standalone/ by a key of everything the build depends on (the folder's
// files, the command, the Drogon prefix, the compiler): a later run builds only the folders that
// changed. Folders build in parallel, one per CPU (the command itself builds serially, as `make` does).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const { benchHome } = require('../../shared/src/bench-state');
const { writeJsonAtomic } = require('../../shared/src/fs-atomic');
const { loadGuideConfig } = require('../../docs/src/guide/code-blocks');
const { guideState, runCommand, examplesDir, repoRoot } = require('./test-support/guide-tests');

// Folders of examples/guide that are not chapters a page links to.
const notChapters = new Set(['test-support', 'build-record']);
const BUILD_TIMEOUT_MS = 20 * 60 * 1000;

/** Chapter folders with a CMakeLists.txt: the ones a page says build with one command. */
function buildableChapters() {
  return fs.readdirSync(examplesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !notChapters.has(d.name) && fs.existsSync(path.join(examplesDir, d.name, 'CMakeLists.txt')))
    .map((d) => d.name).sort();
}

// The files a reader gets with the folder: what git tracks or would track (not ignored), so files
// added but not yet committed count too; every file outside a git checkout.
function folderFiles(chapter) {
  const dir = path.join(examplesDir, chapter);
  try {
    const listed = execFileSync('git', ['-C', repoRoot, 'ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', path.relative(repoRoot, dir)], { encoding: 'utf8' });
    return listed.split('\0').filter(Boolean).map((f) => path.relative(dir, path.join(repoRoot, f))).filter((f) => fs.existsSync(path.join(dir, f))).sort();
  } catch {
    return fs.readdirSync(dir, { recursive: true }).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
  }
}

function buildKey(chapter, files, { command, state }) {
  const hash = crypto.createHash('sha256');
  hash.update(JSON.stringify({ command, prefix: state.drogonPrefix, compiler: state.compiler }));
  for (const f of files) hash.update(`\0${f}\0`).update(fs.readFileSync(path.join(examplesDir, chapter, f)));
  return hash.digest('hex').slice(0, 16);
}

test('every chapter folder, copied out of the repository, builds with the command its page gives', { timeout: 60 * 60 * 1000 }, async (t) => {
  const { state } = guideState();
  const command = loadGuideConfig(repoRoot).folderBuildCommand;
  const chapters = buildableChapters();
  assert.ok(chapters.length >= 28, `only ${chapters.length} chapter folders with a CMakeLists.txt`);
  const records = path.join(benchHome(), 'build', 'guide-standalone');
  fs.mkdirSync(records, { recursive: true });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-standalone-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
  assert.ok(path.relative(repoRoot, scratch).startsWith('..'), `the copies (${scratch}) must be outside the repository`);
  // A reader's Drogon is where CMake looks (CMAKE_PREFIX_PATH, an environment variable CMake reads, says
  // where the setup's is), and its drogon_ctl on the PATH (drogon_create_views runs it).
  const env = { ...process.env, CMAKE_PREFIX_PATH: state.drogonPrefix, PATH: `${path.dirname(state.drogonCtl)}:${process.env.PATH}` };

  const started = Date.now();
  const queue = [...chapters];
  const failures = [];
  const built = [];
  const cached = [];
  const worker = async () => {
    for (let chapter = queue.shift(); chapter; chapter = queue.shift()) {
      const files = folderFiles(chapter);
      const record = path.join(records, `${chapter}-${buildKey(chapter, files, { command, state })}.json`);
      if (fs.existsSync(record)) {
        cached.push(chapter);
        continue;
      }
      const copy = path.join(scratch, chapter);
      for (const f of files) {
        fs.mkdirSync(path.dirname(path.join(copy, f)), { recursive: true });
        fs.copyFileSync(path.join(examplesDir, chapter, f), path.join(copy, f));
      }
      const begun = Date.now();
      const run = await runCommand(['bash', '-euo', 'pipefail', '-c', command], { cwd: copy, env, label: `${chapter}: ${command}`, timeoutMs: BUILD_TIMEOUT_MS });
      const seconds = (Date.now() - begun) / 1000;
      if (run.code !== 0) {
        failures.push(`examples/guide/${chapter}/, copied to ${copy}, does not build with "${command}" (${run.timedOut ? 'timed out' : `exit ${run.code ?? run.signal}`}):\n${(run.stdout + run.stderr).split('\n').slice(-30).join('\n')}`);
        continue;
      }
      // It made programs (an executable file in build/, outside CMake's own folder).
      const programs = fs.readdirSync(path.join(copy, 'build'), { recursive: true })
        .filter((f) => !f.split(path.sep).includes('CMakeFiles') && fs.statSync(path.join(copy, 'build', f)).isFile() && (fs.statSync(path.join(copy, 'build', f)).mode & 0o111) && !/\.(sh|so|a)$/.test(f));
      if (programs.length === 0) {
        failures.push(`examples/guide/${chapter}/: "${command}" succeeded but left no program in build/`);
        continue;
      }
      writeJsonAtomic(record, { chapter, command, drogonPrefix: state.drogonPrefix, compiler: state.compiler, programs: programs.sort(), seconds, builtAt: new Date().toISOString() });
      built.push(`${chapter} ${seconds.toFixed(0)} s`);
      fs.rmSync(copy, { recursive: true, force: true });
    }
  };
  await Promise.all(Array.from({ length: os.availableParallelism() }, worker));
  t.diagnostic(`standalone builds: ${built.length} built (${built.join(', ') || 'none'}), ${cached.length} unchanged since their last build; ${((Date.now() - started) / 1000).toFixed(0)} s with ${os.availableParallelism()} at a time`);
  assert.deepEqual(failures, []);
});
