// The built site in headless Chromium (Debian's /usr/bin/chromium via playwright-core): every page in
// every language renders with the right <html lang>, and its language switcher links to the same page
// in the other languages (a click lands there);
// search finds pages in each language; a page missing in one language shows a notice linking to the
// others; nothing breaks the Content-Security-Policy or loads from another origin.
// Screenshots: test-output/site-*.png (of a walk through every page: the first page of each tab
// and each page whose check failed).
// Covers: docs/site/plugins/site-config.js, docs/site/plugins/site-routes.js, docs/site/plugins/language.js,
//   docs/site/plugins/missing-page.js, docs/site/plugins/search.js, docs/site/plugins/prism-loader.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startSite, copySite, launchBrowser, gotoRoute, showRoute, waitForRendered, screenshot } = require('./support/browser');

let site;
let browser;
let map;

test.before(async () => {
  site = await startSite(); // built from the current sources into a temp folder
  browser = await launchBrowser();
  map = JSON.parse(fs.readFileSync(path.join(site.siteDir, 'navigation-map.json'), 'utf8'));
});

test.after(async () => {
  if (browser) await browser.close();
  if (site) await site.close();
});

// Every request must go to the site itself (no CDN, no third-party origin).
async function newPage(base = site.url) {
  const page = await browser.newPage();
  page.foreignRequests = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(base) && !req.url().startsWith('data:')) page.foreignRequests.push(req.url());
  });
  return page;
}

function assertClean(page, { allow = [] } = {}) {
  const problems = page.problems.filter((p) => !allow.some((re) => re.test(p)));
  assert.deepEqual(problems, [], `console errors or CSP violations:\n${problems.join('\n')}\nfailed responses: ${page.failedResponses.join(', ')}`);
  assert.deepEqual(page.foreignRequests, [], 'requests to other origins');
}

function languageOf(code) {
  return map.languages.find((l) => l.code === code);
}

test('index.html carries a strict CSP that the browser enforces; the site ships docsify 5', { timeout: 60000 }, async () => {
  const html = fs.readFileSync(path.join(site.siteDir, 'index.html'), 'utf8');
  const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)[1];
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.match(csp, /style-src 'self'(;|$)/, 'no inline style at all (the search keeps its styles in search.css)');
  assert.doesNotMatch(csp, /unsafe-eval|unsafe-inline|https?:|\*/);
  assert.doesNotMatch(html, /https?:\/\/(?!www\.w3\.org)/, 'index.html references another origin');
  const page = await newPage();
  await gotoRoute(page, site.url, map.pages[0].languages.en.route);
  assertClean(page);
  // The policy is in force: an injected inline script is refused and reported as a violation.
  const state = await page.evaluate(() => new Promise((resolve) => {
    document.addEventListener('securitypolicyviolation', (e) => resolve({
      version: window.Docsify.version, executeScript: window.$docsify.executeScript,
      ran: window.injectedScriptRan === true, directive: e.effectiveDirective,
    }), { once: true });
    const script = document.createElement('script');
    script.textContent = 'window.injectedScriptRan = true';
    document.head.appendChild(script);
  }));
  assert.equal(state.version, '5.0.0');
  assert.equal(state.executeScript, false);
  assert.equal(state.ran, false);
  assert.equal(state.directive, 'script-src-elem');
  await page.close();
});

test('every page renders in every language, with its title, content, sidebar, <html lang>, highlighted code and language links', { timeout: 180000 }, async () => {
  const codeLanguages = [];
  const visits = map.pages.flatMap((entry) => map.languages.map((lang) => ({ entry, lang })));
  // Two tabs take turns through the pages (the browser and the test wait on each other otherwise).
  const TABS = 2;
  await Promise.all(Array.from({ length: TABS }, async (_, tab) => {
    const page = await newPage();
    let first = true;
    for (const { entry, lang } of visits.filter((_, i) => i % TABS === tab)) {
      const { route, title } = entry.languages[lang.code];
      // From one page to the next by the address, as a reader's link does (the first is loaded).
      await showRoute(page, site.url, route);
      const shown = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        h1: document.querySelector('#main h1')?.textContent.trim(),
        h1Visible: !!document.querySelector('#main h1')?.getBoundingClientRect().height,
        textLength: document.querySelector('#main')?.innerText.trim().length || 0,
        current: document.querySelector('.sidebar-nav a[aria-current="page"]')?.getAttribute('href'),
        switcherCurrent: document.querySelector('.lang-switcher a[aria-current]')?.getAttribute('data-lang'),
        switcher: [...document.querySelectorAll('.lang-switcher a[data-lang]')].map((a) => [a.getAttribute('data-lang'), decodeURIComponent(a.getAttribute('href'))]),
        documentTitle: document.title,
        // Code blocks with a language: that grammar is loaded and the block is coloured.
        code: [...document.querySelectorAll('#main pre[data-lang]')].map((pre) => ({
          lang: pre.getAttribute('data-lang'),
          grammar: !!window.Prism.languages[pre.getAttribute('data-lang')],
          tokens: pre.querySelectorAll('code .token').length,
          // A one-word command (./build/hello) has nothing its grammar colours: no tokens expected.
          tokenizable: !!window.Prism.languages[pre.getAttribute('data-lang')]
            && window.Prism.tokenize(pre.textContent, window.Prism.languages[pre.getAttribute('data-lang')]).some((t) => typeof t !== 'string'),
        })),
      }));
      const where = `${lang.code} ${route}`;
      try {
        checkShown(shown, { entry, lang, route, title, where });
      } catch (err) {
        await screenshot(page, `site-${lang.dir}-${entry.id}`, { fullPage: false });
        throw err;
      }
      codeLanguages.push(...shown.code.map((b) => b.lang));
      if (first) await screenshot(page, `site-${lang.dir}-${entry.id}`, { fullPage: false });
      first = false;
    }
    assertClean(page);
    await page.close();
  }));
  // The languages the issue names are on the site and coloured (C++ needs c and clike first).
  for (const lang of ['cpp', 'markdown', 'sh']) assert.ok(codeLanguages.includes(lang), `no \`\`\`${lang} block found on any page`);
});

