'use strict';
// docs/src/benchmarks/subjects/pooled-blocks.js and the pooled figures of the Benchmarks pages (issue 25),
// on the committed bench/results/latest.json: the verdict table in 3 languages names the runs behind each
// figure and shows the pooled interval of the JSON; this run's own figure is beside it, and the row says
// when the run was unusual; the details page lists the runs and the files left out; Methodology's two
// coverage figures are those `npm run bench:calibration` prints.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { renderBenchmarkPages } = require('../../../src/benchmarks/render');
const { createFormatter } = require('../../../src/benchmarks/format');
const { convertMarkdown } = require('../../../src/convert/zh-tw');
const { stringsOf } = require('../../support/subject-fixtures');

const repoRoot = path.join(__dirname, '..', '..', '..', '..');
const latestFile = path.join(repoRoot, 'bench', 'results', 'latest.json');
const latest = JSON.parse(fs.readFileSync(latestFile, 'utf8'));
const copy = () => JSON.parse(JSON.stringify(latest));
const render = (results) => renderBenchmarkPages({ results, resultsSha256: 'a'.repeat(64) });
const PAGES = { en: 'ENG/Benchmarks.md', 'zh-CN': 'CHN/性能测试.md', 'zh-TW': 'JB_TW/效能測試.md' };

// The verdict table: the first table after "At a glance" (header row, separator, one row per key scenario).
function glanceRows(markdown) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.startsWith('| ') && lines[lines.indexOf(l) + 1]?.startsWith('|---'));
  const rows = [];
  for (let i = start + 2; lines[i] && lines[i].startsWith('| '); i++) rows.push(lines[i].slice(2, -2).split(' | '));
  return rows;
}

test('the committed pages, in 3 languages: every verdict cell is the pooled ratio and interval of the JSON, names its runs and this run\'s own figure', () => {
  const pair = { reference: 'drogon', other: 'nginx-module' };
  const keys = ['pipelined-c256', 'c100-keepalive', 'c100-close'];
  const metrics = ['requestsPerSecond', 'requestsPerServerCpuSecond'];
  for (const [lang, file] of Object.entries(PAGES)) {
    const fmt = createFormatter(stringsOf(lang === 'zh-TW' ? 'zh-CN' : lang).format);
    const rows = glanceRows(fs.readFileSync(path.join(repoRoot, file), 'utf8'));
    assert.equal(rows.length, keys.length, `${file}: one row per key scenario`);
    keys.forEach((id, i) => metrics.forEach((metric, j) => {
      const entry = latest.pooled.comparisons.find((c) => c.scenario === id && c.metric === metric && c.reference === pair.reference && c.other === pair.other);
      assert.ok(entry, `${id} ${metric} is pooled`);
      const cell = rows[i][1 + j];
      const figure = `${fmt.ratio(entry.ratio)}×${lang === 'en' ? ' (' : '（'}${fmt.ratio(entry.low)}–${fmt.ratio(entry.high)}`;
      assert.ok(cell.replace(/\*\*/g, '').startsWith(figure), `${file} ${id} ${metric}: "${cell}" starts with ${figure}`);
      assert.match(cell, new RegExp(lang === 'en' ? `, ${entry.runs.length} runs\\)` : `${entry.runs.length} 次(运行|執行)`), `${file}: the runs are named`);
      assert.ok(cell.includes(`${fmt.ratio(entry.newest.ratio)}×`), `${file} ${id}: this run's own figure`);
    }));
  }
});

test('a run outside the pooled interval: its verdict row and its sentence say it was unusual, in both languages', () => {
  const results = copy();
  const entry = results.pooled.comparisons.find((c) => c.scenario === 'pipelined-c256' && c.metric === 'requestsPerSecond' && c.other === 'nginx-module');
  entry.low = entry.newest.ratio * 1.05;
  entry.ratio = entry.newest.ratio * 1.2;
  entry.high = entry.newest.ratio * 1.4;
  const pages = render(results);
  const en = glanceRows(pages.benchmarks.en)[0][1];
  assert.match(en, /this run [\d.]+×, unusual$/);
  assert.match(glanceRows(pages.benchmarks['zh-CN'])[0][1], /本次运行 [\d.]+×，不寻常$/);
  assert.match(glanceRows(convertMarkdown(pages.benchmarks['zh-CN']))[0][1], /本次執行 [\d.]+×，不尋常$/);
  assert.match(pages.benchmarks.en, /pipelined, 16 requests per write:\*\*[^\n]*this run, [\d.]+×, was unusual/);
  // The other rows are not.
  assert.doesNotMatch(glanceRows(pages.benchmarks.en)[1].join(' '), /unusual/);
});

