#!/usr/bin/env node
// `npm run code-names`: the compiler's view of every C++ name the pages show, into
// docs/guide/code-names.json (docs/src/code-names/record.js). Builds the guide's programs first
// (scripts/build-guide.js: the compile commands are those of that build) and the tutorial's steps
// (examples/tutorial/test-support/tutorial-tests.js), then asks clang's front end
// about every shown line, and writes the record atomically. `npm run build` reads the record and
// needs no compiler; run this after changing a sample or a page's code blocks, and commit the file.
//
//   node scripts/record-code-names.js [--check] [--build-dir DIR] [--quiet]
//     --check      write nothing: exit 1 when the committed record differs from a fresh one
//     --build-dir  an existing configured guide build to take compile_commands.json from (no build)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { ensureGuideBuild, readState } = require('./build-guide');
const { buildSteps, stepNames } = require('../examples/tutorial/test-support/tutorial-tests');
const { benchHome } = require('../shared/src/bench-state');
const { writeFileAtomic } = require('../shared/src/fs-atomic');
const { makeRecord } = require('../docs/src/code-names/record');
const { RECORD_PATH, formatRecord } = require('../docs/src/code-names/record-file');

const repoRoot = path.join(__dirname, '..');

function parseArgs(argv) {
  const options = { check: false, buildDir: null, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--check') options.check = true;
    else if (argv[i] === '--quiet') options.quiet = true;
    else if (argv[i] === '--build-dir' && i + 1 < argv.length) options.buildDir = path.resolve(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]} (known: --check, --build-dir DIR, --quiet)`);
  }
  return options;
}

// The tutorial's steps, each built from a copy of its folder (the build their tests share:
// examples/tutorial/test-support/), with their compile commands. A build folder made before the steps
// exported them is configured again with CMAKE_EXPORT_COMPILE_COMMANDS (nothing is rebuilt).
async function tutorialBuilds({ root, log }) {
  if (path.resolve(root) !== repoRoot || !fs.existsSync(path.join(root, 'examples', 'tutorial'))) return [];
  log('[code-names] building the tutorial\'s steps (shared with their tests)');
  const steps = await buildSteps();
  const copies = [];
  for (const step of stepNames()) {
    const copy = steps.dirOf(step);
    const buildDir = path.join(copy, 'build');
    if (!fs.existsSync(path.join(buildDir, 'compile_commands.json'))) {
      execFileSync('cmake', ['-S', copy, '-B', buildDir, '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON'], { stdio: 'ignore' });
    }
    copies.push({ buildDir, copy, source: path.join(root, 'examples', 'tutorial', step) });
  }
  return copies;
}

/** Makes the record: { text (the file's content), record, problems, units, seconds }. */
async function freshRecord({ root = repoRoot, buildDir = null, quiet = false, env = process.env } = {}) {
  const started = Date.now();
  const log = quiet ? () => {} : (line) => console.log(line);
  const { state } = readState(env);
  const dir = buildDir || (await ensureGuideBuild({ sourceDir: path.join(root, 'examples', 'guide'), quiet, env })).buildDir;
  const copies = await tutorialBuilds({ root, log });
  const { record, problems, units } = await makeRecord({ root, buildDir: dir, copies, state, benchHome: benchHome(env), log });
  return { text: formatRecord(record), record, problems, units, seconds: (Date.now() - started) / 1000 };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const { text, record, problems, units, seconds } = await freshRecord(options);
  const target = path.join(repoRoot, RECORD_PATH);
  const summary = `${Object.keys(record.files).length} files, ${Object.keys(record.declarations).length} declarations, ${record.unresolved.length} name(s) clang could not resolve, ${units} translation unit(s), ${seconds.toFixed(1)} s`;
  if (problems.length) {
    console.error(`error: code names: ${problems.length} problem(s); ${RECORD_PATH} left as it was:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  for (const u of record.unresolved) console.log(`unresolved: ${u.file}:${u.line}:${u.column}: ${u.name} (${u.cursor}) on ${u.pages.join(', ') || 'no English page'}`);
  if (options.check) {
    let committed = null;
    try { committed = fs.readFileSync(target, 'utf8'); } catch { /* none */ }
    if (committed !== text) {
      console.error(`error: ${RECORD_PATH} is stale (${committed === null ? 'missing' : 'differs from a fresh record'}); run \`npm run code-names\` and commit it`);
      process.exit(1);
    }
    console.log(`code names: ${RECORD_PATH} is current (${summary})`);
    return;
  }
  writeFileAtomic(target, text);
  console.log(`code names: wrote ${RECORD_PATH} (${(Buffer.byteLength(text) / 1024).toFixed(0)} KB; ${summary})`);
}

if (require.main === module) {
  main().catch((err) => {
    console.error(`error: ${err.message}`);
    process.exit(1);
  });
}

module.exports = { freshRecord };
