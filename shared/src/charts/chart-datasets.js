// A part of the benchmark charts (shared/src/charts/: the browser plugin plugins/benchmark-charts.js, joined by docs/site/bundles.json, and the static images of docs/src/prerender/chart-images.js;
// docs/site/plugins/benchmark-charts/draw-charts.js says what the plugin does). This one: the Chart.js datasets
// of a chart's series (the published ones, of a grouped chart one group's, and the ones the page adds:
// a reader's own run), and the x axis of series with their own x values.
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./chart-theme'));
  else {
    root.BenchmarkChartParts = root.BenchmarkChartParts || {};
    root.BenchmarkChartParts.datasets = factory(root.BenchmarkChartParts.theme);
  }
})(typeof self !== 'undefined' ? self : this, function (theme) {
  'use strict';
  var colorOf = theme.colorOf;
  var DASHES = theme.DASHES;

  /**
   * The Chart.js datasets of a chart: every series, or a grouped chart's series of one group.
   * extra: datasets added by the page (a reader's own run), drawn after the published ones.
   */
  function chartDatasets(spec, labels, group, extra) {
    var out = [];
    spec.series.forEach(function (s, j) {
      if (spec.groups && s.group !== group) return;
      out.push(datasetOf(spec, s, labels.series[j], labels.cells[j]));
    });
    return out.concat((extra || []).filter(function (d) { return !spec.groups || d.benchGroup === group; }));
  }

  /**
   * A dataset the page adds beside the published ones (a reader's own run): the same kind of series,
   * drawn lighter and dashed, in its group (grouped charts). series: { label, values, min?, max?,
   * color, group? } with values in the chart's category order.
   */
  function extraDataset(spec, series) {
    var dataset = datasetOf(spec, {
      values: series.values, min: series.min, max: series.max, x: series.x, notHeld: series.notHeld, color: series.color, dash: 1,
    }, series.label, null);
    dataset.borderDash = [6, 4];
    dataset.benchGroup = series.group;
    dataset.benchExtra = true;
    if (spec.kind === 'bar') {
      dataset.backgroundColor = colorOf(series.color) + '66';
      dataset.borderWidth = 2;
    }
    return dataset;
  }

  /** One Chart.js dataset of a series (values, optional error bars, colour, dash). */
  function datasetOf(spec, s, label, cells) {
      var color = colorOf(s.color);
      var xs = s.x || spec.x;
      var dataset = {
        label: label,
        // A numeric x axis takes points (the series' own x, else the chart's); a category axis takes
        // the values in category order.
        data: xs ? s.values.map(function (v, i) { return { x: xs[i], y: v }; }) : s.values,
        backgroundColor: color,
        borderColor: color,
        benchCells: cells,
      };
      if (spec.kind === 'line') {
        dataset.borderDash = DASHES[(s.dash || 0) % DASHES.length];
        dataset.pointRadius = 3;
        dataset.spanGaps = false;
        dataset.fill = false;
        dataset.segment = {
          // No line into a run whose environment differs from the run before it.
          borderColor: function (ctx) { return spec.breaks.indexOf(ctx.p1DataIndex) >= 0 ? 'rgba(0,0,0,0)' : undefined; },
        };
      } else {
        dataset.borderWidth = 1;
        if (typeof spec.base === 'number') dataset.base = spec.base;
      }
      if (s.min && s.max) { dataset.benchMin = s.min; dataset.benchMax = s.max; }
      if (s.notHeld) dataset.benchNotHeld = s.notHeld;
      return dataset;
  }

  /** Whether a chart's series carry their own x values (each group its own numeric axis). */
  function hasOwnX(spec) { return Boolean(spec.series[0] && spec.series[0].x); }

  /**
   * The x axis of a chart whose series carry their own x values, for the datasets drawn: from 0 to a
   * little past the largest x, ticks at the x values of the points (the offered rates).
   */
  function ownXAxis(spec, datasets, numbers) {
    var values = [];
    datasets.forEach(function (d) {
      d.data.forEach(function (pt) { if (pt && typeof pt.x === 'number' && values.indexOf(pt.x) < 0) values.push(pt.x); });
    });
    values.sort(function (a, b) { return a - b; });
    var top = values.length ? values[values.length - 1] : 1;
    return {
      type: spec.xScale,
      min: spec.xScale === 'logarithmic' ? values[0] / 1.2 : 0,
      max: top * 1.08,
      afterBuildTicks: function (axis) { axis.ticks = values.map(function (v) { return { value: v }; }); },
      ticks: { autoSkip: true, maxRotation: 0, callback: function (value) { return numbers.format(value); } },
    };
  }

  return {
    chartDatasets: chartDatasets, extraDataset: extraDataset, datasetOf: datasetOf, hasOwnX: hasOwnX, ownXAxis: ownXAxis,
  };
});
