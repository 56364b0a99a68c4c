'use strict';
// Escaping of data strings, checked by rendering with the marked build docsify ships
// (docs/src/docsify/docsify-runtime.js): what the reader sees must be the string itself, never markup.
const test = require('node:test');
const assert = require('node:assert/strict');
const { escapeHtml, escapeHtmlInMarkdown, escapeMarkdownText, codeSpan, fencedCode, tableRow, table } = require('../src/escape');
const { createMarkdown } = require('../../docs/src/prerender/markdown');
const { loadDocsifyRuntime } = require('../../docs/src/docsify/docsify-runtime');

const { marked } = loadDocsifyRuntime();
const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  'a | b || c',
  'line one\nline two\r\nthree\u2028four',
  'back`tick``s`',
  '`leading and trailing`',
  '[click](javascript:alert(1))',
  '](javascript:alert(1))',
  '*emph* _under_ ~~strike~~ **bold**',
  '# not a heading',
  '- not a list',
  '1. not a list',
  '&lt;already escaped&gt; &amp; &#60;',
  'back\\slash \\| pipe',
  '"quotes" \'single\'',
  'trailing backslash\\',
];

// Text content of HTML, with entities decoded (enough for what marked emits).
function textOf(html) {
  return html.replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/&#(\d+);/g, (all, code) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');
}
const asOneLine = (s) => s.replace(/\r\n|[\r\n\u2028\u2029\t]/g, ' ');

