// The names in the guide's code as a reader gets them, in headless Chromium on the built site, in the
// three languages, on a guide chapter and a tutorial step:
// - with JavaScript (docsify renders the page): the same links as the prerendered HTML, Prism's
//   highlighting kept, the code's text unchanged (what the copy button copies); hovering or focusing a
//   name shows its signature in a tooltip the link names with aria-describedby (the accessibility
//   tree gives the focused link that description, as a screen reader reads it), Escape closes it; the
//   keyboard reaches the links; a Drogon name opens its reference entry, which shows the declaration;
//   no console error, no CSP violation;
// - without JavaScript: the prerendered page's links, every one on this site to a reference page that
//   exists, to an entry that shows a declaration naming it and the header that declares it;
// - axe-core finds nothing on pages with links: docsify with a tooltip open (light and dark), the
//   prerendered page as it is before docsify replaces it, and a reference page.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startSite, launchBrowser, gotoRoute, screenshot } = require('../../../support/browser');
const { pageFile } = require('../../../../src/prerender/urls');
const { extractRegion } = require('../../../../src/guide/regions');
const { loadManifest } = require('../../../../src/navigate/manifest');

const repoRoot = path.join(__dirname, '..', '..', '..', '..', '..');
const AXE = require.resolve('axe-core/axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const manifest = loadManifest({ manifestPath: path.join(repoRoot, 'docs', 'manifest.json') });
const LANGUAGES = manifest.languages.map((l) => ({ code: l.code, dir: l.dir }));
const routeOf = (id, code) => {
  const page = manifest.pages.find((p) => p.id === id);
  assert.ok(page, `no page ${id} in the manifest`);
  return page.entries[code].route;
};
// Pages with links: a guide chapter and a tutorial step (its files shown whole and its regions).
const LINKED_PAGES = ['quick-start', 'tutorial-database'];

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

const prerenderedLinks = (route) => {
  const html = fs.readFileSync(path.join(site.siteDir, pageFile(route)), 'utf8');
  return [...html.matchAll(/<a class="code-link" href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2], m[1].replace(/&amp;/g, '&')]);
};

const renderedLinks = (page) => page.evaluate(() => [...document.querySelectorAll('#main pre code a.code-link')].map((a) => [a.textContent, a.getAttribute('href')]));

// What a reference entry shows, in the page as rendered: the text from its heading to the next heading.
function entryText(page, anchor) {
  return page.evaluate((id) => {
    const heading = document.getElementById(id);
    if (!heading) return null;
    const level = /^H(\d)$/.exec(heading.tagName);
    let text = heading.textContent;
    for (let el = heading.nextElementSibling; el; el = el.nextElementSibling) {
      const other = /^H(\d)$/.exec(el.tagName);
      if (other && level && Number(other[1]) <= Number(level[1])) break;
      text += `\n${el.textContent}`;
    }
    return { text, signatures: [...(heading.parentElement || document).querySelectorAll(`[id="${CSS.escape(id)}"] ~ pre[data-lang="cpp"]`)].slice(0, 1).map((p) => p.textContent) };
  }, anchor);
}

// An entry shows its declaration: its heading or first signature names the linked name, and the header a
// reader includes (drogon/... or trantor/...) is on it; a namespace's entry names the namespace.
function assertDeclaration(where, name, entry) {
  assert.ok(entry, `${where}: no element with the entry's anchor`);
  assert.ok(new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\~]/g, '\\$&')}\\b`).test(entry.text), `${where}: the entry does not name ${name}`);
  assert.match(entry.text, /\b(?:drogon|trantor)(?:\/[\w.]+)+\.h\b|namespace/, `${where}: the entry shows no header`);
}

for (const id of LINKED_PAGES) {
  test(`${id}: docsify links the same names as the prerender in 3 languages, keeps the highlighting and the code's text`, { timeout: 180000 }, async () => {
    const page = await browser.newPage();
    for (const { code, dir } of LANGUAGES) {
      const route = routeOf(id, code);
      await gotoRoute(page, site.url, route);
      await page.waitForSelector('#main pre[data-lang="cpp"] code a.code-link');
      const rendered = await renderedLinks(page);
      if (id === 'tutorial-database') {
        const inDiffs = await page.locator('#main pre[data-lang="diff"] code a.code-link').count();
        assert.ok(inDiffs > 10, `${route}: only ${inDiffs} names linked in the diffs of C++`);
      }
      const expected = prerenderedLinks(route);
      assert.ok(rendered.length >= 20, `${route}: only ${rendered.length} links`);
      assert.deepEqual(linksOf(rendered), linksOf(expected), `${route}: docsify and the prerender link different names`);
      const local = linksOf(rendered).filter((l) => l[1].startsWith('/'));
      assert.ok(local.length > 5 && local.every((l) => l[1].startsWith(`/${dir}/API`)), `${route}: a name links out of ${dir}'s reference: ${JSON.stringify(local.slice(0, 3))}`);
      const highlight = await page.evaluate(() => ({
        tokens: document.querySelectorAll('#main pre[data-lang="cpp"] code .token').length,
        inToken: document.querySelectorAll('#main pre[data-lang="cpp"] code .token a.code-link').length,
        texts: [...document.querySelectorAll('#main pre[data-lang="cpp"] code')].map((c) => c.textContent),
      }));
      assert.ok(highlight.tokens > 50 && highlight.inToken > 0, `${route}: Prism's tokens are there, links inside them`);
      // The copy button copies code.textContent: the source file's code, with no trace of the links.
      if (id === 'quick-start') {
        const file = 'examples/guide/quick-start/main.cc';
        const source = extractRegion(fs.readFileSync(path.join(repoRoot, file), 'utf8'), file, null);
        assert.ok(highlight.texts.includes(source), `${route}: a block reads exactly as main.cc shows on the page`);
      } else {
        const file = 'examples/tutorial/03-database/controllers/BooksApi.cc';
        const source = extractRegion(fs.readFileSync(path.join(repoRoot, file), 'utf8'), file, 'find');
        assert.ok(highlight.texts.includes(source), `${route}: a block reads exactly as BooksApi.cc's region "find"`);
      }
    }
    assert.deepEqual(page.problems, []);
    assert.deepEqual(page.failedResponses, []);
    await page.close();
  });
}

