// docs/src/page-info/translation-status.js and `npm run check` on a temp copy of the content with a changed
// English page (the fixture): the page's Chinese translation is stale, check lists it as a warning
// and still passes; changes that are not the English text (navigation blocks, included code) keep it
// current; --mark records it; a bad records file names its field; an unrecorded page is listed.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { copySiteContent, regenerate } = require('../support/content-copy');
const { loadManifest } = require('../../src/navigate/manifest');
const { translationStatus, markTranslations, loadRecords, RECORDS } = require('../../src/page-info/translation-status');
const { runCheck } = require('../../src/check');

function contentCopy(t) {
  const copy = copySiteContent();
  t.after(() => copy.remove());
  regenerate(copy.root);
  const manifest = loadManifest({ manifestPath: path.join(copy.root, 'docs', 'manifest.json') });
  // Start from every translation current, so the committed records (a page may lag) don't decide.
  markTranslations({ root: copy.root, manifest, ids: manifest.pages.map((p) => p.id) });
  return { ...copy, manifest };
}

// Appends a sentence to the body of an authored page (before its footer block).
function editBody(root, rel, sentence) {
  const file = path.join(root, rel);
  const text = fs.readFileSync(file, 'utf8');
  const edited = text.replace(/\n\n<!-- nav:footer/, `\n\n${sentence}\n\n<!-- nav:footer`);
  assert.notEqual(edited, text);
  fs.writeFileSync(file, edited);
}

test('the committed records file is valid and records pages of the manifest', () => {
  // Stale or unrecorded pages are warnings of `npm run check`, not failures: a translation may lag.
  const manifest = loadManifest();
  const root = path.join(__dirname, '..', '..', '..');
  const records = loadRecords(root);
  const { pages } = translationStatus({ root, manifest });
  assert.ok(Object.keys(records).some((id) => pages.has(id)), 'no record names a page of the manifest');
  assert.ok([...pages.values()].some((s) => s.state === 'current'));
});

test('a changed English page makes its translation stale: check warns and passes; --mark records it', (t) => {
  const copy = contentCopy(t);
  const page = copy.manifest.pages.find((p) => p.id === 'overview');
  const other = copy.manifest.pages.find((p) => p.id === 'installation');
  assert.equal(translationStatus(copy).pages.get(page.id).state, 'current');

  editBody(copy.root, page.entries.en.relPath, 'A sentence the Chinese page does not have yet.');
  regenerate(copy.root);
  const status = translationStatus(copy);
  assert.equal(status.pages.get(page.id).state, 'stale');
  assert.equal(status.pages.get(other.id).state, 'current');
  const warning = status.warnings.find((w) => w.includes(`page "${page.id}"`));
  assert.match(warning, /^translation behind English: CHN\/概述\.md, JB_TW\/概述\.md \(page "overview"\): ENG\/Overview\.md changed since the translation was recorded; .*npm run translations -- --mark overview/);

  const check = runCheck({ root: copy.root });
  assert.deepEqual(check.problems, []);
  assert.ok(check.warnings.includes(warning), `check warnings: ${check.warnings.join('\n')}`);

  const [marked] = markTranslations({ root: copy.root, manifest: copy.manifest, ids: [page.id] });
  assert.equal(marked.english, 'ENG/Overview.md');
  assert.notEqual(marked.was, marked.hash);
  assert.equal(translationStatus(copy).pages.get(page.id).state, 'current');
  assert.equal(loadRecords(copy.root)[page.id], marked.hash);
  // Written in manifest order, one line per page, as valid JSON.
  const ids = Object.keys(JSON.parse(fs.readFileSync(path.join(copy.root, RECORDS), 'utf8')).pages);
  assert.deepEqual(ids, copy.manifest.pages.map((p) => p.id).filter((id) => ids.includes(id)));
  assert.deepEqual(runCheck({ root: copy.root }).warnings.filter((w) => w.includes('overview')), []);
});

test('what is not English text keeps a translation current: navigation blocks, a page added, included code', (t) => {
  const copy = contentCopy(t);
  // A new page changes every neighbour's footer and every sidebar.
  const raw = JSON.parse(fs.readFileSync(path.join(copy.root, 'docs/manifest.json'), 'utf8'));
  raw.pages.push({ id: 'extra', order: 999, section: 'project', en: { file: 'Extra', title: 'Extra' }, 'zh-CN': { file: '额外', title: '额外' } });
  fs.writeFileSync(path.join(copy.root, 'docs/manifest.json'), JSON.stringify(raw));
  fs.writeFileSync(path.join(copy.root, 'ENG/Extra.md'), '# Extra\n\nText.\n');
  fs.writeFileSync(path.join(copy.root, 'CHN/额外.md'), '# 额外\n\n文字。\n');
  regenerate(copy.root);
  // The code a guide page includes changes (the included file is not translated).
  const guidePage = copy.manifest.pages.find((p) => p.id === 'quick-start');
  const main = path.join(copy.root, 'examples/guide/quick-start/main.cc');
  fs.writeFileSync(main, fs.readFileSync(main, 'utf8').replace('Hello, world!', 'Hello, reader!'));
  regenerate(copy.root);
  assert.match(fs.readFileSync(path.join(copy.root, guidePage.entries.en.relPath), 'utf8'), /Hello, reader!/);

  const manifest = loadManifest({ manifestPath: path.join(copy.root, 'docs', 'manifest.json') });
  const status = translationStatus({ root: copy.root, manifest });
  const notCurrent = [...status.pages].filter(([, s]) => s.state !== 'current').map(([id, s]) => `${id}: ${s.state}`);
  assert.deepEqual(notCurrent, ['extra: not-recorded']);
  assert.deepEqual(status.warnings.map((w) => w.replace(/:.*/, '')), ['translation not recorded']);
  assert.match(status.warnings[0], /CHN\/额外\.md, JB_TW\/額外\.md \(page "extra"\): no entry in docs\/translations\.json/);
  // An unrecorded page is a warning, never a failure.
  assert.deepEqual(runCheck({ root: copy.root }).problems, []);
});

test('a bad records file names the field; a record of an unknown page is a warning; --mark refuses unknown ids', (t) => {
  const copy = contentCopy(t);
  const file = path.join(copy.root, RECORDS);
  const records = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.writeFileSync(file, JSON.stringify({ pages: { ...records.pages, overview: 'not-a-hash' } }));
  assert.throws(() => translationStatus(copy), /docs\/translations\.json: pages\.overview: expected 16 lowercase hex digits, got "not-a-hash"/);
  assert.match(runCheck({ root: copy.root }).problems.join('\n'), /pages\.overview: expected 16 lowercase hex digits/);
  fs.writeFileSync(file, '{ "pages": ');
  assert.throws(() => translationStatus(copy), /docs\/translations\.json: invalid JSON/);
  fs.writeFileSync(file, JSON.stringify({ pages: { ...records.pages, gone: '0123456789abcdef' } }));
  assert.deepEqual(translationStatus(copy).warnings, ['docs/translations.json: pages.gone: no such page in docs/manifest.json (remove the entry)'.replace('docs/manifest.json', copy.manifest.source)]);
  assert.throws(() => markTranslations({ root: copy.root, manifest: copy.manifest, ids: ['overview', 'nope'] }), /no page "nope" in/);
  assert.throws(() => markTranslations({ root: copy.root, manifest: copy.manifest, ids: [] }), /--mark needs at least one page id/);
  // Nothing was written by the refused mark.
  assert.ok(JSON.parse(fs.readFileSync(file, 'utf8')).pages.gone);
});
