'use strict';
// The benchmark charts plugin's pure parts in node: labels read from the table next to each chart
// (shared/src/charts/chart-labels.js), the layout and Chart.js configuration built from the
// page's embedded data (shared/src/charts/chart-config.js), its datasets
// (shared/src/charts/chart-datasets.js), palette (shared/src/charts/chart-theme.js) and compact
// numbers (shared/src/charts/compact-numbers.js, against Intl).
// The drawing itself (docs/site/plugins/benchmark-charts/draw-charts.js, chart-plugins.js) is checked in
// headless Chromium (docs/test/benchmarks/benchmarks.browser.test.js).
// Covers: docs/src/benchmarks/chart-figure.js, shared/src/charts/chart-labels.js,
//   shared/src/charts/chart-config.js, shared/src/charts/chart-datasets.js,
//   shared/src/charts/chart-theme.js, shared/src/charts/compact-numbers.js
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { wrapLabel, chartLabels, initialGroup } = require('../../../../shared/src/charts/chart-labels');
const { chartLayout, chartConfig } = require('../../../../shared/src/charts/chart-config');
const { chartDatasets, extraDataset } = require('../../../../shared/src/charts/chart-datasets');
const { PALETTE } = require('../../../../shared/src/charts/chart-theme');
const { renderBenchmarkPages } = require('../../../src/benchmarks/render');
const { compactNumbers } = require('../../../../shared/src/charts/compact-numbers');

const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'results-quick-v3-b.json'), 'utf8'));

// The chart specs and table grids of a generated page, as the plugin would see them in the DOM.
function chartsOf(markdown) {
  const out = [];
  const lines = markdown.split('\n');
  lines.forEach((line, i) => {
    const m = /^<figure class="bench-chart" id="bench-figure-[a-z-]+" data-chart="([^"]*)">$/.exec(line);
    if (!m) return;
    const spec = JSON.parse(m[1].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#(\d+);/g, (all, code) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&'));
    let j = i;
    while (!lines[j].startsWith('|')) j += 1;
    const rows = [];
    for (; j < lines.length && lines[j].startsWith('|'); j += 1) rows.push(lines[j].slice(2, -2).split(' | '));
    out.push({ id: /id="bench-chart-([a-z-]+)"/.exec(lines[i + 1])[1], spec, grid: { header: rows[0], rows: rows.slice(2) } });
  });
  return out;
}

const historyEntry = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'results-quick-v3-a.json'), 'utf8'));

test('every chart of the page finds its labels in the table that follows it', () => {
  const resultsSha256 = require('node:crypto').createHash('sha256').update(fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'results-quick-v3-b.json'))).digest('hex');
  const { en } = renderBenchmarkPages({ results: fixture, resultsSha256, history: [historyEntry] }).benchmarks;
  const charts = chartsOf(en);
  assert.deepEqual(charts.map((c) => c.id), ['ratios', 'json', 'latency', 'latency-load', 'instructions', 'time-goes', 'sweep', 'trend']);
  for (const { id, spec, grid } of charts) {
    const labels = chartLabels(spec, grid);
    const length = spec.series[0].values.length;
    assert.equal(labels.categories.length, length, id);
    assert.equal(labels.series.length, spec.series.length, id);
    labels.cells.forEach((cells) => assert.equal(cells.length, length, id));
  }
  const ratios = chartLabels(charts[0].spec, charts[0].grid);
  assert.deepEqual(ratios.series, ['Requests per second', 'Per second of server CPU']);
  assert.equal(ratios.categories[0], '256 connections, pipelined, 16 requests per write');
  // Grouped: series named by the server column, groups by the scenario column.
  const latency = chartLabels(charts[2].spec, charts[2].grid);
  // Drogon and Go: a series per variant (the table's rows), a category per endpoint (its columns).
  const json = chartLabels(charts[1].spec, charts[1].grid);
  assert.deepEqual(json.series, fixture.servers.filter((s) => s.framework).map((s) => s.name));
  assert.deepEqual(json.categories, ['GET /json']);
  // Latency against load: groups are endpoint and percentile, series the servers of that group.
  const load = chartLabels(charts[3].spec, charts[3].grid);
  assert.deepEqual(load.groups.map((g) => g.name), ['GET /json, 50%', 'GET /json, 90%', 'GET /json, 99%', 'GET /json, 99.9%']);
  assert.deepEqual(load.categories, ['25% of max (ms)']);
  assert.deepEqual(latency.categories, ['50% (ms)', '75% (ms)', '90% (ms)', '99% (ms)', '99.9% (ms)']);
  assert.equal(latency.series[0], 'Drogon');
  assert.deepEqual(latency.groups.map((g) => g.name), [...new Set(charts[2].grid.rows.map((row) => row[0]))]);
  assert.equal(latency.groups[0].name, '100 connections, keep-alive');
  // Where the time goes: a group per counted case (named by the case column), a series per server, a
  // category per kind of call (the table's columns).
  const timeGoes = chartLabels(charts.find((c) => c.id === 'time-goes').spec, charts.find((c) => c.id === 'time-goes').grid);
  assert.deepEqual(timeGoes.categories, ['reads', 'writes', 'accepts', 'epoll', 'close', 'other']);
  assert.deepEqual(timeGoes.groups.map((g) => g.name), ['keep-alive']);
  assert.deepEqual(timeGoes.series, ['Drogon', 'nginx + hello\\_world module', 'nginx return 200']); // (the Markdown cells, as the test reads them)
  // The pipelined scenario has no latency figures (format 2 reports none): no group for it.
  assert.equal(latency.groups.length, fixture.scenarios.filter((sc) => sc.results.some((r) => r.summary && r.summary.latencyUs)).length);
});

