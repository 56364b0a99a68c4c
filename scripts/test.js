#!/usr/bin/env node
// Runs every *.test.js under the project's test folders with node's test runner, one file at a time:
// the integration and browser tests use real servers and a real browser, and share 2 cores. At the end,
// each file's duration, slowest first (scripts/test-durations.js). The browser test files share one
// build of the site, made before the first file runs.
'use strict';
const { readdirSync, statSync, mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, relative } = require('node:path');
const { spawnSync } = require('node:child_process');
const { buildSite } = require('../docs/src/build');

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

// Browser tests last: they need the built site, which earlier tests check.
const files = testDirs.flatMap((d) => findTests(join(root, d)))
  .sort((a, b) => Number(a.includes('.browser.')) - Number(b.includes('.browser.')))
  .map((f) => relative(root, f));
if (files.length === 0) {
  console.error('error: no test files found under ' + testDirs.join(', '));
  process.exit(1);
}
const args = ['--test', '--test-concurrency=1', '--test-reporter=spec', '--test-reporter-destination=stdout',
  `--test-reporter=${join(__dirname, 'test-durations.js')}`, '--test-reporter-destination=stdout', ...process.argv.slice(2), ...files];

// The site the browser test files serve, built once from the sources as they are now (each file
// built its own before: about 20 s each); docs/test/support/browser.js startSite() reads it.
async function main() {
  const siteRoot = mkdtempSync(join(tmpdir(), 'drogon-test-site-'));
  const env = { ...process.env };
  try {
    const started = Date.now();
    try {
      await buildSite({ siteDir: join(siteRoot, 'site'), writeSources: false, quiet: true });
      env.DROGON_TEST_SITE = join(siteRoot, 'site');
      console.log(`test: the site for the browser tests, built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (err) {
      // The tests still run: the build's own tests, and each browser test file, report the failure.
      console.error(`test: the site did not build (each browser test file tries on its own): ${err.message}`);
    }
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
    return result.status === null ? 1 : result.status;
  } finally {
    rmSync(siteRoot, { recursive: true, force: true });
  }
}

main().then((status) => process.exit(status));
