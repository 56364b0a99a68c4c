// What a reader gets around the pages, in headless Chromium, for each of the three languages: the front
// page with the benchmark headline (its figures equal the results JSON's); a copy button on every code
// block that copies exactly that block; dark mode from prefers-color-scheme with a remembered toggle and
// charts recoloured; an edit link to an existing file and a last-updated date on every page; and, on a
// content copy whose English page changed, the notice on its Chinese and Traditional pages.
// Screenshots: test-output/reader-*.png.
// Covers: docs/site/plugins/copy-code.js, docs/site/plugins/page-meta.js, docs/site/plugins/theme.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { startSite, launchBrowser, gotoRoute, showRoute, waitForRendered, screenshot, repoRoot } = require('./support/browser');
const { copySiteContent, regenerate } = require('./support/content-copy');
const { lexMarkdown } = require('../src/docsify/docsify-runtime');
const verdicts = require('../../shared/src/figures/verdict-figures');
const lookup = require('../../shared/src/figures/results-lookup');

let site;
let browser;
let map;
let info;
let results;

test.before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  const read = (rel) => JSON.parse(fs.readFileSync(path.join(site.siteDir, rel), 'utf8'));
  map = read('navigation-map.json');
  info = read('page-info.json');
  results = read('bench/results/latest.json');
});

test.after(async () => {
  if (browser) await browser.close();
  if (site) await site.close();
});

function assertClean(page) {
  assert.deepEqual(page.problems, [], `console errors or CSP violations:\n${page.problems.join('\n')}`);
}

const pageById = (id) => map.pages.find((p) => p.id === id);
const fill = (template, values) => template.replace(/\{(\w+)\}/g, (m, key) => values[key]);

// Waits until plugins/page-meta.js has drawn the page's meta line (after page-info.json arrived).
async function waitForMeta(page, id, code) {
  await page.waitForFunction((want) => document.querySelector('.markdown-section')?.getAttribute('data-page-meta') === want, `${id} ${code}`, { timeout: 10000 });
}

test('the front page of each language (and the site root) shows the benchmark headline with the figures of the results JSON', { timeout: 60000 }, async () => {
  const page = await browser.newPage();
  const pair = lookup.mainPair(results);
  const keys = lookup.keyScenarios(results);
  assert.ok(pair && keys.length > 0, 'the results have nothing to compare');
  const home = pageById('home');
  assert.equal(map.pages[0].id, 'home', 'the front page is the first page');
  const visits = [...map.languages.map((l) => ({ code: l.code, route: home.languages[l.code].route })), { code: 'en', route: '/' }];
  for (const { code, route } of visits) {
    await gotoRoute(page, site.url, route);
    const shown = await page.evaluate(() => ({
      h1: document.querySelector('#main h1')?.textContent.trim(),
      text: document.querySelector('#main').innerText,
      rows: [...document.querySelectorAll('#main table tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent.trim())),
      links: [...document.querySelectorAll('#main a')].map((a) => decodeURIComponent(a.getAttribute('href') || '')),
    }));
    const where = `${code} ${route}`;
    assert.equal(shown.h1, home.languages[code].title, where);
    assert.ok(shown.text.includes(results.environment.cpuModel), `${where}: machine not named`);
    const [year, month, day] = results.environment.date.split('-').map(Number);
    assert.ok(shown.text.includes(String(year)) && shown.text.includes(String(day)), `${where}: date not shown`);
    assert.ok(shown.links.includes(`#${pageById('benchmarks').languages[code].route}`), `${where}: no link to Benchmarks`);
    assert.ok(month >= 1 && month <= 12);
    assert.equal(shown.rows.length, keys.length, `${where}: one row per key scenario`);
    keys.forEach(({ scenario }, i) => {
      verdicts.METRICS.forEach((metric, j) => {
        // The figures straight from the JSON: the pooled comparison of the pair where the file pools it
        // (issue 25: ratio, prediction interval, runs, then this run's own ratio), else the bench's
        // paired comparison of this run.
        const c = scenario.comparisons.find((x) => x.metric === metric && x.reference === pair.reference && x.other === pair.other);
        const p = (results.pooled?.comparisons || []).find((x) => x.scenario === scenario.id && x.metric === metric && x.reference === pair.reference && x.other === pair.other);
        const expected = p ? [p.ratio, p.low, p.high, p.runs.length, p.newest.ratio] : [c.ratio, c.ciLow, c.ciHigh];
        const numbers = (shown.rows[i][1 + j].match(/\d+(?:\.\d+)?/g) || []).map(Number);
        assert.equal(numbers.length, expected.length, `${where}: "${shown.rows[i][1 + j]}" is not a ratio with an interval${p ? ', its runs and this run\'s figure' : ''}`);
        expected.forEach((value, k) => {
          assert.ok(Math.abs(numbers[k] - value) <= 0.005 + 1e-9, `${where}: ${scenario.id} ${metric}: shown ${numbers[k]}, JSON ${value}`);
        });
      });
    });
    await screenshot(page, `reader-front-${code}-${route === '/' ? 'root' : 'home'}`);
  }
  assertClean(page);
  await page.close();
});

// The code blocks of a Markdown text, in order, as docsify's own lexer reads them.
function codeBlocks(markdown) {
  const out = [];
  const walk = (tokens) => {
    for (const token of tokens || []) {
      if (token.type === 'code') out.push(token.text);
      walk(token.tokens);
      for (const item of token.items || []) walk(item.tokens);
    }
  };
  walk(lexMarkdown(markdown));
  return out;
}

test('every code block of a guide page has a copy button in the page language; clicking copies exactly that block', { timeout: 120000 }, async () => {
  const page = await browser.newPage();
  for (const id of ['quick-start', 'http-controller']) {
    for (const lang of map.languages) {
      const { route } = pageById(id).languages[lang.code];
      const ui = map.ui[lang.code];
      const expected = codeBlocks(fs.readFileSync(path.join(site.siteDir, `${route.slice(1)}.md`), 'utf8'));
      assert.ok(expected.length >= 2, `${route}: too few code blocks to test`);
      await gotoRoute(page, site.url, route);
      const buttons = await page.$$eval('#main pre', (pres) => pres.map((pre) => {
        const b = pre.querySelector(':scope > button.copy-code');
        return b && { text: b.textContent, label: b.getAttribute('aria-label'), visible: b.getBoundingClientRect().width > 0 };
      }));
      assert.equal(buttons.length, expected.length, `${route}: code blocks on the page`);
      buttons.forEach((b, i) => {
        assert.ok(b, `${route}: block ${i + 1} has no copy button`);
        assert.deepEqual(b, { text: ui.copyCode, label: ui.copyCodeLabel, visible: true }, `${route}: block ${i + 1}`);
      });
      for (let i = 0; i < expected.length; i++) {
        await page.evaluate(() => navigator.clipboard.writeText('(before the click)'));
        await page.locator('#main pre').nth(i).locator(':scope > button.copy-code').click();
        await page.waitForFunction((want) => [...document.querySelectorAll('#main pre > button.copy-code')].some((b) => b.textContent === want), ui.copied);
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), expected[i], `${route}: block ${i + 1} copied`);
      }
      if (id === 'quick-start') await screenshot(page, `reader-copy-${lang.dir}`);
    }
  }
  assertClean(page);
  await page.close();
});

