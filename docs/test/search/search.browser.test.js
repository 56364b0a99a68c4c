// The site's search in headless Chromium: nothing of it loads before the search box is used; a
// Simplified query on the Traditional site finds the page whose text holds the Traditional form, and a
// Traditional query on the Simplified site the reverse; English searches its own pages without the
// folding table. Results open docsify routes; no console error or CSP violation. Chromium tokenizes
// index and query exactly as Node does and ranks every query of docs/test/search's query sets in the
// same order (plugins/search-text.js is shared/src/search-rank.js and search-text.js); a Chinese query
// on the English site offers the Chinese results.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startSite, launchBrowser, gotoRoute, waitForRendered, screenshot } = require('../support/browser');

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

const lazy = /\/(search\/[^/]+\.json|vendor\/minisearch\.js|plugins\/search-text\.js)$/;

async function search(page, query) {
  let hrefs = [];
  const deadline = Date.now() + 20000;
  while (Date.now() < deadline) {
    await page.fill('.search input[type="search"]', '');
    await page.fill('.search input[type="search"]', query);
    await page.waitForTimeout(300);
    hrefs = await page.$$eval('.search .results-panel .matching-post a', (as) => as.map((a) => decodeURIComponent(a.getAttribute('href'))));
    if (hrefs.length) break;
  }
  return hrefs;
}

// Pages whose title differs between the scripts: [id, the text searched for in the other script].
function crossScriptCases() {
  return map.pages.filter((p) => p.languages['zh-CN'].title !== p.languages['zh-TW'].title).slice(0, 3);
}

test('a Simplified query on the Traditional site finds the page holding the Traditional form, and the reverse; loaded only when used', { timeout: 120000 }, async () => {
  const cases = crossScriptCases();
  assert.ok(cases.length >= 2, 'no page titles that differ between Simplified and Traditional');
  for (const [siteCode, queryCode] of [['zh-TW', 'zh-CN'], ['zh-CN', 'zh-TW']]) {
    const page = await browser.newPage(); // a fresh page: nothing of the search loaded yet
    const requested = [];
    page.on('request', (req) => requested.push(new URL(req.url()).pathname));
    const lang = map.languages.find((l) => l.code === siteCode);
    await gotoRoute(page, site.url, map.pages[0].languages[siteCode].route);
    await page.waitForTimeout(200);
    assert.deepEqual(requested.filter((p) => lazy.test(p) || p.endsWith('fold-zh.json')), [], `${siteCode}: search files loaded before the search was used`);
    for (const entry of cases) {
      const query = entry.languages[queryCode].title; // written in the other script
      const target = entry.languages[siteCode];
      const hrefs = await search(page, query);
      assert.ok(hrefs.some((h) => h.startsWith(`#${target.route}`)), `${siteCode}: "${query}" did not find ${target.route} ("${target.title}"); results: ${hrefs.join(', ')}`);
      assert.ok(hrefs.every((h) => h.startsWith(`#/${lang.dir}/`)), `${siteCode}: results from another language: ${hrefs.join(', ')}`);
      // The result shows the page's own form of the words, which is not the query's.
      assert.notEqual(query, target.title);
      const shownTitles = await page.$$eval('.search .matching-post .title', (ps) => ps.map((p) => p.textContent));
      assert.ok(shownTitles.some((t) => t.startsWith(target.title)), `${siteCode}: no result titled "${target.title}": ${shownTitles.join(' | ')}`);
    }
    assert.ok(requested.some((p) => p.endsWith('/search/fold-zh.json')), `${siteCode}: no folding table loaded`);
    await screenshot(page, `search-cross-script-${lang.dir}`);
    // A result opens its page.
    const first = cases[0].languages[siteCode];
    await search(page, cases[0].languages[queryCode].title);
    await page.click(`.search .matching-post a[href^="#${encodeURI(first.route)}"]`);
    await waitForRendered(page, first.route);
    assert.equal(await page.textContent('#main h1'), first.title);
    assert.deepEqual(page.problems, [], page.problems.join('\n'));
    await page.close();
  }
});

test('English searches its own index and never loads the folding table', { timeout: 60000 }, async () => {
  const page = await browser.newPage();
  const requested = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));
  const target = map.pages.find((p) => p.id === 'threading').languages.en;
  await gotoRoute(page, site.url, map.pages[0].languages.en.route);
  const hrefs = await search(page, 'event loop');
  assert.ok(hrefs.some((h) => h.startsWith(`#${target.route}`)), `"event loop" did not find ${target.route}: ${hrefs.join(', ')}`);
  assert.ok(hrefs.every((h) => h.startsWith('#/ENG/')));
  assert.ok(requested.includes('/search/en.json'));
  assert.ok(!requested.some((p) => p.endsWith('fold-zh.json')), 'English loaded the Chinese folding table');
  // The same query, once the reader switches to Chinese, searches the Chinese pages.
  await page.click('.lang-switcher a[data-lang="zh-TW"]');
  await waitForRendered(page, map.pages[0].languages['zh-TW'].route);
  await page.waitForFunction(() => [...document.querySelectorAll('.search .matching-post a')].every((a) => decodeURIComponent(a.getAttribute('href')).startsWith('#/JB_TW/')));
  assert.deepEqual(page.problems, [], page.problems.join('\n'));
  await page.close();
});

