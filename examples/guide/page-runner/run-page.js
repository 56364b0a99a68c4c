// The page runner: follows a guide page word for word, as a reader with one of the two Drogon installs
// would (installs.js), on a machine of its own (machine.js), and fails at the first block that does
// not do what the page says.
//
// In page order (read-page.js reads the rendered page):
//   - the folder note: the chapter's folder, copied out of the repository, built with the note's
//     command (for the prefix install with the note's -DCMAKE_PREFIX_PATH option added to its first
//     cmake, as the note says) and the page's first blocks when they only build it again (a release
//     build); a built copy is kept by content (chapter-builds.js) and every run works in a
//     copy-on-write layer over it, where the same commands find everything built;
//   - each sh or bash block: a fresh shell of that language, from the folder the reader is in (the
//     block before may have changed it with cd), -e so that the first failing command fails the
//     block; it must end with status 0 (or the exit=<status> the page gives) within its time; on the
//     prefix install, each `cmake` that configures gets the folder note's -DCMAKE_PREFIX_PATH option,
//     the one rewrite, which every page asks of a reader with a prefix;
//   - a block marked keeps-running runs on in a terminal of its own: the runner goes on once it
//     listens on a port (a server) or, marked client (it listens on none), once it has printed a
//     line or has run 3 s without a word (readiness()); stops=<region> first stops that terminal with
//     Ctrl+C (SIGINT to its process group), waits=<region> waits until it ends by itself (a program
//     that runs for a while, as the page says); the page's end stops every terminal still running,
//     then the machine (and with it anything the page started as a daemon);
//   - an expected block (examples/guide/<chapter>/expected/<x>.txt) is compared with what the block of
//     region <x> printed (compare-output.js): before the next command when that block ended, when
//     its terminal is stopped when it keeps running; what it wrote to standard output is compared,
//     or, for a page that shows an error message, all it wrote (curl's progress meter goes to
//     standard error when its output is not a terminal); where several expected blocks give one
//     region's output (SQLite3 and PostgreSQL word an error differently), one of them must match;
//   - a file the page shows whole is saved where the reader is, when the reader is not in the
//     chapter's folder (which has it) and the file's folder is there, as "save this as" asks;
//   - a block marked untested is skipped, and must be followed, before the next heading, by a note
//     that says why (read-page.js UNTESTED_LABELS); a block for the other install is skipped too.
// A page with choices (choice=<name>: SQLite3 or PostgreSQL) is followed once per choice.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { readPage, guidePages } = require('./read-page');
const { startMachine, READER_ENV } = require('./machine');
const { compilerCacheDir, compilerCacheEnv } = require('./compiler-cache');
const { chapterBuild, buildsRoot, folderFiles } = require('./chapter-builds');
const { outputDiffers } = require('./compare-output');
const { sleep } = require('../../../shared/src/process-group');

const repoRoot = path.join(__dirname, '..', '..', '..');
const BLOCK_TIMEOUT_MS = 5 * 60 * 1000;
const BUILD_BLOCK_TIMEOUT_MS = 30 * 60 * 1000;
const READY_TIMEOUT_MS = 120 * 1000;
const SILENT_MS = 3 * 1000;
const CTRL_C_GRACE_MS = 15 * 1000;
const WAIT_TIMEOUT_MS = 5 * 60 * 1000;

class PageError extends Error {}

// A configuring cmake (not --build, --install, -E, -P): where a reader with a prefix adds the option.
const CMAKE_CONFIGURE = /(^|[\s;&|(])cmake(?=\s)(?!\s+(?:--build|--install|-E|-P|--version)\b)([^\n;&|)]*)/g;

/** The command as a reader with this install types it: the prefix option on every configuring cmake. */
function forInstall(text, install, prefixOption) {
  if (install.name !== 'prefix' || !prefixOption) return text;
  return text.replace(CMAKE_CONFIGURE, (all, before, args) => (args.includes('CMAKE_PREFIX_PATH') ? all : `${before}cmake${args.replace(/\s*$/, '')} ${prefixOption}${/\s$/.test(args) ? args.match(/\s*$/)[0] : ''}`));
}