test('grouped charts draw one group at a time; the page picks the first, a missing group falls back', () => {
  const spec = { kind: 'line', scale: 'linear', seriesIn: 'rows', keyColumns: 2, locale: 'en-US', breaks: [], groups: { selected: 1 },
    series: [{ values: [1, 2], color: 0, group: 0 }, { values: [3, 4], color: 1, group: 0 }, { values: [5, 6], color: 0, group: 1 }] };
  const grid = { header: ['S', 'V', 'a', 'b'], rows: [['one', 'A', '1', '2'], ['one', 'B', '3', '4'], ['two', 'A', '5', '6']] };
  const labels = chartLabels(spec, grid);
  assert.deepEqual(labels.groups, [{ index: 0, name: 'one' }, { index: 1, name: 'two' }]);
  assert.deepEqual(labels.series, ['A', 'B', 'A']);
  assert.equal(initialGroup(spec, labels), 1);
  assert.deepEqual(chartConfig(spec, labels).data.datasets.map((d) => d.data), [[5, 6]]);
  assert.deepEqual(chartDatasets(spec, labels, 0).map((d) => d.label), ['A', 'B']);
  assert.equal(initialGroup({ ...spec, groups: { selected: 7 } }, labels), 0);
  // Added datasets (a reader's run) follow their group.
  const extra = [{ label: 'mine', data: [9, 9], benchGroup: 1 }];
  assert.deepEqual(chartDatasets(spec, labels, 1, extra).map((d) => d.label), ['A', 'mine']);
  assert.deepEqual(chartDatasets(spec, labels, 0, extra).map((d) => d.label), ['A', 'B']);
});

test('a numeric x axis (percentiles, concurrency): points at x, only the given ticks, labelled as given', () => {
  const spec = { kind: 'line', scale: 'linear', seriesIn: 'rows', keyColumns: 1, locale: 'en-US', breaks: [],
    x: [2, 10, 1000], xScale: 'logarithmic', xTicks: [{ value: 2, label: '50%' }, { value: 1000, label: '99.9%' }],
    series: [{ values: [1, null, 3], color: 0 }] };
  const labels = chartLabels(spec, { header: ['S', 'p50', 'p90', 'p99.9'], rows: [['A', '1', '—', '3']] });
  const config = chartConfig(spec, labels);
  assert.equal(config.data.labels, undefined);
  assert.deepEqual(config.data.datasets[0].data, [{ x: 2, y: 1 }, { x: 10, y: null }, { x: 1000, y: 3 }]);
  assert.equal(config.options.scales.x.type, 'logarithmic');
  assert.equal(config.options.scales.x.min, 2);
  assert.equal(config.options.scales.x.max, 1000);
  const axis = {};
  config.options.scales.x.afterBuildTicks(axis);
  assert.deepEqual(axis.ticks, [{ value: 2 }, { value: 1000 }]);
  assert.equal(config.options.scales.x.ticks.callback(1000), '99.9%');
  // The tooltip's title is the table's column header of the point.
  assert.equal(config.options.plugins.tooltip.callbacks.title([{ dataIndex: 1 }]), 'p90');
});

