'use strict';
// The one sentence per scenario: which rule fires for which sides and verdicts, how each language
// words it, and that no combination of saturated sides gives a sentence that contradicts itself.
// The inputs are unit-test data for the rules, not benchmark figures (no page shows them).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { comparisonText, localize } = require('../../src/benchmarks/sentences');
const { scenarioSentence } = require('../../src/benchmarks/subjects/scenario-blocks');
const { endpointSentence } = require('../../src/benchmarks/subjects/json-blocks');
const verdicts = require('../../../shared/src/figures/verdict-figures');
const { createFormatter } = require('../../src/benchmarks/format');
const { escapeMarkdownText } = require('../../../shared/src/escape');
const { convertText } = require('../../src/convert/zh-tw');

const stringsOf = (lang) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'benchmarks', `strings.${lang}.json`), 'utf8'));
const SIDES = ['server', 'client', 'both', 'neither', 'unknown'];

function serverResult(server, { side, rps = 100000, perCpu = 200000, summary = true }) {
  return {
    server,
    runs: [],
    summary: summary ? { requestsPerSecond: { median: rps }, requestsPerServerCpuSecond: { median: perCpu } } : null,
    bottleneck: { side, serverCpuUtilization: 0.5, clientCpuUtilization: 0.5 },
    notes: [],
  };
}

function resultsWith(results, comparisons) {
  return {
    servers: [{ id: 'drogon', name: 'Drogon' }, { id: 'nginx', name: 'nginx' }, { id: 'ret', name: 'nginx return', baseline: true }],
    scenarios: [{ id: 's1', tool: 'wrk', keepAlive: true, results, ...(comparisons ? { comparisons } : {}) }],
  };
}

function context(lang, res) {
  const strings = stringsOf(lang);
  const fmt = createFormatter(strings.format);
  const names = new Map(res.servers.map((s) => [s.id, escapeMarkdownText(s.name)]));
  return { strings, fmt, esc: escapeMarkdownText, serverName: (id) => names.get(id) };
}

// The fixed opening of each pace sentence in a language (the text before its first placeholder):
// a sentence that holds two of them says two things about the pace.
function paceOpenings(strings, convert = (t) => t) {
  return Object.fromEntries(Object.entries(strings.sentences.pace).map(([pace, t]) => [pace, convert(t.split('{')[0].trim())]));
}

const comparison = (metric, verdict, ratio = 1.2, ciLow = 1.1, ciHigh = 1.3) => ({
  metric, reference: 'drogon', other: 'nginx', pairs: 5, ratio, ciLow, ciHigh, verdict,
});

test('the pace openings are distinct in every language, so a sentence with two would be caught', () => {
  for (const [lang, convert] of [['en'], ['zh-CN'], ['zh-CN', convertText]]) {
    const openings = Object.values(paceOpenings(stringsOf(lang), convert));
    assert.ok(openings.every((o) => o.length >= 6), `${lang}: ${openings}`);
    for (const a of openings) for (const b of openings) if (a !== b) assert.ok(!a.includes(b), `${lang}: "${a}" contains "${b}"`);
  }
});

