'use strict';
// docs/src/benchmarks/subjects/json-blocks.js: Drogon and Go, with literal results.
const test = require('node:test');
const assert = require('node:assert/strict');
const { conclusion } = require('../../../src/benchmarks/subjects/scenario-blocks');
const { jsonChart } = require('../../../src/benchmarks/subjects/json-blocks');
const { stringsOf, literalResults, contextFor, chartOf, tableRows, withJson } = require('../../support/subject-fixtures');

test('Drogon and Go: endpoint x variant table and chart, one sentence per endpoint, not built and conformance in one line each', () => {
  const results = withJson(literalResults());
  const en = jsonChart(contextFor('en', results));
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
  const zh = jsonChart(contextFor('zh-CN', results));
  // A reason without a reviewed translation stays English, marked as English (never a stale translation).
  assert.match(zh, /<summary>未构建：Drogon \+ glaze<\/summary>\n\n- Drogon \+ glaze：<span lang="en">needs GCC 13<\/span>\n/);
  // The reason of bench/json/servers.json has one (strings.zh-CN.json dataTranslations, by its exact text).
  const { reason } = require('../../../../bench/json/servers.json').notBuilt.find((n) => n.id === 'drogon-glaze');
  const translated = jsonChart(contextFor('zh-CN', { ...results, notBuilt: [{ ...results.notBuilt[0], reason }] }));
  assert.match(translated, /- Drogon \+ glaze：glaze 9\.0\.0（Debian sid）需要带 &lt;format&gt; 的 C\+\+23/);
  assert.doesNotMatch(translated, /lang="en"|needs C\+\+23/);
  assert.match(zh, /\| 每秒请求数 · p50\/p75\/p90\/p99（毫秒） \| GET \/json \| POST \/dbop，N = 10 \|/);
  assert.match(zh, /Drogon \+ jsoncpp 分别为 Drogon \+ simdjson 的 0\.91×（0\.88–0\.94，更慢）；gin \+ sonic 的：未测得。/);
  // The hello-world sentences leave the JSON endpoints out; they have theirs here.
  assert.doesNotMatch(conclusion(contextFor('en', results)), /json|dbop/i);
  // All variants conformed: one line says so.
  results.conformance = { ...results.conformance, ok: true, excluded: [] };
  assert.match(jsonChart(contextFor('en', results)), /<summary>Conformance: all 3 variants equal to Drogon \+ jsoncpp on 38 requests<\/summary>\n\n.*All answers were equal\.\n/);
  // More endpoints than layout.endpointSentencesUnfolded (N): the first N - 1 sentences shown, the others
  // folded; with N = 1 (the layout since the figures are pooled), every sentence folded.
  for (const n of [1, 10]) results.scenarios.push({ ...results.scenarios[3], id: `json-dbop-extra${n}`, operations: n + 1 });
  const ctx = contextFor('en', results);
  const many = jsonChart(ctx);
  assert.equal(ctx.layout.endpointSentencesUnfolded, 1);
  assert.match(many, /<details class="bench-more">\n<summary>The 4 endpoints in sentences<\/summary>/);
  assert.equal(many.split('<details class="bench-more">')[0].split('\n').filter((l) => l.startsWith('- **')).length, 0);
  const two = jsonChart({ ...ctx, layout: { ...ctx.layout, endpointSentencesUnfolded: 2 } });
  assert.match(two, /<details class="bench-more">\n<summary>The other 3 endpoints<\/summary>/);
  assert.equal(two.split('<details class="bench-more">')[0].split('\n').filter((l) => l.startsWith('- **')).length, 1);
  assert.equal(jsonChart(contextFor('en', literalResults())), stringsOf('en').json.none);
});
