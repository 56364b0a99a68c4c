// The reader's aids, in headless Chromium at 1280 px, in each of the three languages:
// - "On this page" beside the text on a long guide page, listing its h2/h3 headings with docsify's
//   anchors, marking the heading being read as the reader scrolls; back to top once a screen down,
//   which scrolls to the top and focuses the title;
// - a warning box (GitHub's alert syntax) rendered by docsify and, without JavaScript, in the
//   prerendered HTML, both with the title in the page's language;
// - the search keys' hint under the search box; the UI strings of these aids and of the skip link and
//   menu button in the page's language (docs/ui-strings.json, zh-TW by OpenCC);
// - JavaScript: a guide page ships at most 90 KB of it gzipped and never requests Chart.js, which the
//   Benchmarks page loads and draws with.
// Screenshots: test-output/aids-*.png.
// Covers: docs/site/plugins/in-page-navigation.js, docs/site/plugins/callouts.js,
//   docs/site/plugins/on-demand-scripts.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { startSite, launchBrowser, gotoRoute, screenshot } = require('./support/browser');

const GUIDE_GZIP_LIMIT = 90 * 1024;
// A long chapter with a warning box in each language (ENG/Coroutines.md, CHN/协程.md).
const LONG_PAGE = 'coroutines';

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

const pageById = (id) => map.pages.find((p) => p.id === id);
const cleanUrl = (route) => `${site.url}${route.slice(1).split('/').map(encodeURIComponent).join('/')}/`;

test('"On this page" beside the text follows the scroll; back to top returns to the title; in every language', { timeout: 180000 }, async () => {
  const page = await browser.newPage();
  for (const lang of map.languages) {
    const ui = map.ui[lang.code];
    const { route } = pageById(LONG_PAGE).languages[lang.code];
    await gotoRoute(page, site.url, route);
    const toc = await page.evaluate(() => {
      const nav = document.querySelector('.content > nav.page-toc');
      if (!nav) return null;
      const box = nav.getBoundingClientRect();
      const text = document.querySelector('#main').getBoundingClientRect();
      return {
        title: nav.querySelector('h2').textContent,
        label: document.getElementById(nav.getAttribute('aria-labelledby')).textContent,
        links: [...nav.querySelectorAll('a')].map((a) => decodeURIComponent(a.getAttribute('href'))),
        headings: [...document.querySelectorAll('#main h2[id], #main h3[id]')].map((h) => h.id),
        beside: box.width > 0 && box.left >= text.right && box.top < window.innerHeight,
        current: nav.querySelector('a[aria-current]')?.textContent,
        pageHeight: document.documentElement.scrollHeight,
      };
    });
    assert.ok(toc, `${route}: no "On this page"`);
    assert.ok(toc.pageHeight > 3 * 900, `${route}: not a long page (${toc.pageHeight} px)`);
    assert.equal(toc.title, ui.onThisPage);
    assert.equal(toc.label, ui.onThisPage);
    assert.ok(toc.beside, `${route}: "On this page" is not beside the text`);
    assert.ok(toc.headings.length >= 3);
    assert.deepEqual(toc.links, toc.headings.map((id) => `#${route}?id=${id}`));
    // Scrolled to the last heading: it is the one marked, and the list is still on screen.
    const lastId = toc.headings[toc.headings.length - 1];
    await page.evaluate((id) => document.getElementById(id).scrollIntoView(), lastId);
    await page.waitForFunction((id) => decodeURIComponent(document.querySelector('.page-toc a[aria-current]')?.getAttribute('href') || '').endsWith(`?id=${id}`), lastId, { timeout: 5000 });
    const still = await page.evaluate(() => { const b = document.querySelector('.page-toc').getBoundingClientRect(); return b.top >= 0 && b.top < window.innerHeight; });
    assert.ok(still, `${route}: "On this page" scrolled away`);
    // Back to top: shown a screen down, labelled in the page's language; it returns to the title.
    const back = page.locator('button.back-to-top');
    await back.waitFor({ state: 'visible', timeout: 5000 });
    assert.equal((await back.innerText()).replace(/\s+/g, ''), `\u2191${ui.backToTop}`.replace(/\s+/g, ''));
    if (lang.code === 'zh-CN') await screenshot(page, 'aids-toc-CHN', { fullPage: false });
    await back.click();
    await page.waitForFunction(() => window.scrollY === 0, null, { timeout: 5000 });
    assert.equal(await page.evaluate(() => document.activeElement === document.querySelector('#main h1')), true, `${route}: focus not on the title`);
    await back.waitFor({ state: 'hidden', timeout: 5000 });
  }
  // A short page has no list.
  await gotoRoute(page, site.url, pageById('reproducing').languages.en.route);
  const headings = await page.$$eval('#main h2[id], #main h3[id]', (hs) => hs.length);
  assert.equal(await page.$$eval('.page-toc', (n) => n.length), headings >= 2 ? 1 : 0);
  assert.deepEqual(page.problems, [], page.problems.join('\n'));
  await page.close();
});

