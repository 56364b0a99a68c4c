'use strict';
// Conclusion sentences: which rule fires for which numbers, and how each language words it.
// The inputs are unit-test data for the rules, not benchmark figures (no page shows them).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { scenarioConclusions, overallConclusions, localize } = require('../src/benchmarks/sentences');
const { createFormatter } = require('../src/benchmarks/format');
const { escapeMarkdownText } = require('../src/benchmarks/escape');

const stringsOf = (lang) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'benchmarks', `strings.${lang}.json`), 'utf8'));

function serverResult(server, { rps, spread = 0.01, okRuns = 5, failed = 0, side = 'server', serverCpu = 0.99, clientCpu = 0.5, efficiency }) {
  const runs = [...Array(okRuns)].map((_, i) => ({ repetition: i + 1, status: 'ok' }))
    .concat([...Array(failed)].map((_, i) => ({ repetition: okRuns + i + 1, status: 'failed', failureReason: 'crashed' })));
  const half = (rps * spread) / 2;
  const eff = efficiency ?? { min: 1000, median: 1000, max: 1000 };
  return {
    server,
    runs,
    summary: okRuns === 0 ? null : {
      okRuns, failedRuns: failed, spread,
      requestsPerSecond: { min: rps - half, median: rps, max: rps + half },
      requestsPerServerCpuSecond: eff,
    },
    bottleneck: { side, serverCpuUtilization: serverCpu, clientCpuUtilization: clientCpu },
    notes: [],
  };
}

function results(scenarioResults, { baseline = true } = {}) {
  return {
    servers: [{ id: 'drogon', name: 'Drogon' }, { id: 'nginx', name: 'nginx' }, ...(baseline ? [{ id: 'ret', name: 'nginx return', baseline: true }] : [])],
    scenarios: [{ id: 's1', tool: 'wrk', results: scenarioResults }],
  };
}

function keys(sentences) { return sentences.map((s) => s.key); }

function context(lang, res) {
  const strings = stringsOf(lang);
  const fmt = createFormatter(strings.format);
  const names = new Map(res.servers.map((s) => [s.id, escapeMarkdownText(s.name)]));
  const list = new Intl.ListFormat(fmt.locale, { type: 'conjunction' });
  return {
    strings, fmt, esc: escapeMarkdownText, serverName: (id) => names.get(id), scenarioLabel: (id) => `scenario ${id}`,
    scenarioList: (ids) => ids.map((id) => `scenario ${id}`).join(strings.listSeparator), list: (items) => list.format(items),
  };
}

test('led by X%: the leader, the percentage and both medians', () => {
  const res = results([
    serverResult('drogon', { rps: 120000 }), serverResult('nginx', { rps: 100000 }), serverResult('ret', { rps: 100000 }),
  ]);
  const sentences = scenarioConclusions(res, res.scenarios[0]);
  const lead = sentences.find((s) => s.key === 'throughput.lead');
  assert.ok(lead, `no lead sentence in ${keys(sentences)}`);
  assert.equal(lead.params.leader.id, 'drogon');
  assert.equal(lead.params.other.id, 'nginx');
  assert.ok(Math.abs(lead.params.lead.value - 0.2) < 1e-12);
  assert.equal(localize(lead, context('en', res)),
    'Drogon served 20.0% more requests per second than nginx (120,000 vs 100,000 req/s, medians of 5 runs), more than the run-to-run spread of 1.0%.');
  assert.equal(localize(lead, context('zh-CN', res)),
    'Drogon 的每秒请求数比 nginx 高 20.0%（12.00万 对 10.00万 次请求/秒，5 次运行的中位数），超过了 1.0% 的运行间波动。');
});

test('within noise: no leader is named', () => {
  const res = results([serverResult('drogon', { rps: 100500, spread: 0.03 }), serverResult('nginx', { rps: 100000, spread: 0.02 })]);
  const sentences = scenarioConclusions(res, res.scenarios[0]);
  assert.ok(keys(sentences).includes('throughput.withinNoise'), keys(sentences).join());
  assert.ok(!keys(sentences).includes('throughput.lead'));
  const text = localize(sentences.find((s) => s.key === 'throughput.withinNoise'), context('en', res));
  assert.equal(text, 'Drogon and nginx were within noise in requests per second: 100,500 vs 100,000 req/s differ by 0.5%, not more than the run-to-run spread of 3.0%.');
  assert.doesNotMatch(text, /led|more requests per second than/);
});

