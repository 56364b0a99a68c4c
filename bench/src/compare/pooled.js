'use strict';
// The new run against the earlier comparable runs (issue 25): its results.pooled block (bench/src/pool/)
// says, per comparison pooled from at least 3 runs, where this run's ratio fell against the 95 %
// prediction interval of the runs before it. Outside is a finding (below: the reference lost ground,
// above: it gained); inside is not, whatever the medians or one old run's interval did: the pooled
// interval carries the variation between runs that a single run's figures do not. The judgement, and its
// table in the report. Issue 33: the earlier runs are those of the new run's hardware class, from any
// machine (a runner of the bench workflow is a new machine each time); the report names the class and
// the machines the interval was made from, and whom it is for (a new machine, or that one machine).
const { SHORT_LABEL, METRIC_LABEL, formatRange, escapeMarkdown, pushAligned } = require('../judge/report-format');

// A ratio reference / other where higher is better for the reference (req/s, requests per server
// CPU-second): below the earlier runs' interval the reference lost ground, above it gained.
function verdictOfPlace(place) {
  if (place === 'below') return 'regression';
  if (place === 'above') return 'improvement';
  return 'within-noise';
}

// The earlier runs' machines (every pooled run but this one, which has no sha256 of a history file):
// { hardwareClass, machines: [{ id, inferred, kernel, runs }] } or null for a block from before issue 33.
function earlierMachines(pooled) {
  if (!pooled.machines || !pooled.hardwareClass) return null;
  const counts = new Map();
  for (const run of pooled.runs) {
    if (!run.sha256 || !run.machine) continue;
    counts.set(run.machine, (counts.get(run.machine) || 0) + 1);
  }
  const machines = pooled.machines.filter((m) => counts.has(m.id)).map((m) => ({ id: m.id, inferred: m.inferred, kernel: m.kernel, runs: counts.get(m.id) }));
  return { hardwareClass: pooled.hardwareClass, machines };
}

// -> { rows: [{ scenario, metric, reference, other, earlierRuns, earlierMachines, newRatio, earlierLow, earlierHigh,
// pooledRatio, low, high, place, verdict }], note, basis } (note: why there are no rows, or null; basis:
// earlierMachines' answer)
function comparePooled(newResults) {
  const pooled = newResults.pooled;
  if (!pooled) return { rows: [], note: 'the new run has no pooled block (only a complete default-profile run made with blocks is pooled)', basis: null };
  const rows = pooled.comparisons.filter((c) => c.newest.place).map((c) => ({
    scenario: c.scenario,
    metric: c.metric,
    reference: c.reference,
    other: c.other,
    earlierRuns: c.runs.length - 1,
    earlierMachines: c.newest.earlierMachines ?? null,
    newRatio: c.newest.ratio,
    earlierLow: c.newest.earlierLow,
    earlierHigh: c.newest.earlierHigh,
    pooledRatio: c.ratio,
    low: c.low,
    high: c.high,
    place: c.newest.place,
    verdict: verdictOfPlace(c.newest.place),
  }));
  const note = rows.length ? null
    : `no comparison has ${pooled.minRuns - 1} earlier comparable runs yet (${pooled.runs.length} comparable run(s) with the new one; ${pooled.excluded.length} history file(s) left out)`;
  return { rows, note, basis: earlierMachines(pooled) };
}

// One sentence: the class and the machines the earlier runs' interval was made from ('' without them).
function basisSentence(basis) {
  if (!basis) return '';
  const list = basis.machines.map((m) => `${m.id} (kernel ${m.kernel}, ${m.runs} run${m.runs === 1 ? '' : 's'}${m.inferred ? ', inferred from kernel and memory' : ''})`).join('; ');
  const whom = basis.machines.length >= 2
    ? `an interval for a new machine of the class, with ${basis.machines.length - 1} degree(s) of freedom (one fewer than the machines)`
    : 'an interval for that one machine: it says nothing of another machine of the class';
  return `Hardware class ${basis.hardwareClass}. The earlier runs' interval was made from ${basis.machines.length} machine(s): ${list || 'none'}; ${whom}.`;
}

