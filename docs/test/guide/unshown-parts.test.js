// A program a reader can assemble from a page (docs/src/guide/unshown-parts.js): on every guide page,
// in every language, each program file the page shows only in part is covered line by line by what
// the page says of it: the lines its fragments show (their captions' "lines a–b"), the headers the
// captions name, and the parts the generated note after its last fragment names. Every chapter's
// CMakeLists.txt is shown or linked. And the naming itself, on a sample: helpers, using lines, the
// start and the end of main(), classes, comments that are no code.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { generatePages } = require('../../src/generate-pages');
const { includedBlocks, loadGuideConfig } = require('../../src/guide/code-blocks');
const { isProgramFile } = require('../../src/guide/example-folder');
const { unshownParts, codeLines, shownLinesOf, collapseUnshownNotes, insertUnshownNotes } = require('../../src/guide/unshown-parts');
const { CPP_FILE, includedHeaders } = require('../../src/guide/cpp-scope');
const { repoRoot } = require('../support/content-copy');

const generated = generatePages({ root: repoRoot });
const { manifest } = generated;
// The pages of every guide section (the guide's chapters, the tutorial's steps).
const { sections } = loadGuideConfig(repoRoot);
const guidePages = manifest.pages.filter((p) => sections.has(p.section));

// Line ranges a text names, in the page's language, with its code spans taken out first (a quoted
// `8080` or `line 3` of code is not a line number).
const RANGES = {
  en: [/\blines (\d+)–(\d+)/g, /\bline (\d+)\b/g],
  'zh-CN': [/第 (\d+)–(\d+) 行/g, /第 (\d+) 行/g],
  'zh-TW': [/第 (\d+)–(\d+) 行/g, /第 (\d+) 行/g],
};
function rangesIn(text, lang) {
  const plain = text.replace(/(`+)[\s\S]*?\1/g, ' ');
  const [many, one] = RANGES[lang];
  return [...[...plain.matchAll(many)].map((m) => [Number(m[1]), Number(m[2])]), ...[...plain.matchAll(one)].map((m) => [Number(m[1]), Number(m[1])])];
}

// The note after a block, if any: the quoted line between <!-- guide:unshown FILE --> and its end.
function notesOf(text) {
  const notes = new Map();
  for (const m of text.matchAll(/^[ \t]*<!-- guide:unshown (\S+) [^\n]*-->\n[ \t]*> ([^\n]+)\n[ \t]*<!-- \/guide:unshown -->$/gm)) notes.set(m[1], m[2]);
  return notes;
}

test('every file a page shows in part is covered: shown lines, headers named by the captions, and the parts the note names', () => {
  let files = 0;
  let notes = 0;
  for (const page of guidePages) {
    for (const lang of manifest.languages) {
      const rel = page.entries[lang.code].relPath;
      const text = generated.files.get(rel);
      const byFile = new Map();
      for (const b of includedBlocks(text)) {
        const [file, region] = b.directive.split(/\s+/)[0].split('#');
        if (!isProgramFile(file)) continue;
        if (!byFile.has(file)) byFile.set(file, { whole: false, blocks: [] });
        if (!region) byFile.get(file).whole = true;
        byFile.get(file).blocks.push(b);
      }
      const pageNotes = notesOf(text);
      for (const [file, { whole, blocks }] of byFile) {
        if (whole) {
          assert.ok(!pageNotes.has(file), `${rel}: ${file} is shown whole, yet has a note`);
          continue;
        }
        const source = fs.readFileSync(path.join(repoRoot, file), 'utf8').replace(/\n$/, '');
        const lines = source.split('\n');
        const covered = new Set();
        const cover = ([a, b]) => { for (let k = a; k <= b; k++) covered.add(k); };
        for (const b of blocks) {
          const ranges = rangesIn(b.caption || '', lang.code);
          assert.equal(ranges.length, 1, `${rel}: the caption of ${b.directive} names no lines: ${b.caption}`);
          cover(ranges[0]);
        }
        const note = pageNotes.get(file);
        if (note) {
          notes += 1;
          for (const r of rangesIn(note, lang.code)) cover(r);
        }
        // The headers the captions name (or a fragment shows) cover the #include lines.
        const named = new Set(blocks.flatMap((b) => [...includedHeaders(b.code || ''), ...[...(b.caption || '').matchAll(/`([<"][^`]+[>"])`/g)].map((m) => m[1])]));
        for (const k of codeLines(lines, file)) {
          const line = k + 1;
          if (covered.has(line)) continue;
          if (CPP_FILE.test(file)) {
            const header = includedHeaders(lines[k])[0];
            if (header && named.has(header)) continue;
          }
          assert.fail(`${rel}: ${file} line ${line} (${JSON.stringify(lines[k].trim())}) is neither shown on the page nor named in its note${note ? `: ${note}` : ' (it has none)'}`);
        }
        files += 1;
      }
      for (const file of pageNotes.keys()) assert.ok(byFile.has(file) && !byFile.get(file).whole, `${rel}: a note for ${file}, which the page does not show in part`);
    }
  }
  assert.ok(files > 150, `only ${files} files shown in part checked`);
  assert.ok(notes > 100, `only ${notes} notes`);
});

test('every chapter\'s CMakeLists.txt is shown or linked on its page, in every language', () => {
  let checked = 0;
  for (const page of guidePages) {
    for (const lang of manifest.languages) {
      const text = generated.files.get(page.entries[lang.code].relPath);
      const folder = /\[(examples\/[a-z]+\/[a-z0-9-]+)\/\]/.exec(text)[1];
      const rel = `${folder}/CMakeLists.txt`;
      if (!fs.existsSync(path.join(repoRoot, rel))) continue;
      const shown = includedBlocks(text).some((b) => b.directive.split(/\s+/)[0] === rel);
      const linked = text.includes(`(${manifest.repository.url}/blob/${manifest.repository.branch}/${rel})`);
      assert.ok(shown || linked, `${page.entries[lang.code].relPath}: ${rel} is neither shown nor linked`);
      checked += 1;
    }
  }
  assert.ok(checked >= 90, `only ${checked} pages checked`);
});

const SAMPLE = `#include <drogon/drogon.h>
#include <string>

using namespace drogon;

namespace
{
// A helper.
HttpResponsePtr text(const std::string &body)
{
    auto resp = HttpResponse::newHttpResponse();
    resp->setBody(body);
    return resp;
}

/* An old version, kept for reference:
int old()
{
    return 1;
}
*/
struct Counter
{
    int n = 0;
};
}  // namespace

int main(int argc, char *argv[])
{
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);
    // [guide:one]
    app().registerHandler("/", [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
        callback(text("hi"));
    });
    // [/guide:one]
    int unused = 0;
    // [guide:two]
    app().setThreadNum(2);
    // [/guide:two]
    app().addListener("127.0.0.1", port).run();
}
`;

test('the parts of a C++ file: using lines quoted, helpers and classes named, the start, middle and end of main()', () => {
  const shown = shownLinesOf(SAMPLE, 'x.cc', ['one', 'two']);
  const parts = unshownParts(SAMPLE, 'x.cc', shown);
  const summary = parts.map((p) => `${p.first}-${p.last} ${p.kind} ${p.names.join('+')} ${p.quote || ''}`.trim());
  assert.deepEqual(summary, [
    '4-7 lines  using namespace drogon; namespace {',
    // Consecutive whole helpers make one part, named (too long to quote together).
    '9-25 items text()+struct Counter',
    '26-26 lines  }  // namespace',
    '28-30 start main() int main(int argc, char *argv[]) { const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);',
    '36-36 middle main() int unused = 0;',
    '40-41 end main() app().addListener("127.0.0.1", port).run(); }',
  ]);
  // The block comment (lines 16-21) and the comment line are no code; the #include lines are left
  // to the captions.
  assert.ok(!parts.some((p) => p.first <= 21 && p.last >= 16 && p.first >= 16));
  // Nothing shown: the whole of main() is one item.
  const none = unshownParts(SAMPLE, 'x.cc', new Set());
  assert.ok(none.some((p) => p.kind === 'items' && p.names.includes('main()') && p.first === 28 && p.last === 41), JSON.stringify(none));
  // A long part is named, not quoted.
  const longer = SAMPLE.replace('int unused = 0;', Array.from({ length: 8 }, (_, i) => `int unused${i} = ${i};`).join('\n    '));
  const long = unshownParts(longer, 'x.cc', shownLinesOf(longer, 'x.cc', ['one', 'two']));
  assert.ok(long.some((p) => p.kind === 'middle' && p.first === 36 && p.last === 43 && p.quote === null), JSON.stringify(long));
});

test('the parts of other files: short runs quoted, long ones by their first line; comments are no code', () => {
  const json = '{\n    // the listeners\n    "listeners": [],\n    // [guide:app]\n    "app": { "threads": 1 },\n    // [/guide:app]\n    "plugins": []\n}\n';
  const parts = unshownParts(json, 'config.json', shownLinesOf(json, 'config.json', ['app']));
  assert.deepEqual(parts.map((p) => [p.first, p.last, p.quote]), [[1, 3, '{ "listeners": [],'], [7, 8, '"plugins": [] }']]);
  const cmake = `${Array.from({ length: 8 }, (_, i) => `set(X${i} ON)`).join('\n')}\n# [guide:exe]\nadd_executable(a a.cc)\n# [/guide:exe]\n`;
  const [first] = unshownParts(cmake, 'CMakeLists.txt', shownLinesOf(cmake, 'CMakeLists.txt', ['exe']));
  assert.deepEqual([first.first, first.last, first.quote, first.firstLine], [1, 8, null, 'set(X0 ON)']);
});

