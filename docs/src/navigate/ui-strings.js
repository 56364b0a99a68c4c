// Loads docs/ui-strings.json (the site chrome's strings) for every language of the manifest.
// Authored languages must have every key of the first language; derived languages (zh-TW) are
// converted from their source language, never typed.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const defaultUiStringsPath = path.join(__dirname, '..', '..', 'ui-strings.json');

function loadUiStrings(manifest, { uiStringsPath = defaultUiStringsPath, converter } = {}) {
  const source = path.relative(process.cwd(), uiStringsPath) || uiStringsPath;
  let raw;
  try {
    raw = JSON.parse(fs.readFileSync(uiStringsPath, 'utf8'));
  } catch (err) {
    throw new Error(`${source}: cannot load: ${err.message}`);
  }
  const fail = (field, message) => { throw new Error(`${source}: ${field}: ${message}`); };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) fail('(root)', 'expected an object');
  const authored = manifest.languages.filter((l) => l.derivedFrom === null);
  const codes = new Set(manifest.languages.map((l) => l.code));
  for (const key of Object.keys(raw)) {
    if (key !== '$comment' && !codes.has(key)) fail(key, `not a language of ${manifest.source}`);
  }
  const referenceKeys = Object.keys(raw[authored[0].code] || {});
  if (referenceKeys.length === 0) fail(authored[0].code, 'missing or empty');
  const strings = {};
  for (const lang of authored) {
    const table = raw[lang.code];
    if (table === null || typeof table !== 'object' || Array.isArray(table)) fail(lang.code, 'missing (every authored language needs its strings)');
    for (const key of referenceKeys) {
      if (typeof table[key] !== 'string' || table[key] === '') fail(`${lang.code}.${key}`, 'expected a non-empty string');
    }
    for (const key of Object.keys(table)) {
      if (!referenceKeys.includes(key)) fail(`${lang.code}.${key}`, `unknown key (not in ${authored[0].code})`);
    }
    strings[lang.code] = { ...table };
  }
  const derived = manifest.languages.filter((l) => l.derivedFrom !== null);
  if (derived.length) {
    const { convertText } = converter || require('../convert/zh-tw.js');
    for (const lang of derived) {
      if (raw[lang.code] !== undefined) fail(lang.code, `${lang.code} is derived from ${lang.derivedFrom} by conversion; remove it (it is never typed)`);
      strings[lang.code] = Object.fromEntries(Object.entries(strings[lang.derivedFrom]).map(([k, v]) => [k, convertText(v)]));
    }
  }
  return strings;
}

// Fills {name} placeholders; unknown placeholders are an error, not silently left in the page.
function fillTemplate(template, values) {
  return template.replace(/\{(\w+)\}/g, (m, key) => {
    if (!(key in values)) throw new Error(`ui string "${template}": no value for {${key}}`);
    return values[key];
  });
}

module.exports = { loadUiStrings, fillTemplate, defaultUiStringsPath };
