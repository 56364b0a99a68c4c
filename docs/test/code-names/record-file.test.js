// docs/src/code-names/record-file.js: the committed record's format, and a bad record named.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { loadRecord, formatRecord, lineHash, RECORD_PATH } = require('../../src/code-names/record-file');

const record = {
  $comment: 'x', format: 1, frontEnd: 'clang 14',
  files: { 'examples/guide/a/main.cc': { 3: [lineHash('int main()'), [4, 'examples/guide/a/main.cc:3:main']] } },
  unresolved: [{ file: 'examples/guide/a/main.cc', line: 4, column: 1, name: 'X', cursor: 'UNEXPOSED_EXPR', pages: ['ENG/A.md'] }],
  declarations: { 'examples/guide/a/main.cc:3:main': { name: 'main', kind: 'function' } },
};

test('the file: a line per shown line, per declaration, per unresolved name; read back as it was written', () => {
  const text = formatRecord(record);
  assert.deepEqual(JSON.parse(text), record);
  assert.match(text, /\n {6}"3": \["[0-9a-f]{8}",\[4,"examples\/guide\/a\/main\.cc:3:main"\]\]\n/);
  assert.match(text, /\n {4}"examples\/guide\/a\/main\.cc:3:main": \{"name":"main","kind":"function"\}\n/);
  assert.equal(lineHash('a'), lineHash('a'));
  assert.notEqual(lineHash('a'), lineHash('a '));
});

test('loadRecord: none is null; invalid JSON or another format is named with the command that remakes it', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'record-'));
  try {
    assert.equal(loadRecord(root), null);
    fs.mkdirSync(path.join(root, path.dirname(RECORD_PATH)), { recursive: true });
    fs.writeFileSync(path.join(root, RECORD_PATH), formatRecord(record));
    assert.deepEqual(loadRecord(root), record);
    fs.writeFileSync(path.join(root, RECORD_PATH), '{ not json');
    assert.throws(() => loadRecord(root), /code-names\.json: not valid JSON/);
    fs.writeFileSync(path.join(root, RECORD_PATH), JSON.stringify({ ...record, format: 99 }));
    assert.throws(() => loadRecord(root), /not a code-name record of format 1 .*npm run code-names/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