// Relative luminance (0 black .. 1 white) of a computed "rgb(r, g, b)" colour.
function luminance(rgb) {
  const [r, g, b] = rgb.match(/\d+(\.\d+)?/g).slice(0, 3).map((v) => Number(v) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

test('dark mode follows prefers-color-scheme; the toggle switches it, is labelled in the page language and survives a reload', { timeout: 120000 }, async () => {
  const page = await browser.newPage();
  const background = () => page.evaluate(() => ({ bg: getComputedStyle(document.documentElement).backgroundColor, theme: document.documentElement.getAttribute('data-theme') }));
  const overview = pageById('overview');
  await gotoRoute(page, site.url, overview.languages.en.route);
  await page.evaluate(() => localStorage.clear());

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await waitForRendered(page, overview.languages.en.route);
  let shown = await background();
  assert.equal(shown.theme, 'dark');
  assert.ok(luminance(shown.bg) < 0.1, `prefers dark: background ${shown.bg}`);
  await screenshot(page, 'reader-dark-os');

  await page.click('.theme-toggle');
  shown = await background();
  assert.equal(shown.theme, 'light');
  assert.ok(luminance(shown.bg) > 0.9, `after the toggle: background ${shown.bg}`);
  await page.reload();
  await waitForRendered(page, overview.languages.en.route);
  shown = await background();
  assert.equal(shown.theme, 'light', 'the choice did not survive a reload');
  assert.ok(luminance(shown.bg) > 0.9);

  // The other way round: light OS, dark chosen, in each language (the toggle's label follows the page).
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => localStorage.clear());
  for (const lang of map.languages) {
    await gotoRoute(page, site.url, overview.languages[lang.code].route);
    await page.reload();
    await waitForRendered(page, overview.languages[lang.code].route);
    const before = await background();
    const toggle = await page.$eval('.theme-toggle', (b) => ({ label: b.getAttribute('aria-label'), pressed: b.getAttribute('aria-pressed') }));
    assert.equal(toggle.label, map.ui[lang.code].darkMode, `${lang.code}: toggle label`);
    assert.equal(toggle.pressed, before.theme === 'dark' ? 'true' : 'false');
    await page.click('.theme-toggle');
    const after = await background();
    assert.notEqual(after.theme, before.theme, `${lang.code}: the toggle did not switch`);
    await page.reload();
    await waitForRendered(page, overview.languages[lang.code].route);
    assert.equal((await background()).theme, after.theme, `${lang.code}: the choice did not survive a reload`);
  }
  assertClean(page);
  await page.close();
});

test('charts take their text and grid colours from the theme and are recoloured on a toggle', { timeout: 60000 }, async () => {
  const page = await browser.newPage();
  const route = pageById('benchmarks').languages['zh-TW'].route;
  await gotoRoute(page, site.url, route);
  await page.evaluate(() => localStorage.setItem('drogon-docs-theme', 'dark'));
  await page.reload();
  await waitForRendered(page, route);
  const colours = () => page.evaluate(() => {
    const css = getComputedStyle(document.documentElement);
    const figuresOnPage = [...document.querySelectorAll('figure.bench-chart')];
    return {
      theme: document.documentElement.getAttribute('data-theme'),
      text: css.getPropertyValue('--chart-text').trim(),
      grid: css.getPropertyValue('--chart-grid').trim(),
      states: figuresOnPage.map((f) => f.getAttribute('data-chart-state')),
      charts: figuresOnPage.map((f) => window.BenchmarkCharts.chartOfFigure(f.id)).filter(Boolean).map((chart) => ({
        ticks: Object.values(chart.scales).map((s) => s.options.ticks.color),
        grid: Object.values(chart.scales).map((s) => s.options.grid.color),
        legend: chart.legend.options.labels.color,
      })),
    };
  });
  await page.waitForFunction(() => [...document.querySelectorAll('figure.bench-chart')].every((f) => f.getAttribute('data-chart-state') === 'drawn'));
  const check = (shown, theme) => {
    assert.equal(shown.theme, theme);
    assert.ok(shown.charts.length > 0 && shown.charts.length === shown.states.length, 'every figure has a chart');
    for (const chart of shown.charts) {
      assert.ok(chart.ticks.every((c) => c === shown.text), `${theme}: tick colours ${chart.ticks} != ${shown.text}`);
      assert.ok(chart.grid.every((c) => c === shown.grid), `${theme}: grid colours ${chart.grid} != ${shown.grid}`);
      assert.equal(chart.legend, shown.text);
    }
  };
  const dark = await colours();
  check(dark, 'dark');
  await screenshot(page, 'reader-benchmarks-dark');
  await page.click('.theme-toggle');
  const light = await colours();
  check(light, 'light');
  assert.notEqual(light.text, dark.text);
  assert.notEqual(light.grid, dark.grid);
  await page.evaluate(() => localStorage.clear());
  assertClean(page);
  await page.close();
});

// git's view of a file: committed and unchanged in the working tree, and the dates of its commits.
function gitFacts(rel) {
  const run = (args) => execFileSync('git', ['-c', 'core.quotepath=off', ...args], { cwd: repoRoot, encoding: 'utf8' });
  const tracked = run(['ls-files', '--', rel]).trim() === rel;
  const clean = tracked && run(['status', '--porcelain', '--', rel]).trim() === '';
  return { committed: clean, dates: tracked ? run(['log', '--format=%cs', '--', rel]).trim().split('\n') : [] };
}

test('every page in every language has an edit link to a file of the repository and the date of its last change', { timeout: 180000 }, async () => {
  const page = await browser.newPage();
  const shallow = execFileSync('git', ['rev-parse', '--is-shallow-repository'], { cwd: repoRoot, encoding: 'utf8' }).trim() === 'true';
  assert.equal(shallow, false, 'this test needs the full history (CI: fetch-depth: 0)');
  assert.deepEqual(Object.keys(info.repository).sort(), ['branch', 'url']);
  const sourceName = (code) => map.languages.find((l) => l.code === code).name;
  for (const entry of map.pages) {
    for (const lang of map.languages) {
      const { route } = entry.languages[lang.code];
      const expected = info.pages[entry.id][lang.code];
      await showRoute(page, site.url, route); // the next page by the address, as a reader's link does
      await waitForMeta(page, entry.id, lang.code);
      const shown = await page.evaluate(() => ({
        href: document.querySelector('.markdown-section > .page-meta a.page-edit')?.href,
        label: document.querySelector('.markdown-section > .page-meta a.page-edit')?.textContent,
        source: document.querySelector('.markdown-section > .page-meta a.page-edit')?.getAttribute('data-source'),
        datetime: document.querySelector('.markdown-section > .page-meta time')?.getAttribute('datetime'),
        dateText: document.querySelector('.markdown-section > .page-meta time')?.textContent,
      }));
      const where = `${lang.code} ${route}`;
      // The link: the file the manifest's repository holds, and it exists here.
      assert.equal(shown.source, expected.source, where);
      assert.ok(fs.statSync(path.join(repoRoot, shown.source)).isFile(), `${where}: ${shown.source} does not exist`);
      assert.equal(shown.href, `${info.repository.url}/edit/${info.repository.branch}/${shown.source.split('/').map(encodeURIComponent).join('/')}`, where);
      if (lang.code === 'zh-TW') assert.ok(!shown.source.startsWith(`${lang.dir}/`), `${where}: links to the generated page`);
      const ui = map.ui[lang.code];
      assert.equal(shown.label, expected.sourceLanguage === lang.code ? ui.editPage : fill(ui.editSource, { language: sourceName(expected.sourceLanguage) }), where);
      // The date: the page's own file is committed, so it has one, and it is one of that file's commits.
      const rel = `${route.slice(1)}.md`;
      const facts = gitFacts(rel);
      if (facts.committed) {
        assert.ok(shown.datetime, `${where}: no last-updated date`);
        assert.ok(facts.dates.includes(shown.datetime), `${where}: ${shown.datetime} is not the date of a commit of ${rel}`);
        assert.ok(shown.dateText.includes(shown.datetime.slice(0, 4)), `${where}: date text "${shown.dateText}"`);
      }
      assert.equal(shown.datetime ?? null, expected.updated, where);
    }
  }
  await screenshot(page, 'reader-page-meta');
  assertClean(page);
  await page.close();
});

test('a changed English page: its Chinese and Traditional pages show the notice, in their language, linking to it', { timeout: 120000 }, async (t) => {
  // The fixture: a content copy whose English Overview gained a sentence after its translation was recorded.
  const copy = copySiteContent();
  t.after(() => copy.remove());
  regenerate(copy.root);
  const overview = pageById('overview');
  const english = path.join(copy.root, `${overview.languages.en.route.slice(1)}.md`);
  fs.writeFileSync(english, fs.readFileSync(english, 'utf8').replace(/\n\n<!-- nav:footer/, '\n\nA sentence added after the translation.\n\n<!-- nav:footer'));
  regenerate(copy.root);
  const { buildSite } = require('../src/build');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drogon-stale-site-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  await buildSite({ root: copy.root, siteDir: path.join(dir, 'site'), writeSources: false, quiet: true });
  const stale = await startSite({ siteDir: path.join(dir, 'site') });
  t.after(() => stale.close());

  const page = await browser.newPage();
  const notice = () => page.evaluate(() => {
    const box = document.querySelector('.markdown-section > .translation-notice');
    return box && {
      text: box.textContent.trim(),
      link: decodeURIComponent(box.querySelector('a')?.getAttribute('href') || ''),
      afterTitle: box.previousElementSibling?.tagName,
      visible: box.getBoundingClientRect().height > 0,
    };
  });
  for (const code of ['zh-CN', 'zh-TW']) {
    const { route } = overview.languages[code];
    await gotoRoute(page, stale.url, route);
    await waitForMeta(page, 'overview', code);
    const shown = await notice();
    assert.ok(shown, `${route}: no notice`);
    assert.ok(shown.visible);
    assert.equal(shown.afterTitle, 'H1');
    assert.ok(shown.text.startsWith(map.ui[code].translationStale), `${route}: "${shown.text}"`);
    assert.equal(shown.link, `#${overview.languages.en.route}`);
    await screenshot(page, `reader-translation-notice-${code}`);
  }
  // No notice on the English page itself, nor on a Chinese page whose English page did not change.
  for (const [id, code] of [['overview', 'en'], ['installation', 'zh-CN'], ['installation', 'zh-TW']]) {
    await gotoRoute(page, stale.url, pageById(id).languages[code].route);
    await waitForMeta(page, id, code);
    assert.equal(await notice(), null, `${id} ${code}: unexpected notice`);
  }
  // The notice's link opens the English page.
  await gotoRoute(page, stale.url, overview.languages['zh-CN'].route);
  await waitForMeta(page, 'overview', 'zh-CN');
  await page.click('.translation-notice a');
  await waitForRendered(page, overview.languages.en.route);
  assert.ok((await page.textContent('#main')).includes('A sentence added after the translation.'));
  // On the served site itself (records current), no Chinese page shows the notice.
  await gotoRoute(page, site.url, overview.languages['zh-CN'].route);
  await waitForMeta(page, 'overview', 'zh-CN');
  assert.equal(await notice(), null);
  assertClean(page);
  await page.close();
});
