// Heading slugs (the ?id= anchors) exactly as docsify 5.0.0 makes them. Rules read from
// node_modules/docsify/dist/docsify.js (function slugify and the heading renderer); the tests compare
// this module with docsify's own slugify on many headings.
//
// - Input is the heading token's raw `text` from marked (inline markdown not rendered), or the
//   heading's `:id=` config when given.
// - trim, NFC; [text](url) -> text; emoji removed; A-Z lowercased (only ASCII: other letters keep case);
//   HTML tags removed; punctuation in U+2000-206F, U+2E00-2E7F and ASCII \'!"#$%&()*+,./:;<=>?@[]^`{|}~
//   removed (so `_` and `-` stay, and CJK characters and CJK punctuation such as ，。stay);
//   each whitespace character -> "-" (no collapsing); a leading digit gets a "_" prefix.
// - Duplicates within one page: the n-th repeat of a slug gets "-n". The counter is keyed by the
//   base slug only, so a later literal "x-1" is not bumped (docsify can then emit two equal ids).
'use strict';
const { lexMarkdown } = require('./docsify-runtime');
const { lineNumbers } = require('../../../shared/src/line-numbers');

const punctuation = /[\u2000-\u206F\u2E00-\u2E7F\\'!"#$%&()*+,./:;<=>?@[\]^`{|}~]/g;

function baseSlug(str) {
  if (typeof str !== 'string') return '';
  return str.trim().normalize('NFC')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/\uFE0F/g, '')
    .replace(/[\p{Emoji_Presentation}\p{Extended_Pictographic}]/gu, '')
    .replace(/[A-Z]+/g, (s) => s.toLowerCase())
    .replace(/<[^>]+>/g, '')
    .replace(punctuation, '')
    .replace(/\s/g, '-')
    .replace(/^(\d)/, '_$1');
}

// One slugger per page (docsify clears its cache after compiling each page).
function createSlugger() {
  const counts = new Map();
  return function slug(str) {
    let result = baseSlug(str);
    const count = counts.has(result) ? counts.get(result) + 1 : 0;
    counts.set(result, count);
    if (count) result = `${result}-${count}`;
    return result;
  };
}

// docsify's getAndRemoveConfig, limited to what a heading uses: the `:id=value` option.
function headingConfigId(text) {
  let id = null;
  text.replace(/(?:^|\s):([\w-]+:?)=?([\w-%]+)?/g, (m, key, value) => {
    if (key === 'id' && value && id === null) id = value.replace(/&quot;/g, '');
    return '';
  });
  return id;
}

// Every heading docsify renders with an id, in render order (nested blockquotes and list items
// included; headings inside raw HTML get no id). Returns [{ depth, text, slug, line }].
function extractHeadings(markdown) {
  const tokens = lexMarkdown(markdown);
  const slug = createSlugger();
  const headings = [];
  let offset = 0;
  const lineAt = lineNumbers(markdown);
  const visit = (list, baseOffset) => {
    let cursor = baseOffset;
    for (const token of list) {
      const found = token.raw ? markdown.indexOf(token.raw, cursor) : -1;
      const at = found >= 0 ? found : cursor;
      if (token.type === 'heading') {
        const text = token.text;
        const id = headingConfigId(text);
        headings.push({ depth: token.depth, text, slug: slug(id || text), line: lineAt(at) });
      }
      if (token.type === 'blockquote' && Array.isArray(token.tokens)) visit(token.tokens, at);
      if (token.type === 'list' && Array.isArray(token.items)) {
        for (const item of token.items) visit(item.tokens || [], at);
      }
      if (found >= 0 && token.type !== 'blockquote' && token.type !== 'list') cursor = found + token.raw.length;
    }
  };
  visit(tokens, offset);
  return headings;
}

module.exports = { baseSlug, createSlugger, extractHeadings, headingConfigId };