// The accessible description Chromium computes for the focused element (what a screen reader reads
// after the name), from the accessibility tree.
async function focusedDescription(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Accessibility.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'a.code-link[aria-describedby]' });
    if (!nodeId) return null;
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const node = nodes[0];
    return { role: node.role && node.role.value, name: node.name && node.name.value, description: node.description ? node.description.value : null, focused: (node.properties || []).some((p) => p.name === 'focused' && p.value.value) };
  } finally {
    await cdp.detach();
  }
}

for (const { code, dir } of LANGUAGES) {
  test(`${dir}: hover and keyboard focus show the signature, a screen reader gets it as the link's description; Escape closes it; a name opens its entry`, { timeout: 180000 }, async () => {
    const page = await browser.newPage();
    const route = routeOf('quick-start', code);
    await gotoRoute(page, site.url, route);
    const link = page.locator('#main pre code a.code-link', { hasText: /^registerHandler$/ }).first();
    // On screen first: a scroll closes the tooltip (it is placed in the viewport), and hover() would
    // otherwise scroll while the pointer arrives.
    await link.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await link.hover();
    const tip = page.locator('#code-link-tip');
    await tip.waitFor({ state: 'visible' });
    assert.match(await tip.textContent(), /HttpAppFramework &registerHandler\(const std::string &pathPattern.*drogon\/HttpAppFramework\.h$/);
    assert.equal(await tip.getAttribute('role'), 'tooltip');
    assert.equal(await link.getAttribute('aria-describedby'), 'code-link-tip');
    assert.ok(await page.evaluate(() => document.querySelector('main').contains(document.getElementById('code-link-tip'))), 'the tooltip is inside <main>');
    await screenshot(page, `code-links-tooltip-hover-${dir}`, { fullPage: false });
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

    // Keyboard: from the code block, Tab reaches its first name; the tooltip follows the focus, and the
    // accessibility tree describes the focused link with the signature.
    await page.locator('#main pre[data-lang="cpp"] code').first().focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({ cls: document.activeElement.className, text: document.activeElement.textContent, describedBy: document.activeElement.getAttribute('aria-describedby') }));
    assert.equal(focused.cls, 'code-link');
    assert.equal(focused.describedBy, 'code-link-tip');
    await tip.waitFor({ state: 'visible' });
    const tipText = await tip.textContent();
    assert.match(tipText, new RegExp(focused.text));
    const ax = await focusedDescription(page);
    assert.ok(ax, 'the focused link is in the accessibility tree');
    assert.equal(ax.role, 'link');
    assert.equal(ax.name, focused.text);
    assert.ok(ax.focused, 'the accessibility tree has the link focused');
    assert.equal(ax.description.replace(/\s+/g, ''), tipText.replace(/\s+/g, ''), 'the description a screen reader reads is the tooltip');
    // Tab again: the next name, and the tooltip moves with it.
    await page.keyboard.press('Tab');
    const next = await page.evaluate(() => document.activeElement.textContent);
    assert.equal(await page.evaluate(() => document.activeElement.className), 'code-link');
    await tip.waitFor({ state: 'visible' });
    assert.match(await tip.textContent(), new RegExp(next));
    assert.equal(await page.locator('a.code-link[aria-describedby]').count(), 1, 'one link at a time is described by the tooltip');
    await page.keyboard.press('Escape');
    await tip.waitFor({ state: 'hidden' });

    // Enter on a Drogon name: its entry on the reference page of this language, showing the declaration.
    await link.focus();
    await page.keyboard.press('Enter');
    const reference = routeOf('api-application', code);
    await page.waitForFunction((want) => document.documentElement.getAttribute('data-rendered-route') === want, reference);
    assert.ok(decodeURI(page.url()).endsWith(`#${reference}?id=drogon-httpappframework-registerhandler`), page.url());
    const entry = await entryText(page, 'drogon-httpappframework-registerhandler');
    assertDeclaration(reference, 'registerHandler', entry);
    assert.match(entry.signatures[0], /registerHandler\(const std::string &pathPattern/);
    assert.match(entry.text, /drogon\/HttpAppFramework\.h/);
    // The entry is scrolled into view (docsify scrolls smoothly).
    await page.waitForFunction(() => {
      const top = document.getElementById('drogon-httpappframework-registerhandler').getBoundingClientRect().top;
      return top >= 0 && top < window.innerHeight / 2;
    }, null, { timeout: 10000 });
    assert.deepEqual(page.problems, []);
    await page.close();
  });
}

// axe-core's violations on the page as it is.
async function violations(page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  }, AXE_TAGS);
}

