// The Benchmarks and Benchmark details pages in headless Chromium (Debian's /usr/bin/chromium via
// playwright-core), in English, Simplified and Traditional Chinese:
//   - charts drawn, chart data equal to the JSON, tables formatted for the language, scenario selectors;
//   - the first 1280 x 900 screen holds the verdict table and a drawn chart; at most 3,600 px with the
//     details folded; no horizontal scroll at 390 x 844; every chart prints;
//   - the trend chart absent with one run and present with two comparable runs;
//   - the provenance hash equals the sha256 of the JSON the site serves;
//   - a reader's own results file drawn beside the published figures; broken and hostile files refused
//     or shown as text; hostile strings and addresses in the published JSON shown as text;
//   - no console error or warning, no CSP violation.
// The site is built into a temp folder from a temp copy of the content whose results are a real
// quick run in results format 2 with the JSON part, fixed-rate latency and issue 16's system-call
// counts (docs/test/fixtures/results-quick-v3-b.json) and whose history holds another (-v3-a); a
// format 1 run (results-quick-b.json) must keep rendering. The page height is also measured with
// default-size files: the committed bench/results/latest.json and a real run of the default profile's
// every scenario, endpoint, fixed-rate group and level (results-default-short.json).
// Screenshots: test-output/benchmarks-*.png (both sizes, every language).
// Covers: docs/site/plugins/benchmark-charts/draw-charts.js,
//   shared/src/charts/chart-plugins.js, docs/site/plugins/benchmark-own-run.js,
//   shared/src/figures/verdict-figures.js, shared/src/figures/scenario-figures.js,
//   shared/src/figures/json-figures.js, shared/src/figures/fixed-rate-figures.js,
//   shared/src/figures/sweep-figures.js, shared/src/figures/count-figures.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startSite, launchBrowser, gotoRoute, screenshot } = require('../support/browser');
const { copySiteContent } = require('../support/content-copy');
const { buildSite } = require('../../src/build');
const { createFormatter } = require('../../src/benchmarks/format');
const { historyFileName } = require('../../../shared/src/results-history');

const fixtures = path.join(__dirname, '..', 'fixtures');
const resultsFile = path.join(fixtures, 'results-quick-v3-b.json');
const results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
const resultsSha256 = require('node:crypto').createHash('sha256').update(fs.readFileSync(resultsFile)).digest('hex');
const historyFile = path.join(fixtures, 'results-quick-v3-a.json');
const historyEntry = JSON.parse(fs.readFileSync(historyFile, 'utf8'));
const stringsOf = (lang) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'benchmarks', `strings.${lang}.json`), 'utf8'));

let content;
let siteDir;
let site;
let browser;
let routes;

test.before(async () => {
  content = copySiteContent({ resultsFile });
  const historyDir = path.join(content.root, 'bench', 'results', 'history');
  fs.rmSync(historyDir, { recursive: true, force: true });
  fs.mkdirSync(historyDir, { recursive: true });
  fs.copyFileSync(historyFile, path.join(historyDir, historyFileName(historyEntry)));
  siteDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'drogon-bench-site-')), 'site');
  await buildSite({ root: content.root, siteDir, writeSources: false, quiet: true });
  site = await startSite({ siteDir });
  browser = await launchBrowser();
  const map = JSON.parse(fs.readFileSync(path.join(siteDir, 'navigation-map.json'), 'utf8'));
  const entry = map.pages.find((p) => p.id === 'benchmarks');
  const details = map.pages.find((p) => p.id === 'benchmark-details');
  assert.ok(entry && details, 'navigation map has no benchmarks or benchmark-details page');
  routes = map.languages.map((lang) => ({ code: lang.code, route: entry.languages[lang.code].route, details: details.languages[lang.code].route }));
});

test.after(async () => {
  if (browser) await browser.close();
  if (site) await site.close();
  if (siteDir) fs.rmSync(path.dirname(siteDir), { recursive: true, force: true });
  if (content) content.remove();
});

// The figures, canvases and tables of the rendered page, read in the browser.
function readPage(page) {
  return page.evaluate(() => {
    const text = (cell) => cell.textContent.replace(/\s+/g, ' ').trim();
    const grid = (table) => table && {
      header: [...table.tHead.rows[0].cells].map(text),
      rows: [...table.tBodies[0].rows].map((row) => [...row.cells].map(text)),
    };
    // The first table after a chart: a sibling, or folded in a <details> under it; a chart that ends a
    // column of two side by side (Drogon and Go) has its table after the pair.
    const tableAfter = (el) => {
      for (let from = el; from && !from.classList.contains('markdown-section'); from = from.parentElement) {
        for (let next = from.nextElementSibling; next; next = next.nextElementSibling) {
          if (next.tagName === 'TABLE') return next;
          const inner = next.tagName === 'DETAILS' && next.querySelector('table');
          if (inner) return inner;
          if (/^H[1-6]$/.test(next.tagName) || next.querySelector('figure')) return null;
        }
      }
      return null;
    };
    const figures = [...document.querySelectorAll('.markdown-section figure.bench-chart')].map((figure) => {
      const canvas = figure.querySelector('canvas');
      const { width, height } = canvas;
      // Read a copy (the test reads often; reading the chart's own canvas makes Chromium warn).
      const copy = document.createElement('canvas');
      copy.width = width;
      copy.height = height;
      const copyContext = copy.getContext('2d', { willReadFrequently: true });
      copyContext.drawImage(canvas, 0, 0);
      const pixels = copyContext.getImageData(0, 0, width, height).data;
      let painted = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) painted += 1;
      const chart = window.Chart.getChart(canvas);
      return {
        id: figure.querySelector('figcaption').id,
        state: figure.getAttribute('data-chart-state'),
        width, height, painted,
        // Points of a numeric x axis as their y values.
        data: chart ? chart.data.datasets.map((d) => d.data.map((v) => (v !== null && typeof v === 'object' ? v.y : v))) : null,
        x: chart ? chart.data.datasets.map((d) => d.data.map((v) => (v !== null && typeof v === 'object' ? v.x : null))) : null,
        labels: chart ? chart.data.labels || null : null,
        group: figure.getAttribute('data-group'),
        options: [...figure.querySelectorAll('select.bench-select option')].map((o) => ({ value: o.value, text: o.textContent })),
        seriesLabels: chart ? chart.data.datasets.map((d) => d.label) : null,
        table: grid(tableAfter(figure)),
      };
    });
    // The published-table form: the one table whose first column holds the command lines.
    const resultsTable = [...document.querySelectorAll('.markdown-section table')]
      .find((table) => table.tBodies[0] && table.tBodies[0].rows[0] && table.tBodies[0].rows[0].cells[0].querySelector('code'));
    // The table under each heading of the details page, by the heading's id.
    const tablesById = {};
    for (const heading of document.querySelectorAll('.markdown-section h2[id], .markdown-section h3[id]')) {
      for (let next = heading.nextElementSibling; next && !/^H[1-6]$/.test(next.tagName); next = next.nextElementSibling) {
        if (next.tagName === 'TABLE') { tablesById[heading.id] = grid(next); break; }
      }
    }
    return {
      lang: document.documentElement.lang,
      figures,
      resultsTable: resultsTable ? grid(resultsTable) : null,
      tablesById,
      chartInstances: window.Chart ? Object.keys(window.Chart.instances).length : 0, // Chart.js loads only on pages with charts
    };
  });
}

