// What the tutorial's step tests share (examples/tutorial/<NN-name>/*.test.js), on top of the guide's
// test support (examples/guide/test-support/): the one build of every step, and a step's program
// started as its page starts it.
//
// The build: every step folder is copied out of the repository (under $BENCH_HOME/build/) and built
// there with the command its page gives (its commands.sh region build: the guide's one command,
// docs/guide/guide.json folderBuildCommand; or release, the same for a release build, which step 8's
// page builds and deploys), as a reader's copy would be: so the build every test uses is also the
// check that each step builds on its own, and step 8 is built once, in the build type its page ships.
// Copies are kept between runs and only changed files are rewritten, so make rebuilds only what
// changed; a step whose files, command and Drogon are those of its last successful build is not
// even configured again (a record keyed by their content). A step's copy is named by that content
// key, not by the checkout: a fresh clone of the same steps finds the builds another checkout made
// (the cold test run), and two checkouts with different steps never share a copy. The two newest
// other copies of a step are kept, so switching branches back and forth rebuilds nothing.
// Two steps build at a time.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { loadGuideConfig } = require('../../../docs/src/guide/code-blocks');
const { stepFiles } = require('../../../docs/src/guide/step-changes');
const { writeJsonAtomic } = require('../../../shared/src/fs-atomic');
const guide = require('../../guide/test-support/guide-tests');

const tutorialDir = path.join(__dirname, '..');
const BUILD_TIMEOUT_MS = 30 * 60 * 1000;

/** The step folders, in order: ['01-project', ...]. */
function stepNames() {
  return fs.readdirSync(tutorialDir, { withFileTypes: true }).filter((d) => d.isDirectory() && /^\d{2}-/.test(d.name)).map((d) => d.name).sort();
}

// What a reader copies: the step's program files and its page's commands (the tests are left out).
function filesOf(step) {
  const dir = path.join(tutorialDir, step);
  const extra = ['commands.sh'].filter((f) => fs.existsSync(path.join(dir, f)));
  return [...stepFiles(path.dirname(tutorialDir), path.join(path.basename(tutorialDir), step)), ...extra].sort();
}

