'use strict';
// Sections of the Benchmarks page on the results format 2 blocks (comparisons with intervals, the
// concurrency sweep, instruction counts), called directly with small literal inputs: unit-test data
// for the section logic, not benchmark figures (no page shows them). Real format 2 results are
// rendered end to end by benchmarks-render.test.js once the bench writes them.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { createContext, manifestRoutes } = require('../../src/benchmarks/render');
const sections = require('../../src/benchmarks/sections');

const stringsOf = (lang) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'benchmarks', `strings.${lang}.json`), 'utf8'));
const layout = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'benchmarks', 'layout.json'), 'utf8'));

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
  return JSON.parse(m[1].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#(\d+);/g, (all, code) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&'));
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
  const details = require('../../src/benchmarks/details');
  const results = literalResults();
  const noteTemplates = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'bench', 'scenarios.json'), 'utf8')).notes;
  const text = (server, client) => noteTemplates['cpu-contention'].replace('{server}', server).replace('{client}', client);
  results.scenarios[1].results[0].notes = [{ code: 'cpu-contention', text: text('35%', '<img src=x onerror=alert(1)>') }];
  results.scenarios[1].results[1].notes = [{ code: 'cpu-contention', text: 'written by another version of the bench' }];
  const ctx = createContext('zh-CN', stringsOf('zh-CN'), { results, trend: null, handler: null, layout, routes: manifestRoutes(), source: { sha256: 'a'.repeat(64) }, noteTemplates });
  const out = details.notes(ctx);
  assert.match(out, /其他程序让服务器的 CPU 有 35% 的时间在忙、负载生成器的 CPU 有 &lt;img src=x onerror=alert\(1\)&gt; 的时间在忙/);
  assert.doesNotMatch(out, /<img/);
  assert.match(out, /written by another version of the bench（英文原文）/);
});

// A fixed-rate block (issue 9) of literal unit-test data: the hello group at two levels, where the
// load generator held 25 % for every server, did not hold 90 % for Drogon, and nginx-return answered
// nothing at 90 %.
function fixedRateBlock() {
  const lat = (base) => ({ p50: base, p75: base * 2, p90: base * 3, p99: base * 4, p999: base * 5, max: base * 6 });
  const held = (rate, achieved, latency) => ({ runs: [{ round: 1, status: 'ok', targetRate: rate, achievedRate: achieved, held: true, notHeldReason: null, latencyUs: latency, command: `oha -q ${rate} a` }],
    summary: { runs: 1, okRuns: 1, heldRuns: 1, held: true, achievedRate: { min: achieved, median: achieved, max: achieved }, latencyUs: latency } });
  const notHeld = (rate, achieved) => ({ runs: [{ round: 1, status: 'ok', targetRate: rate, achievedRate: achieved, held: false, notHeldReason: `achieved ${achieved} req/s of ${rate}`, latencyUs: lat(9000), command: `oha -q ${rate} b` }],
    summary: { runs: 1, okRuns: 1, heldRuns: 0, held: false, achievedRate: { min: achieved, median: achieved, max: achieved }, latencyUs: null } });
  const failed = (rate) => ({ runs: [{ round: 1, status: 'failed', targetRate: rate, failureReason: 'server did not answer', command: `oha -q ${rate} c` }],
    summary: { runs: 1, okRuns: 0, heldRuns: 0, held: false, achievedRate: null, latencyUs: null } });
  return {
    tool: 'oha', toolVersion: '1.16.0', openLoop: true, latencyCorrection: true, holdRatio: 0.98, fractions: [0.25, 0.9],
    durationSeconds: 3, warmupSeconds: 1, repetitions: 1, connections: 100, clientThreads: 1,
    groups: [{
      id: 'hello', servers: ['drogon', 'nginx', 'ret'], reference: 'drogon', method: 'GET', path: null, bodyFile: null, commandLine: 'oha -q {rate} {url}',
      basis: { scenario: 'ka', metric: 'median', slowestServer: 'nginx', maximum: 400, medians: [] },
      levels: [
        { fraction: 0.25, rate: 100, rounds: [], results: [{ server: 'drogon', ...held(100, 99, lat(100)) }, { server: 'nginx', ...held(100, 99.5, lat(200)) }, { server: 'ret', ...held(100, 99, lat(50)) }] },
        { fraction: 0.9, rate: 360, rounds: [], results: [{ server: 'drogon', ...notHeld(360, 300) }, { server: 'nginx', ...held(360, 359, lat(1000)) }, { server: 'ret', ...failed(360) }] },
      ],
    }],
  };
}

