// docs/src/prerender/markdown.js: markdown-it renders what docsify renders. Heading ids are docsify's
// slugs on every real page; links, images, code and raw HTML resolve as docsify resolves them, then
// point at clean URLs; text from the page never becomes markup it was not.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { createMarkdown, renderMarkdown, inlineText, htmlText } = require('../../src/prerender/markdown');
const { extractHeadings } = require('../../src/docsify/slug');
const { generatePages } = require('../../src/generate-pages');
const { siteMarkdown } = require('../../src/build');

const md = createMarkdown();
const pages = new Map([
  ['/ENG/Overview', { htmlLang: 'en' }],
  ['/ENG/Quick-Start', { htmlLang: 'en' }],
  ['/CHN/概述', { htmlLang: 'zh-CN' }],
]);
const render = (markdown, route = '/ENG/Overview') => renderMarkdown(md, markdown, { route, htmlLang: 'en', aliases: { '/ENG/': '/ENG/Overview' }, pages }).html;

test('every heading of every real page gets docsify\'s id, in order (repeats numbered, :id= honoured)', () => {
  const generated = generatePages({});
  let count = 0;
  for (const [rel, markdown] of siteMarkdown(generated)) {
    if (!/^(ENG|CHN|JB_TW)\/[^_]/.test(rel)) continue;
    const route = `/${rel.replace(/\.md$/, '')}`;
    const { tokens } = renderMarkdown(md, markdown, { route, htmlLang: 'en', aliases: {}, pages: new Map() });
    const ids = tokens.filter((t) => t.type === 'heading_open').map((t) => t.attrGet('id'));
    assert.deepEqual(ids, extractHeadings(markdown).map((h) => h.slug), rel);
    count += ids.length;
  }
  assert.ok(count > 500, `only ${count} headings compared`);
});

test('headings: docsify options are removed from the text, repeats get -1', () => {
  const html = render('# Results :id=results\n\n## Same\n\n## Same\n\n## A *b* & `c`');
  assert.match(html, /<h1 id="results">Results<\/h1>/);
  assert.match(html, /<h2 id="same">Same<\/h2>\n<h2 id="same-1">Same<\/h2>/);
  assert.match(html, /<h2 id="a-b--c">A <em>b<\/em> &amp; <code>c<\/code><\/h2>/);
});

test('links: routes go to clean URLs relative to the site root; other languages carry hreflang', () => {
  const html = render([
    '[a](/ENG/Quick-Start) [b](/ENG/Quick-Start#build-it) [c](#here) [d](/CHN/概述?id=什么是)',
    '[e](/ENG/) [f](bench/results/latest.json \':ignore\') [g](https://example.org/x "Title") [h](mailto:a@example.org)',
    '[i](/ENG/No-Such-Page)',
  ].join('\n'));
  assert.match(html, /<a href="ENG\/Quick-Start\/">a<\/a>/);
  assert.match(html, /<a href="ENG\/Quick-Start\/#build-it">b<\/a>/);
  assert.match(html, /<a href="ENG\/Overview\/#here">c<\/a>/);
  assert.match(html, /<a href="CHN\/%E6%A6%82%E8%BF%B0\/#%E4%BB%80%E4%B9%88%E6%98%AF" hreflang="zh-CN">d<\/a>/);
  assert.match(html, /<a href="ENG\/Overview\/">e<\/a>/, 'docsify alias /ENG/ -> first page');
  assert.match(html, /<a href="bench\/results\/latest.json">f<\/a>/, "':ignore' is a file path, its option removed");
  assert.match(html, /<a href="https:\/\/example.org\/x" title="Title" target="_blank" rel="noopener">g<\/a>/);
  assert.match(html, /<a href="mailto:a@example.org">h<\/a>/);
  assert.match(html, /<a href="\.\/#\/ENG\/No-Such-Page">i<\/a>/, 'an unknown route stays docsify\'s (its missing-page notice)');
});

test('raw HTML keeps its markup; its docsify links (href="#/...") point at clean URLs', () => {
  const html = render('<details><summary>More</summary>\n\n<a href="#/ENG/Quick-Start?id=x">go</a> <a href="https://example.org">out</a>\n\n</details>');
  assert.match(html, /<details><summary>More<\/summary>/);
  assert.match(html, /<a href="ENG\/Quick-Start\/#x">go<\/a>/);
  assert.match(html, /<a href="https:\/\/example.org">out<\/a>/);
});

test('table alignment is an align attribute, as docsify writes it (the CSP refuses style attributes)', () => {
  const html = render('| a | b | c |\n|:--|--:|:-:|\n| 1 | 2 | 3 |');
  assert.match(html, /<th align="left">a<\/th>\n<th align="right">b<\/th>\n<th align="center">c<\/th>/);
  assert.match(html, /<td align="right">2<\/td>/);
  assert.doesNotMatch(html, /style=/);
});

