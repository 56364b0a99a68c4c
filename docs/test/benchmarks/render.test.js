'use strict';
// The Benchmarks page generator end to end: golden pages from real quick-profile results, validation
// errors that name the field, determinism, escaping of every string field, the zh-TW conversion.
//
// Fixtures (docs/test/fixtures/): results-quick-v2-json-a.json and -b.json (results format 2 with
// issue 9's parts: the JSON scenario on every JSON variant, conformance, the variant not built, a
// fixed-rate level, besides rounds, paired comparisons with intervals, a pipelined scenario without
// latency, the sweep and instruction counts), results-quick-v2-a.json and -b.json (format 2 before
// issue 9) and results-quick-a.json and -b.json (format 1, which must keep rendering) are the outputs
// of real quick runs of the bench on the project's 2-core machine, copied unchanged; so are
// results-quick-v3-a.json and -b.json (issue 16: system-call counts, the CPU split, ab's resolution).
// The goldens are of the v3 pair. Refresh the goldens after an intended change with:
//   UPDATE_GOLDEN=1 node --test docs/test/benchmarks-render.test.js
// Covers: docs/src/benchmarks/handler.js, docs/src/benchmarks/markdown-blocks.js,
//   docs/src/benchmarks/page-sections.js, docs/src/benchmarks/subjects/provenance-blocks.js,
//   docs/src/benchmarks/subjects/server-exit-blocks.js, docs/src/benchmarks/source-drawer.js
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { renderBenchmarkPages } = require('../../src/benchmarks/render');
const { readBenchmarkHandler } = require('../../src/benchmarks/handler');
const { convertMarkdown } = require('../../src/convert/zh-tw');
const { loadDocsifyRuntime } = require('../../src/docsify/docsify-runtime');
const { fingerprintOf } = require('../../../bench/src/plan/environment');
const { buildSite } = require('../../src/build');
const { copySiteContent } = require('../support/content-copy');
const { HOSTILE, stringPaths, setAt, hostileResults } = require('../fixtures/hostile-results');

const fixtures = path.join(__dirname, '..', 'fixtures');
const goldenDir = path.join(__dirname, '..', 'golden');
const repoRoot = path.join(__dirname, '..', '..', '..');
const load = (name) => JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8'));
const runA = () => load('results-quick-a.json');
const runB = () => load('results-quick-b.json');
const runA2 = () => load('results-quick-v2-json-a.json');
const runB2 = () => load('results-quick-v2-json-b.json');
const runB2early = () => load('results-quick-v2-b.json');
// Issue 16's pair (system-call counts, the CPU split, ab's resolution): the goldens are of these.
const runA3 = () => load('results-quick-v3-a.json');
const runB3 = () => load('results-quick-v3-b.json');
const { marked } = loadDocsifyRuntime();

const PAGES = ['benchmarks', 'benchmark-details'];
const sha256 = (bytes) => require('node:crypto').createHash('sha256').update(bytes).digest('hex');
// The sha256 of the real fixture file for run B; other (modified) inputs stand for their own JSON text.
const SHA_B = sha256(fs.readFileSync(path.join(fixtures, 'results-quick-b.json')));
const SHA_B2 = sha256(fs.readFileSync(path.join(fixtures, 'results-quick-v2-json-b.json')));
const SHA_B3 = sha256(fs.readFileSync(path.join(fixtures, 'results-quick-v3-b.json')));
function renderPages(input) {
  return renderBenchmarkPages({ resultsSha256: sha256(JSON.stringify(input.results)), ...input });
}

// { benchmarks: { en, 'zh-CN', 'zh-TW' }, 'benchmark-details': {...}, all: { en, ... } }: each
// generated page with its zh-TW conversion, and per language both pages together.
function renderAll(input) {
  const rendered = renderPages(input);
  const out = { all: {} };
  for (const page of PAGES) out[page] = { ...rendered[page], 'zh-TW': convertMarkdown(rendered[page]['zh-CN']) };
  for (const lang of ['en', 'zh-CN', 'zh-TW']) out.all[lang] = PAGES.map((page) => out[page][lang]).join('\n');
  return out;
}

// --- checks on a rendered page -------------------------------------------------------------------

// GFM cell count of a table line: pipes not escaped by an odd number of backslashes split cells.
function cellCount(line) {
  let count = 0;
  for (let i = 0; i < line.length; i += 1) {
    if (line[i] !== '|') continue;
    let slashes = 0;
    for (let j = i - 1; j >= 0 && line[j] === '\\'; j -= 1) slashes += 1;
    if (slashes % 2 === 0) count += 1;
  }
  return count - 1;
}