test('client-bound: the load generator set the pace, and a baseline at the same rate is named as the ceiling', () => {
  const res = results([
    serverResult('drogon', { rps: 116000, side: 'client', clientCpu: 0.995, serverCpu: 0.7 }),
    serverResult('nginx', { rps: 116300, side: 'client', clientCpu: 0.99, serverCpu: 0.5 }),
    serverResult('ret', { rps: 116100, side: 'client', clientCpu: 0.99, serverCpu: 0.5 }),
  ]);
  const sentences = scenarioConclusions(res, res.scenarios[0]);
  assert.deepEqual(keys(sentences), ['throughput.withinNoise', 'bottleneck.client', 'baseline.sameCeiling', 'efficiency.withinNoise']);
  const en = localize(sentences[1], context('en', res));
  assert.equal(en, "The load generator's CPU was saturated (up to 99.5%): wrk, not the server, set the pace, so requests per second say little about the servers here.");
  const overall = overallConclusions(res);
  assert.deepEqual(keys(overall), ['overall.clientBound']);
  assert.equal(localize(overall[0], context('zh-CN', res)),
    '在 1 个场景中有 1 个负载生成器的 CPU 已饱和（scenario s1）：在这些场景中决定速度的是负载生成器，而不是服务器。');
});

test('client-bound for one server only says which', () => {
  const res = results([
    serverResult('drogon', { rps: 90000, side: 'server' }),
    serverResult('nginx', { rps: 116000, side: 'client', clientCpu: 0.97 }),
  ], { baseline: false });
  const sentences = scenarioConclusions(res, res.scenarios[0]);
  const some = sentences.find((s) => s.key === 'bottleneck.clientSome');
  assert.ok(some, keys(sentences).join());
  assert.match(localize(some, context('en', res)), /in the runs against nginx \(up to 97\.0%\)/);
  assert.ok(keys(sentences).includes('bottleneck.server'));
});

test('efficiency tells servers apart when throughput cannot', () => {
  const res = results([
    serverResult('drogon', { rps: 116000, side: 'client', efficiency: { min: 115000, median: 116000, max: 117000 } }),
    serverResult('nginx', { rps: 116100, side: 'client', efficiency: { min: 190000, median: 192000, max: 194000 } }),
  ], { baseline: false });
  const sentences = scenarioConclusions(res, res.scenarios[0]);
  const eff = sentences.find((s) => s.key === 'efficiency.lead');
  assert.ok(eff, keys(sentences).join());
  assert.equal(eff.params.leader.id, 'nginx');
  assert.match(localize(eff, context('en', res)), /^Per second of server CPU, nginx served 65\.5% more requests than Drogon \(192,000 vs 116,000\)/);
});

test('one run each: the difference is reported but not called a lead', () => {
  const res = results([serverResult('drogon', { rps: 120000, okRuns: 1, spread: 0 }), serverResult('nginx', { rps: 100000, okRuns: 1, spread: 0 })], { baseline: false });
  const sentences = scenarioConclusions(res, res.scenarios[0]);
  assert.ok(keys(sentences).includes('throughput.singleRun'));
  assert.ok(!keys(sentences).includes('throughput.lead'));
  assert.match(localize(sentences.find((s) => s.key === 'throughput.singleRun'), context('en', res)), /too few to tell this from noise/);
});

test('failed runs are said, and a server without any successful run is not compared', () => {
  const res = results([serverResult('drogon', { rps: 0, okRuns: 0, failed: 3 }), serverResult('nginx', { rps: 100000, failed: 1 })], { baseline: false });
  const sentences = scenarioConclusions(res, res.scenarios[0]);
  assert.deepEqual(keys(sentences).slice(0, 2), ['runs.none', 'runs.someFailed']);
  assert.ok(!keys(sentences).some((k) => k.startsWith('throughput.') || k.startsWith('efficiency.')));
  assert.equal(localize(sentences[0], context('en', res)), 'Drogon has no successful run in this scenario (3 failed).');
});

test('every sentence key exists in both languages with the same placeholders', () => {
  const en = stringsOf('en').sentences;
  const zh = stringsOf('zh-CN').sentences;
  const placeholders = (t) => [...t.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();
  for (const group of Object.keys(en)) {
    for (const key of Object.keys(en[group])) {
      assert.equal(typeof zh[group]?.[key], 'string', `zh-CN sentences.${group}.${key} missing`);
      assert.deepEqual(placeholders(zh[group][key]), placeholders(en[group][key]), `sentences.${group}.${key}`);
    }
  }
  assert.deepEqual(Object.keys(zh).sort(), Object.keys(en).sort());
});

test('a template placeholder without a value is an error, not a blank', () => {
  const res = results([serverResult('drogon', { rps: 1 }), serverResult('nginx', { rps: 1 })]);
  const ctx = context('en', res);
  ctx.strings = { ...ctx.strings, sentences: { runs: { none: '{server} {nothing}' } } };
  assert.throws(() => localize({ key: 'runs.none', params: { server: { kind: 'server', id: 'drogon' } } }, ctx), /no value for \{nothing\}/);
});