// Writes the copy's files whose content differs (a file left as it was keeps its time, so make does
// not rebuild it) and removes the files the step no longer has; build/ stays.
function syncCopy(step, files, copy) {
  const wanted = new Set(files);
  for (const f of files) {
    const from = fs.readFileSync(path.join(tutorialDir, step, f));
    const to = path.join(copy, f);
    if (fs.existsSync(to) && fs.readFileSync(to).equals(from)) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.writeFileSync(to, from, { mode: fs.statSync(path.join(tutorialDir, step, f)).mode });
  }
  const walk = (sub) => {
    for (const entry of fs.readdirSync(path.join(copy, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (!sub && entry.name === 'build') continue;
      if (entry.isDirectory()) walk(rel);
      else if (!wanted.has(rel)) fs.rmSync(path.join(copy, rel));
    }
  };
  walk('');
}

/**
 * The command that builds a step as its page says: its commands.sh region release if it has one,
 * else its region build. Either is the guide's one command (folderBuildCommand), a release build
 * adding -DCMAKE_BUILD_TYPE=Release to the first cmake, or this throws: a page's build that the test
 * does not run could drift.
 */
function stepBuildCommand(step, folderBuildCommand) {
  const text = fs.readFileSync(path.join(tutorialDir, step, 'commands.sh'), 'utf8');
  const region = /^# \[guide:release\]$/m.test(text) ? 'release' : 'build';
  const command = guide.exampleRegion(`${step}/commands.sh`, region, tutorialDir).trim();
  const expected = region === 'release' ? folderBuildCommand.replace('-B build', '-B build -DCMAKE_BUILD_TYPE=Release') : folderBuildCommand;
  if (command !== expected) throw new Error(`examples/tutorial/${step}/commands.sh#${region}: "${command}", where the guide's command is "${expected}"`);
  return { region, command };
}

function buildKey(step, files, { command, state }) {
  const hash = crypto.createHash('sha256');
  hash.update(JSON.stringify({ command, prefix: state.drogonPrefix, compiler: state.compiler }));
  for (const f of files) hash.update(`\0${f}\0`).update(fs.readFileSync(path.join(tutorialDir, step, f)));
  return hash.digest('hex').slice(0, 16);
}

// Removes the copies of a step other than `keep` and the two newest others (by their build record).
function pruneOtherCopies(root, step, keep) {
  const others = fs.readdirSync(root)
    .filter((name) => name.startsWith(`${step}-`) && path.join(root, name) !== keep)
    .map((name) => {
      const record = path.join(root, name, 'built.json');
      return { dir: path.join(root, name), time: fs.existsSync(record) ? fs.statSync(record).mtimeMs : 0 };
    })
    .sort((a, b) => b.time - a.time);
  for (const { dir } of others.slice(2)) fs.rmSync(dir, { recursive: true, force: true });
}

let building = null;

/**
 * Builds every step (once per process). Resolves to { dirOf(step), seconds, built, unchanged } where
 * dirOf(step) is the step's copy, with the programs in its build/.
 */
function buildSteps() {
  if (!building) building = build();
  return building;
}

async function build() {
  const { state, statePath } = guide.guideState();
  const { folderBuildCommand } = loadGuideConfig(path.join(tutorialDir, '..', '..'));
  const root = path.join(path.dirname(statePath), 'build', `tutorial-${path.basename(state.drogonPrefix)}`);
  fs.mkdirSync(root, { recursive: true });
  // A reader's Drogon is where CMake looks (CMAKE_PREFIX_PATH, which CMake reads from the
  // environment, says where the setup's is), its drogon_ctl on the PATH (drogon_create_views runs it).
  // CMAKE_EXPORT_COMPILE_COMMANDS (also read from the environment, by a new build folder): the compile
  // commands `npm run code-names` parses the steps' shown files with (scripts/record-code-names.js).
  const env = { ...process.env, CMAKE_PREFIX_PATH: state.drogonPrefix, CMAKE_EXPORT_COMPILE_COMMANDS: 'ON', PATH: `${path.dirname(state.drogonCtl)}:${process.env.PATH}` };
  const started = Date.now();
  const dirOf = new Map();
  const queue = stepNames();
  const built = [];
  const unchanged = [];
  const failures = [];
  const worker = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      // <root>/<step>-<key>/src: the folder's parent holds nothing else, so a path out of the folder
      // (../02-first-controller) finds nothing, as in a reader's copy.
      const files = filesOf(step);
      const { command } = stepBuildCommand(step, folderBuildCommand);
      const key = buildKey(step, files, { command, state });
      const home = path.join(root, `${step}-${key}`);
      const copy = path.join(home, 'src');
      const record = path.join(home, 'built.json');
      dirOf.set(step, copy);
      if (fs.existsSync(record) && fs.existsSync(path.join(copy, 'build', 'readinglist'))) {
        unchanged.push(step);
        continue;
      }
      fs.mkdirSync(copy, { recursive: true });
      syncCopy(step, files, copy);
      const begun = Date.now();
      // flock: two test processes never build one copy at once.
      const run = await guide.runCommand(['flock', '-w', String(BUILD_TIMEOUT_MS / 1000), path.join(home, '.lock'), 'nice', '-n', '5', 'bash', '-euo', 'pipefail', '-c', command],
        { cwd: copy, env, label: `${step}: ${command}`, timeoutMs: BUILD_TIMEOUT_MS });
      if (run.code !== 0) {
        failures.push(`examples/tutorial/${step}/, copied to ${copy}, does not build with "${command}" (${run.timedOut ? 'timed out' : `exit ${run.code ?? run.signal}`}):\n${(run.stdout + run.stderr).split('\n').slice(-30).join('\n')}`);
        continue;
      }
      pruneOtherCopies(root, step, home);
      writeJsonAtomic(record, { step, command, drogonPrefix: state.drogonPrefix, compiler: state.compiler, seconds: (Date.now() - begun) / 1000, builtAt: new Date().toISOString() });
      built.push(`${step} ${((Date.now() - begun) / 1000).toFixed(0)} s`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(2, os.availableParallelism()) }, worker));
  if (failures.length) throw new Error(failures.join('\n\n'));
  return { dirOf: (step) => dirOf.get(step), seconds: (Date.now() - started) / 1000, built, unchanged, state };
}

/**
 * A scratch folder laid out as the reader's step folder: the step's files (config.json with the
 * test's port for 8080), and build/ the step's built programs. Removed when test t ends.
 */
