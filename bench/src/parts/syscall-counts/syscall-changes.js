'use strict';
// How compare judges the system-call counts (strace, issue 16): per case and server, the calls per
// request in total old -> new with judge/count-judgement.js's rules (at least SYSCALLS_MIN_CHANGE), and
// each category (reads, writes, ...), where a move of at least SYSCALL_CATEGORY_MIN_CHANGE calls per
// request beyond both runs' repeat ranges is a finding even when the total hardly moves (one write per
// batch becoming one per response is the kind of change meant). More calls is a regression, and so is
// a count that failed where the old run had one. The judgement, what it flags, its table and its rule.
const { MIN_REPEATS, countFigures, countChange, compareCounts, countFindings, COUNT_STATUS_TEXT } = require('../../judge/count-judgement');
const { VERDICT_TEXT, formatPct, formatSpread, escapeMarkdown, pushAligned } = require('../../judge/report-format');
const { callsByCategory } = require('./call-categories');

// System calls per request are exact counts for a server whose work per request does not depend on time
// (Drogon, nginx: 3.000 per keep-alive request); what moves them by chance is work done per second (a
// timer, a runtime's monitor thread), about 1 % here.
const SYSCALLS_MIN_CHANGE = 0.02;
const SYSCALL_CATEGORY_MIN_CHANGE = 0.05;

// System calls per request of one case x server, old -> new: the total, and each category that moved.
function judgeSyscalls(oldR, newR, { minChange = SYSCALLS_MIN_CHANGE, categoryMinChange = SYSCALL_CATEGORY_MIN_CHANGE } = {}) {
  const oldF = countFigures(oldR, 'total');
  const newF = countFigures(newR, 'total');
  const { change, noise, moved: totalMoved } = countChange(oldF, newF, minChange);
  const base = { old: oldF, new: newF, change, noise, minChange, categories: [] };
  if (oldF.repeats < MIN_REPEATS || newF.repeats < MIN_REPEATS) return { ...base, verdict: 'insufficient-runs' };
  // A category: the repeats' sums of its calls (byCategory medians; the repeats give the range).
  const categoryRange = (r, id) => {
    const sums = r.repeats.map((x) => x.byCategory?.[id]).filter((v) => typeof v === 'number');
    return sums.length ? { min: Math.min(...sums), max: Math.max(...sums) } : { min: r.byCategory[id], max: r.byCategory[id] };
  };
  const ids = [...new Set([...Object.keys(oldR.byCategory || {}), ...Object.keys(newR.byCategory || {})])];
  for (const id of ids) {
    const before = oldR.byCategory?.[id] ?? 0;
    const after = newR.byCategory?.[id] ?? 0;
    const a = categoryRange(oldR, id);
    const b = categoryRange(newR, id);
    const overlap = b.min <= a.max && a.min <= b.max;
    if (Math.abs(after - before) >= categoryMinChange && !overlap) base.categories.push({ category: id, old: before, new: after });
  }
  if (!totalMoved && base.categories.length === 0) return { ...base, verdict: 'within-noise' };
  const up = totalMoved ? change > 0 : base.categories.reduce((sum, c) => sum + c.new - c.old, 0) > 0;
  return { ...base, verdict: up ? 'regression' : 'improvement' };
}

// Calls counted per second instead of per request (syscalls.clockDriven; none in older results)
// change every total they are left out of: then no case is compared.
function compareSyscalls(oldResults, newResults) {
  const clockDriven = (results) => JSON.stringify([...(results.syscalls?.clockDriven || [])].sort());
  const blockChanges = clockDriven(oldResults) === clockDriven(newResults) ? [] : ['clockDriven'];
  return compareCounts('syscalls', 'total', oldResults, newResults,
    (oldR, newR) => judgeSyscalls(withCategories(oldR, oldResults), withCategories(newR, newResults)), blockChanges);
}

// The repeats' category sums (results keep them by name per repeat; the categories are the run's own).
function withCategories(result, results) {
  const { categories } = results.syscalls;
  return { ...result, repeats: result.repeats.map((r) => ({ ...r, byCategory: callsByCategory(r.perRequest, categories) })) };
}

