// A phone, 390 x 844, in headless Chromium:
// - every page in every language: the document is no wider than the window, and every table either
//   fits its column or scrolls inside its own box (no wider than the text), focusable and marked with
//   the side it can scroll to (data-scroll), whose edge fades (mask-image);
// - the first screen of each language's front page shows the site's name and a menu button with an
//   accessible name in the page's language; the button opens the navigation;
// - the language names are on one line each;
// - without JavaScript, a prerendered page shows its text before the navigation and stays within the
//   window.
// Screenshots: test-output/phone-*.png.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startSite, launchBrowser, gotoRoute, showRoute, screenshot } = require('./support/browser');

const PHONE = { width: 390, height: 844 };

let site;
let browser;
let map;

test.before(async () => {
  site = await startSite();
  browser = await launchBrowser({ viewport: PHONE });
  map = JSON.parse(fs.readFileSync(path.join(site.siteDir, 'navigation-map.json'), 'utf8'));
});

test.after(async () => {
  if (browser) await browser.close();
  if (site) await site.close();
});

const pageById = (id) => map.pages.find((p) => p.id === id);

// What overflows on the rendered page: { documentWidth, tables: [problem, ...] }.
function layoutProblems() {
  const width = document.documentElement.clientWidth;
  const main = document.querySelector('.markdown-section');
  const problems = [];
  document.querySelectorAll('.markdown-section table').forEach((table, i) => {
    const box = table.getBoundingClientRect();
    const where = `table ${i + 1} ("${(table.querySelector('th, td') || table).textContent.trim().slice(0, 30)}")`;
    if (box.right > main.getBoundingClientRect().right + 1 || box.left < -1) problems.push(`${where} sticks out of the text column`);
    const scrolls = table.scrollWidth > table.clientWidth + 1;
    if (!scrolls) return;
    const css = getComputedStyle(table);
    if (!['auto', 'scroll'].includes(css.overflowX)) problems.push(`${where} is wider than its box and does not scroll`);
    if (table.getAttribute('tabindex') !== '0') problems.push(`${where} scrolls but cannot be focused`);
    if (!['start', 'middle', 'end'].includes(table.getAttribute('data-scroll'))) problems.push(`${where} scrolls without data-scroll`);
    if (!css.maskImage || css.maskImage === 'none') problems.push(`${where} scrolls without a faded edge`);
  });
  return { documentWidth: document.documentElement.scrollWidth, width, problems };
}

test('every page in every language fits the phone\'s width; wide tables scroll in their own box with a cue', { timeout: 600000 }, async () => {
  const page = await browser.newPage();
  const report = [];
  let scrolling = 0;
  for (const lang of map.languages) {
    for (const entry of map.pages) {
      const { route } = entry.languages[lang.code];
      await showRoute(page, site.url, route); // the next page by the address, as a reader's link does
      const shown = await page.evaluate(layoutProblems);
      if (shown.documentWidth > shown.width) report.push(`${route}: the document is ${shown.documentWidth} px wide in a ${shown.width} px window`);
      report.push(...shown.problems.map((p) => `${route}: ${p}`));
      scrolling += await page.$$eval('.markdown-section table[data-scroll]', (t) => t.length);
    }
  }
  assert.deepEqual(report, [], report.join('\n'));
  assert.ok(scrolling > 0, 'no table scrolls at 390 px: the check of the cue checked nothing');
  // Scrolling a table moves its cue to the other edge.
  const route = pageById('benchmarks').languages.en.route;
  await gotoRoute(page, site.url, route);
  const table = page.locator('.markdown-section table[data-scroll="start"]').first();
  await table.evaluate((t) => { t.scrollLeft = t.scrollWidth; });
  await page.waitForFunction(() => document.querySelector('.markdown-section table[data-scroll="end"]'));
  await screenshot(page, 'phone-benchmarks', { fullPage: false });
  assert.deepEqual(page.problems, [], page.problems.join('\n'));
  await page.close();
});

