'use strict';
// How the comparison reads (report.js and each kind of judgement's part of it): numbers, changes,
// spreads, verdicts and labels, the same in the Markdown of the job summary and PR body and in the text
// for a terminal. Data strings in Markdown are escaped exactly as on the Benchmarks page.
const { escapeMarkdownText } = require('../../../shared/src/escape');

const SHORT_LABEL = { requestsPerSecond: 'req/s', latencyP99Us: 'p99', requestsPerServerCpuSecond: 'efficiency' };
const VERDICT_TEXT = { regression: 'REGRESSION', improvement: 'improvement', 'within-noise': 'within noise', 'insufficient-runs': 'not judged (too few pairs or repeats)',
  'judged-by-pooled': 'judged by the pooled figure' };

const METRIC_LABEL = { requestsPerSecond: 'req/s', requestsPerServerCpuSecond: 'requests per server CPU-second' };

const intFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const formatNumber = (n) => (n === null || n === undefined ? '-' : intFormat.format(n));
const formatPct = (r) => (r === null || !Number.isFinite(r) ? 'n/a' : `${r > 0 ? '+' : r < 0 ? '−' : '±'}${(Math.abs(r) * 100).toFixed(1)} %`);
const formatSpread = (r) => (!Number.isFinite(r) ? 'n/a' : `${(r * 100).toFixed(1)} %`);
const shortCommit = (c) => String(c).slice(0, 12);
const oldToNew = (m) => (m.verdict === 'not-measured' ? '-' : `${formatNumber(m.old.median)} → ${formatNumber(m.new.median)}`);

const formatRange = (low, high) => `${low.toFixed(3)}–${high.toFixed(3)}`;

// Data strings in the job summary and PR body are escaped exactly as on the Benchmarks page (also safe
// in a table cell: no markup, no HTML, no column breaks); numbers come as strings too.
const escapeMarkdown = (value) => escapeMarkdownText(String(value));

/** Rows of cells as aligned text columns. */
function pushAligned(lines, table) {
  const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
  for (const r of table) lines.push(r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd());
}

module.exports = {
  SHORT_LABEL, VERDICT_TEXT, METRIC_LABEL, formatNumber, formatPct, formatSpread, shortCommit, oldToNew, formatRange, escapeMarkdown, pushAligned,
};
