'use strict';
// Where the time goes (issue 16): the sentences about each counted case are generated from the figures
// of the results file, on real results (docs/test/fixtures/results-quick-v3-a.json: a real quick run
// with system-call counts of keep-alive on the hello-world servers and of GET /json on every JSON
// variant; results-default-counts.json: a real run of the default profile's scenarios and counts, every
// case), in English, Simplified and Traditional Chinese. Variants made in code from them are test data.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { renderBenchmarkPages } = require('../../../src/benchmarks/render');
const { countSentences, callsText, CALLS_DIFFERENCE } = require('../../../src/benchmarks/subjects/count-sentences');
const { createFormatter } = require('../../../src/benchmarks/format');
const { convertMarkdown } = require('../../../src/convert/zh-tw');
const counts = require('../../../../shared/src/figures/count-figures');
const lookup = require('../../../../shared/src/figures/results-lookup');

const fixtures = path.join(__dirname, '..', '..', 'fixtures');
const load = (name) => JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8'));
const REAL = ['results-quick-v3-a.json', 'results-default-counts.json'].filter((name) => fs.existsSync(path.join(fixtures, name)));
const stringsOf = (lang) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'benchmarks', `strings.${lang}.json`), 'utf8'));

function pagesOf(results) {
  const pages = renderBenchmarkPages({ results, resultsSha256: '0'.repeat(64) });
  return { en: pages.benchmarks.en, 'zh-CN': pages.benchmarks['zh-CN'], 'zh-TW': convertMarkdown(pages.benchmarks['zh-CN']) };
}

// The section of the page under "Where the time goes" (in each language's heading).
const HEADINGS = { en: '## Where the time goes', 'zh-CN': '## 时间花在哪里', 'zh-TW': '## 時間花在哪裡' };
function section(page, lang) {
  const start = page.indexOf(HEADINGS[lang]);
  assert.ok(start >= 0, `${lang}: no where-the-time-goes section`);
  return page.slice(start, page.indexOf('\n## ', start + 4) >= 0 ? page.indexOf('\n## ', start + 4) : undefined);
}

// The pair a case's sentence compares, found here independently of the generator.
function pairOf(results, entry) {
  const counted = entry.rows.filter((r) => r.total !== null);
  if (!entry.json) return lookup.mainPair(results);
  const ref = counted.find((r) => r.server === entry.case.reference);
  const others = counted.filter((r) => r !== ref).sort((a, b) => Math.abs(b.total - ref.total) - Math.abs(a.total - ref.total));
  return { reference: ref.server, other: others[0].server };
}

test('every counted case of real results gets its sentences, with the figures of the file, in three languages', () => {
  assert.ok(REAL.length >= 1);
  for (const name of REAL) {
    const results = load(name);
    const data = counts.syscallTable(results);
    const pages = pagesOf(results);
    for (const lang of ['en', 'zh-CN', 'zh-TW']) {
      const text = section(pages[lang], lang);
      const fmt = createFormatter(stringsOf(lang === 'zh-TW' ? 'zh-CN' : lang).format);
      for (const entry of data.cases) {
        const pair = pairOf(results, entry);
        const ref = entry.rows.find((r) => r.server === pair.reference);
        const other = entry.rows.find((r) => r.server === pair.other);
        const item = text.split('\n').find((l) => (l.startsWith('- **') || l.startsWith('- <strong>')) && l.includes(fmt.decimal(ref.total, 2)) && l.includes(fmt.decimal(other.total, 2)));
        assert.ok(item, `${name} ${lang} ${entry.case.id}: an item with both totals (${ref.total}, ${other.total})`);
        // The kind named is the one where the counts differ most, or none when nothing differs.
        const diffs = Object.keys(ref.byCategory).map((id) => [id, Math.abs(ref.byCategory[id] - other.byCategory[id])]).sort((a, b) => b[1] - a[1]);
        const strings = stringsOf(lang === 'zh-TW' ? 'zh-CN' : lang);
        const word = (w) => (lang === 'zh-TW' ? convertMarkdown(w).trim() : w);
        if (diffs[0][1] < CALLS_DIFFERENCE) assert.ok(item.includes(word(strings.sentences.timeGoes.same.split('{')[0])), `${name} ${lang} ${entry.case.id}: ${item}`);
        else assert.ok(item.includes(word(strings.timeGoes.categories[diffs[0][0]])), `${name} ${lang} ${entry.case.id}: names ${diffs[0][0]}: ${item}`);
        // The kernel's share of each server's CPU time in the matching timed scenario, when the file has it.
        const split = counts.cpuSplit(counts.scenarioForCase(results, entry.case), pair.reference);
        if (split) assert.ok(item.includes(fmt.percent(split.share)), `${name} ${lang} ${entry.case.id}: kernel share ${split.share}`);
      }
    }
  }
});