test('the first screen of each front page: the site\'s name and a labelled menu button; language names on one line', { timeout: 120000 }, async () => {
  const page = await browser.newPage();
  for (const lang of map.languages) {
    const { route } = pageById('home').languages[lang.code];
    await gotoRoute(page, site.url, route);
    const first = await page.evaluate(() => {
      const onScreen = (el) => {
        if (!el) return false;
        const box = el.getBoundingClientRect();
        const css = getComputedStyle(el);
        return box.width > 0 && box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth
          && css.visibility !== 'hidden' && css.display !== 'none' && Number(css.opacity) > 0;
      };
      const name = document.querySelector('header.navbar-name a');
      const menu = document.querySelector('button.sidebar-toggle');
      const languages = [...document.querySelectorAll('.lang-switcher a[data-lang]')];
      return {
        name: onScreen(name) && name.textContent.trim(),
        menu: onScreen(menu) && { label: menu.getAttribute('aria-label'), text: menu.innerText.trim(), expanded: menu.getAttribute('aria-expanded') },
        languages: languages.map((a) => ({ text: a.textContent, lines: a.getClientRects().length, height: a.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(a).lineHeight) || 0, onScreen: onScreen(a) })),
        h1: onScreen(document.querySelector('#main h1')),
      };
    });
    assert.equal(first.name, 'Drogon', `${route}: the site's name on the first screen`);
    assert.deepEqual(first.menu, { label: map.ui[lang.code].menu, text: map.ui[lang.code].menu, expanded: 'false' }, `${route}: the menu button`);
    assert.ok(first.h1, `${route}: the page's title on the first screen`);
    for (const l of first.languages) {
      assert.ok(l.onScreen, `${route}: ${l.text} off the first screen`);
      assert.equal(l.lines, 1, `${route}: "${l.text}" breaks across lines`);
      assert.ok(!l.lineHeight || l.height < l.lineHeight * 1.6, `${route}: "${l.text}" is ${l.height} px tall`);
    }
    // The button opens the navigation, and names it by the same name.
    const accessible = await page.getByRole('button', { name: map.ui[lang.code].menu, exact: true });
    await accessible.click();
    await page.waitForFunction(() => document.querySelector('.sidebar').getBoundingClientRect().left >= 0 && getComputedStyle(document.querySelector('.sidebar')).visibility === 'visible');
    assert.equal(await page.getAttribute('button.sidebar-toggle', 'aria-expanded'), 'true');
    assert.equal(await page.getAttribute('button.sidebar-toggle', 'aria-label'), map.ui[lang.code].menu, `${route}: the label stays translated after docsify relabels it`);
    await screenshot(page, `phone-menu-${lang.dir}`, { fullPage: false });
    await accessible.click();
    await page.waitForFunction(() => document.querySelector('button.sidebar-toggle').getAttribute('aria-expanded') === 'false');
  }
  assert.deepEqual(page.problems, [], page.problems.join('\n'));
  await page.close();
});

test('without JavaScript, a prerendered page puts its text before the navigation and fits the phone', { timeout: 120000 }, async () => {
  const noJs = await launchBrowser({ viewport: PHONE, javaScriptEnabled: false });
  try {
    const page = await noJs.newPage();
    for (const lang of map.languages) {
      for (const id of ['quick-start', 'benchmarks']) {
        const { route } = pageById(id).languages[lang.code];
        await page.goto(`${site.url}${route.slice(1).split('/').map(encodeURIComponent).join('/')}/`);
        const shown = await page.evaluate(() => {
          const article = document.querySelector('#main');
          const nav = document.querySelector('#site-navigation');
          const top = document.querySelector('.prerendered-top');
          return {
            articleTop: article.getBoundingClientRect().top,
            navTop: nav.getBoundingClientRect().top,
            h1Top: document.querySelector('#main h1').getBoundingClientRect().top,
            topLine: top && top.getBoundingClientRect().height > 0 && top.innerText,
            documentWidth: document.documentElement.scrollWidth,
            width: document.documentElement.clientWidth,
          };
        });
        assert.ok(shown.articleTop < shown.navTop, `${route}: the navigation (${shown.navTop} px) comes before the text (${shown.articleTop} px)`);
        assert.ok(shown.h1Top < 844, `${route}: the title is not on the first screen (${shown.h1Top} px)`);
        assert.ok(shown.topLine && shown.topLine.includes('Drogon') && shown.topLine.includes(map.ui[lang.code].menu), `${route}: the line above the text: ${shown.topLine}`);
        assert.ok(shown.documentWidth <= shown.width, `${route}: ${shown.documentWidth} px wide in ${shown.width} px`);
        if (id === 'quick-start') await screenshot(page, `phone-nojs-${lang.dir}`, { fullPage: false });
      }
    }
    await page.close();
  } finally {
    await noJs.close();
  }
});