function assertNoMarkup(html) {
  assert.doesNotMatch(html, /<(img|script|a|em|strong|del|h\d|ol|ul|li)\b/i, html);
  assert.doesNotMatch(html, /javascript:[^<]*"/i);
}

test('escapeHtml replaces the five HTML special characters', () => {
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});

test('inline text renders as exactly the string, on one line, with no markup', () => {
  for (const hostile of HOSTILE) {
    const html = marked.parseInline(`Value: ${escapeMarkdownText(hostile)}`);
    assertNoMarkup(html);
    assert.equal(textOf(html), `Value: ${asOneLine(hostile)}`, hostile);
  }
});

test('text at the start of a list item does not open a heading, list or quote', () => {
  for (const hostile of ['# h', '- x', '+ y', '1. z', '2) w', '> q', '---']) {
    const html = marked.parse(`- ${escapeMarkdownText(hostile)}\n`);
    assert.match(html, /^<ul>\n<li>/);
    assert.doesNotMatch(html, /<(h1|ol|blockquote|hr)|<ul>[^]*<ul>/, hostile);
    assert.equal(textOf(html).trim(), hostile);
  }
});

test('code spans show the string verbatim, also in table cells', () => {
  for (const hostile of HOSTILE) {
    const inline = marked.parseInline(codeSpan(hostile));
    assert.match(inline, /^<code>/);
    assert.equal(textOf(inline), asOneLine(hostile), hostile);

    const md = table(['Command', 'Other'], [[codeSpan(hostile, { inTable: true }), 'after']]);
    const html = marked.parse(md);
    const cells = [...html.matchAll(/<td>([^]*?)<\/td>/g)].map((x) => x[1]);
    assert.equal(cells.length, 2, `row lost its shape for ${JSON.stringify(hostile)}: ${html}`);
    assert.equal(textOf(cells[0]), asOneLine(hostile), hostile);
    assert.equal(cells[1], 'after');
  }
});

test('table cells with escaped text keep the column count', () => {
  for (const hostile of HOSTILE) {
    const md = table(['A', 'B', 'C'], [[escapeMarkdownText(hostile), escapeMarkdownText(hostile), 'end']]);
    const html = marked.parse(md);
    const cells = [...html.matchAll(/<td>([^]*?)<\/td>/g)].map((x) => x[1]);
    assert.equal(cells.length, 3, html);
    assertNoMarkup(cells.join(''));
    assert.equal(textOf(cells[0]), asOneLine(hostile));
    assert.equal(cells[2], 'end');
  }
});

test('a fenced block is closed only by its own fence', () => {
  const source = 'int main() {}\n```\n<script>alert(1)</script>\n````\n';
  const html = marked.parse(`${fencedCode(source, 'cpp')}\n\nafter`);
  assert.equal((html.match(/<pre>/g) || []).length, 1);
  assert.match(html, /<p>after<\/p>/);
  assert.doesNotMatch(html, /<script>/);
  assert.throws(() => fencedCode('x', 'c++ onload'), /bad language/);
});

// --- data inside an HTML block of a page (issue 29) -----------------------------------------------

const markdownIt = createMarkdown();
const BLOCK_HOSTILE = [...HOSTILE, '![x](https://example.invalid/x.png) **b** `c`\n\n<b>bold</b>', 'one\n\ntwo\r\n\r\nthree', '~~s~~ _u_ \\* |a|'];
// Both renderers of the site: docsify's marked in the browser, markdown-it for the prerendered pages.
const RENDERERS = { marked: (md) => marked.parse(md), 'markdown-it': (md) => markdownIt.render(md, { route: '/ENG/Page', htmlLang: 'en', aliases: {}, pages: new Map() }) };

test('escapeHtmlInMarkdown: inside an HTML block, and in the same block broken by blank lines, no renderer makes markup of data', () => {
  for (const hostile of BLOCK_HOSTILE) {
    const text = escapeHtmlInMarkdown(hostile);
    assert.doesNotMatch(text, /[\r\n!\[\]*_`~\\|<>]/, `${JSON.stringify(hostile)} -> ${text}`);
    // As the pages use it (a figure caption, a summary, an attribute), and with the block broken: the
    // caption alone as a paragraph between blank lines, where every Markdown rule applies.
    const layouts = {
      block: `<figure class="c" data-x="${text}">\n<figcaption>${text}</figcaption>\n</figure>`,
      broken: `<figure class="c" data-x="${text}">\n\n${text}\n\n<figcaption>${text}</figcaption>\n\n</figure>`,
    };
    for (const [renderer, render] of Object.entries(RENDERERS)) {
      for (const [layout, md] of Object.entries(layouts)) {
        const html = render(md);
        const what = `${renderer}, ${layout}: ${JSON.stringify(hostile)}`;
        // The only elements are the template's: figure, figcaption and the paragraph a broken block makes.
        assert.deepEqual([...new Set(html.match(/<\/?[a-z][a-z0-9]*/gi))].sort(), layout === 'block'
          ? ['</figcaption', '</figure', '<figcaption', '<figure'] : ['</figcaption', '</figure', '</p', '<figcaption', '<figure', '<p'], `${what}: ${html}`);
        const shown = textOf(html).replace(/\s+/g, ' ').trim();
        const expected = hostile.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '').replace(/\s+/g, ' ').trim();
        assert.equal(shown, Array(layout === 'block' ? 1 : 2).fill(expected).join(' '), what);
        const attribute = html.match(/data-x="([^"]*)"/)[1];
        assert.equal(textOf(attribute), hostile.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, ''), `${what}: the attribute keeps the value`);
      }
    }
  }
});

test('a table row refuses a cell with a raw line break', () => {
  assert.throws(() => tableRow(['a\nb']), /line break/);
});

// --- addresses in data never become links ----------------------------------------------------------

const fs = require('node:fs');
const path = require('node:path');
const { convertText } = require('../../docs/src/convert/zh-tw');

const ADDRESSES = ['https://example.invalid/x.png', 'http://example.invalid', 'ftp://example.invalid/f', 'www.example.invalid/p', 'WWW.example.invalid', 'someone@example.invalid'];

/** Every punctuation mark the Benchmarks templates and string tables use, in each language (zh-TW as converted). */
function templatePunctuation() {
  const dir = path.join(__dirname, '..', '..', 'docs', 'benchmarks');
  const texts = fs.readdirSync(dir).filter((name) => /\.(md|json)$/.test(name)).map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
  const all = [...texts, ...texts.map(convertText)].join('');
  return [...new Set(all.match(/[\p{P}\p{S}]/gu))].filter((ch) => !/[\\`*_[\]|~<>&#{}]/.test(ch));
}

test('an address in data followed by any punctuation mark of the templates stays plain text', () => {
  const marks = templatePunctuation();
  for (const cjk of ['：', '、', '，', '。', '（', '）', '；']) assert.ok(marks.includes(cjk), `the templates use ${cjk}: expected it among the marks tested`);
  for (const address of ADDRESSES) {
    for (const mark of marks) {
      for (const line of [`${escapeMarkdownText(address)}${mark}后文`, `前文 ${escapeMarkdownText(address)}${mark}`, `| ${escapeMarkdownText(address)}${mark} |`]) {
        const html = marked.parse(line);
        assert.doesNotMatch(html, /<a\b/i, `${JSON.stringify(address + mark)} became a link: ${html}`);
        assert.ok(textOf(html).includes(`${address}${mark}`), `${address}${mark}: shown as ${textOf(html)}`);
      }
    }
  }
  // The case: an image link around an address keeps its characters and shows no backslash.
  const html = marked.parse(`${escapeMarkdownText('![x](https://example.invalid/x.png)')}、后`);
  assert.doesNotMatch(html, /<a\b|<img\b|\\/);
  assert.equal(textOf(html).trim(), '![x](https://example.invalid/x.png)、后');
});