// Expected cell texts, formatted as the generator formats them for the language.
function expectations(lang) {
  const strings = stringsOf(lang);
  const fmt = createFormatter(strings.format);
  const fill = (template, values) => template.replace(/\{(\w+)\}/g, (all, name) => values[name]);
  const withRange = (mmm) => fill(strings.valueWithRange, {
    value: fmt.integer(mmm.median), range: fill(strings.range, { min: fmt.integer(mmm.min), max: fmt.integer(mmm.max) }),
  });
  const find = (scenario, server) => { const r = scenario.results.find((x) => x.server === server.id); return r ? r.summary : null; };
  // The hello-world tables (the JSON variants have their own, in Drogon and Go).
  const hello = results.scenarios.filter((sc) => sc.kind !== 'json');
  const helloServers = results.servers.filter((s) => !s.framework);
  const cell = (latency) => `${fmt.integer(latency.rps)} · ${['p50', 'p75', 'p90', 'p99'].map((p) => fmt.ms(latency[p])).join('/')}`;
  return {
    results: hello.map((sc) => helloServers.map((s) => {
      const rps = find(sc, s).requestsPerSecond;
      return fill(strings.results.maxMin, { max: fmt.kqps(rps.max), min: fmt.kqps(rps.min) });
    })),
    throughput: hello.map((sc) => helloServers.map((s) => withRange(find(sc, s).requestsPerSecond))),
    efficiency: hello.map((sc) => helloServers.map((s) => withRange(find(sc, s).requestsPerServerCpuSecond))),
    // Rows of the latency data table: scenarios and servers with latency figures (pipelined runs have none).
    latency: results.scenarios.flatMap((sc) => results.servers.filter((s) => find(sc, s) && find(sc, s).latencyUs).map((s) => PERCENTILE_KEYS.map((p) => msText(fmt, strings, sc, find(sc, s).latencyUs[p])))),
    // Rows of the details page's latency table: every hello-world scenario and server, a dash without figures.
    latencyDetails: hello.flatMap((sc) => helloServers.map((s) => PERCENTILE_KEYS.map((p) => (find(sc, s).latencyUs ? msText(fmt, strings, sc, find(sc, s).latencyUs[p]) : strings.dash)))),
    // Drogon and Go: a row per variant, a cell per endpoint (req/s · p50 / p75 / p90 / p99 in ms).
    json: jsonVariants(results).map((id) => jsonScenariosOf(results).map((sc) => {
      const summary = find(sc, { id });
      return cell({ rps: summary.requestsPerSecond.median, ...summary.latencyUs });
    })),
  };
}

const PERCENTILE_KEYS = ['p50', 'p75', 'p90', 'p99', 'p999'];
const summaryOf = (sc, id) => sc.results.find((r) => r.server === id).summary;
// ab measures whole milliseconds (issue 16): shown as whole ms, a 0 as "< 1", and not drawn.
const wholeMs = (sc) => (sc.latencyResolutionUs ?? (sc.tool === 'ab' ? 1000 : 1)) >= 1000;
const msText = (fmt, strings, sc, us) => (!wholeMs(sc) ? fmt.ms(us) : (Math.round(us / 1000) === 0 ? strings.latency.underOneMs : fmt.integer(Math.round(us / 1000))));
const latencyCurve = (sc, id) => PERCENTILE_KEYS.map((p) => {
  const us = summaryOf(sc, id).latencyUs[p];
  if (!wholeMs(sc)) return Math.round(us) / 1000;
  return Math.round(us / 1000) === 0 ? null : Math.round(us / 1000);
});
const METRICS = ['requestsPerSecond', 'requestsPerServerCpuSecond'];
// The key scenarios of a results file: the first hello-world pipelined, keep-alive and new-connection one.
function keyScenariosOf(r) {
  const depth = (sc) => sc.pipelineDepth || 1;
  const hello = r.scenarios.filter((sc) => sc.kind !== 'json');
  return [hello.find((sc) => depth(sc) > 1), hello.find((sc) => sc.keepAlive && depth(sc) === 1), hello.find((sc) => !sc.keepAlive)].filter(Boolean);
}
// The JSON part: its endpoints (scenarios of kind "json") and variants (servers of any of them, the file's order).
const jsonScenariosOf = (r) => r.scenarios.filter((sc) => sc.kind === 'json');
const jsonVariants = (r) => r.servers.filter((s) => jsonScenariosOf(r).some((sc) => sc.results.some((x) => x.server === s.id))).map((s) => s.id);
// Latency against load: the chart's series of one fixed-rate group at one percentile, as the JSON says:
// a held level's latency in ms; null where the load generator did not hold the rate (or nothing answered).
function loadSeries(r, groupId, key) {
  const group = r.fixedRate.groups.find((g) => g.id === groupId);
  return group.servers.map((id) => {
    const summaries = group.levels.map((level) => level.results.find((x) => x.server === id).summary);
    return {
      data: summaries.map((sm) => (sm.held && sm.latencyUs ? Math.round(sm.latencyUs[key]) / 1000 : null)),
      x: group.levels.map((level) => level.rate),
      notHeld: summaries.map((sm) => sm.okRuns > 0 && !(sm.held && sm.latencyUs)),
    };
  });
}
const comparisonOf = (sc, metric) => (sc.comparisons || []).find((c) => c.metric === metric && c.reference === 'drogon' && c.other === 'nginx-module');
// Drogon / nginx module: the bench's ratio when it compared them, else the ratio of the medians.
function expectedRatio(sc, metric) {
  const c = comparisonOf(sc, metric);
  if (c) return c.ratio;
  return summaryOf(sc, 'drogon')[metric].median / summaryOf(sc, 'nginx-module')[metric].median;
}