/** The page's choices (choice=<name>), in page order; [null] when it has none. */
function choicesOf(steps) {
  const names = [...new Set(steps.filter((s) => s.kind === 'commands' && s.run.choice).map((s) => s.run.choice))];
  return names.length ? names : [null];
}

/**
 * Problems of a page's marks, without running anything: an untested block with no note after it
 * (before the next heading), a note after commands of its section none of which is untested, a stops= naming no
 * keeps-running block above it. [] when none.
 */
function markProblems(steps, where) {
  const problems = [];
  const running = new Set();
  steps.forEach((step, i) => {
    if (step.kind === 'commands' && step.run.untested) {
      const rest = steps.slice(i + 1);
      const note = rest.find((s) => s.kind === 'note' || (s.kind === 'commands' && s.heading !== step.heading));
      if (!note || note.kind !== 'note' || note.heading !== step.heading) problems.push(`${where}: the block ${step.region ? `#${step.region}` : JSON.stringify(step.text.split('\n')[0])} is marked untested, but no note saying why follows it in "${step.heading}"`);
    }
    if (step.kind === 'note') {
      // A note about code the runner does not run anyway (a CMake fragment, PowerShell) is fine; one
      // after commands of its section must follow one marked untested.
      const before = steps.slice(0, i).filter((s) => s.kind === 'commands' && s.heading === step.heading);
      if (before.length && !before.some((s) => s.run.untested)) problems.push(`${where}: the note "${step.text.slice(0, 60)}…" follows no block marked untested in "${step.heading}"`);
    }
    for (const key of ['stops', 'waits']) {
      if (step.kind === 'commands' && step.run[key] && !running.has(step.run[key])) problems.push(`${where}: #${step.region} ${key}=${step.run[key]}, but no block above it keeps running with that region`);
    }
    if (step.kind === 'commands' && step.run.keepsRunning && step.region) running.add(step.region);
  });
  return problems;
}

/** The commands of a page as a list a reader in another language must see the same: text and marks. */
function commandsSignature(steps) {
  return steps.filter((s) => s.kind === 'commands').map((s) => JSON.stringify([s.lang, s.region, s.text, s.run]));
}

// A reader's machine for an install: the built copies and the compiler cache (compiler-cache.js)
// written through.
async function startReaderMachine(install, scratch, processEnv) {
  const cacheDir = compilerCacheDir(processEnv);
  const machine = await startMachine({ install, scratch, shared: [buildsRoot(install, processEnv), ...(cacheDir ? [cacheDir] : [])] });
  return { ...machine, compilerCacheEnv: compilerCacheEnv(cacheDir) };
}

// The environment a reader with this install has after the Installation page: the variables its
// blocks for this install export (a prefix's bin folder on the PATH), evaluated in the machine.
async function readerEnvironment(machine, install, root) {
  const installation = guidePages(root).find((p) => p.id === 'installation');
  const blocks = installation ? readPage(installation, 'en', { root }).filter((s) => s.kind === 'commands' && s.run.install === install.name && /(^|\s)export\s/m.test(s.text)) : [];
  if (blocks.length === 0) return { ...READER_ENV, ...machine.compilerCacheEnv };
  const shell = machine.run('sh', `${blocks.map((b) => b.text).join('\n')}\nenv -0 >&3`, { cwd: '/root', env: READER_ENV, label: 'installation: the shell settings' });
  const result = await shell.exited;
  if (result.code !== 0) throw new PageError(`the Installation page's shell settings for the ${install.name} install failed:\n${shell.output()}`);
  // fd 3 carries the environment (then the folder, which is ignored here).
  const env = {};
  for (const pair of (shell.cwd() || '').split('\0')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && Object.prototype.hasOwnProperty.call(READER_ENV, pair.slice(0, eq))) env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return { ...READER_ENV, ...env, ...machine.compilerCacheEnv };
}

function timeoutFor(text) {
  return /cmake\s+--build|\bmake\b|\bcmake\s+-S/.test(text) ? BUILD_BLOCK_TIMEOUT_MS : BLOCK_TIMEOUT_MS;
}

// A line that only configures or builds the copy's build/ folder again (a release build).
const REBUILD_LINE = /^cmake\s+(?:-S\s+\.\s+-B\s+build|--build\s+build)(?:\s+[^\s;&|<>`$()'"]+)*$/;

// The page's first blocks, when all they do is configure and build the copy again (Deployment's and
// the tutorial's release builds): the reader runs them right after the folder note's command, so the
// built copy is made with them too, and the page's own run of them finds everything up to date
// instead of compiling the program again.
// (A block that repeats the folder note's command changes nothing, and is left out.)
function leadingRebuilds(steps, folder, install) {
  const linesOf = (text) => text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')).flatMap((l) => l.split(/\s*&&\s*/));
  const noteLines = JSON.stringify(linesOf(folder.buildCommand));
  const blocks = [];
  for (const step of steps) {
    if (step.kind !== 'commands') continue;
    if (step.run.untested || step.run.choice || step.run.keepsRunning || (step.run.install && step.run.install !== install.name)) break;
    const lines = linesOf(step.text);
    if (lines.length === 0 || !lines.every((l) => REBUILD_LINE.test(l))) break;
    if (blocks.length === 0 && JSON.stringify(lines) === noteLines) continue;
    blocks.push(forInstall(step.text, install, folder.prefixOption));
  }
  return blocks;
}

// The command a page's built copy is made with: the folder note's, as the install's reader types it,
// then the page's leading rebuilds (one sh -e script).
function folderCommand(steps, folder, install) {
  return [forInstall(folder.buildCommand, install, folder.prefixOption), ...leadingRebuilds(steps, folder, install)].join('\n');
}

// The built copy of a page's folder (chapter-builds.js), built in `machine` with `command`
// (folderCommand), unless a copy of the same content and command is there.
function buildFolder({ machine, folder, command, install, env, root, processEnv }) {
  return chapterBuild({
    chapter: folder.chapter, base: folder.base, command, install, compiler: install.state.compiler, root, env: processEnv,
    runBuild: async (dir) => {
      const proc = machine.run('sh', command, { cwd: dir, env, label: `${folder.chapter}: ${command}` });
      const result = await endWithin(proc, BUILD_BLOCK_TIMEOUT_MS);
      if (!result) await proc.stop(2000);
      return { code: result ? result.code : 'timeout', signal: result && result.signal, output: proc.output() };
    },
  });
}

/**
 * Builds the folders of these pages for an install before the pages run, `jobs` at a time, each in
 * a machine of its own: the folder note's command builds one folder with one job (make), so two
 * folders at once use two CPUs. Resolves [{ chapter, cached, seconds }]; rejects with every folder
 * that did not build.
 */
async function prebuildFolders(pages, install, { root = repoRoot, jobs = os.availableParallelism(), log = () => {}, env: processEnv = process.env } = {}) {
  const folders = [];
  for (const page of pages) {
    const steps = readPage(page, 'en', { root });
    const folder = steps.find((s) => s.kind === 'folder' && s.buildCommand);
    const command = folder && folderCommand(steps, folder, install);
    if (folder && !folders.some((f) => f.chapter === folder.chapter && f.base === folder.base && f.command === command)) folders.push({ ...folder, command });
  }
  const queue = [...folders];
  const done = [];
  const failures = [];
  fs.mkdirSync(buildsRoot(install, processEnv), { recursive: true });
  const worker = async () => {
    for (let folder = queue.shift(); folder; folder = queue.shift()) {
      const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `page-runner-build-${folder.chapter}-`));
      let machine = null;
      try {
        machine = await startReaderMachine(install, scratch, processEnv);
        const env = await readerEnvironment(machine, install, root);
        const built = await buildFolder({ machine, folder, command: folder.command, install, env, root, processEnv });
        log(`${folder.chapter} [${install.name}]: ${built.cached ? 'built copy found' : `built in ${built.seconds.toFixed(0)} s`}`);
        done.push({ chapter: folder.chapter, cached: built.cached, seconds: built.seconds });
      } catch (err) {
        failures.push(err.message);
      } finally {
        if (machine) await machine.stop();
        fs.rmSync(scratch, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  if (failures.length) throw new PageError(failures.join('\n\n'));
  return done;
}

async function endWithin(proc, ms) {
  let timer;
  const result = await Promise.race([proc.exited, new Promise((resolve) => { timer = setTimeout(() => resolve(null), ms); })]);
  clearTimeout(timer);
  return result;
}

// Waits until a keeps-running block is ready for the reader's next command: a server once it listens
// (the same ports twice in a row, so that all its listeners are up; a block that builds first, then
// starts it, prints and pauses on the way); a client (marked client: it listens on no port) once it
// has printed a line (that it is connected) and then nothing for a moment, or nothing at all for
// SILENT_MS (psql holding a lock). Returns 'listening', 'waiting', 'timeout', or the exit result when
// it ended.
async function readiness(proc, { client = false } = {}) {
  const started = Date.now();
  let ports = [];
  let printed = '';
  let quietSince = Date.now();
  for (;;) {
    const done = proc.isDone();
    if (done) return done;
    const now = proc.listening();
    if (now.length && now.join() === ports.join()) return 'listening';
    ports = now;
    const output = proc.output();
    if (output !== printed) { printed = output; quietSince = Date.now(); }
    const waited = Date.now() - started;
    if (client && printed.includes('\n') && Date.now() - quietSince > 500) return 'waiting';
    if (client && printed === '' && waited > SILENT_MS) return 'waiting';
    if (waited > READY_TIMEOUT_MS) return 'timeout';
    await sleep(100);
  }
}

/**
 * What is wrong with a page's marks before anything runs (markProblems), and, for the committed page,
 * where its other languages do not show the same commands, marked alike, and as many "not run" notes.
 */
function pageProblems(page, { root = repoRoot, markdown } = {}) {
  const where = page.entries.en.relPath;
  const steps = readPage(page, 'en', { root, markdown });
  const problems = markProblems(steps, where);
  if (markdown === undefined) {
    const mine = commandsSignature(steps);
    const notes = steps.filter((s) => s.kind === 'note').length;
    for (const code of ['zh-CN', 'zh-TW']) {
      const other = readPage(page, code, { root });
      const theirs = commandsSignature(other);
      const at = mine.findIndex((s, i) => s !== theirs[i]);
      if (at >= 0 || theirs.length !== mine.length) problems.push(`${page.entries[code].relPath}: its commands differ from ${where}'s at block ${(at >= 0 ? at : mine.length) + 1} (${theirs[at >= 0 ? at : mine.length] || 'none'} against ${mine[at >= 0 ? at : mine.length] || 'none'})`);
      const theirNotes = other.filter((s) => s.kind === 'note').length;
      if (theirNotes !== notes) problems.push(`${page.entries[code].relPath}: ${theirNotes} "not run" notes, ${where} has ${notes}`);
    }
  }
  return { steps, problems };
}

