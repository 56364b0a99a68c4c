// Every committed page, parsed by plain CommonMark (markdown-it without the site's CJK rules), has no
// bold left open. The site's renderers close `**完整程序：**本站` through shared/src/cjk-markdown/, but
// GitHub and any other CommonMark reader of these files do not: a bold keeps its full-width
// punctuation outside (`**完整程序**：本站`). The rendered-text browser test checks what the site shows.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const MarkdownIt = require('markdown-it');
const { loadManifest } = require('../src/navigate/manifest');
const { FULL_WIDTH_PUNCTUATION } = require('../../shared/src/cjk-markdown/east-asian-width');

const repoRoot = path.join(__dirname, '..', '..');
const plain = new MarkdownIt({ html: true });

// "line: text" of every text run that still holds "**" once the page is parsed.
function openBolds(markdown) {
  const found = [];
  let line = 0;
  for (const token of plain.parse(markdown, {})) {
    if (token.map) line = token.map[0] + 1;
    for (const child of token.children || []) {
      if (child.type === 'text' && child.content.includes('**')) found.push(`${line}: ${child.content.slice(0, 60)}`);
    }
  }
  return found;
}

// A `**` run after full-width punctuation and before a character (`（GET）**：`). CommonMark closes it
// when it counts the full-width punctuation after it as punctuation; readers that count only ASCII
// punctuation leave it open. "line: text" of each, code spans left out.
const AFTER_PUNCTUATION = new RegExp(`${FULL_WIDTH_PUNCTUATION}\\*\\*(?=[^\\s*])`, 'u');
function boldsAfterPunctuation(markdown) {
  const found = [];
  for (const token of plain.parse(markdown, {})) {
    if (token.type !== 'inline') continue;
    const text = token.content.replace(/(`+)[^`]*?\1/g, '');
    if (AFTER_PUNCTUATION.test(text)) found.push(`${token.map ? token.map[0] + 1 : '?'}: ${text.slice(0, 60)}`);
  }
  return found;
}

test('a bold that ends on full-width punctuation before a character is found; the punctuation outside, or <strong>, is not', () => {
  assert.equal(boldsAfterPunctuation('- **100 个连接（keep-alive）**：两边').length, 1);
  assert.deepEqual(boldsAfterPunctuation('- <strong>100 个连接（keep-alive）</strong>：两边\n\n**完整程序**：本站 `（x）**y`'), []);
});

test('plain CommonMark leaves a bold open after full-width punctuation, and closes it with the punctuation outside', () => {
  assert.equal(openBolds('> **完整程序：**本站仓库').length, 1);
  assert.deepEqual(openBolds('> **完整程序**：本站仓库\n\n**从底层开始就是异步的**。网络'), []);
});

test('every page of every language closes its bolds under plain CommonMark', () => {
  const manifest = loadManifest({ manifestPath: path.join(repoRoot, 'docs', 'manifest.json') });
  const problems = [];
  for (const page of manifest.pages) {
    for (const lang of manifest.languages) {
      const relPath = page.entries[lang.code].relPath;
      const markdown = fs.readFileSync(path.join(repoRoot, relPath), 'utf8');
      for (const where of openBolds(markdown)) problems.push(`${relPath}:${where}`);
      for (const where of boldsAfterPunctuation(markdown)) problems.push(`${relPath}:${where} (a ** after full-width punctuation)`);
    }
  }
  assert.deepEqual(problems, []);
});
