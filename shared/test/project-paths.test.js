'use strict';
// shared/src/project-paths.js: the project's files named once, and paths as the results and progress
// lines show them (relative to the repository inside it, absolute outside it).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const { join } = require('node:path');
const paths = require('../src/project-paths');

const { repoRoot, inRepo, displayPath, benchHome, benchStateFile } = paths;

test('the repository root holds the bench and the pages', () => {
  assert.ok(fs.existsSync(join(repoRoot, 'bench', 'scenarios.json')));
  assert.ok(fs.existsSync(join(repoRoot, 'docs', 'manifest.json')));
});

test('every named file or folder of the repository exists where the constant says (site/ is built)', () => {
  for (const name of ['RESULTS_FILE', 'HISTORY_DIR', 'RESULTS_SCHEMA', 'SCENARIOS_FILE', 'SCENARIOS_SCHEMA', 'MANIFEST_FILE', 'SITE_SOURCE_DIR']) {
    assert.ok(fs.existsSync(inRepo(paths[name])), `${name} = ${paths[name]}`);
    assert.ok(!paths[name].startsWith('/') && !paths[name].includes('\\'), `${name} is relative and /-separated`);
  }
  assert.equal(paths.PUBLISHED_RESULTS, paths.RESULTS_FILE, 'the site publishes the results file at its repository path');
  assert.equal(inRepo(paths.SITE_DIR, '/tmp/copy'), '/tmp/copy/site');
});

test('a path inside the repository is shown relative to it, one outside as it is', () => {
  assert.equal(displayPath(join(repoRoot, 'bench', 'logs', 'x', 'wrk.txt')), join('bench', 'logs', 'x', 'wrk.txt'));
  assert.equal(displayPath('/tmp/drogon-bench-0/nginx.conf'), '/tmp/drogon-bench-0/nginx.conf');
  assert.equal(displayPath(join(repoRoot, '..', 'elsewhere')), join(repoRoot, '..', 'elsewhere'));
});

test('the bench state: $DROGON_BENCH_HOME, else the cache folder, and its state.json', () => {
  assert.equal(benchHome({ DROGON_BENCH_HOME: '/x/home' }), '/x/home');
  assert.equal(benchHome({ XDG_CACHE_HOME: '/x/cache' }), '/x/cache/drogon-docs-bench');
  assert.equal(benchStateFile({ DROGON_BENCH_HOME: '/x/home' }), '/x/home/state.json');
});
