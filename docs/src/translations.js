#!/usr/bin/env node
// `npm run translations`: lists each page's translation status (docs/src/page-info/translation-status.js):
// current, stale (the English source changed since the translation was recorded) or not recorded; then
// the sections whose Chinese text lacks code, numbers or links of the English (page-info/section-parity.js).
// `npm run translations -- --mark <page-id> [<page-id> ...]`: records that the Chinese pages of those
// pages translate the English source as it is now (run it after updating the Simplified Chinese page).
'use strict';
const { repoRoot, inRepo, MANIFEST_FILE } = require('../../shared/src/project-paths');
const { loadManifest } = require('./navigate/manifest');
const { translationStatus, markTranslations, RECORDS } = require('./page-info/translation-status');
const { sectionParity, loadExceptions, applyExceptions, formatFinding, EXCEPTIONS } = require('./page-info/section-parity');
const { buildAliases } = require('./navigate/navigation');

function main(argv) {
  const manifest = loadManifest({ manifestPath: inRepo(MANIFEST_FILE) });
  if (argv[0] === '--mark') {
    for (const m of markTranslations({ root: repoRoot, manifest, ids: argv.slice(1) })) {
      const how = m.was === null ? 'recorded' : m.was === m.hash ? 'already current' : `updated from ${m.was}`;
      console.log(`${m.id}: translates ${m.english} at ${m.hash} (${how})`);
    }
    console.log(`wrote ${RECORDS}`);
    return 0;
  }
  if (argv.length) throw new Error(`unknown arguments: ${argv.join(' ')} (usage: npm run translations [-- --mark <page-id> ...])`);
  const { pages, warnings } = translationStatus({ root: repoRoot, manifest });
  for (const [id, s] of pages) console.log(`${s.state.padEnd(12)} ${id} (${s.english})`);
  for (const w of warnings.filter((line) => line.startsWith(RECORDS))) console.log(`WARNING: ${w}`);
  const count = (state) => [...pages.values()].filter((s) => s.state === state).length;
  console.log(`${count('current')} current, ${count('stale')} stale, ${count('not-recorded')} not recorded`);
  // A page recorded as current can still miss a sentence: section by section, code, numbers and links.
  const { findings, sections } = sectionParity({ root: repoRoot, manifest, aliases: buildAliases(manifest) });
  const { unexplained, unused } = applyExceptions(findings, loadExceptions(repoRoot));
  for (const f of unexplained) console.log(`SECTION GAP: ${formatFinding(f)}`);
  for (const e of unused) console.log(`WARNING: ${EXCEPTIONS}: the exception ${JSON.stringify(e)} matches no difference any more (remove it)`);
  console.log(`${sections} sections and strings compared: ${unexplained.length} gap(s), ${findings.length - unexplained.length} listed as exceptions`);
  return 0;
}

if (require.main === module) {
  try {
    process.exit(main(process.argv.slice(2)));
  } catch (err) {
    console.error(`translations: ${err.message}`);
    process.exit(1);
  }
}

module.exports = { main };
