// A reporter for node's test runner (scripts/test.js adds it beside the spec reporter): each test
// file's duration, slowest first, and the total. Node runs each file in a process of its own and
// reports the file as a test: its duration is from the file's dequeue (its process starts) to its
// complete event, module loading and hooks included, which the tests' own durations leave out. Files
// that run at the same time each count their own time.
//
// With DROGON_TEST_DURATIONS set to a file path, the rows are appended there as JSON lines instead
// of printed (scripts/test.js runs node --test twice and prints one table for both).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

function formatDuration(ms) {
  if (ms < 60000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** The table of durations: [{ file, ms, failed }] -> text; wallMs: the run's own time, when known. */
function durationTable(rows, root = process.cwd(), wallMs = null) {
  const sorted = [...rows].sort((a, b) => b.ms - a.ms);
  const total = rows.reduce((sum, r) => sum + r.ms, 0);
  const width = Math.max(...sorted.map((r) => formatDuration(r.ms).length));
  const lines = sorted.map((r) => `  ${formatDuration(r.ms).padStart(width)}  ${path.relative(root, r.file) || r.file}${r.failed ? '  (failed)' : ''}`);
  const wall = wallMs === null ? '' : `; the run took ${formatDuration(wallMs)}`;
  return `\nTest files by duration, slowest first (${rows.length} files, ${formatDuration(total)} in all${wall}):\n${lines.join('\n')}\n`;
}

// A file's own events: the test node makes of the file, named by its path.
const isFileEvent = (event) => event.data.nesting === 0 && event.data.name === event.data.file;

async function* testDurations(source) {
  const started = new Map();
  const rows = [];
  const failed = new Set();
  for await (const event of source) {
    const file = event.data && event.data.file;
    if (!file) continue;
    if (event.type === 'test:fail') failed.add(file);
    if (!isFileEvent(event)) continue;
    if (event.type === 'test:dequeue') started.set(file, Date.now());
    if (event.type === 'test:complete' && started.has(file)) {
      rows.push({ file, ms: Date.now() - started.get(file), failed: failed.has(file) || event.data.details.passed === false });
    }
  }
  const out = process.env.DROGON_TEST_DURATIONS;
  if (out) fs.appendFileSync(out, rows.map((r) => JSON.stringify(r) + '\n').join(''));
  else if (rows.length) yield durationTable(rows);
}

module.exports = testDurations;
module.exports.durationTable = durationTable;
module.exports.formatDuration = formatDuration;