test('every combination of saturated sides (and of the baseline\'s): one sentence, one pace, never contradictory', () => {
  const pair = { reference: 'drogon', other: 'nginx' };
  let checked = 0;
  for (const drogon of SIDES) {
    for (const nginx of SIDES) {
      for (const baseline of SIDES) {
        for (const verdict of ['faster', 'slower', 'within-noise', null]) {
          const comparisons = verdict ? verdicts.METRICS.map((m) => comparison(m, verdict)) : undefined;
          const res = resultsWith([serverResult('drogon', { side: drogon }), serverResult('nginx', { side: nginx }), serverResult('ret', { side: baseline })], comparisons);
          const said = scenarioSentence(res, res.scenarios[0], pair);
          const expectedPace = drogon === nginx ? drogon : 'mixed';
          assert.equal(said.pace, expectedPace);
          assert.equal(said.key, `pace.${expectedPace}`);
          // The figure quoted: requests per second only while the load generator was not saturated.
          const clientSaturated = [drogon, nginx].some(verdicts.clientSaturated);
          const mixed = drogon !== nginx;
          assert.equal(said.metric, clientSaturated || mixed ? 'requestsPerServerCpuSecond' : 'requestsPerSecond', `${drogon}/${nginx}`);
          for (const [lang, convert] of [['en'], ['zh-CN'], ['zh-TW', convertText]]) {
            const strings = stringsOf(lang === 'zh-TW' ? 'zh-CN' : lang);
            let text = localize(said, context(lang === 'zh-TW' ? 'zh-CN' : lang, res));
            if (convert) text = convert(text);
            const openings = paceOpenings(strings, convert);
            const found = Object.entries(openings).filter(([, opening]) => text.includes(opening)).map(([pace]) => pace);
            assert.deepEqual(found, [expectedPace], `${lang} ${drogon}/${nginx}: ${text}`);
            // One sentence: one full stop, at the end.
            const stops = text.match(lang === 'en' ? /\.(\s|$)/g : /。/g) || [];
            assert.equal(stops.length, 1, `${lang}: not one sentence: ${text}`);
            // A lead only from an interval: the verdict words appear exactly when the bench gave one.
            const verdicts = Object.values(strings.comparison.verdicts).map((v) => (convert || ((t) => t))(v.replace('{reference}', 'Drogon')));
            const claimed = verdicts.filter((v) => text.includes(v));
            if (verdict) assert.deepEqual(claimed, [(convert || ((t) => t))(strings.comparison.verdicts[verdict].replace('{reference}', 'Drogon'))], `${lang}: ${text}`);
            else assert.deepEqual(claimed, [], `${lang}: a verdict without an interval: ${text}`);
            if (mixed) {
              // Each server's own side, named once.
              for (const [id, side] of [['Drogon', drogon], ['nginx', nginx]]) {
                const sideName = (convert || ((t) => t))(strings.sides[side]);
                assert.ok(text.includes(`${id}${lang === 'en' ? ': ' : '：'}${sideName}`), `${lang}: ${id}'s side not named: ${text}`);
              }
            }
          }
          checked += 1;
        }
      }
    }
  }
  assert.equal(checked, SIDES.length ** 3 * 4);
});

// A JSON endpoint (issue 9): the reference variant against each other variant, three variants here.
function endpointWith(results, comparisons) {
  return {
    servers: [{ id: 'drogon', name: 'Drogon' }, { id: 'dj', name: 'Drogon + jsoncpp', framework: 'drogon' },
      { id: 'ds', name: 'Drogon + simdjson', framework: 'drogon' }, { id: 'gin', name: 'gin + sonic', framework: 'gin' }],
    scenarios: [{ id: 'json-json', kind: 'json', endpoint: '/json', reference: 'dj', tool: 'wrk', keepAlive: true, results, ...(comparisons ? { comparisons } : {}) }],
  };
}

