// The page-info stage: what the site shows around each page's text, computed at build time and
// written into the built site only (site/page-info.json, read by docs/site/plugins/page-meta.js), never
// into the committed pages, which `npm run check` compares with a fresh generation:
//   - the "Edit this page" link (sources.js; the repository from docs/manifest.json "repository");
//   - the last-updated date (git-history.js);
//   - the translation status of the Chinese pages (translation-status.js).
'use strict';
const { editSource, editUrl, authoredCode } = require('./sources');
const { lastChangeDates } = require('./git-history');
const { translationStatus } = require('./translation-status');

/**
 * { info, notes }: info = { repository, pages: { [id]: { [code]: { source, sourceLanguage, edit, updated, translation? } } } }
 * (source: the file to edit, in sourceLanguage; edit: its URL or null; updated: 'YYYY-MM-DD' or null; translation, on
 * languages other than the first: 'current' | 'stale' | 'not-recorded'); notes: lines for the build log.
 */
function buildPageInfo({ root, manifest }) {
  const notes = [];
  const files = manifest.pages.flatMap((page) => manifest.languages.map((l) => page.entries[l.code].relPath));
  const { dates, note } = lastChangeDates(root, files);
  if (note) notes.push(note);
  const { pages: status } = translationStatus({ root, manifest });
  const english = manifest.languages[0].code;
  const pages = {};
  for (const page of manifest.pages) {
    pages[page.id] = {};
    for (const lang of manifest.languages) {
      const source = editSource(manifest, page, lang.code);
      const entry = {
        source, sourceLanguage: authoredCode(manifest, lang.code), edit: editUrl(manifest.repository, source),
        updated: dates.get(page.entries[lang.code].relPath),
      };
      if (lang.code !== english) entry.translation = status.get(page.id).state;
      pages[page.id][lang.code] = entry;
    }
  }
  const undated = files.filter((f) => dates.get(f) === null);
  if (!note && undated.length) notes.push(`no last-updated date (not committed yet): ${undated.join(', ')}`);
  return { info: { repository: manifest.repository, pages }, notes };
}

module.exports = { buildPageInfo };
