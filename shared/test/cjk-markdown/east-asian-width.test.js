// The East Asian Width table of shared/src/cjk-markdown/east-asian-width.js against
// get-east-asian-width (the library markdown-it-cjk-friendly classifies with), code point by code
// point, and the two classes built on it against the rules they stand for: LINE_BREAK (CSS Text 3:
// F, W or H, not Hangul) and EMPHASIS (markdown-it-cjk-friendly's "CJK character", checked through
// the plugin itself on a sample and by its definition everywhere).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const MarkdownIt = require('markdown-it');
const cjkFriendly = require('markdown-it-cjk-friendly').default;
const { eastAsianWidthType } = require('get-east-asian-width');
const eastAsianWidth = require('../../src/cjk-markdown/east-asian-width');

const LAST = 0x10ffff;
const isSurrogate = (cp) => cp >= 0xd800 && cp <= 0xdfff;
const wide = (cp) => ['fullwidth', 'wide', 'halfwidth'].includes(eastAsianWidthType(cp));
const hangul = (ch) => /^\p{sc=Hangul}$/u.test(ch);

// The table as WIDE_RANGES writes it, from a predicate over code points.
function rangesOf(predicate) {
  const ranges = [];
  let start = -1;
  for (let cp = 0; cp <= LAST + 1; cp++) {
    const inside = cp <= LAST && predicate(cp);
    if (inside && start < 0) start = cp;
    if (!inside && start >= 0) {
      ranges.push(start === cp - 1 ? start.toString(16) : `${start.toString(16)}-${(cp - 1).toString(16)}`);
      start = -1;
    }
  }
  return ranges.join(' ');
}

test('WIDE_RANGES is East Asian Width F, W and H as get-east-asian-width has it', () => {
  const expected = rangesOf(wide);
  assert.equal(eastAsianWidth.WIDE_RANGES, expected, `the table differs from get-east-asian-width; the new one:\n${expected}`);
});

test('LINE_BREAK: F, W or H and not Hangul, for every code point', () => {
  const wrong = [];
  for (let cp = 0; cp <= LAST; cp++) {
    if (isSurrogate(cp)) continue;
    const ch = String.fromCodePoint(cp);
    if (eastAsianWidth.isLineBreakCjk(ch) !== (wide(cp) && !hangul(ch))) wrong.push(cp.toString(16));
  }
  assert.deepEqual(wrong.slice(0, 20), []);
});

// markdown-it-cjk-friendly 3.0.0's isCjkBase(cp) === true, by its definition.
function friendlyCjk(cp) {
  if (cp < 0x1100) return false;
  const ch = String.fromCodePoint(cp);
  switch (eastAsianWidthType(cp)) {
    case 'fullwidth': case 'halfwidth': return true;
    case 'wide': return !/^\p{Emoji_Presentation}/u.test(ch);
    case 'neutral': return hangul(ch);
    default: return false;
  }
}

test('EMPHASIS: markdown-it-cjk-friendly\'s CJK characters, for every code point', () => {
  const wrong = [];
  for (let cp = 0; cp <= LAST; cp++) {
    if (isSurrogate(cp)) continue;
    if (eastAsianWidth.isEmphasisCjk(String.fromCodePoint(cp)) !== friendlyCjk(cp)) wrong.push(cp.toString(16));
  }
  assert.deepEqual(wrong.slice(0, 20), []);
});

test('EMPHASIS agrees with what the plugin does, at every edge of the table and of the class', () => {
  const md = new MarkdownIt().use(cjkFriendly);
  // After ASCII punctuation, `**` closes before x only when x is a CJK character (or punctuation or a
  // space, which close anyway and are left out here).
  const closesBefore = (ch) => md.renderInline(`**.**${ch}`).startsWith('<strong>');
  const sample = new Set();
  const edges = `${eastAsianWidth.WIDE_RANGES} ${rangesOf(friendlyCjk)}`.split(' ')
    .flatMap((range) => range.split('-').map((hex) => parseInt(hex, 16)));
  for (const cp of edges) for (const near of [cp - 1, cp, cp + 1]) if (near >= 0 && near <= LAST) sample.add(near);
  for (let cp = 0x1100; cp <= 0x3ffff; cp += 7) sample.add(cp); // and a spread over the planes in use
  let checked = 0;
  const wrong = [];
  for (const cp of sample) {
    const ch = String.fromCodePoint(cp);
    if (isSurrogate(cp) || /^[\s\p{P}\p{S}\p{C}]$/u.test(ch) || /^[*_`\\<>&[\]!]$/.test(ch)) continue;
    checked += 1;
    if (closesBefore(ch) !== eastAsianWidth.isEmphasisCjk(ch)) wrong.push(`${cp.toString(16)} ${ch}`);
  }
  assert.ok(checked > 10000, `only ${checked} code points checked`);
  assert.deepEqual(wrong, []);
});
