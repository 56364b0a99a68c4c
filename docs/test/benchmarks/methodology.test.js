'use strict';
// The Methodology parts generated from bench/scenarios.json: the profile table, run lengths,
// repetitions and thresholds come from the file at build time, and `npm run check` fails when the
// committed page no longer matches it (drift). Runs on temp copies of the content.
// Covers: docs/src/benchmarks/bench-settings.js
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { fillBenchParts, BLOCKS } = require('../../src/benchmarks/methodology');
const { benchSettings } = require('../../src/benchmarks/bench-settings');
const { runCheck } = require('../../src/check');
const { generatedContentCopy, repoRoot } = require('../support/content-copy');

const stringsOf = (lang) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'benchmarks', `strings.${lang}.json`), 'utf8'));
const scenarios = () => JSON.parse(fs.readFileSync(path.join(repoRoot, 'bench', 'scenarios.json'), 'utf8'));
const fill = (body, lang = 'en', json = scenarios()) => fillBenchParts(body, { strings: stringsOf(lang), where: 'page.md', getSettings: () => benchSettings(json) });

test('the profile table quotes every profile of bench/scenarios.json: run, warm-up, repetitions, scenarios', () => {
  const json = scenarios();
  const body = fill('# M\n\n<!-- bench:profiles -->\n\n<!-- /bench:profiles -->\n');
  const rows = body.split('\n').filter((l) => l.startsWith('| `'));
  assert.equal(rows.length, Object.keys(json.profiles).length);
  for (const [id, profile] of Object.entries(json.profiles)) {
    const row = rows.find((r) => r.startsWith(`| \`${id}\` |`));
    assert.ok(row, id);
    const cells = row.slice(2, -2).split(' | ');
    assert.deepEqual(cells.slice(2), [`${profile.durationSeconds} s`, `${profile.warmupSeconds} s`, String(profile.repetitions)], id);
    assert.equal(cells[1].split('; ').length, profile.scenarios.length, `${id}: one entry per scenario`);
  }
});

test('inline values: thresholds in the page\'s language; a part regenerated replaces what was typed', () => {
  const body = 'threshold <!-- bench:saturationThreshold -->0.9<!-- /bench:saturationThreshold --> and <!-- bench:spreadWarningThreshold -->5%<!-- /bench:spreadWarningThreshold -->';
  const json = scenarios();
  const share = (x) => new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(x);
  assert.equal(fill(body), `threshold <!-- bench:saturationThreshold -->${share(json.saturationThreshold)}<!-- /bench:saturationThreshold --> and <!-- bench:spreadWarningThreshold -->${share(json.spreadWarningThreshold)}<!-- /bench:spreadWarningThreshold -->`);
  assert.equal(fill('no parts here'), 'no parts here');
});

test('per-scenario run lengths, pipelining, the sweep and instruction counts (the reshaped file) are read through benchSettings', () => {
  // Unit-test settings in the shape the bench helper is moving to (not measurements).
  const json = {
    saturationThreshold: 0.9, spreadWarningThreshold: 0.05, contentionNoteThreshold: 0.1, nginx: { keepaliveRequests: 1 },
    bootstrap: { resamples: 10000, confidence: 0.95 },
    profiles: {
      quick: {
        description: 'q', durationSeconds: 1, warmupSeconds: 0, repetitions: 2,
        scenarios: [{ id: 'ka', tool: 'wrk', connections: 100, keepAlive: true }, { id: 'p', tool: 'wrk', connections: 256, keepAlive: true, pipelineDepth: 16, warmupSeconds: 1 }],
        sweep: { tool: 'ab', keepAlive: true, levels: [1, 100], runsPerLevel: 1, durationSeconds: 1 },
        instructions: { requests: 2000, repeats: 1, cases: ['keepalive'] },
      },
    },
  };
  const settings = benchSettings(json);
  assert.deepEqual(settings.profiles[0].scenarios[1], { id: 'p', tool: 'wrk', connections: 256, keepAlive: true, pipelineDepth: 16, durationSeconds: 1, warmupSeconds: 1, repetitions: 2 });
  const body = fill('<!-- bench:profiles -->\n\n<!-- /bench:profiles -->\n<!-- bench:measurements -->\n\n<!-- /bench:measurements -->\nresamples: <!-- bench:bootstrapResamples -->?<!-- /bench:bootstrapResamples -->', 'en', json);
  assert.match(body, /wrk, 256 connections, keep-alive, 16 requests per write \(1 s runs, 1 s warm-up, 2 repetitions\)/);
  // No fixed-rate block in this profile: a dash in its column.
  assert.match(body, /\| `quick` \| ab at 1 · 100 connections, 1 run\(s\) of 1 s per level \| — \| `keepalive`: N = 2,000, 1 repeat\(s\) \|/);
  assert.match(body, /<!-- bench:bootstrapResamples -->10,000<!-- \/bench:bootstrapResamples -->/);
  const zh = fill('<!-- bench:measurements -->\n\n<!-- /bench:measurements -->', 'zh-CN', json);
  assert.match(zh, /ab，1 · 100 个连接，每级 1 次、每次 1 秒/);
  assert.deepEqual(Object.keys(BLOCKS).sort(), ['json', 'measurements', 'profiles']);
});