async function readerFolder(t, step, { port } = {}) {
  const { dirOf } = await buildSteps();
  const dir = guide.scratchDir(t, `tutorial-${step}-`);
  for (const f of filesOf(step)) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.copyFileSync(path.join(tutorialDir, step, f), path.join(dir, f));
  }
  if (port && fs.existsSync(path.join(dir, 'config.json'))) {
    const config = fs.readFileSync(path.join(dir, 'config.json'), 'utf8');
    if (!config.includes('"port": 8080')) throw new Error(`${step}/config.json: no "port": 8080 to give the test's port`);
    fs.writeFileSync(path.join(dir, 'config.json'), config.replace('"port": 8080', `"port": ${port}`));
  }
  fs.symlinkSync(path.join(dirOf(step), 'build'), path.join(dir, 'build'));
  return dir;
}

/** Runs region `region` of <step>/commands.sh as the page shows it, in cwd, port 8080 as `port`. */
function runStepRegion(step, region, { port, cwd, env, replace = {}, timeoutMs } = {}) {
  return guide.runRegion(step, region, { base: tutorialDir, cwd, env, timeoutMs, replace: { ...(port ? { 8080: port } : {}), ...replace } });
}

/** Runs the region and checks its output against <step>/expected/<region>.txt (guide's rules and masks). */
async function checkStepRegion(step, region, { port, cwd, env, replace, masks = [], timeoutMs } = {}) {
  const { stdout } = await runStepRegion(step, region, { port, cwd, env, replace, timeoutMs });
  guide.assertRegionOutput(step, region, stdout, { base: tutorialDir, masks, replaceInExpected: port ? { 8080: port } : {} });
  return stdout;
}

// Values that differ on every run: a session cookie, a CSRF token.
const MASKS = {
  cookie: [/(session=)[0-9a-f-]{36}/gi, '$1<random id>'],
  cookieFile: [/(\tsession\t)[0-9a-f-]{36}/gi, '$1<random id>'],
};

module.exports = { tutorialDir, stepNames, filesOf, stepBuildCommand, buildSteps, readerFolder, runStepRegion, checkStepRegion, MASKS };

/**
 * A step's program started in a reader's folder (readerFolder) on a free port, stopped when test t
 * ends: { port, dir, program }. env: extra environment (the production step's secret).
 */
async function startStep(t, step, { dir, env } = {}) {
  const port = await guide.pickPort();
  const folder = dir || await readerFolder(t, step, { port });
  if (dir) {
    const config = fs.readFileSync(path.join(dir, 'config.json'), 'utf8');
    fs.writeFileSync(path.join(dir, 'config.json'), config.replace(/"port": \d+/, `"port": ${port}`));
  }
  const program = await guide.startProgram([path.join(folder, 'build', 'readinglist')], { port, cwd: folder, env: { ...process.env, ...env }, label: `${step} readinglist` });
  t.after(() => program.stop());
  return { port, dir: folder, program };
}

/** The step's migrations applied to readinglist.db in dir, as the page does (migrate.sh). */
async function migrate(step, dir) {
  return guide.runChecked(['sh', 'migrate.sh', 'readinglist.db'], { cwd: dir, label: `${step}: sh migrate.sh readinglist.db` });
}

/** drogon_ctl create model models -f in dir: the files it writes must be the committed ones. */
async function checkModels(step, dir) {
  const { state } = guide.guideState();
  const models = path.join(dir, 'models');
  for (const f of fs.readdirSync(models)) if (f !== 'model.json') fs.rmSync(path.join(models, f));
  await guide.runChecked([state.drogonCtl, 'create', 'model', 'models', '-f'], { cwd: dir, label: `${step}: drogon_ctl create model models -f` });
  const committed = fs.readdirSync(path.join(tutorialDir, step, 'models')).sort();
  const generated = fs.readdirSync(models).sort();
  if (JSON.stringify(committed) !== JSON.stringify(generated)) throw new Error(`${step}/models: drogon_ctl wrote ${generated.join(', ')}; the step has ${committed.join(', ')}`);
  for (const f of generated) {
    if (!fs.readFileSync(path.join(models, f)).equals(fs.readFileSync(path.join(tutorialDir, step, 'models', f)))) {
      throw new Error(`${step}/models/${f} differs from what drogon_ctl create model writes from the step's migrations: regenerate it as the page says`);
    }
  }
  return generated;
}

module.exports.startStep = startStep;
module.exports.migrate = migrate;
module.exports.checkModels = checkModels;
