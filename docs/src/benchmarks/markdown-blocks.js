// Markdown blocks the Benchmarks pages share: paragraphs, folded sections, a chart's folded data table,
// sentences run on in a paragraph, the cell formats of per-server tables, and chart value rounding.
// Every string that reaches them is escaped already.
'use strict';
const { fill } = require('./sentences');

const { FULL_WIDTH_PUNCTUATION } = require('../../../shared/src/cjk-markdown/east-asian-width');

const EDGE_PUNCTUATION = new RegExp(`^${FULL_WIDTH_PUNCTUATION}|${FULL_WIDTH_PUNCTUATION}$`, 'u');

/**
 * Bold escaped inline Markdown. A `**` after full-width punctuation and before a character
 * (`hello world（GET）**：`) stays open in CommonMark readers that count only ASCII punctuation as
 * punctuation, so text that starts or ends with full-width punctuation is bolded with <strong>.
 */
function strong(markdown) {
  return EDGE_PUNCTUATION.test(markdown) ? `<strong>${markdown}</strong>` : `**${markdown}**`;
}

/** Blocks joined by blank lines; empty ones left out. */
function paragraphs(...blocks) {
  return blocks.filter((b) => b !== null && b !== undefined && b !== '').join('\n\n');
}

/**
 * A collapsible block, folded until the reader opens it: <details> with Markdown inside (blank lines
 * around the body, so marked parses it as Markdown). summary: escaped inline text. className marks
 * what it holds (bench-data: a chart's table, bench-source: provenance).
 */
function folded(summary, body, className) {
  if (!/^[a-z-]+$/.test(className)) throw new Error(`folded: bad class name ${JSON.stringify(className)}`);
  if (/[\r\n]/.test(summary)) throw new Error('folded: the summary must be one line');
  return `<details class="${className}">\n<summary>${summary}</summary>\n\n${body}\n\n</details>`;
}

// A chart's data table, folded under the chart, and the link to the full tables on the details page.
function dataTable(ctx, tableMarkdown) {
  return folded(ctx.strings.dataTable, tableMarkdown, 'bench-data');
}

// Sentences run on in one paragraph: a space between them in English, none in Chinese.
function joinSentences(ctx, ...parts) {
  return parts.filter(Boolean).join(ctx.strings.sentenceSeparator);
}

/** "Every figure: Benchmark details" with a link to one of the details page's sections. */
function moreDetails(ctx, id) {
  return ctx.t('moreDetails', { link: ctx.pageLink('benchmark-details', ctx.strings.fullTables, id) });
}

/** Chart values are rounded to what the tables show (whole requests, whole microseconds). */
const wholeNumber = (v) => (v === null || v === undefined ? null : Math.round(v));
const msFromUs = (us) => Math.round(us) / 1000;

// The step a scenario's tool measured latency in, in microseconds: the results say (issue 16); older
// files do not, and of their tools only ab measures whole milliseconds.
const latencyResolutionUs = (scenario) => scenario.latencyResolutionUs ?? (scenario.tool === 'ab' ? 1000 : 1);

/**
 * A latency cell in milliseconds, never finer than the tool measured: whole milliseconds for ab, and
 * "< 1" for its 0 (a request under a millisecond), not "0.00".
 */
function latencyMs(ctx, scenario, us) {
  if (latencyResolutionUs(scenario) < 1000) return ctx.fmt.ms(us);
  const ms = Math.round(us / 1000);
  return ms === 0 ? ctx.strings.latency.underOneMs : ctx.fmt.integer(ms);
}

/** A latency point of a chart in milliseconds; for a whole-millisecond tool a 0 has no point (it means under 1 ms). */
function latencyChartMs(scenario, us) {
  if (latencyResolutionUs(scenario) < 1000) return msFromUs(us);
  const ms = Math.round(us / 1000);
  return ms === 0 ? null : ms;
}

// Latency percentiles of the details tables, as the schema names them.
const DETAIL_PERCENTILES = ['p50', 'p75', 'p90', 'p99', 'p999'];

/** A latency cell of a details table in milliseconds, or a dash where the summary has none. */
const msCell = (ctx, latency, key) => (latency && typeof latency[key] === 'number' ? ctx.fmt.ms(latency[key]) : ctx.strings.dash);

/** Seconds in Methodology's tables: "5 s", "0.5 s" (one decimal where not whole). */
const secondsText = (ctx, s) => fill(ctx.strings.methodology.seconds, { value: ctx.fmt.decimal(s, Number.isInteger(s) ? 0 : 1) }, 'methodology.seconds');

/** "116.0 (115.2–116.4)" style cell from a { min, median, max } and a number formatter. */
function valueWithRange(ctx, mmm, format) {
  return ctx.t('valueWithRange', { value: format(mmm.median), range: ctx.t('range', { min: format(mmm.min), max: format(mmm.max) }) });
}

module.exports = {
  paragraphs, strong, folded, dataTable, joinSentences, moreDetails, wholeNumber, msFromUs, valueWithRange, latencyMs, latencyChartMs,
  DETAIL_PERCENTILES, msCell, secondsText,
};
