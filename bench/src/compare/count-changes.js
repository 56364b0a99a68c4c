'use strict';
// Instructions per request (valgrind) and system calls per request (strace, issue 16) of the counted
// cases: deterministic where time is not, so a change is a finding when both runs have at least
// MIN_REPEATS repeats and the count moved beyond its minimum, beyond the larger repeat spread, with the
// repeat ranges apart; system calls also by category (compare.js says why). The judgements, and their
// tables in the report.
const { callsByCategory } = require('../summarize/counts');
const { VERDICT_TEXT, formatNumber, formatPct, formatSpread, escapeMarkdown, pushAligned } = require('../judge/report-format');

// Instruction counts repeat within 1 % (the benchmark expectation) and usually far closer; a change below
// half a percent is not worth a reader's attention even when the repeats are tighter than that.
const INSTRUCTIONS_MIN_CHANGE = 0.005;

const MIN_REPEATS = 2;

// System calls per request are exact counts for a server whose work per request does not depend on time
// (Drogon, nginx: 3.000 per keep-alive request); what moves them by chance is work done per second (a
// timer, a runtime's monitor thread), about 1 % here.
const SYSCALLS_MIN_CHANGE = 0.02;
const SYSCALL_CATEGORY_MIN_CHANGE = 0.05;

// Settings of a counted case (instructions, system calls) that must match for its counts to compare:
// N, the batch, the client and its pace.
const COUNTED_CASE_FIELDS = Object.freeze(['requests', 'connections', 'pipelineDepth', 'loadTool', 'loadCommand']);

// One counted server's repeats of `field` (perRequest, total): its median, spread and range.
function countFigures(r, field) {
  const values = r.repeats.map((x) => x[field]);
  return { median: r[field], spread: r.spread, repeats: values.length, min: Math.min(...values), max: Math.max(...values) };
}

// A count old -> new: its change, the noise (the larger spread), and whether it moved: by minChange
// or more, beyond the noise, and with the repeats' ranges apart.
function countChange(oldF, newF, minChange) {
  const change = (newF.median - oldF.median) / oldF.median;
  const noise = Math.max(oldF.spread, newF.spread);
  const overlap = newF.min <= oldF.max && oldF.min <= newF.max;
  return { change, noise, moved: Math.abs(change) >= minChange && Math.abs(change) > noise && !overlap };
}

// Instructions per request of one case x server, old -> new (more instructions = regression).
function judgeInstructions(oldR, newR, minChange = INSTRUCTIONS_MIN_CHANGE) {
  const oldF = countFigures(oldR, 'perRequest');
  const newF = countFigures(newR, 'perRequest');
  const { change, noise, moved } = countChange(oldF, newF, minChange);
  const base = { old: oldF, new: newF, change, noise, minChange };
  if (oldF.repeats < MIN_REPEATS || newF.repeats < MIN_REPEATS) return { ...base, verdict: 'insufficient-runs' };
  if (!moved) return { ...base, verdict: 'within-noise' };
  return { ...base, verdict: change > 0 ? 'regression' : 'improvement' };
}

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