test('images resolve against the page\'s folder, as docsify does', () => {
  assert.match(render('![diagram](<img/a b.png>)'), /<img src="ENG\/img\/a%20b.png" alt="diagram">/);
  assert.match(render('![x](/CHN/img/图.png)'), /<img src="CHN\/img\/%E5%9B%BE.png" alt="x">/);
  assert.match(render('![x](../logo.svg)'), /<img src="logo.svg" alt="x">/);
});

test('code blocks: escaped, highlighted with the site\'s Prism languages, in docsify\'s markup', () => {
  const html = render('```cpp\nint main() { return a < b && c > "d"; } // </code></pre><script>alert(1)</script>\n```\n\n```\n<script>alert(1)</script>\n```\n\n```no-such-lang\n<b>&amp;</b>\n```');
  assert.match(html, /<pre data-lang="cpp" class="language-cpp"><code class="lang-cpp language-cpp" tabindex="0"><span class="token keyword">int<\/span>/);
  assert.doesNotMatch(html, /<script>/);
  assert.match(html, /&lt;\/code>&lt;\/pre>&lt;script>/);
  assert.match(html, /<pre data-lang="markup"/, 'a block without a language is markup, as in docsify');
  assert.match(html, /<pre data-lang="no-such-lang" class="language-no-such-lang"><code class="lang-no-such-lang language-no-such-lang" tabindex="0">&lt;b&gt;&amp;amp;&lt;\/b&gt;/);
});

test('inline text and raw HTML text: what a reader sees, never tags or attributes', () => {
  const { tokens } = renderMarkdown(md, 'A **b** `c < d`\nnext [link](/ENG/Overview) ![alt](x.png)', { route: '/ENG/Overview', htmlLang: 'en', aliases: {}, pages });
  assert.equal(inlineText(tokens.find((t) => t.type === 'inline')), 'A b c < d next link alt');
  assert.equal(htmlText('<figure data-chart="{&quot;x&quot;:1}"><figcaption>Req&amp;s <b>per</b> s</figcaption><!-- note --></figure>').replace(/\s+/g, ' ').trim(), 'Req&s per s');
});

test('Chinese text as docsify shows it with the site\'s rules: `**` next to full-width punctuation closes, a line break inside a sentence goes', () => {
  const markdown = '**完整程序：**本站仓库中的\n`examples/`。\n\n从底层开始就是异步的。\n网络 I/O\nand English\nlines.';
  const { html, tokens } = renderMarkdown(md, markdown, { route: '/CHN/概述', htmlLang: 'zh-CN', aliases: {}, pages });
  assert.match(html, /<p><strong>完整程序：<\/strong>本站仓库中的\n<code>examples\/<\/code>。<\/p>/);
  assert.match(html, /<p>从底层开始就是异步的。网络 I\/O\nand English\nlines.<\/p>/);
  assert.deepEqual(tokens.filter((t) => t.type === 'inline').map(inlineText), ['完整程序：本站仓库中的 examples/。', '从底层开始就是异步的。网络 I/O and English lines.']);
});

test('note, tip and warning boxes: GitHub\'s alert syntax as docsify 5 renders it, titled in the page\'s language, text escaped', () => {
  const markdown = '> [!WARNING]\n> Never block `the loop` <b>here</b>.\n\n> [!TIP]\n> a tip\n\n> a quote';
  const html = renderMarkdown(md, markdown, { route: '/CHN/概述', htmlLang: 'zh-CN', aliases: {}, pages, calloutTitles: { warning: '警告', tip: '提示' } }).html;
  assert.match(html, /^<div class="callout warning"><p class="callout-title">警告<\/p>\n<p>Never block <code>the loop<\/code> <b>here<\/b>\.<\/p>\n<\/div>/);
  assert.match(html, /<div class="callout tip"><p class="callout-title">提示<\/p>\n<p>a tip<\/p>\n<\/div>/);
  assert.match(html, /<blockquote>\n<p>a quote<\/p>\n<\/blockquote>/, 'a plain quote stays a quote');
  assert.doesNotMatch(html, /\[!/);
  // Without titles (no language strings): English.
  assert.match(render('> [!NOTE]\n> n'), /<p class="callout-title">Note<\/p>/);
  const hostile = renderMarkdown(md, '> [!NOTE]\n> x', { route: '/ENG/Overview', htmlLang: 'en', aliases: {}, pages, calloutTitles: { note: '<script>x</script>' } }).html;
  assert.match(hostile, /<p class="callout-title">&lt;script&gt;x&lt;\/script&gt;<\/p>/);
});
