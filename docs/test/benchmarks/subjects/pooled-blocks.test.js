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
  // The runs of the committed file, their machines (issue 33) and their dates.
  const runs = latest.pooled.runs.length;
  const machines = latest.pooled.machines.length;
  assert.ok(machines >= 2, 'the committed file pools runs from at least 2 machines of its class');
  const dates = [...new Set(latest.pooled.runs.map((r) => r.date))];
  const fmtEn = createFormatter(stringsOf('en').format);
  const fmtZh = createFormatter(stringsOf('zh-CN').format);
  assert.ok(dates.length > 2);
  const enDates = fmtEn.dateRange(dates[0], dates[dates.length - 1]);
  assert.match(enDates, /^November \d+\s–\s\d+, 2026$/); // a range within one month names the month once
  assert.ok(pages.benchmarks.en.includes(`Pooled: ${runs} runs, ${machines} machines ([${enDates}](/ENG/Benchmark-Details?id=pooled)); 95 % prediction for a new run on a new machine.`), 'ENG says how many machines');
  assert.ok(pages.benchmarks.en.includes(`Only ${machines} machines so far, so the intervals are wide (degrees of freedom: ${machines - 1}).`), 'and that the interval is wide');
  assert.ok(pages.benchmarks['zh-CN'].includes(`数字由来自 ${machines} 台机器的 ${runs} 次运行合并（[${fmtZh.dateRange(dates[0], dates[dates.length - 1])}](/CHN/性能测试详情?id=pooled)）`));
  // One machine only: the interval is for that machine.
  const oneMachine = copy();
  oneMachine.pooled.machines = [{ ...oneMachine.pooled.machines[0], runs: oneMachine.pooled.runs.length }];
  for (const run of oneMachine.pooled.runs) run.machine = oneMachine.pooled.machines[0].id;
  const onePage = render(oneMachine).benchmarks.en;
  assert.match(onePage, /Pooled: \d+ runs, one machine \(\[[^\n]*\); 95 % prediction for a new run on that machine\./);
  assert.match(onePage, /Every run comes from one machine: the intervals say nothing of another machine of the class\./);
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
    for (const x of latest.pooled.excluded) assert.ok(section.includes(`\`${x.file}\`: another hardware class`), `${lang}: ${x.file} and its reason`);
    for (const m of latest.pooled.machines) assert.ok(section.includes(`| \`${m.id}\` | \`${m.kernel}\` |`), `${lang}: machine ${m.id} with its kernel`);
    const rows = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| ---'));
    assert.equal(rows.length, 1 + latest.pooled.runs.length + 1 + latest.pooled.machines.length + 1 + latest.pooled.comparisons.length, `${lang}: a row per run, machine and pooled comparison (and three headers)`);
  }
});

test('Methodology\'s coverage figures are what npm run bench:calibration prints, leave-one-machine-out included', () => {
  const out = spawnSync(process.execPath, [path.join(repoRoot, 'bench', 'src', 'calibration-cli.js')], { encoding: 'utf8', cwd: repoRoot });
  assert.equal(out.status, 0, out.stderr);
  const printed = (what) => {
    const m = new RegExp(`${what}[^\\n]*: (\\d+) of (\\d+) \\(`).exec(out.stdout);
    assert.ok(m, `bench:calibration prints ${what}`);
    return { contained: Number(m[1]), total: Number(m[2]) };
  };
  const own = printed('own 95 % interval held');
  const pooled = printed('pooled from the other runs of the class held');
  const oneOther = printed('one machine\'s runs alone held another machine\'s runs');
  const lomo = /leave one machine out: [^\n]*: (\d+) of (\d+)/.exec(out.stdout);
  assert.ok(lomo, 'bench:calibration prints leave one machine out');
  const leaveOneMachineOut = { contained: Number(lomo[1]), total: Number(lomo[2]) };
  assert.deepEqual(latest.pooled.calibration, { ownInterval: own, pooledInterval: pooled, leaveOneMachineOut, oneOtherMachine: oneOther });
  const value = (file, name) => new RegExp(`<!-- bench:${name} -->([^<]*)<!-- /bench:${name} -->`).exec(fs.readFileSync(path.join(repoRoot, file), 'utf8'))[1];
  const share = (c) => `${(Math.round((1000 * c.contained) / c.total) / 10).toFixed(1)}%`;
  assert.equal(value('ENG/Methodology.md', 'calibrationOwn'), `${own.contained} of ${own.total} (${share(own)})`);
  assert.equal(value('ENG/Methodology.md', 'calibrationPooled'), `${pooled.contained} of ${pooled.total} (${share(pooled)})`);
  assert.equal(value('CHN/测试方法.md', 'calibrationOwn'), `${own.total} 次中 ${own.contained} 次（${share(own)}）`);
  assert.equal(value('JB_TW/測試方法.md', 'calibrationPooled'), `${pooled.total} 次中 ${pooled.contained} 次（${share(pooled)}）`);
  assert.equal(value('ENG/Methodology.md', 'calibrationOneOtherMachine'), `${oneOther.contained} of ${oneOther.total} (${share(oneOther)})`);
  assert.equal(value('ENG/Methodology.md', 'calibrationLeaveOneMachineOut'), leaveOneMachineOut.total
    ? `${leaveOneMachineOut.contained} of ${leaveOneMachineOut.total} (${share(leaveOneMachineOut)})`
    : 'not measurable yet: the runs come from fewer than 3 machines of one class (leaving one out must leave 2)');
  // The pooled leave-one-out interval holds the left-out run in at least 90 % of the comparisons (issue 25).
  assert.ok(pooled.contained / pooled.total >= 0.9, `pooled coverage ${pooled.contained} of ${pooled.total}`);
});