test('the JSON application, fixed-rate levels and JSON instruction cases of every profile come from bench/scenarios.json', () => {
  const json = scenarios();
  const servers = JSON.parse(fs.readFileSync(path.join(repoRoot, json.json.serversFile), 'utf8')).servers;
  const settings = benchSettings(json, { jsonServers: servers });
  const body = fillBenchParts('<!-- bench:json -->\n\n<!-- /bench:json -->\n<!-- bench:measurements -->\n\n<!-- /bench:measurements -->\n'
    + 'at <!-- bench:fixedRateFractions -->?<!-- /bench:fixedRateFractions --> <!-- bench:fixedRateRounds -->?<!-- /bench:fixedRateRounds -->',
  { strings: stringsOf('en'), where: 'page.md', getSettings: () => settings });
  const jsonRows = body.split('<!-- /bench:json -->')[0].split('\n').filter((l) => l.startsWith('| `'));
  for (const [id, profile] of Object.entries(json.profiles).filter(([, p]) => p.json)) {
    const cells = jsonRows.find((r) => r.startsWith(`| \`${id}\` |`)).slice(2, -2).split(' | ');
    // One entry per endpoint, named by its request; every variant by its name; the JSON part's own run lengths.
    assert.equal(cells[1].split('; ').length, profile.json.scenarios.length, id);
    for (const serverId of profile.json.servers) assert.ok(cells[2].includes(servers.find((x) => x.id === serverId).name), `${id}: ${serverId}`);
    assert.deepEqual(cells.slice(3), [`${profile.json.durationSeconds} s`, `${profile.json.warmupSeconds} s`, String(profile.json.repetitions)], id);
  }
  assert.match(body, /GET \/ping; GET \/json; POST \/dbop, N = 1; POST \/dbop, N = 10/);
  const measurements = body.split('<!-- bench:measurements -->')[1].split('\n').filter((l) => l.startsWith('| `'));
  const fmt = new Intl.NumberFormat('en-US');
  const share = (x) => new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(x);
  // A row per profile that measures something beyond its timed runs; none for one that does not.
  const measures = (p) => p.sweep || p.fixedRate || p.instructions || p.syscalls || (p.json && p.json.instructions);
  assert.ok(Object.values(json.profiles).some((p) => !measures(p)), 'a profile with timed runs only (many-connections)');
  for (const [id, profile] of Object.entries(json.profiles)) {
    const row = measurements.find((r) => r.startsWith(`| \`${id}\` |`));
    if (!measures(profile)) {
      assert.equal(row, undefined, `${id}: a row of dashes`);
      continue;
    }
    const cells = row.slice(2, -2).split(' | ');
    const fixed = profile.fixedRate;
    if (fixed) {
      for (const f of fixed.fractions) assert.ok(cells[2].includes(share(f)), `${id}: fraction ${f}`);
      assert.ok(cells[2].includes(`${fixed.repetitions} round(s) of ${fixed.durationSeconds} s per level after ${fixed.warmupSeconds} s of warm-up`), `${id}: ${cells[2]}`);
      for (const g of fixed.groups) assert.ok(cells[2].includes(`\`${json.fixedRate.groups.find((x) => x.id === g).basisScenario}\``), `${id}: group ${g}`);
    }
    // The JSON instruction cases, with the N of each (requestsByCase, else the profile's N).
    for (const c of (profile.json && profile.json.instructions ? profile.json.instructions.cases : [])) {
      const n = (profile.json.instructions.requestsByCase || {})[c] ?? profile.instructions.requests;
      assert.ok(cells[3].includes(`\`${c}\`: N = ${fmt.format(n)}`), `${id}: ${c} ${cells[3]}`);
    }
  }
  const fractions = new Intl.ListFormat('en-US', { type: 'conjunction' }).format(json.profiles.default.fixedRate.fractions.map(share));
  assert.ok(body.endsWith(`<!-- bench:fixedRateFractions -->${fractions}<!-- /bench:fixedRateFractions --> <!-- bench:fixedRateRounds -->${json.profiles.default.fixedRate.repetitions}<!-- /bench:fixedRateRounds -->`), body);
  // The Methodology pages quote them.
  for (const page of ['ENG/Methodology.md', 'CHN/测试方法.md']) {
    const text = fs.readFileSync(path.join(repoRoot, page), 'utf8');
    for (const name of ['json', 'fixedRateFractions', 'fixedRateRounds']) assert.ok(text.includes(`<!-- bench:${name} -->`), `${page}: ${name}`);
  }
});