test('Benchmarks page in every language: charts drawn, chart data and table numbers equal the JSON', { timeout: 120000 }, async () => {
  const page = await browser.newPage();
  for (const { code, route, details } of routes) {
    // The full tables are on the details page.
    await gotoRoute(page, site.url, details);
    const detailsShown = await readPage(page);
    const strayDetails = await page.evaluate(() => document.querySelector('.markdown-section').textContent.match(/.{0,20}\*\*.{0,20}/g));
    assert.equal(strayDetails, null, `${code} ${details}: literal ** on the page: ${strayDetails}`);
    await gotoRoute(page, site.url, route);
    await page.waitForFunction(() => {
      const figures = document.querySelectorAll('.markdown-section figure.bench-chart');
      return figures.length > 0 && [...figures].every((f) => f.hasAttribute('data-chart-state'));
    }, null, { timeout: 15000 });
    const shown = await readPage(page);
    const where = `${code} ${route}`;
    assert.equal(shown.lang, code, `${where}: <html lang>`);
    // The charts the JSON has data for; the history holds a comparable run, so a trend.
    // (With system-call counts the time goes beside the instruction counts, the sweep beside the trend.)
    const sweepId = results.sweep ? ['sweep'] : [];
    const countIds = results.instructions ? ['instructions'] : [];
    const expectIds = ['ratios', 'json', 'latency', 'latency-load',
      ...(results.syscalls ? [...countIds, 'time-goes', ...sweepId] : [...sweepId, ...countIds]), 'trend'];
    assert.deepEqual(shown.figures.map((f) => f.id), expectIds.map((id) => `bench-chart-${id}`), where);
    assert.equal(shown.chartInstances, shown.figures.length, `${where}: one Chart instance per figure (old ones destroyed)`);
    for (const figure of shown.figures) {
      assert.equal(figure.state, 'drawn', `${where}: ${figure.id} not drawn`);
      assert.ok(figure.width > 100 && figure.height > 50, `${where}: ${figure.id} canvas ${figure.width}x${figure.height}`);
      // Axes, bars and lines: far more than a blank or nearly blank canvas.
      assert.ok(figure.painted > figure.width * figure.height * 0.02, `${where}: ${figure.id} has only ${figure.painted} painted pixels`);
      assert.ok(figure.table, `${where}: ${figure.id} has no table`);
    }
    const byId = Object.fromEntries(shown.figures.map((f) => [f.id.replace('bench-chart-', ''), f]));
    const { ratios, latency, trend } = byId;
    // At a glance: Drogon / nginx module per key scenario (the first pipelined, keep-alive and new-connection
    // one), both metrics: the bench's ratio (format 2), else the ratio of the medians.
    const keys = keyScenariosOf(results);
    assert.deepEqual(ratios.data, METRICS.map((metric) => keys.map((sc) => expectedRatio(sc, metric))), `${where}: ratio chart data`);
    if (results.schemaVersion === 2) {
      const interval = (bound) => METRICS.map((metric) => keys.map((sc) => comparisonOf(sc, metric)[bound]));
      assert.deepEqual(await page.evaluate(() => window.BenchmarkCharts.chartOfFigure('bench-figure-ratios').data.datasets.map((d) => d.benchMin)), interval('ciLow'), `${where}: error bars = the bench's intervals`);
    }
    const words = (text) => text.replace(/\s+/g, '');
    assert.deepEqual(ratios.labels.map((lines) => words(lines.join(''))), ratios.table.rows.map((row) => words(row[0])), `${where}: ratio chart categories = the verdict table's scenarios`);
    assert.deepEqual(ratios.seriesLabels, ratios.table.header.slice(1, 3), `${where}: ratio chart series = the verdict table's metric columns`);
    // The sweep: one line per server, the median of each level.
    if (byId.sweep) {
      assert.deepEqual(byId.sweep.data, results.sweep.results.map((r) => results.sweep.levels.map((level) => {
        const point = r.points.find((pt) => pt.concurrency === level);
        return point && point.okRuns > 0 ? Math.round(point.median) : null;
      })), `${where}: sweep chart data`);
      assert.deepEqual(byId.sweep.x[0], results.sweep.levels, `${where}: sweep x = concurrency levels`);
    }
    // Instruction counts: one bar series per server, one bar per hello-world case (the JSON cases are on the details page).
    if (byId.instructions) {
      const cases = results.instructions.cases.filter((c) => c.servers !== 'json');
      const servers = [...new Set(cases.flatMap((c) => c.results.map((r) => r.server)))];
      assert.deepEqual(byId.instructions.data, servers.map((id) => cases.map((c) => {
        const r = c.results.find((x) => x.server === id);
        return r && r.perRequest !== null ? Math.round(r.perRequest) : null;
      })), `${where}: instruction chart data`);
    }
    // Where the time goes: system calls per request by kind, one case at a time (the first pipelined
    // hello-world case, else the first), a bar series per server; one sentence item per case above it,
    // named like the selector's cases, in the page's language.
    const timeGoes = byId['time-goes'];
    const cases = results.syscalls.cases;
    const kinds = [...results.syscalls.categories.map((c) => c.id), 'other'];
    const first = Math.max(0, cases.findIndex((c) => c.pipelineDepth > 1 && c.servers !== 'json'));
    assert.equal(timeGoes.group, String(first), `${where}: time-goes chart's first case`);
    assert.deepEqual(timeGoes.data, cases[first].results.map((r) => kinds.map((id) => (r.byCategory ? Math.round(r.byCategory[id] * 1000) / 1000 : null))), `${where}: time-goes chart data`);
    assert.equal(timeGoes.options.length, cases.length, `${where}: a selector entry per case`);
    const items = await page.evaluate(() => [...document.getElementById('bench-figure-time-goes').previousElementSibling.querySelectorAll('li')]
      .map((li) => ({ label: li.querySelector('strong').textContent.replace(/[:：]\s*$/, ''), text: li.textContent })));
    assert.deepEqual(items.map((i) => i.label), timeGoes.options.map((o) => o.text), `${where}: one sentence item per case`);
    const expectedStrings = stringsOf(code === 'en' ? 'en' : 'zh-CN');
    const fmtTime = createFormatter(expectedStrings.format);
    for (const [i, c] of cases.entries()) {
      for (const r of c.results.filter((x) => x.total !== null).slice(0, 1)) assert.ok(items[i].text.includes(fmtTime.decimal(r.total, 2)), `${where}: ${c.id} sentence has ${r.server}'s total`);
    }
    // Latency curves: the first key scenario with latency figures is drawn (one curve per server), at x = 1/(1 - p).
    const withLatency = (sc) => sc.results.some((r) => r.summary && r.summary.latencyUs);
    const firstLatency = keys.find(withLatency);
    const latencyServers = (sc) => results.servers.filter((s) => { const r = sc.results.find((x) => x.server === s.id); return r && r.summary && r.summary.latencyUs; });
    assert.equal(latency.group, String(results.scenarios.indexOf(firstLatency)), `${where}: latency chart's first scenario`);
    assert.deepEqual(latency.data, latencyServers(firstLatency).map((s) => latencyCurve(firstLatency, s.id)), `${where}: latency chart data`);
    assert.deepEqual(latency.x[0].map((x) => Math.round(x)), [2, 4, 10, 100, 1000], `${where}: x = 1/(1 - p)`);
    const scenarioName = latency.options.find((o) => o.value === latency.group).text;
    assert.deepEqual(latency.seriesLabels, latency.table.rows.filter((row) => row[0] === scenarioName).map((row) => row[1]), `${where}: one curve per server, named as in the table`);
    assert.deepEqual(latency.options.map((o) => o.value), results.scenarios.map((sc, i) => (withLatency(sc) ? String(i) : null)).filter((v) => v !== null), `${where}: the selector offers every scenario with latency figures`);
    // Another scenario, picked with the selector.
    const other = results.scenarios.findIndex((sc) => withLatency(sc) && sc !== firstLatency);
    await page.selectOption('#bench-figure-latency select.bench-select', String(other));
    const switched = (await readPage(page)).figures.find((f) => f.id === 'bench-chart-latency');
    assert.equal(switched.group, String(other));
    assert.deepEqual(switched.data, latencyServers(results.scenarios[other]).map((s) => latencyCurve(results.scenarios[other], s.id)), `${where}: latency chart after picking another scenario`);
    // Trend: two comparable runs (history + latest), the first key scenario first, one line per compared server.
    const compared = results.servers.filter((s) => !s.baseline && !s.framework);
    const trendScenario = results.scenarios.indexOf(keys[0]);
    assert.equal(trend.group, String(trendScenario), `${where}: trend chart's first scenario`);
    assert.deepEqual(trend.data, compared.map((s) => [historyEntry, results].map((r) => Math.round(summaryOf(r.scenarios.find((sc) => sc.id === keys[0].id), s.id).requestsPerSecond.median))), `${where}: trend chart data`);

    // Drogon and Go: a bar per variant and endpoint, the median req/s; its table is the published comparison's shape.
    const expected = expectations(code === 'en' ? 'en' : 'zh-CN');
    const variants = jsonVariants(results);
    assert.deepEqual(byId.json.data, variants.map((id) => jsonScenariosOf(results).map((sc) => Math.round(summaryOf(sc, id).requestsPerSecond.median))), `${where}: Drogon and Go chart data`);
    assert.deepEqual(byId.json.seriesLabels, byId.json.table.rows.map((row) => row[0]), `${where}: one series per variant, named as in the table`);
    assert.deepEqual(byId.json.table.rows.map((row) => row.slice(1)), expected.json, `${where}: Drogon and Go table`);
    // Latency against load: the JSON group's p99 first; x = the levels' target rates; held levels only.
    const load = byId['latency-load'];
    const loadOption = (text) => load.options.find((o) => o.text === text);
    assert.equal(load.options.length, results.fixedRate.groups.length * 4, `${where}: a selector entry per group and percentile`);
    assert.equal(loadOption(load.table.rows.find((row) => row[0].startsWith('GET /json') && row[0].endsWith('99%'))[0]).value, load.group, `${where}: /json at p99 drawn first`);
    const expectedLoad = loadSeries(results, 'json', 'p99');
    assert.deepEqual(load.data, expectedLoad.map((x) => x.data), `${where}: latency against load chart data`);
    assert.deepEqual(load.x, expectedLoad.map((x) => x.x), `${where}: x = the levels' target rates`);
    assert.deepEqual(await page.evaluate(() => window.BenchmarkCharts.chartOfFigure('bench-figure-latency-load').data.datasets.map((d) => d.benchNotHeld)),
      expectedLoad.map((x) => x.notHeld), `${where}: levels not held are marked`);
    // Tables: the JSON's numbers, formatted like the page's language (zh-TW: converted from zh-CN, numbers unchanged).
    assert.deepEqual(latency.table.rows.map((row) => row.slice(2)), expected.latency, `${where}: latency data table`);
    assert.ok(detailsShown.resultsTable, `${where}: no results table on the details page`);
    assert.deepEqual(detailsShown.resultsTable.rows.map((row) => row.slice(2)), expected.results, `${where}: results table (kQPS max/min)`);
    assert.deepEqual(detailsShown.tablesById.throughput.rows.map((row) => row.slice(1)), expected.throughput, `${where}: throughput table`);
    assert.deepEqual(detailsShown.tablesById.latency.rows.map((row) => row.slice(2)), expected.latencyDetails, `${where}: details latency table`);
    // Markdown emphasis closed everywhere (CJK punctuation next to ** can leave it open): no stray asterisks.
    const stray = await page.evaluate(() => document.querySelector('.markdown-section').textContent.match(/.{0,20}\*\*.{0,20}/g));
    assert.equal(stray, null, `${where}: literal ** on the page: ${stray}`);
    // Provenance: every source line names the sha256 of the JSON the site serves behind "Download the results JSON".
    const served = await page.evaluate(async () => {
      const links = [...document.querySelectorAll('.markdown-section details.bench-source a')].filter((a) => /\.json$/.test(a.getAttribute('href')));
      const response = await fetch(links[0].href);
      const bytes = await response.arrayBuffer();
      const digest = [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
      return {
        digest, sameOrigin: new URL(links[0].href).origin === location.origin, links: links.length,
        summaries: [...document.querySelectorAll('.markdown-section details.bench-source > summary')].map((el) => el.textContent),
        fullHashes: [...document.querySelectorAll('.markdown-section details.bench-source code')].map((el) => el.textContent).filter((t) => /^[0-9a-f]{64}$/.test(t)),
      };
    });
    assert.ok(served.sameOrigin, `${where}: the results JSON is not served by the site`);
    assert.equal(served.digest, resultsSha256, `${where}: served JSON`);
    assert.ok(served.summaries.length >= 3 && served.summaries.length === served.links, `${where}: ${served.summaries.length} source lines, ${served.links} download links`);
    for (const text of served.summaries) assert.ok(text.includes(served.digest.slice(0, 12)), `${where}: source line "${text}" does not name the served file's sha256`);
    assert.deepEqual([...new Set(served.fullHashes)], [served.digest], `${where}: full hashes in the source drawers`);
    await screenshot(page, `benchmarks-${code}`);
  }
  assert.deepEqual(page.problems, [], `console errors or CSP violations:\n${page.problems.join('\n')}`);
  await page.close();
});

test('charts are redrawn on route changes and resized for printing', { timeout: 60000 }, async () => {
  const page = await browser.newPage();
  const en = routes.find((r) => r.code === 'en');
  await gotoRoute(page, site.url, en.route);
  const other = routes.find((r) => r.code !== 'en');
  // Away and back, within the same document (docsify routes by hash).
  await gotoRoute(page, site.url, other.route);
  await gotoRoute(page, site.url, en.route);
  await page.waitForFunction(() => [...document.querySelectorAll('figure.bench-chart')].every((f) => f.getAttribute('data-chart-state') === 'drawn'));
  const before = await readPage(page);
  assert.equal(before.chartInstances, before.figures.length, 'charts of earlier routes were not destroyed');
  // Printing: a narrower page; the charts follow it on beforeprint and come back on afterprint.
  const widths = await page.evaluate(async () => {
    const canvases = () => [...document.querySelectorAll('figure.bench-chart canvas')];
    const initial = canvases().map((c) => c.getBoundingClientRect().width);
    document.querySelector('.markdown-section').style.maxWidth = '400px';
    window.dispatchEvent(new Event('beforeprint'));
    const printed = canvases().map((c) => c.getBoundingClientRect().width);
    document.querySelector('.markdown-section').style.maxWidth = '';
    window.dispatchEvent(new Event('afterprint'));
    const after = canvases().map((c) => c.getBoundingClientRect().width);
    return { initial, printed, after };
  });
  widths.printed.forEach((w, i) => assert.ok(w <= 400 && w < widths.initial[i], `chart ${i} not resized for print: ${w} (was ${widths.initial[i]})`));
  assert.deepEqual(widths.after, widths.initial);
  await page.emulateMedia({ media: 'print' });
  const printed = await readPage(page);
  printed.figures.forEach((f) => assert.ok(f.painted > 0, `${f.id} blank in print media`));
  await screenshot(page, 'benchmarks-en-print');
  assert.deepEqual(page.problems, [], page.problems.join('\n'));
  await page.close();
});

test('hostile strings in every field of the JSON render as text in the real docsify, in every language', { timeout: 120000 }, async (t) => {
  const { hostileResults } = require('../fixtures/hostile-results');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drogon-bench-hostile-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const hostileFile = path.join(dir, 'latest.json');
  fs.writeFileSync(hostileFile, JSON.stringify(hostileResults(results)));
  const hostileContent = copySiteContent({ resultsFile: hostileFile });
  t.after(() => hostileContent.remove());
  // No history: the trend shows the hostile run alone.
  fs.rmSync(path.join(hostileContent.root, 'bench', 'results', 'history'), { recursive: true, force: true });
  const hostileSiteDir = path.join(dir, 'site');
  await buildSite({ root: hostileContent.root, siteDir: hostileSiteDir, writeSources: false, quiet: true });
  const hostileSite = await startSite({ siteDir: hostileSiteDir });
  t.after(() => hostileSite.close());

  const page = await browser.newPage();
  const dialogs = [];
  page.on('dialog', async (dialog) => { dialogs.push(dialog.message()); await dialog.dismiss(); });
  for (const { code, route } of routes) {
    await gotoRoute(page, hostileSite.url, route);
    await page.waitForFunction(() => [...document.querySelectorAll('figure.bench-chart')].every((f) => f.hasAttribute('data-chart-state')));
    const found = await page.evaluate(() => {
      const section = document.querySelector('.markdown-section');
      const tables = [...section.querySelectorAll('table')].map((table) => ({
        header: table.tHead.rows[0].cells.length,
        rows: [...table.tBodies[0].rows].map((row) => row.cells.length),
      }));
      return {
        injected: [...section.querySelectorAll('img, script, iframe, a[href^="javascript"], [onerror]')].map((el) => el.outerHTML),
        states: [...section.querySelectorAll('figure.bench-chart')].map((f) => f.getAttribute('data-chart-state')),
        tables,
        shownAsText: section.textContent.includes('<img src=x onerror=alert(1)>'),
      };
    });
    assert.deepEqual(found.injected, [], `${code}: elements from the JSON reached the page`);
    assert.ok(found.states.length > 0 && found.states.every((state) => state === 'drawn'), `${code}: charts with hostile labels: ${found.states}`);
    found.tables.forEach((table, i) => table.rows.forEach((cells) => assert.equal(cells, table.header, `${code}: table ${i} lost its shape`)));
    assert.ok(found.shownAsText, `${code}: the hostile string is not shown as text`);
  }
  await screenshot(page, 'benchmarks-hostile-en');
  assert.deepEqual(dialogs, [], 'a script from the JSON ran');
  assert.deepEqual(page.problems, [], page.problems.join('\n'));
  await page.close();
});

test('addresses in data stay plain text in the real docsify, followed by any punctuation of the templates, in every language', { timeout: 120000 }, async (t) => {
  const { convertText } = require('../../src/convert/zh-tw');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drogon-bench-addresses-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  // The punctuation marks of the templates and string tables, in each language (zh-TW as converted).
  const templatesDir = path.join(__dirname, '..', '..', 'benchmarks');
  const texts = fs.readdirSync(templatesDir).filter((n) => /\.(md|json)$/.test(n)).map((n) => fs.readFileSync(path.join(templatesDir, n), 'utf8'));
  const marks = [...new Set([...texts, ...texts.map(convertText)].join('').match(/[\p{P}\p{S}]/gu))]
    .filter((ch) => !/[\\`*_[\]|~<>&#{}]/.test(ch));
  const address = 'https://example.invalid/x.png';
  const withAddresses = JSON.parse(JSON.stringify(results));
  // Names appear inside the generated sentences, before the templates' own punctuation; the machine
  // facts carry the address before every mark: the CPU model the first marks, extra tool versions the
  // others (each such field holds at most 200 characters), all shown on the details page.
  withAddresses.servers.forEach((server, i) => { server.name = `${address}?server=${i}`; });
  withAddresses.profile = 'www.example.invalid';
  const chunks = [];
  for (const mark of marks) {
    const item = `${address}${mark}`;
    if (!chunks.length || chunks[chunks.length - 1].join(' ').length + item.length + 1 > 200) chunks.push([]);
    chunks[chunks.length - 1].push(item);
  }
  withAddresses.environment.cpuModel = chunks[0].join(' ');
  chunks.slice(1).forEach((chunk, i) => { withAddresses.environment.versions[`marks${i + 1}`] = chunk.join(' '); });
  withAddresses.environment.os = 'someone@example.invalid';
  const file = path.join(dir, 'latest.json');
  fs.writeFileSync(file, JSON.stringify(withAddresses));
  const addressContent = copySiteContent({ resultsFile: file });
  t.after(() => addressContent.remove());
  fs.rmSync(path.join(addressContent.root, 'bench', 'results', 'history'), { recursive: true, force: true });
  const addressSiteDir = path.join(dir, 'site');
  await buildSite({ root: addressContent.root, siteDir: addressSiteDir, writeSources: false, quiet: true });
  const addressSite = await startSite({ siteDir: addressSiteDir });
  t.after(() => addressSite.close());
  const map = JSON.parse(fs.readFileSync(path.join(addressSiteDir, 'navigation-map.json'), 'utf8'));
  const generatedPages = map.pages.filter((p) => p.id.startsWith('benchmark'));
  const page = await browser.newPage();
  const checked = new Set(); // languages whose page showed the CPU model (every mark after an address)
  for (const entry of generatedPages) {
    for (const code of Object.keys(entry.languages)) {
      await gotoRoute(page, addressSite.url, entry.languages[code].route);
      const found = await page.evaluate(() => {
        const section = document.querySelector('.markdown-section');
        return {
          links: [...section.querySelectorAll('a')].filter((a) => /example\.invalid/.test(a.href + a.textContent)).map((a) => a.outerHTML),
          text: section.textContent,
        };
      });
      const where = `${code} ${entry.languages[code].route}`;
      assert.deepEqual(found.links, [], `${where}: an address from the data became a link`);
      if (entry.id === 'benchmarks') {
        for (let i = 0; i < withAddresses.servers.length; i += 1) assert.ok(found.text.includes(`${address}?server=${i}`), `${where}: server ${i}'s name not shown as text`);
      }
      // A page that shows a field shows every address and mark of it verbatim.
      for (const chunk of chunks) {
        if (!found.text.includes(chunk[0])) continue;
        for (const item of chunk) assert.ok(found.text.includes(item), `${where}: "${item}" not shown verbatim`);
        if (chunk === chunks[chunks.length - 1]) checked.add(code);
      }
      assert.doesNotMatch(found.text, /\\\[|\\\]/, `${where}: escaping backslashes visible`);
    }
  }
  assert.deepEqual([...checked].sort(), ['en', 'zh-CN', 'zh-TW'], 'the machine facts were not shown in every language');
  assert.ok(marks.includes('：') && marks.includes('、'), 'the Chinese templates use ： and 、');
  await screenshot(page, 'benchmarks-addresses-zh-TW');
  assert.deepEqual(page.problems, [], page.problems.join('\n'));
  await page.close();
});

