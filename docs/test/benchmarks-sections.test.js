'use strict';
// Sections of the Benchmarks page on the results format 2 blocks (comparisons with intervals, the
// concurrency sweep, instruction counts), called directly with small literal inputs: unit-test data
// for the section logic, not benchmark figures (no page shows them). Real format 2 results are
// rendered end to end by benchmarks-render.test.js once the bench writes them.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { createContext, manifestRoutes } = require('../src/benchmarks/render');
const sections = require('../src/benchmarks/sections');

const stringsOf = (lang) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'benchmarks', `strings.${lang}.json`), 'utf8'));
const layout = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'benchmarks', 'layout.json'), 'utf8'));

function result(server, side) {
  return {
    server, runs: [], notes: [],
    summary: {
      requestsPerSecond: { median: 10 }, requestsPerServerCpuSecond: { median: 10 }, latencyUs: { p50: 100, p75: 200, p90: 300, p99: 400, p999: 500 },
      errors: { connect: 0, read: 0, write: 0, status: 0, timeout: 0 },
    },
    bottleneck: { side, serverCpuUtilization: 1, clientCpuUtilization: 1 },
  };
}

const comparison = (metric, ratio, ciLow, ciHigh, verdict) => ({ metric, reference: 'drogon', other: 'nginx', pairs: 5, ratio, ciLow, ciHigh, verdict });

function literalResults() {
  return {
    schemaVersion: 2,
    startedAt: '2026-01-01T00:00:00Z', finishedAt: '2026-01-01T00:01:00Z',
    environment: { date: '2026-01-01', gitCommit: 'c'.repeat(40) },
    servers: [{ id: 'drogon', name: 'Drogon', version: '1' }, { id: 'nginx', name: 'nginx', version: '2' }, { id: 'ret', name: 'nginx return', version: '2', baseline: true }],
    scenarios: [
      { id: 'ka', tool: 'wrk', connections: 100, keepAlive: true, pipelineDepth: 1, results: [result('drogon', 'client'), result('nginx', 'client'), result('ret', 'client')],
        comparisons: [comparison('requestsPerSecond', 1.01, 0.98, 1.04, 'within-noise'), comparison('requestsPerServerCpuSecond', 0.8, 0.75, 0.85, 'slower')] },
      { id: 'pipe', tool: 'wrk', connections: 100, keepAlive: true, pipelineDepth: 16, results: [result('drogon', 'server'), result('nginx', 'server')],
        comparisons: [comparison('requestsPerSecond', 3.6, 3.5, 3.75, 'faster'), comparison('requestsPerServerCpuSecond', 3.5, 3.4, 3.7, 'faster')] },
      { id: 'close', tool: 'ab', connections: 100, keepAlive: false, pipelineDepth: 1, results: [result('drogon', 'both'), result('nginx', 'client')],
        comparisons: [comparison('requestsPerSecond', 0.9, null, null, 'within-noise'), comparison('requestsPerServerCpuSecond', 0.7, null, null, 'within-noise')]
          .map((c) => ({ ...c, pairs: 1, reason: 'too few paired rounds' })) },
    ],
    sweep: {
      tool: 'ab', keepAlive: true, levels: [1, 10, 100], runsPerLevel: 3, durationSeconds: 2, commandLine: 'ab -k -c {concurrency} {url}',
      results: [
        { server: 'drogon', points: [{ concurrency: 1, okRuns: 3, best: 12, median: 11, runs: [] }, { concurrency: 10, okRuns: 3, best: 52, median: 50, runs: [] }, { concurrency: 100, okRuns: 0, best: null, median: null, runs: [] }] },
        { server: 'nginx', points: [{ concurrency: 1, okRuns: 3, best: 9, median: 8, runs: [] }, { concurrency: 10, okRuns: 3, best: 41, median: 40, runs: [] }, { concurrency: 100, okRuns: 3, best: 71, median: 70, runs: [] }] },
      ],
    },
    instructions: {
      tool: 'valgrind', valgrindVersion: '3.19.0', valgrindCommand: 'valgrind --tool=cachegrind', userSpaceOnly: true, method: '(Ir(2N) - Ir(N)) / N', repeats: 3,
      cases: [
        { id: 'keepalive', requests: 100, connections: 10, pipelineDepth: 1, loadTool: 'h2load', loadCommand: 'h2load',
          results: [{ server: 'drogon', repeats: [], perRequest: 1000, spread: 0 }, { server: 'nginx', repeats: [], perRequest: 1400, spread: 0 }],
          comparisons: [{ reference: 'drogon', other: 'nginx', ratio: 1.4 }] },
        { id: 'pipelined', requests: 100, connections: 10, pipelineDepth: 16, loadTool: 'h2load', loadCommand: 'h2load',
          results: [{ server: 'drogon', repeats: [], perRequest: 500, spread: 0 }, { server: 'nginx', repeats: [], perRequest: null, spread: null, failureReason: 'x' }] },
      ],
    },
  };
}

