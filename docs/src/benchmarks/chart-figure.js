// Chart blocks of the Benchmarks page: a <figure> whose data-chart attribute carries the chart's
// numbers as JSON (so the page is self-contained and a diff shows the numbers), drawn by
// docs/site/plugins/benchmark-charts.js. The accessible Markdown table that follows each figure is
// the source of the chart's text labels, so labels are whatever the table says in that language
// (the zh-TW page converts the table text; attributes are kept verbatim by the converter).
//
// data-chart JSON:
//   kind        "bar" (grouped bars) | "line"
//   scale       "linear" | "logarithmic" (value axis)
//   seriesIn    "columns": one series per value column of the table, one category per body row;
//               "rows":    one series per body row, one category per value column header
//   keyColumns  how many leading columns of each row are labels (joined with " · ")
//   locale      Intl locale for the value-axis ticks
//   series      [{ values: [number|null], min?: [number|null], max?: [number|null], color: n, dash: n, group?: n,
//                  x?: [number|null], notHeld?: [boolean] }]
//               min/max draw an error bar (a range or a confidence interval) over each bar or point;
//               x (line charts, instead of the chart's x): this series' own x values, so the groups of
//               a grouped chart keep their own numeric axes (latency against each group's offered rates);
//               notHeld: points the load generator did not hold (their value is null: no line there),
//               marked with a cross at the top of the plot
//   breaks      line charts: category indexes where the line must not join the point before
//               (the environment changed there)
//   horizontal  true: bars run horizontally (optional; many bars do so anyway); false: bars stay upright
//               whatever their number
//   base        bars start at this value instead of the axis start (a ratio chart: 1)
//   reference   a rule across the plot at this value of the value axis (a ratio chart: 1)
//   x           line charts with a numeric x axis: the x value of each category
//   xScale      "linear" | "logarithmic" for that numeric x axis
//   xTicks      [{ value, label }]: the only x values labelled, with their text
//   groups      { selected: n }: series carry a group (one scenario); the chart shows one group at a
//               time and a selector (named by the figure's .bench-select-label) picks it. Group n's
//               name is the first key column of its series' rows (seriesIn "rows").
'use strict';
const { escapeHtmlInMarkdown } = require('../../../shared/src/escape');

// The percentiles labelled on a latency curve's axis, and the ones a latency-against-load chart offers
// (the others are drawn, not labelled).
const LABELLED_PERCENTILES = ['p50', 'p90', 'p99', 'p999'];

function assertValues(values, what) {
  if (!Array.isArray(values)) throw new Error(`${what}: expected an array`);
  values.forEach((v, i) => {
    if (v !== null && (typeof v !== 'number' || !Number.isFinite(v))) throw new Error(`${what}[${i}]: not a finite number or null`);
  });
}

function checkSpec(spec) {
  if (!['bar', 'line'].includes(spec.kind)) throw new Error(`chart kind ${spec.kind}`);
  if (!['linear', 'logarithmic'].includes(spec.scale)) throw new Error(`chart scale ${spec.scale}`);
  if (!['columns', 'rows'].includes(spec.seriesIn)) throw new Error(`chart seriesIn ${spec.seriesIn}`);
  if (spec.series.length === 0) throw new Error('chart without series');
  const length = spec.series[0].values.length;
  spec.series.forEach((s, i) => {
    for (const key of ['values', 'min', 'max']) {
      if (key === 'values' || s[key] !== undefined) {
        assertValues(s[key], `chart series ${i} ${key}`);
        if (s[key].length !== length) throw new Error(`chart series ${i} ${key}: ${s[key].length} values, expected ${length}`);
      }
    }
    if (spec.groups && !Number.isInteger(s.group)) throw new Error(`chart series ${i}: a grouped chart needs a group per series`);
  });
  const ownX = spec.series.filter((s) => s.x !== undefined).length;
  if (ownX > 0) {
    if (ownX !== spec.series.length) throw new Error('chart: either every series has its own x or none');
    if (spec.x !== undefined) throw new Error('chart: series with their own x need no chart x');
    if (spec.kind !== 'line') throw new Error('chart: series x values need a line chart');
    if (!['linear', 'logarithmic'].includes(spec.xScale)) throw new Error(`chart xScale ${spec.xScale}`);
    spec.series.forEach((s, i) => {
      assertValues(s.x, `chart series ${i} x`);
      if (s.x.length !== length) throw new Error(`chart series ${i} x: ${s.x.length} values, expected ${length}`);
    });
  }
  spec.series.forEach((s, i) => {
    if (s.notHeld === undefined) return;
    if (!Array.isArray(s.notHeld) || s.notHeld.length !== length || s.notHeld.some((v) => typeof v !== 'boolean')) {
      throw new Error(`chart series ${i} notHeld: expected ${length} booleans`);
    }
    s.notHeld.forEach((flag, j) => { if (flag && s.values[j] !== null) throw new Error(`chart series ${i}: point ${j} is not held but has a value`); });
  });
  if (spec.x !== undefined) {
    assertValues(spec.x, 'chart x');
    if (spec.x.length !== length) throw new Error(`chart x: ${spec.x.length} values, expected ${length}`);
    if (!['linear', 'logarithmic'].includes(spec.xScale)) throw new Error(`chart xScale ${spec.xScale}`);
  }
  if (spec.groups && spec.seriesIn !== 'rows') throw new Error('chart groups need seriesIn "rows"');
}

/**
 * The HTML block of one chart. id: a slug unique on the page; caption, fallback and selectLabel
 * (grouped charts: the selector's label): plain text of the page's language (escaped here). Returns
 * one HTML block without blank lines (Markdown ends an HTML block at a blank line).
 */
function chartFigure({ id, spec, caption, fallback, selectLabel }) {
  if (!/^[a-z0-9-]+$/.test(id)) throw new Error(`chart id ${JSON.stringify(id)}`);
  checkSpec(spec);
  if (spec.groups && !selectLabel) throw new Error(`chart ${id}: a grouped chart needs a selector label`);
  // Fixed key order, so the same numbers always give the same bytes.
  const ordered = {
    kind: spec.kind, scale: spec.scale, seriesIn: spec.seriesIn, keyColumns: spec.keyColumns, locale: spec.locale,
    series: spec.series.map((s) => {
      const one = { values: s.values };
      if (s.min) one.min = s.min;
      if (s.max) one.max = s.max;
      if (s.x) one.x = s.x;
      if (s.notHeld) one.notHeld = s.notHeld;
      one.color = s.color;
      one.dash = s.dash || 0;
      if (spec.groups) one.group = s.group;
      return one;
    }),
    breaks: spec.breaks || [],
  };
  for (const key of ['horizontal', 'base', 'reference', 'x', 'xScale', 'xTicks', 'groups']) {
    if (spec[key] !== undefined) ordered[key] = spec[key];
  }
  const captionId = `bench-chart-${id}`;
  return [
    `<figure class="bench-chart" id="bench-figure-${id}" data-chart="${escapeHtmlInMarkdown(JSON.stringify(ordered))}">`,
    `<figcaption id="${captionId}">${escapeHtmlInMarkdown(caption)}</figcaption>`,
    ...(selectLabel ? [`<span class="bench-select-label" id="bench-select-${id}">${escapeHtmlInMarkdown(selectLabel)}</span>`] : []),
    `<canvas role="img" aria-labelledby="${captionId}">${escapeHtmlInMarkdown(fallback)}</canvas>`,
    '</figure>',
  ].join('\n');
}

module.exports = { chartFigure, LABELLED_PERCENTILES };