test('a ratio chart: bars from 1 on a log axis, symmetric in powers of two, error bars, a rule at 1', () => {
  const spec = { kind: 'bar', scale: 'logarithmic', seriesIn: 'columns', keyColumns: 1, locale: 'en-US', breaks: [],
    horizontal: true, base: 1, reference: 1, series: [{ values: [3.6, 0.9], min: [3.5, 0.8], max: [3.75, 1.02], color: 4 }] };
  const labels = chartLabels(spec, { header: ['S', 'Requests per second'], rows: [['pipelined', '3.60×'], ['keep-alive', '0.90×']] });
  const config = chartConfig(spec, labels);
  assert.equal(config.options.indexAxis, 'y');
  assert.equal(config.data.datasets[0].base, 1);
  assert.deepEqual(config.data.datasets[0].benchMin, [3.5, 0.8]);
  const x = config.options.scales.x;
  assert.equal(x.type, 'logarithmic');
  assert.equal(x.min * x.max, 1);
  assert.ok(x.max >= 3.75);
  const axis = {};
  x.afterBuildTicks(axis);
  assert.ok(axis.ticks.every((t) => Number.isInteger(Math.log2(t.value))), JSON.stringify(axis.ticks));
  assert.equal(config.options.plugins.benchReference.at, 1);
});

test('series with their own x (latency against each group\'s offered rates): the axis follows the group drawn; levels not held carry no value and a mark', () => {
  const spec = { kind: 'line', scale: 'linear', seriesIn: 'rows', keyColumns: 2, locale: 'en-US', breaks: [], xScale: 'linear', groups: { selected: 1 },
    series: [
      { values: [0.2, 0.5], x: [100, 360], notHeld: [false, false], color: 0, group: 0 },
      { values: [0.3, null], x: [20, 72], notHeld: [false, true], color: 0, group: 1 },
      { values: [0.4, 0.9], x: [20, 72], notHeld: [false, false], color: 1, group: 1 },
    ] };
  const grid = { header: ['G', 'S', '25%', '90%'], rows: [['a', 'A', '0.20', '0.50'], ['b', 'A', '0.30', 'not held'], ['b', 'B', '0.40', '0.90']] };
  const labels = chartLabels(spec, grid);
  const config = chartConfig(spec, labels);
  // Group b: points at its own rates, the one not held without a value (no line there), marked.
  assert.deepEqual(config.data.datasets.map((d) => d.data), [[{ x: 20, y: 0.3 }, { x: 72, y: null }], [{ x: 20, y: 0.4 }, { x: 72, y: 0.9 }]]);
  assert.deepEqual(config.data.datasets.map((d) => d.benchNotHeld), [[false, true], [false, false]]);
  assert.equal(config.data.labels, undefined);
  const axis = config.options.scales.x;
  assert.equal(axis.type, 'linear');
  assert.equal(axis.min, 0);
  assert.ok(axis.max > 72 && axis.max < 100, String(axis.max));
  const ticks = {};
  axis.afterBuildTicks(ticks);
  assert.deepEqual(ticks.ticks.map((t) => t.value), [20, 72]);
  // Group a: its own rates.
  const other = chartConfig(spec, labels, 0).options.scales.x;
  other.afterBuildTicks(ticks);
  assert.deepEqual(ticks.ticks.map((t) => t.value), [100, 360]);
  // A reader's run added to the chart: its own rates join the axis.
  const extra = extraDataset(spec, { label: 'mine', values: [0.25, null], x: [30, 90], notHeld: [false, true], color: 0, group: 1 });
  assert.deepEqual(extra.benchNotHeld, [false, true]);
  assert.deepEqual(extra.data, [{ x: 30, y: 0.25 }, { x: 90, y: null }]);
});