test('a part that is unknown, unclosed, or a block written inline is an error naming the page', () => {
  assert.throws(() => fill('<!-- bench:nope -->x<!-- /bench:nope -->'), /page\.md: unknown generated part bench:nope/);
  assert.throws(() => fill('<!-- bench:profiles -->\n\nx'), /page\.md: a <!-- bench:NAME --> part is not closed/);
  assert.throws(() => fill('<!-- bench:profiles -->x<!-- /bench:profiles -->'), /is a block: put the comments on their own lines/);
  assert.throws(() => fill('<!-- bench:saturationThreshold -->\nx\n<!-- /bench:saturationThreshold -->'), /is a value: keep it on one line/);
  // A value at the start of a line would make that line an HTML block: raw, and out of its paragraph.
  assert.throws(() => fill('a threshold of\n<!-- bench:saturationThreshold -->90%<!-- /bench:saturationThreshold --> in `x`'), /page\.md:2: <!-- bench:saturationThreshold --> starts a line/);
  assert.throws(() => fill('  <!-- bench:saturationThreshold -->90%<!-- /bench:saturationThreshold -->'), /page\.md:1: .* starts a line/);
});

test('npm run check fails when bench/scenarios.json changes and Methodology was not regenerated', (t) => {
  const copy = generatedContentCopy();
  t.after(() => copy.remove());
  assert.deepEqual(runCheck({ root: copy.root }).problems, []);
  const file = path.join(copy.root, 'bench', 'scenarios.json');
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  json.profiles.quick.durationSeconds += 2;
  json.saturationThreshold = 0.85;
  fs.writeFileSync(file, JSON.stringify(json, null, 2));
  const { problems } = runCheck({ root: copy.root });
  for (const page of ['ENG/Methodology.md', 'CHN/测试方法.md', 'JB_TW/測試方法.md']) {
    assert.ok(problems.some((p) => p.startsWith(`${page}:`) && /the body differs/.test(p)), `${page} drift not reported:\n${problems.join('\n')}`);
  }
  // A hand edit inside a generated part is drift too.
  const copy2 = generatedContentCopy();
  t.after(() => copy2.remove());
  const methodology = path.join(copy2.root, 'ENG', 'Methodology.md');
  fs.writeFileSync(methodology, fs.readFileSync(methodology, 'utf8').replace(/(<!-- bench:saturationThreshold -->)[^<]*/, '$10.9'));
  assert.ok(runCheck({ root: copy2.root }).problems.some((p) => p.startsWith('ENG/Methodology.md:')));
});

test('the pipelining figures quoted in prose are the default profile\'s (depth, connection counts, bootstrap resamples)', () => {
  const json = scenarios();
  const piped = json.profiles.default.scenarios.filter((sc) => (sc.pipelineDepth || 1) > 1);
  assert.ok(piped.length > 0, 'the default profile has pipelined scenarios');
  const en = new Intl.NumberFormat('en-US');
  const list = new Intl.ListFormat('en-US', { type: 'conjunction' }).format(piped.map((sc) => en.format(sc.connections)));
  const body = fill('writes <!-- bench:pipelineDepth -->?<!-- /bench:pipelineDepth --> at <!-- bench:pipelinedConnections -->?<!-- /bench:pipelinedConnections --> (<!-- bench:bootstrapResamples -->?<!-- /bench:bootstrapResamples -->)');
  assert.equal(body, `writes <!-- bench:pipelineDepth -->${piped[0].pipelineDepth}<!-- /bench:pipelineDepth --> at <!-- bench:pipelinedConnections -->${list}<!-- /bench:pipelinedConnections --> (<!-- bench:bootstrapResamples -->${en.format(json.bootstrap.resamples)}<!-- /bench:bootstrapResamples -->)`);
  // The Methodology pages use them.
  for (const page of ['ENG/Methodology.md', 'CHN/测试方法.md']) {
    const text = fs.readFileSync(path.join(repoRoot, page), 'utf8');
    for (const name of ['profiles', 'measurements', 'saturationThreshold', 'spreadWarningThreshold', 'bootstrapResamples', 'pipelineDepth', 'pipelinedConnections']) {
      assert.ok(text.includes(`<!-- bench:${name} -->`), `${page} does not quote ${name} from bench/scenarios.json`);
    }
  }
});

test('Methodology reads the results file as every subject does (ctx.results): the calibration figures, or a dash without one', () => {
  const body = 'Own: <!-- bench:calibrationOwn -->?<!-- /bench:calibrationOwn --> <!-- bench:calibrationPooled -->?<!-- /bench:calibrationPooled -->';
  const results = { pooled: { calibration: { ownInterval: { contained: 3, total: 4 }, pooledInterval: { contained: 0, total: 0 } } } };
  const filled = fillBenchParts(body, { strings: stringsOf('en'), where: 'page.md', getSettings: () => benchSettings(scenarios()), results });
  assert.match(filled, /<!-- bench:calibrationOwn -->3 of 4 \(75\.0%\)<!-- \/bench:calibrationOwn -->/);
  assert.match(filled, /<!-- bench:calibrationPooled -->—<!-- \/bench:calibrationPooled -->/);
  assert.equal(fill(body), body.replace(/\?/g, '—'));
});
