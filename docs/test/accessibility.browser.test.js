// Accessibility in headless Chromium, with axe-core (the npm package, pinned in package-lock) injected
// into each page (a context with bypassCSP: the site's CSP refuses inline scripts):
// - every page type (front page, guide chapter, Benchmarks with its charts drawn, details,
//   Methodology) x 3 languages x light/dark at 1280 px, scrolled a screen down (back-to-top shown,
//   "On this page" beside the text), and the search with results from another language; at 390 px the
//   front page (menu closed and open) and a guide chapter: no violation of WCAG 2.0/2.1 A and AA or
//   of axe's best practices;
// - keyboard: the first tab stop is the skip link, in the page's language; every focused element
//   shows a ring of at least 2 px at 3:1 against the page (WCAG 1.4.11), in both themes;
// - type: body text at weight 400, and no Light or Thin face among the fonts Chromium drew a
//   paragraph of Latin and Chinese with (CSS.getPlatformFontsForNode).
// Covers: docs/site/plugins/accessible-layout.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startSite, launchBrowser, gotoRoute, screenshot } = require('./support/browser');

const AXE = require.resolve('axe-core/axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const PAGE_TYPES = ['home', 'quick-start', 'benchmarks', 'benchmark-details', 'methodology'];

let site;
let browser;
let map;

test.before(async () => {
  site = await startSite();
  browser = await launchBrowser({ bypassCSP: true });
  map = JSON.parse(fs.readFileSync(path.join(site.siteDir, 'navigation-map.json'), 'utf8'));
});

test.after(async () => {
  if (browser) await browser.close();
  if (site) await site.close();
});

const pageById = (id) => map.pages.find((p) => p.id === id);

// Every chart of the page drawn (they load on demand), or none to draw.
async function settled(page) {
  await page.waitForFunction(() => [...document.querySelectorAll('#main figure.bench-chart')].every((f) => f.getAttribute('data-chart-state')), null, { timeout: 30000 });
}

// axe's violations on the page, one line per element: "rule: target: message".
async function violations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}: ${(n.any[0] || n.all[0] || n.none[0] || { message: v.help }).message}`));
  }, AXE_TAGS);
  return found;
}

for (const theme of ['light', 'dark']) {
  test(`axe-core: no violation on every page type in every language, ${theme} mode`, { timeout: 300000 }, async () => {
    const page = await browser.newPage();
    await page.emulateMedia({ colorScheme: theme });
    const report = [];
    let checked = 0;
    for (const lang of map.languages) {
      for (const id of PAGE_TYPES) {
        const { route } = pageById(id).languages[lang.code];
        await gotoRoute(page, site.url, route);
        await settled(page);
        assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), theme);
        await page.evaluate(() => window.scrollBy(0, window.innerHeight * 1.5));
        await page.waitForTimeout(100);
        const found = await violations(page);
        checked += 1;
        report.push(...found.map((line) => `${theme} ${route}: ${line}`));
        if (found.length) await screenshot(page, `a11y-${theme}-${lang.dir}-${id}`, { fullPage: false });
      }
    }
    // The search, showing another language's results (a Chinese query on the English site).
    await gotoRoute(page, site.url, pageById('overview').languages.en.route);
    await page.fill('.search input[type="search"]', '协程');
    // (Three indexes to build on a busy machine: allow time.)
    await page.waitForSelector('.search .results-language', { timeout: 60000 });
    report.push(...(await violations(page)).map((line) => `${theme} search: ${line}`));
    assert.equal(checked, PAGE_TYPES.length * map.languages.length);
    assert.deepEqual(report, [], `axe-core found ${report.length} violation(s):\n${report.join('\n')}`);
    await page.close();
  });
}

test('axe-core at 390 x 844: the front page and a guide chapter, with the menu closed and open, in both themes and every language', { timeout: 300000 }, async () => {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  const report = [];
  for (const theme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: theme });
    for (const lang of map.languages) {
      for (const id of ['home', 'quick-start']) {
        const { route } = pageById(id).languages[lang.code];
        await gotoRoute(page, site.url, route);
        report.push(...(await violations(page)).map((line) => `${theme} 390 px ${route}: ${line}`));
        if (id !== 'home') continue;
        await page.click('button.sidebar-toggle');
        await page.waitForFunction(() => getComputedStyle(document.querySelector('.sidebar')).visibility === 'visible');
        await page.waitForTimeout(300); // the sidebar slides in
        report.push(...(await violations(page)).map((line) => `${theme} 390 px ${route}, menu open: ${line}`));
        await page.click('button.sidebar-toggle');
      }
    }
  }
  assert.deepEqual(report, [], `axe-core found ${report.length} violation(s):\n${report.join('\n')}`);
  await page.close();
});

// WCAG contrast ratio of two computed "rgb(...)" colours.
function contrast(a, b) {
  const lum = (rgb) => {
    const [r, g, bl] = rgb.match(/\d+(\.\d+)?/g).slice(0, 3).map((v) => Number(v) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('keyboard: the skip link is the first tab stop, in the page language; every focus ring is visible at 3:1 in both themes', { timeout: 180000 }, async () => {
  const page = await browser.newPage();
  for (const lang of map.languages) {
    const { route } = pageById('quick-start').languages[lang.code];
    await page.goto('about:blank'); // a fresh load: tabbing starts at the top of the document
    await gotoRoute(page, site.url, route);
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => ({ id: document.activeElement.id, text: document.activeElement.textContent.trim() }));
    assert.deepEqual(first, { id: 'skip-to-content', text: map.ui[lang.code].skipToContent }, `${route}: first tab stop`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement && document.activeElement.closest('#main'), null, { timeout: 5000 });
  }
  for (const theme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('about:blank');
    await gotoRoute(page, site.url, pageById('quick-start').languages.en.route);
    const kinds = new Set();
    // From the top through the navbar, the sidebar (search, 40-odd links) into the page (its links,
    // copy buttons, the names in its code that link to their declarations, "On this page", back to
    // top), to the last tab stop.
    for (let i = 0; i < 600; i++) {
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null; // past the last tab stop
        const css = getComputedStyle(el);
        return {
          what: `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${el.textContent.trim().slice(0, 30)}"`,
          style: css.outlineStyle, width: parseFloat(css.outlineWidth), color: css.outlineColor,
          page: getComputedStyle(document.documentElement).backgroundColor,
        };
      });
      if (!ring) break;
      kinds.add(ring.what.split(' ')[0]);
      assert.notEqual(ring.style, 'none', `${theme}: ${ring.what} has no focus ring`);
      assert.ok(ring.width >= 2, `${theme}: ${ring.what}: focus ring ${ring.width} px`);
      const ratio = contrast(ring.color, ring.page);
      assert.ok(ratio >= 3, `${theme}: ${ring.what}: focus ring ${ring.color} on ${ring.page} is ${ratio.toFixed(2)}:1`);
    }
    for (const kind of ['button.primary', 'input', 'a.page-link', 'button.copy-code', 'a.code-link', 'button.back-to-top']) {
      assert.ok(kinds.has(kind), `${theme}: no ${kind} among the focused elements: ${[...kinds].join(', ')}`);
    }
  }
  await page.close();
});

