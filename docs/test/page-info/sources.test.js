// docs/src/page-info/sources.js on the real manifest: every page's "Edit this page" target is a file of
// this repository; Traditional Chinese pages edit their Simplified source; generated pages their template.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { loadManifest } = require('../../src/navigate/manifest');
const { editSource, editUrl } = require('../../src/page-info/sources');

const repoRoot = path.join(__dirname, '..', '..', '..');

test('every page in every language links to a file that exists in the repository', () => {
  const manifest = loadManifest();
  assert.ok(manifest.repository, 'docs/manifest.json has no repository block');
  for (const page of manifest.pages) {
    for (const lang of manifest.languages) {
      const rel = editSource(manifest, page, lang.code);
      assert.ok(fs.existsSync(path.join(repoRoot, rel)) && fs.statSync(path.join(repoRoot, rel)).isFile(), `${page.id} ${lang.code}: ${rel} does not exist`);
      assert.ok(!rel.startsWith('JB_TW/'), `${page.id} ${lang.code}: links to the generated ${rel}`);
      if (page.generatedBy === 'api-reference') assert.match(rel, new RegExp(`^docs/api-reference/${page.id}\\.(en|zh-CN)\\.md$`));
      else if (page.generatedBy) assert.match(rel, new RegExp(`^docs/benchmarks/${page.generatedBy}\\.(en|zh-CN)\\.md$`));
      else assert.equal(rel, page.entries[lang.derivedFrom || lang.code].relPath);
    }
  }
  const overview = manifest.pages.find((p) => p.id === 'overview');
  assert.equal(editSource(manifest, overview, 'zh-TW'), 'CHN/概述.md');
  const benchmarks = manifest.pages.find((p) => p.id === 'benchmarks');
  assert.equal(editSource(manifest, benchmarks, 'zh-TW'), 'docs/benchmarks/benchmarks.zh-CN.md');
  // An API reference page: its template, per page (docs/api-reference/<page id>.<lang>.md).
  const reference = manifest.pages.find((p) => p.id === 'api-http');
  assert.equal(editSource(manifest, reference, 'zh-TW'), 'docs/api-reference/api-http.zh-CN.md');
});

test('edit URLs: <url>/edit/<branch>/<path>, each path segment percent-encoded; none without a repository', () => {
  const repository = { url: 'https://example.org/o/r', branch: 'release/1.x' };
  assert.equal(editUrl(repository, 'CHN/概述.md'), 'https://example.org/o/r/edit/release/1.x/CHN/%E6%A6%82%E8%BF%B0.md');
  assert.equal(editUrl(repository, 'ENG/A#b?.md'), 'https://example.org/o/r/edit/release/1.x/ENG/A%23b%3F.md');
  assert.equal(editUrl(null, 'ENG/Overview.md'), null);
});