test('one sentence per JSON endpoint over every combination of its variants\' sides: one pace, every variant compared, never contradictory', () => {
  const others = ['ds', 'gin'];
  let checked = 0;
  for (const dj of SIDES) {
    for (const ds of SIDES) {
      for (const gin of SIDES) {
        for (const verdict of ['faster', 'slower', 'within-noise', null]) {
          const comparisons = verdict ? verdicts.METRICS.flatMap((m) => others.map((other) => ({ ...comparison(m, verdict), reference: 'dj', other }))) : undefined;
          const res = endpointWith([serverResult('dj', { side: dj }), serverResult('ds', { side: ds }), serverResult('gin', { side: gin })], comparisons);
          const said = endpointSentence(res, res.scenarios[0]);
          const same = dj === ds && ds === gin;
          const expectedPace = same ? dj : 'mixed';
          assert.equal(said.key, `pace.${expectedPace}`);
          const clientSaturated = [dj, ds, gin].some(verdicts.clientSaturated);
          assert.equal(said.metric, clientSaturated || !same ? 'requestsPerServerCpuSecond' : 'requestsPerSecond', `${dj}/${ds}/${gin}`);
          for (const [lang, convert] of [['en'], ['zh-CN'], ['zh-TW', convertText]]) {
            const strings = stringsOf(lang === 'zh-TW' ? 'zh-CN' : lang);
            let text = localize(said, context(lang === 'zh-TW' ? 'zh-CN' : lang, res));
            if (convert) text = convert(text);
            const found = Object.entries(paceOpenings(strings, convert)).filter(([, opening]) => text.includes(opening)).map(([pace]) => pace);
            assert.deepEqual(found, [expectedPace], `${lang}: ${text}`);
            const stops = text.match(lang === 'en' ? /\.(\s|$)/g : /。/g) || [];
            assert.equal(stops.length, 1, `${lang}: not one sentence: ${text}`);
            // Every other variant is compared with the reference, once each: one ratio per variant.
            assert.equal((text.match(/×/g) || []).length, others.length, `${lang}: one ratio per variant: ${text}`);
            for (const name of ['Drogon + simdjson', 'gin + sonic']) assert.ok(text.includes(name), `${lang}: ${name}: ${text}`);
            if (!same) {
              for (const [name, side] of [['Drogon + jsoncpp', dj], ['Drogon + simdjson', ds], ['gin + sonic', gin]]) {
                assert.ok(text.includes(`${name}${lang === 'en' ? ': ' : '：'}${(convert || ((t) => t))(strings.sides[side])}`), `${lang}: ${name}'s side not named: ${text}`);
              }
            }
            const verdicts = Object.values(strings.comparison.verdicts).map((v) => (convert || ((t) => t))(v));
            const claimed = verdicts.filter((v) => text.includes(v));
            if (verdict) assert.deepEqual(claimed, [(convert || ((t) => t))(strings.comparison.verdicts[verdict])], `${lang}: ${text}`);
            else assert.deepEqual(claimed, [], `${lang}: a verdict without an interval: ${text}`);
          }
          checked += 1;
        }
      }
    }
  }
  assert.equal(checked, SIDES.length ** 3 * 4);
});

test('a JSON endpoint: a variant without a successful run is "not measured"; without the reference\'s runs nothing is compared', () => {
  const res = endpointWith([serverResult('dj', { side: 'server' }), serverResult('ds', { side: 'server' }), serverResult('gin', { side: 'client', summary: false })]);
  const said = endpointSentence(res, res.scenarios[0]);
  // The pace is of the variants that ran; the one that did not is named as not measured.
  assert.equal(said.key, 'pace.server');
  assert.equal(localize(said, context('en', res)),
    'The servers\' CPU was the limit, so requests per second compare them: Drogon + jsoncpp against Drogon + simdjson 1.00× (medians); gin + sonic not measured.');
  const noReference = endpointWith([serverResult('dj', { side: 'server', summary: false }), serverResult('ds', { side: 'server' })]);
  assert.equal(localize(endpointSentence(noReference, noReference.scenarios[0]), context('en', noReference)),
    'Drogon + jsoncpp has no successful run in this scenario, so nothing is compared.');
  const alone = endpointWith([serverResult('dj', { side: 'server' })]);
  assert.equal(endpointSentence(alone, alone.scenarios[0]).key, 'scenario.noPair');
});

test('English wording: no sentence says both that the load generator and that the server set the pace', () => {
  const pair = { reference: 'drogon', other: 'nginx' };
  for (const drogon of SIDES) {
    for (const nginx of SIDES) {
      const res = resultsWith([serverResult('drogon', { side: drogon }), serverResult('nginx', { side: nginx })]);
      const text = localize(scenarioSentence(res, res.scenarios[0], pair), context('en', res));
      const saysClient = /load generator's CPU was the limit/.test(text);
      const saysServer = /server's CPU was the limit/.test(text);
      assert.ok(!(saysClient && saysServer), text);
      if (saysClient) assert.ok(drogon === 'client' && nginx === 'client', text);
      if (saysServer) assert.ok(drogon === 'server' && nginx === 'server', text);
      if (/Both CPUs were saturated/.test(text)) assert.ok(drogon === 'both' && nginx === 'both', text);
      if (/Neither CPU was saturated/.test(text)) assert.ok(drogon === 'neither' && nginx === 'neither', text);
    }
  }
});

