// docs/src/api-reference/render.js and reference-bodies.js: the reference's Markdown: each entry's
// signatures, the header as included, the header comment, "since", the chapters that use it, a
// class's members; every string from a header escaped (a comment or a signature is data); the
// words around the entries in the page's language.
// Covers: docs/src/api-reference/reference-bodies.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const MarkdownIt = require('markdown-it');
const { renderReferencePages, loadStrings, commentMarkdown } = require('../../src/api-reference/render');
const { referenceEntries } = require('../../src/api-reference/entries');
const { declarationUsage } = require('../../src/api-reference/reference-bodies');
const { loadGuideConfig, expandBody } = require('../../src/guide/code-blocks');
const { sourceReader } = require('../../src/code-names/shown-names');
const { lineHash } = require('../../src/code-names/record-file');

const repoRoot = path.join(__dirname, '..', '..', '..');
const hostile = '<img src=x onerror=alert(1)> [click](javascript:alert(1)) | **bold** `tick` _u_ http://x.test';

const record = {
  files: { 'examples/guide/a/main.cc': { 3: ['h', [0, 'drogon::HttpResponse::setBody'], [9, 'drogon::app']] } },
  unresolved: [],
  declarations: {
    'drogon::HttpResponse': { name: 'HttpResponse', qualified: 'drogon::HttpResponse', kind: 'class', origin: 'drogon', file: 'drogon/HttpResponse.h', line: 10, signature: 'class HttpResponse', comment: `A response.\n\n@param x ${hostile}`, members: ['drogon::HttpResponse::setBody'], bases: ['public trantor::NonCopyable'] },
    'drogon::HttpResponse::setBody': { name: 'setBody', qualified: 'drogon::HttpResponse::setBody', kind: 'method', origin: 'drogon', file: 'drogon/HttpResponse.h', line: 20, signature: 'void setBody(const char *s = "```")', parent: 'drogon::HttpResponse', since: { version: '1.2.0', changelog: `Add setBody ${hostile}` } },
    'drogon::app': { name: 'app', qualified: 'drogon::app', kind: 'function', origin: 'drogon', file: 'drogon/HttpAppFramework.h', line: 5, signature: 'HttpAppFramework &app()' },
  },
};
const config = { index: 'api-reference', pages: [{ id: 'api-http', patterns: [/.*/] }] };

