// "Tested with" on the guide pages: docs/guide/tested-with.json equals what the setup recorded now
// (so a page cannot claim a Drogon version or compiler nobody tested), the guide's build used exactly
// that, and every guide page in every language shows it.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { currentTestedWith, loadTestedWith, differences, upstreamVersion } = require('../../src/guide/tested-with');
const { generatePages } = require('../../src/generate-pages');
const { loadGuideConfig } = require('../../src/guide/code-blocks');
const { ensureGuideBuild } = require('../../../scripts/build-guide');
const { repoRoot } = require('../support/content-copy');

test('docs/guide/tested-with.json equals the setup\'s recorded state', () => {
  const { values, statePath } = currentTestedWith();
  const diff = differences(loadTestedWith(repoRoot), values);
  assert.deepEqual(diff, [], `docs/guide/tested-with.json differs from ${statePath}: run \`node docs/src/guide/tested-with.js --write\` and \`npm run build\``);
});

test('Debian point updates do not change what the guide claims: package versions at upstream (SQLite) or major (PostgreSQL) precision', () => {
  assert.equal(upstreamVersion('3.40.1-2+deb12u2'), '3.40.1');
  assert.equal(upstreamVersion('15.20-0+deb12u1'), '15.20');
  assert.equal(upstreamVersion('1:2.3-4'), '2.3');
  const { values } = currentTestedWith();
  assert.match(values.postgresqlPackage, /^\d+$/);
  assert.match(values.libpqPackage, /^\d+$/);
  assert.doesNotMatch(values.sqlitePackage, /deb12/);
});

test('the guide\'s examples were built with the Drogon, compiler and standard the pages name', { timeout: 30 * 60 * 1000 }, async () => {
  const { record } = await ensureGuideBuild({ quiet: true, sourceDir: path.join(repoRoot, 'examples', 'guide') });
  const testedWith = loadTestedWith(repoRoot);
  assert.equal(record.drogonVersion, testedWith.drogonVersion);
  assert.equal(record.compiler, testedWith.compiler);
  assert.equal(record.cxxStandard, testedWith.cxxStandard);
});

test('every guide page in every language ends with the tested-with note, the other pages have none', () => {
  const { manifest, files } = generatePages({ root: repoRoot });
  const testedWith = loadTestedWith(repoRoot);
  // The sections whose pages are guide chapters (the guide's and the tutorial's), as the generator reads them.
  const guideSections = loadGuideConfig(repoRoot).sections;
  assert.ok(guideSections.has('guide'));
  for (const page of manifest.pages) {
    for (const lang of manifest.languages) {
      const text = files.get(page.entries[lang.code].relPath);
      const note = /<!-- guide:tested-with [^\n]*-->\n> ([^\n]*)\n<!-- \/guide:tested-with -->\n\n<!-- nav:footer/.exec(text);
      if (!guideSections.has(page.section)) {
        assert.ok(!text.includes('guide:tested-with'), `${page.entries[lang.code].relPath} is not a guide page`);
        continue;
      }
      assert.ok(note, `${page.entries[lang.code].relPath}: no tested-with note before the footer`);
      for (const value of [testedWith.drogonVersion, testedWith.trantorVersion, `C++${testedWith.cxxStandard}`]) {
        assert.ok(note[1].includes(value), `${page.entries[lang.code].relPath}: the note lacks ${value}`);
      }
      assert.ok(note[1].includes(testedWith.compiler.replace(/[\\`*_[\]<>&|~]/g, '\\$&')), `${page.entries[lang.code].relPath}: the note lacks the compiler`);
    }
  }
});