/**
 * Follows one page (a manifest page of the guide) with one install. options: root, log (progress
 * lines), markdown (the page's Markdown instead of its file: the runner's own tests). Resolves a
 * summary { page, install, choices: [{ choice, ran, skipped, compared, uncompared, seconds }] };
 * rejects with a PageError naming the page, the block and its output.
 */
async function runPage(page, install, { root = repoRoot, log = () => {}, markdown, env = process.env } = {}) {
  const where = page.entries.en.relPath;
  const { steps, problems } = pageProblems(page, { root, markdown });
  if (problems.length) throw new PageError(problems.join('\n'));
  const summary = { page: page.id, install: install.name, choices: [] };
  for (const choice of choicesOf(steps)) {
    summary.choices.push(await followOnce(steps, { page, install, choice, root, log, where, env }));
  }
  return summary;
}

async function followOnce(steps, { page, install, choice, root, log, where, env: processEnv }) {
  const started = Date.now();
  const label = `${where}${choice ? ` (${choice})` : ''} [${install.name}]`;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `page-runner-${page.id}-`));
  const folder = steps.find((s) => s.kind === 'folder');
  fs.mkdirSync(buildsRoot(install, processEnv), { recursive: true });
  const machine = await startReaderMachine(install, scratch, processEnv);
  const terminals = new Map(); // region -> { proc, text }
  const outputs = new Map(); // region -> { output, ended }
  const pending = new Map(); // region -> [{ rel, text }] expected blocks not yet matched
  const ran = [];
  const skipped = [];
  const compared = [];
  const uncompared = [];
  const transcript = [];
  const fail = (message) => new PageError(`${label}: ${message}`);

  // The expected blocks of a region, once its output is known: one of them must match.
  const settle = (region) => {
    const wanted = pending.get(region);
    const out = outputs.get(region);
    if (!wanted || !out) return;
    pending.delete(region);
    // What it wrote to its standard output, or all it wrote (an error message on standard error):
    // one of them must show what the page shows.
    const differences = wanted.map((w) => ([out.stdout, out.output].some((text) => outputDiffers(text, w.text, { ended: out.ended, rel: w.rel }) === null)
      ? null : outputDiffers(out.stdout, w.text, { ended: out.ended, rel: w.rel })));
    if (differences.every((d) => d !== null)) {
      throw fail(`#${region} ${differences[0]}\n(compared with ${wanted.map((w) => w.file || `examples/guide/${w.rel}`).join(' and ')})`);
    }
    compared.push(...wanted.map((w) => w.rel));
  };
  // Ctrl+C to a terminal (or, waiting: the reader waits until it ends by itself, as the page says).
  const stopTerminal = async (region, why, { waiting = false } = {}) => {
    const terminal = terminals.get(region);
    if (!terminal) throw fail(`${why}: no terminal runs #${region}`);
    terminals.delete(region);
    if (waiting) {
      const ended = await endWithin(terminal.proc, WAIT_TIMEOUT_MS);
      if (!ended) {
        await terminal.proc.stop(2000);
        throw fail(`${why}: #${region} did not end by itself within ${WAIT_TIMEOUT_MS / 1000} s:\n${terminal.proc.output()}`);
      }
      if (ended.code !== 0) throw fail(`${why}: #${region} ended with ${ended.code === null ? `signal ${ended.signal}` : `exit ${ended.code}`}:\n${terminal.proc.output()}`);
    } else {
      terminal.proc.signal('SIGINT'); // Ctrl+C
      if (!(await endWithin(terminal.proc, CTRL_C_GRACE_MS))) await terminal.proc.stop(2000);
    }
    await terminal.proc.exited;
    outputs.set(region, { output: terminal.proc.output(), stdout: terminal.proc.stdout(), ended: waiting });
    transcript.push(`--- ${waiting ? 'ended' : 'Ctrl+C'}: #${region}\n${terminal.proc.output()}`);
    settle(region);
  };

  try {
    const env = await readerEnvironment(machine, install, root);
    let cwd = '/root';
    let copyRoot = null;
    if (folder) {
      const chapter = folder.chapter;
      if (folder.buildCommand) {
        const command = folderCommand(steps, folder, install);
        log(`${label}: the folder note: ${command.replace(/\n/g, '; then ')} (${folder.base}/${chapter}/, copied)`);
        const built = await buildFolder({ machine, folder, command, install, env, root, processEnv });
        log(`${label}: ${built.cached ? 'built copy found' : `built in ${built.seconds.toFixed(0)} s`}: ${built.dir}`);
        await machine.mountCopy(built.dir);
        copyRoot = built.dir;
        // The reader's own run of the note's command, in the copy: everything is up to date.
        const proc = machine.run('sh', command, { cwd: copyRoot, env, label: 'folder note' });
        const result = await endWithin(proc, BUILD_BLOCK_TIMEOUT_MS);
        if (!result || result.code !== 0) throw fail(`the folder note's command "${command}" failed in the copy:\n${proc.output()}`);
      } else {
        // A folder of files only (no CMakeLists.txt): copied where the reader works.
        copyRoot = `/root/${chapter}`;
        for (const f of folderFiles(chapter, root, folder.base)) {
          const target = machine.path(path.posix.join(copyRoot, f));
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.copyFileSync(path.join(root, folder.base, chapter, f), target);
        }
      }
      cwd = copyRoot;
    }

    for (const step of steps) {
      if (step.kind === 'file') {
        if (step.region !== null || !copyRoot || cwd === copyRoot) continue;
        const rel = step.rel.split('/').slice(1).join('/');
        const target = machine.path(path.posix.join(cwd, rel));
        if (!fs.existsSync(target) && fs.existsSync(path.dirname(target))) {
          fs.writeFileSync(target, `${step.text}\n`);
          transcript.push(`--- saved ${path.posix.join(cwd, rel)}`);
        }
        continue;
      }
      if (step.kind === 'expected') {
        const region = path.posix.basename(step.rel, '.txt');
        const list = pending.get(region) || [];
        list.push({ rel: step.rel, file: step.file, text: step.text });
        pending.set(region, list);
        // Compared before the next command runs (with any other expected block of the same output
        // that follows: one of them must match), or when its terminal stops.
        continue;
      }
      if (step.kind !== 'commands') continue;
      const name = step.region ? `#${step.region}` : JSON.stringify(step.text.split('\n')[0]);
      if (step.run.untested) { skipped.push(`${name} (untested: see the page's note)`); continue; }
      if (step.run.install && step.run.install !== install.name) { skipped.push(`${name} (for the ${step.run.install} install)`); continue; }
      if (step.run.choice && step.run.choice !== choice) { skipped.push(`${name} (the ${step.run.choice} choice)`); continue; }
      // The expected blocks shown after outputs that are complete: compared now.
      for (const region of [...pending.keys()]) if (outputs.has(region)) settle(region);
      if (step.run.stops) await stopTerminal(step.run.stops, `${name} stops=${step.run.stops}`);
      if (step.run.waits) await stopTerminal(step.run.waits, `${name} waits=${step.run.waits}`, { waiting: true });
      const text = forInstall(step.text, install, folder && folder.prefixOption);
      log(`${label}: ${name}${step.run.keepsRunning ? ' (keeps running)' : ''}`);
      transcript.push(`--- ${name} in ${cwd}\n${text}`);
      const proc = machine.run(step.lang, text, { cwd, env, label: `${page.id} ${name}` });
      ran.push(name);
      if (step.run.keepsRunning) {
        const ready = await readiness(proc, { client: Boolean(step.run.client) });
        if (ready === 'timeout') {
          await proc.stop(2000);
          throw fail(`${name} keeps running, but did not listen on a port within ${READY_TIMEOUT_MS / 1000} s (a program that listens on none is marked client on the page):\n${proc.output()}`);
        }
        if (typeof ready === 'object' && ready.code !== 0) throw fail(`${name} should keep running, but ended (exit ${ready.code ?? ready.signal}):\n${proc.output()}`);
        if (typeof ready === 'object') { // done already, as it should be (psql, its transaction over)
          if (step.region) outputs.set(step.region, { output: proc.output(), stdout: proc.stdout(), ended: true });
          continue;
        }
        if (step.region && terminals.has(step.region)) throw fail(`${name} started again while its first run still runs`);
        terminals.set(step.region || name, { proc, text });
        continue;
      }
      const result = await endWithin(proc, timeoutFor(text));
      if (!result) {
        await proc.stop(2000);
        throw fail(`${name} did not end within ${timeoutFor(text) / 1000} s (a command that keeps running is marked keeps-running on the page):\n${proc.output()}`);
      }
      transcript.push(proc.output());
      const want = step.run.exit === undefined ? 0 : Number(step.run.exit);
      if (result.code !== want) throw fail(`${name} ended with ${result.code === null ? `signal ${result.signal}` : `exit ${result.code}`}${want ? ` (the page says ${want})` : ''}, run in ${cwd}:\n${text}\n--- its output:\n${proc.output()}`);
      cwd = proc.cwd() || cwd;
      if (step.region) outputs.set(step.region, { output: proc.output(), stdout: proc.stdout(), ended: true });
    }
    for (const region of [...terminals.keys()]) await stopTerminal(region, 'the end of the page');
    for (const [region, wanted] of pending) {
      if (outputs.has(region)) settle(region);
      else uncompared.push(...wanted.map((w) => w.rel));
    }
    return { choice, ran, skipped, compared, uncompared, seconds: (Date.now() - started) / 1000 };
  } catch (err) {
    if (err instanceof PageError) {
      const tail = transcript.join('\n').split('\n').slice(-60).join('\n');
      err.message += `\n--- the last of what ran (${label}):\n${tail}`;
    }
    throw err;
  } finally {
    for (const { proc } of terminals.values()) await proc.stop(2000);
    await machine.stop();
    fs.rmSync(scratch, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

module.exports = { runPage, prebuildFolders, pageProblems, forInstall, folderCommand, markProblems, choicesOf, PageError };