// Every table keeps the column count of its header in every row.
function assertTablesIntact(markdown, what) {
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    if (!/^\|[-:|]+\|$/.test(lines[i + 1] || '') || !lines[i].startsWith('|')) continue;
    const columns = cellCount(lines[i]);
    assert.equal(cellCount(lines[i + 1]), columns, `${what}: separator of the table at line ${i + 1}`);
    for (let j = i + 2; j < lines.length && lines[j].startsWith('|'); j += 1) {
      assert.equal(cellCount(lines[j]), columns, `${what}: line ${j + 1} has ${cellCount(lines[j])} cells, header ${columns}: ${lines[j]}`);
    }
  }
}

// Rendered with the marked build docsify ships: no element or attribute that came from data.
function assertNoInjectedMarkup(markdown, what) {
  const html = marked.parse(markdown);
  const tags = html.match(/<[a-z][^>]*>/gi) || [];
  for (const tag of tags) {
    // The pages' own links: to a page of the site, optionally to a fixed anchor. Nothing else may link.
    if (/^<a href="\/(ENG|CHN|JB_TW)\/[^"?<>]+(\?id=[a-z-]+)?">$/.test(tag)) continue;
    // ... and the download link of the published results JSON (marked's view of a docsify ':ignore' link).
    if (tag === '<a href="bench/results/latest.json" title=":ignore">') continue;
    assert.doesNotMatch(tag, /^<(img|script|iframe|svg|object|embed|a)\b/i, `${what}: element from data reached the HTML: ${tag}`);
    assert.doesNotMatch(tag, /\son\w+\s*=|javascript:/i, `${what}: handler or javascript: URL in ${tag}`);
  }
  const figures = html.match(/<figure\b/g) || [];
  const canvases = html.match(/<canvas\b/g) || [];
  assert.equal(figures.length, canvases.length, `${what}: every chart figure keeps its canvas`);
  return html;
}

// --- golden pages ----------------------------------------------------------------------------------

test('golden pages (en, zh-CN, zh-TW) from two real quick runs', () => {
  const pages = renderAll({ results: runB3(), resultsSha256: SHA_B3, history: [runA3()] });
  for (const page of PAGES) {
    for (const lang of ['en', 'zh-CN', 'zh-TW']) {
      const file = path.join(goldenDir, `${page}.${lang}.md`);
      if (process.env.UPDATE_GOLDEN === '1') {
        fs.mkdirSync(goldenDir, { recursive: true });
        fs.writeFileSync(file, pages[page][lang]);
      }
      assert.ok(fs.existsSync(file), `${file} missing: run UPDATE_GOLDEN=1 node --test ${path.relative(repoRoot, __filename)}`);
      assert.equal(pages[page][lang], fs.readFileSync(file, 'utf8'), `${page} ${lang} differs from ${path.relative(repoRoot, file)} (UPDATE_GOLDEN=1 to accept)`);
    }
  }
});

test('pages start with the manifest titles and carry the versions and figures of the JSON', () => {
  const results = runB();
  const pages = renderAll({ results, history: [] });
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'docs', 'manifest.json'), 'utf8'));
  for (const page of PAGES) {
    const entry = manifest.pages.find((p) => p.generatedBy === page);
    assert.ok(pages[page].en.startsWith(`# ${entry.en.title}\n`), page);
    assert.ok(pages[page]['zh-CN'].startsWith(`# ${entry['zh-CN'].title}\n`), page);
  }
  const kqps = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  for (const lang of ['en', 'zh-CN', 'zh-TW']) {
    const page = pages.all[lang];
    for (const version of Object.values(results.environment.versions)) assert.ok(page.includes(version), `${lang}: version ${version}`);
    // The published-table cell of every scenario and server: max/min kQPS.
    for (const scenario of results.scenarios) {
      for (const r of scenario.results) {
        const rps = r.summary.requestsPerSecond;
        assert.ok(page.includes(`${kqps.format(rps.max / 1000)}/${kqps.format(rps.min / 1000)}`), `${lang}: ${scenario.id} ${r.server}`);
      }
    }
  }
});

test('the handler shown is the examples/benchmark source file, verbatim', () => {
  const handler = readBenchmarkHandler(repoRoot);
  assert.match(handler.path, /^examples\/benchmark\/.+\.(cc|cpp|h)$/);
  assert.ok(handler.source.includes('Hello, world!'));
  const { en } = renderPages({ results: runB() })['benchmark-details'];
  assert.ok(en.includes(`\`${handler.path}\``));
  assert.ok(en.includes(`\`\`\`cpp\n${handler.source.replace(/\n+$/, '')}\n\`\`\``));
});

