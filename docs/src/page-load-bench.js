#!/usr/bin/env node
// Speed figures of the Benchmarks page, printed (never asserted: they depend on the machine and on
// what else runs on it). Builds the site into a temp folder (or serves a built one: --site DIR),
// serves it on a free loopback port from a process of its own, and in headless Chromium (Debian's
// /usr/bin/chromium via playwright-core) opens the page in every language at its prerendered clean URL
// (<DIR>/<page>/) and at its docsify hash route (index.html#/<DIR>/<page>): once untimed (its scripts
// are weighed then), then alternately, several rounds each. Per language and route, the medians of:
//   - verdict table: the first frame with the at-a-glance verdict table laid out in the window;
//   - first chart: the first figure a chart library drew (data-chart-state="drawn");
//   - every chart: every figure of the page drawn;
//   - layout shift: the sum of the layout-shift entries until every chart is drawn and docsify has
//     rendered the page (what a reader sees move; the same sum as Chromium's CLS for a page this long);
//   - the longest task of the page's main thread until every chart is drawn, and how many tasks took
//     over 50 ms (Chromium's long tasks: wall time, so a loaded machine lengthens them too);
//   - the JavaScript the page loads (every script response, raw and gzip -9);
//   - first contentful paint, the title painted, largest contentful paint, docsify rendered;
//   - whether the charts drawn first were kept when docsify rendered the page (none drawn twice).
// It prints the targets it checks: on the clean URL, verdict table at most 100 ms, first chart at most
// 300 ms, every chart at most 500 ms (medians); JavaScript under 200 KB gzip; a guide page (Quick
// start) at most 90 KB gzip and no Chart.js (loaded only on pages that draw charts:
// plugins/on-demand-scripts.js).
// Usage: npm run bench:page [-- ROUNDS] [--results FILE] [--site DIR] [--baseline DIR] [--trace]
//   FILE: another results JSON than the committed one; DIR: a built site/ to serve as it is;
//   --baseline: another built site (e.g. main's), measured in the same rounds, load by load in turn
//   with this one, and printed beside it (on a busy machine, the fair comparison); --trace: per
//   language, one more load, traced, and where its main thread's CPU went (page-load-trace.js).
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { inRepo, RESULTS_FILE, SITE_DIR } = require('../../shared/src/project-paths');
const { spawnGroup, stopGroup } = require('../../shared/src/process-group');
const { traceLoad, mainThreadTime } = require('./page-load-trace');

// The targets, on the clean URL (medians over the rounds).
const TARGETS = { verdict: 100, firstChart: 300, charts: 500 };
const TARGET_GZIP_BYTES = 200 * 1024;
const TARGET_GUIDE_GZIP_BYTES = 90 * 1024;
const GUIDE_PAGE = 'quick-start';

function median(values) {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => (Number.isNaN(value) ? '-' : `${value.toFixed(0)} ms`);

// Runs in the page before its own scripts (an init script: not subject to the page's CSP). Records in
// window.DROGON_PAINT the first animation frame in which the page's title heading is laid out
// (prerendered or drawn by docsify), the first frame in which the verdict table (the table after the
// at-a-glance chart) is laid out inside the window, the time docsify marked its render, the first
// chart drawn and every chart drawn (data-chart-state, seen by a MutationObserver), the canvases drawn
// (to see whether docsify's render replaced them), the layout shifts and the largest contentful paint.
// It measures without weighing on the page: a layout is read only until what it looks for is found
// (each read forces one), and DROGON_PAINT.done, a promise the bench awaits, settles once all of them
// are known: polling from outside would inject Playwright's own script (about 330 KB) while the charts
// are drawn.
function watchPaint() {
  const paint = { title: NaN, verdict: NaN, rendered: NaN, lcp: NaN, firstChart: NaN, charts: NaN, shift: 0, drawnCanvases: null, longTasks: [] };
  window.DROGON_PAINT = paint;
  let settle;
  paint.done = new Promise((resolve) => { settle = resolve; });
  const check = () => {
    if (![paint.title, paint.verdict, paint.rendered, paint.charts].some(Number.isNaN)) settle();
  };
  const frame = () => {
    if (Number.isNaN(paint.title)) {
      const h1 = document.querySelector('#main h1');
      if (h1 && h1.getBoundingClientRect().height > 0) paint.title = performance.now();
    }
    if (Number.isNaN(paint.verdict)) {
      const verdict = document.querySelector('#main figure#bench-figure-ratios ~ table, #main figure#bench-figure-ratios ~ .table-scroll > table');
      const box = verdict && verdict.getBoundingClientRect();
      if (box && box.height > 0 && box.top < window.innerHeight) paint.verdict = performance.now();
    }
    if (Number.isNaN(paint.rendered) && document.documentElement.getAttribute('data-rendered-route')) paint.rendered = performance.now();
    if (Number.isNaN(paint.title) || Number.isNaN(paint.verdict) || Number.isNaN(paint.rendered)) requestAnimationFrame(frame);
    check();
  };
  requestAnimationFrame(frame);
  // Every chart: of the whole page (the first chart is drawn while the rest is still being parsed).
  const charts = () => {
    const figures = [...document.querySelectorAll('#main figure.bench-chart')];
    const drawn = figures.filter((f) => f.getAttribute('data-chart-state') === 'drawn');
    if (drawn.length && Number.isNaN(paint.firstChart)) paint.firstChart = performance.now();
    if (document.readyState !== 'loading' && figures.length && drawn.length === figures.length && Number.isNaN(paint.charts)) {
      paint.charts = performance.now();
      paint.drawnCanvases = figures.map((f) => f.querySelector('canvas'));
    }
    check();
  };
  new MutationObserver(charts).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-chart-state'] });
  document.addEventListener('DOMContentLoaded', charts);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) paint.shift += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) paint.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) paint.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