test('the sentences follow the figures, never the other way: swapped counts swap the values; equal counts claim no difference', () => {
  const results = load(REAL[REAL.length - 1]);
  const entry = counts.syscallTable(results).cases.find((c) => !c.json);
  const pair = lookup.mainPair(results);
  const raw = results.syscalls.cases.find((c) => c.id === entry.case.id);
  const a = raw.results.find((r) => r.server === pair.reference);
  const b = raw.results.find((r) => r.server === pair.other);
  // swap the two servers' counts (test data)
  const swapped = structuredClone(results);
  const sa = swapped.syscalls.cases.find((c) => c.id === entry.case.id).results.find((r) => r.server === pair.reference);
  const sb = swapped.syscalls.cases.find((c) => c.id === entry.case.id).results.find((r) => r.server === pair.other);
  for (const key of ['perRequest', 'byCategory', 'total']) [sa[key], sb[key]] = [b[key], a[key]];
  const before = countSentences(results, entry)[0].params;
  const after = countSentences(swapped, counts.syscallTable(swapped).cases.find((c) => c.case.id === entry.case.id))[0].params;
  assert.deepEqual([after.referenceTotal.value, after.otherTotal.value], [before.otherTotal.value, before.referenceTotal.value]);
  // the same counts for both: no difference is named
  const same = structuredClone(results);
  const sc = same.syscalls.cases.find((c) => c.id === entry.case.id);
  const copy = sc.results.find((r) => r.server === pair.reference);
  Object.assign(sc.results.find((r) => r.server === pair.other), { perRequest: copy.perRequest, byCategory: copy.byCategory, total: copy.total });
  const keys = countSentences(same, counts.syscallTable(same).cases.find((c) => c.case.id === entry.case.id)).map((s) => s.key);
  assert.ok(keys.includes('timeGoes.same') && !keys.includes('timeGoes.difference'), keys.join(', '));
  // without the CPU split (an older file), no kernel sentence
  const older = structuredClone(results);
  for (const scenario of older.scenarios) for (const r of scenario.results) if (r.summary) delete r.summary.serverKernelShare;
  assert.ok(!countSentences(older, counts.syscallTable(older).cases.find((c) => c.case.id === entry.case.id)).some((s) => s.key === 'timeGoes.kernel'));
});

test('calls in words: one per request, one per batch when a case sends batches, a decimal otherwise, none', () => {
  for (const [lang, expect] of [['en', ['one per request', 'one per 16 requests', '0.01 per request', 'none', 'one per connection', '2.00 per connection']],
    ['zh-CN', ['每个请求一次', '每 16 个请求一次', '每个请求 0.01 次', '没有', '每个连接一次', '每个连接 2.00 次']]]) {
    const strings = stringsOf(lang);
    const ctx = { strings, fmt: createFormatter(strings.format) };
    assert.deepEqual([
      callsText(ctx, 1.001, 'request'), callsText(ctx, 0.0625, 'request', 16), callsText(ctx, 0.0125, 'request', 1),
      callsText(ctx, 0.001, 'request'), callsText(ctx, 1, 'connection'), callsText(ctx, 2, 'connection'),
    ], expect);
  }
});

// Go's monitor thread sleeps on a clock (nanosleep): the bench counts those calls per second of the
// window, apart from the calls per request (bench/scenarios.json syscalls.clockDriven). The real
// default-profile counts, split the bench's way from their own windows: gin's totals leave the sleeps
// out, and the details page shows them per second beside the calls by name, in every language, for
// gin only.
test('clock-driven calls: real gin windows without them per request, and the details page shows them per second', (t) => {
  if (!REAL.includes('results-default-counts.json')) { t.skip('no results-default-counts.json'); return; }
  const { repeatFigures, summarizeSyscallRepeats } = require('../../../../bench/src/parts/syscall-counts/strace-windows');
  const { loadScenarios } = require('../../../../bench/src/plan/load-scenarios');
  const { clockDriven, categories } = loadScenarios().syscalls;
  const results = load('results-default-counts.json');
  results.syscalls.clockDriven = clockDriven;
  let ginRows = 0;
  for (const c of results.syscalls.cases) {
    for (const r of c.results) {
      if (r.repeats.length === 0) continue;
      const repeats = r.repeats.map((rep) => ({ ...rep, ...repeatFigures({ calls: rep.callsN, seconds: rep.secondsN }, { calls: rep.calls2N, seconds: rep.seconds2N }, c.requests, clockDriven) }));
      Object.assign(r, { repeats }, summarizeSyscallRepeats(repeats, categories));
      if (r.server.startsWith('gin-')) {
        ginRows += 1;
        assert.equal(r.perRequest.nanosleep, undefined, `${c.id} ${r.server}`);
        assert.ok(Math.abs(r.total - r.repeats.map((x) => x.total).sort((a, b) => a - b)[1]) < 1e-12, `${c.id} ${r.server}: total is the median`);
        assert.ok(r.repeats.every((x) => Math.abs(x.total - Object.values(x.perRequest).reduce((a, b) => a + b, 0)) < 1e-9));
        assert.ok(r.clockDrivenPerSecond.nanosleep > 0, `${c.id} ${r.server}: no nanosleep per second`);
      } else {
        assert.equal(r.clockDrivenPerSecond, undefined, `${c.id} ${r.server}`);
      }
    }
  }
  assert.ok(ginRows >= 4, `gin rows: ${ginRows}`);
  const pages = renderBenchmarkPages({ results, resultsSha256: '0'.repeat(64) })['benchmark-details'];
  const gin = results.syscalls.cases.find((c) => c.id === 'json-json').results.find((r) => r.server === 'gin-sonic');
  const perSecond = String(Math.round(gin.clockDrivenPerSecond.nanosleep));
  for (const [lang, page, marker] of [['en', pages.en, 'per second (on a clock)'], ['zh-CN', pages['zh-CN'], '每秒（按时钟）'], ['zh-TW', convertMarkdown(pages['zh-CN']), '每秒（按時鐘）']]) {
    const rows = page.split('\n').filter((line) => line.includes(marker));
    assert.equal(rows.length, ginRows, `${lang}: a clock-driven note on each gin row only:\n${rows.join('\n')}`);
    assert.ok(rows.every((row) => /gin/.test(row) && row.includes('`nanosleep`')), `${lang}: ${rows[0]}`);
    const thousands = perSecond.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    assert.ok(rows.some((row) => row.includes(`\`nanosleep\` ${thousands}`) || row.includes(`\`nanosleep\` ${perSecond}`)), `${lang}: ${perSecond}/s not shown:\n${rows.join('\n')}`);
  }
});
