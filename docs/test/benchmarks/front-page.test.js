// The front page's benchmark headline (docs/benchmarks/front-page.<lang>.md: provenance-blocks.js's summary and
// verdict-blocks.js's headline) is the Benchmarks page's
// summary line and "At a glance" verdict table, line for line, in each language, on real quick-run
// results (docs/test/fixtures/) of both formats; a file with one server says so instead of a table.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { renderBenchmarkPages } = require('../../src/benchmarks/render');
const lookup = require('../../../shared/src/figures/results-lookup');

const fixtures = path.join(__dirname, '..', 'fixtures');
const load = (name) => JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8'));
const render = (results) => renderBenchmarkPages({ results, resultsSha256: 'a'.repeat(64) });
const tableLines = (markdown) => markdown.split('\n').filter((l) => l.startsWith('|'));

for (const name of ['results-quick-v2-json-b.json', 'results-quick-a.json']) {
  test(`front page headline = the Benchmarks page's summary and verdict table (${name})`, () => {
    const results = load(name);
    const pages = render(results);
    const keys = lookup.keyScenarios(results);
    for (const lang of ['en', 'zh-CN']) {
      const home = pages['front-page'][lang];
      const bench = pages.benchmarks[lang];
      const rows = tableLines(home);
      assert.equal(rows.length, keys.length + 2, `${lang}: header, rule and one row per key scenario`);
      const at = bench.split('\n').indexOf(rows[0]);
      assert.ok(at > 0, `${lang}: the Benchmarks page has no such table`);
      assert.deepEqual(bench.split('\n').slice(at, at + rows.length), rows, `${lang}: verdict table differs`);
      const summaryLine = bench.split('\n').find((l) => l.length > 0 && !l.startsWith('#'));
      assert.ok(home.split('\n').includes(summaryLine), `${lang}: summary line differs`);
      assert.doesNotMatch(home, /<figure|\{\{/, `${lang}: no chart, no unfilled section`);
      assert.match(home, new RegExp(`\\]\\(/${lang === 'en' ? 'ENG/Benchmarks' : 'CHN/性能测试'}\\)`), `${lang}: no link to the Benchmarks page`);
    }
  });
}

test('with one compared server the headline says there is nothing to compare', () => {
  const results = load('results-quick-v2-json-b.json');
  const keep = lookup.comparedServers(results)[0].id;
  const ids = new Set(results.servers.filter((s) => s.id !== keep && !lookup.isJsonServer(s) && s.baseline !== true).map((s) => s.id));
  results.servers = results.servers.filter((s) => !ids.has(s.id));
  // Every reference to them goes too (the schema refuses a reference to a server the file does not list).
  const dropFromRounds = (rounds) => (rounds || []).forEach((round) => { round.order = round.order.filter((id) => !ids.has(id)); });
  for (const sc of results.scenarios) {
    sc.results = sc.results.filter((r) => !ids.has(r.server));
    sc.comparisons = (sc.comparisons || []).filter((c) => !ids.has(c.reference) && !ids.has(c.other));
    dropFromRounds(sc.rounds);
  }
  if (results.sweep) {
    results.sweep.results = results.sweep.results.filter((r) => !ids.has(r.server));
    for (const level of results.sweep.rounds || []) dropFromRounds(level.rounds);
  }
  for (const c of (results.instructions && results.instructions.cases) || []) {
    c.results = c.results.filter((r) => !ids.has(r.server));
    c.comparisons = (c.comparisons || []).filter((x) => !ids.has(x.reference) && !ids.has(x.other));
  }
  if (results.fixedRate) {
    results.fixedRate.groups = results.fixedRate.groups.filter((g) => !ids.has(g.reference));
    for (const g of results.fixedRate.groups) {
      g.servers = g.servers.filter((id) => !ids.has(id));
      for (const level of g.levels) {
        level.results = level.results.filter((r) => !ids.has(r.server));
        dropFromRounds(level.rounds);
      }
    }
  }
  const strings = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'benchmarks', 'strings.en.json'), 'utf8'));
  const home = render(results)['front-page'].en;
  assert.ok(home.includes(strings.sentences.scenario.noPair), 'no "nothing to compare" sentence');
  assert.equal(tableLines(home).length, 0);
});