function contextFor(lang, results) {
  return createContext(lang, stringsOf(lang), { results, trend: null, handler: null, layout, routes: manifestRoutes(), source: { sha256: 'a'.repeat(64) } });
}

function chartOf(markdown, id) {
  const m = new RegExp(`<figure class="bench-chart" id="bench-figure-${id}" data-chart="([^"]*)">`).exec(markdown);
  assert.ok(m, `no chart ${id}`);
  return JSON.parse(m[1].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
}

function tableRows(markdown) {
  return markdown.split('\n').filter((l) => l.startsWith('| ')).slice(1).map((l) => l.slice(2, -2).split(' | '));
}

test('at a glance with intervals: key scenarios pipelined, keep-alive, new connection; interval error bars; verdicts', () => {
  const results = literalResults();
  const en = sections.glance(contextFor('en', results));
  assert.doesNotMatch(en, /no confidence intervals/);
  const chart = chartOf(en, 'ratios');
  assert.deepEqual(chart.series.map((s) => s.values), [[3.6, 1.01, 0.9], [3.5, 0.8, 0.7]]);
  assert.deepEqual(chart.series[0].min, [3.5, 0.98, null]);
  assert.deepEqual(chart.series[0].max, [3.75, 1.04, null]);
  const rows = tableRows(en);
  assert.deepEqual(rows.map((r) => r[0]), ['100 connections, pipelined, 16 requests per write', '100 connections, keep-alive', '100 connections, new connection per request']);
  assert.deepEqual(rows[0].slice(1), ['**3.60× (3.50–3.75), faster**', '3.50× (3.40–3.70), faster', 'server']);
  // Keep-alive, load generator saturated: the per-CPU figure is the one in bold.
  assert.deepEqual(rows[1].slice(1), ['1.01× (0.98–1.04), within noise', '**0.80× (0.75–0.85), slower**', 'load generator']);
  assert.deepEqual(rows[2].slice(1), ['0.90× (no interval)', '**0.70× (no interval)**', 'Drogon: both; nginx: load generator']);
  const zh = sections.glance(contextFor('zh-CN', results));
  assert.deepEqual(tableRows(zh)[0].slice(1), ['**3.60×（3.50–3.75），更快**', '3.50×（3.40–3.70），更快', '服务器']);
});

test('the sweep: a line per server over a logarithmic concurrency axis, medians; a level without ok runs is a gap', () => {
  const results = literalResults();
  const en = sections.sweep(contextFor('en', results));
  const chart = chartOf(en, 'sweep');
  assert.equal(chart.kind, 'line');
  assert.deepEqual(chart.x, [1, 10, 100]);
  assert.equal(chart.xScale, 'logarithmic');
  assert.deepEqual(chart.series.map((s) => s.values), [[11, 50, null], [8, 40, 70]]);
  assert.deepEqual(tableRows(en), [['Drogon', '11 (best 12)', '50 (best 52)', '—'], ['nginx', '8 (best 9)', '40 (best 41)', '70 (best 71)']]);
  const v1 = literalResults();
  delete v1.sweep;
  assert.equal(sections.sweep(contextFor('en', v1)), stringsOf('en').sweep.none);
});

test('instruction counts: a bar per server and case, the ratio the bench computed, a failed count shown as a dash', () => {
  const results = literalResults();
  const en = sections.instructions(contextFor('en', results));
  const chart = chartOf(en, 'instructions');
  assert.deepEqual(chart.series.map((s) => s.values), [[1000, 500], [1400, null]]);
  assert.deepEqual(tableRows(en), [
    ['keep-alive (h2load, 10 connections)', '1,000', '1,400', '1.40×'],
    ['pipelined (h2load, 10 connections)', '500', '—', '—'],
  ]);
  assert.match(en, /\| Case \| Drogon \| nginx \| nginx \/ Drogon \|/);
  const v1 = literalResults();
  delete v1.instructions;
  assert.equal(sections.instructions(contextFor('en', v1)), stringsOf('en').instructions.none);
});

test('latency curves: every scenario a group, the first key scenario (pipelined) selected, ticks at 50 %, 90 %, 99 %, 99.9 %', () => {
  const results = literalResults();
  const chart = chartOf(sections.latency(contextFor('en', results)), 'latency');
  assert.deepEqual(chart.groups, { selected: 1 });
  assert.deepEqual(chart.x.map((x) => Math.round(x)), [2, 4, 10, 100, 1000]);
  assert.deepEqual(chart.xTicks.map((t) => t.label), ['50%', '90%', '99%', '99.9%']);
  assert.deepEqual(chart.series.map((s) => s.group), [0, 0, 0, 1, 1, 2, 2]);
  assert.deepEqual(chart.series[0].values, [0.1, 0.2, 0.3, 0.4, 0.5]);
});

test('a file without load scenarios (only the sweep or the counts ran): each section says so in one sentence', () => {
  const results = literalResults();
  results.scenarios = [];
  const ctx = contextFor('en', results);
  ctx.trend = { entries: [results], series: [], breaks: [], comparable: 1 };
  const none = stringsOf('en').glance.noScenarios;
  assert.equal(sections.glance(ctx), none);
  assert.equal(sections.conclusion(ctx), none);
  assert.equal(sections.latency(ctx), stringsOf('en').latency.none);
  assert.equal(sections.trend(ctx), none);
  // The sweep and the counts are still drawn.
  assert.ok(chartOf(sections.sweep(ctx), 'sweep'));
  assert.ok(chartOf(sections.instructions(ctx), 'instructions'));
  results.skippedScenarios = [{ id: 'c10000-keepalive', connections: 10000, reason: 'open-files limit 1024 is below 10000 connections' }];
  assert.equal(sections.conclusion(ctx), '- **Not run, `c10000-keepalive` (10,000 connections):** open-files limit 1024 is below 10000 connections');
});

test('every scenario gets its sentence; with many scenarios the key ones come first and the others are folded under them', () => {
  const results = literalResults();
  const ctx = contextFor('en', results);
  // Three scenarios: all shown, key ones first (pipelined, keep-alive, new connection).
  const few = sections.conclusion(ctx).split('\n');
  assert.deepEqual(few.map((l) => l.match(/^- \*\*(.*?):\*\*/)[1]), ['100 connections, pipelined, 16 requests per write', '100 connections, keep-alive', '100 connections, new connection per request']);
  // Six: the three key scenarios shown, the other three in a folded block.
  for (const n of [2, 3, 4]) results.scenarios.push({ ...results.scenarios[1], id: `ka${n}`, connections: 100 * n });
  const many = sections.conclusion(contextFor('en', results));
  const [shown, rest] = many.split('<details class="bench-more">');
  assert.equal(shown.trim().split('\n').length, 3);
  assert.match(rest, /<summary>The other 3 scenarios<\/summary>/);
  assert.equal(rest.split('\n').filter((l) => l.startsWith('- **')).length, 3);
});

test('trend labels: runs by date and commit, and by start time too when two share both', () => {
  const results = literalResults();
  const run = (startedAt, commit) => ({ ...results, startedAt, environment: { ...results.environment, gitCommit: commit, fingerprint: 'f' } });
  const entries = [run('2026-01-01T10:00:00Z', 'a'.repeat(40)), run('2026-01-01T11:30:00Z', 'a'.repeat(40)), run('2026-01-01T12:00:00Z', 'b'.repeat(40))];
  const ctx = contextFor('en', results);
  ctx.trend = { entries, breaks: [], comparable: 3, series: [{ scenarioId: 'ka', serverId: 'drogon', values: [1, 2, 3] }, { scenarioId: 'ka', serverId: 'nginx', values: [1, 2, 3] }] };
  const header = sections.trend(ctx).split('\n').find((l) => l.startsWith('| Scenario | Server |'));
  assert.equal(header, '| Scenario | Server | 2026-01-01 10:00 UTC `aaaaaaa` | 2026-01-01 11:30 UTC `aaaaaaa` | 2026-01-01 `bbbbbbb` |');
});

test('notes in Chinese: figures read back from the English text with the bench\'s template, escaped; unmatched text stays English, marked', () => {
  const details = require('../src/benchmarks/details');
  const results = literalResults();
  const noteTemplates = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'bench', 'scenarios.json'), 'utf8')).notes;
  const text = (server, client) => noteTemplates['cpu-contention'].replace('{server}', server).replace('{client}', client);
  results.scenarios[1].results[0].notes = [{ code: 'cpu-contention', text: text('35%', '<img src=x onerror=alert(1)>') }];
  results.scenarios[1].results[1].notes = [{ code: 'cpu-contention', text: 'written by another version of the bench' }];
  const ctx = createContext('zh-CN', stringsOf('zh-CN'), { results, trend: null, handler: null, layout, routes: manifestRoutes(), source: { sha256: 'a'.repeat(64) }, noteTemplates });
  const out = details.notes(ctx);
  assert.match(out, /其他程序让服务器的 CPU 有 35% 的时间在忙、负载生成器的 CPU 有 &lt;img src=x onerror=alert\(1\)&gt; 的时间在忙/);
  assert.doesNotMatch(out, /<img/);
  assert.match(out, /written by another version of the bench（英文原文）/);
});

test('latency against load: one sentence while results have no fixed-rate runs; a file with them stops the build instead of leaving them out', () => {
  const results = literalResults();
  assert.match(sections.latency(contextFor('en', results)), /Latency against load needs runs at fixed request rates; this results file has none yet\./);
  results.fixedRate = { levels: [] };
  assert.throws(() => sections.latency(contextFor('en', results)), /the results carry fixed-rate runs, but the "latency against load" chart is not drawn yet/);
});
