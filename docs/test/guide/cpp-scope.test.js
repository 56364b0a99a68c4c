// Where a fragment of a C++ file goes (docs/src/guide/cpp-scope.js): the scope a line sits in, read
// from braces outside comments and literals, and the headers the file includes; and the captions of
// the guide pages that say it.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { scopeAtLine, includedHeaders, blankNonCode, classifyHead } = require('../../src/guide/cpp-scope');
const { parseRegions } = require('../../src/guide/regions');
const { generatePages } = require('../../src/generate-pages');
const { includedBlocks } = require('../../src/guide/code-blocks');
const { repoRoot } = require('../support/content-copy');

// A file whose lines are marked `// @name`: the scope expected at that line.
const SAMPLE = `#include <drogon/drogon.h>
#include "Books.h"
#define BLOCK { int x; }
using namespace drogon;
static const char *text = "}{ not a brace";
static const char *raw = R"js(function () { return "}"; })js";
static const int big = 1'000'000; // @file
namespace api {
struct Book : public Base
{
    int id; // @class Book
    void print() const
    {
        char c = '{'; // @function Book::print
    }
};
}
/* a comment { */
Task<> Books::get(HttpRequestPtr req, std::function<void(const HttpResponsePtr &)> callback)
{
    if (req) {
        co_return; // @function Books::get
    }
}
int main(int argc, char *argv[])
{
    Json::Value v{1, 2};
    app().registerHandler("/", [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
        auto resp = HttpResponse::newHttpResponse(); // @lambda main
    }, {Get});
    for (int i = 0; i < 3; ++i)
    {
        v.append(i); // @function main
    }
    auto later = [v]() mutable -> int {
        return 1; // @lambda main
    };
    app().run(); // @function main
}
`;

test('the scope of a line: function, lambda in a function, class, file; braces in comments, literals and macros do not count', () => {
  const lines = SAMPLE.split('\n');
  let checked = 0;
  lines.forEach((line, i) => {
    const m = /\/\/ @(\w+)(?: (\S+))?$/.exec(line);
    if (!m) return;
    const scope = scopeAtLine(SAMPLE, i);
    const where = `line ${i + 1}: ${line.trim()}`;
    if (m[1] === 'file') assert.deepEqual(scope, { kind: 'file' }, where);
    if (m[1] === 'class') assert.deepEqual(scope, { kind: 'class', keyword: 'struct', name: m[2] }, where);
    if (m[1] === 'function') assert.deepEqual(scope, { kind: 'function', name: m[2], inLambda: false }, where);
    if (m[1] === 'lambda') assert.deepEqual(scope, { kind: 'function', name: m[2], inLambda: true }, where);
    checked += 1;
  });
  assert.equal(checked, 8);
  // Outside any brace, and past the end.
  assert.deepEqual(scopeAtLine(SAMPLE, 0), { kind: 'file' });
  assert.throws(() => scopeAtLine(SAMPLE, lines.length + 5), /past the end/);
});

test('comments, literals and preprocessor lines are blanked, keeping every line where it was', () => {
  const blanked = blankNonCode(SAMPLE);
  assert.equal(blanked.length, SAMPLE.length);
  assert.equal(blanked.split('\n').length, SAMPLE.split('\n').length);
  assert.ok(!blanked.includes('not a brace') && !blanked.includes('a comment') && !blanked.includes('BLOCK'));
  assert.equal((blanked.match(/\{/g) || []).length, (blanked.match(/\}/g) || []).length);
});