// Every script response of a page, as { url, body } (bodies read as they arrive).
function collectScripts(page) {
  const bodies = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body().then((body) => ({ url: new URL(res.url()).pathname, body })).catch(() => null));
  });
  return async () => (await Promise.all(bodies)).filter(Boolean);
}

function weigh(scripts) {
  return scripts.reduce((sum, { body }) => ({ raw: sum.raw + body.length, gzip: sum.gzip + zlib.gzipSync(body, { level: 9 }).length }), { raw: 0, gzip: 0 });
}

/**
 * One load of the Benchmarks page: its measures; with { scripts: true } the scripts it loaded (their
 * bodies are read from the browser as they arrive: not in the timed loads); with { trace: true } where
 * its main thread's time went until the verdict table and until every chart (page-load-trace.js).
 */
async function measureLoad(browser, url, { scripts: weighScripts = false, trace = false } = {}) {
  const page = await browser.newPage();
  const scripts = weighScripts ? collectScripts(page) : async () => [];
  await page.addInitScript(watchPaint);
  const load = async () => {
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(() => Promise.race([window.DROGON_PAINT.done, new Promise((resolve, reject) => {
      setTimeout(() => reject(new Error(`not done after 30 s: ${JSON.stringify(window.DROGON_PAINT)}`)), 30000);
    })]));
  };
  const events = trace ? await traceLoad(page, load) : await load();
  // docsify's render and the charts may finish in either order: both done, the page settles a moment
  // (a late shift or redraw would show here), then every chart must still be drawn.
  await page.waitForTimeout(300);
  await page.waitForFunction(() => [...document.querySelectorAll('#main figure.bench-chart')].every((f) => f.getAttribute('data-chart-state') === 'drawn'), null, { timeout: 30000 });
  const measure = await page.evaluate(() => {
    const p = window.DROGON_PAINT;
    const now = [...document.querySelectorAll('#main figure.bench-chart')].map((f) => f.querySelector('canvas'));
    const long = p.longTasks.filter(([start]) => start < p.charts).map(([, duration]) => duration);
    return {
      longestTask: long.length ? Math.max(...long) : 0, longTasks: long.length,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      title: p.title, verdict: p.verdict, rendered: p.rendered, lcp: p.lcp, firstChart: p.firstChart, charts: p.charts, shift: p.shift,
      figures: now.length,
      kept: p.drawnCanvases.length === now.length && p.drawnCanvases.every((c, i) => c === now[i]),
    };
  });
  measure.scripts = await scripts();
  if (trace) {
    measure.mainThread = mainThreadTime(events, [
      { label: 'until the verdict table', from: 0, to: measure.verdict },
      { label: 'verdict table -> every chart', from: measure.verdict, to: measure.charts },
    ]);
  }
  await page.close();
  return measure;
}

// The JavaScript a guide page loads at its clean URL (every script response, gzip -9 each), and whether
// Chart.js is among it.
async function guidePageScripts(browser, siteUrl, map) {
  const entry = map.pages.find((p) => p.id === GUIDE_PAGE);
  const route = entry.languages[map.languages[0].code].route;
  const page = await browser.newPage();
  const scripts = collectScripts(page);
  await page.goto(`${siteUrl}${route.slice(1).split('/').map(encodeURIComponent).join('/')}/`, { waitUntil: 'load' });
  await page.waitForFunction((want) => document.documentElement.getAttribute('data-rendered-route') === want, route, { timeout: 30000 });
  await page.waitForLoadState('networkidle');
  const loaded = await scripts();
  await page.close();
  const { gzip } = weigh(loaded);
  const chart = loaded.some(({ url }) => /chart/i.test(url));
  console.log(`JavaScript a guide page loads (${route}, clean URL): ${loaded.length} files, ${kb(gzip)} gzip (target at most ${kb(TARGET_GUIDE_GZIP_BYTES)}: ${gzip <= TARGET_GUIDE_GZIP_BYTES ? 'met' : 'NOT met'}); Chart.js ${chart ? 'LOADED' : 'not loaded'}`);
}