test('the handler must be found exactly once', (t) => {
  const root = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'bench-handler-'));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  assert.throws(() => readBenchmarkHandler(root), /cannot read examples\/benchmark/);
  fs.mkdirSync(path.join(root, 'examples', 'benchmark'), { recursive: true });
  assert.throws(() => readBenchmarkHandler(root), /found 0/);
  fs.writeFileSync(path.join(root, 'examples', 'benchmark', 'a.cc'), 'body("<p>Hello, world!</p>");');
  fs.writeFileSync(path.join(root, 'examples', 'benchmark', 'b.cc'), 'body("<p>Hello, world!</p>");');
  assert.throws(() => readBenchmarkHandler(root), /found 2: a\.cc, b\.cc/);
});

// --- determinism -----------------------------------------------------------------------------------

function reorderKeys(value) {
  if (Array.isArray(value)) return value.map(reorderKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).reverse().map((k) => [k, reorderKeys(value[k])]));
  }
  return value;
}

test('deterministic: same JSON, same bytes, whatever the key order, time zone or system locale', () => {
  const input = { results: runB2(), resultsSha256: SHA_B2, history: [runA2()] };
  const first = renderAll(input);
  assert.deepEqual(renderAll(input), first);
  assert.deepEqual(renderAll({ results: reorderKeys(runB2()), resultsSha256: SHA_B2, history: [reorderKeys(runA2())] }), first);
  const script = `const {renderBenchmarkPages}=require(${JSON.stringify(path.join(repoRoot, 'docs/src/benchmarks/render.js'))});`
    + `const fs=require('fs');const r=JSON.parse(fs.readFileSync(${JSON.stringify(path.join(fixtures, 'results-quick-v2-json-b.json'))}));`
    + `const h=[JSON.parse(fs.readFileSync(${JSON.stringify(path.join(fixtures, 'results-quick-v2-json-a.json'))}))];`
    + `process.stdout.write(JSON.stringify(renderBenchmarkPages({results:r,resultsSha256:${JSON.stringify(SHA_B2)},history:h})));`;
  const child = spawnSync(process.execPath, ['-e', script], {
    encoding: 'utf8', env: { ...process.env, TZ: 'Pacific/Kiritimati', LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8' },
  });
  assert.equal(child.status, 0, child.stderr);
  const other = JSON.parse(child.stdout);
  for (const page of PAGES) {
    assert.equal(other[page].en, first[page].en, page);
    assert.equal(other[page]['zh-CN'], first[page]['zh-CN'], page);
  }
});

// --- validation ------------------------------------------------------------------------------------

test('invalid results: the error names the field', () => {
  const missing = runB();
  delete missing.environment.cpuModel;
  assert.throws(() => renderPages({ results: missing }), (err) => {
    assert.match(err.message, /results\/environment\/cpuModel: must have required property/);
    assert.equal(err.field, 'results/environment/cpuModel');
    return true;
  });

  const wrongType = runB();
  wrongType.scenarios[1].results[0].runs[0].latencyUs.p99 = 'fast';
  assert.throws(() => renderPages({ results: wrongType }), /results\/scenarios\/1\/results\/0\/runs\/0\/latencyUs\/p99: must be number/);

  const runMissing = runB();
  delete runMissing.scenarios[0].results[2].runs[1].requests;
  assert.throws(() => renderPages({ results: runMissing }), (err) => {
    assert.match(err.message, /results\/scenarios\/0\/results\/2\/runs\/1\/requests: must have required property/);
    // The failed-run branch of the schema's oneOf is not what the run meant: its errors are left out.
    assert.doesNotMatch(err.message, /failureReason/);
    return true;
  });

  const extra = runB();
  extra.environment.gpu = 'none';
  assert.throws(() => renderPages({ results: extra }), /results\/environment\/gpu: is not in the schema/);

  const badHistory = runA();
  badHistory.scenarios[0].connections = 0;
  assert.throws(() => renderPages({ results: runB(), history: [badHistory] }), /history\[0\]\/scenarios\/0\/connections: must be >= 1/);
});

test('a scenario result naming an unknown server is refused with its path', () => {
  const results = runB();
  results.scenarios[2].results[1].server = 'apache';
  assert.throws(() => renderPages({ results }), /results\/scenarios\/2\/results\/1\/server: unknown server id "apache"/);
});

// --- escaping: every string field of the JSON ------------------------------------------------------

// Format 2 with issue 9's parts: the fields format 2 already had are exercised on the earlier format 2
// run; of the JSON run, the fields of the JSON part and the fixed-rate block (one run of each list).
const firstRunOnly = (at) => !at.some((key, i) => key === 'runs' && at[i + 1] > 0);
const issue9Field = (base) => (at) => ['notBuilt', 'conformance', 'fixedRate'].includes(at[0])
  || (at[0] === 'servers' && base.servers[at[1]].framework !== undefined)
  || (at[0] === 'scenarios' && base.scenarios[at[1]].kind === 'json')
  || (at[0] === 'instructions' && at[1] === 'cases' && base.instructions.cases[at[2]].servers === 'json');
for (const [format, run, selected] of [['format 2', runB2early, () => () => true], ['format 2, JSON part and fixed rate', runB2, (base) => (at) => issue9Field(base)(at) && firstRunOnly(at)], ['format 1', runB, () => () => true]]) {
test(`hostile strings in every string field (${format}): escaped on the page, or refused naming the field`, () => {
  const base = run();
  const paths = stringPaths(base).filter(selected(base));
  let rendered = 0;
  let refused = 0;
  const reached = [];
  paths.forEach((at, n) => {
    const results = run();
    const marker = `MARK${n}Z`;
    setAt(results, at, `${HOSTILE} ${marker}`);
    const field = `results/${at.join('/')}`;
    let pages;
    try {
      pages = renderAll({ results });
    } catch (err) {
      // The schema forbids this value here (ids, dates, enums, constants): the error must say where.
      assert.ok(err.message.includes(field), `${field}: error does not name the field: ${err.message}`);
      refused += 1;
      return;
    }
    rendered += 1;
    for (const [lang, page] of Object.entries(pages.all)) {
      assertTablesIntact(page, `${field} (${lang})`);
      assertNoInjectedMarkup(page, `${field} (${lang})`);
    }
    if (pages.all.en.includes(marker)) reached.push(field);
  });
  assert.ok(refused > 0 && rendered > 0);
  if (format === 'format 2, JSON part and fixed rate') {
    for (const field of ['results/notBuilt/0/name', 'results/notBuilt/0/reason', 'results/conformance/report', 'results/fixedRate/toolVersion',
      'results/fixedRate/groups/0/commandLine', 'results/fixedRate/groups/0/levels/0/results/0/runs/0/command', 'results/servers/3/name',
      'results/scenarios/3/commandLine', 'results/scenarios/3/results/0/runs/0/command']) {
      assert.ok(reached.includes(field), `${field} does not reach the English page`);
    }
    return;
  }
  // The fields a reader sees must have been exercised (they reach the page), not silently dropped.
  for (const field of ['results/profile', 'results/environment/cpuModel', 'results/environment/os', 'results/environment/kernel',
    'results/environment/compiler', 'results/environment/versions/drogon', 'results/environment/versions/nginx',
    'results/environment/gitCommit', 'results/environment/fingerprint', 'results/servers/0/name', 'results/servers/0/version',
    'results/servers/0/commandLine', 'results/servers/0/serverHeader', 'results/scenarios/0/commandLine']) {
    assert.ok(reached.includes(field), `${field} does not reach the English page`);
  }
  assert.ok(reached.some((f) => /\/notes\/\d+\/text$/.test(f)), 'a note text reaches the page');
});
}

test('hostile strings in all string fields at once, and the text survives as text', () => {
  const pages = renderAll({ results: hostileResults(runB2()) });
  for (const [lang, page] of Object.entries(pages.all)) {
    assertTablesIntact(page, lang);
    const html = assertNoInjectedMarkup(page, lang);
    // Shown as text: the entity-escaped form of the tag is there.
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'), `${lang}: hostile text not shown as text`);
  }
});

test('an invalid results file stops the build before anything is written', async (t) => {
  const invalid = runB();
  delete invalid.scenarios[0].results[1].bottleneck.side;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-invalid-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const resultsFile = path.join(dir, 'latest.json');
  fs.writeFileSync(resultsFile, JSON.stringify(invalid));
  const copy = copySiteContent({ resultsFile });
  t.after(() => copy.remove());
  const snapshot = () => Object.fromEntries(['ENG', 'CHN', 'JB_TW'].filter((d) => fs.existsSync(path.join(copy.root, d)))
    .flatMap((d) => fs.readdirSync(path.join(copy.root, d)).map((f) => [`${d}/${f}`, fs.readFileSync(path.join(copy.root, d, f), 'utf8')])));
  const before = snapshot();
  const siteDir = path.join(dir, 'site');
  await assert.rejects(buildSite({ root: copy.root, siteDir, quiet: true }), /results\/scenarios\/0\/results\/1\/bottleneck\/side: must have required property/);
  assert.deepEqual(snapshot(), before, 'a page was written');
  assert.equal(fs.existsSync(siteDir), false, 'the site was assembled');
});

// --- zh-TW -----------------------------------------------------------------------------------------

test('zh-TW conversion keeps every number, code span and chart attribute of the zh-CN page', () => {
  const { 'zh-CN': zhCN, 'zh-TW': zhTW } = renderAll({ results: runB2(), history: [runA2()] }).all;
  const numbers = (text) => text.match(/\d[\d,.]*/g);
  assert.deepEqual(numbers(zhTW), numbers(zhCN));
  const codeSpans = (text) => text.match(/`[^`\n]+`/g);
  assert.deepEqual(codeSpans(zhTW), codeSpans(zhCN));
  const charts = (text) => text.match(/data-chart="[^"]*"/g);
  assert.deepEqual(charts(zhTW), charts(zhCN));
  assert.match(zhTW, /^# 效能測試\n/);
  assert.doesNotMatch(zhTW, /连接|服务器|负载|内存/, 'Simplified terms left on the zh-TW page');
});

// --- a current results file: pipelined runs without latency, the JSON part, fixed-rate levels ----------

test('a current results file renders: pipelined runs and summaries with latencyUs null are shown without latency, one line says why', () => {
  const results = runB2();
  const pipelined = results.scenarios.filter((sc) => (sc.pipelineDepth || 1) > 1);
  // The real run has them (the bench writes null for pipelined latency).
  assert.ok(pipelined.length > 0 && pipelined.every((sc) => sc.results.every((r) => r.summary.latencyUs === null && r.runs.every((run) => run.latencyUs === null))));
  const pages = renderAll({ results, history: [] });
  const why = { en: 'Pipelined scenarios: no latency (wrk times a batch of 16 requests, not a request).', 'zh-CN': '流水线场景：没有延迟数据（wrk 计时的是一批 16 个请求，而不是一个请求）。', 'zh-TW': '流水線場景：沒有延遲資料（wrk 計時的是一批 16 個請求，而不是一個請求）。' };
  for (const lang of ['en', 'zh-CN', 'zh-TW']) {
    assert.equal(pages.benchmarks[lang].split(why[lang]).length, 2, `${lang}: the line, once`);
    // No latency row of a pipelined scenario on either page; the details page shows dashes for them.
    const latencyRows = pages.benchmarks[lang].split('\n').filter((l) => l.startsWith('| 256 '));
    assert.ok(latencyRows.every((l) => !/\d+\.\d\d \| \d+\.\d\d/.test(l)), `${lang}: ${latencyRows}`);
  }
  // Every part of the file is on the page: the JSON part and the fixed-rate chart.
  assert.match(pages.benchmarks.en, /<figure class="bench-chart" id="bench-figure-json"/);
  assert.match(pages.benchmarks.en, /<figure class="bench-chart" id="bench-figure-latency-load"/);
  assert.match(pages['benchmark-details'].en, /## Latency against load :id=latency-against-load/);
});

// --- history and the trend break -------------------------------------------------------------------

test('trend: an environment change breaks the line and the note names what changed', () => {
  // Test data derived from a real run: a copy of run B with another kernel string (and the
  // fingerprint the bench computes for it) stands for a run after a kernel upgrade.
  const upgraded = runB();
  upgraded.environment.kernel = `${upgraded.environment.kernel}-upgraded`;
  upgraded.environment.fingerprint = fingerprintOf(upgraded.environment);
  upgraded.startedAt = new Date(Date.parse(upgraded.startedAt) + 86400000).toISOString();
  upgraded.environment.gitCommit = 'f'.repeat(40);
  // A second run after the upgrade: with it, the latest has a comparable run, so the trend is drawn.
  const again = JSON.parse(JSON.stringify(upgraded));
  again.startedAt = new Date(Date.parse(upgraded.startedAt) + 86400000).toISOString();
  again.environment.gitCommit = 'e'.repeat(40);
  const pages = renderAll({ results: again, history: [runA(), runB(), upgraded] }).benchmarks;
  const chart = JSON.parse(pages.en.match(/<figure class="bench-chart" id="bench-figure-[a-z-]+" data-chart="([^"]*)">\n<figcaption id="bench-chart-trend">/)[1]
    .replace(/&quot;/g, '"').replace(/&#(\d+);/g, (all, code) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&'));
  assert.deepEqual(chart.breaks, [2]);
  assert.equal(chart.series[0].values.length, 4);
  assert.match(pages.en, new RegExp(`The environment or the bench setup changed before the run of ${upgraded.environment.date} \`fffffff\` \\(kernel: ${runB().environment.kernel.replace(/\./g, '\\.')} → ${upgraded.environment.kernel.replace(/\./g, '\\.')}\\)`));
  assert.match(pages['zh-CN'], /测试环境或测试设置发生了变化（内核：/);
  assert.match(pages['zh-TW'], /測試環境或測試設定發生了變化（核心：/);
  // Without a change there is no break and no note.
  const same = renderAll({ results: runB(), history: [runA()] }).benchmarks;
  assert.doesNotMatch(same.en, /The environment or the bench setup changed/);
  // The upgraded run alone has nothing comparable: one sentence instead of a chart.
  const alone = renderAll({ results: upgraded, history: [runA(), runB()] }).benchmarks;
  assert.doesNotMatch(alone.en, /bench-chart-trend/);
  assert.match(alone.en, /No trend yet: the history holds 1 run\(s\) comparable with this one \(same machine fingerprint, profile and thread counts\), and a trend needs 2\./);
  assert.match(alone['zh-TW'], /還沒有趨勢/);
});