test('a note goes after the last block of its file, with the block\'s indentation, and collapses away', () => {
  const lines = ['# T', '', '  <!-- guide:code examples/guide/a/x.cc#one -->', '  ```cpp', '  a', '  ```', '  <!-- /guide:code -->', '', 'text', '<!-- guide:code examples/guide/a/x.cc#two -->', '```cpp', 'b', '```', '<!-- /guide:code -->', '', 'end'];
  const blocks = [
    { file: 'examples/guide/a/x.cc', region: 'one', closeIndex: 6, indent: '  ' },
    { file: 'examples/guide/a/x.cc', region: 'two', closeIndex: 13, indent: '' },
  ];
  const out = insertUnshownNotes(lines, blocks, (file, regions) => `${file}: ${regions.join(',')}`);
  assert.deepEqual(out.slice(13, 19), ['<!-- /guide:code -->', '', '<!-- guide:unshown examples/guide/a/x.cc (generated from the file by npm run build; do not edit) -->', '> examples/guide/a/x.cc: one,two', '<!-- /guide:unshown -->', '']);
  assert.equal(collapseUnshownNotes(out.join('\n'), 'x.md'), lines.join('\n'));
  assert.deepEqual(insertUnshownNotes(lines, blocks, () => null), lines);
  assert.throws(() => collapseUnshownNotes(out.slice(0, 17).join('\n'), 'x.md'), /x\.md: a guide:unshown note is not closed/);
});
