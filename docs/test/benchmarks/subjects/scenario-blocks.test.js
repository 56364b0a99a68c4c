'use strict';
// docs/src/benchmarks/subjects/scenario-blocks.js (and its notes, subjects/scenario-notes.js): latency
// curves, a sentence per scenario, the notes in Chinese, with literal results.
// Covers: docs/src/benchmarks/subjects/scenario-notes.js
const test = require('node:test');
const assert = require('node:assert/strict');
const { latencyChart, conclusion, notes } = require('../../../src/benchmarks/subjects/scenario-blocks');
const { stringsOf, literalResults, contextFor, chartOf, tableRows, createContext, manifestRoutes, layout, noteTemplatesOf } = require('../../support/subject-fixtures');

test('latency curves: every scenario a group, the first key scenario (pipelined) selected, ticks at 50 %, 90 %, 99 %, 99.9 %', () => {
  const results = literalResults();
  const chart = chartOf(latencyChart(contextFor('en', results)), 'latency');
  assert.deepEqual(chart.groups, { selected: 1 });
  assert.deepEqual(chart.x.map((x) => Math.round(x)), [2, 4, 10, 100, 1000]);
  assert.deepEqual(chart.xTicks.map((t) => t.label), ['50%', '90%', '99%', '99.9%']);
  assert.deepEqual(chart.series.map((s) => s.group), [0, 0, 0, 1, 1, 2, 2]);
  assert.deepEqual(chart.series[0].values, [0.1, 0.2, 0.3, 0.4, 0.5]);
});

test('every scenario gets its sentence; with many scenarios the key ones come first and the others are folded under them', () => {
  const results = literalResults();
  const ctx = contextFor('en', results);
  // Three scenarios: all shown, key ones first (pipelined, keep-alive, new connection).
  const few = conclusion(ctx).split('\n');
  assert.deepEqual(few.map((l) => l.match(/^- \*\*(.*?):\*\*/)[1]), ['100 connections, pipelined, 16 requests per write', '100 connections, keep-alive', '100 connections, new connection per request']);
  // Six: the three key scenarios shown, the other three in a folded block.
  for (const n of [2, 3, 4]) results.scenarios.push({ ...results.scenarios[1], id: `ka${n}`, connections: 100 * n });
  const many = conclusion(contextFor('en', results));
  const [shown, rest] = many.split('<details class="bench-more">');
  assert.equal(shown.trim().split('\n').length, 3);
  assert.match(rest, /<summary>The other 3 scenarios<\/summary>/);
  assert.equal(rest.split('\n').filter((l) => l.startsWith('- **')).length, 3);
});

test('notes in Chinese: figures read back from the English text with the bench\'s template, escaped; unmatched text stays English, marked', () => {
  const results = literalResults();
  const noteTemplates = noteTemplatesOf();
  const text = (server, client) => noteTemplates['cpu-contention'].replace('{server}', server).replace('{client}', client);
  results.scenarios[1].results[0].notes = [{ code: 'cpu-contention', text: text('35%', '<img src=x onerror=alert(1)>') }];
  results.scenarios[1].results[1].notes = [{ code: 'cpu-contention', text: 'written by another version of the bench' }];
  const ctx = createContext('zh-CN', stringsOf('zh-CN'), { results, trend: null, handler: null, layout, routes: manifestRoutes(), source: { sha256: 'a'.repeat(64) }, noteTemplates });
  const out = notes(ctx);
  assert.match(out, /其他程序让服务器的 CPU 有 35% 的时间在忙、负载生成器的 CPU 有 &lt;img src=x onerror=alert\(1\)&gt; 的时间在忙/);
  assert.doesNotMatch(out, /<img/);
  assert.match(out, /written by another version of the bench（英文原文）/);
});