test('a table of the wrong shape is an error, not a mislabelled chart', () => {
  const spec = { kind: 'bar', scale: 'linear', seriesIn: 'columns', keyColumns: 1, locale: 'en-US', series: [{ values: [1, 2], color: 0 }], breaks: [] };
  assert.throws(() => chartLabels(spec, { header: ['S', 'A'], rows: [['x', '1']] }), /1 rows, chart has 2 categories/);
  assert.throws(() => chartLabels(spec, { header: ['S'], rows: [['x'], ['y']] }), /too few columns/);
  const rows = { ...spec, seriesIn: 'rows', keyColumns: 2 };
  assert.throws(() => chartLabels(rows, { header: ['S', 'V', 'd1'], rows: [['a', 'b', '1']] }), /3 columns, chart needs 4/);
});

test('bar charts: medians as bars, min-max kept for the range lines, colours from the palette', () => {
  const spec = {
    kind: 'bar', scale: 'linear', seriesIn: 'columns', keyColumns: 1, locale: 'en-US', breaks: [],
    series: [{ values: [10, 20], min: [9, 18], max: [11, 22], color: 1 }, { values: [null, 5], color: 2 }],
  };
  const labels = chartLabels(spec, { header: ['S', 'A', 'B'], rows: [['one', '10', '—'], ['two', '20', '5']] });
  const config = chartConfig(spec, labels);
  assert.equal(config.type, 'bar');
  assert.deepEqual(config.data.labels, [['one'], ['two']]);
  assert.deepEqual(config.data.datasets.map((d) => d.label), ['A', 'B']);
  assert.deepEqual(config.data.datasets[0].data, [10, 20]);
  assert.deepEqual(config.data.datasets[0].benchMin, [9, 18]);
  assert.equal(config.data.datasets[1].benchMin, undefined);
  assert.equal(config.data.datasets[0].backgroundColor, PALETTE[1]);
  assert.equal(config.options.animation, false);
  assert.equal(config.options.scales.y.beginAtZero, true);
  // Tooltips show the table's text for the point.
  const tooltip = config.options.plugins.tooltip.callbacks.label({ dataset: config.data.datasets[1], dataIndex: 1, raw: 5 });
  assert.equal(tooltip, 'B: 5');
});

test('axis labels break after commas and at spaces of long parts, key columns on their own lines', () => {
  assert.deepEqual(wrapLabel('100 connections, new connection per request (wrk)', 32), ['100 connections,', 'new connection per request (wrk)']);
  assert.deepEqual(wrapLabel('100 個連線，每個請求新建連線（wrk）', 32), ['100 個連線，', '每個請求新建連線（wrk）']);
  assert.deepEqual(wrapLabel('a b c d', 3), ['a b', 'c d']);
  // The thousands separator is not a clause break.
  assert.deepEqual(wrapLabel('1,000 connections, keep-alive', 32), ['1,000 connections,', 'keep-alive']);
  assert.deepEqual(wrapLabel('1,000 個連線，保持連線（keep-alive）', 32), ['1,000 個連線，', '保持連線（keep-alive）']);
  const spec = { kind: 'bar', scale: 'linear', seriesIn: 'columns', keyColumns: 2, locale: 'en-US', breaks: [], series: [{ values: [1], color: 0 }] };
  const config = chartConfig(spec, chartLabels(spec, { header: ['S', 'V', 'A'], rows: [['100 connections, keep-alive', 'Drogon', '1']] }));
  assert.deepEqual(config.data.labels, [['100 connections,', 'keep-alive', 'Drogon']]);
});

test('many bars run horizontally, with a height for every bar', () => {
  const spec = { kind: 'bar', scale: 'logarithmic', seriesIn: 'columns', keyColumns: 2, locale: 'zh-CN', breaks: [],
    series: [0, 1, 2].map((c) => ({ values: Array(9).fill(1), color: c })) };
  const labels = { categories: Array(9).fill('x'), series: ['p50', 'p90', 'p99'], cells: [[], [], []] };
  const layout = chartLayout(spec, labels);
  assert.equal(layout.horizontal, true);
  assert.ok(layout.height >= 27 * 14);
  const config = chartConfig(spec, labels);
  assert.equal(config.options.indexAxis, 'y');
  assert.equal(config.options.scales.x.type, 'logarithmic');
  assert.equal(config.options.maintainAspectRatio, false);
});