test('the comparison phrase: interval and verdict from the bench, or the ratio of medians without a verdict', () => {
  const res = resultsWith([serverResult('drogon', { side: 'server', rps: 150000 }), serverResult('nginx', { side: 'server', rps: 100000 })]);
  const pair = { reference: 'drogon', other: 'nginx' };
  const en = context('en', res);
  const zh = context('zh-CN', res);
  const medians = verdicts.ratioFor(res.scenarios[0], 'requestsPerSecond', pair);
  assert.deepEqual(medians, { ratio: 1.5, ciLow: null, ciHigh: null, verdict: null, reason: null, pairs: null, hasCi: false, fromMedians: true });
  assert.equal(comparisonText(en, pair, medians), 'Drogon 1.50× nginx (medians)');
  assert.equal(comparisonText(zh, pair, medians), 'Drogon 为 nginx 的 1.50×（中位数）');
  const withCi = resultsWith(res.scenarios[0].results, [comparison('requestsPerSecond', 'faster', 3.62, 3.5, 3.75)]);
  const bootstrap = verdicts.ratioFor(withCi.scenarios[0], 'requestsPerSecond', pair);
  assert.equal(comparisonText(en, pair, bootstrap), 'Drogon 3.62× nginx (95 % CI 3.50–3.75), faster');
  assert.equal(comparisonText(zh, pair, bootstrap), 'Drogon 为 nginx 的 3.62×（95% 置信区间 3.50–3.75），更快');
  const fewPairs = { ...comparison('requestsPerSecond', 'within-noise', 1.01, null, null), pairs: 1, reason: 'too few paired rounds' };
  const few = verdicts.ratioFor(resultsWith(res.scenarios[0].results, [fewPairs]).scenarios[0], 'requestsPerSecond', pair);
  assert.equal(few.hasCi, false);
  assert.equal(comparisonText(en, pair, few), 'Drogon 1.01× nginx (no CI: too few paired rounds)');
  assert.equal(comparisonText(zh, pair, few), 'Drogon 为 nginx 的 1.01×（无置信区间：配对的轮次太少）');
  assert.equal(comparisonText(en, pair, null), 'Drogon against nginx: not measured');
});

test('a server without a successful run: said, and nothing compared', () => {
  const res = resultsWith([serverResult('drogon', { side: 'server' }), serverResult('nginx', { side: 'client', summary: false })]);
  const said = scenarioSentence(res, res.scenarios[0], { reference: 'drogon', other: 'nginx' });
  assert.equal(said.key, 'scenario.noResult');
  assert.equal(localize(said, context('en', res)), 'nginx has no successful run in this scenario, so nothing is compared.');
  assert.equal(scenarioSentence(res, res.scenarios[0], null).key, 'scenario.noPair');
});

test('every sentence and comparison key exists in both languages with the same placeholders', () => {
  const placeholders = (t) => [...t.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();
  const walk = (en, zh, at) => {
    for (const key of Object.keys(en)) {
      if (typeof en[key] === 'string') {
        assert.equal(typeof zh[key], 'string', `zh-CN ${at}.${key} missing`);
        assert.deepEqual(placeholders(zh[key]), placeholders(en[key]), `${at}.${key}`);
      } else walk(en[key], zh[key] || {}, `${at}.${key}`);
    }
  };
  for (const group of ['sentences', 'comparison', 'sides']) walk(stringsOf('en')[group], stringsOf('zh-CN')[group], group);
});

test('a template placeholder without a value is an error, not a blank', () => {
  const res = resultsWith([serverResult('drogon', { side: 'server' }), serverResult('nginx', { side: 'server' })]);
  const ctx = context('en', res);
  ctx.strings = { ...ctx.strings, sentences: { scenario: { noResult: '{server} {nothing}' } } };
  assert.throws(() => localize({ key: 'scenario.noResult', params: { server: { kind: 'server', id: 'drogon' } } }, ctx), /no value for \{nothing\}/);
});
