'use strict';
// bench/src/helpers/read-text.js: a file's text, or '' when there is none to read.
const test = require('node:test');
const assert = require('node:assert/strict');
const { mkdtempSync, writeFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');
const { readTextOrEmpty } = require('../../src/helpers/read-text');

test('the text of a file; empty for a missing file or a folder, never a throw', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'read-text-test-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'log.txt'), 'wrk: connection refused\n');
  assert.equal(readTextOrEmpty(join(dir, 'log.txt')), 'wrk: connection refused\n');
  assert.equal(readTextOrEmpty(join(dir, 'missing.txt')), '');
  assert.equal(readTextOrEmpty(dir), '');
});