function parseArgs(argv) {
  const args = [...argv];
  const take = (flag) => {
    const at = args.indexOf(flag);
    if (at < 0) return undefined;
    const value = args[at + 1];
    if (!value || value.startsWith('--')) throw new Error(`${flag} needs a value`);
    args.splice(at, 2);
    return path.resolve(value);
  };
  const resultsPath = take('--results');
  const site = take('--site');
  const baseline = take('--baseline');
  const traced = args.includes('--trace');
  if (traced) args.splice(args.indexOf('--trace'), 1);
  const rounds = Number(args[0] || 5);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`rounds must be a positive integer, got "${args[0]}"`);
  if (site && resultsPath) throw new Error('--site serves a built site: --results has no effect there');
  return { rounds, resultsPath, site, baseline, traced };
}

function printTargets() {
  console.log(`targets (on the clean URL, medians): verdict table at most ${TARGETS.verdict} ms, first chart at most ${TARGETS.firstChart} ms, every chart at most ${TARGETS.charts} ms after navigation start; JavaScript under ${kb(TARGET_GZIP_BYTES)} gzip; a guide page at most ${kb(TARGET_GUIDE_GZIP_BYTES)} gzip and no Chart.js`);
}

// Serves a built site from a process of its own (docs/src/serve.js), as a web server is apart from the
// browser it serves: in this process, Playwright's handling of the browser's events would delay the
// page's responses. Resolves to { url, close() }.
async function serveApart(root) {
  const { child, pgid, exited } = spawnGroup([process.execPath, path.join(__dirname, 'serve.js'), root], {
    label: 'site server', env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const close = () => stopGroup(pgid, 2000);
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /at (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    exited.then(({ code, signal }) => reject(new Error(`step "serve the site": docs/src/serve.js exited (${signal || code}) before listening`)));
  }).catch(async (err) => { await close(); throw err; });
  return { url, close };
}

async function main() {
  const { rounds, resultsPath, site, baseline, traced } = parseArgs(process.argv.slice(2));
  const { buildSite } = require('./build');
  const { launchBrowser } = require('../test/support/browser');
  const dir = site ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'drogon-page-bench-'));
  const siteDir = site || inRepo(SITE_DIR, dir);
  let server = null;
  let baseServer = null;
  let browser = null;
  try {
    printTargets();
    console.log(`load average: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')} (${os.cpus().length} CPUs)`);
    if (!site) {
      console.log(`build: site into a temp folder, from ${resultsPath || RESULTS_FILE}`);
      await buildSite({ siteDir, writeSources: false, quiet: true, resultsPath });
    } else console.log(`site: ${siteDir}`);
    server = await serveApart(siteDir);
    if (baseline) {
      console.log(`baseline: ${baseline}, measured in turn with this site`);
      baseServer = await serveApart(baseline);
    }
    browser = await launchBrowser();
    const map = JSON.parse(fs.readFileSync(path.join(siteDir, 'navigation-map.json'), 'utf8'));
    const entry = map.pages.find((p) => p.id === 'benchmarks');
    const summary = [];
    for (const lang of map.languages) {
      const route = entry.languages[lang.code].route;
      const cleanUrl = `${route.slice(1).split('/').map(encodeURIComponent).join('/')}/`;
      const kinds = [];
      for (const [label, at] of [['', server], ['baseline', baseServer]]) {
        if (!at) continue;
        kinds.push({ label, name: 'clean URL', url: `${at.url}${cleanUrl}`, shown: `/${decodeURIComponent(cleanUrl)}`, measures: [] });
        kinds.push({ label, name: 'hash route', url: `${at.url}#${route}`, shown: `#${route}`, measures: [] });
      }
      // A first load of each, not timed: the scripts it loads are weighed (reading their bodies from the
      // browser would weigh on a timed load), and the browser has loaded the page once, as a reader's
      // browser that opens a second page of the site has.
      for (const kind of kinds) {
        const m = await measureLoad(browser, kind.url, { scripts: true });
        kind.scripts = m.scripts;
        console.log(`  ${lang.code}${kind.label ? ` ${kind.label}` : ''} ${kind.name} first load (weighed, not timed): verdict table ${ms(m.verdict)}, every chart ${ms(m.charts)}`);
      }
      for (let round = 1; round <= rounds; round += 1) {
        for (const kind of kinds) {
          const m = await measureLoad(browser, kind.url);
          kind.measures.push(m);
          console.log(`  ${lang.code}${kind.label ? ` ${kind.label}` : ''} ${kind.name} round ${round}: verdict table ${ms(m.verdict)}, first chart ${ms(m.firstChart)}, every chart ${ms(m.charts)}, layout shift ${m.shift.toFixed(3)}, longest task ${ms(m.longestTask)} (${m.longTasks} over 50 ms), docsify rendered ${ms(m.rendered)}${m.kept ? '' : ', charts REDRAWN after docsify rendered'}; load average ${os.loadavg()[0].toFixed(2)}`);
        }
      }
      for (const kind of kinds) {
        const med = (key) => median(kind.measures.map((m) => m[key]));
        const weight = weigh(kind.scripts);
        const row = {
          label: kind.label, lang: lang.code, route: kind.name, verdict: med('verdict'), longestTask: med('longestTask'), longTasks: med('longTasks'), firstChart: med('firstChart'), charts: med('charts'),
          maxCharts: Math.max(...kind.measures.map((m) => m.charts)), shift: med('shift'), weight, files: kind.scripts.length,
          kept: kind.measures.every((m) => m.kept), figures: kind.measures[0].figures,
        };
        summary.push(row);
        console.log(`${lang.code}${kind.label ? ` ${kind.label}` : ''} ${kind.shown} (${kind.name}), medians over ${rounds} rounds: verdict table ${ms(row.verdict)}, first chart ${ms(row.firstChart)}, every chart (${row.figures}) ${ms(row.charts)} (max ${ms(row.maxCharts)}), layout shift ${row.shift.toFixed(3)}, longest task ${ms(row.longestTask)} (${row.longTasks} over 50 ms); first contentful paint ${ms(med('fcp'))}, title painted ${ms(med('title'))}, largest contentful paint ${ms(med('lcp'))}, docsify rendered ${ms(med('rendered'))}; JavaScript ${row.files} files, ${kb(weight.raw)}, ${kb(weight.gzip)} gzip; charts kept when docsify rendered: ${row.kept ? 'yes' : 'NO'}`);
      }
      if (traced) {
        // One more load of the clean URL, traced (tracing slows it: its times are not in the medians).
        const m = await measureLoad(browser, kinds[0].url, { trace: true });
        console.log(`  ${lang.code} clean URL, one traced load (verdict table ${ms(m.verdict)}, every chart ${ms(m.charts)}): main thread's CPU by kind of work`);
        for (const { label, busy, kinds: parts } of m.mainThread) {
          console.log(`    ${label}: ${ms(busy)} busy; ${parts.map(([kind, t]) => `${kind} ${ms(t)}`).join(', ')}`);
        }
      }
      if (lang.code === map.languages[0].code) {
        for (const { url, body } of kinds[0].scripts.sort((a, b) => a.url.localeCompare(b.url))) {
          console.log(`  script (clean URL) ${url}: ${kb(body.length)}, ${kb(zlib.gzipSync(body, { level: 9 }).length)} gzip`);
        }
        for (const lazy of ['vendor/results-validator.js', 'plugins/benchmark-figures.js']) {
          const body = fs.readFileSync(path.join(siteDir, lazy));
          console.log(`  loaded only when a reader opens a file: ${lazy}: ${kb(body.length)}, ${kb(zlib.gzipSync(body, { level: 9 }).length)} gzip`);
        }
      }
    }
    await guidePageScripts(browser, server.url, map);
    console.log('');
    printTargets();
    const met = (value, target) => (value <= target ? 'met' : 'NOT met');
    for (const row of summary) {
      const checks = row.route === 'clean URL'
        ? ` [verdict ${met(row.verdict, TARGETS.verdict)}, first chart ${met(row.firstChart, TARGETS.firstChart)}, every chart ${met(row.charts, TARGETS.charts)}, JavaScript ${met(row.weight.gzip, TARGET_GZIP_BYTES - 1)}]`
        : '';
      console.log(`${row.lang.padEnd(6)} ${(row.label || 'this').padEnd(8)} ${row.route.padEnd(10)} verdict ${ms(row.verdict).padStart(7)}  first chart ${ms(row.firstChart).padStart(7)}  every chart ${ms(row.charts).padStart(7)}  layout shift ${row.shift.toFixed(3)}  longest task ${ms(row.longestTask).padStart(6)}  JavaScript ${kb(row.weight.gzip)} gzip${checks}`);
    }
  } finally {
    if (browser) await browser.close();
    if (server) await server.close();
    if (baseServer) await baseServer.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(`page-load-bench failed: ${err.message}`);
    process.exit(1);
  });
}

module.exports = { measureLoad, median, TARGETS };
