// The guide stage (docs/src/guide/): code on guide pages comes from examples/guide/, byte for byte and
// identical in ENG, CHN and JB_TW; `npm run check` fails when a page's code differs from its file or
// when a guide page carries C++ that does not come from a file. Runs on temp copies of the content.
// Covers: docs/src/guide/guide-bodies.js, docs/src/guide/code-directive.js, docs/src/guide/guide-error.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { runCheck } = require('../../src/check');
const { generatePages } = require('../../src/generate-pages');
const { includedBlocks, collapseBody, checkTypedBlocks, loadGuideConfig } = require('../../src/guide/code-blocks');
const { extractRegion } = require('../../src/guide/regions');
const { generatedContentCopy, regenerate, repoRoot } = require('../support/content-copy');

function withCopy(t) {
  const copy = generatedContentCopy();
  t.after(() => copy.remove());
  return copy;
}

const guidePages = (manifest) => manifest.pages.filter((p) => p.section === 'guide');

function edit(file, change) {
  const before = fs.readFileSync(file, 'utf8');
  const after = change(before);
  assert.notEqual(after, before, `the edit of ${file} changed nothing`);
  fs.writeFileSync(file, after);
}

test('every code block of every guide page is its file region, identical in every language', () => {
  const { manifest, files } = generatePages({ root: repoRoot });
  const pages = guidePages(manifest);
  assert.ok(pages.length >= 2, 'no guide pages');
  let count = 0;
  for (const page of pages) {
    const perLanguage = manifest.languages.map((lang) => includedBlocks(files.get(page.entries[lang.code].relPath)));
    assert.ok(perLanguage[0].length > 0, `${page.id}: no included code`);
    for (const blocks of perLanguage.slice(1)) assert.deepEqual(blocks.map((b) => [b.directive, b.code, b.lang]), perLanguage[0].map((b) => [b.directive, b.code, b.lang]), page.id);
    for (const block of perLanguage[0]) {
      const [file, region] = block.directive.split(/\s+/)[0].split('#');
      assert.equal(block.code, extractRegion(fs.readFileSync(path.join(repoRoot, file), 'utf8'), file, region || null), `${page.id}: ${block.directive}`);
      count += 1;
    }
  }
  assert.ok(count > 10, `only ${count} included blocks`);
});

test('a region that changes in its file makes npm run check fail on every page that shows it, until the build', (t) => {
  const copy = withCopy(t);
  edit(path.join(copy.root, 'examples/guide/quick-start/main.cc'), (s) => s.replace('"Hello, world!\\n"', '"Hello, drift!\\n"'));
  const { problems } = runCheck({ root: copy.root });
  const page = copy.generated.manifest.pages.find((p) => p.id === 'quick-start');
  for (const lang of copy.generated.manifest.languages) {
    const rel = page.entries[lang.code].relPath;
    assert.ok(problems.some((p) => p.startsWith(`${rel}: `) && p.includes('the code block of guide:code examples/guide/quick-start/main.cc differs from that file')),
      `no drift problem for ${rel}:\n${problems.join('\n')}`);
  }
  regenerate(copy.root);
  assert.deepEqual(runCheck({ root: copy.root }).problems, []);
  assert.match(fs.readFileSync(path.join(copy.root, page.entries['zh-TW'].relPath), 'utf8'), /"Hello, drift!\\n"/);
});

test('a hand edit inside a generated code block fails npm run check', (t) => {
  const copy = withCopy(t);
  const rel = copy.generated.manifest.pages.find((p) => p.id === 'quick-start').entries.en.relPath;
  edit(path.join(copy.root, rel), (s) => s.replace('resp->setBody("Hello, world!\\n");', 'resp->setBody("edited on the page");'));
  const { problems } = runCheck({ root: copy.root });
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], new RegExp(`^${rel}: the code block of guide:code examples/guide/quick-start/main\\.cc differs from that file`));
});

