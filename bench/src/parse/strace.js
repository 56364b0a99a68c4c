'use strict';
// The summary table of `strace -c` (with -f: every traced thread and process together) -> calls and
// errors per system call name. The table is fixed-width: a header line, a line of dashes that gives
// each column's width, one row per system call, another line of dashes and the "total" row. A column
// is read by the place of its dashes, not by splitting on spaces, because strace leaves the errors
// column (and in some versions usecs/call) blank. Only the calls and errors columns are used: the
// times are strace's own, slowed by the tracing.
//
// Example (strace 6.1, `strace -f -c -o FILE -p PID`):
//   % time     seconds  usecs/call     calls    errors syscall
//   ------ ----------- ----------- --------- --------- ----------------
//    73.09    0.103603          51      2003           epoll_wait
//    ...
//   ------ ----------- ----------- --------- --------- ----------------
//   100.00    0.141740          23      6014           total

const DASHES = /^-+( +-+)*\s*$/;
const NAME = /^[a-z_][a-z0-9_]*$/;

// The [start, end) character range of each dash group of a separator line.
function columnsOf(separator) {
  const columns = [];
  const re = /-+/g;
  let m;
  while ((m = re.exec(separator)) !== null) columns.push([m.index, m.index + m[0].length]);
  return columns;
}

function cell(line, [start, end], last) {
  return line.slice(start, last ? undefined : end).trim();
}

function wholeCount(text, what) {
  if (text === '') return 0;
  if (!/^\d+$/.test(text)) throw new Error(`strace -c: ${what} is not a whole number: ${JSON.stringify(text)}`);
  return Number(text);
}

/**
 * text of a `strace -c` output file -> { calls: { name: count }, errors: { name: count }, total,
 * totalErrors }. Throws naming what is wrong when the text has no such table, or when the rows do
 * not add up to the total row (a file cut short).
 */
function parseStraceSummary(text) {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const first = lines.findIndex((l) => DASHES.test(l) && l.trim() !== '');
  if (first < 1) throw new Error(`strace -c: no summary table (no line of dashes under a header); the output began: ${JSON.stringify(lines[0] ?? '')}`);
  const header = lines[first - 1];
  const columns = columnsOf(lines[first]);
  const names = columns.map((c, i) => cell(header, c, i === columns.length - 1));
  const at = (name) => names.indexOf(name);
  for (const needed of ['calls', 'syscall']) {
    if (at(needed) < 0) throw new Error(`strace -c: the header has no "${needed}" column: ${JSON.stringify(header)}`);
  }
  const read = (line, name) => (at(name) < 0 ? '' : cell(line, columns[at(name)], at(name) === columns.length - 1));
  const calls = {};
  const errors = {};
  let total = null;
  for (let i = first + 1; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '' || DASHES.test(line)) continue;
    const name = read(line, 'syscall');
    const count = wholeCount(read(line, 'calls'), `the calls of ${name || 'a row'}`);
    const failed = wholeCount(read(line, 'errors'), `the errors of ${name || 'a row'}`);
    if (name === 'total') {
      total = { calls: count, errors: failed };
      break;
    }
    if (!NAME.test(name)) throw new Error(`strace -c: not a system call name: ${JSON.stringify(name)} in ${JSON.stringify(line)}`);
    if (name in calls) throw new Error(`strace -c: ${name} appears twice`);
    calls[name] = count;
    if (failed > 0) errors[name] = failed;
  }
  if (total === null) throw new Error('strace -c: the table has no "total" row (the output is cut short: strace did not finish writing it)');
  const sum = Object.values(calls).reduce((a, b) => a + b, 0);
  if (sum !== total.calls) throw new Error(`strace -c: the rows add up to ${sum} calls, the total row says ${total.calls}`);
  return { calls, errors, total: total.calls, totalErrors: total.errors };
}

module.exports = { parseStraceSummary };
