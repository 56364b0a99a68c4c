'use strict';
// scripts/tests-alone.json: the test files npm test runs one at a time, after the others. Each must
// exist (a renamed file would silently run beside another) and say why it runs alone.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');

test('every file that runs alone exists, is a test file and has its reason', () => {
  const { files } = JSON.parse(fs.readFileSync(path.join(root, 'scripts', 'tests-alone.json'), 'utf8'));
  assert.ok(Object.keys(files).length > 0);
  for (const [file, why] of Object.entries(files)) {
    assert.ok(fs.existsSync(path.join(root, file)), `scripts/tests-alone.json names ${file}, which does not exist`);
    assert.match(file, /\.test\.js$/, `${file} is not a test file`);
    assert.ok(typeof why === 'string' && why.length > 10, `${file}: no reason given`);
  }
});