test('type: regular weight, and no Light or Thin face for the Latin and Chinese of a paragraph', { timeout: 60000 }, async () => {
  const page = await browser.newPage();
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  for (const lang of map.languages) {
    const { route } = pageById('overview').languages[lang.code];
    await gotoRoute(page, site.url, route);
    const weight = await page.evaluate(() => getComputedStyle(document.querySelector('#main p')).fontWeight);
    assert.equal(weight, '400', `${route}: body text weight`);
    // A paragraph with Latin words (and, on the Chinese pages, Chinese characters).
    const found = await page.evaluate((chinese) => {
      const p = [...document.querySelectorAll('#main p')].find((el) => /[A-Za-z]{3}/.test(el.textContent) && (!chinese || /[\u4e00-\u9fff]/.test(el.textContent)));
      if (p) p.setAttribute('data-font-probe', '');
      return !!p;
    }, lang.code !== 'en');
    assert.ok(found, `${route}: no paragraph to probe`);
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-font-probe]' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    assert.ok(fonts.length > 0, `${route}: no font reported`);
    const names = fonts.map((f) => `${f.familyName} (${f.postScriptName || ''})`);
    for (const name of names) assert.doesNotMatch(name, /light|thin|hairline/i, `${route}: drawn with ${names.join(', ')}`);
  }
  await page.close();
});
