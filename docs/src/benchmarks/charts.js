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
//   series      [{ values: [number|null], min?: [number|null], max?: [number|null], color: n, dash: n }]
//               min/max draw a range line (min-max of the runs) over each bar
//   breaks      line charts: category indexes where the line must not join the point before
//               (the environment changed there)
'use strict';
const { escapeHtml } = require('./escape');

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
  });
}

/**
 * The HTML block of one chart. id: a slug unique on the page; caption and fallback: plain text of the
 * page's language (escaped here). Returns one HTML block without blank lines (Markdown ends an HTML
 * block at a blank line).
 */
function chartFigure({ id, spec, caption, fallback }) {
  if (!/^[a-z0-9-]+$/.test(id)) throw new Error(`chart id ${JSON.stringify(id)}`);
  checkSpec(spec);
  // Fixed key order, so the same numbers always give the same bytes.
  const ordered = {
    kind: spec.kind, scale: spec.scale, seriesIn: spec.seriesIn, keyColumns: spec.keyColumns, locale: spec.locale,
    series: spec.series.map((s) => {
      const one = { values: s.values };
      if (s.min) one.min = s.min;
      if (s.max) one.max = s.max;
      one.color = s.color;
      one.dash = s.dash || 0;
      return one;
    }),
    breaks: spec.breaks || [],
  };
  const captionId = `bench-chart-${id}`;
  return [
    `<figure class="bench-chart" data-chart="${escapeHtml(JSON.stringify(ordered))}">`,
    `<figcaption id="${captionId}">${escapeHtml(caption)}</figcaption>`,
    `<canvas role="img" aria-labelledby="${captionId}">${escapeHtml(fallback)}</canvas>`,
    '</figure>',
  ].join('\n');
}

module.exports = { chartFigure };
