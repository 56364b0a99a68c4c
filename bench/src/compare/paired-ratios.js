'use strict';
// Paired ratios (scenario.comparisons, schemaVersion 2): Drogon / other per round with a 95 % bootstrap
// interval, flagged when both runs have at least MIN_PAIRS pairs, the old and the new interval do not
// overlap and the ratio moved by at least the req/s minChange, whatever the session noise (compare.js
// says why). The judgement, and its table in the report.
const { scenarioChanges } = require('./comparability');
const { THRESHOLDS } = require('../judge/metric-judgement');
const { SHORT_LABEL, VERDICT_TEXT, METRIC_LABEL, formatPct, escapeMarkdown, pushAligned } = require('../judge/report-format');

const MIN_PAIRS = 5;

// Paired ratio of a scenario, old -> new (rule in the header comment).
function judgeRatio(oldC, newC, { minPairs = MIN_PAIRS, minChange = THRESHOLDS.requestsPerSecond.minChange } = {}) {
  const base = { old: oldC, new: newC, change: oldC.ratio > 0 && newC.ratio > 0 ? newC.ratio / oldC.ratio - 1 : null, minChange };
  if (oldC.ciLow === null || newC.ciLow === null || oldC.pairs < minPairs || newC.pairs < minPairs) return { ...base, verdict: 'insufficient-runs' };
  if (Math.abs(base.change) < minChange) return { ...base, verdict: 'within-noise' };
  if (newC.ciLow > oldC.ciHigh) return { ...base, verdict: 'improvement' };
  if (newC.ciHigh < oldC.ciLow) return { ...base, verdict: 'regression' };
  return { ...base, verdict: 'within-noise' };
}

function compareRatios(oldScenario, newScenario, options) {
  const rows = [];
  for (const newC of newScenario.comparisons || []) {
    const oldC = (oldScenario.comparisons || []).find((c) => c.metric === newC.metric && c.other === newC.other && c.reference === newC.reference);
    if (!oldC) continue;
    rows.push({ scenario: newScenario.id, metric: newC.metric, reference: newC.reference, other: newC.other, ...judgeRatio(oldC, newC, options) });
  }
  return rows;
}

/** The ratio rows of every scenario whose settings did not change, in the new run's order. */
function compareAllRatios(oldResults, newResults, options) {
  const oldScenarios = new Map(oldResults.scenarios.map((s) => [s.id, s]));
  return newResults.scenarios.flatMap((newScenario) => {
    const oldScenario = oldScenarios.get(newScenario.id);
    if (!oldScenario || scenarioChanges(oldResults, newResults, oldScenario, newScenario).length) return [];
    return compareRatios(oldScenario, newScenario, options);
  });
}

const formatRatioCi = (c) => (c.ratio === null ? 'n/a' : `${c.ratio.toFixed(3)} [${c.ciLow === null ? 'no interval' : `${c.ciLow.toFixed(3)}–${c.ciHigh.toFixed(3)}`}]`);

/** A flagged ratio, in one line. */
function flaggedRatio(report, item) {
  const row = report.ratioRows.find((r) => r.scenario === item.scenario && r.other === item.server && r.metric === item.metric);
  return `${row.scenario}: ${row.reference} / ${row.other} ${METRIC_LABEL[row.metric]} ratio ${formatRatioCi(row.old)} → ${formatRatioCi(row.new)} `
    + `(${formatPct(row.change)}; the 95 % intervals do not overlap)`;
}

/** The table of paired ratios, old -> new, in Markdown (nothing without ratios). */
function ratiosMarkdown(report, lines) {
  const e = escapeMarkdown;
  if (report.ratioRows.length) {
    lines.push('', '### Paired ratios, old → new', '');
    lines.push('| Scenario | Ratio | Metric | old [95 % interval] | new [95 % interval] | change | verdict |');
    lines.push('|---|---|---|---:|---:|---:|---|');
    for (const row of report.ratioRows) {
      lines.push(`| ${e(row.scenario)} | ${e(`${row.reference} / ${row.other}`)} | ${e(METRIC_LABEL[row.metric])} | ${e(formatRatioCi(row.old))} | `
        + `${e(formatRatioCi(row.new))} | ${e(formatPct(row.change))} | ${e(VERDICT_TEXT[row.verdict])} |`);
    }
  }
}

/** The table of paired ratios, old -> new, as aligned text (nothing without ratios). */
function ratiosText(report, lines) {
  if (report.ratioRows.length) {
    lines.push('', 'Paired ratios, old → new');
    const ratios = [['scenario', 'ratio', 'metric', 'old [95 % interval]', 'new [95 % interval]', 'change', 'verdict']];
    for (const row of report.ratioRows) {
      ratios.push([row.scenario, `${row.reference}/${row.other}`, SHORT_LABEL[row.metric], formatRatioCi(row.old), formatRatioCi(row.new), formatPct(row.change), VERDICT_TEXT[row.verdict]]);
    }
    pushAligned(lines, ratios);
  }
}

module.exports = { MIN_PAIRS, judgeRatio, compareAllRatios, flaggedRatio, ratiosMarkdown, ratiosText };
