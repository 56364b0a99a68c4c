// The CJK-friendly emphasis of docsify's marked (shared/src/cjk-markdown/emphasis.js, put on docsify's
// own marked build by use-marked.js) against markdown-it with markdown-it-cjk-friendly, the
// prerender's renderer: the same emphasis in both for Chinese next to punctuation, no change at all
// for text without CJK characters, and never a disagreement that the two renderers did not already
// have without the rule. marked is read the way docsify renders a page: lexer, then parser.
// Covers: shared/src/cjk-markdown/use-marked.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const MarkdownIt = require('markdown-it');
const cjkFriendly = require('markdown-it-cjk-friendly').default;
const { loadDocsifyRuntime } = require('../../../docs/src/docsify/docsify-runtime');
const { useMarked } = require('../../src/cjk-markdown/use-marked');

const { marked } = loadDocsifyRuntime(); // the rules are on it (docsify-runtime.js uses useMarked)
const withRules = (src) => marked.Parser.parse(marked.Lexer.lex(src, marked.defaults), marked.defaults);
const plain = (src) => marked.Parser.parse(marked.Lexer.lex(src, marked.getDefaults()), marked.getDefaults());
const markdownIt = new MarkdownIt({ html: true, linkify: true }).use(cjkFriendly);
const markdownItPlain = new MarkdownIt({ html: true, linkify: true });

// The two renderers write a few things differently (<s> and <del>, line ends, quotes as entities).
// marked keeps the spaces at the ends of a paragraph.
const normal = (html) => html.replace(/<(\/?)s>/g, '<$1del>').replace(/\n/g, '')
  .replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/<p>\s+/g, '<p>').replace(/\s+<\/p>/g, '</p>');

const CASES = [
  ['**完整程序：**本站仓库', '<p><strong>完整程序：</strong>本站仓库</p>'],
  ['**从底层开始就是异步的。**网络 I/O', '<p><strong>从底层开始就是异步的。</strong>网络 I/O</p>'],
  ['它**「不会」**阻塞', '<p>它<strong>「不会」</strong>阻塞</p>'],
  ['*注意，*这里', '<p><em>注意，</em>这里</p>'],
  ['***很重要：***下面', '<p><em><strong>很重要：</strong></em>下面</p>'],
  ['~~旧的：~~新的', '<p><del>旧的：</del>新的</p>'],
  ['**程序：**`main.cc` 和 **说明（见下）**。', '<p><strong>程序：</strong><code>main.cc</code> 和 <strong>说明（见下）</strong>。</p>'],
  ['見 **[連結](x)：**之後', '<p>見 <strong><a href="x">連結</a>：</strong>之後</p>'],
  ['**한국어:**다음', '<p><strong>한국어:</strong>다음</p>'],
  ['**𠀀。**𠀁', '<p><strong>𠀀。</strong>𠀁</p>'],
  // `_` keeps CommonMark's rule (the amendment does not touch it) in both.
  ['__完整：__本站', '<p>__完整：__本站</p>'],
  // Emoji are no CJK characters for emphasis.
  ['**😀.**x', '<p>**😀.**x</p>'],
  // English is CommonMark's.
  ['**bold.**x and **bold.** x', '<p>**bold.**x and <strong>bold.</strong> x</p>'],
];

test('Chinese emphasis next to punctuation renders the same in docsify\'s marked and in markdown-it', () => {
  for (const [src, expected] of CASES) {
    assert.equal(normal(withRules(src)), expected, `marked: ${src}`);
    assert.equal(normal(markdownIt.render(src)), expected, `markdown-it: ${src}`);
  }
});

test('without CJK characters, marked renders every English page and the cases byte for byte as without the rule', () => {
  const pages = fs.readdirSync(path.join(__dirname, '..', '..', '..', 'ENG')).filter((n) => n.endsWith('.md'));
  assert.ok(pages.length > 30);
  for (const name of pages) {
    const src = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'ENG', name), 'utf8');
    assert.equal(withRules(src), plain(src), `ENG/${name}`);
  }
  for (const src of ['*a*b **a.**b a**.**b _a_ __a__b ~~a~~ ~a~ ***a** b*', 'x *[y](z)*. **`a`**b']) assert.equal(withRules(src), plain(src), src);
});

// Random text with one pair of delimiter runs, `X<run>Y<run>Z`, X, Y and Z made of pieces that meet
// the runs in every way (CJK characters and punctuation, emoji, Korean, Latin, ASCII punctuation,
// spaces, code, a link). Seeded: the same strings each run. Never two code spans in a row: marked
// masks `c``c` as other code than it reads, a fault of its own that any valid closing run shows.
function randomPairs(count, seed) {
  const pieces = ['中', '文', '。', '：', '「', '」', '（', '）', '😀', '한', 'a', 'b', '.', ',', '(', ')', ' ', '`c`', '[x](y)'];
  const runs = ['*', '**', '***', '~~', '_', '__'];
  let state = seed >>> 0;
  const next = (n) => { state = (Math.imul(state, 1664525) + 1013904223) >>> 0; return Math.floor((state / 2 ** 32) * n); };
  const text = (min) => {
    const chosen = [];
    for (let n = min + next(4); chosen.length < n;) {
      const piece = pieces[next(pieces.length)];
      if (!(piece === '`c`' && chosen[chosen.length - 1] === piece)) chosen.push(piece);
    }
    return chosen.join('');
  };
  return Array.from({ length: count }, () => {
    const run = runs[next(runs.length)];
    return `${text(0)}${run}${text(1)}${run}${text(0)}`;
  });
}

// marked is not CommonMark in every corner (some runs of three, `_` next to emoji): the rule must
// add no disagreement of its own.
test('one pair of runs in any surroundings: where marked and markdown-it agree without the rule, they agree with it (5,000 random strings)', () => {
  const differ = [];
  let agreedBefore = 0;
  let agree = 0;
  let emphasized = 0;
  for (const src of randomPairs(5000, 32)) {
    const fromMarked = normal(withRules(src));
    const fromMarkdownIt = normal(markdownIt.render(src));
    const before = normal(plain(src)) === normal(markdownItPlain.render(src));
    if (before) agreedBefore += 1;
    if (fromMarked === fromMarkdownIt) agree += 1;
    if (before && fromMarked !== fromMarkdownIt) differ.push(`${JSON.stringify(src)}: marked ${fromMarked} | markdown-it ${fromMarkdownIt}`);
    if (/<(em|strong|del)>/.test(fromMarked) && !/<(em|strong|del)>/.test(normal(plain(src)))) emphasized += 1;
  }
  assert.deepEqual(differ, []);
  assert.ok(agreedBefore > 4000, `marked and markdown-it agreed on ${agreedBefore} strings only without the rule`);
  assert.ok(agree > agreedBefore, `${agree} agreements with the rule, ${agreedBefore} without`);
  assert.ok(emphasized > 500, `the rule gave emphasis to ${emphasized} strings only: the sample says little`);
});

test('useMarked puts the rules on a marked once, and leaves `_` and other tokenizers to marked', () => {
  assert.equal(useMarked(marked), marked);
  assert.equal(normal(withRules('**完整程序：**本站')), '<p><strong>完整程序：</strong>本站</p>');
  assert.equal(normal(withRules('_强调_ `code` [a](b)')), '<p><em>强调</em> <code>code</code> <a href="b">a</a></p>');
});
