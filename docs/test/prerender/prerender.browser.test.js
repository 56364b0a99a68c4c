// The prerendered site in headless Chromium, for each language: a page's clean URL without JavaScript
// shows the page (title, headings, text, tables, code; each chart as its static image beside its table,
// an SVG file that draws the table's words, with the caption as its text, within the Benchmarks page's
// 3,600 px, printed too) with hreflang links to
// the other two languages, and its links lead to other clean URLs; sitemap.xml lists every page in
// every language, each served; with JavaScript the clean URL becomes docsify's page, links work, and a
// reload (a deep link) shows the same page. On the Benchmarks page, the charts are drawn before the
// site's other scripts and docsify run, and no chart's static image is fetched. Nothing breaks
// the CSP or loads from another origin.
// Covers: docs/site/plugins/clean-url.js, docs/site/plugins/deferred-site-scripts.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startSite, launchBrowser, waitForRendered, screenshot } = require('../support/browser');

let site;
let withJs;
let withoutJs;
let map;
let baseUrl;

test.before(async () => {
  site = await startSite();
  [withJs, withoutJs] = await Promise.all([launchBrowser(), launchBrowser({ javaScriptEnabled: false })]);
  map = JSON.parse(fs.readFileSync(path.join(site.siteDir, 'navigation-map.json'), 'utf8'));
  baseUrl = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'manifest.json'), 'utf8')).site.baseUrl;
});

test.after(async () => {
  await Promise.all([withJs?.close(), withoutJs?.close()]);
  if (site) await site.close();
});

const cleanUrl = (route) => `${route.slice(1).split('/').map(encodeURIComponent).join('/')}/`;

async function newPage(browser) {
  const page = await browser.newPage();
  page.foreignRequests = [];
  page.on('request', (req) => { if (!req.url().startsWith(site.url) && !req.url().startsWith('data:')) page.foreignRequests.push(req.url()); });
  return page;
}

function assertClean(page) {
  assert.deepEqual(page.problems, [], `console errors or CSP violations:\n${page.problems.join('\n')}\nfailed responses: ${page.failedResponses.join(', ')}`);
  assert.deepEqual(page.foreignRequests, [], 'requests to other origins');
}

// The pages compared: the Benchmarks page (tables, charts) and a guide page (code), in every language.
const pagesShown = () => map.pages.filter((p) => ['benchmarks', 'http-controller'].includes(p.id));