test('latency against load: one line per server over its offered rates, per group and percentile; a level not held is marked, never drawn', () => {
  const results = literalResults();
  results.fixedRate = fixedRateBlock();
  const en = sections.latencyLoad(contextFor('en', results));
  const chart = chartOf(en, 'latency-load');
  assert.equal(chart.kind, 'line');
  // Groups: hello world at p50, p90, p99, p99.9; the first drawn is p99 (no JSON group here).
  assert.deepEqual(chart.groups, { selected: 2 });
  assert.deepEqual(chart.series.map((s) => s.group), [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
  const p99 = chart.series.filter((s) => s.group === 2);
  assert.deepEqual(p99.map((s) => s.x), [[100, 360], [100, 360], [100, 360]]);
  // Drogon at 90 %: not held, so no value (the run's own 36 ms is never drawn); nginx-return: no answer.
  assert.deepEqual(p99.map((s) => s.values), [[0.4, null], [0.8, 4], [0.2, null]]);
  assert.deepEqual(p99.map((s) => s.notHeld), [[false, true], [false, false], [false, false]]);
  const rows = tableRows(en).filter((r) => r[0] === 'hello world (GET), 99%');
  assert.deepEqual(rows, [
    ['hello world (GET), 99%', 'Drogon', '0.40', 'not held: 300 of 360 req/s'],
    ['hello world (GET), 99%', 'nginx', '0.80', '4.00'],
    ['hello world (GET), 99%', 'nginx return', '0.20', 'no answer'],
  ]);
  assert.match(en, /\| Endpoint, percentile \| Server \| 25% of max \(ms\) \| 90% of max \(ms\) \|/);
  assert.match(en, /×: a rate the load generator did not hold \(under 98% of the target, or errors\); no latency drawn there\./);
  assert.match(en, /- hello world \(GET\): 100% = 400 req\/s, the median of nginx \(the slowest\) in 100 connections, keep-alive; target rates 100 \(25%\); 360 \(90%\)/);
  assert.match(en, /oha 1\.16\.0, open loop \(--latency-correction\)/);
  // The exact commands of every run, in the source drawer.
  for (const c of ['oha -q 100 a', 'oha -q 360 b', 'oha -q 360 c']) assert.ok(en.includes(`\`${c}\``), c);
  const zh = sections.latencyLoad(contextFor('zh-CN', results));
  assert.ok(tableRows(zh).some((r) => r[1] === 'Drogon' && r[3] === '未达到：目标 360 请求/秒，实际 300'));
  assert.match(zh, /开环/);
  // Every level held: one line says so.
  results.fixedRate.groups[0].levels.pop();
  assert.match(sections.latencyLoad(contextFor('en', results)), /Every rate was held \(at least 98% of the target achieved, no errors\)\./);
});

test('latency against load without fixed-rate runs, or without a basis: one sentence', () => {
  const results = literalResults();
  assert.equal(sections.latencyLoad(contextFor('en', results)), stringsOf('en').latencyLoad.none);
  results.fixedRate = fixedRateBlock();
  results.fixedRate.groups[0].basis = null;
  results.fixedRate.groups[0].levels = [];
  results.fixedRate.groups[0].failureReason = 'no successful run of c100-keepalive';
  assert.equal(sections.latencyLoad(contextFor('en', results)), 'The fixed-rate runs did not start: hello world (GET): no successful run of c100-keepalive.');
});

// The JSON part (issue 9) of literal unit-test data: /json and /dbop with 10 operations, three variants,
// one of them excluded by the conformance check, and a variant that could not be built.
function withJson(results) {
  const jsonResult = (server, side, rps, latency) => ({
    ...result(server, side),
    runs: [{ status: 'ok', command: `wrk ${server}` }],
    summary: { requestsPerSecond: { min: rps - 10, median: rps, max: rps + 10 }, requestsPerServerCpuSecond: { median: rps }, latencyUs: latency, errors: {} },
  });
  const excluded = { server: 'gin', runs: [{ status: 'failed', failureReason: 'conformance: request "json": $.message differs', command: 'wrk gin' }], summary: null, bottleneck: { side: 'unknown', serverCpuUtilization: null, clientCpuUtilization: null }, notes: [] };
  const lat = { p50: 40, p75: 50, p90: 60, p99: 490, p999: 3500 };
  results.servers.push({ id: 'dj', name: 'Drogon + jsoncpp', version: '1', framework: 'drogon', jsonLibrary: 'jsoncpp', jsonLibraryVersion: '1.9.5' },
    { id: 'ds', name: 'Drogon + simdjson', version: '1', framework: 'drogon', jsonLibrary: 'simdjson', jsonLibraryVersion: '3' },
    { id: 'gin', name: 'gin + sonic', version: '1', framework: 'gin', jsonLibrary: 'sonic', jsonLibraryVersion: '1' });
  const cmp = (metric, other, ratio, ciLow, ciHigh, verdict) => ({ metric, reference: 'dj', other, pairs: 5, ratio, ciLow, ciHigh, verdict });
  results.scenarios.push(
    { id: 'json-json', kind: 'json', endpoint: '/json', method: 'GET', path: '/json', reference: 'dj', clientThreads: 3, connections: 6, keepAlive: true, tool: 'wrk', pipelineDepth: 1, durationSeconds: 3, repetitions: 5,
      results: [jsonResult('dj', 'server', 1000, lat), jsonResult('ds', 'server', 1100, lat), excluded],
      comparisons: [cmp('requestsPerSecond', 'ds', 0.91, 0.88, 0.94, 'slower'), cmp('requestsPerServerCpuSecond', 'ds', 0.92, 0.9, 0.95, 'slower')] },
    { id: 'json-dbop-n10', kind: 'json', endpoint: '/dbop', method: 'POST', path: '/dbop/bench/users', operations: 10, reference: 'dj', clientThreads: 3, connections: 6, keepAlive: true, tool: 'wrk', pipelineDepth: 1, durationSeconds: 3, repetitions: 5,
      results: [jsonResult('dj', 'both', 500, lat), jsonResult('ds', 'both', 600, lat), excluded],
      comparisons: [cmp('requestsPerSecond', 'ds', 0.83, 0.8, 0.86, 'slower'), cmp('requestsPerServerCpuSecond', 'ds', 1.0, 0.97, 1.03, 'within-noise')] },
  );
  results.notBuilt = [{ id: 'drogon-glaze', name: 'Drogon + glaze', jsonLibrary: 'glaze', reason: 'needs GCC 13' }];
  results.conformance = { ok: false, reference: 'dj', requests: 38, table: 't', servers: ['dj', 'ds', 'gin'], failures: [], excluded: [{ server: 'gin', reason: 'request "json": $.message differs' }], report: 'bench/logs/x/conformance.txt' };
  return results;
}

test('Drogon and Go: endpoint x variant table and chart, one sentence per endpoint, not built and conformance in one line each', () => {
  const results = withJson(literalResults());
  const en = sections.json(contextFor('en', results));
  const chart = chartOf(en, 'json');
  assert.equal(chart.kind, 'bar');
  assert.equal(chart.seriesIn, 'rows');
  // One series per variant over the endpoints: median req/s, whiskers from the runs' range; gin ran nothing.
  assert.deepEqual(chart.series.map((s) => s.values), [[1000, 500], [1100, 600], [null, null]]);
  assert.deepEqual(chart.series[0].min, [990, 490]);
  assert.deepEqual(tableRows(en), [
    ['Drogon + jsoncpp', '1,000 · 0.04/0.05/0.06/0.49', '500 · 0.04/0.05/0.06/0.49'],
    ['Drogon + simdjson', '1,100 · 0.04/0.05/0.06/0.49', '600 · 0.04/0.05/0.06/0.49'],
    ['gin + sonic', 'all 1 runs failed', 'all 1 runs failed'],
  ]);
  assert.match(en, /\| req\/s · p50\/p75\/p90\/p99 \(ms\) \| GET \/json \| POST \/dbop, N = 10 \|/);
  // The variant not built: one line, its reason folded under it.
  assert.match(en, /<details class="bench-note">\n<summary>Not built: Drogon \+ glaze<\/summary>\n\n- Drogon \+ glaze: needs GCC 13\n\n<\/details>/);
  assert.match(en, /<summary>Conformance: not every variant equal to Drogon \+ jsoncpp on 38 requests<\/summary>\n\nBefore any timed run, every variant answered the 38 requests of `bench\/json\/requests\.json` \(malformed bodies included\); each answer was compared with Drogon \+ jsoncpp's after JSON parsing\. Never benchmarked: gin \+ sonic \(request "json": \$\.message differs\)\.\n/);
  assert.match(en, /^- \*\*GET \/json:\*\* The servers' CPU was the limit, so requests per second compare them: Drogon \+ jsoncpp against Drogon \+ simdjson 0\.91× \(0\.88–0\.94, slower\); gin \+ sonic not measured\.$/m);
  assert.match(en, /^- \*\*POST \/dbop, N = 10:\*\* Both CPUs were saturated, so requests per second measure the machine, not the servers; per server CPU-second: Drogon \+ jsoncpp against Drogon \+ simdjson 1\.00× \(0\.97–1\.03, within noise\); gin \+ sonic not measured\.$/m);
  assert.ok(en.includes('`wrk dj`'), 'the JSON runs\' commands in the source drawer');
  const zh = sections.json(contextFor('zh-CN', results));
  assert.match(zh, /<summary>未构建：Drogon \+ glaze<\/summary>\n\n- Drogon \+ glaze：needs GCC 13/);
  assert.match(zh, /\| 每秒请求数 · p50\/p75\/p90\/p99（毫秒） \| GET \/json \| POST \/dbop，N = 10 \|/);
  assert.match(zh, /Drogon \+ jsoncpp 分别为 Drogon \+ simdjson 的 0\.91×（0\.88–0\.94，更慢）；gin \+ sonic 的：未测得。/);
  // The hello-world sentences leave the JSON endpoints out; they have theirs here.
  assert.doesNotMatch(sections.conclusion(contextFor('en', results)), /json|dbop/i);
  // All variants conformed: one line says so.
  results.conformance = { ...results.conformance, ok: true, excluded: [] };
  assert.match(sections.json(contextFor('en', results)), /<summary>Conformance: all 3 variants equal to Drogon \+ jsoncpp on 38 requests<\/summary>\n\n.*All answers were equal\.\n/);
  // More endpoints than layout.endpointSentencesUnfolded: the first sentence shown, the others folded.
  for (const n of [1, 10]) results.scenarios.push({ ...results.scenarios[3], id: `json-dbop-extra${n}`, operations: n + 1 });
  const many = sections.json(contextFor('en', results));
  assert.match(many, /<details class="bench-more">\n<summary>The other 3 endpoints<\/summary>/);
  assert.equal(many.split('<details class="bench-more">')[0].split('\n').filter((l) => l.startsWith('- **')).length, 1);
  assert.equal(sections.json(contextFor('en', literalResults())), stringsOf('en').json.none);
});