// What a page of the walk above shows, against the navigation map.
function checkShown(shown, { entry, lang, route, title, where }) {
  assert.equal(shown.lang, lang.htmlLang, `${where}: <html lang>`);
  assert.equal(shown.h1, title, `${where}: title`);
  assert.ok(shown.h1Visible, `${where}: title not visible`);
  assert.ok(shown.textLength > 200, `${where}: article nearly empty (${shown.textLength} characters)`);
  assert.equal(decodeURIComponent(shown.current || ''), `#${route}`, `${where}: sidebar does not mark the page`);
  assert.equal(shown.switcherCurrent, lang.code, `${where}: switcher does not mark the language`);
  // The switcher leads to this page in each language (a click on it is checked below).
  assert.deepEqual(shown.switcher, map.languages.map((l) => [l.code, `#${entry.languages[l.code].route}`]), `${where}: language links`);
  assert.ok(shown.documentTitle.startsWith(title), `${where}: document title "${shown.documentTitle}"`);
  for (const block of shown.code.filter((b) => b.lang !== 'text')) {
    assert.ok(block.grammar, `${where}: no Prism grammar for \`\`\`${block.lang}`);
    if (block.tokenizable) assert.ok(block.tokens > 0, `${where}: \`\`\`${block.lang} block not highlighted`);
  }
}

test('the root page is the front page of the first language and offers every language', { timeout: 60000 }, async () => {
  const page = await newPage();
  await gotoRoute(page, site.url, '/');
  assert.equal(await page.textContent('#main h1'), map.pages[0].languages[map.languages[0].code].title);
  const links = await page.$$eval('#main a, .sidebar-nav a, .lang-switcher a', (as) => as.map((a) => decodeURIComponent(a.getAttribute('href'))));
  for (const lang of map.languages) assert.ok(links.includes(`#${map.pages[0].languages[lang.code].route}`), `no link to ${lang.name}`);
  await screenshot(page, 'site-root');
  assertClean(page);
  await page.close();
});

// Every page's language links are checked in the walk above; here a reader clicks them, on a page of
// each kind (the front page, a guide chapter, a tutorial step, the generated Benchmarks, the last).
const SWITCHED_PAGES = ['home', 'quick-start', 'tutorial-users', 'benchmarks'];

test('the language switcher lands on the same page in the other language', { timeout: 180000 }, async () => {
  const page = await newPage();
  const order = ['en', 'zh-CN', 'zh-TW', 'en'];
  const entries = [...SWITCHED_PAGES.map((id) => map.pages.find((p) => p.id === id)), map.pages[map.pages.length - 1]];
  assert.ok(entries.every(Boolean), `a page of ${SWITCHED_PAGES.join(', ')} is not in the navigation map`);
  for (const entry of entries) {
    await gotoRoute(page, site.url, entry.languages[order[0]].route);
    for (const code of order.slice(1)) {
      const target = entry.languages[code];
      await page.click(`.lang-switcher a[data-lang="${code}"]`);
      await waitForRendered(page, target.route);
      const shown = await page.evaluate(() => ({ lang: document.documentElement.lang, h1: document.querySelector('#main h1')?.textContent.trim() }));
      assert.equal(shown.h1, target.title, `${entry.id}: switching to ${code}`);
      assert.equal(shown.lang, languageOf(code).htmlLang);
    }
  }
  assertClean(page);
  await page.close();
});

