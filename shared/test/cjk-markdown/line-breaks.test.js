// Line breaks inside Chinese sentences (shared/src/cjk-markdown/line-breaks.js): the rule itself, the
// same text from markdown-it (the prerender) and docsify's marked (lexer then parser, as docsify
// renders a page, and docsify's own compiler with its callouts, which copy tokens, and its cache,
// which writes them as JSON), and nothing changed where the rule does not apply.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const MarkdownIt = require('markdown-it');
const cjkFriendly = require('markdown-it-cjk-friendly').default;
const { loadDocsifyRuntime } = require('../../../docs/src/docsify/docsify-runtime');
const lineBreaks = require('../../src/cjk-markdown/line-breaks');

const { marked, DocsifyCompiler, docsifySlugify } = loadDocsifyRuntime(); // with the site's rules
const withRules = (src) => marked.Parser.parse(marked.Lexer.lex(src, marked.defaults), marked.defaults);
const plain = (src) => marked.Parser.parse(marked.Lexer.lex(src, marked.getDefaults()), marked.getDefaults());
const markdownIt = new MarkdownIt({ html: true, linkify: true }).use(cjkFriendly).use(lineBreaks.markdownIt);
const markdownItPlain = new MarkdownIt({ html: true, linkify: true }).use(cjkFriendly);

// What the reader gets of the HTML: white space between tags dropped, other white space one space
// (as a browser folds it; a line break that stayed is a space here).
const shown = (html) => html.replace(/<(\/?)s>/g, '<$1del>').replace(/>\s+</g, '><').replace(/<br>\s+/g, '<br>').replace(/\s+/g, ' ')
  .replace(/<p> /g, '<p>').replace(/ <\/p>/g, '</p>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").trim();

test('joinsLines: two East Asian wide characters, or a zero-width space on either side', () => {
  assert.equal(lineBreaks.joinsLines('。', '网'), true);
  assert.equal(lineBreaks.joinsLines('中', '文'), true);
  assert.equal(lineBreaks.joinsLines('，', '「'), true);
  assert.equal(lineBreaks.joinsLines('中', 'a'), false);
  assert.equal(lineBreaks.joinsLines('a', '中'), false);
  assert.equal(lineBreaks.joinsLines('한', '국'), false, 'Korean keeps its spaces');
  assert.equal(lineBreaks.joinsLines('中', ''), false);
  assert.equal(lineBreaks.joinsLines('', '中'), false);
  assert.equal(lineBreaks.joinsLines('a', '\u200b'), true);
  assert.equal(lineBreaks.joinsLines('“', '中'), false, 'East Asian Width A (ambiguous) is not wide');
});

const CASES = [
  ['从底层开始就是异步的。\n网络 I/O', '<p>从底层开始就是异步的。网络 I/O</p>'],
  ['中文 \n  中文', '<p>中文中文</p>'],
  ['第一行，\n第二行', '<p>第一行，第二行</p>'],
  ['**异步的。**\n网络', '<p><strong>异步的。</strong>网络</p>'],
  ['中文\n**强调**', '<p>中文<strong>强调</strong></p>'],
  ['见[链接](x)\n之后', '<p>见<a href="x">链接</a>之后</p>'],
  ['中<b>\n中</b>', '<p>中<b>中</b></p>'],
  ['- 第一行\n  第二行', '<ul><li>第一行第二行</li></ul>'],
  ['> 引用，\n> 继续', '<blockquote><p>引用，继续</p></blockquote>'],
  ['零宽\u200b\nabc', '<p>零宽\u200babc</p>'],
  // Kept: Latin on one side, inline code, an image, a hard break, Korean.
  ['中文\nEnglish', '<p>中文 English</p>'],
  ['English\n中文', '<p>English 中文</p>'],
  ['中\n`x`\n中', '<p>中 <code>x</code> 中</p>'],
  ['中\n![图](x.png)\n中', '<p>中 <img src="x.png" alt="图"> 中</p>'],
  ['中文  \n中文', '<p>中文<br>中文</p>'],
  ['한국어\n문장', '<p>한국어 문장</p>'],
  ['**a**\nb', '<p><strong>a</strong> b</p>'],
];

test('the same text from markdown-it and docsify\'s marked, where the lines join and where they do not', () => {
  for (const [src, expected] of CASES) {
    assert.equal(shown(markdownIt.render(src)), expected, `markdown-it: ${JSON.stringify(src)}`);
    assert.equal(shown(withRules(src)), expected, `marked: ${JSON.stringify(src)}`);
  }
});

test('marked renders every English page byte for byte as without the rule', () => {
  const dir = path.join(__dirname, '..', '..', '..', 'ENG');
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.md'))) {
    const src = fs.readFileSync(path.join(dir, name), 'utf8');
    assert.equal(withRules(src), plain(src), `ENG/${name}`);
  }
});

