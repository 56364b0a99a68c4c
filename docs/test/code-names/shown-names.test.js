// docs/src/code-names/shown-code.js and shown-names.js: which lines the pages' C++ blocks show, and
// the names of a block from the record, used only on lines that still read as recorded (a sample
// changed since the record links nothing there, never a wrong name).
// Covers: docs/src/code-names/shown-code.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { loadGuideConfig, expandBody } = require('../../src/guide/code-blocks');
const { shownCode, changesBlocks, lineRanges } = require('../../src/code-names/shown-code');
const { blockNames, sourceReader } = require('../../src/code-names/shown-names');
const { lineHash } = require('../../src/code-names/record-file');
const { blockKey } = require('../../../shared/src/code-links');

const repoRoot = path.join(__dirname, '..', '..', '..');
const config = loadGuideConfig(repoRoot);
const file = 'examples/guide/demo/main.cc';
const source = [
  '#include <drogon/drogon.h>', // 1
  'int main()', // 2
  '{', // 3
  '    // [guide:body]', // 4
  '    drogon::app().run();', // 5
  '', // 6
  '    auto x = std::string("a");', // 7
  '    // [/guide:body]', // 8
  '}', // 9
].join('\n');

function withExample(fn) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shown-'));
  try {
    fs.mkdirSync(path.join(root, 'examples/guide/demo'), { recursive: true });
    fs.writeFileSync(path.join(root, file), source);
    return fn(root);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

const pageOf = (root, directive) => expandBody(`# P\n\n<!-- guide:code ${directive} -->\n\nText.\n`, { root, config, where: 'ENG/P.md' });

test('shownCode: the lines of every cpp block of every page, with the pages that show them', () => withExample((root) => {
  fs.mkdirSync(path.join(root, 'ENG'));
  fs.writeFileSync(path.join(root, 'ENG/P.md'), `${pageOf(root, `${file}#body`)}\n<!-- guide:code ${file} lang=text -->\n`);
  const manifest = { languages: [{ code: 'en' }], pages: [{ id: 'p', entries: { en: { relPath: 'ENG/P.md' } } }] };
  const shown = shownCode({ root, manifest, config });
  assert.deepEqual([...shown.keys()], [file]);
  assert.deepEqual([...shown.get(file).lines].sort(), [5, 6, 7]);
  assert.deepEqual(shown.get(file).uses.map((u) => [u.pageId, u.code, u.region]), [['p', 'en', 'body']]);
  assert.deepEqual(lineRanges(new Set([7, 1, 2, 3, 9])), [[1, 3], [7, 7], [9, 9]]);
}));

test('blockNames: offsets in the dedented block; a changed line keeps its names as text and is counted', () => withExample((root) => {
  const lines = source.split('\n');
  // Columns are 0-based indexes into the file's line, as the record keeps them.
  const record = {
    files: { [file]: {
      5: [lineHash(lines[4]), [4, 'drogon'], [12, 'drogon::app'], [18, 'drogon::HttpAppFramework::run']],
      7: [lineHash(lines[6]), [9, 'examples/guide/demo/main.cc:7:x'], [18, 'std::string']],
    } },
    unresolved: [],
    declarations: {
      drogon: { name: 'drogon' }, 'drogon::app': { name: 'app' }, 'drogon::HttpAppFramework::run': { name: 'run' },
      'examples/guide/demo/main.cc:7:x': { name: 'x' }, 'std::string': { name: 'string' },
    },
  };
  const page = pageOf(root, `${file}#body`);
  const [block] = blockNames(page, { record, readSource: sourceReader(root) });
  const code = 'drogon::app().run();\n\nauto x = std::string("a");';
  assert.equal(block.key, blockKey(code));
  assert.equal(block.stale, 0);
  for (const [start, length, id] of block.links) assert.equal(code.slice(start, start + length), record.declarations[id].name, id);
  assert.equal(block.links.length, 5);
  // A file the record does not know: every shown line is counted, nothing linked.
  const [unknown] = blockNames(page, { record: { ...record, files: {} }, readSource: sourceReader(root) });
  assert.equal(unknown.stale, 2);
  assert.deepEqual(unknown.links, []);
  // The file changed after the record was made: line 7 no longer reads as recorded.
  fs.writeFileSync(path.join(root, file), source.replace('std::string("a")', 'std::string("b")'));
  const [changed] = blockNames(pageOf(root, `${file}#body`), { record, readSource: sourceReader(root) });
  assert.equal(changed.stale, 1);
  assert.deepEqual(changed.links.map((l) => l[2]), ['drogon', 'drogon::app', 'drogon::HttpAppFramework::run']);
  // A page that no longer shows what its file has (npm run check says so) gives no block at all.
  assert.deepEqual(blockNames(page, { record, readSource: sourceReader(root) }), []);
}));

test('a tutorial page\'s guide:changes block: the C++ files it shows whole are shown lines, and their names are linked', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shown-'));
  try {
    const step = 'examples/tutorial/01-first';
    const whole = ['#include <string>', '// [guide:part]', 'std::string name() ', '{', '    return "x";', '}', '// [/guide:part]', ''].join('\n');
    for (const [rel, text] of [['main.cc', whole], ['CMakeLists.txt', 'project(x)\n'], ['Other.h', '#pragma once\nint other();\n']]) {
      fs.mkdirSync(path.dirname(path.join(root, step, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, step, rel), text);
    }
    // As step-changes.js shows it: the file as it is (a trailing space kept), without its marker lines.
    const shownWhole = '#include <string>\nstd::string name() \n{\n    return "x";\n}';
    const page = [
      '# Step', '', `<!-- guide:changes ${step} (generated) -->`, 'New file `main.cc`:', '', '```cpp', shownWhole, '```', '',
      'New file `Other.h`, as it was once:', '', '```cpp', '#pragma once\nint changed();', '```', '',
      '```cmake', 'project(x)', '```', '<!-- /guide:changes -->', '', '```cpp', shownWhole, '```', '',
    ].join('\n');
    fs.mkdirSync(path.join(root, 'ENG'));
    fs.writeFileSync(path.join(root, 'ENG/Step.md'), page);
    const manifest = { languages: [{ code: 'en' }], pages: [{ id: 'step', entries: { en: { relPath: 'ENG/Step.md' } } }] };
    const shown = shownCode({ root, manifest, config });
    // main.cc's lines without the markers; Other.h's block is not the file (a stale page): nothing; a
    // typed block outside guide:changes is nobody's file.
    assert.deepEqual([...shown.keys()], [`${step}/main.cc`]);
    assert.deepEqual([...shown.get(`${step}/main.cc`).lines], [1, 3, 4, 5, 6]);
    assert.deepEqual(shown.get(`${step}/main.cc`).uses.map((u) => [u.pageId, u.region, u.line]), [['step', null, 6]]);
    const lines = whole.split('\n');
    const record = {
      files: { [`${step}/main.cc`]: { 3: [lineHash(lines[2]), [0, 'std'], [5, 'std::string'], [12, 'name']], 5: [lineHash(lines[4])] } },
      unresolved: [],
      declarations: { std: { name: 'std' }, 'std::string': { name: 'string' }, name: { name: 'name' } },
    };
    const blocks = blockNames(page, { record, readSource: sourceReader(root), root, config, where: 'ENG/Step.md' });
    assert.equal(blocks.length, 1);
    assert.equal(blocks[0].key, blockKey(shownWhole));
    assert.deepEqual(blocks[0].links.map(([start, length]) => shownWhole.slice(start, start + length)), ['std', 'string', 'name']);
    // Lines 1, 4 and 6 are not in this record: counted as stale, nothing linked there.
    assert.equal(blocks[0].stale, 3);
    // Without the repository and the guide's rules, only guide:code blocks are read.
    assert.deepEqual(blockNames(page, { record, readSource: sourceReader(root) }), []);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a guide:changes diff of a C++ file: each line from the file it shows (removed lines from the previous step), names one column right', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shown-'));
  try {
    const before = ['#include <string>', 'int f();', 'int g();', ''].join('\n');
    const after = ['#include <string>', '// [guide:x]', 'std::string f();', 'int g();', '// [/guide:x]', ''].join('\n');
    for (const [step, text] of [['01-a', before], ['02-b', after]]) {
      fs.mkdirSync(path.join(root, 'examples/tutorial', step), { recursive: true });
      fs.writeFileSync(path.join(root, 'examples/tutorial', step, 'x.h'), text);
    }
    const diff = ['@@ -1,3 +1,3 @@', ' #include <string>', '-int f();', '+std::string f();', ' int g();'].join('\n');
    const page = `# B\n\n<!-- guide:changes examples/tutorial/02-b -->\nChanged:\n\n\`\`\`diff\n${diff}\n\`\`\`\n\n\`\`\`diff\n@@ -1,1 +1,1 @@\n-int nothing();\n\`\`\`\n<!-- /guide:changes -->\n`;
    const [block, ...others] = changesBlocks(page, { root, config, where: 'ENG/B.md' });
    assert.deepEqual(others, [], 'a diff that is not of these files matches nothing');
    assert.equal(block.lang, 'diff');
    assert.deepEqual(block.shown.map((l) => [l.file && l.file.split('/')[2], l.line]), [[undefined, null], ['02-b', 1], ['01-a', 2], ['02-b', 3], ['02-b', 4]]);
    fs.mkdirSync(path.join(root, 'ENG'));
    fs.writeFileSync(path.join(root, 'ENG/B.md'), page);
    const manifest = { languages: [{ code: 'en' }], pages: [{ id: 'b', entries: { en: { relPath: 'ENG/B.md' } } }] };
    const shown = shownCode({ root, manifest, config });
    assert.deepEqual([...shown.get('examples/tutorial/01-a/x.h').lines], [2]);
    assert.deepEqual([...shown.get('examples/tutorial/02-b/x.h').lines].sort(), [1, 3, 4]);
    const record = {
      files: {
        'examples/tutorial/01-a/x.h': { 2: [lineHash('int f();'), [4, 'f']] },
        'examples/tutorial/02-b/x.h': { 3: [lineHash('std::string f();'), [0, 'std'], [5, 'std::string'], [12, 'f']] },
      },
      unresolved: [],
      declarations: { std: { name: 'std' }, 'std::string': { name: 'string' }, f: { name: 'f' } },
    };
    const [names] = blockNames(page, { record, readSource: sourceReader(root), root, config, where: 'ENG/B.md' });
    assert.deepEqual(names.links.map(([start, length, id]) => [diff.slice(start, start + length), id]), [['f', 'f'], ['std', 'std'], ['string', 'std::string'], ['f', 'f']]);
    assert.equal(names.stale, 2, 'lines 1 and 4 of 02-b are not in this record');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