test('a line chart grows with its legend (a row per few series, fewer per row when narrow), so the legend never covers the plot', () => {
  const spec = { kind: 'line', scale: 'linear', seriesIn: 'rows', keyColumns: 2, locale: 'en-US', breaks: [],
    series: Array.from({ length: 16 }, (_, i) => ({ values: [1], color: i % 3, dash: i })) };
  const labels = { categories: ['2026-11-22 abc'], series: Array(16).fill('s'), cells: Array(16).fill([]) };
  const few = chartLayout({ ...spec, series: spec.series.slice(0, 2) }, labels);
  const many = chartLayout(spec, labels);
  // 16 series at 5 per legend row: 3 more rows than 2 series; at 3 per row (a column of two side by side): 5 more.
  assert.ok(many.height - few.height >= 3 * 20, `${few.height} -> ${many.height}`);
  assert.ok(chartLayout(spec, labels, 450).height - chartLayout({ ...spec, series: spec.series.slice(0, 2) }, labels, 450).height >= 5 * 20);
  assert.equal(chartConfig(spec, labels).options.maintainAspectRatio, false);
});

test('line charts do not join points across an environment change', () => {
  const spec = { kind: 'line', scale: 'linear', seriesIn: 'rows', keyColumns: 2, locale: 'en-US', breaks: [2],
    series: [{ values: [1, 2, 3], color: 0, dash: 1 }] };
  const labels = chartLabels(spec, { header: ['S', 'V', 'd1', 'd2', 'd3 †'], rows: [['s', 'Drogon', '1', '2', '3']] });
  assert.deepEqual(labels.categories, ['d1', 'd2', 'd3 †']);
  assert.deepEqual(labels.series, ['s · Drogon']);
  const config = chartConfig(spec, labels);
  const segment = config.data.datasets[0].segment.borderColor;
  assert.equal(segment({ p1DataIndex: 1 }), undefined);
  assert.equal(segment({ p1DataIndex: 2 }), 'rgba(0,0,0,0)');
  assert.deepEqual(config.options.plugins.benchBreaks.at, [2]);
  assert.equal(config.data.datasets[0].spanGaps, false);
  assert.ok(config.data.datasets[0].borderDash.length > 0);
});

test('compact numbers are Intl\'s compact notation with two decimals at most, in the site\'s three languages, without Intl; other locales through Intl', () => {
  // Every magnitude from 1e-5 to 1e17, with 1 to 8 significant digits, and the values that round up
  // into the next unit or place (999,999 -> 1M, 9,999.5 -> 10K, 0.005 -> 0.01).
  const values = [0, 1.005, 1.015, 2.675, 9.995, 99.995, 999.995, 999.999];
  for (let e = -5; e <= 17; e++) {
    for (const mantissa of [1, 1.5, 2.5, 3.333, 4.99999, 5, 9.99, 9.995, 9.9999, 1.23456789, 7.0005, 1.00049]) values.push(Number((mantissa * 10 ** e).toPrecision(12)));
    values.push(10 ** e - 10 ** (e - 3), 10 ** e - 10 ** (e - 6), 5 * 10 ** (e - 3));
  }
  const intl = (locale) => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 });
  let compared = 0;
  for (const locale of ['en-US', 'zh-CN', 'zh-TW']) {
    const expected = intl(locale);
    const numbers = compactNumbers(locale);
    for (const value of values) {
      assert.equal(numbers.format(value), expected.format(value), `${locale} ${value}`);
      compared += 1;
    }
  }
  assert.ok(compared > 1000);
  assert.equal(compactNumbers('en-US').format(999999), '1M');
  assert.equal(compactNumbers('zh-CN').format(123456), '12.35万');
  assert.equal(compactNumbers('zh-TW').format(1.5e12), '1.5兆');
  // Another locale, and what the hand rules leave to Intl (below zero), are Intl's.
  assert.equal(compactNumbers('de-DE').format(1234567), intl('de-DE').format(1234567));
  assert.equal(compactNumbers('en-US').format(-1234), '-1.23K');
  assert.equal(compactNumbers('en-US').format(-0), intl('en-US').format(-0));
});