// The counts of one counted block (instructions, syscalls) case by case and server by server, old ->
// new: compared with judge(oldR, newR) where both were counted with the same case settings
// (blockChanges: settings of the whole block that differ, which change every case).
function compareCounts(block, field, oldResults, newResults, judge, blockChanges = []) {
  const casesOf = (results) => (results[block] ? results[block].cases : []);
  const rows = [];
  const oldCases = new Map(casesOf(oldResults).map((c) => [c.id, c]));
  for (const newCase of casesOf(newResults)) {
    const oldCase = oldCases.get(newCase.id);
    for (const newR of newCase.results) {
      const row = { case: newCase.id, server: newR.server };
      const oldR = oldCase && oldCase.results.find((r) => r.server === newR.server);
      const changed = oldCase ? [...blockChanges, ...COUNTED_CASE_FIELDS.filter((f) => oldCase[f] !== newCase[f])] : [];
      if (!oldR) rows.push({ ...row, status: 'new' });
      else if (changed.length) rows.push({ ...row, status: 'case-changed', changedFields: changed });
      else if (newR[field] === null) rows.push({ ...row, status: oldR[field] === null ? 'no-count' : 'count-failed' });
      else if (oldR[field] === null) rows.push({ ...row, status: 'no-count-before' });
      else rows.push({ ...row, status: 'compared', ...judge(oldR, newR) });
    }
  }
  return rows;
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

function compareInstructions(oldResults, newResults, minChange) {
  return compareCounts('instructions', 'perRequest', oldResults, newResults, (oldR, newR) => judgeInstructions(oldR, newR, minChange));
}

const COUNT_STATUS_TEXT = {
  'new': 'new in this run, nothing to compare with',
  'case-changed': 'case definition changed, not compared',
  'no-count': 'no count in either results',
  'count-failed': 'REGRESSION: counted before, no count now',
  'no-count-before': 'no count in the old results',
};

const calls = (x) => (Math.round(x * 1000) / 1000).toFixed(3);
// The categories of a system-call row that moved: "write 0.063 → 1.000, read 1.000 → 2.000" ('' for none).
const movedCategories = (row) => row.categories.map((c) => `${c.category} ${calls(c.old)} → ${calls(c.new)}`).join(', ');
// "3.000 → 9.063 (+202.1 %; repeat spread 0.4 %); write 0.063 → 1.000"
function syscallText(row) {
  const moved = movedCategories(row);
  return `${calls(row.old.median)} → ${calls(row.new.median)} (${formatPct(row.change)}; repeat spread ${formatSpread(row.noise)})${moved ? `; ${moved}` : ''}`;
}

/** A flagged count (instructions or system calls), in one line. */
function flaggedCount(report, item) {
  if (item.kind === 'syscalls') {
    const row = report.syscallRows.find((r) => r.case === item.case && r.server === item.server);
    if (row.status === 'count-failed') return `system calls per request, ${row.case}, ${row.server}: counted before, no count now`;
    return `system calls per request, ${row.case}, ${row.server}: ${syscallText(row)}`;
  }
  const row = report.instructionRows.find((r) => r.case === item.case && r.server === item.server);
  if (row.status === 'count-failed') return `instructions per request, ${row.case}, ${row.server}: counted before, no count now`;
  return `instructions per request, ${row.case}, ${row.server}: ${formatNumber(row.old.median)} → ${formatNumber(row.new.median)} `
    + `(${formatPct(row.change)}; repeat spread ${formatSpread(row.noise)})`;
}

/** The tables of instruction and system-call counts, old -> new, in Markdown (each only with rows). */
function countsMarkdown(report, lines) {
  const e = escapeMarkdown;
  if (report.instructionRows.length) {
    lines.push('', '### Instructions per request (valgrind, user space), old → new', '');
    lines.push('| Case | Server | old (repeat spread) | new (repeat spread) | change | verdict |');
    lines.push('|---|---|---:|---:|---:|---|');
    for (const row of report.instructionRows) {
      if (row.status !== 'compared') { lines.push(`| ${e(row.case)} | ${e(row.server)} | | | | ${e(COUNT_STATUS_TEXT[row.status])} |`); continue; }
      lines.push(`| ${e(row.case)} | ${e(row.server)} | ${e(`${formatNumber(row.old.median)} (${formatSpread(row.old.spread)})`)} | `
        + `${e(`${formatNumber(row.new.median)} (${formatSpread(row.new.spread)})`)} | ${e(formatPct(row.change))} | ${e(VERDICT_TEXT[row.verdict])} |`);
    }
  }
  if (report.syscallRows.length) {
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
}

/** The tables of instruction and system-call counts, old -> new, as aligned text. */
function countsText(report, lines) {
  if (report.instructionRows.length) {
    lines.push('', 'Instructions per request (valgrind, user space), old → new');
    const counts = [['case', 'server', 'old (spread)', 'new (spread)', 'change', 'verdict']];
    for (const row of report.instructionRows) {
      if (row.status !== 'compared') { counts.push([row.case, row.server, '', '', '', COUNT_STATUS_TEXT[row.status]]); continue; }
      counts.push([row.case, row.server, `${formatNumber(row.old.median)} (${formatSpread(row.old.spread)})`,
        `${formatNumber(row.new.median)} (${formatSpread(row.new.spread)})`, formatPct(row.change), VERDICT_TEXT[row.verdict]]);
    }
    pushAligned(lines, counts);
  }
  if (report.syscallRows.length) {
    lines.push('', 'System calls per request (strace), old → new');
    const counts = [['case', 'server', 'old (spread)', 'new (spread)', 'change', 'categories that moved', 'verdict']];
    for (const row of report.syscallRows) {
      if (row.status !== 'compared') { counts.push([row.case, row.server, '', '', '', '', COUNT_STATUS_TEXT[row.status]]); continue; }
      counts.push([row.case, row.server, `${calls(row.old.median)} (${formatSpread(row.old.spread)})`, `${calls(row.new.median)} (${formatSpread(row.new.spread)})`,
        formatPct(row.change), movedCategories(row) || '-', VERDICT_TEXT[row.verdict]]);
    }
    pushAligned(lines, counts);
  }
}

module.exports = {
  INSTRUCTIONS_MIN_CHANGE, MIN_REPEATS, SYSCALLS_MIN_CHANGE, SYSCALL_CATEGORY_MIN_CHANGE,
  judgeInstructions, judgeSyscalls, compareInstructions, compareSyscalls, flaggedCount, countsMarkdown, countsText,
};
