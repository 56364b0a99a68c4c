'use strict';
// The comparison of compare.js as a reader gets it: Markdown for the bench workflow's job summary and
// pull-request body, plain text for a terminal (`npm run bench:compare`). The headline, the flagged
// findings and the rules are here; each kind of judgement writes its own table (medians.js,
// paired-ratios.js, server-exits.js, pooled.js, and each judged part's: parts/part.js, compare). Every
// data string is escaped.
const { shortCommit, escapeMarkdown } = require('../judge/report-format');
const { changeLines } = require('./comparability');
const { ruleText, flaggedMedian, mediansMarkdown, mediansText } = require('./medians');
const { MIN_PAIRS, flaggedRatio, ratiosMarkdown, ratiosText } = require('./paired-ratios');
const { judgements, COUNTS_TEXT } = require('../parts/part-list');
const { flaggedExit, exitsMarkdown, exitsText } = require('./server-exits');
const { flaggedPooled, pooledHeadline, pooledMarkdown, pooledTextTable } = require('./pooled');

// The rows that carry their own noise measure: the paired ratios and the rows of the parts judged so
// (parts/part.js: compare.ownEvidence), judged however busy the machine was.
const ownEvidenceRows = (report) => report.ratioRows.length
  + judgements().filter((j) => j.ownEvidence).reduce((sum, j) => sum + report[j.rows].length, 0);

function headline(report) {
  if (!report.comparable) {
    const what = [report.environmentChanges.length ? 'the environment' : null,
      report.methodChanges.length ? 'the measurement method' : null].filter(Boolean).join(' and ');
    return `Not compared with the old run: ${what} changed, so nothing of it is flagged (such a change is not a regression).${pooledHeadline(report)}`;
  }
  return `${headlineOfComparison(report)}${pooledHeadline(report)}`;
}

function headlineOfComparison(report) {
  const r = report.regressions.length;
  const i = report.improvements.length;
  const busy = ['old', 'new'].filter((k) => !report[k].quiet)
    .map((k) => `the ${k} run (${report[k].noisy} of ${report[k].rows} rows with a req/s spread above ${Math.round(report.rule.thresholds.requestsPerSecond.maxSpread * 100)} %)`);
  const ownEvidence = ownEvidenceRows(report) + report.serverExits.length > 0;
  if (busy.length && !ownEvidence) {
    const failed = r ? ` Failed runs are still flagged: ${r}.` : '';
    return `Nothing judged: the machine was not quiet during ${busy.join(' and ')}; rerun on a quiet machine.${failed}`;
  }
  if (busy.length) {
    const failedRuns = report.regressions.filter((x) => x.metric === 'failedRuns').length;
    const kinds = (list) => list.filter((x) => x.kind).length;
    return `Medians not judged: the machine was not quiet during ${busy.join(' and ')}. `
      + `Paired ratios, ${COUNTS_TEXT} carry their own noise measure and are judged where they have enough pairs and repeats: ${kinds(report.regressions)} regression(s), `
      + `${kinds(report.improvements)} improvement(s); server exits are listed whatever the noise.${failedRuns ? ` Failed runs flagged: ${failedRuns}.` : ''}`;
  }
  const unjudged = report.rows.filter((row) => Object.values(row.metrics)
    .some((m) => m.verdict === 'too-noisy' || m.verdict === 'insufficient-runs')).length;
  const caveat = unjudged ? ` ${unjudged} of ${report.rows.length} rows could not be fully judged (too noisy or too few runs).` : '';
  if (r === 0 && i === 0 && unjudged === report.rows.length && unjudged > 0) {
    return 'Nothing flagged, but no row could be fully judged (too noisy or too few runs).';
  }
  if (r === 0 && i === 0) return `No change beyond the run-to-run noise.${caveat}`;
  return `${r} regression${r === 1 ? '' : 's'} and ${i} improvement${i === 1 ? '' : 's'} beyond the run-to-run noise.${caveat}`;
}