test('axe-core finds nothing on pages with links: with a tooltip open (light and dark), prerendered, and on a reference page', { timeout: 600000 }, async () => {
  const axeBrowser = await launchBrowser({ bypassCSP: true });
  try {
    const report = [];
    for (const { code } of LANGUAGES) {
      for (const id of LINKED_PAGES) {
        const route = routeOf(id, code);
        for (const theme of ['light', 'dark']) {
          const page = await axeBrowser.newPage();
          await page.emulateMedia({ colorScheme: theme });
          await gotoRoute(page, site.url, route);
          await page.locator('#main pre code a.code-link').nth(3).focus();
          await page.locator('#code-link-tip').waitFor({ state: 'visible' });
          report.push(...(await violations(page)).map((v) => `${route} (${theme}, tooltip open): ${v}`));
          await page.close();
        }
        // The prerendered page as a reader gets it before (or without) docsify: the site's scripts refused.
        const page = await axeBrowser.newPage();
        await page.route(/\.js(\?.*)?$/, (r) => r.abort());
        await page.goto(new URL(pageFile(route).replace(/index\.html$/, '').split('/').map(encodeURIComponent).join('/'), site.url).href, { waitUntil: 'load' });
        assert.ok(await page.locator('pre code a.code-link').count() > 5, `${route}: the prerendered page has its links`);
        report.push(...(await violations(page)).map((v) => `${route} (prerendered): ${v}`));
        await page.close();
      }
      const page = await axeBrowser.newPage();
      await gotoRoute(page, site.url, routeOf('api-application', code), { timeout: 30000 });
      report.push(...(await violations(page)).map((v) => `${routeOf('api-application', code)}: ${v}`));
      await page.close();
    }
    assert.deepEqual(report, [], report.join('\n'));
  } finally {
    await axeBrowser.close();
  }
});

test('without JavaScript every link works: each name on this site leads to an entry that shows its declaration, in 3 languages', { timeout: 600000 }, async () => {
  const noScript = await launchBrowser({ javaScriptEnabled: false });
  try {
    const page = await noScript.newPage();
    let entries = 0;
    for (const { code, dir } of LANGUAGES) {
      for (const id of LINKED_PAGES) {
        const route = routeOf(id, code);
        await page.goto(new URL(pageFile(route).replace(/index\.html$/, '').split('/').map(encodeURIComponent).join('/'), site.url).href, { waitUntil: 'load' });
        const links = await page.evaluate(() => [...document.querySelectorAll('pre code a.code-link')].map((a) => [a.textContent, a.href]));
        assert.ok(links.length > 20, `${route}: only ${links.length} links`);
        assert.ok(links.some(([, h]) => h.startsWith('https://en.cppreference.com/w/cpp/')), `${route}: std names go to cppreference`);
        const local = links.filter(([, h]) => h.startsWith(site.url));
        assert.ok(local.length > 5, `${route}: only ${local.length} links to this site`);
        for (const [, href] of local) assert.ok(decodeURIComponent(href).startsWith(`${site.url}${dir}/API`), `${route}: ${href} is not ${dir}'s reference`);
        if (id === 'tutorial-database') {
          assert.ok(links.some(([, h]) => h.startsWith('https://github.com/') && /examples\/tutorial\/03-database\/.*#L\d+$/.test(h)), `${route}: the step's own names link to their lines in the repository`);
        }
        // Each target page once: every anchor the page's names link to is an entry showing its declaration.
        const byTarget = new Map();
        for (const [name, href] of local) {
          const [target, anchor] = href.split('#');
          if (!byTarget.has(target)) byTarget.set(target, new Map());
          byTarget.get(target).set(decodeURIComponent(anchor || ''), name);
        }
        const reader = await noScript.newPage();
        for (const [target, anchors] of byTarget) {
          const response = await reader.goto(target, { waitUntil: 'load' });
          assert.equal(response.status(), 200, target);
          for (const [anchor, name] of anchors) {
            assert.ok(anchor, `${route}: a link to ${target} without an entry`);
            assertDeclaration(`${route} -> ${decodeURIComponent(target)}#${anchor}`, name, await entryText(reader, anchor));
            entries += 1;
          }
        }
        await reader.close();
      }
    }
    console.log(`without JavaScript: ${entries} linked entries checked, each shows its declaration and header`);
  } finally {
    await noScript.close();
  }
});