test('what a brace opens, from the text before it', () => {
  assert.deepEqual(classifyHead('int main(int argc, char *argv[])'), { kind: 'function', name: 'main' });
  assert.deepEqual(classifyHead('void Foo::bar() const override'), { kind: 'function', name: 'Foo::bar' });
  assert.deepEqual(classifyHead('Foo::Foo(int a) : a_(a), b_(2)'), { kind: 'function', name: 'Foo::Foo' });
  assert.deepEqual(classifyHead('template <typename T> T twice(T x)'), { kind: 'function', name: 'twice' });
  assert.deepEqual(classifyHead('class Books : public drogon::HttpController<Books>'), { kind: 'class', keyword: 'class', name: 'Books' });
  assert.deepEqual(classifyHead('enum class Color'), { kind: 'class', keyword: 'enum class', name: 'Color' });
  assert.deepEqual(classifyHead('namespace api'), { kind: 'namespace', name: 'api' });
  assert.deepEqual(classifyHead('[&](int x)'), { kind: 'lambda' });
  assert.deepEqual(classifyHead('} else if (x)'.slice(2)), { kind: 'block' });
  assert.deepEqual(classifyHead('return'), { kind: 'init' });
  assert.deepEqual(classifyHead('std::vector<int> v'), { kind: 'init' });
  assert.deepEqual(classifyHead('f(a,'), { kind: 'init' });
});

test('the headers a file includes, as written', () => {
  assert.deepEqual(includedHeaders(SAMPLE), ['<drogon/drogon.h>', '"Books.h"']);
  assert.deepEqual(includedHeaders('int x;\n'), []);
});

test('every region of every C++ example file has a scope, and the guide pages\' captions say it in every language', () => {
  const examples = path.join(repoRoot, 'examples', 'guide');
  const files = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.(cc|h)$/.test(e.name)) files.push(full);
    }
  };
  walk(examples);
  let regions = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const [name, region] of parseRegions(text, file).regions) {
      const scope = scopeAtLine(text, region.start + 1);
      assert.ok(['file', 'function', 'class', 'lambda'].includes(scope.kind), `${file}#${name}: ${JSON.stringify(scope)}`);
      regions += 1;
    }
  }
  assert.ok(regions > 100, `only ${regions} regions`);

  const generated = generatePages({ root: repoRoot });
  const placed = { en: /, (inside `[\w:~]+\(\)`|inside a lambda in `[\w:~]+\(\)`|inside a lambda|inside `(class|struct|union|enum|enum class) \w+`|at file scope \(outside any function\))(; the file includes `[<"][^`]+[>"]`(, `[<"][^`]+[>"]`)*)?:$/,
    'zh-CN': /，(位于 `[\w:~]+\(\)` 内|位于 `[\w:~]+\(\)` 中的一个 lambda 内|位于一个 lambda 内|位于 `[\w ]+` 内|位于文件顶层（任何函数之外）)(；该文件包含的头文件：`[^`]+`(、`[^`]+`)*)?：$/,
    'zh-TW': /，(位於 `[\w:~]+\(\)` 內|位於 `[\w:~]+\(\)` 中的一個 lambda 內|位於一個 lambda 內|位於 `[\w ]+` 內|位於檔案頂層（任何函式之外）)(；該檔案包含的標頭檔：`[^`]+`(、`[^`]+`)*)?：$/ };
  let captions = 0;
  let inMain = 0;
  for (const page of generated.manifest.pages.filter((p) => p.section === 'guide')) {
    for (const lang of generated.manifest.languages) {
      for (const block of includedBlocks(generated.files.get(page.entries[lang.code].relPath))) {
        const [file, region] = block.directive.split(/\s+/)[0].split('#');
        if (!region || !/\.(cc|h)$/.test(file)) continue;
        assert.match(block.caption, placed[lang.code], `${page.entries[lang.code].relPath}: ${block.directive}`);
        captions += 1;
        if (lang.code === 'en' && block.caption.includes('inside `main()`')) inMain += 1;
      }
    }
  }
  assert.ok(captions > 300, `only ${captions} C++ captions`);
  assert.ok(inMain > 50, `only ${inMain} English captions inside main()`);
  // Redis's routes are added in a function of their own, and the caption names its headers.
  const redis = generated.files.get(generated.manifest.pages.find((p) => p.id === 'redis').entries.en.relPath);
  assert.match(redis, /lines \d+–\d+, inside `addRoutes\(\)`; the file includes `<drogon\/drogon\.h>`, `<drogon\/nosql\/RedisClient\.h>`/);
});
