// Test support of the guide's examples (examples/guide/<chapter>/*.test.js): build, start and stop
// programs, real HTTP, a scratch PostgreSQL and Redis, and the regions the pages show.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { extractRegion } = require('../../../docs/src/guide/regions');
const { runChecked } = require('./processes');

const repoRoot = path.join(__dirname, '..', '..', '..');
const examplesDir = path.join(repoRoot, 'examples', 'guide');

/** What a page shows of examples/guide/<rel> (region null: the whole file, marker lines removed); base:
 *  another examples folder (the tutorial's). */
function exampleRegion(rel, region = null, base = examplesDir) {
  const file = path.join(base, rel);
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

// Drogon keeps a response's headers in a hash map, so their order on the wire can change from one run
// or build to the next. The page shows one capture; the header lines after each status line are
// compared as a set, everything else line by line.
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

/** A temp folder named <prefix>XXXXXX, removed with everything in it when test t ends. */
function scratchDir(t, prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // Retried: a program still writing into the folder (a log, an upload) makes one removal fail with
  // ENOTEMPTY, and a throwing hook would keep the hooks after it (stopping that program) from running.
  t.after(() => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }));
  return dir;
}

// Page values (ports) in a text -> the test's: { '8080': 18201, '6379': 18202 }.
function replaceAll(text, replace) {
  return Object.entries(replace).reduce((t, [from, to]) => t.replaceAll(from, String(to)), text);
}

/** Runs region `region` of <chapter>/commands.sh as the page shows it, with the page's values (ports)
 *  replaced by the test's (replace: { '8080': port, ... }). Resolves runChecked's { stdout, ... }. */
function runRegion(chapter, region, { replace = {}, cwd, env, timeoutMs, base } = {}) {
  const command = replaceAll(exampleRegion(`${chapter}/commands.sh`, region, base), replace);
  return runChecked(['bash', '-euo', 'pipefail', '-c', command], { cwd, env, label: `${chapter}/commands.sh#${region}`, ...(timeoutMs ? { timeoutMs } : {}) });
}

/** Checks an output against <chapter>/expected/<region>.txt, which the page shows as what you will
 *  see: date headers, the header order of an HTTP answer and the given masks ([pattern, replacement]
 *  for values that differ on every run) excepted; replaceInExpected puts the test's values (ports)
 *  into the expected text where the output shows them. */
function assertRegionOutput(chapter, region, stdout, { masks = [], replaceInExpected = {}, expectedFile = `${chapter}/expected/${region}.txt`, base } = {}) {
  const want = replaceAll(normalizeOutput(exampleRegion(expectedFile, null, base)), replaceInExpected);
  const mask = (text) => sortHeaderBlocks(masks.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), maskDate(text)));
  assert.equal(mask(normalizeOutput(stdout)), mask(want), `${chapter}/commands.sh#${region}: the output differs from ${expectedFile}`);
}

/**
 * Runs region `region` of <chapter>/commands.sh as the page shows it (port 8080 replaced by `port`,
 * other values by `replace`) and checks its output with assertRegionOutput. Returns the output.
 */
async function checkCommand(chapter, region, { port, replace = {}, cwd, env, timeoutMs, ...check } = {}) {
  const { stdout } = await runRegion(chapter, region, { replace: { ...(port ? { 8080: port } : {}), ...replace }, cwd, env, timeoutMs, base: check.base });
  assertRegionOutput(chapter, region, stdout, check);
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
  ...require('./sockets'),
  ...require('./waiting'),
  exampleRegion,
  sortHeaderBlocks,
  scratchDir,
  runRegion,
  assertRegionOutput,
  normalizeOutput,
  maskDate,
  checkCommand,
  logMessages,
  examplesDir,
  repoRoot,
};
