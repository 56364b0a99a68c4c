// Simplified Chinese (zh-CN) -> Traditional Chinese, Taiwan usage (zh-TW), for the JB_TW pages.
// OpenCC's s2twp (opencc-js, Converter cn -> twp) plus the reviewed terms of docs/glossary.json and
// the rules of docs/zh-tw-overrides.json. Synchronous and deterministic: the converter is built once.
'use strict';
const OpenCC = require('opencc-js');
const { loadOverrides } = require('./overrides');
const { protectMarkdown, restoreProtected, PROTECT_FIRST } = require('./markdown-protect');
const { withContext, escapeRegExp } = require('./rule-context');

const s2twp = OpenCC.Converter({ from: 'cn', to: 'twp' });

// Rules (docs/glossary.json's terms and docs/zh-tw-overrides.json's rules, see overrides.js) are
// applied with placeholders BEFORE OpenCC: each Simplified word found in the input (leftmost-longest,
// so a longer guard like 架构 wins over 构建 inside 架构建议; a rule with a context only where its
// context holds, see rule-context.js) is swapped for one Private Use Area character that OpenCC
// passes through untouched, then swapped back for the wanted Traditional term. Matching on the
// Simplified input means OpenCC's own segmentation cannot split or swallow a rule's word (境内存储 ->
// 境記憶體儲 is exactly that problem), and the placeholder is a word boundary for OpenCC, like
// punctuation.
const OVERRIDE_FIRST = 0xe000;
const overrides = loadOverrides();
if (overrides.applied.length > PROTECT_FIRST - OVERRIDE_FIRST) {
  throw new Error('zh-tw overrides: too many applied entries for the placeholder range');
}
const overrideTargets = overrides.applied.map((entry) => entry.to);
// One capture group per rule, longest word first: the group that matched names the rule.
const ruleOrder = overrides.applied
  .map((entry, index) => ({ entry, index }))
  .sort((a, b) => b.entry.from.length - a.entry.from.length || a.index - b.index)
  .map(({ index }) => index);
// The leading class of the rules' first characters lets the engine skip every other position fast.
const firstCharacters = [...new Set(overrides.applied.map((entry) => Array.from(entry.from)[0]))].map((ch) => escapeRegExp(ch).replace('-', '\\-')).join('');
const overridePattern = ruleOrder.length === 0 ? null : new RegExp(
  `(?=[${firstCharacters}])(?:${ruleOrder.map((index) => `(${withContext(escapeRegExp(overrides.applied[index].from), overrides.applied[index])})`).join('|')})`,
  'gu',
);
const PLACEHOLDER_ANY = /[\ue000-\uf8ff]/;
const OVERRIDE_PLACEHOLDER = new RegExp(`[${String.fromCharCode(OVERRIDE_FIRST)}-${String.fromCharCode(PROTECT_FIRST - 1)}]`, 'g');

function placeholderFor(match, ...groups) {
  const k = groups.findIndex((group, i) => i < ruleOrder.length && group !== undefined);
  return String.fromCharCode(OVERRIDE_FIRST + ruleOrder[k]);
}

// Converts text that may already hold markdown-protection placeholders (never override ones).
function convertWithOverrides(text) {
  const marked = overridePattern ? text.replace(overridePattern, placeholderFor) : text;
  return s2twp(marked).replace(OVERRIDE_PLACEHOLDER, (ch) => overrideTargets[ch.charCodeAt(0) - OVERRIDE_FIRST]);
}

function assertString(value, what) {
  if (typeof value !== 'string') throw new TypeError(`${what}: expected a string, got ${value === null ? 'null' : typeof value}`);
  if (PLACEHOLDER_ANY.test(value)) {
    const at = value.search(PLACEHOLDER_ANY);
    throw new Error(`${what}: contains a Private Use Area character (U+${value.charCodeAt(at).toString(16).toUpperCase()}) at index ${at}; the converter reserves U+E000-U+F8FF`);
  }
}

/** Plain text (titles, file names, anchors, UI strings): s2twp + reviewed overrides. */
function convertText(str) {
  assertString(str, 'convertText');
  return convertWithOverrides(str);
}

/**
 * A whole zh-CN page -> zh-TW page. Code, URLs, link targets, HTML tags/attributes, HTML comments
 * and front matter are kept verbatim; internal links /CHN/<file>[?id=|#anchor] are rewritten to
 * /JB_TW/<convertText(file)> with convertText(anchor). Everything else (including headings, link
 * texts and text between HTML tags) is converted, in one pass so phrases are segmented as in convertText.
 */
function convertMarkdown(chnMarkdown) {
  assertString(chnMarkdown, 'convertMarkdown');
  const { text, saved } = protectMarkdown(chnMarkdown, { convertText: convertWithOverrides });
  return restoreProtected(convertWithOverrides(text), saved);
}

module.exports = { convertText, convertMarkdown, overrides: overrides.entries };
