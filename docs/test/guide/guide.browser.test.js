// The guide in the real site (docsify 5 in Debian's Chromium): every code block a guide page shows in
// the browser is the text of its file region, in all three languages, and the search of each language
// finds guide pages in that language.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startSite, launchBrowser, gotoRoute } = require('../support/browser');
const { generatePages } = require('../../src/generate-pages');
const { includedBlocks } = require('../../src/guide/code-blocks');
const { repoRoot } = require('../support/content-copy');

let site;
let browser;
let map;

test.before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  map = JSON.parse(fs.readFileSync(path.join(site.siteDir, 'navigation-map.json'), 'utf8'));
});

test.after(async () => {
  if (browser) await browser.close();
  if (site) await site.close();
});

test('the code a guide page shows in the browser is its files\' code, in every language', { timeout: 300000 }, async () => {
  const { manifest, files } = generatePages({ root: repoRoot });
  const guidePages = manifest.pages.filter((p) => p.section === 'guide');
  assert.ok(guidePages.length >= 14, `only ${guidePages.length} guide pages`);
  const page = await browser.newPage();
  let compared = 0;
  for (const entry of guidePages) {
    for (const lang of manifest.languages) {
      const { route, relPath } = entry.entries[lang.code];
      const expected = includedBlocks(files.get(relPath)).map((b) => b.code);
      await gotoRoute(page, site.url, route);
      const shown = await page.$$eval('.markdown-section pre code', (els) => els.map((el) => el.textContent.replace(/\n$/, '')));
      // Typed blocks (commands) are on the page too: every included block must be among them, in order.
      let at = 0;
      for (const code of expected) {
        const found = shown.indexOf(code, at);
        assert.ok(found >= 0, `${relPath}: the browser does not show this block as in its file:\n${code.slice(0, 200)}`);
        at = found + 1;
        compared += 1;
      }
    }
  }
  assert.ok(compared > 300, `only ${compared} blocks compared`);
  await page.close();
});

test('the search of each language finds guide pages in that language', { timeout: 120000 }, async () => {
  const page = await browser.newPage();
  const target = map.pages.find((p) => p.id === 'websocket-controller');
  assert.ok(target, 'no websocket-controller page in the navigation map');
  for (const lang of map.languages) {
    const wanted = target.languages[lang.code];
    await gotoRoute(page, site.url, map.pages[0].languages[lang.code].route);
    let hrefs = [];
    const deadline = Date.now() + 20000;
    while (Date.now() < deadline) {
      // The index is built in the background after the first render: retype until it answers.
      await page.fill('.search input[type="search"]', '');
      await page.fill('.search input[type="search"]', 'PubSubService');
      await page.waitForTimeout(300);
      hrefs = await page.$$eval('.search .results-panel .matching-post a', (as) => as.map((a) => decodeURIComponent(a.getAttribute('href'))));
      if (hrefs.length) break;
    }
    assert.ok(hrefs.some((h) => h.startsWith(`#${wanted.route}`)), `${lang.code}: search for PubSubService did not find ${wanted.route} (results: ${hrefs.join(', ')})`);
    assert.ok(hrefs.every((h) => h.startsWith(`#/${lang.dir}/`)), `${lang.code}: results from another language: ${hrefs.join(', ')}`);
  }
  await page.close();
});
