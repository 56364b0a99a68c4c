// The names in the guide's code as a reader gets them, in headless Chromium on the built site:
// - with JavaScript (docsify renders the page): the same links as the prerendered HTML, Prism's
//   highlighting kept, the code's text unchanged (what the copy button copies); hovering or focusing a
//   name shows its signature in a tooltip the link names with aria-describedby, Escape closes it; the
//   keyboard reaches the links; a Drogon name opens its reference entry; no console error, no CSP
//   violation; axe-core finds nothing with the tooltip open, in light and dark mode;
// - without JavaScript: the prerendered page's links, to reference pages that exist;
// - the Chinese page links to the Chinese reference.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startSite, launchBrowser, gotoRoute, screenshot } = require('../../../support/browser');
const { pageFile } = require('../../../../src/prerender/urls');
const { extractRegion } = require('../../../../src/guide/regions');

const AXE = require.resolve('axe-core/axe.min.js');
let site;
let browser;

test.before(async () => {
  site = await startSite();
  browser = await launchBrowser({ bypassCSP: false });
});
test.after(async () => {
  if (browser) await browser.close();
  if (site) await site.close();
});

// The links of a rendered page's C++ blocks: [[name, route, anchor or URL]], hash routes and clean
// URLs alike.
function linksOf(anchors) {
  return anchors.map(([text, href]) => {
    if (/^https?:/.test(href)) return [text, href];
    const hash = /^#(\/[^?]*)(?:\?id=(.*))?$/.exec(href);
    if (hash) return [text, decodeURI(hash[1]), decodeURIComponent(hash[2] || '')];
    const [folder, anchor] = href.split('#');
    return [text, `/${folder.replace(/\/$/, '').split('/').map(decodeURIComponent).join('/')}`, decodeURIComponent(anchor || '')];
  });
}

test('docsify links the same names as the prerender, keeps the highlighting and the code\'s text', { timeout: 120000 }, async () => {
  const page = await browser.newPage();
  await gotoRoute(page, site.url, '/ENG/Quick-Start');
  await page.waitForSelector('#main pre[data-lang="cpp"] code a.code-link');
  const rendered = await page.evaluate(() => ({
    links: [...document.querySelectorAll('#main pre[data-lang="cpp"] code a.code-link')].map((a) => [a.textContent, a.getAttribute('href')]),
    tokens: document.querySelectorAll('#main pre[data-lang="cpp"] code .token').length,
    inToken: document.querySelectorAll('#main pre[data-lang="cpp"] code .token a.code-link').length,
    texts: [...document.querySelectorAll('#main pre[data-lang="cpp"] code')].map((c) => c.textContent),
  }));
  const prerendered = fs.readFileSync(path.join(site.siteDir, pageFile('/ENG/Quick-Start')), 'utf8');
  const expected = [...prerendered.matchAll(/<a class="code-link" href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2], m[1].replace(/&amp;/g, '&')]);
  assert.ok(rendered.links.length >= 20, `only ${rendered.links.length} links`);
  assert.deepEqual(linksOf(rendered.links), linksOf(expected));
  assert.ok(rendered.tokens > 50 && rendered.inToken > 0, 'Prism\'s tokens are there, links inside them');
  // The copy button copies code.textContent: the source file's code, with no trace of the links.
  const file = 'examples/guide/quick-start/main.cc';
  const source = extractRegion(fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', '..', file), 'utf8'), file, null);
  assert.ok(rendered.texts.includes(source), 'a block reads exactly as main.cc shows on the page');
  // A Chinese page (its link data at a CJK path) links to the Chinese reference.
  await gotoRoute(page, site.url, '/JB_TW/協程');
  await page.waitForSelector('#main pre[data-lang="cpp"] code a.code-link');
  const traditional = linksOf(await page.evaluate(() => [...document.querySelectorAll('#main pre code a.code-link')].map((a) => [a.textContent, a.getAttribute('href')])));
  const local = traditional.filter((l) => l[1].startsWith('/'));
  assert.ok(local.length > 20 && local.every((l) => l[1].startsWith('/JB_TW/API')), JSON.stringify(local.slice(0, 3)));
  assert.deepEqual(page.problems, []);
  assert.deepEqual(page.failedResponses, []);
  await page.close();
});