test('classes side by side (issue 33), in 3 languages: the newest run\'s class headlines, each other class beside it with its runs, machines and headline ratios', () => {
  const results = copy();
  // TEST DATA: a second class with pooled headlines (as pool-runs.js writes them for a class of 3 runs).
  results.pooled.otherClasses = [{
    hardwareClass: 'sha256:0123456789abcdef', inferred: false, cpuModel: 'Intel(R) Xeon(R) Platinum 8370C CPU @ 2.80GHz', cpuCores: 4, newestDate: '2026-11-20',
    runs: ['bench/results/history/a.json', 'bench/results/history/b.json', 'bench/results/history/c.json'],
    machines: [{ id: 'sha256:1111111111111111', inferred: false, kernel: '6.8.0-1021-azure', memoryBytes: 16772591616, runs: 2 },
      { id: 'sha256:2222222222222222', inferred: false, kernel: '6.8.0-1026-azure', memoryBytes: 16772591616, runs: 1 }],
    comparisons: [{ scenario: 'c100-keepalive', metric: 'requestsPerSecond', reference: 'drogon', other: 'nginx-module', runs: 3, machines: 2, scope: 'new-machine', ratio: 1.234, low: 0.5, high: 3.1 }],
  }];
  const pages = render(results);
  const classRows = (md) => {
    const lines = md.split('\n');
    const start = lines.findIndex((l) => /^\| [^|]+ \| [^|]+ \| (Machines|机器数|機器數) \|/.test(l));
    assert.ok(start >= 0, 'a table of hardware classes');
    const rows = [];
    for (let i = start + 2; lines[i] && lines[i].startsWith('| '); i++) rows.push(lines[i].slice(2, -2).split(' | '));
    return rows;
  };
  const en = classRows(pages.benchmarks.en);
  assert.equal(en.length, 2);
  assert.deepEqual(en[0].slice(0, 3), ['AMD EPYC, 2 cores: the newest run\'s class', String(latest.pooled.runs.length), String(latest.pooled.machines.length)]);
  assert.deepEqual(en[1], ['Intel(R) Xeon(R) Platinum 8370C CPU @ 2.80GHz, 4 cores (newest run November 20, 2026)', '3', '2',
    'fewer than 3 runs: not pooled', '1.23 (0.50–3.10)', 'fewer than 3 runs: not pooled']);
  assert.match(pages.benchmarks.en, /The history also holds runs of 1 other hardware class\(es\)[^\n]*never with these/);
  const zh = classRows(pages.benchmarks['zh-CN']);
  assert.match(zh[1][0], /^Intel\(R\) Xeon\(R\) Platinum 8370C CPU @ 2\.80GHz，4 核（最新一次运行 2026年11月20日）$/);
  assert.equal(zh[1][4], '1.23（0.50–3.10）');
  const tw = classRows(convertMarkdown(pages.benchmarks['zh-CN']));
  assert.match(tw[0][0], /最新一次執行的類別$/);
  // One class in the history: no such table.
  const single = copy();
  single.pooled.otherClasses = [];
  assert.doesNotMatch(render(single).benchmarks.en, /\| Hardware class \|/);
});
