// Runs clang's front end (clang-names.py, libclang 14 through Debian's python3-clang-14) on the guide's
// translation units, a few at a time, each in its own process group and bounded in time. An answer is
// kept under $BENCH_HOME/build/code-names/ by a key of everything it depends on (the request, the
// files of the unit's folder, the walker, the Debian packages of clang and libstdc++), so a second run
// parses only what changed. Prints a line per unit (progress).
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const { spawnGroup, stopGroup } = require('../../../shared/src/process-group');
const { writeJsonAtomic } = require('../../../shared/src/fs-atomic');

const WALKER = path.join(__dirname, 'clang-names.py');
// Debian's python3-clang-14 installs the bindings for the system python, not a pyenv one.
const PYTHON = '/usr/bin/python3';
const UNIT_TIMEOUT_MS = 5 * 60 * 1000;
const PACKAGES = ['python3-clang-14', 'libclang1-14', 'libstdc++-12-dev'];

class ClangNamesError extends Error {}

function packageVersions() {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Package} ${Version}\n', ...PACKAGES], { encoding: 'utf8' }).trim();
  } catch (err) {
    throw new ClangNamesError(`clang front end: ${PACKAGES.join(', ')} must be installed (scripts/ensure-deps.sh installs them): ${String(err.stderr || err.message).trim()}`);
  }
}

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : e.isFile() ? [p] : [];
  }).sort();
}

function unitKey(request, context) {
  const hash = crypto.createHash('sha256');
  hash.update(JSON.stringify(request));
  hash.update(context);
  for (const file of filesUnder(path.dirname(request.file))) hash.update(`\0${file}\0`).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 32);
}

async function runWalker(request, { label }) {
  const { child, pgid, exited } = spawnGroup([PYTHON, WALKER], { label, stdio: ['pipe', 'pipe', 'pipe'] });
  const out = [];
  const err = [];
  child.stdout.on('data', (c) => out.push(c));
  child.stderr.on('data', (c) => err.push(c));
  child.stdin.end(JSON.stringify(request));
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; stopGroup(pgid, 2000); }, UNIT_TIMEOUT_MS);
  const result = await exited;
  clearTimeout(timer);
  await stopGroup(pgid, 1000);
  const stderr = Buffer.concat(err).toString('utf8').trim();
  if (result.error || result.code !== 0) {
    const why = result.error ? result.error.message : timedOut ? `timed out after ${UNIT_TIMEOUT_MS / 1000} s` : `exit ${result.code ?? result.signal}`;
    throw new ClangNamesError(`clang front end on ${request.file}: ${why}\n  command: ${PYTHON} ${WALKER}\n${stderr.split('\n').slice(-20).join('\n')}`);
  }
  try {
    return JSON.parse(Buffer.concat(out).toString('utf8'));
  } catch (e) {
    throw new ClangNamesError(`clang front end on ${request.file}: its answer is not JSON (${e.message}); stderr: ${stderr.slice(-2000)}`);
  }
}

/**
 * Answers for the requests ({ file, args, interest: { path: [[first, last]] }, libraryRoots }), in
 * order. options: cacheDir, jobs, log (a line printer), root (to print paths short).
 */
async function parseUnits(requests, { cacheDir, jobs = os.availableParallelism ? os.availableParallelism() : os.cpus().length, log = () => {}, root = '' } = {}) {
  const context = `${fs.readFileSync(WALKER, 'utf8')}\0${packageVersions()}`;
  fs.mkdirSync(cacheDir, { recursive: true });
  const answers = new Array(requests.length);
  let next = 0;
  let done = 0;
  const started = Date.now();
  const worker = async () => {
    while (next < requests.length) {
      const i = next++;
      const request = requests[i];
      const shown = root ? path.relative(root, request.file) : request.file;
      const cacheFile = path.join(cacheDir, `${unitKey(request, context)}.json`);
      let answer = null;
      let source = 'cached';
      try {
        answer = JSON.parse(fs.readFileSync(cacheFile, 'utf8'));
      } catch {
        const t = Date.now();
        answer = await runWalker(request, { label: `clang ${shown}` });
        source = `${((Date.now() - t) / 1000).toFixed(1)} s`;
        writeJsonAtomic(cacheFile, answer);
      }
      answers[i] = answer;
      done += 1;
      log(`[code-names] ${done}/${requests.length} ${shown} (${source})`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, requests.length)) }, worker));
  log(`[code-names] ${requests.length} translation unit(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return answers;
}

module.exports = { parseUnits, ClangNamesError, PYTHON, WALKER };
