// The rule table of the zh-TW conversion: the terms of docs/glossary.json (glossary.js), then the
// rules of docs/zh-tw-overrides.json that are not terms: guards that keep a longer word or a
// segmentation from a shorter rule (影响应用 is not 影+回應+用), and words in context (了 after 明).
// One Simplified word in one context is decided once, in one of the two files.
// decision "override": applied, s2twp is wrong for software text; "guard": applied, protects a
// longer word from a shorter rule or from a bad OpenCC split; "kept" (glossary only): s2twp is
// already right, recorded and tested but not applied (applying 文件 would break 文件夹 -> 資料夾).
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { loadGlossary, termEntries, sourceKey, GLOSSARY_PATH } = require('./glossary');
const { validateContext } = require('./rule-context');

const OVERRIDES_PATH = join(__dirname, '..', '..', 'zh-tw-overrides.json');
const DECISIONS = new Set(['override', 'guard']);
const HAN = /\p{Script=Han}/u;

function readJson(path, what) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`${what}: cannot read ${path}: ${err.message}`);
  }
}

/** Every rule and term: { entries, applied } (applied: what the converter replaces, in table order). */
function loadOverrides(path = OVERRIDES_PATH, glossaryPath = GLOSSARY_PATH) {
  const rules = validateOverrides(readJson(path, 'zh-tw overrides'), path);
  const { terms } = loadGlossary(glossaryPath);
  return combine(termEntries(terms), rules.entries, { glossaryPath, path });
}

function combine(termRules, rules, { glossaryPath = 'glossary', path = 'zh-tw overrides' } = {}) {
  const seen = new Map(termRules.map((entry, i) => [sourceKey(entry), `${glossaryPath}: terms[${i}] ("${entry.term}")`]));
  rules.forEach((entry, i) => {
    const other = seen.get(sourceKey(entry));
    if (other) throw new Error(`${path}: entries[${i}].from: "${entry.from}" is decided twice: here and in ${other}; keep one`);
  });
  const entries = [...termRules, ...rules];
  return { entries, applied: entries.filter((entry) => entry.decision !== 'kept') };
}

/** Validates the rules file (docs/zh-tw-overrides.json); errors name the field. */
function validateOverrides(data, where = 'zh-tw overrides') {
  if (!data || !Array.isArray(data.entries)) throw new Error(`${where}: field "entries" must be an array`);
  const seen = new Map();
  data.entries.forEach((entry, i) => {
    const at = `${where}: entries[${i}]`;
    for (const field of ['from', 'to', 'decision', 's2twp', 'reason', 'example']) {
      if (typeof entry[field] !== 'string' || entry[field].trim() === '') throw new Error(`${at}.${field}: must be a non-empty string`);
    }
    if (entry.decision === 'kept') throw new Error(`${at}.decision: "kept" decisions are terms: record them in docs/glossary.json`);
    if (!DECISIONS.has(entry.decision)) throw new Error(`${at}.decision: must be one of ${[...DECISIONS].join(', ')}, got "${entry.decision}"`);
    if (!HAN.test(entry.from)) throw new Error(`${at}.from: "${entry.from}" holds no Chinese character`);
    if (/[\ue000-\uf8ff]/.test(entry.from + entry.to)) throw new Error(`${at}: Private Use Area characters are reserved by the converter`);
    if (!Array.isArray(entry.avoid) || entry.avoid.some((w) => typeof w !== 'string' || w === '')) {
      throw new Error(`${at}.avoid: must be an array of non-empty strings (the wrong renderings the test rejects; may be empty)`);
    }
    if (!entry.example.includes(entry.from)) throw new Error(`${at}.example: must contain the source term "${entry.from}"`);
    validateContext(entry, at);
    const key = sourceKey(entry);
    if (seen.has(key)) throw new Error(`${at}.from: "${entry.from}" duplicates entries[${seen.get(key)}]`);
    seen.set(key, i);
  });
  return { entries: data.entries };
}

module.exports = { loadOverrides, validateOverrides, combine, OVERRIDES_PATH };
