// Test support of the guide's examples (examples/guide/<chapter>/*.test.js): build, start and stop
// programs, real HTTP, a scratch PostgreSQL and Redis, and the regions the pages show.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { extractRegion } = require('../../../docs/src/guide/regions');
const { runChecked } = require('./processes');

const repoRoot = path.join(__dirname, '..', '..', '..');
const examplesDir = path.join(repoRoot, 'examples', 'guide');

/** What a page shows of examples/guide/<rel> (region null: the whole file, marker lines removed). */
function exampleRegion(rel, region = null) {
  const file = path.join(examplesDir, rel);
  return extractRegion(fs.readFileSync(file, 'utf8'), path.relative(repoRoot, file), region);
}

/** An expected output a page shows, as the test compares it (as regions are shown): line endings LF,
 *  no trailing whitespace, no blank lines before or after. */
function normalizeOutput(text) {
  return text.replace(/\r\n/g, '\n').split('\n').map((l) => l.replace(/[ \t]+$/, '')).join('\n').replace(/^\n+/, '').replace(/\s+$/, '');
}

// The date header is the time of the request; everything else of a shown answer must match.
function maskDate(text) {
  return text.replace(/^date: .*$/gim, 'date: <the current date>');
}

// Drogon keeps a response's headers in a hash map, so their order on the wire depends on the build (a
// fresh build of the same version was seen to swap two). The page shows one capture; the header lines
// after each status line are compared as a set, everything else line by line.
function sortHeaderBlocks(text) {
  const lines = text.split('\n');
  const out = [];
  for (let i = 0; i < lines.length;) {
    out.push(lines[i]);
    if (/^HTTP\/\d(\.\d)? \d{3}\b/.test(lines[i++])) {
      const headers = [];
      while (i < lines.length && /^[A-Za-z0-9-]+: /.test(lines[i])) headers.push(lines[i++]);
      out.push(...headers.sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    }
  }
  return out.join('\n');
}

/**
 * Runs region `region` of <chapter>/commands.sh as the page shows it (port 8080 replaced by `port`)
 * and checks that its output is <chapter>/expected/<region>.txt, which the page shows as what you
 * will see (date headers and the given masks excepted). Returns the output.
 */
async function checkCommand(chapter, region, { port, cwd, env, masks = [], expectedFile = `${chapter}/expected/${region}.txt` } = {}) {
  const command = exampleRegion(`${chapter}/commands.sh`, region).replaceAll('8080', String(port));
  const { stdout } = await runChecked(['bash', '-euo', 'pipefail', '-c', command], { cwd, env, label: `${chapter}/commands.sh#${region}` });
  const want = normalizeOutput(exampleRegion(expectedFile));
  // masks: [pattern, replacement] for values that differ on every run (ids), as the page says.
  const mask = (text) => sortHeaderBlocks(masks.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), maskDate(text)));
  assert.equal(mask(normalizeOutput(stdout)), mask(want), `${chapter}/commands.sh#${region}: the output differs from ${expectedFile}`);
  return stdout;
}

// Drogon's log lines without what changes from run to run: the date, time and thread id in front,
// and the source line at the end ("... INFO  Greeter stopped - Greeter.cc:14" -> "INFO  Greeter stopped").
function logMessages(text) {
  return text.split('\n')
    .map((l) => /^\d{8} \d\d:\d\d:\d\d\.\d{6} UTC \d+ ((?:TRACE|DEBUG|INFO|WARN|ERROR|FATAL) .*?)(?: - \S+:\d+)?$/.exec(l.trimEnd()))
    .filter(Boolean).map((m) => m[1]);
}

module.exports = {
  ...require('./build'),
  ...require('./processes'),
  ...require('./http'),
  ...require('./postgres'),
  ...require('./redis'),
  ...require('./latency-proxy'),
  exampleRegion,
  sortHeaderBlocks,
  normalizeOutput,
  maskDate,
  checkCommand,
  logMessages,
  examplesDir,
  repoRoot,
};