test('without JavaScript, a clean URL shows the page with hreflang links to the other two languages, and its links lead to clean URLs', { timeout: 120000 }, async () => {
  const page = await newPage(withoutJs);
  for (const entry of pagesShown()) {
    for (const lang of map.languages) {
      const { route, title, headings } = entry.languages[lang.code];
      const response = await page.goto(`${site.url}${cleanUrl(route)}`);
      const where = `${lang.code} ${route}`;
      assert.equal(response.status(), 200, where);
      // (The chart images after the first load as they come near the window: a reader scrolls.)
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      for (let i = 0; i < 50 && !(await page.$$eval('img', (imgs) => imgs.every((img) => img.complete))); i += 1) await page.waitForTimeout(100);
      await page.evaluate(() => window.scrollTo(0, 0));
      const shown = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        h1: document.querySelector('#main h1')?.innerText.trim(),
        headings: [...document.querySelectorAll('#main h1, #main h2, #main h3, #main h4')].map((h) => h.id),
        text: document.querySelector('#main')?.innerText.length || 0,
        tables: document.querySelectorAll('#main table').length,
        code: document.querySelectorAll('#main pre code').length,
        figures: [...document.querySelectorAll('#main figure.bench-chart')].map((f) => f.innerText.trim().length),
        // Each chart's static image: shown (loaded), its caption as its text; its table's words.
        images: [...document.querySelectorAll('#main figure.bench-chart')].map((f) => {
          const img = f.querySelector('img.bench-chart-static');
          const caption = f.querySelector('figcaption');
          // (The first table after the figure in the document.)
          const table = [...document.querySelectorAll('#main table')].find((t) => f.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING);
          return {
            id: f.id,
            src: img && img.src,
            height: img ? img.getBoundingClientRect().height : 0,
            loaded: Boolean(img && img.complete && img.naturalWidth > 0),
            labelled: Boolean(img && caption && img.alt.trim() && img.alt === caption.textContent.replace(/\s+/g, ' ').trim()),
            canvasShown: getComputedStyle(f.querySelector('canvas')).display !== 'none',
            words: table ? [...table.querySelectorAll('th, td')].map((c) => c.textContent.trim()).filter((t) => t.length > 1) : [],
          };
        }),
        height: document.documentElement.scrollHeight,
        alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.hreflang, l.href]),
        visibleOtherLanguages: [...document.querySelectorAll('#main a[hreflang]')].map((a) => a.hreflang),
        bodyScrolls: getComputedStyle(document.body).overflow !== 'hidden',
      }));
      assert.equal(shown.lang, lang.htmlLang, where);
      assert.equal(shown.h1, title, where);
      assert.deepEqual(shown.headings, headings.filter((h) => h.depth <= 4).map((h) => h.id), `${where}: headings`);
      assert.ok(shown.text > 1000, `${where}: ${shown.text} characters of text`);
      assert.ok(shown.bodyScrolls, `${where}: the page cannot scroll`);
      if (entry.id === 'benchmarks') {
        assert.ok(shown.tables >= shown.figures.length && shown.figures.length > 0, `${where}: charts without their tables`);
        assert.ok(shown.figures.every((n) => n > 10), `${where}: a chart shows no text without JavaScript`);
        for (const image of shown.images) {
          const { words, ...seen } = image;
          assert.ok(image.height > 150 && image.loaded && image.labelled, `${where}: ${image.id} has no labelled image (${JSON.stringify(seen)})`);
          assert.ok(!image.canvasShown, `${where}: ${image.id}'s empty canvas shows beside its image`);
          // The SVG file: shapes, and text that is its table's.
          const response = await fetch(image.src);
          assert.equal(response.headers.get('content-type'), 'image/svg+xml', `${where}: ${image.src}`);
          const svg = await response.text();
          const texts = [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1].replace(/&amp;/g, '&').trim());
          assert.ok((svg.match(/<path /g) || []).length > 10, `${where}: ${image.id}'s image draws no shapes`);
          assert.ok(texts.some((t) => t.length > 2 && words.some((w) => w.includes(t))), `${where}: ${image.id}'s image draws nothing of its table (${texts.slice(0, 5)})`);
        }
        assert.ok(shown.height <= 3600, `${where}: ${shown.height} px tall at 1280 x 900 without JavaScript`);
        await page.emulateMedia({ media: 'print' });
        const printed = await page.$$eval('#main img.bench-chart-static', (imgs) => imgs.map((img) => (img.complete && img.naturalWidth > 0 ? img.getBoundingClientRect().height : 0)));
        await page.emulateMedia({ media: 'screen' });
        assert.ok(printed.length === shown.images.length && printed.every((h) => h > 150), `${where}: printed chart images ${printed}`);
      } else {
        assert.ok(shown.code > 0, `${where}: no code`);
      }
      for (const other of map.languages) {
        const href = `${baseUrl}${cleanUrl(entry.languages[other.code].route)}`;
        assert.ok(shown.alternates.some(([l, h]) => l === other.htmlLang && decodeURI(h) === decodeURI(href)), `${where}: no hreflang ${other.htmlLang} -> ${href}`);
      }
      assert.deepEqual([...new Set(shown.visibleOtherLanguages)].sort(), map.languages.filter((l) => l.code !== lang.code).map((l) => l.htmlLang).sort(), `${where}: the "other languages" links`);
      await screenshot(page, `prerender-nojs-${lang.dir}-${entry.id}`);
    }
  }
  // Links work without JavaScript: the footer's next page, then the language link.
  const first = map.pages[0];
  await page.goto(`${site.url}${cleanUrl(first.languages['zh-TW'].route)}`);
  await page.click(`#main a[href="${cleanUrl(map.pages[1].languages['zh-TW'].route)}"]`);
  assert.equal(decodeURIComponent(new URL(page.url()).pathname), `${map.pages[1].languages['zh-TW'].route}/`);
  assert.equal(await page.locator('#main h1').innerText(), map.pages[1].languages['zh-TW'].title);
  await page.click('#main a[hreflang="en"]');
  assert.equal(new URL(page.url()).pathname, `/${cleanUrl(map.pages[1].languages.en.route)}`);
  assert.equal(await page.locator('#main h1').innerText(), map.pages[1].languages.en.title);
  // The root without JavaScript offers each language at its clean URL.
  await page.goto(site.url);
  const choices = await page.$$eval('noscript, a[hreflang]', (as) => as.filter((a) => a.tagName === 'A').map((a) => a.getAttribute('href')));
  assert.deepEqual(choices, map.languages.map((l) => cleanUrl(map.pages[0].languages[l.code].route)));
  assertClean(page);
  await page.close();
});

