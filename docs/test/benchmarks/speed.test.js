'use strict';
// Micro benchmark (printed, not a timed assertion; target: under 1 s): regenerating every page of the
// site, including the Benchmarks page from a real quick run and the OpenCC conversion of every CHN
// page to JB_TW. Cold = a fresh node process (module loading and OpenCC dictionaries included);
// warm = repeated generations in one process. What is asserted: every regeneration gives the same bytes.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { copySiteContent } = require('../support/content-copy');

const resultsFile = path.join(__dirname, '..', 'fixtures', 'results-quick-v2-b.json');
const generateModule = path.join(__dirname, '..', '..', 'src', 'generate-pages.js');

test('regenerating every page (benchmarks + zh-TW conversion): time printed, output stable', (t) => {
  const copy = copySiteContent({ resultsFile });
  t.after(() => copy.remove());

  // Cold: one generation in a fresh process, from `require` to the last file.
  const script = `const t0 = process.hrtime.bigint();
    const { generatePages } = require(${JSON.stringify(generateModule)});
    const generated = generatePages({ root: ${JSON.stringify(copy.root)} });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    process.stdout.write(JSON.stringify({ ms, files: generated.files.size, timings: generated.timings }));`;
  const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  assert.equal(child.status, 0, child.stderr);
  const cold = JSON.parse(child.stdout);

  // Warm: five generations in this process.
  const { generatePages } = require('../../src/generate-pages');
  const runs = [];
  let first = null;
  for (let i = 0; i < 5; i += 1) {
    const t0 = process.hrtime.bigint();
    const generated = generatePages({ root: copy.root });
    runs.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const files = Object.fromEntries(generated.files);
    if (first === null) first = files;
    else assert.deepEqual(files, first, `generation ${i + 1} differs from the first`);
  }
  assert.equal(Object.keys(first).length, cold.files);
  const sorted = [...runs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const stages = Object.entries(cold.timings).map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ');
  const report = [
    `regenerate all pages (${cold.files} files, incl. Benchmarks and OpenCC zh-TW conversion):`,
    `  cold (fresh process, incl. loading OpenCC): ${cold.ms.toFixed(0)} ms [${stages}]`,
    `  warm: median ${median.toFixed(0)} ms of ${runs.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    `  target: under 1000 ms cold -> ${cold.ms < 1000 ? 'met' : 'NOT met'}`,
  ];
  for (const line of report) {
    t.diagnostic(line);
    console.log(line);
  }
});
