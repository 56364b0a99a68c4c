'use strict';
// bench/src/helpers/paths.js: paths as the results and progress lines show them, relative to the
// repository inside it and absolute outside it.
const test = require('node:test');
const assert = require('node:assert/strict');
const { join } = require('node:path');
const { repoRoot, displayPath } = require('../../src/helpers/paths');

test('the repository root holds the bench and the pages', () => {
  assert.ok(require('node:fs').existsSync(join(repoRoot, 'bench', 'scenarios.json')));
  assert.ok(require('node:fs').existsSync(join(repoRoot, 'docs', 'manifest.json')));
});

test('a path inside the repository is shown relative to it, one outside as it is', () => {
  assert.equal(displayPath(join(repoRoot, 'bench', 'logs', 'x', 'wrk.txt')), join('bench', 'logs', 'x', 'wrk.txt'));
  assert.equal(displayPath('/tmp/drogon-bench-0/nginx.conf'), '/tmp/drogon-bench-0/nginx.conf');
  assert.equal(displayPath(join(repoRoot, '..', 'elsewhere')), join(repoRoot, '..', 'elsewhere'));
});
