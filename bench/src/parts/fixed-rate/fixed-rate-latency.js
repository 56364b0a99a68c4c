'use strict';
// How compare judges the fixed-rate levels (issue 9, results.fixedRate), like the medians: per group,
// level and server, the p99 of the held runs with the latency thresholds, at least MIN_OK_RUNS held runs
// on both sides, and rule 6 of compare/compare.js (a busy session judges nothing). A level is compared
// only when its target rate moved by at most FIXED_RATE_TOLERANCE; a level no longer held is listed, not
// flagged. The judgement, what it flags, and its table in the report.
const { judgeMetric } = require('../../judge/metric-judgement');
const { VERDICT_TEXT, formatNumber, formatPct, formatSpread, oldToNew, escapeMarkdown, pushAligned } = require('../../judge/report-format');

// Fixed-rate groups must match in these to be compared; a level's target rate within this tolerance.
const FIXED_RATE_GROUP_FIELDS = Object.freeze(['method', 'path', 'bodyFile', 'commandLine']);
const FIXED_RATE_TOLERANCE = 0.1;

// p99 of the held runs of one server at one level: { median, min, max, okRuns = held runs }, or null.
function fixedRateFigures(levelResult) {
  const held = levelResult.runs.filter((r) => r.status === 'ok' && r.held && r.latencyUs.p99 !== null);
  if (held.length === 0 || !levelResult.summary.latencyUs) return null;
  const p99s = held.map((r) => r.latencyUs.p99);
  return { median: levelResult.summary.latencyUs.p99, min: Math.min(...p99s), max: Math.max(...p99s), okRuns: held.length };
}

// Rows per fixed-rate group x level (by fraction) x server of the new results.
function compareFixedRate(oldResults, newResults, { thresholds, minOkRuns, quiet }) {
  const rows = [];
  const oldGroups = new Map((oldResults.fixedRate ? oldResults.fixedRate.groups : []).map((g) => [g.id, g]));
  const durationChanged = oldResults.fixedRate && newResults.fixedRate && oldResults.fixedRate.durationSeconds !== newResults.fixedRate.durationSeconds;
  for (const group of newResults.fixedRate ? newResults.fixedRate.groups : []) {
    const oldGroup = oldGroups.get(group.id);
    const changed = oldGroup ? FIXED_RATE_GROUP_FIELDS.filter((f) => oldGroup[f] !== group[f]) : [];
    if (durationChanged) changed.push('durationSeconds');
    for (const level of group.levels) {
      const oldLevel = oldGroup && oldGroup.levels.find((l) => l.fraction === level.fraction);
      for (const result of level.results) {
        const row = { group: group.id, fraction: level.fraction, server: result.server, newRate: level.rate, oldRate: oldLevel ? oldLevel.rate : null,
          newHeld: result.summary.held, oldHeld: null, status: 'compared' };
        const oldResult = oldLevel && oldLevel.results.find((r) => r.server === result.server);
        if (!oldResult) { rows.push({ ...row, status: 'new' }); continue; }
        row.oldHeld = oldResult.summary.held;
        if (changed.length) { rows.push({ ...row, status: 'group-changed', changedFields: changed }); continue; }
        if (Math.abs(level.rate / oldLevel.rate - 1) > FIXED_RATE_TOLERANCE) { rows.push({ ...row, status: 'rate-changed' }); continue; }
        const oldF = fixedRateFigures(oldResult);
        const newF = fixedRateFigures(result);
        if (!newF) { rows.push({ ...row, status: oldF ? 'no-longer-held' : 'never-held' }); continue; }
        if (!oldF) { rows.push({ ...row, status: 'not-held-before' }); continue; }
        let judged = judgeMetric(oldF, newF, { higherIsBetter: false, ...thresholds.latencyP99Us }, minOkRuns);
        if (!quiet && judged.verdict !== 'insufficient-runs') judged = { ...judged, verdict: 'too-noisy' };
        rows.push({ ...row, metric: judged });
      }
    }
  }
  return rows;
}