test('index and query are tokenized identically in Chromium and in Node (character pairs, no Intl.Segmenter)', { timeout: 120000 }, async () => {
  const text = require('../../../shared/src/search-text');
  const samples = JSON.parse(fs.readFileSync(path.join(site.siteDir, 'search/zh-CN.json'), 'utf8')).sections.map((s) => `${s[2]} ${s[3]}`)
    .concat(['上传文件到服务器的数据库事务', 'github.com/drogonframework/drogon 的协程', 'Event loop 線程']);
  const page = await browser.newPage();
  await gotoRoute(page, site.url, map.pages[0].languages['zh-CN'].route);
  await page.fill('.search input[type="search"]', '协程'); // loads search-text.js
  await page.waitForFunction(() => window.DROGON_SEARCH_TEXT, null, { timeout: 30000 });
  const inBrowser = await page.evaluate((texts) => texts.map((t) => [window.DROGON_SEARCH_TEXT.tokenize(t), window.DROGON_SEARCH_TEXT.queryParts(t)]), samples);
  const inNode = samples.map((t) => [text.tokenize(t), text.queryParts(t)]);
  assert.equal(inBrowser.length, samples.length);
  inNode.forEach((expected, i) => assert.deepEqual(inBrowser[i], expected, `section ${i}: "${samples[i].slice(0, 40)}"`));
  await page.close();
});

test('the browser ranks as node does: every query of both query sets finds the same results in Chromium, in the same order', { timeout: 300000 }, async () => {
  const MiniSearch = require('minisearch');
  const text = require('../../../shared/src/search-text');
  const queries = require('./search-queries.json').queries.concat(require('./search-queries-held-out.json').queries);
  const read = (name) => JSON.parse(fs.readFileSync(path.join(site.siteDir, name), 'utf8'));
  const inNode = [];
  for (const lang of map.languages) {
    const data = read(`search/${lang.code}.json`);
    const index = await text.createIndex(MiniSearch, data, data.fold ? text.createFolder(read(data.fold)) : null, { maxResults: 5 });
    for (const q of queries.filter((x) => x.lang === lang.code)) inNode.push([q.lang, q.query, index.search(q.query).results.map((r) => r.href)]);
  }
  const page = await browser.newPage();
  await gotoRoute(page, site.url, map.pages[0].languages.en.route);
  await page.fill('.search input[type="search"]', 'x'); // loads MiniSearch and search-text.js
  await page.waitForFunction(() => window.DROGON_SEARCH_TEXT && window.MiniSearch, null, { timeout: 60000 });
  const inBrowser = await page.evaluate(async (list) => {
    const T = window.DROGON_SEARCH_TEXT;
    const get = (url) => fetch(url).then((r) => r.json());
    const out = [];
    for (const code of [...new Set(list.map((q) => q[0]))]) {
      const data = await get(`search/${code}.json`);
      const index = await T.createIndex(window.MiniSearch, data, data.fold ? T.createFolder(await get(data.fold)) : null, { maxResults: 5 });
      for (const q of list.filter((x) => x[0] === code)) out.push([q[0], q[1], index.search(q[1]).results.map((r) => r.href)]);
    }
    return out;
  }, inNode.map(([lang, query]) => [lang, query]));
  assert.equal(inBrowser.length, queries.length);
  assert.ok(inNode.filter(([, , hrefs]) => hrefs.length > 0).length >= queries.length - 2, 'queries without results');
  assert.deepEqual(inBrowser, inNode);
  assert.deepEqual(page.problems, [], page.problems.join('\n'));
  await page.close();
});

test('a Chinese query on the English site offers the Chinese results; one opens its page', { timeout: 120000 }, async () => {
  const page = await browser.newPage();
  await gotoRoute(page, site.url, map.pages[0].languages.en.route);
  const upload = map.pages.find((p) => p.id === 'requests-responses').languages;
  await page.fill('.search input[type="search"]', '上传文件');
  await page.waitForSelector('.search .results-language', { timeout: 60000 });
  const shown = await page.evaluate(() => ({
    status: document.querySelector('.search .results-status').textContent,
    groups: [...document.querySelectorAll('.search .results-language')].map((p) => p.textContent),
    links: [...document.querySelectorAll('.search .matching-post a')].map((a) => ({ href: decodeURIComponent(a.getAttribute('href')), hreflang: a.getAttribute('hreflang') })),
  }));
  const ui = map.ui.en;
  assert.equal(shown.status, ui.searchNoResultsIn.replace('{language}', 'English'));
  const zh = map.languages.filter((l) => l.code !== 'en');
  assert.deepEqual(shown.groups.map((g) => g.split(' ')[0] + ' ' + g.split(' ')[1]), zh.map((l) => ui.searchFoundIn.replace('{language}', l.name)));
  for (const lang of zh) {
    const first = shown.links.find((l) => l.hreflang === lang.htmlLang);
    assert.ok(first && first.href.startsWith(`#${upload[lang.code].route}?id=`), `${lang.code}: first result ${first && first.href}`);
  }
  await screenshot(page, 'search-other-language');
  const target = upload['zh-CN'].route;
  await page.click(`.search .matching-post a[hreflang="zh-CN"][href^="#${encodeURI(target)}"]`);
  await waitForRendered(page, target);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  // A query found in this language shows no other language.
  await page.fill('.search input[type="search"]', '上传文件');
  await page.waitForFunction(() => document.querySelector('.search .matching-post') && !document.querySelector('.search .results-language'), null, { timeout: 30000 });
  assert.deepEqual(page.problems, [], page.problems.join('\n'));
  await page.close();
});