test('C++ typed on a guide page fails the build and the check; the same block on another page does not', (t) => {
  const copy = withCopy(t);
  const { manifest } = copy.generated;
  const guide = manifest.pages.find((p) => p.id === 'quick-start');
  const typed = '\n```cpp\nint main() { drogon::app().run(); }\n```\n';
  for (const [lang, snippet, why] of [
    ['en', typed, /a typed ```cpp block \("int main\(\) \{ drogon::app\(\)\.run\(\); \}"\); code on a guide page comes from a file under examples\/guide\//],
    ['zh-CN', '\n```text\n#include <drogon/drogon.h>\n```\n', /a typed ```text block holds C\+\+/],
  ]) {
    const rel = guide.entries[lang].relPath;
    const file = path.join(copy.root, rel);
    const before = fs.readFileSync(file, 'utf8');
    edit(file, (s) => s.replace(/\n## /, `${snippet}\n## `));
    const { problems } = runCheck({ root: copy.root });
    assert.ok(problems.some((p) => p.startsWith(`${rel}: `) && why.test(p)), `${rel}:\n${problems.join('\n')}`);
    assert.throws(() => generatePages({ root: copy.root }), (err) => err.problems.some((p) => why.test(p)));
    fs.writeFileSync(file, before);
  }
  // Not a guide page: typed C++ is allowed there (the Benchmarks handler, Contributing examples).
  const other = manifest.pages.find((p) => p.id === 'contributing').entries.en.relPath;
  edit(path.join(copy.root, other), (s) => s.replace(/\n## /, `${typed}\n## `));
  regenerate(copy.root);
  assert.deepEqual(runCheck({ root: copy.root }).problems, []);
});

test('guide-page rules for blocks without a language, indented code, and typed languages', () => {
  const config = loadGuideConfig(repoRoot);
  const problems = (body) => checkTypedBlocks(body, { config, where: 'ENG/X.md' });
  assert.deepEqual(problems('# X\n\n```sh\ncmake --build build\n```\n\n```text\nHello, world!\n```\n'), []);
  assert.match(problems('# X\n\n```\nint x;\n```\n')[0], /a fenced block without a language/);
  assert.match(problems('# X\n\ntext\n\n    int x = 1;\n')[0], /an indented code block/);
  assert.match(problems('# X\n\n```python\nprint(1)\n```\n')[0], /of language "python"/);
  assert.match(problems('# X\n\n- step\n\n  ```cmake\n  project(x)\n  ```\n')[0], /a typed ```cmake block/);
  // An included block is a directive line after collapsing: nothing typed is left to check.
  const included = '<!-- guide:code examples/guide/quick-start/main.cc (note) -->\n```cpp\nint main() {}\n```\n<!-- /guide:code -->';
  assert.deepEqual(problems(collapseBody(`# X\n\n${included}\n`, 'ENG/X.md')), []);
});

test('a directive naming a missing region, a missing file or a file outside examples/guide stops the build with the page and file', (t) => {
  const copy = withCopy(t);
  const rel = copy.generated.manifest.pages.find((p) => p.id === 'quick-start').entries.en.relPath;
  const file = path.join(copy.root, rel);
  const original = fs.readFileSync(file, 'utf8');
  for (const [directive, why] of [
    ['examples/guide/quick-start/main.cc#nope', /no region "nope" \(regions: text, json, run\)/],
    ['examples/guide/quick-start/missing.cc', /cannot read examples\/guide\/quick-start\/missing\.cc: ENOENT/],
    ['bench/setup.sh', /code on a page comes from a file under examples\/guide\//],
    ['examples/guide/../../bench/setup.sh', /code on a page comes from a file under examples\/guide\//],
    ['examples/guide/quick-start/main.cc lang=c++ extra', /unknown option "extra"/],
  ]) {
    fs.writeFileSync(file, original.replace(/\n## /, `\n<!-- guide:code ${directive} -->\n\n## `));
    assert.throws(() => generatePages({ root: copy.root }), (err) => err.problems.some((p) => p.startsWith(`${rel}: `) && why.test(p)), directive);
  }
  fs.writeFileSync(file, original.replace(/\n## /, '\n<!-- guide:cod examples/guide/quick-start/main.cc -->\n\n## '));
  assert.throws(() => generatePages({ root: copy.root }), (err) => err.problems.some((p) => /malformed guide marker/.test(p)));
});

test('the zh-TW conversion never touches included code, even Simplified Chinese inside it', (t) => {
  const copy = withCopy(t);
  const { manifest } = copy.generated;
  const page = manifest.pages.find((p) => p.id === 'quick-start');
  fs.appendFileSync(path.join(copy.root, 'examples/guide/quick-start/main.cc'), '// [guide:zh]\n// 这个回调在另一个线程里运行，默认端口是 8080。\n// [/guide:zh]\n');
  edit(path.join(copy.root, page.entries['zh-CN'].relPath), (s) => s.replace(/\n## /, '\n<!-- guide:code examples/guide/quick-start/main.cc#zh -->\n\n## '));
  const generated = regenerate(copy.root);
  const tw = generated.files.get(page.entries['zh-TW'].relPath);
  assert.ok(tw.includes('```cpp\n// 这个回调在另一个线程里运行，默认端口是 8080。\n```'), 'the code was converted');
  assert.ok(tw.includes('回呼') || tw.includes('預設'), 'the prose around it was not converted');
});

test('generation is idempotent: building the built pages changes nothing', (t) => {
  const copy = withCopy(t);
  const again = regenerate(copy.root);
  for (const [rel, content] of again.files) assert.equal(content, copy.generated.files.get(rel), rel);
});

test('a directive shown inside an author\'s fenced block, or named in a sentence, stays text', (t) => {
  const copy = withCopy(t);
  const page = copy.generated.manifest.pages.find((p) => p.id === 'contributing');
  const shown = '\n````markdown\n<!-- guide:code examples/guide/quick-start/main.cc#text -->\n````\n\nWrite `<!-- guide:code PATH#REGION -->` on its own line.\n';
  edit(path.join(copy.root, page.entries.en.relPath), (s) => s.replace(/\n## /, `${shown}\n## `));
  const generated = regenerate(copy.root);
  const text = generated.files.get(page.entries.en.relPath);
  assert.ok(text.includes(shown), 'the example was expanded or changed');
  assert.deepEqual(includedBlocks(text), []);
  assert.deepEqual(runCheck({ root: copy.root }).problems, []);
});
