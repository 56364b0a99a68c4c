#!/usr/bin/env node
// Speed figures of the Benchmarks page, printed (never asserted: they depend on the machine and on
// what else runs on it). Builds the site into a temp folder, serves it on a free loopback port, and
// in headless Chromium (Debian's /usr/bin/chromium via playwright-core):
//   - load time: from navigation start until every chart of the page reports data-chart-state
//     (target: under 1 s locally), per language, several rounds;
//   - JavaScript the page loads: every script response, raw and gzip-compressed (target: under
//     200 KB gzip), and apart from it the scripts loaded only when a reader opens their own file;
//   - first paint, opened at its docsify hash route (index.html#/<DIR>/<page>) and at its prerendered
//     clean URL (<DIR>/<page>/): first contentful paint, the first frame that shows the page's title,
//     the first frame with the at-a-glance verdict table laid out in the window (target: 150 ms on
//     the clean URL), largest contentful paint, docsify's render and every chart drawn (medians);
//   - JavaScript a guide page (Quick start) loads, gzip (target: at most 90 KB), and that it loads no
//     Chart.js (loaded only on pages that draw charts: plugins/on-demand-scripts.js).
// Usage: npm run bench:page [-- ROUNDS] [--results FILE]   (FILE: another results JSON than the committed one)
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { inRepo, RESULTS_FILE, SITE_DIR } = require('../../shared/src/project-paths');

const TARGET_MS = 1000;
const TARGET_GZIP_BYTES = 200 * 1024;
const TARGET_VERDICT_MS = 150;
const TARGET_GUIDE_GZIP_BYTES = 90 * 1024;
const GUIDE_PAGE = 'quick-start';

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