// The rules of the evidence that carries its own noise measure: the paired ratios', each judged part's
// (parts/part.js: compare.rule), the server exits'.
function ratioRuleText(report) {
  return `A paired ratio (reference / other, geometric mean over the rounds, 95 % bootstrap interval) is flagged when both runs have at least ${MIN_PAIRS} pairs, `
    + `the ratio moved by at least ${Math.round(report.rule.thresholds.requestsPerSecond.minChange * 1000) / 10} % and the old and the new interval do not overlap. `
    + judgements().map((j) => j.rule(report)).join('')
    + 'none of these rules depends on how quiet the machine was. Every server exit of the new run is listed; one the old run did not have is flagged.';
}

// One flagged finding in one line, by the kind of judgement that flagged it (none: a median or failed runs).
const FLAGGED = { pooled: flaggedPooled, ratio: flaggedRatio, ...Object.assign({}, ...judgements().map((j) => j.flagged)), serverExit: flaggedExit };
const flaggedText = (report, item) => (FLAGGED[item.kind] || flaggedMedian)(report, item);

// Markdown for the job summary and the pull-request body. Every data string is escaped.
function toMarkdown(report) {
  const e = escapeMarkdown;
  const lines = ['## Benchmark comparison', ''];
  for (const [label, run] of [['Old', report.old], ['New', report.new]]) {
    lines.push(`- ${label}: commit \`${e(shortCommit(run.gitCommit))}\`, ${e(run.date)}, profile ${e(run.profile)}, ${run.repetitions} repetitions`);
  }
  lines.push('', `**${e(headline(report))}**`, '');
  if (!report.comparable) {
    lines.push('A comparison needs the same environment fingerprint and measurement method. What changed:', '');
    lines.push('| Field | Old | New |', '|---|---|---|');
    for (const d of changeLines(report)) lines.push(`| ${e(d.field)} | ${e(d.old)} | ${e(d.new)} |`);
    lines.push('');
    pooledMarkdown(report, lines);
    return lines.join('\n');
  }
  for (const [title, items] of [['Flagged regressions', report.regressions], ['Flagged improvements', report.improvements]]) {
    if (items.length === 0) continue;
    lines.push(`### ${title}`, '');
    for (const item of items) lines.push(`- ${e(flaggedText(report, item))}`);
    lines.push('');
  }
  pooledMarkdown(report, lines);
  mediansMarkdown(report, lines);
  ratiosMarkdown(report, lines);
  for (const judgement of judgements()) judgement.markdown(report, lines);
  exitsMarkdown(report, lines);
  lines.push('', e(ruleText(report)), '');
  if (ownEvidenceRows(report)) lines.push(e(ratioRuleText(report)), '');
  return lines.join('\n');
}

// Plain text for a terminal: the same content as toMarkdown, in aligned columns.
function toText(report) {
  const lines = ['Benchmark comparison'];
  for (const [label, run] of [['old', report.old], ['new', report.new]]) {
    lines.push(`  ${label}: commit ${shortCommit(run.gitCommit)}, ${run.date}, profile ${run.profile}, ${run.repetitions} repetitions`);
  }
  lines.push('', headline(report), '');
  if (!report.comparable) {
    for (const d of changeLines(report)) lines.push(`  ${d.field}: ${d.old} → ${d.new}`);
    for (const item of report.regressions) lines.push(`REGRESSION   ${flaggedText(report, item)}`);
    for (const item of report.improvements) lines.push(`improvement  ${flaggedText(report, item)}`);
    pooledTextTable(report, lines);
    return lines.join('\n') + '\n';
  }
  for (const item of report.regressions) lines.push(`REGRESSION   ${flaggedText(report, item)}`);
  for (const item of report.improvements) lines.push(`improvement  ${flaggedText(report, item)}`);
  if (report.regressions.length + report.improvements.length > 0) lines.push('');
  mediansText(report, lines);
  pooledTextTable(report, lines);
  ratiosText(report, lines);
  for (const judgement of judgements()) judgement.text(report, lines);
  exitsText(report, lines);
  lines.push('', ruleText(report));
  if (ownEvidenceRows(report)) lines.push(ratioRuleText(report));
  return lines.join('\n') + '\n';
}

module.exports = { toMarkdown, toText, escapeMarkdown };
