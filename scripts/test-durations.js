// A reporter for node's test runner (scripts/test.js adds it beside the spec reporter): at the end, each
// test file's duration, slowest first, and the total. Files run one at a time (--test-concurrency=1),
// so a file's duration is the time from the last event of the file before it (or from the start) to
// its own last event: its process's start, its module loading and its hooks included, which the
// tests' own durations leave out.
'use strict';
const path = require('node:path');

function formatDuration(ms) {
  if (ms < 60000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** The table of durations: [{ file, ms, failed }] -> text. */
function durationTable(rows, root = process.cwd()) {
  const sorted = [...rows].sort((a, b) => b.ms - a.ms);
  const total = rows.reduce((sum, r) => sum + r.ms, 0);
  const width = Math.max(...sorted.map((r) => formatDuration(r.ms).length));
  const lines = sorted.map((r) => `  ${formatDuration(r.ms).padStart(width)}  ${path.relative(root, r.file) || r.file}${r.failed ? '  (failed)' : ''}`);
  return `\nTest files by duration, slowest first (${rows.length} files, ${formatDuration(total)} in all):\n${lines.join('\n')}\n`;
}

async function* testDurations(source) {
  const started = Date.now();
  const order = [];
  const last = new Map();
  const failed = new Set();
  for await (const event of source) {
    const file = event.data && event.data.file;
    if (!file) continue;
    if (!last.has(file)) order.push(file);
    last.set(file, Date.now());
    if (event.type === 'test:fail') failed.add(file);
  }
  const rows = [];
  let previous = started;
  for (const file of order.sort((a, b) => last.get(a) - last.get(b))) {
    rows.push({ file, ms: last.get(file) - previous, failed: failed.has(file) });
    previous = last.get(file);
  }
  if (rows.length) yield durationTable(rows);
}

module.exports = testDurations;
module.exports.durationTable = durationTable;
module.exports.formatDuration = formatDuration;
