// Built copies of the chapter folders, one per install and content: a page's folder note says the
// folder, copied out of the repository, builds with one command; the page runner copies it, builds
// it with that command inside the install's machine, and keeps the built copy under
//   $BENCH_HOME/build/page-runner/<install>/<chapter>-<key>/
// key: the folder's files (what git tracks or would track) and their content, the command as run, the
// install (which Drogon, where) and the compiler. A later run with the same key builds nothing: each
// page run sees the built copy through a copy-on-write overlay (machine.mountCopy), where the
// page's own build command finds everything up to date. A folder that does not build fails with
// the command's output.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const { benchHome } = require('../../../shared/src/bench-state');
const { writeJsonAtomic } = require('../../../shared/src/fs-atomic');
const { sleep } = require('../../../shared/src/process-group');

const repoRoot = path.join(__dirname, '..', '..', '..');
const GUIDE_BASE = 'examples/guide';
const BUILD_TIMEOUT_MS = 30 * 60 * 1000;
// Built copies kept per install and chapter besides the one in use (other checkouts, older content).
const KEEP_OTHERS = 2;

/** Where the built copies of an install live. */
function buildsRoot(install, env = process.env) {
  return path.join(benchHome(env), 'build', 'page-runner', install.name);
}

/**
 * The files a reader gets with <base>/<chapter> (base: examples/guide, or examples/tutorial for a
 * tutorial step): what git tracks or would track, else every file.
 */
function folderFiles(chapter, root = repoRoot, base = GUIDE_BASE) {
  const dir = path.join(root, base, chapter);
  try {
    const listed = execFileSync('git', ['-C', root, 'ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', path.relative(root, dir)], { encoding: 'utf8' });
    return listed.split('\0').filter(Boolean).map((f) => path.relative(dir, path.join(root, f))).filter((f) => fs.existsSync(path.join(dir, f))).sort();
  } catch {
    return fs.readdirSync(dir, { recursive: true }).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
  }
}

function buildKey(chapter, files, { command, install, compiler, root, base }) {
  const hash = crypto.createHash('sha256');
  hash.update(JSON.stringify({ command, install: install.name, drogon: install.drogonKey, compiler }));
  if (base !== GUIDE_BASE) hash.update(`\0base\0${base}`); // the guide's keys as they were
  for (const f of files) hash.update(`\0${f}\0`).update(fs.readFileSync(path.join(root, base, chapter, f)));
  return hash.digest('hex').slice(0, 16);
}

// A lock folder (mkdir is atomic) naming its process; the lock of a process that is gone is taken over.
async function withLock(lock, fn, timeoutMs = BUILD_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), `${process.pid}\n`);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      let owner = 0;
      try { owner = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8')); } catch { /* being written */ }
      let alive = false;
      try { process.kill(owner, 0); alive = owner > 0; } catch (e) { alive = e.code === 'EPERM'; }
      if (owner > 0 && !alive) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`${lock} is held by process ${owner} for more than ${timeoutMs / 1000} s`);
      else await sleep(500);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

// Older built copies of this chapter and install go, but the KEEP_OTHERS newest (other checkouts).
function prune(rootDir, chapter, keep) {
  const mine = fs.readdirSync(rootDir).filter((n) => n.startsWith(`${chapter}-`) && n.endsWith('.json') && n !== `${keep}.json`
    && /^[0-9a-f]{16}$/.test(n.slice(chapter.length + 1, -5)))
    .map((n) => ({ n, t: fs.statSync(path.join(rootDir, n)).mtimeMs })).sort((a, b) => b.t - a.t);
  for (const { n } of mine.slice(KEEP_OTHERS)) {
    const name = n.slice(0, -5);
    if (fs.existsSync(path.join(rootDir, `${name}.lock`))) continue;
    fs.rmSync(path.join(rootDir, n), { force: true });
    fs.rmSync(path.join(rootDir, name), { recursive: true, force: true });
  }
}

/**
 * The built copy of <base>/<chapter> (examples/guide/<chapter> by default) for an install: built now with `command` (run by
 * runBuild(dir) in the install's machine, which resolves { code, output }) unless a copy with the same
 * key exists. Resolves { dir, key, cached, seconds }; rejects with the command's output when the folder
 * does not build.
 */
async function chapterBuild({ chapter, base = GUIDE_BASE, command, install, compiler, runBuild, root = repoRoot, env = process.env }) {
  const rootDir = buildsRoot(install, env);
  fs.mkdirSync(rootDir, { recursive: true });
  const files = folderFiles(chapter, root, base);
  const key = buildKey(chapter, files, { command, install, compiler, root, base });
  const name = `${chapter}-${key}`;
  const dir = path.join(rootDir, name);
  const record = path.join(rootDir, `${name}.json`);
  return withLock(path.join(rootDir, `${name}.lock`), async () => {
    if (fs.existsSync(record) && fs.existsSync(dir)) {
      fs.utimesSync(record, new Date(), new Date()); // in use: pruned last
      return { dir, key, cached: true, seconds: 0 };
    }
    fs.rmSync(dir, { recursive: true, force: true });
    for (const f of files) {
      fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      fs.copyFileSync(path.join(root, base, chapter, f), path.join(dir, f));
    }
    const started = Date.now();
    const run = await runBuild(dir);
    const seconds = (Date.now() - started) / 1000;
    if (run.code !== 0) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`${base}/${chapter}/, copied out of the repository, does not build with "${command}" (${install.name} install; exit ${run.code ?? run.signal}):\n${run.output.split('\n').slice(-40).join('\n')}`);
    }
    writeJsonAtomic(record, { chapter, command, install: install.name, drogon: install.drogonKey, compiler, seconds, builtAt: new Date().toISOString() });
    prune(rootDir, chapter, name);
    return { dir, key, cached: false, seconds };
  });
}

module.exports = { chapterBuild, buildsRoot, folderFiles, BUILD_TIMEOUT_MS };
