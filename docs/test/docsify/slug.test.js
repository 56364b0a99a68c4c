// docs/src/docsify/slug.js against docsify 5's own code (loaded from node_modules/docsify/dist/docsify.js):
// its slugify, and the heading ids its compiler (marked + heading renderer) puts into the page.
// Covers: docs/src/docsify/docsify-runtime.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { baseSlug, createSlugger, extractHeadings } = require('../../src/docsify/slug');
const { loadDocsifyRuntime } = require('../../src/docsify/docsify-runtime');

const repoRoot = path.join(__dirname, '..', '..', '..');

const headings = [
  'Overview', 'Quick start', 'Hello World', 'hello world', 'HELLO  WORLD', ' padded ', 'tab\there',
  '1. Introduction', '2024 results', '10k connections', '_private', '__init__', 'snake_case_name',
  'kebab-case-name', 'A & B', 'C++ / Rust', 'API: v2.0 (beta)!', 'What is "keep-alive"?', "It's here",
  'Use `setThreadNum()` here', '**bold** and *em*', '~~strike~~', '<b>tag</b> text', '<img src=x onerror=alert(1)> x',
  '[link](/ENG/Overview) text', 'a [b](c) d [e](f)', 'emoji 🚀 rocket', 'heart ❤️ love', '—dash— – en',
  '…ellipsis…', '“quoted” ‘single’', '⸺ two-em', 'Ünïcode Ça Übung', 'Ελληνικά', 'Кириллица Заглавная',
  'café', 'cafe\u0301 (decomposed)', '性能测试', '性能测试 结果', '测试方法', '在本地复现性能测试',
  '什么是 Drogon', '过滤器（filter）', '中文，标点。', '问题？答案！', '《书名》与「引号」', '效能測試', '參與貢獻',
  '1. 概述', 'HTTP/1.1 与 HTTP/2', 'p50 / p90 / p99', '100%', '$PATH and ~/.cache', 'x{docsify-ignore}',
  'a|b|c', 'back\\slash', 'under_score', 'x', 'x', 'x-1', 'x', 'Results', 'Results', 'results',
  '结果', '结果', '', '   ', '#', '---',
];

test('baseSlug equals docsify 5 slugify on each heading (fresh duplicate state)', () => {
  const { docsifySlugify } = loadDocsifyRuntime();
  for (const h of headings) {
    docsifySlugify.clear();
    assert.equal(baseSlug(h), docsifySlugify(h), `heading ${JSON.stringify(h)}`);
  }
});

test('createSlugger reproduces docsify duplicate suffixes over a whole sequence', () => {
  const { docsifySlugify } = loadDocsifyRuntime();
  docsifySlugify.clear();
  const slug = createSlugger();
  const ours = headings.map((h) => slug(h));
  const theirs = headings.map((h) => docsifySlugify(h));
  docsifySlugify.clear();
  assert.deepEqual(ours, theirs);
  // The docsify quirk we must match: the counter is keyed by the base slug only.
  assert.deepEqual(ours.slice(headings.indexOf('x'), headings.indexOf('x') + 4), ['x', 'x-1', 'x-1', 'x-2']);
});

test('CJK characters and CJK punctuation are kept, ASCII is lowercased, a leading digit gets "_"', () => {
  assert.equal(baseSlug('性能测试 结果'), '性能测试-结果');
  assert.equal(baseSlug('过滤器（filter）'), '过滤器（filter）');
  assert.equal(baseSlug('1. 概述'), '_1-概述');
  assert.equal(baseSlug('Ünïcode'), 'Ünïcode');
});

// docsify's compiler, with a minimal router: only heading ids are compared, not link hrefs.
function docsifyHeadingIds(markdown) {
  const { DocsifyCompiler, docsifySlugify } = loadDocsifyRuntime();
  const router = {
    getCurrentPath: () => '/ENG/Page',
    toURL: (p, q) => `#${p}${q && q.id ? `?id=${q.id}` : ''}`,
    parse: () => ({ file: 'ENG/Page.md', path: '/ENG/Page', query: {} }),
    getBasePath: () => '/',
  };
  docsifySlugify.clear();
  const html = new DocsifyCompiler({}, router).compile(markdown);
  return [...html.matchAll(/<h([1-6]) id="([^"]*)"/g)].map((m) => ({ depth: Number(m[1]), id: m[2] }));
}

test('extractHeadings gives the ids docsify\'s compiler renders, nested and tricky markdown included', () => {
  const markdown = [
    '# Title', '', 'Setext heading', '---', '', '> ## Quoted heading', '', '- ### Heading in a list', '',
    '```', '# not a heading (fenced)', '```', '', '    # not a heading (indented code)', '',
    '<h2>raw html heading</h2>', '', '## Custom :id=my-custom-id', '', '## Title', '## Title', '',
    '## Closing hashes ##', '', '#hashtag is not a heading', '', '## 性能测试 结果', '',
    '| a | b |', '|---|---|', '| 1 | 2 |', '', '## `code` in **heading**', '',
  ].join('\n');
  const ours = extractHeadings(markdown).map((h) => ({ depth: h.depth, id: h.slug }));
  assert.deepEqual(ours, docsifyHeadingIds(markdown));
  assert.ok(ours.some((h) => h.id === 'my-custom-id'));
});

test('extractHeadings matches docsify on every page of the site', () => {
  const dirs = ['ENG', 'CHN', 'JB_TW'];
  let pages = 0;
  for (const dir of dirs) {
    let names = [];
    try { names = fs.readdirSync(path.join(repoRoot, dir)); } catch { continue; }
    for (const name of names.filter((n) => n.endsWith('.md') && !n.startsWith('_'))) {
      const markdown = fs.readFileSync(path.join(repoRoot, dir, name), 'utf8');
      assert.deepEqual(extractHeadings(markdown).map((h) => ({ depth: h.depth, id: h.slug })), docsifyHeadingIds(markdown), `${dir}/${name}`);
      pages++;
    }
  }
  assert.ok(pages > 0, 'no pages found in ENG/, CHN/, JB_TW/');
});

test('a text is lexed once: the same text gives the same tokens, frozen so that no reader changes them', () => {
  const { lexMarkdown } = require('../../src/docsify/docsify-runtime');
  const text = `# Lexed once ${process.pid}\n\nA [link](#x) and \`code\`.\n`;
  const tokens = lexMarkdown(text);
  assert.equal(lexMarkdown(text), tokens);
  assert.equal(tokens[0].type, 'heading');
  // (the tokens come from docsify's sandbox: its own TypeError)
  assert.throws(() => { tokens[0].text = 'changed'; }, { name: 'TypeError' });
  assert.throws(() => { tokens[2].tokens.push({}); }, { name: 'TypeError' });
  assert.equal(lexMarkdown(text)[0].text, `Lexed once ${process.pid}`);
});
