#!/usr/bin/env node
// Runs every *.test.js under the project's test folders with node's test runner, each file in a
// process of its own: TEST_FILES_AT_ONCE of them at a time (default 2: most files wait on servers,
// builds or a browser more than they compute), then the files of scripts/tests-alone.json one at a
// time (they use the bench's fixed ports or measure rates). At the end, each file's duration, slowest
// first (scripts/test-durations.js), and the run's own time. The browser test files share one build
// of the site, made before the first file runs.
'use strict';
const { readdirSync, statSync, mkdtempSync, rmSync, readFileSync, existsSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, relative } = require('node:path');
const { spawnSync } = require('node:child_process');
const { buildSite } = require('../docs/src/build');
const { durationTable } = require('./test-durations');

const root = join(__dirname, '..');
const testDirs = ['shared/test', 'bench/test', 'docs/test', 'scripts/test', 'examples/guide', 'examples/tutorial'];

function findTests(dir) {
  let found = [];
  let entries;
  try { entries = readdirSync(dir); } catch { return found; }
  for (const name of entries.sort()) {
    const path = join(dir, name);
    if (name === 'fixtures' || name === 'golden') continue;
    if (statSync(path).isDirectory()) found = found.concat(findTests(path));
    else if (name.endsWith('.test.js')) found.push(path);
  }
  return found;
}

// The order files start in, two at a time. The long files first (a browser's walks through the site,
// the page runner's: minutes each, computing in Chromium), each followed by a few of the examples'
// tests (which mostly wait on their servers and builds), so that the two files running together
// rarely both wait or both compute; then the many short unit tests, which fill the end of the run
// instead of one long file running on its own. (The site the browser files serve is built before
// any file runs.)
const BROWSER_FILE = /\.browser\.test\.js$/;
const LONG_FILE = (f) => BROWSER_FILE.test(f) || /\/pages-[\w-]+\.test\.js$/.test(f);
function startOrder(all) {
  const long = all.filter(LONG_FILE);
  const waiting = all.filter((f) => !LONG_FILE(f) && f.startsWith('examples/'));
  const rest = all.filter((f) => !LONG_FILE(f) && !f.startsWith('examples/'));
  const perLong = Math.ceil(waiting.length / Math.max(1, long.length));
  return [...long.flatMap((f, i) => [f, ...waiting.slice(i * perLong, (i + 1) * perLong)]),
    ...(long.length ? [] : waiting), ...rest];
}
const files = startOrder(testDirs.flatMap((d) => findTests(join(root, d))).map((f) => relative(root, f)));
if (files.length === 0) {
  console.error('error: no test files found under ' + testDirs.join(', '));
  process.exit(1);
}
// (scripts/test/tests-alone.test.js checks that each file it names exists; a partial copy of the
// repository, as the broken-sample test makes, may lack some.)
const alone = Object.keys(JSON.parse(readFileSync(join(__dirname, 'tests-alone.json'), 'utf8')).files);
const atOnce = Number(process.env.TEST_FILES_AT_ONCE || 2);
if (!Number.isInteger(atOnce) || atOnce < 1) {
  console.error(`error: TEST_FILES_AT_ONCE must be a whole number of at least 1, not ${JSON.stringify(process.env.TEST_FILES_AT_ONCE)}`);
  process.exit(1);
}
// Node options given to npm test (e.g. --test-name-pattern) go to both runs.
const nodeArgs = (concurrency, list) => ['--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', '--test-reporter-destination=stdout',
  `--test-reporter=${join(__dirname, 'test-durations.js')}`, '--test-reporter-destination=stdout', ...process.argv.slice(2), ...list];

// The site the browser test files serve, built once from the sources as they are now (each file
// built its own before: about 20 s each); docs/test/support/browser.js startSite() reads it.
async function main() {
  const siteRoot = mkdtempSync(join(tmpdir(), 'drogon-test-site-'));
  const env = { ...process.env };
  try {
    const started = Date.now();
    // (No site when no browser test file runs, as in the broken-sample test's partial copies.)
    if (files.some((f) => BROWSER_FILE.test(f))) {
      try {
        await buildSite({ siteDir: join(siteRoot, 'site'), writeSources: false, quiet: true });
        env.DROGON_TEST_SITE = join(siteRoot, 'site');
        console.log(`test: the site for the browser tests, built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } catch (err) {
        // The tests still run: the build's own tests, and each browser test file, report the failure.
        console.error(`test: the site did not build (each browser test file tries on its own): ${err.message}`);
      }
    }
    env.DROGON_TEST_DURATIONS = join(siteRoot, 'durations.jsonl');
    const runs = [
      [atOnce, files.filter((f) => !alone.includes(f))],
      [1, files.filter((f) => alone.includes(f))],
    ].filter(([, list]) => list.length);
    const testsStarted = Date.now();
    let status = 0;
    for (const [concurrency, list] of runs) {
      console.log(`test: ${list.length} files, ${concurrency} at a time`);
      const result = spawnSync(process.execPath, nodeArgs(concurrency, list), { cwd: root, stdio: 'inherit', env });
      if (result.status !== 0) status = result.status === null ? 1 : result.status;
    }
    const rows = existsSync(env.DROGON_TEST_DURATIONS)
      ? readFileSync(env.DROGON_TEST_DURATIONS, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
    if (rows.length) console.log(durationTable(rows, root, Date.now() - testsStarted));
    return status;
  } finally {
    rmSync(siteRoot, { recursive: true, force: true });
  }
}

main().then((status) => process.exit(status));