const PLACE_TEXT = { inside: 'inside: not a finding', below: 'OUTSIDE, below: an unusual run', above: 'outside, above: an unusual run' };

function pooledText(row) {
  return `${row.scenario}: ${row.reference} / ${row.other} ${METRIC_LABEL[row.metric]} ratio ${row.newRatio.toFixed(3)}, `
    + `${row.place} the ${row.earlierRuns} earlier comparable runs' 95 % prediction interval ${formatRange(row.earlierLow, row.earlierHigh)}`;
}

/** A flagged pooled ratio, in one line. */
function flaggedPooled(report, item) {
  return pooledText(report.pooledRows.find((r) => r.scenario === item.scenario && r.other === item.server && r.metric === item.metric));
}

// What the pooled rows say, in one sentence ('' without pooled rows).
function pooledHeadline(report) {
  const rows = report.pooledRows;
  if (!rows.length) return '';
  const outside = rows.filter((r) => r.place !== 'inside').length;
  return ` Against the earlier comparable runs: ${rows.length - outside} of ${rows.length} pooled ratios inside their 95 % prediction interval`
    + `${outside ? `, ${outside} outside (findings below)` : ''}.`;
}

// The new run against the earlier comparable runs (compare/pooled.js), as a Markdown section.
function pooledMarkdown(report, lines) {
  const e = escapeMarkdown;
  lines.push('### Against the earlier comparable runs (pooled)', '');
  if (report.pooledBasis) lines.push(e(basisSentence(report.pooledBasis)), '');
  if (!report.pooledRows.length) {
    lines.push(e(`Not judged: ${report.pooledNote}.`), '');
    return;
  }
  lines.push('| Scenario | Ratio | Metric | new run | earlier runs: 95 % prediction interval | pooled with this run | where the new run fell |');
  lines.push('|---|---|---|---:|---:|---:|---|');
  for (const r of report.pooledRows) {
    const place = PLACE_TEXT[r.place];
    lines.push(`| ${e(r.scenario)} | ${e(`${r.reference} / ${r.other}`)} | ${e(METRIC_LABEL[r.metric])} | ${r.newRatio.toFixed(3)} | `
      + `${e(`${formatRange(r.earlierLow, r.earlierHigh)} (${r.earlierRuns} runs)`)} | ${e(`${r.pooledRatio.toFixed(3)} [${formatRange(r.low, r.high)}]`)} | `
      + `${r.place === 'inside' ? e(place) : `**${e(place)}**`} |`);
  }
  lines.push('', 'Outside the earlier runs\' interval is a finding; inside is not, whatever the medians did.', '');
}

// The same as text.
function pooledTextTable(report, lines) {
  lines.push('', 'Against the earlier comparable runs (pooled)');
  if (report.pooledBasis) lines.push(`  ${basisSentence(report.pooledBasis)}`);
  if (!report.pooledRows.length) {
    lines.push(`  not judged: ${report.pooledNote}`);
    return;
  }
  const table = [['scenario', 'ratio', 'metric', 'new run', 'earlier runs: 95 % prediction interval', 'pooled with this run', 'where the new run fell']];
  for (const r of report.pooledRows) {
    table.push([r.scenario, `${r.reference}/${r.other}`, SHORT_LABEL[r.metric], r.newRatio.toFixed(3), `${formatRange(r.earlierLow, r.earlierHigh)} (${r.earlierRuns} runs)`,
      `${r.pooledRatio.toFixed(3)} [${formatRange(r.low, r.high)}]`, PLACE_TEXT[r.place]]);
  }
  pushAligned(lines, table);
}

module.exports = { comparePooled, basisSentence, verdictOfPlace, flaggedPooled, pooledHeadline, pooledMarkdown, pooledTextTable };