// --- compare with your own run ------------------------------------------------------------------

// The reader's file is another real quick run (docs/test/fixtures/results-quick-v2-a.json).
async function pickFile(page, name, text) {
  await page.setInputFiles('#bench-own-file', { name, mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.waitForFunction(() => {
    const state = document.querySelector('.bench-own-status').getAttribute('data-state');
    return state && state !== 'loading';
  }, null, { timeout: 15000 });
  return page.evaluate(() => {
    const chartData = (id) => {
      const chart = window.BenchmarkCharts.chartOfFigure(id);
      return chart ? chart.data.datasets.map((d) => ({ label: d.label, extra: d.benchExtra === true, data: d.data.map((v) => (v !== null && typeof v === 'object' ? v.y : v)) })) : null;
    };
    const table = window.BenchmarkCharts.tableAfter(document.getElementById('bench-figure-ratios'));
    return {
      state: document.querySelector('.bench-own-status').getAttribute('data-state'),
      status: document.querySelector('.bench-own-status').textContent,
      ratios: chartData('bench-figure-ratios'),
      latency: chartData('bench-figure-latency'),
      json: chartData('bench-figure-json'),
      load: chartData('bench-figure-latency-load'),
      column: [...table.querySelectorAll('.bench-own-column')].map((el) => el.textContent),
      injected: [...document.querySelectorAll('.markdown-section img, .markdown-section script, .markdown-section iframe, .markdown-section [onerror]')].map((el) => el.outerHTML),
    };
  });
}

test("a reader's own results file: validated in the browser, drawn beside the published figures; bad and hostile files are refused or shown as text", { timeout: 120000 }, async () => {
  const { hostileResults } = require('../fixtures/hostile-results');
  const readerText = fs.readFileSync(historyFile, 'utf8');
  const reader = JSON.parse(readerText);
  const page = await browser.newPage();
  const dialogs = [];
  page.on('dialog', async (dialog) => { dialogs.push(dialog.message()); await dialog.dismiss(); });
  const requested = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));
  for (const { code, route } of routes) {
    await gotoRoute(page, site.url, route);
    await page.waitForFunction(() => [...document.querySelectorAll('figure.bench-chart')].every((f) => f.getAttribute('data-chart-state') === 'drawn'));
    // The validator is not part of the page until a file is picked.
    if (code === 'en') assert.ok(!requested.some((p) => p.endsWith('results-validator.js')), 'the validator loaded before a file was picked');

    // A file that is not JSON, then one that breaks the schema: the field is named, nothing is drawn.
    const notJson = await pickFile(page, 'broken.json', '{ "schemaVersion": 1, ');
    assert.equal(notJson.state, 'notJson', `${code}: ${notJson.status}`);
    const invalid = JSON.parse(readerText);
    delete invalid.environment.cpuModel;
    const refused = await pickFile(page, 'invalid.json', JSON.stringify(invalid));
    assert.equal(refused.state, 'invalid', `${code}: ${refused.status}`);
    assert.match(refused.status, /your-file\/environment\/cpuModel/, `${code}: the message names the field`);
    assert.ok(refused.ratios.every((d) => !d.extra), `${code}: an invalid file was drawn`);
    const unknownServer = JSON.parse(readerText);
    unknownServer.scenarios[0].results[0].server = 'apache';
    const refusedReference = await pickFile(page, 'unknown.json', JSON.stringify(unknownServer));
    assert.equal(refusedReference.state, 'invalid');
    assert.match(refusedReference.status, /your-file\/scenarios\/0\/results\/0\/server: unknown server id "apache"/);

    // A valid file: its ratios beside the published ones, its latency curves in the latency chart, a column in the table.
    const drawn = await pickFile(page, 'mine.json', readerText);
    assert.equal(drawn.state, 'loaded', `${code}: ${drawn.status}`);
    assert.ok(drawn.status.includes(reader.environment.date), `${code}: ${drawn.status}`);
    // Their key scenarios match the published ones by id (both files are quick runs).
    const keyScenarios = keyScenariosOf(results).map((published) => reader.scenarios.find((sc) => sc.id === published.id));
    const extraRatios = drawn.ratios.filter((d) => d.extra);
    assert.deepEqual(extraRatios.map((d) => d.data), METRICS.map((metric) => keyScenarios.map((sc) => expectedRatio(sc, metric))), `${code}: the reader's ratios`);
    assert.equal(drawn.ratios.filter((d) => !d.extra).length, 2, `${code}: the published ratios stay`);
    // The latency chart shows the published first scenario with latency; the reader's curves of that scenario join it.
    const shownScenario = results.scenarios[Number(await page.evaluate(() => document.getElementById('bench-figure-latency').getAttribute('data-group')))];
    const theirs = reader.scenarios.find((sc) => sc.id === shownScenario.id);
    const extraLatency = drawn.latency.filter((d) => d.extra);
    assert.deepEqual(extraLatency.map((d) => d.data), reader.servers.filter((s) => theirs.results.find((r) => r.server === s.id)?.summary?.latencyUs)
      .map((s) => latencyCurve(theirs, s.id)), `${code}: the reader's latency curves`);
    assert.equal(drawn.column.length, 1 + keyScenarios.length, `${code}: a column in the at-a-glance table`);
    // Drogon and Go: their variants' req/s at the published endpoints; latency against load: their
    // levels (at their own rates) in the group and percentile shown, not held ones left undrawn.
    assert.deepEqual(drawn.json.filter((d) => d.extra).map((d) => d.data),
      jsonVariants(reader).map((id) => jsonScenariosOf(results).map((published) => {
        const sc = reader.scenarios.find((x) => x.id === published.id);
        return sc ? Math.round(summaryOf(sc, id).requestsPerSecond.median) : null;
      })), `${code}: the reader's Drogon and Go bars`);
    assert.deepEqual(drawn.load.filter((d) => d.extra).map((d) => d.data), loadSeries(reader, 'json', 'p99').map((x) => x.data), `${code}: the reader's latency against load`);
    assert.equal(drawn.load.filter((d) => !d.extra).length, results.fixedRate.groups.find((g) => g.id === 'json').servers.length, `${code}: the published lines stay`);
    await screenshot(page, `benchmarks-own-run-${code}`);

    // A hostile file (markup and links in every free text field) is valid, and drawn as text only.
    const hostile = await pickFile(page, 'hostile.json', JSON.stringify(hostileResults(reader)));
    assert.deepEqual(hostile.injected, [], `${code}: markup from the reader's file reached the page`);
    // Schema-valid (ids and enums are left alone), so it is drawn: the names reach the legend as plain text.
    assert.equal(hostile.state, 'loaded', `${code}: ${hostile.status}`);
    assert.ok(hostile.latency.some((d) => d.extra && d.label.includes('<img src=x onerror=alert(1)>')), `${code}: hostile names shown as text`);
    assert.ok(hostile.status.includes('<img src=x onerror=alert(1)>'), `${code}: the hostile CPU model is quoted as text in the status line`);
  }
  assert.ok(requested.some((p) => p.endsWith('/vendor/results-validator.js')), 'the validator was loaded from the site');
  assert.deepEqual(dialogs, [], 'a script from the reader\'s file ran');
  assert.deepEqual(page.problems, [], page.problems.join('\n'));
  await page.close();
});