test('switching language keeps ?id= when the heading resolves there, else opens the page top', { timeout: 60000 }, async () => {
  const page = await newPage();
  // zh-CN -> zh-TW: JB_TW is the conversion of CHN, so every heading has its counterpart.
  const entry = map.pages.find((p) => p.languages['zh-CN'].headings.length > 2);
  const from = entry.languages['zh-CN'];
  const to = entry.languages['zh-TW'];
  const index = 2;
  await gotoRoute(page, site.url, `${from.route}?id=${encodeURIComponent(from.headings[index].id)}`);
  // The headings arrive with navigation-map.json, fetched because the address names one.
  const want = `#${to.route}?id=${to.headings[index].id}`;
  await page.waitForFunction((w) => decodeURIComponent(document.querySelector('.lang-switcher a[data-lang="zh-TW"]').getAttribute('href')) === w, want, { timeout: 10000 })
    .catch(() => {});
  const href = await page.getAttribute('.lang-switcher a[data-lang="zh-TW"]', 'href');
  assert.equal(decodeURIComponent(href), want);
  await page.click('.lang-switcher a[data-lang="zh-TW"]');
  await waitForRendered(page, to.route);
  assert.equal(await page.evaluate((id) => !!document.getElementById(id), to.headings[index].id), true);
  // An id that does not exist in the target (and no parallel structure) is dropped.
  await gotoRoute(page, site.url, `${from.route}?id=no-such-heading`);
  const plain = await page.getAttribute('.lang-switcher a[data-lang="en"]', 'href');
  assert.equal(decodeURIComponent(plain), `#${entry.languages.en.route}`);
  assertClean(page);
  await page.close();
});

test('search finds pages in each language, within that language', { timeout: 120000 }, async () => {
  const page = await newPage();
  for (const lang of map.languages) {
    // A page title of this language as the query: the search must find that page.
    const wanted = map.pages[map.pages.length - 1].languages[lang.code];
    await gotoRoute(page, site.url, map.pages[0].languages[lang.code].route);
    let hrefs = [];
    const deadline = Date.now() + 20000;
    while (Date.now() < deadline) {
      // The index is built in the background after the first render: retype until it answers.
      await page.fill('.search input[type="search"]', '');
      await page.fill('.search input[type="search"]', wanted.title);
      await page.waitForTimeout(300);
      hrefs = await page.$$eval('.search .results-panel .matching-post a', (as) => as.map((a) => decodeURIComponent(a.getAttribute('href'))));
      if (hrefs.length) break;
    }
    assert.ok(hrefs.some((h) => h.startsWith(`#${wanted.route}`)), `${lang.code}: search for "${wanted.title}" did not find ${wanted.route} (results: ${hrefs.join(', ')})`);
    assert.ok(hrefs.every((h) => h.startsWith(`#/${lang.dir}/`)), `${lang.code}: results from another language: ${hrefs.join(', ')}`);
    await screenshot(page, `site-search-${lang.dir}`);
    await page.fill('.search input[type="search"]', '');
  }
  assertClean(page);
  await page.close();
});

test('a page missing in one language shows a notice linking to the languages that have it', { timeout: 120000 }, async (t) => {
  // Simulate the missing page in a copy of the built site; the served site stays untouched.
  const copy = copySite(site.siteDir);
  t.after(() => copy.remove());
  const entry = map.pages[1];
  const missing = entry.languages['zh-CN'];
  fs.rmSync(path.join(copy.siteDir, `${missing.route.slice(1)}.md`));
  const copied = await startSite({ siteDir: copy.siteDir });
  t.after(() => copied.close());
  const page = await newPage(copied.url);
  await gotoRoute(page, copied.url, missing.route);
  const notice = await page.evaluate(() => {
    const box = document.querySelector('#main .missing-page-notice');
    return box && {
      visible: box.getBoundingClientRect().height > 0,
      heading: box.querySelector('h1')?.textContent.trim(),
      links: [...box.querySelectorAll('a:not(.anchor)')].map((a) => decodeURIComponent(a.getAttribute('href'))),
      lang: document.documentElement.lang,
    };
  });
  assert.ok(notice, 'no missing-page notice');
  assert.ok(notice.visible);
  assert.equal(notice.lang, 'zh-CN');
  assert.ok(notice.heading.includes(languageOf('zh-CN').name), `heading "${notice.heading}" does not name the language`);
  assert.deepEqual(notice.links, [`#${entry.languages.en.route}`, `#${entry.languages['zh-TW'].route}`]);
  await screenshot(page, 'site-missing-page-notice');
  await page.click('#main .missing-page-notice li a');
  await waitForRendered(page, entry.languages.en.route);
  assert.equal(await page.textContent('#main h1'), entry.languages.en.title);

  // A route no language has: a not-found notice with each language's first page, never blank.
  await gotoRoute(page, copied.url, '/ENG/No-Such-Page');
  const unknown = await page.$$eval('#main .missing-page-notice li a', (as) => as.map((a) => decodeURIComponent(a.getAttribute('href'))));
  assert.deepEqual(unknown, map.languages.map((l) => `#${map.pages[0].languages[l.code].route}`));
  const expected404 = [missing.route, '/ENG/No-Such-Page'].map((r) => `404 ${copied.url}${r.slice(1)}.md`);
  // (Each missing file is asked for by docsify; the search loads nothing until it is used.)
  assert.deepEqual([...new Set(page.failedResponses)], expected404);
  assertClean(page, { allow: [/Failed to load resource: the server responded with a status of 404/] });
  await page.close();
});