// Lines of random pieces (Chinese, punctuation, Latin, emphasis, code, links, images, HTML, hard
// breaks, Korean, zero-width spaces). Seeded: the same text each run.
function randomLines(count, seed) {
  const pieces = ['中', '文', '。', '，', '「', '」', 'a', 'b', '.', ' ', '**强调**', '*斜*', '`c`', '[链](x)', '![图](y)',
    '<b>', '</b>', '한', '\u200b', '😀', '“', '  '];
  let state = seed >>> 0;
  const next = (n) => { state = (Math.imul(state, 1664525) + 1013904223) >>> 0; return Math.floor((state / 2 ** 32) * n); };
  const line = () => Array.from({ length: 1 + next(4) }, () => pieces[next(pieces.length)]).join('');
  return Array.from({ length: count }, () => Array.from({ length: 2 + next(3) }, line).join('\n'));
}

test('where marked and markdown-it show the same text without the rule, they do with it (5,000 random paragraphs)', () => {
  const differ = [];
  let agreedBefore = 0;
  let joined = 0;
  for (const src of randomLines(5000, 28)) {
    const fromMarked = shown(withRules(src));
    const fromMarkdownIt = shown(markdownIt.render(src));
    const before = shown(plain(src)) === shown(markdownItPlain.render(src));
    if (before) agreedBefore += 1;
    if (before && fromMarked !== fromMarkdownIt) differ.push(`${JSON.stringify(src)}: marked ${fromMarked} | markdown-it ${fromMarkdownIt}`);
    if (fromMarkdownIt !== shown(markdownItPlain.render(src))) joined += 1;
  }
  assert.deepEqual(differ, []);
  assert.ok(agreedBefore > 3000, `the renderers agreed on ${agreedBefore} paragraphs only without the rule`);
  assert.ok(joined > 1000, `the rule joined lines in ${joined} paragraphs only: the sample says little`);
});

test('in docsify\'s own compiler: a callout (whose tokens docsify copies) joins its lines, and pages still cache', () => {
  const route = '/CHN/x';
  const router = {
    getCurrentPath: () => route,
    toURL: (p) => `#${p}`,
    parse: () => ({ file: 'CHN/x.md', path: route, query: {} }),
    getBasePath: () => '/',
  };
  docsifySlugify.clear();
  const compiler = new DocsifyCompiler({ noEmoji: true }, router);
  const src = '> [!NOTE]\n> **完整程序：**本站仓库中的\n> 目录。\n\n第一段，\n第二行。';
  const tokens = compiler._marked.lexer(src);
  assert.doesNotThrow(() => JSON.stringify(tokens));
  const html = compiler.compile(tokens);
  assert.match(shown(html), /<div class="callout note">.*<strong>完整程序：<\/strong>本站仓库中的目录。/);
  assert.match(shown(html), /<p>第一段，第二行。<\/p>/);
  assert.equal(compiler.compile(compiler._marked.lexer(src)), html, 'the same page again (docsify caches it by its tokens)');
});
