// Loads and validates docs/glossary.json: the project's technical terms in English, Simplified
// Chinese (zh-CN) and Taiwan Chinese (zh-TW), with the renderings to avoid on each side. The
// zh-TW conversion takes its term rules from here (overrides.js adds the non-term rules of
// docs/zh-tw-overrides.json); the page test (docs/test/convert/glossary-pages.test.js) scans CHN and
// JB_TW outside code for the avoided renderings.
//
// A term is applied by the converter when OpenCC's s2twp alone gives something else ("override"), or
// when "convert" is "always" although s2twp agrees (it protects the word from a shorter rule or a bad
// split: "guard"); otherwise it is recorded and tested but not applied ("kept"; "convert": "never"
// keeps a term out of the converter even where s2twp differs: other rules decide it in context).
// A term may carry the context fields of rule-context.js; it then applies only there.
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { hasContext, validateContext, withContext, escapeRegExp } = require('./rule-context');

const GLOSSARY_PATH = join(__dirname, '..', '..', 'glossary.json');
const LANGS = ['zh-CN', 'zh-TW'];
const CONVERT = new Set(['always', 'never']);
const HAN = /\p{Script=Han}/u;
const PRIVATE_USE = /[\ue000-\uf8ff]/;

function loadGlossary(path = GLOSSARY_PATH) {
  let data;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`glossary: cannot read ${path}: ${err.message}`);
  }
  return validateGlossary(data, path);
}

function nonEmptyString(value, at) {
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${at}: must be a non-empty string`);
  if (PRIVATE_USE.test(value)) throw new Error(`${at}: Private Use Area characters are reserved by the converter`);
}

// An avoided rendering: a string, or { "text": ..., context fields } when it is wrong only in a context.
function validateAvoided(spec, at) {
  if (typeof spec === 'string') return nonEmptyString(spec, at);
  if (!spec || typeof spec !== 'object' || Array.isArray(spec)) throw new Error(`${at}: must be a string or an object with "text"`);
  nonEmptyString(spec.text, `${at}.text`);
  validateContext(spec, at);
}

function validateNativePass(pass, at) {
  if (!pass || typeof pass !== 'object' || Array.isArray(pass)) throw new Error(`${at}: must be an object`);
  if (!Array.isArray(pass.avoid) || pass.avoid.length === 0) throw new Error(`${at}.avoid: must be a non-empty array of renderings`);
  pass.avoid.forEach((spec, i) => validateAvoided(spec, `${at}.avoid[${i}]`));
  if (!Number.isInteger(pass.atMost) || pass.atMost < 0) throw new Error(`${at}.atMost: must be a whole number >= 0`);
  if (pass.pending !== undefined) {
    if (!pass.pending || !Number.isInteger(pass.pending.hits) || pass.pending.hits < 0) {
      throw new Error(`${at}.pending.hits: must be a whole number >= 0 (the hits left before the native pass)`);
    }
  }
}

function validateGlossary(data, where = 'glossary') {
  if (!data || !Array.isArray(data.terms)) throw new Error(`${where}: field "terms" must be an array`);
  const byEnglish = new Map();
  const bySource = new Map();
  data.terms.forEach((term, i) => {
    const at = `${where}: terms[${i}]`;
    if (!term || typeof term !== 'object') throw new Error(`${at}: must be an object`);
    for (const field of ['en', 'zh-CN', 'zh-TW', 's2twp', 'example']) nonEmptyString(term[field], `${at}.${field}`);
    if (term.note !== undefined) nonEmptyString(term.note, `${at}.note`);
    if (!HAN.test(term['zh-CN'])) throw new Error(`${at}.zh-CN: "${term['zh-CN']}" holds no Chinese character`);
    if (!term.example.includes(term['zh-CN'])) throw new Error(`${at}.example: must contain the zh-CN term "${term['zh-CN']}"`);
    if (term.convert !== undefined && !CONVERT.has(term.convert)) throw new Error(`${at}.convert: must be "always" or "never", got "${term.convert}"`);
    validateContext(term, at);
    if (term.avoid !== undefined) {
      if (!term.avoid || typeof term.avoid !== 'object' || Array.isArray(term.avoid)) throw new Error(`${at}.avoid: must be an object with "zh-CN" and/or "zh-TW" lists`);
      for (const key of Object.keys(term.avoid)) {
        if (!LANGS.includes(key)) throw new Error(`${at}.avoid: unknown language "${key}" (use zh-CN or zh-TW)`);
        if (!Array.isArray(term.avoid[key])) throw new Error(`${at}.avoid.${key}: must be an array`);
        term.avoid[key].forEach((spec, k) => validateAvoided(spec, `${at}.avoid.${key}[${k}]`));
      }
    }
    if (term.nativePass !== undefined) validateNativePass(term.nativePass, `${at}.nativePass`);
    if (byEnglish.has(term.en)) throw new Error(`${at}.en: "${term.en}" duplicates terms[${byEnglish.get(term.en)}]`);
    byEnglish.set(term.en, i);
    const key = sourceKey(term);
    if (bySource.has(key)) throw new Error(`${at}.zh-CN: "${term['zh-CN']}" duplicates terms[${bySource.get(key)}] (same context)`);
    bySource.set(key, i);
  });
  return { terms: data.terms };
}

/** What makes two rules the same rule: the Simplified word and its context. */
function sourceKey(entry) {
  return JSON.stringify([entry.from !== undefined ? entry.from : entry['zh-CN'], entry.after, entry.notAfter, entry.before, entry.notBefore]);
}

function decisionOf(term) {
  if (term.convert === 'never') return 'kept';
  if (term.s2twp !== term['zh-TW'] || hasContext(term)) return 'override';
  return term.convert === 'always' ? 'guard' : 'kept';
}

/** The glossary's terms as entries of the converter's rule table (the shape overrides.js returns). */
function termEntries(terms) {
  return terms.map((term) => {
    const entry = {
      from: term['zh-CN'],
      to: term['zh-TW'],
      decision: decisionOf(term),
      s2twp: term.s2twp,
      avoid: (term.avoid && term.avoid['zh-TW']) || [],
      example: term.example,
      reason: term.note || term.en,
      term: term.en,
    };
    for (const field of ['after', 'notAfter', 'before', 'notBefore']) if (term[field] !== undefined) entry[field] = term[field];
    return entry;
  });
}

/**
 * Where `text` holds an avoided rendering (a string or { text, context }): [{ index, text }]. A hit
 * inside a longer allowed word (a word the converter writes on purpose, e.g. 資源 for 源, 這類 for
 * 類) is not one.
 */
function findAvoided(text, spec, allowedWords = []) {
  const word = typeof spec === 'string' ? spec : spec.text;
  if (!text.includes(word)) return [];
  const pattern = new RegExp(withContext(escapeRegExp(word), typeof spec === 'string' ? {} : spec), 'gu');
  const hits = [];
  let covered = null;
  for (const match of text.matchAll(pattern)) {
    if (covered === null) {
      covered = [];
      for (const allowed of allowedWords) {
        if (allowed.length <= word.length || !allowed.includes(word)) continue;
        for (let at = text.indexOf(allowed); at !== -1; at = text.indexOf(allowed, at + 1)) covered.push([at, at + allowed.length]);
      }
    }
    const start = match.index;
    const end = start + word.length;
    if (!covered.some(([from, to]) => from <= start && end <= to)) hits.push({ index: start, text: word });
  }
  return hits;
}

module.exports = { loadGlossary, validateGlossary, termEntries, findAvoided, sourceKey, GLOSSARY_PATH };