// --- layout: the first screen, the page height, small screens, print ------------------------------

// Waits until every chart of the page has drawn, then measures the layout.
async function measure(page) {
  await page.waitForFunction(() => [...document.querySelectorAll('figure.bench-chart')].every((f) => f.getAttribute('data-chart-state') === 'drawn'));
  return page.evaluate(() => {
    const section = document.querySelector('.markdown-section');
    const glance = document.getElementById('bench-figure-ratios');
    const glanceTable = window.BenchmarkCharts.tableAfter(glance);
    const rect = (el) => { const r = el.getBoundingClientRect(); return { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right, width: r.width, height: r.height }; };
    // Elements that stick out to the right of the viewport, outside a box that scrolls on its own.
    const scrolls = (el) => el.closest('table, pre, .bench-chart-canvas');
    const overflowing = [...section.querySelectorAll('*')]
      .filter((el) => !scrolls(el) || el.matches('table, pre'))
      .filter((el) => el.getBoundingClientRect().right > innerWidth + 1 && getComputedStyle(el).display !== 'none')
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)} px)`);
    return {
      height: document.documentElement.scrollHeight,
      scrollWidth: document.documentElement.scrollWidth,
      viewport: { width: innerWidth, height: innerHeight },
      openDetails: section.querySelectorAll('details[open]').length,
      glanceChart: rect(glance.querySelector('canvas')),
      glanceTable: glanceTable ? rect(glanceTable) : null,
      canvases: [...section.querySelectorAll('figure.bench-chart canvas')].map((c) => ({ id: c.closest('figure').id, ...rect(c) })),
      overflowing,
    };
  });
}

test('layout in every language: the first screen holds the verdict table and a drawn chart; at most 3,600 px with details folded; no horizontal scroll at 390 px; every chart prints', { timeout: 180000 }, async (t) => {
  const narrowBrowser = await launchBrowser({ viewport: { width: 390, height: 844 } });
  t.after(() => narrowBrowser.close());
  const wide = await browser.newPage();
  const narrow = await narrowBrowser.newPage();
  for (const { code, route } of routes) {
    await gotoRoute(wide, site.url, route);
    const w = await measure(wide);
    assert.equal(w.openDetails, 0, `${code}: details are folded by default`);
    assert.ok(w.glanceTable, `${code}: no verdict table`);
    assert.ok(w.glanceTable.bottom <= 900, `${code}: the verdict table ends at ${Math.round(w.glanceTable.bottom)} px, below the first screen`);
    assert.ok(w.glanceChart.bottom <= 900 && w.glanceChart.height > 100, `${code}: the at-a-glance chart ends at ${Math.round(w.glanceChart.bottom)} px`);
    assert.ok(w.height <= 3600, `${code}: the page is ${w.height} px tall at 1280 x 900`);
    t.diagnostic(`${code}: page height ${w.height} px at 1280 x 900 (verdict table ends at ${Math.round(w.glanceTable.bottom)} px)`);
    await screenshot(wide, `benchmarks-${code}-1280`);

    await gotoRoute(narrow, site.url, route);
    const n = await measure(narrow);
    assert.ok(n.scrollWidth <= 390, `${code}: the page scrolls sideways at 390 px (${n.scrollWidth} px wide)`);
    assert.deepEqual(n.overflowing, [], `${code}: elements wider than the screen at 390 px`);
    for (const canvas of n.canvases) {
      assert.ok(canvas.width >= 280 && canvas.height >= 180, `${code}: ${canvas.id} is ${Math.round(canvas.width)} x ${Math.round(canvas.height)} px at 390 px`);
      assert.ok(canvas.right <= 390, `${code}: ${canvas.id} sticks out`);
    }
    t.diagnostic(`${code}: page height ${n.height} px at 390 x 844`);
    await screenshot(narrow, `benchmarks-${code}-390`);
  }
  // Print: every chart is there, drawn, at the printed width.
  const en = routes.find((r) => r.code === 'en');
  await gotoRoute(wide, site.url, en.route);
  await measure(wide);
  await wide.emulateMedia({ media: 'print' });
  await wide.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  const printed = await readPage(wide);
  assert.ok(printed.figures.length >= 2);
  for (const figure of printed.figures) {
    assert.equal(figure.state, 'drawn', `print: ${figure.id}`);
    assert.ok(figure.painted > figure.width * figure.height * 0.02, `print: ${figure.id} blank`);
  }
  const visible = await wide.evaluate(() => [...document.querySelectorAll('figure.bench-chart canvas')].map((c) => c.getBoundingClientRect().height));
  assert.ok(visible.every((h) => h > 100), `print: chart heights ${visible}`);
  await screenshot(wide, 'benchmarks-en-print');
  assert.deepEqual(wide.problems, [], wide.problems.join('\n'));
  assert.deepEqual(narrow.problems, [], narrow.problems.join('\n'));
});

// A site built from another results file (no history: the trend is one sentence), served; removed after the test.
async function siteWith(t, file, history = []) {
  const copy = copySiteContent({ resultsFile: file });
  t.after(() => copy.remove());
  const historyDir = path.join(copy.root, 'bench', 'results', 'history');
  fs.rmSync(historyDir, { recursive: true, force: true });
  fs.mkdirSync(historyDir, { recursive: true });
  for (const entry of history) fs.copyFileSync(entry, path.join(historyDir, historyFileName(JSON.parse(fs.readFileSync(entry, 'utf8')))));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drogon-bench-size-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  await buildSite({ root: copy.root, siteDir: path.join(dir, 'site'), writeSources: false, quiet: true });
  const other = await startSite({ siteDir: path.join(dir, 'site') });
  t.after(() => other.close());
  return other;
}

// The default profile's size: the committed bench/results/latest.json (a full default run, format 1)
// and a real run of every part of the current default profile with short runs
// (docs/test/fixtures/results-default-short.json: 11 hello-world scenarios, 4 JSON endpoints x 5
// variants, 2 fixed-rate groups x 4 levels, 13 sweep levels, 5 instruction cases), each with a
// comparable earlier run in its history where one exists, so the trend chart is drawn too.
const DEFAULT_SIZE = [
  { name: 'latest', file: path.join(__dirname, '..', '..', '..', 'bench', 'results', 'latest.json') },
  { name: 'default-short', file: path.join(fixtures, 'results-default-short-b.json'), history: [path.join(fixtures, 'results-default-short.json')] },
];

test('default-size results in every language: the first screen, at most 3,600 px with details folded, no horizontal scroll at 390 px', { timeout: 300000 }, async (t) => {
  const narrowBrowser = await launchBrowser({ viewport: { width: 390, height: 844 } });
  t.after(() => narrowBrowser.close());
  for (const { name, file, history } of DEFAULT_SIZE) {
    const sized = await siteWith(t, file, history);
    const wide = await browser.newPage();
    const narrow = await narrowBrowser.newPage();
    for (const { code, route } of routes) {
      await gotoRoute(wide, sized.url, route);
      const w = await measure(wide);
      assert.equal(w.openDetails, 0, `${name} ${code}: details are folded by default`);
      assert.ok(w.glanceTable && w.glanceTable.bottom <= 900, `${name} ${code}: the verdict table ends below the first screen`);
      assert.ok(w.glanceChart.bottom <= 900 && w.glanceChart.height > 100, `${name} ${code}: the at-a-glance chart ends at ${Math.round(w.glanceChart.bottom)} px`);
      if (history) assert.ok(w.canvases.some((c) => c.id === 'bench-figure-trend'), `${name} ${code}: the trend chart is drawn (two comparable runs)`);
      assert.ok(w.height <= 3600, `${name} ${code}: the page is ${w.height} px tall at 1280 x 900`);
      t.diagnostic(`${name} ${code}: page height ${w.height} px at 1280 x 900`);
      await screenshot(wide, `benchmarks-${name}-${code}-1280`);
      await gotoRoute(narrow, sized.url, route);
      const n = await measure(narrow);
      assert.ok(n.scrollWidth <= 390, `${name} ${code}: the page scrolls sideways at 390 px (${n.scrollWidth} px wide)`);
      assert.deepEqual(n.overflowing, [], `${name} ${code}: elements wider than the screen at 390 px`);
      t.diagnostic(`${name} ${code}: page height ${n.height} px at 390 x 844`);
      await screenshot(narrow, `benchmarks-${name}-${code}-390`);
    }
    assert.deepEqual(wide.problems, [], wide.problems.join('\n'));
    assert.deepEqual(narrow.problems, [], narrow.problems.join('\n'));
    await wide.close();
    await narrow.close();
  }
});

test('levels the load generator did not hold are never drawn as latency: marked instead, in every language (a real default-profile run)', { timeout: 180000 }, async (t) => {
  const file = path.join(fixtures, 'results-default-short.json');
  const full = JSON.parse(fs.readFileSync(file, 'utf8'));
  const sized = await siteWith(t, file);
  const page = await browser.newPage();
  const groups = full.fixedRate.groups.filter((g) => g.levels.length > 0);
  // The run has levels not held, so the test shows something.
  assert.ok(groups.some((g) => g.levels.some((l) => l.results.some((r) => !r.summary.held))), 'the fixture has levels not held');
  for (const { code, route } of routes) {
    await gotoRoute(page, sized.url, route);
    await page.waitForFunction(() => [...document.querySelectorAll('figure.bench-chart')].every((f) => f.getAttribute('data-chart-state') === 'drawn'));
    const options = (await readPage(page)).figures.find((f) => f.id === 'bench-chart-latency-load').options;
    assert.equal(options.length, groups.length * 4, `${code}: a selector entry per group and percentile`);
    // Every group at every percentile, picked with the selector: the chart's points are the JSON's held levels only.
    for (const [gi, group] of groups.entries()) {
      for (const [pi, key] of ['p50', 'p90', 'p99', 'p999'].entries()) {
        await page.selectOption('#bench-figure-latency-load select.bench-select', String(gi * 4 + pi));
        const drawn = await page.evaluate(() => window.BenchmarkCharts.chartOfFigure('bench-figure-latency-load').data.datasets
          .map((d) => ({ y: d.data.map((pt) => pt.y), x: d.data.map((pt) => pt.x), notHeld: d.benchNotHeld })));
        const expected = loadSeries(full, group.id, key);
        assert.deepEqual(drawn.map((d) => d.y), expected.map((e) => e.data), `${code}: ${group.id} ${key} points`);
        assert.deepEqual(drawn.map((d) => d.x), expected.map((e) => e.x), `${code}: ${group.id} ${key} x = target rates`);
        assert.deepEqual(drawn.map((d) => d.notHeld), expected.map((e) => e.notHeld), `${code}: ${group.id} ${key} marks`);
        // No latency of a run that was not held reached the chart.
        group.servers.forEach((id, j) => group.levels.forEach((level, k) => {
          if (!level.results.find((r) => r.server === id).summary.held) assert.equal(drawn[j].y[k], null, `${code}: ${group.id} ${id} at ${level.fraction} drawn`);
        }));
      }
    }
    // The table says "not held" where the chart has no point, in the page's language.
    const table = (await readPage(page)).figures.find((f) => f.id === 'bench-chart-latency-load').table;
    const notHeldWord = { en: 'not held', 'zh-CN': '未达到', 'zh-TW': '未達到' }[code];
    assert.ok(table.rows.some((row) => row.some((cell) => cell.startsWith(notHeldWord))), `${code}: "${notHeldWord}" in the table`);
    if (code === 'en') {
      await page.selectOption('#bench-figure-latency-load select.bench-select', '2');
      await screenshot(page, 'benchmarks-not-held-en');
    }
    // Drogon and Go: every endpoint x variant of the run, the chart's bars = the JSON's medians.
    const json = (await readPage(page)).figures.find((f) => f.id === 'bench-chart-json');
    assert.deepEqual(json.data, jsonVariants(full).map((id) => jsonScenariosOf(full).map((sc) => Math.round(summaryOf(sc, id).requestsPerSecond.median))), `${code}: Drogon and Go chart`);
    assert.equal(json.table.rows.length, jsonVariants(full).length);
    assert.equal(json.table.header.length, 1 + jsonScenariosOf(full).length);
  }
  assert.deepEqual(page.problems, [], page.problems.join('\n'));
  await page.close();
});

test('the trend chart is absent with one run (one sentence says why) and present with two comparable runs', { timeout: 120000 }, async (t) => {
  // One run: the same real results, no history.
  const single = copySiteContent({ resultsFile });
  t.after(() => single.remove());
  fs.rmSync(path.join(single.root, 'bench', 'results', 'history'), { recursive: true, force: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drogon-bench-one-run-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  await buildSite({ root: single.root, siteDir: path.join(dir, 'site'), writeSources: false, quiet: true });
  const singleSite = await startSite({ siteDir: path.join(dir, 'site') });
  t.after(() => singleSite.close());
  const page = await browser.newPage();
  const tooFew = { en: 'No trend yet', 'zh-CN': '还没有趋势', 'zh-TW': '還沒有趨勢' };
  for (const { code, route } of routes) {
    await gotoRoute(page, singleSite.url, route);
    const one = await page.evaluate(() => ({ trend: !!document.getElementById('bench-figure-trend'), text: document.querySelector('.markdown-section').textContent }));
    assert.equal(one.trend, false, `${code}: a trend chart over one run`);
    assert.ok(one.text.includes(tooFew[code]), `${code}: no sentence saying why there is no trend`);
    // Two comparable runs (the site of the other tests has the history entry): the chart is there.
    await gotoRoute(page, site.url, route);
    await page.waitForFunction(() => document.getElementById('bench-figure-trend')?.getAttribute('data-chart-state') === 'drawn');
    assert.equal(await page.evaluate(() => document.querySelector('.markdown-section').textContent.includes('No trend yet')), false);
  }
  assert.deepEqual(page.problems, [], page.problems.join('\n'));
  await page.close();
});

test('a format 1 results file (no intervals, no sweep, no counts) still renders in every language, and says so in one line', { timeout: 120000 }, async (t) => {
  const v1File = path.join(fixtures, 'results-quick-b.json');
  const v1 = JSON.parse(fs.readFileSync(v1File, 'utf8'));
  const copy = copySiteContent({ resultsFile: v1File });
  t.after(() => copy.remove());
  fs.rmSync(path.join(copy.root, 'bench', 'results', 'history'), { recursive: true, force: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drogon-bench-v1-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  await buildSite({ root: copy.root, siteDir: path.join(dir, 'site'), writeSources: false, quiet: true });
  const v1Site = await startSite({ siteDir: path.join(dir, 'site') });
  t.after(() => v1Site.close());
  const page = await browser.newPage();
  const notice = { en: 'This results file has no confidence intervals', 'zh-CN': '这个结果文件没有置信区间', 'zh-TW': '這個結果檔案沒有信賴區間' };
  for (const { code, route } of routes) {
    await gotoRoute(page, v1Site.url, route);
    await page.waitForFunction(() => [...document.querySelectorAll('figure.bench-chart')].every((f) => f.getAttribute('data-chart-state') === 'drawn'));
    const shown = await readPage(page);
    assert.deepEqual(shown.figures.map((f) => f.id), ['bench-chart-ratios', 'bench-chart-latency'], code);
    const text = await page.evaluate(() => document.querySelector('.markdown-section').textContent);
    assert.equal(text.split(notice[code]).length, 2, `${code}: the no-interval line, once`);
    // The ratio chart: the medians' ratios, without error bars.
    const keys = keyScenariosOf(v1);
    assert.deepEqual(shown.figures[0].data, METRICS.map((metric) => keys.map((sc) => summaryOf(sc, 'drogon')[metric].median / summaryOf(sc, 'nginx-module')[metric].median)), code);
    assert.deepEqual(await page.evaluate(() => window.BenchmarkCharts.chartOfFigure('bench-figure-ratios').data.datasets.map((d) => d.benchMin || null)), [null, null], `${code}: error bars without intervals`);
  }
  await screenshot(page, 'benchmarks-v1-zh-TW');
  assert.deepEqual(page.problems, [], page.problems.join('\n'));
  await page.close();
});