const calls = (x) => (Math.round(x * 1000) / 1000).toFixed(3);
// The categories of a system-call row that moved: "write 0.063 → 1.000, read 1.000 → 2.000" ('' for none).
const movedCategories = (row) => row.categories.map((c) => `${c.category} ${calls(c.old)} → ${calls(c.new)}`).join(', ');
// "3.000 → 9.063 (+202.1 %; repeat spread 0.4 %); write 0.063 → 1.000"
function syscallText(row) {
  const moved = movedCategories(row);
  return `${calls(row.old.median)} → ${calls(row.new.median)} (${formatPct(row.change)}; repeat spread ${formatSpread(row.noise)})${moved ? `; ${moved}` : ''}`;
}

/** A flagged count, in one line. */
function flaggedSyscalls(report, item) {
  const row = report.syscallRows.find((r) => r.case === item.case && r.server === item.server);
  if (row.status === 'count-failed') return `system calls per request, ${row.case}, ${row.server}: counted before, no count now`;
  return `system calls per request, ${row.case}, ${row.server}: ${syscallText(row)}`;
}

/** The table of system-call counts, old -> new, in Markdown (only with rows). */
function syscallsMarkdown(report, lines) {
  const e = escapeMarkdown;
  if (!report.syscallRows.length) return;
  lines.push('', '### System calls per request (strace), old → new', '');
  lines.push('| Case | Server | old (repeat spread) | new (repeat spread) | change | categories that moved | verdict |');
  lines.push('|---|---|---:|---:|---:|---|---|');
  for (const row of report.syscallRows) {
    if (row.status !== 'compared') { lines.push(`| ${e(row.case)} | ${e(row.server)} | | | | | ${e(COUNT_STATUS_TEXT[row.status])} |`); continue; }
    lines.push(`| ${e(row.case)} | ${e(row.server)} | ${e(`${calls(row.old.median)} (${formatSpread(row.old.spread)})`)} | `
      + `${e(`${calls(row.new.median)} (${formatSpread(row.new.spread)})`)} | ${e(formatPct(row.change))} | `
      + `${e(movedCategories(row) || '-')} | ${e(VERDICT_TEXT[row.verdict])} |`);
  }
}

/** The table of system-call counts, old -> new, as aligned text. */
function syscallsText(report, lines) {
  if (!report.syscallRows.length) return;
  lines.push('', 'System calls per request (strace), old → new');
  const counts = [['case', 'server', 'old (spread)', 'new (spread)', 'change', 'categories that moved', 'verdict']];
  for (const row of report.syscallRows) {
    if (row.status !== 'compared') { counts.push([row.case, row.server, '', '', '', '', COUNT_STATUS_TEXT[row.status]]); continue; }
    counts.push([row.case, row.server, `${calls(row.old.median)} (${formatSpread(row.old.spread)})`, `${calls(row.new.median)} (${formatSpread(row.new.spread)})`,
      formatPct(row.change), movedCategories(row) || '-', VERDICT_TEXT[row.verdict]]);
  }
  pushAligned(lines, counts);
}

// Its part of the report's paragraph on the rules that carry their own noise measure (it follows the
// instruction counts' part: "the same way").
const syscallsRule = () => `system calls per request the same way (at least ${SYSCALLS_MIN_CHANGE * 100} % in total), or when a category (reads, writes, accepts, epoll, close, the rest) `
  + `moved by at least ${SYSCALL_CATEGORY_MIN_CHANGE} calls per request outside both runs' repeat ranges; `;

/** How compare judges the system-call counts (parts/part.js: compare). */
const syscallJudgement = {
  rows: 'syscallRows',
  judge: compareSyscalls,
  findings: (rows) => countFindings(rows, 'syscalls', 'syscallsPerRequest'),
  flagged: { syscalls: flaggedSyscalls },
  markdown: syscallsMarkdown,
  text: syscallsText,
  ownEvidence: true,
  rule: syscallsRule,
};

module.exports = { SYSCALLS_MIN_CHANGE, SYSCALL_CATEGORY_MIN_CHANGE, judgeSyscalls, syscallJudgement };