// What the rows flag: a p99 that moved beyond the noise.
function fixedRateFindings(rows) {
  return rows.filter((row) => row.status === 'compared' && ['regression', 'improvement'].includes(row.metric.verdict)).map((row) => ({
    verdict: row.metric.verdict,
    item: { kind: 'fixedRate', group: row.group, fraction: row.fraction, server: row.server, metric: 'fixedRateP99Us', change: row.metric.change },
  }));
}

const FIXED_RATE_STATUS_TEXT = {
  'new': 'new in this run, nothing to compare with',
  'group-changed': 'fixed-rate settings changed, not compared',
  'rate-changed': `target rate moved by more than ${FIXED_RATE_TOLERANCE * 100} %, not compared`,
  'no-longer-held': 'held before, NOT HELD now (listed, not flagged: the generator may be what fell short)',
  'never-held': 'not held in either run: no latency to compare',
  'not-held-before': 'not held in the old run: no latency to compare',
};
const levelLabel = (row) => `${Math.round(row.fraction * 100)} %`;
const fixedRateVerdict = (report, row) => (row.status !== 'compared' ? FIXED_RATE_STATUS_TEXT[row.status]
  : { 'too-noisy': 'too noisy to judge', 'insufficient-runs': `not judged (fewer than ${report.rule.minOkRuns} held runs)` }[row.metric.verdict]
    || VERDICT_TEXT[row.metric.verdict]);

/** A flagged fixed-rate level, in one line. */
function flaggedLevel(report, item) {
  const row = report.fixedRateRows.find((r) => r.group === item.group && r.fraction === item.fraction && r.server === item.server);
  const m = row.metric;
  return `fixed rate ${row.group} ${levelLabel(row)} (${formatNumber(row.oldRate)} → ${formatNumber(row.newRate)} req/s), ${row.server}: p99 µs ${oldToNew(m)} `
    + `(${formatPct(m.change)}; noise ${formatSpread(m.noise)}; ranges ${formatNumber(m.old.min)}–${formatNumber(m.old.max)} vs ${formatNumber(m.new.min)}–${formatNumber(m.new.max)})`;
}

/** The table of fixed-rate levels, old -> new, in Markdown (nothing without fixed-rate runs). */
function fixedRateMarkdown(report, lines) {
  const e = escapeMarkdown;
  if (report.fixedRateRows.length) {
    lines.push('', '### Latency at fixed rates (oha, open loop; held runs only), old → new', '');
    lines.push('| Group | Level | Server | target req/s | p99 µs | change | noise | verdict |');
    lines.push('|---|---|---|---:|---:|---:|---:|---|');
    for (const row of report.fixedRateRows) {
      const m = row.metric;
      lines.push(`| ${e(row.group)} | ${e(levelLabel(row))} | ${e(row.server)} | ${e(`${formatNumber(row.oldRate)} → ${formatNumber(row.newRate)}`)} | `
        + `${m ? e(oldToNew(m)) : ''} | ${m ? e(formatPct(m.change)) : ''} | ${m ? e(formatSpread(m.noise)) : ''} | `
        + `${m && m.verdict === 'regression' ? `**${e(fixedRateVerdict(report, row))}**` : e(fixedRateVerdict(report, row))} |`);
    }
  }
}

/** The table of fixed-rate levels, old -> new, as aligned text. */
function fixedRateText(report, lines) {
  if (report.fixedRateRows.length) {
    lines.push('', 'Latency at fixed rates (oha, open loop; held runs only), old → new');
    const rates = [['group', 'level', 'server', 'target req/s old → new', 'p99 µs old → new', 'change', 'noise', 'verdict']];
    for (const row of report.fixedRateRows) {
      const m = row.metric;
      rates.push([row.group, levelLabel(row), row.server, `${formatNumber(row.oldRate)} → ${formatNumber(row.newRate)}`,
        m ? oldToNew(m) : '', m ? formatPct(m.change) : '', m ? formatSpread(m.noise) : '', fixedRateVerdict(report, row)]);
    }
    pushAligned(lines, rates);
  }
}

module.exports = { FIXED_RATE_TOLERANCE, compareFixedRate, fixedRateFindings, flaggedLevel, fixedRateMarkdown, fixedRateText };