test('one sentence per scenario, its pace from the JSON\'s bottleneck calls, in every language', () => {
  // Test data derived from a real run: the first scenario's bottleneck calls set to "client", as the
  // bench reports when wrk's CPU is saturated (2-core machine, keep-alive).
  const results = runB();
  for (const r of results.scenarios[0].results) {
    r.bottleneck = { ...r.bottleneck, side: 'client', clientCpuUtilization: 0.995 };
  }
  const pages = renderAll({ results }).benchmarks;
  const items = {
    en: /^- \*\*100 connections, keep-alive:\*\* The load generator's CPU was the limit \(wrk's ceiling\), so per server CPU-second: Drogon \d+\.\d\d× nginx \+ hello\\_world module \(medians\)\.$/m,
    'zh-CN': /^- <strong>100 个连接，保持连接（keep-alive）<\/strong>：负载生成器的 CPU 是瓶颈（wrk 的上限），因此按每秒服务器 CPU 时间计：Drogon 为 nginx \+ hello\\_world module 的 \d+\.\d\d×（中位数）。$/m,
    'zh-TW': /^- <strong>100 個連線，保持連線（keep-alive）<\/strong>：負載生成器的 CPU 是瓶頸/m,
  };
  for (const lang of ['en', 'zh-CN', 'zh-TW']) {
    assert.match(pages[lang], items[lang], lang);
    // The list under the first heading after the title: one item per scenario.
    const section = pages[lang].split(/^## /m)[1];
    assert.equal(section.split('\n').filter((line) => /^- (\*\*|<strong>)/.test(line)).length, results.scenarios.length, `${lang}: one item per scenario`);
  }
});

