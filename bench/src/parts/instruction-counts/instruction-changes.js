'use strict';
// How compare judges the instruction counts (valgrind, results.instructions): per case and server,
// instructions per request old -> new with judge/count-judgement.js's rules and a minimum change of
// INSTRUCTIONS_MIN_CHANGE; more instructions is a regression, and so is a count that failed where the
// old run had one. The judgement, what it flags, its table in the report and its rule.
const { MIN_REPEATS, countFigures, countChange, compareCounts, countFindings, COUNT_STATUS_TEXT } = require('../../judge/count-judgement');
const { VERDICT_TEXT, formatNumber, formatPct, formatSpread, escapeMarkdown, pushAligned } = require('../../judge/report-format');

// Instruction counts repeat within 1 % (the benchmark expectation) and usually far closer; a change below
// half a percent is not worth a reader's attention even when the repeats are tighter than that.
const INSTRUCTIONS_MIN_CHANGE = 0.005;

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

// Rows per case x server of the new results (report.rule.instructionsMinChange: the minimum change).
function compareInstructions(oldResults, newResults, { rule }) {
  return compareCounts('instructions', 'perRequest', oldResults, newResults, (oldR, newR) => judgeInstructions(oldR, newR, rule.instructionsMinChange));
}

/** A flagged count, in one line. */
function flaggedInstructions(report, item) {
  const row = report.instructionRows.find((r) => r.case === item.case && r.server === item.server);
  if (row.status === 'count-failed') return `instructions per request, ${row.case}, ${row.server}: counted before, no count now`;
  return `instructions per request, ${row.case}, ${row.server}: ${formatNumber(row.old.median)} → ${formatNumber(row.new.median)} `
    + `(${formatPct(row.change)}; repeat spread ${formatSpread(row.noise)})`;
}

/** The table of instruction counts, old -> new, in Markdown (only with rows). */
function instructionsMarkdown(report, lines) {
  const e = escapeMarkdown;
  if (!report.instructionRows.length) return;
  lines.push('', '### Instructions per request (valgrind, user space), old → new', '');
  lines.push('| Case | Server | old (repeat spread) | new (repeat spread) | change | verdict |');
  lines.push('|---|---|---:|---:|---:|---|');
  for (const row of report.instructionRows) {
    if (row.status !== 'compared') { lines.push(`| ${e(row.case)} | ${e(row.server)} | | | | ${e(COUNT_STATUS_TEXT[row.status])} |`); continue; }
    lines.push(`| ${e(row.case)} | ${e(row.server)} | ${e(`${formatNumber(row.old.median)} (${formatSpread(row.old.spread)})`)} | `
      + `${e(`${formatNumber(row.new.median)} (${formatSpread(row.new.spread)})`)} | ${e(formatPct(row.change))} | ${e(VERDICT_TEXT[row.verdict])} |`);
  }
}

/** The table of instruction counts, old -> new, as aligned text. */
function instructionsText(report, lines) {
  if (!report.instructionRows.length) return;
  lines.push('', 'Instructions per request (valgrind, user space), old → new');
  const counts = [['case', 'server', 'old (spread)', 'new (spread)', 'change', 'verdict']];
  for (const row of report.instructionRows) {
    if (row.status !== 'compared') { counts.push([row.case, row.server, '', '', '', COUNT_STATUS_TEXT[row.status]]); continue; }
    counts.push([row.case, row.server, `${formatNumber(row.old.median)} (${formatSpread(row.old.spread)})`,
      `${formatNumber(row.new.median)} (${formatSpread(row.new.spread)})`, formatPct(row.change), VERDICT_TEXT[row.verdict]]);
  }
  pushAligned(lines, counts);
}

// Its part of the report's paragraph on the rules that carry their own noise measure.
const instructionsRule = (report) => `Instructions per request are flagged when both runs have at least ${MIN_REPEATS} repeats and the count moved by at least `
  + `${report.rule.instructionsMinChange * 100} %, by more than the larger repeat spread of the two runs, with repeat ranges that do not overlap; `;

/** How compare judges the instruction counts (parts/part.js: compare). */
const instructionJudgement = {
  rows: 'instructionRows',
  judge: compareInstructions,
  findings: (rows) => countFindings(rows, 'instructions', 'instructionsPerRequest'),
  flagged: { instructions: flaggedInstructions },
  markdown: instructionsMarkdown,
  text: instructionsText,
  ownEvidence: true,
  rule: instructionsRule,
  ruleFields: (options) => ({ instructionsMinChange: options.instructionsMinChange ?? INSTRUCTIONS_MIN_CHANGE }),
};

module.exports = { INSTRUCTIONS_MIN_CHANGE, judgeInstructions, instructionJudgement };