function render(code, usage = new Map([['drogon::HttpResponse::setBody', new Set(['quick-start'])]])) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'reference-'));
  try {
    fs.mkdirSync(path.join(root, 'docs', 'api-reference'), { recursive: true });
    for (const id of ['api-reference', 'api-http']) {
      fs.writeFileSync(path.join(root, 'docs', 'api-reference', `${id}.${code}.md`), `# ${id}\n\nIntro.\n\n${id === 'api-reference' ? '<!-- api:index -->' : '<!-- api:entries -->'}\n`);
    }
    const strings = loadStrings(repoRoot, ['en', 'zh-CN']);
    return renderReferencePages({
      root, code, strings: strings[code], reference: referenceEntries(record, config), config, declarations: record.declarations, usage,
      pageRoute: (id) => `/${code === 'en' ? 'ENG' : 'CHN'}/${id}`, pageTitle: (id) => `Title of ${id}`, pageOrder: () => 0,
    });
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

test('an entry: heading with its anchor, signatures, header to include, comment, members, since, chapters using it', () => {
  const body = render('en').get('api-http');
  assert.match(body, /^## HttpResponse :id=drogon-httpresponse$/m);
  assert.match(body, /^```cpp\nclass HttpResponse\n```$/m);
  assert.ok(body.includes('Header: `#include <drogon/HttpResponse.h>` · class in namespace drogon'));
  assert.match(body, /^### HttpResponse::setBody :id=drogon-httpresponse-setbody$/m);
  // A signature with a fence inside gets a longer fence.
  assert.ok(body.includes('````cpp\nvoid setBody(const char *s = "```")\n````'));
  assert.ok(body.includes('**Used in the guide:** [Title of quick-start](/ENG/quick-start)'));
  assert.ok(body.includes('**Public members**: [setBody](/ENG/api-http?id=drogon-httpresponse-setbody)'));
  assert.match(body, /since Drogon 1\.2\.0 \(its ChangeLog: “Add setBody /);
  const index = render('en').get('api-reference');
  assert.match(index, /^## Namespace drogon :id=namespace-drogon$/m);
  assert.ok(index.includes('- [HttpResponse](/ENG/api-http?id=drogon-httpresponse): class, `drogon/HttpResponse.h` (Title of api-http)'));
});

test('header strings are escaped: no HTML, no link, no emphasis, no table break reaches the page', () => {
  const body = render('en').get('api-http');
  const html = new MarkdownIt({ html: true, linkify: true }).render(body);
  assert.ok(!/<img/i.test(html), 'no raw HTML from a comment');
  assert.ok(!/href="javascript:/i.test(html), 'no link from a comment');
  assert.ok(!/<strong>bold/.test(html) && !/<em>u<\/em>/.test(html), 'no emphasis from a comment');
  assert.ok(!/href="http:\/\/x\.test/.test(html), 'no automatic link from a comment');
  assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the text is shown as written');
  // Doxygen commands keep their own line.
  assert.equal(commentMarkdown('One\ntwo.\n@param a the a\n@return it'), 'One two.  \n@param a the a  \n@return it');
});

test('Drogon\'s own Markdown in a comment: `code` as code, @code … @endcode as a C++ block, hostile text inside them still code', () => {
  const md = commentMarkdown([
    'Call `sendRequest()` with `ReqResult::Timeout` and a lone ` tick.',
    '@note the callback is equivalent to',
    '`void (Session::SessionMap &)` <b>x</b>',
    '@code',
    'client->setSockOptCallback([](int fd) {});',
    '<img src=x onerror=alert(1)> **not bold**',
    '@endcode',
    'After the block.',
    '\\code',
    'unterminated(); // runs to the end',
  ].join('\n'));
  const html = new MarkdownIt({ html: true, linkify: true }).render(md);
  assert.ok(html.includes('Call <code>sendRequest()</code> with <code>ReqResult::Timeout</code> and a lone ` tick.'), html);
  // A code span across a line break of the header is one span.
  assert.ok(html.includes('<code>void (Session::SessionMap &amp;)</code> &lt;b&gt;x&lt;/b&gt;'), html);
  assert.ok(html.includes('<pre><code class="language-cpp">client-&gt;setSockOptCallback([](int fd) {});\n&lt;img src=x onerror=alert(1)&gt; **not bold**\n</code></pre>'), html);
  assert.ok(html.includes('<p>After the block.</p>'), html);
  assert.ok(html.includes('<pre><code class="language-cpp">unterminated(); // runs to the end\n</code></pre>'), html);
  assert.ok(!/<img|<b>|<strong>/.test(html), 'nothing from the comment becomes HTML');
  // A ChangeLog entry's code spans too (its "since" line).
  const since = new MarkdownIt({ html: true }).render(render('en').get('api-http')).split('\n').find((l) => l.includes('its ChangeLog'));
  assert.ok(since && since.includes('Add setBody &lt;img src=x onerror=alert(1)&gt;') && since.includes('<code>tick</code>'), since);
});

test('the words around the entries are in the page\'s language; the entries stay as the header writes them', () => {
  const body = render('zh-CN').get('api-http');
  assert.ok(body.includes('头文件： `#include <drogon/HttpResponse.h>` · 命名空间 drogon 中的类'));
  assert.ok(body.includes('**指南中用到它的章节**：[Title of quick-start](/CHN/quick-start)'));
  assert.ok(body.includes('A response.'));
});

test('usage: the chapters whose shown code uses each declaration, from the pages\' expanded blocks', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-'));
  try {
    const file = 'examples/guide/a/main.cc';
    fs.mkdirSync(path.join(root, 'examples/guide/a'), { recursive: true });
    fs.writeFileSync(path.join(root, file), 'int f();\nint g() { return f(); }\n');
    const config = loadGuideConfig(repoRoot);
    const body = expandBody(`# P\n\n<!-- guide:code ${file} -->\n`, { root, config, where: 'ENG/P.md' });
    const used = { ...record, files: { [file]: { 2: [lineHash('int g() { return f(); }'), [4, 'drogon::app'], [17, 'drogon::HttpResponse::setBody']] } } };
    const manifest = { languages: [{ code: 'en' }], pages: [{ id: 'p', entries: { en: { relPath: 'ENG/P.md' } } }, { id: 'q', entries: { en: { relPath: 'ENG/Q.md' } } }] };
    const usage = declarationUsage({ manifest, bodies: { p: { en: body }, q: { en: 'No code.' } }, record: used, readSource: sourceReader(root) });
    assert.deepEqual([...usage].map(([id, pages]) => [id, [...pages]]), [['drogon::app', ['p']], ['drogon::HttpResponse::setBody', ['p']]]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