test('sitemap.xml lists every page in every language, and every URL it lists is served', async () => {
  const xml = await (await fetch(`${site.url}sitemap.xml`)).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const expected = map.languages.flatMap((l) => map.pages.map((p) => `${baseUrl}${cleanUrl(p.languages[l.code].route)}`));
  assert.deepEqual([...locs].sort(), [...expected].sort());
  for (const loc of locs) {
    const res = await fetch(`${site.url}${loc.slice(baseUrl.length)}`);
    assert.equal(res.status, 200, loc);
    const html = await res.text();
    assert.match(html, /<link rel="alternate" hreflang="zh-TW"/, loc);
  }
});

test('with JavaScript a clean URL becomes the docsify page: links work, a reload shows the same page, #anchors become ?id=', { timeout: 120000 }, async () => {
  const page = await newPage(withJs);
  for (const lang of map.languages) {
    const entry = map.pages.find((p) => p.id === 'http-controller');
    const { route, title } = entry.languages[lang.code];
    await page.goto(`${site.url}${cleanUrl(route)}`);
    await waitForRendered(page, route);
    const shown = await page.evaluate(() => ({
      h1: document.querySelector('#main h1')?.textContent.trim(),
      hash: decodeURIComponent(location.hash),
      path: location.pathname,
      switcher: !!document.querySelector('.lang-switcher a[aria-current]'),
      sidebar: decodeURIComponent(document.querySelector('.sidebar-nav a[aria-current="page"]')?.getAttribute('href') || ''),
      prerendered: !!document.querySelector('#app.prerendered'),
      search: !!document.querySelector('.search input[type="search"]'),
    }));
    assert.equal(shown.h1, title, lang.code);
    assert.equal(shown.hash, `#${route}`, `${lang.code}: docsify's route`);
    assert.equal(shown.path, '/', `${lang.code}: the address is the site root's route, so a reload loads docsify's index`);
    assert.ok(shown.switcher && shown.search && !shown.prerendered, `${lang.code}: docsify took over`);
    assert.equal(shown.sidebar, `#${route}`);
    // A link of the page (the footer's next page), as docsify renders it.
    const next = map.pages[map.pages.indexOf(entry) + 1].languages[lang.code];
    await page.click(`#main a[href="#${encodeURI(next.route)}"], #main a[href="#${next.route}"]`);
    await waitForRendered(page, next.route);
    assert.equal(await page.textContent('#main h1'), next.title);
    // A reload of the deep link: no 404, the same page.
    const response = await page.reload();
    assert.equal(response.status(), 200);
    await waitForRendered(page, next.route);
    assert.equal(await page.textContent('#main h1'), next.title);
    await screenshot(page, `prerender-js-${lang.dir}`);
  }
  // From the first frame that shows the prerendered page until docsify has rendered it, the title
  // never disappears (docsify's empty layout holds the prerendered page while it fetches).
  // On the Benchmarks page, docsify renders the page again only once every chart is drawn over the
  // prerendered one (clean-url.js holds it), and keeps the charts drawn (none drawn twice).
  const watched = await newPage(withJs);
  await watched.addInitScript(() => {
    const frames = window.TITLE_FRAMES = [];
    const frame = () => {
      const h1 = document.querySelector('#main h1');
      frames.push(!!(h1 && h1.getBoundingClientRect().height > 0));
      if (!document.documentElement.getAttribute('data-rendered-route')) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const canvases = () => [...document.querySelectorAll('#main figure.bench-chart')].map((f) => f.querySelector('canvas'));
    new MutationObserver(() => {
      if (window.AT_RENDER || !document.documentElement.getAttribute('data-rendered-route')) return;
      window.AT_RENDER = { states: [...document.querySelectorAll('#main figure.bench-chart')].map((f) => f.getAttribute('data-chart-state')), canvases: canvases() };
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-rendered-route'] });
    window.SAME_CANVASES = () => { const now = canvases(); return now.length === window.AT_RENDER.canvases.length && now.every((c, i) => c === window.AT_RENDER.canvases[i]); };
    // Whether docsify's code had run when the charts were drawn (it waits for them on this page).
    new MutationObserver(() => {
      const figures = [...document.querySelectorAll('#main figure.bench-chart')];
      if (window.DOCSIFY_AT_CHARTS === undefined && figures.length && figures.every((f) => f.getAttribute('data-chart-state') === 'drawn')) window.DOCSIFY_AT_CHARTS = typeof window.Docsify;
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-chart-state'] });
  });
  const requested = [];
  watched.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const bench = map.pages.find((p) => p.id === 'benchmarks').languages['zh-TW'];
  await watched.goto(`${site.url}${cleanUrl(bench.route)}`);
  await waitForRendered(watched, bench.route);
  const frames = await watched.evaluate(() => window.TITLE_FRAMES);
  const firstShown = frames.indexOf(true);
  assert.ok(firstShown >= 0, 'the title was never painted');
  assert.deepEqual(frames.slice(firstShown).filter((shown) => !shown), [], `frames without the title after it was shown: ${frames.join(',')}`);
  const atRender = await watched.evaluate(() => window.AT_RENDER.states);
  assert.ok(atRender.length > 1 && atRender.every((state) => state === 'drawn'), `chart states when docsify rendered the page: ${atRender}`);
  await watched.waitForTimeout(300);
  assert.ok(await watched.evaluate(() => window.SAME_CANVASES()), 'docsify\'s render replaced the charts drawn before it');
  assert.equal(await watched.evaluate(() => window.DOCSIFY_AT_CHARTS), 'undefined', 'docsify ran before every chart was drawn');
  // With JavaScript the static images are never fetched (Chart.js draws the charts where they would be).
  const images = requested.filter((p) => /\/bench-figure-[\w-]+\.svg$/.test(p));
  assert.deepEqual(images, [], `images fetched: ${images}`);
  assertClean(watched);
  // When Chart.js cannot load, every figure keeps its static image: fetched then (its <picture> showed
  // an empty image while the chart was expected).
  const noCharts = await newPage(withJs);
  await noCharts.route('**/vendor/chart.umd.min.js', (route) => route.abort());
  await noCharts.goto(`${site.url}${cleanUrl(bench.route)}`);
  await waitForRendered(noCharts, bench.route);
  await noCharts.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await noCharts.waitForFunction(() => [...document.querySelectorAll('#main img.bench-chart-static')].every((img) => img.complete), null, { timeout: 10000 });
  const fallbacks = await noCharts.$$eval('#main figure.bench-chart', (figures) => figures.map((f) => {
    const img = f.querySelector('img.bench-chart-static');
    return { id: f.id, state: f.getAttribute('data-chart-state'), image: Boolean(img && /\.svg$/.test(img.currentSrc) && img.naturalWidth > 0 && img.getBoundingClientRect().height > 150) };
  }));
  assert.ok(fallbacks.length > 1 && fallbacks.every((f) => f.state === 'error' && f.image), `figures without Chart.js: ${JSON.stringify(fallbacks)}`);
  await noCharts.close();
  // A reader who goes to another page while docsify's render of the prerendered one waits sees that page.
  const other = map.pages.find((p) => p.id === 'http-controller').languages['zh-TW'];
  await watched.goto(`${site.url}${cleanUrl(bench.route)}`, { waitUntil: 'domcontentloaded' });
  await watched.evaluate((route) => { window.location.hash = `#${route}`; }, other.route);
  await waitForRendered(watched, other.route);
  await watched.waitForTimeout(3500); // longer than the hold's limit
  assert.equal((await watched.textContent('#main h1')).trim(), other.title);
  assert.equal(decodeURIComponent(await watched.evaluate(() => location.hash)), `#${other.route}`);
  await watched.close();

  // A heading link of a prerendered page (#id) opens that heading in docsify (?id=).
  const entry = map.pages.find((p) => p.id === 'http-controller').languages['zh-CN'];
  const heading = entry.headings[2];
  await page.goto(`${site.url}${cleanUrl(entry.route)}#${encodeURIComponent(heading.id)}`);
  await waitForRendered(page, entry.route);
  assert.equal(decodeURIComponent(await page.evaluate(() => location.hash)), `#${entry.route}?id=${heading.id}`);
  assert.ok(await page.evaluate((id) => !!document.getElementById(id), heading.id));
  // Without the trailing slash the server redirects to the folder (as GitHub Pages does).
  const bare = await page.goto(`${site.url}${cleanUrl(entry.route).replace(/\/$/, '')}`);
  assert.equal(bare.status(), 200);
  await waitForRendered(page, entry.route);
  assert.equal(await page.textContent('#main h1'), entry.title);
  // Hash routes at the root keep working as before.
  await page.goto(`${site.url}#${map.pages[0].languages.en.route}`);
  await waitForRendered(page, map.pages[0].languages.en.route);
  assertClean(page);
  await page.close();
});