// Runs in the page before its own scripts (an init script: not subject to the page's CSP). Records in
// window.DROGON_PAINT the first animation frame in which the page's title heading is laid out
// (prerendered or drawn by docsify), the first frame in which the verdict table (the table after the
// at-a-glance chart) is laid out inside the window, the time docsify marked its render, and the
// largest contentful paint.
function watchPaint() {
  const paint = { title: NaN, verdict: NaN, rendered: NaN, lcp: NaN };
  window.DROGON_PAINT = paint;
  const frame = () => {
    const h1 = document.querySelector('#main h1');
    if (Number.isNaN(paint.title) && h1 && h1.getBoundingClientRect().height > 0) paint.title = performance.now();
    const verdict = document.querySelector('#main figure#bench-figure-ratios ~ table, #main figure#bench-figure-ratios ~ .table-scroll > table');
    const box = verdict && verdict.getBoundingClientRect();
    if (Number.isNaN(paint.verdict) && box && box.height > 0 && box.top < window.innerHeight) paint.verdict = performance.now();
    if (Number.isNaN(paint.rendered) && document.documentElement.getAttribute('data-rendered-route')) paint.rendered = performance.now();
    if (Number.isNaN(paint.title) || Number.isNaN(paint.verdict) || Number.isNaN(paint.rendered)) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) paint.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

// The JavaScript a guide page loads at its clean URL (every script response, gzip -9 each), and whether
// Chart.js is among it.
async function guidePageScripts(browser, siteUrl, map) {
  const entry = map.pages.find((p) => p.id === GUIDE_PAGE);
  const route = entry.languages[map.languages[0].code].route;
  const page = await browser.newPage();
  const bodies = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body().then((body) => ({ url: new URL(res.url()).pathname, body })).catch(() => null));
  });
  await page.goto(`${siteUrl}${route.slice(1).split('/').map(encodeURIComponent).join('/')}/`, { waitUntil: 'load' });
  await page.waitForFunction((want) => document.documentElement.getAttribute('data-rendered-route') === want, route, { timeout: 30000 });
  await page.waitForLoadState('networkidle');
  const scripts = (await Promise.all(bodies)).filter(Boolean);
  await page.close();
  const gzip = scripts.reduce((sum, { body }) => sum + zlib.gzipSync(body, { level: 9 }).length, 0);
  const chart = scripts.some(({ url }) => /chart/i.test(url));
  console.log(`JavaScript a guide page loads (${route}, clean URL): ${scripts.length} files, ${kb(gzip)} gzip (target at most ${kb(TARGET_GUIDE_GZIP_BYTES)}: ${gzip <= TARGET_GUIDE_GZIP_BYTES ? 'met' : 'NOT met'}); Chart.js ${chart ? 'LOADED' : 'not loaded'}`);
}

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--results');
  const resultsPath = at >= 0 ? path.resolve(args[at + 1] || '') : undefined;
  if (at >= 0) args.splice(at, 2);
  const rounds = Number(args[0] || 5);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`rounds must be a positive integer, got "${args[0]}"`);
  const { buildSite } = require('./build');
  const { startSiteServer } = require('./serve');
  const { launchBrowser } = require('../test/support/browser');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drogon-page-bench-'));
  const siteDir = inRepo(SITE_DIR, dir);
  let server = null;
  let browser = null;
  try {
    console.log(`build: site into a temp folder, from ${resultsPath || RESULTS_FILE}`);
    await buildSite({ siteDir, writeSources: false, quiet: true, resultsPath });
    server = await startSiteServer({ root: siteDir, port: 0 });
    browser = await launchBrowser();
    const map = JSON.parse(fs.readFileSync(path.join(siteDir, 'navigation-map.json'), 'utf8'));
    const entry = map.pages.find((p) => p.id === 'benchmarks');
    for (const lang of map.languages) {
      const route = entry.languages[lang.code].route;
      const cleanUrl = `${route.slice(1).split('/').map(encodeURIComponent).join('/')}/`;
      const entries = [
        { name: 'hash route', url: `${server.url}#${route}`, shown: route, measures: [] },
        { name: 'clean URL', url: `${server.url}${cleanUrl}`, shown: `/${decodeURIComponent(cleanUrl)}`, measures: [] },
      ];
      let scripts = null;
      for (let round = 1; round <= rounds; round += 1) {
        for (const kind of entries) {
          const page = await browser.newPage();
          const bodies = [];
          page.on('response', (res) => {
            if (res.request().resourceType() === 'script') bodies.push(res.body().then((body) => ({ url: new URL(res.url()).pathname, body })).catch(() => null));
          });
          await page.addInitScript(watchPaint);
          await page.goto(kind.url, { waitUntil: 'load' });
          await page.waitForFunction(() => {
            const figures = document.querySelectorAll('.markdown-section figure.bench-chart');
            return figures.length > 0 && [...figures].every((f) => f.getAttribute('data-chart-state') === 'drawn');
          }, null, { timeout: 30000, polling: 'raf' });
          const measure = await page.evaluate(() => ({
            charts: performance.now(),
            fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
            ...window.DROGON_PAINT,
          }));
          kind.measures.push(measure);
          if (!scripts && kind === entries[0]) scripts = (await Promise.all(bodies)).filter(Boolean);
          await page.close();
          console.log(`  ${lang.code} ${kind.name} round ${round}: title painted ${measure.title.toFixed(0)} ms, verdict table on screen ${measure.verdict.toFixed(0)} ms, every chart drawn ${measure.charts.toFixed(0)} ms after navigation start`);
        }
      }
      for (const kind of entries) {
        const times = kind.measures.map((m) => m.charts);
        console.log(`load ${lang.code} ${kind.shown} (${kind.name}): median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms over ${rounds} rounds (target under ${TARGET_MS} ms: ${Math.max(...times) < TARGET_MS ? 'met' : 'NOT met'})`);
      }
      for (const kind of entries) {
        const med = (key) => median(kind.measures.map((m) => m[key])).toFixed(0);
        console.log(`first paint ${lang.code} ${kind.name}: first contentful paint ${med('fcp')} ms, title painted ${med('title')} ms, largest contentful paint ${med('lcp')} ms, docsify rendered ${med('rendered')} ms (medians)`);
      }
      const verdicts = entries[1].measures.map((m) => m.verdict);
      console.log(`verdict table on screen ${lang.code} (clean URL): median ${median(verdicts).toFixed(0)} ms, max ${Math.max(...verdicts).toFixed(0)} ms over ${rounds} rounds (target ${TARGET_VERDICT_MS} ms: ${median(verdicts) <= TARGET_VERDICT_MS ? 'met' : 'NOT met'} by the median)`);
      if (lang.code === map.languages[0].code) {
        let raw = 0;
        let gzip = 0;
        for (const { url, body } of scripts.sort((a, b) => a.url.localeCompare(b.url))) {
          const compressed = zlib.gzipSync(body, { level: 9 }).length;
          raw += body.length;
          gzip += compressed;
          console.log(`  script ${url}: ${kb(body.length)}, ${kb(compressed)} gzip`);
        }
        console.log(`JavaScript the page loads: ${scripts.length} files, ${kb(raw)}, ${kb(gzip)} gzip (target under ${kb(TARGET_GZIP_BYTES)} gzip: ${gzip < TARGET_GZIP_BYTES ? 'met' : 'NOT met'})`);
        for (const lazy of ['vendor/results-validator.js', 'plugins/benchmark-figures.js']) {
          const body = fs.readFileSync(path.join(siteDir, lazy));
          console.log(`  loaded only when a reader opens a file: ${lazy}: ${kb(body.length)}, ${kb(zlib.gzipSync(body, { level: 9 }).length)} gzip`);
        }
      }
    }
    await guidePageScripts(browser, server.url, map);
  } finally {
    if (browser) await browser.close();
    if (server) await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`page-load-bench failed: ${err.message}`);
  process.exit(1);
});