test('provenance: every chart and table has a source drawer (sha256, date, commit) after it, in every language', () => {
  const results = runB2();
  const SHA_B = SHA_B2;
  const pages = renderAll({ results, resultsSha256: SHA_B, history: [runA2()] });
  const summaries = {
    en: `<summary>Source: ${SHA_B.slice(0, 12)} · ${results.environment.date} · ${results.environment.gitCommit.slice(0, 7)}</summary>`,
    'zh-CN': `<summary>来源：${SHA_B.slice(0, 12)} · ${results.environment.date} · ${results.environment.gitCommit.slice(0, 7)}</summary>`,
    'zh-TW': `<summary>來源：${SHA_B.slice(0, 12)} · ${results.environment.date} · ${results.environment.gitCommit.slice(0, 7)}</summary>`,
  };
  for (const page of PAGES) {
    for (const lang of ['en', 'zh-CN', 'zh-TW']) {
      // Each section (heading to heading) with a chart or a table (outside a source drawer) ends with a source drawer after it.
      const sectionsOf = pages[page][lang].split(/^#{2,3} /m);
      let drawers = 0;
      for (const section of sectionsOf) {
        const withoutSources = section.replace(/<details class="bench-source">[\s\S]*?<\/details>/g, '');
        const lastFigure = Math.max(withoutSources.lastIndexOf('<figure'), withoutSources.lastIndexOf('\n|'));
        if (lastFigure < 0) continue;
        const sourceAt = section.lastIndexOf('<details class="bench-source">');
        assert.ok(sourceAt >= 0, `${page} ${lang}: no source drawer in section "${section.split('\n')[0]}"`);
        assert.ok(section.slice(sourceAt).includes(summaries[lang]), `${page} ${lang}: source summary of "${section.split('\n')[0]}"`);
        assert.ok(section.slice(sourceAt).includes(`\`${SHA_B}\``), `${page} ${lang}: full sha256`);
        assert.ok(section.slice(sourceAt).includes("(bench/results/latest.json ':ignore')"), `${page} ${lang}: download link`);
        drawers += 1;
      }
      assert.ok(drawers >= (page === 'benchmarks' ? 5 : 7), `${page} ${lang}: ${drawers} source drawers`);
    }
  }
  // The commands behind a chart: the exact commands of its runs.
  const sectionOf = (title) => pages.benchmarks.en.split(/^## /m).find((section) => section.startsWith(title));
  for (const sc of results.scenarios) for (const r of sc.results) for (const run of r.runs) assert.ok(sectionOf('Latency').includes(`\`${run.command}\``), run.command);
  for (const r of results.sweep.results) for (const pt of r.points) for (const run of pt.runs) assert.ok(sectionOf('Concurrency sweep').includes(`\`${run.command}\``), run.command);
  assert.ok(sectionOf('Instructions per request').includes(`\`${results.instructions.valgrindCommand}\``));
});

test('format 1 results keep rendering: one line says the file has no confidence intervals, ratios are of medians, no verdict', () => {
  const pages = renderAll({ results: runB(), history: [runA()] });
  const notice = {
    en: 'This results file has no confidence intervals: the ratios are of medians, and no lead is claimed.',
    'zh-CN': '这个结果文件没有置信区间：比值是中位数之比，不据此判断谁领先。',
    'zh-TW': '這個結果檔案沒有信賴區間：比值是中位數之比，不據此判斷誰領先。',
  };
  const verdicts = { en: /\b(faster|slower|within noise)\b/, 'zh-CN': /更快|更慢|噪声范围内/, 'zh-TW': /更快|更慢|噪聲範圍內/ };
  for (const lang of ['en', 'zh-CN', 'zh-TW']) {
    const page = pages.benchmarks[lang];
    assert.equal(page.split(notice[lang]).length, 2, `${lang}: the notice, once`);
    // The glance table and the sentences: ratios of medians, no verdict anywhere.
    const glance = page.split(/^## /m)[0];
    assert.doesNotMatch(glance.replace(notice[lang], ''), verdicts[lang], `${lang}: a verdict without an interval`);
    assert.doesNotMatch(page.split(/^## /m)[1], verdicts[lang], `${lang}: a verdict in the sentences`);
    assert.match(glance, lang === 'en' ? /\(medians\)/ : /（中位数）|（中位數）/);
  }
  // With intervals (format 2) there is no such line.
  assert.doesNotMatch(renderAll({ results: runB2() }).benchmarks.en, /no confidence intervals/);
});

// --- issue 16: commands as a reader types them -------------------------------------------------------

// The absolute paths in the command fields of a results JSON (the tools the bench built in its cache,
// /usr/sbin/nginx, scratch folders): the machine the bench ran on.
function machinePaths(results) {
  const found = new Set();
  const walk = (value, key) => {
    if (typeof value === 'string' && /command/i.test(key)) for (const m of value.matchAll(/(?:^|[\s='"])(\/[^\s'"]+)/g)) found.add(m[1]);
    else if (Array.isArray(value)) value.forEach((v) => walk(v, key));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(results, '');
  return [...found];
}

test('no Benchmarks page shows a path of the machine that ran the bench (real results: the committed run, a quick run); the JSON keeps them', () => {
  const committed = JSON.parse(fs.readFileSync(path.join(repoRoot, 'bench', 'results', 'latest.json'), 'utf8'));
  for (const [name, results] of [['bench/results/latest.json', committed], ['results-quick-v3-a.json', load('results-quick-v3-a.json')]]) {
    const paths = machinePaths(results);
    assert.ok(paths.some((p) => /drogon-docs-bench|bench-a|\/usr\/sbin\/nginx/.test(p)), `${name}: the JSON keeps the exact commands (${paths.slice(0, 3)})`);
    const pages = renderAll({ results });
    for (const page of PAGES) {
      for (const lang of ['en', 'zh-CN', 'zh-TW']) {
        const text = pages[page][lang];
        for (const p of paths) assert.ok(!text.includes(p), `${name}: ${page} (${lang}) shows ${p}`);
        assert.doesNotMatch(text, /(^|[\s`'"(=])\/(root|home|tmp|usr|work|var|opt)\/|\.cache\/drogon-docs-bench/m, `${name}: ${page} (${lang})`);
      }
    }
    // ... and names each tool the way a reader types it
    const details = pages['benchmark-details'].en;
    assert.match(details, /`ulimit -n \d+ && taskset -c \d+ nginx -p nginx-module-\d+ -c nginx\.conf -e error\.log`/);
    assert.match(details, /`ulimit -n \d+ && taskset -c \d+ drogon_benchmark --threads \d+ /);
    assert.match(pages.benchmarks.en, /`taskset -c \d+ oha -q \d+ /);
  }
});

// --- issue 16: honest resolution ------------------------------------------------------------------------

test('ab measures whole milliseconds: its latencies are shown in whole ms and a 0 as "< 1", never as 0.00', () => {
  const results = load('results-quick-v3-a.json');
  const ab = results.scenarios.find((sc) => sc.tool === 'ab');
  const drogon = ab.results.find((r) => r.server === 'drogon');
  drogon.summary.latencyUs.p50 = 0; // test data: what ab reports for a request under a millisecond
  const pages = renderAll({ results });
  const label = '100 connections, new connection per request';
  // the details latency table and the Benchmarks page's latency table: the same row
  for (const page of PAGES) {
    const row = pages[page].en.split('\n').find((l) => l.startsWith(`| ${label} | Drogon | `) && l.split(' | ').length === 7);
    assert.ok(row, `${page}: the ab row of the latency table`);
    const cells = row.split(' | ').slice(2).map((c) => c.replace(/ \|$/, ''));
    assert.equal(cells[0], '< 1', row);
    for (const cell of cells) assert.match(cell, /^(< 1|\d+)$/, row);
  }
  // the latency chart draws no point for it (a value under 1 ms has none)
  const figure = pages.benchmarks.en.split('\n').find((l) => l.includes('id="bench-figure-latency"'));
  const spec = JSON.parse(/data-chart="([^"]*)"/.exec(figure)[1].replace(/&quot;/g, '"').replace(/&#(\d+);/g, (all, code) => String.fromCharCode(Number(code))));
  const group = results.scenarios.filter((sc) => sc.results.some((r) => r.summary && r.summary.latencyUs)).indexOf(ab);
  const series = spec.series.filter((s) => s.group === results.scenarios.indexOf(ab));
  assert.ok(group >= 0 && series.length > 0);
  assert.equal(series[0].values[0], null);
  assert.ok(series[0].values.slice(1).every((v) => v === null || Number.isInteger(v)));
});

// --- issue 16: no silent restarts ---------------------------------------------------------------------

test('a server exit is shown next to its scenario on the Benchmarks page and listed in the details notes, in every language', () => {
  const results = load('results-quick-v3-a.json');
  // test data: the record the runner writes when Drogon is found dead before round 2 of c100-keepalive
  results.serverExits = [{ server: 'drogon', part: 'scenarios', block: 'c100-keepalive', round: 2, exitedAt: '2026-11-24T14:02:03.456Z',
    signal: 'SIGKILL', log: 'bench/logs/2026-11-24T14-01-00-000Z/c100-keepalive.drogon.server1.log', restarted: true }];
  const pages = renderAll({ results });
  const zh = ['- <strong>100 个连接，保持连接（keep-alive）</strong>：', 'Drogon 在第 2 轮之前退出（被 SIGKILL 终止，2026-11-24 14:02 UTC），随后被重新启动'];
  const expected = {
    en: ['- **100 connections, keep-alive:**', 'Drogon exited before round 2 (killed by SIGKILL, 2026-11-24 14:02 UTC) and was started again'],
    'zh-CN': zh,
    'zh-TW': zh.map((text) => convertMarkdown(text).trim()),
  };
  for (const [lang, [item, text]] of Object.entries(expected)) {
    const line = pages.benchmarks[lang].split('\n').find((l) => l.startsWith(item));
    assert.ok(line && line.includes(text), `${lang}: ${line}`);
    assert.ok(line.includes('`c100-keepalive.drogon.server1.log`') || line.includes('c100-keepalive.drogon.server1.log'), line);
    assert.ok(pages['benchmark-details'][lang].includes(text), `${lang}: details notes`);
  }
  // without exits the details say so
  assert.match(renderAll({ results: load('results-quick-v3-a.json') })['benchmark-details'].en, /No server exited while the bench needed it\./);
});