test('hover and keyboard focus show the signature; Escape and leaving close it; a name opens its entry', { timeout: 120000 }, async () => {
  const page = await browser.newPage();
  await gotoRoute(page, site.url, '/ENG/Quick-Start');
  const link = page.locator('#main pre code a.code-link', { hasText: /^registerHandler$/ }).first();
  await link.hover();
  const tip = page.locator('#code-link-tip');
  await tip.waitFor({ state: 'visible' });
  assert.match(await tip.textContent(), /HttpAppFramework &registerHandler\(const std::string &pathPattern.*drogon\/HttpAppFramework\.h$/);
  assert.equal(await tip.getAttribute('role'), 'tooltip');
  assert.equal(await link.getAttribute('aria-describedby'), 'code-link-tip');
  await screenshot(page, 'code-links-tooltip-hover', { fullPage: false });
  await page.keyboard.press('Escape');
  await tip.waitFor({ state: 'hidden' });
  assert.equal(await link.getAttribute('aria-describedby'), null);
  // The pointer may move onto the tooltip without closing it; leaving both closes it.
  await page.mouse.move(5, 5);
  await link.hover();
  await tip.waitFor({ state: 'visible' });
  await tip.hover();
  await page.waitForTimeout(400);
  assert.ok(await tip.isVisible(), 'the tooltip stays while the pointer is on it');
  await page.mouse.move(5, 5);
  await tip.waitFor({ state: 'hidden' });

  // Keyboard: from the code block, Tab reaches its first name; the tooltip follows the focus.
  await page.locator('#main pre[data-lang="cpp"] code').first().focus();
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => ({ cls: document.activeElement.className, text: document.activeElement.textContent, describedBy: document.activeElement.getAttribute('aria-describedby') }));
  assert.equal(focused.cls, 'code-link');
  assert.equal(focused.describedBy, 'code-link-tip');
  await tip.waitFor({ state: 'visible' });
  assert.match(await tip.textContent(), new RegExp(focused.text));

  // Following a Drogon name: its entry on the reference page.
  await link.click();
  await page.waitForFunction(() => document.documentElement.getAttribute('data-rendered-route') === '/ENG/API-Application');
  assert.match(page.url(), /#\/ENG\/API-Application\?id=drogon-httpappframework-registerhandler$/);
  const heading = await page.locator('#drogon-httpappframework-registerhandler').textContent();
  assert.match(heading, /HttpAppFramework::registerHandler/);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('axe-core finds nothing on a guide page with a tooltip open, in light and dark mode', { timeout: 180000 }, async () => {
  const axeBrowser = await launchBrowser({ bypassCSP: true });
  try {
    for (const theme of ['light', 'dark']) {
      const page = await axeBrowser.newPage();
      await page.emulateMedia({ colorScheme: theme });
      await gotoRoute(page, site.url, '/ENG/Coroutines');
      await page.locator('#main pre code a.code-link').nth(3).focus();
      await page.locator('#code-link-tip').waitFor({ state: 'visible' });
      await page.addScriptTag({ path: AXE });
      const found = await page.evaluate(async () => {
        const result = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
        return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
      });
      assert.deepEqual(found, [], `${theme}: ${found.join('\n')}`);
      await page.close();
    }
  } finally {
    await axeBrowser.close();
  }
});

test('without JavaScript the prerendered links work, and the Chinese page links to the Chinese reference', { timeout: 120000 }, async () => {
  const noScript = await launchBrowser({ javaScriptEnabled: false });
  try {
    const page = await noScript.newPage();
    await page.goto(`${site.url}CHN/${encodeURIComponent('协程')}/`, { waitUntil: 'load' });
    const hrefs = await page.evaluate(() => [...document.querySelectorAll('pre code a.code-link')].map((a) => a.href));
    assert.ok(hrefs.length > 50, `only ${hrefs.length} links`);
    const local = hrefs.filter((h) => h.startsWith(site.url));
    assert.ok(local.length > 20);
    for (const href of local) assert.match(decodeURIComponent(href), /\/CHN\/API/, href);
    assert.ok(hrefs.some((h) => h.startsWith('https://en.cppreference.com/w/cpp/')), 'std names go to cppreference');
    // Every page a link opens is there (no JavaScript: the server's answer is what the reader gets).
    for (const target of [...new Set(local.map((h) => h.split('#')[0]))]) {
      const response = await page.request.get(target);
      assert.equal(response.status(), 200, target);
    }
    const first = local[0];
    await page.goto(first);
    const anchor = decodeURIComponent(new URL(first).hash.slice(1));
    assert.equal(await page.locator(`[id="${anchor}"]`).count(), 1, `the entry ${anchor} is on the page`);
  } finally {
    await noScript.close();
  }
});
