// shared/src/fs-atomic.js: temp file + rename; a failed multi-file write touches no target and leaves
// no temp file behind.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { writeFileAtomic, writeJsonAtomic, writeFilesAtomic } = require('../src/fs-atomic');

function tempDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-atomic-test-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('writeFileAtomic and writeJsonAtomic replace the file and leave no temp file', (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'sub', '性能测试.md');
  writeFileAtomic(file, 'one');
  writeFileAtomic(file, '二');
  assert.equal(fs.readFileSync(file, 'utf8'), '二');
  writeJsonAtomic(path.join(dir, 'x.json'), { a: 1 });
  assert.equal(fs.readFileSync(path.join(dir, 'x.json'), 'utf8'), '{\n  "a": 1\n}\n');
  assert.deepEqual(fs.readdirSync(path.join(dir, 'sub')), ['性能测试.md']);
});

test('writeFilesAtomic: if one file cannot be staged, no target changes and no temp file remains', (t) => {
  const dir = tempDir(t);
  const a = path.join(dir, 'a.md');
  fs.writeFileSync(a, 'old a');
  fs.writeFileSync(path.join(dir, 'blocker'), 'a file where a folder is needed');
  assert.throws(() => writeFilesAtomic([
    { path: a, content: 'new a' },
    { path: path.join(dir, 'blocker', 'b.md'), content: 'new b' },
  ]), /staging files for atomic write failed/);
  assert.equal(fs.readFileSync(a, 'utf8'), 'old a');
  assert.deepEqual(fs.readdirSync(dir).sort(), ['a.md', 'blocker']);
  assert.throws(() => writeFilesAtomic([{ path: a, content: 42 }]), /content for .* is not a string or Buffer/);
  writeFilesAtomic([{ path: a, content: 'new a' }, { path: path.join(dir, 'c', 'c.md'), content: Buffer.from('c') }]);
  assert.equal(fs.readFileSync(a, 'utf8'), 'new a');
  assert.equal(fs.readFileSync(path.join(dir, 'c', 'c.md'), 'utf8'), 'c');
});