test('a warning box renders in docsify and in the HTML without JavaScript, titled in the page language; the search hint and UI strings are translated', { timeout: 180000 }, async () => {
  const page = await browser.newPage();
  const noJs = await launchBrowser({ javaScriptEnabled: false });
  try {
    const plain = await noJs.newPage();
    for (const lang of map.languages) {
      const ui = map.ui[lang.code];
      const { route } = pageById(LONG_PAGE).languages[lang.code];
      const box = () => {
        const el = document.querySelector('#main .callout.warning');
        if (!el) return null;
        const css = getComputedStyle(el);
        return {
          title: el.querySelector(':scope > .callout-title')?.textContent,
          text: el.innerText.length,
          code: el.querySelectorAll('code').length,
          framed: css.borderStyle !== 'none' && css.backgroundColor !== 'rgba(0, 0, 0, 0)',
          blockquote: !!el.closest('blockquote') || !!el.querySelector('blockquote'),
          marker: el.textContent.includes('[!WARNING]'),
        };
      };
      await gotoRoute(page, site.url, route);
      const docsify = await page.evaluate(box);
      await plain.goto(cleanUrl(route));
      const prerendered = await plain.evaluate(box);
      for (const [where, shown] of [['docsify', docsify], ['without JavaScript', prerendered]]) {
        assert.ok(shown, `${route} (${where}): no warning box`);
        assert.equal(shown.title, ui.calloutWarning, `${route} (${where}): title`);
        assert.ok(shown.text > 40 && shown.code >= 2, `${route} (${where}): the box lost its text`);
        assert.ok(shown.framed, `${route} (${where}): the box is not drawn as one`);
        assert.equal(shown.blockquote, false);
        assert.equal(shown.marker, false, `${route} (${where}): the [!WARNING] marker shows`);
      }
      await page.locator('#main .callout.warning').scrollIntoViewIfNeeded();
      await screenshot(page, `aids-warning-${lang.dir}`, { fullPage: false });
      // Strings of the aids and of docsify's own chrome, in the page's language.
      const strings = await page.evaluate(() => ({
        hint: document.querySelector('.search .search-hint')?.textContent,
        hintShown: document.querySelector('.search .search-hint')?.getBoundingClientRect().height > 0,
        describedBy: document.querySelector('.search input').getAttribute('aria-describedby'),
        skip: document.getElementById('skip-to-content').textContent.trim(),
        menu: document.querySelector('button.sidebar-toggle').getAttribute('aria-label'),
        navigation: document.querySelector('.sidebar-nav').getAttribute('aria-label'),
        english: [...document.querySelectorAll('body [aria-label], body [title]')].map((el) => el.getAttribute('aria-label') || el.title)
          .filter((t) => /^primary$|primary navigation|Press \\|search result|Loading/i.test(t)),
      }));
      assert.deepEqual(strings, { hint: ui.searchKeyHint, hintShown: true, describedBy: 'search-hint', skip: ui.skipToContent, menu: ui.menu, navigation: ui.siteNavigation, english: [] }, route);
    }
    await plain.close();
  } finally {
    await noJs.close();
  }
  assert.deepEqual(page.problems, [], page.problems.join('\n'));
  await page.close();
});

// The scripts a page loads at its clean URL, gzip -9 each: { files, gzip, chart }.
async function scriptsOf(url, { wait }) {
  const page = await browser.newPage();
  const bodies = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body().then((body) => ({ url: new URL(res.url()).pathname, body })).catch(() => null));
  });
  await page.goto(url);
  await page.waitForFunction(wait, null, { timeout: 30000 });
  await page.waitForLoadState('networkidle');
  const scripts = (await Promise.all(bodies)).filter(Boolean);
  const problems = page.problems;
  await page.close();
  return {
    files: scripts.map((s) => s.url),
    gzip: scripts.reduce((sum, s) => sum + zlib.gzipSync(s.body, { level: 9 }).length, 0),
    chart: scripts.some((s) => s.url.endsWith('/vendor/chart.umd.min.js')),
    problems,
  };
}

test('a guide page ships at most 90 KB of gzipped JavaScript and no Chart.js; the Benchmarks page loads it and draws', { timeout: 300000 }, async () => {
  const guide = map.pages.filter((p) => !['home', 'benchmarks', 'benchmark-details', 'methodology', 'reproducing', 'contributing'].includes(p.id));
  assert.ok(guide.length > 30);
  const rendered = () => document.documentElement.getAttribute('data-rendered-route');
  const heaviest = { gzip: 0 };
  // Four pages load at a time: most of each one's time is the half second of quiet network that
  // tells every script has arrived.
  const queue = [...guide];
  await Promise.all(Array.from({ length: 4 }, async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      const { route } = entry.languages.en;
      const shown = await scriptsOf(cleanUrl(route), { wait: rendered });
      assert.equal(shown.chart, false, `${route} requested Chart.js`);
      assert.ok(shown.gzip <= GUIDE_GZIP_LIMIT, `${route}: ${(shown.gzip / 1024).toFixed(1)} KB of gzipped JavaScript (limit ${GUIDE_GZIP_LIMIT / 1024} KB): ${shown.files.join(' ')}`);
      assert.deepEqual(shown.problems, [], `${route}: ${shown.problems.join('\n')}`);
      if (shown.gzip > heaviest.gzip) Object.assign(heaviest, shown, { route });
    }
  }));
  console.log(`heaviest guide page: ${heaviest.route}, ${(heaviest.gzip / 1024).toFixed(1)} KB of gzipped JavaScript in ${heaviest.files.length} files`);
  const charts = () => {
    const figures = document.querySelectorAll('#main figure.bench-chart');
    return figures.length > 0 && [...figures].every((f) => f.getAttribute('data-chart-state') === 'drawn');
  };
  const bench = await scriptsOf(cleanUrl(pageById('benchmarks').languages['zh-TW'].route), { wait: charts });
  assert.equal(bench.chart, true, 'the Benchmarks page did not load Chart.js');
  assert.deepEqual(bench.problems, [], bench.problems.join('\n'));
});