test('the page says where its figures come from: pooled runs and their dates, or one run', () => {
  const pages = render(copy());
  // The runs of the committed file, and their dates (the committed runs all ran on one day).
  const runs = latest.pooled.runs.length;
  assert.deepEqual([...new Set(latest.pooled.runs.map((r) => r.date))], ['2026-11-27']);
  assert.ok(pages.benchmarks.en.includes(`Pooled over ${runs} runs ([November 27, 2026](/ENG/Benchmark-Details?id=pooled))`));
  assert.ok(pages.benchmarks['zh-CN'].includes(`数字由 ${runs} 次运行合并（[2026年11月27日](/CHN/性能测试详情?id=pooled)）`));
  for (const run of latest.pooled.runs) {
    assert.ok(pages.benchmarks.en.includes(`\`${run.gitCommit}\`: \`${run.source}\``), `the source drawer names ${run.source}`);
    if (run.sha256) assert.ok(pages.benchmarks.en.includes(`sha256 \`${run.sha256}\``));
  }
  const one = copy();
  delete one.pooled;
  const onePages = render(one);
  assert.match(onePages.benchmarks.en, /These figures are from one run: each interval describes that run only/);
  assert.match(onePages.benchmarks['zh-CN'], /这些数字来自一次运行/);
  assert.doesNotMatch(onePages.benchmarks.en, /this run /);
  assert.match(onePages['benchmark-details'].en, /This results file has no pooled figures/);
});

test('the details page lists the pooled runs (commit, file, sha256), the files left out with their reasons, and every pooled comparison', () => {
  const details = render(copy())['benchmark-details'];
  for (const lang of ['en', 'zh-CN']) {
    const section = details[lang].split(/^## /m).find((s) => s.includes(':id=pooled'));
    assert.ok(section, `${lang}: a pooled section`);
    for (const run of latest.pooled.runs) {
      assert.ok(section.includes(`\`${run.source}\``) && section.includes(`\`${run.gitCommit.slice(0, 12)}\``), `${lang}: ${run.source}`);
      if (run.sha256) assert.ok(section.includes(`\`${run.sha256}\``));
    }
    for (const x of latest.pooled.excluded) assert.ok(section.includes(`\`${x.file}\`: another environment fingerprint`), `${lang}: ${x.file} and its reason`);
    const rows = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| ---'));
    assert.equal(rows.length, 1 + latest.pooled.runs.length + 1 + latest.pooled.comparisons.length, `${lang}: a row per run and per pooled comparison (and two headers)`);
  }
});

test('Methodology\'s two coverage figures are what npm run bench:calibration prints', () => {
  const out = spawnSync(process.execPath, [path.join(repoRoot, 'bench', 'src', 'calibration-cli.js')], { encoding: 'utf8', cwd: repoRoot });
  assert.equal(out.status, 0, out.stderr);
  const printed = (what) => {
    const m = new RegExp(`${what}[^\\n]*: (\\d+) of (\\d+) \\(`).exec(out.stdout);
    assert.ok(m, `bench:calibration prints ${what}`);
    return { contained: Number(m[1]), total: Number(m[2]) };
  };
  const own = printed('own 95 % interval held');
  const pooled = printed('pooled from the other comparable runs held');
  assert.deepEqual(latest.pooled.calibration, { ownInterval: own, pooledInterval: pooled });
  const value = (file, name) => new RegExp(`<!-- bench:${name} -->([^<]*)<!-- /bench:${name} -->`).exec(fs.readFileSync(path.join(repoRoot, file), 'utf8'))[1];
  const share = (c) => `${(Math.round((1000 * c.contained) / c.total) / 10).toFixed(1)}%`;
  assert.equal(value('ENG/Methodology.md', 'calibrationOwn'), `${own.contained} of ${own.total} (${share(own)})`);
  assert.equal(value('ENG/Methodology.md', 'calibrationPooled'), `${pooled.contained} of ${pooled.total} (${share(pooled)})`);
  assert.equal(value('CHN/测试方法.md', 'calibrationOwn'), `${own.total} 次中 ${own.contained} 次（${share(own)}）`);
  assert.equal(value('JB_TW/測試方法.md', 'calibrationPooled'), `${pooled.total} 次中 ${pooled.contained} 次（${share(pooled)}）`);
  // The pooled leave-one-out interval holds the left-out run in at least 90 % of the comparisons (issue 25).
  assert.ok(pooled.contained / pooled.total >= 0.9, `pooled coverage ${pooled.contained} of ${pooled.total}`);
});
