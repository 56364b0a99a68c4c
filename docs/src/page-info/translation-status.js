// Translation status: which English text each Chinese page translates. docs/translations.json records,
// per page id, a hash of the English source as it was when the Simplified Chinese page was last brought
// up to date (the Traditional page is converted from it, so it shares the record). When the English
// source changes, its hash no longer matches: the page is "stale", `npm run check` lists it as a
// warning and the site shows a notice on the Chinese and Traditional pages. A page without a record
// is "not-recorded" (listed by check, no notice). `npm run translations -- --mark <page-id>` records
// the current English hash (docs/src/translations.js).
//
// The English source hashed: for an authored page, its body without the navigation blocks, with the
// code the guide includes collapsed to its directive lines and the parts generated from
// bench/scenarios.json emptied (code and settings are not translated); for a generated page, its
// English template (its string tables are checked key by key by the generator).
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { splitPage } = require('../navigate/navigation');
const { collapseBody } = require('../guide/code-blocks');
const { emptyBenchParts } = require('../benchmarks/methodology');
const { editSource } = require('./sources');
const { writeFileAtomic } = require('../../../shared/src/fs-atomic');

const RECORDS = 'docs/translations.json';
const HASH = /^[0-9a-f]{16}$/;
const RECORDS_COMMENT = 'Which English text each Chinese page translates: page id -> the first 16 hex digits of the sha256 of the English source as docs/src/page-info/translation-status.js reads it. Written by `npm run translations -- --mark <page-id>` once the Simplified Chinese page says what the English one says; not by hand.';

const repoRoot = path.join(__dirname, '..', '..', '..');

/**
 * { path, text } of the English source a page's Chinese translation follows. Authored pages are read
 * from root (the content); templates from this checkout, where the generator reads them.
 */
function englishSource(root, manifest, page) {
  const english = manifest.languages[0].code;
  const rel = editSource(manifest, page, english);
  let text;
  try {
    text = fs.readFileSync(path.join(page.generatedBy ? repoRoot : root, rel), 'utf8');
  } catch (err) {
    throw new Error(`translations: cannot read ${rel} (English source of page "${page.id}"): ${err.code || err.message}`);
  }
  if (page.generatedBy) return { path: rel, text };
  return { path: rel, text: emptyBenchParts(collapseBody(splitPage(text, rel).body, rel)).trim() };
}

function englishHash(text) {
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
}

/** The records { pageId: hash } of docs/translations.json ({} when the file does not exist). Throws naming the field. */
function loadRecords(root) {
  const file = path.join(root, RECORDS);
  if (!fs.existsSync(file)) return {};
  let raw;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${RECORDS}: invalid JSON: ${err.message}`);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`${RECORDS}: expected an object`);
  for (const key of Object.keys(raw)) if (key !== '$comment' && key !== 'pages') throw new Error(`${RECORDS}: ${key}: unknown field (allowed: pages)`);
  const pages = raw.pages === undefined ? {} : raw.pages;
  if (pages === null || typeof pages !== 'object' || Array.isArray(pages)) throw new Error(`${RECORDS}: pages: expected an object of page id -> hash`);
  for (const [id, hash] of Object.entries(pages)) {
    if (typeof hash !== 'string' || !HASH.test(hash)) throw new Error(`${RECORDS}: pages.${id}: expected 16 lowercase hex digits, got ${JSON.stringify(hash)}`);
  }
  return { ...pages };
}

/**
 * Status of every page's translation: { pages: Map<id, { state: 'current' | 'stale' | 'not-recorded',
 * english, recorded, current }>, warnings: string[] } (english: the English source's path; recorded,
 * current: hashes). warnings: one line per stale or unrecorded page, and per record of an unknown page.
 */
function translationStatus({ root, manifest }) {
  const records = loadRecords(root);
  const translated = manifest.languages.filter((l) => l.code !== manifest.languages[0].code);
  const pages = new Map();
  const stale = [];
  const unrecorded = [];
  for (const page of manifest.pages) {
    const source = englishSource(root, manifest, page);
    const current = englishHash(source.text);
    const recorded = records[page.id] ?? null;
    const state = recorded === null ? 'not-recorded' : recorded === current ? 'current' : 'stale';
    pages.set(page.id, { state, english: source.path, recorded, current });
    const files = translated.map((l) => page.entries[l.code].relPath).join(', ');
    if (state === 'stale') stale.push(`translation behind English: ${files} (page "${page.id}"): ${source.path} changed since the translation was recorded; update the Chinese page, then run \`npm run translations -- --mark ${page.id}\``);
    if (state === 'not-recorded') unrecorded.push(`translation not recorded: ${files} (page "${page.id}"): no entry in ${RECORDS}; once the Chinese page translates ${source.path}, run \`npm run translations -- --mark ${page.id}\``);
  }
  const unknown = Object.keys(records).filter((id) => !pages.has(id))
    .map((id) => `${RECORDS}: pages.${id}: no such page in ${manifest.source} (remove the entry)`);
  return { pages, warnings: [...stale, ...unrecorded, ...unknown] };
}

/**
 * Records the current English hash of the given pages (all must exist in the manifest) and writes
 * docs/translations.json atomically, entries in manifest order. Returns [{ id, english, hash, was }].
 */
function markTranslations({ root, manifest, ids }) {
  if (!ids.length) throw new Error('translations: --mark needs at least one page id');
  const known = new Map(manifest.pages.map((p) => [p.id, p]));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) throw new Error(`translations: no page ${missing.map((id) => JSON.stringify(id)).join(', ')} in ${manifest.source} (page ids: ${[...known.keys()].join(', ')})`);
  const records = loadRecords(root);
  const marked = ids.map((id) => {
    const source = englishSource(root, manifest, known.get(id));
    const hash = englishHash(source.text);
    const was = records[id] ?? null;
    records[id] = hash;
    return { id, english: source.path, hash, was };
  });
  const order = manifest.pages.map((p) => p.id);
  const ordered = Object.keys(records).sort((a, b) => {
    const ia = order.indexOf(a);
    const ib = order.indexOf(b);
    return (ia < 0 ? Infinity : ia) - (ib < 0 ? Infinity : ib) || a.localeCompare(b);
  });
  const lines = ordered.map((id) => `    ${JSON.stringify(id)}: ${JSON.stringify(records[id])}`);
  writeFileAtomic(path.join(root, RECORDS), `{\n  "$comment": ${JSON.stringify(RECORDS_COMMENT)},\n  "pages": {\n${lines.join(',\n')}\n  }\n}\n`);
  return marked;
}

module.exports = { translationStatus, markTranslations, loadRecords, RECORDS };
