// A part of the benchmark charts (shared/src/charts/: the browser plugin plugins/benchmark-charts.js, joined by docs/site/bundles.json, and the static images of docs/src/prerender/chart-images.js;
// docs/site/plugins/benchmark-charts/draw-charts.js says what the plugin does). This one: a chart's layout
// (orientation, height) and its Chart.js configuration (scales, ticks, legend, tooltips, plugins).
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./chart-labels'), require('./chart-plugins'), require('./chart-datasets'), require('./compact-numbers'));
  else {
    root.BenchmarkChartParts = root.BenchmarkChartParts || {};
    root.BenchmarkChartParts.config = factory(root.BenchmarkChartParts.labels, root.BenchmarkChartParts.plugins, root.BenchmarkChartParts.datasets, root.BenchmarkChartParts.numbers);
  }
})(typeof self !== 'undefined' ? self : this, function (labels, plugins, datasets, numbers) {
  'use strict';
  var NARROW_PX = labels.NARROW_PX;
  var initialGroup = labels.initialGroup;
  var axisLabel = labels.axisLabel;
  var chartDatasets = datasets.chartDatasets;
  var hasOwnX = datasets.hasOwnX;
  var ownXAxis = datasets.ownXAxis;
  var rangePlugin = plugins.rangePlugin;
  var breakPlugin = plugins.breakPlugin;
  var referencePlugin = plugins.referencePlugin;
  var notHeldPlugin = plugins.notHeldPlugin;

  // Above this many bars, bars run horizontally, so long category labels stay readable.
  var MAX_VERTICAL_BARS = 24;

  /** Orientation and height (px, or null: from the width) of one chart. */
  var LEGEND_ROW_PX = 24;

  // Series drawn at once: a grouped chart draws one group.
  function shownSeries(spec) {
    if (!spec.groups) return spec.series.length;
    var counts = {};
    spec.series.forEach(function (s) { counts[s.group] = (counts[s.group] || 0) + 1; });
    return Math.max.apply(null, Object.keys(counts).map(function (g) { return counts[g]; }));
  }

  function chartLayout(spec, labels, width) {
    // (A grouped bar chart draws one group's bars at a time.)
    var barCount = shownSeries(spec) * labels.categories.length;
    // Asked for (a ratio chart: one row per scenario): as tall as its bars need (and its labels, which
    // wrap into more lines on a narrow screen).
    var labelRows = typeof width === 'number' && width < NARROW_PX ? 34 : 14;
    if (spec.kind === 'bar' && spec.horizontal) return { horizontal: true, height: Math.max(180, barCount * 18 + labels.categories.length * labelRows + 80) };
    // (horizontal: false keeps a chart's bars upright whatever their count: short category names.)
    var horizontal = spec.kind === 'bar' && spec.horizontal !== false && barCount > MAX_VERTICAL_BARS;
    if (horizontal) return { horizontal: true, height: Math.max(320, barCount * 14 + labels.categories.length * 10 + 80) };
    // A line per server: the legend's rows above the plot (a few entries share a row; fewer on a
    // narrow screen), so the plot keeps its own height below it.
    var perRow = typeof width !== 'number' || width >= 800 ? 5 : width >= 400 ? 3 : 2;
    var legendRows = Math.ceil(shownSeries(spec) / perRow);
    if (spec.kind === 'line') return { horizontal: false, height: 165 + legendRows * LEGEND_ROW_PX };
    return { horizontal: false, height: 170 + legendRows * LEGEND_ROW_PX };
  }

  // The axes' numbers: compact ("1.23K"), one format per language (./compact-numbers.js).
  var compactNumbers = numbers.compactNumbers;

  /**
   * The Chart.js configuration of one chart: spec (the data-chart JSON), its table's labels, and for a
   * grouped chart the group to draw (default: the one the page selects).
   */
  function chartConfig(spec, labels, group, width) {
    var narrow = typeof width === 'number' && width < NARROW_PX;
    var horizontal = chartLayout(spec, labels, width).horizontal;
    var valueAxis = horizontal ? 'x' : 'y';
    var categoryAxis = horizontal ? 'y' : 'x';
    var numbers = compactNumbers(spec.locale);
    if (spec.groups && (group === undefined || group === null)) group = initialGroup(spec, labels);
    var datasets = chartDatasets(spec, labels, group);
    var scales = {};
    scales[valueAxis] = {
      type: spec.scale,
      beginAtZero: spec.scale === 'linear' && typeof spec.base !== 'number',
      ticks: {
        maxRotation: 0,
        // A logarithmic axis has many unlabelled ticks; skipping would drop labelled ones.
        autoSkip: spec.scale !== 'logarithmic',
        callback: function (value) {
          // A logarithmic axis labels only 1, 2 and 5 times a power of ten, so labels never collide.
          if (spec.scale === 'logarithmic') {
            var mantissa = value / Math.pow(10, Math.floor(Math.log10(value)));
            if (![1, 2, 5].some(function (m) { return Math.abs(mantissa - m) < 1e-9; })) return '';
          }
          return numbers.format(value);
        },
      },
    };
    // A linear value axis reaches the top of every error bar (a run range), not only of the bars.
    if (spec.scale === 'linear') {
      var top = null;
      spec.series.forEach(function (s) {
        (s.max || []).forEach(function (v) { if (typeof v === 'number' && (top === null || v > top)) top = v; });
      });
      if (top !== null) scales[valueAxis].suggestedMax = top;
    }
    // Bars from a base on a logarithmic axis (ratios from 1): the same distance on both sides of the
    // base, so "half as fast" and "twice as fast" look alike; at least a factor 2 each way.
    // Ticks at the base times powers of two (0.5, 1, 2 ...).
    if (typeof spec.base === 'number' && spec.scale === 'logarithmic') {
      var doublings = 1;
      spec.series.forEach(function (s) {
        [s.values, s.min || [], s.max || []].forEach(function (list) {
          list.forEach(function (v) { if (typeof v === 'number' && v > 0) doublings = Math.max(doublings, Math.ceil(Math.abs(Math.log2(v / spec.base)) * 1.1)); });
        });
      });
      scales[valueAxis].min = spec.base * Math.pow(2, -doublings);
      scales[valueAxis].max = spec.base * Math.pow(2, doublings);
      scales[valueAxis].afterBuildTicks = function (axis) {
        var ticks = [];
        for (var k = -doublings; k <= doublings; k++) ticks.push({ value: spec.base * Math.pow(2, k) });
        axis.ticks = ticks;
      };
      scales[valueAxis].ticks.callback = function (value) { return numbers.format(value); };
    }
    if (hasOwnX(spec)) {
      scales.x = ownXAxis(spec, datasets, numbers);
    } else if (spec.x) {
      // A numeric x axis (concurrency levels, 1/(1 - p)): only the given ticks, labelled as given.
      var tickValues = spec.xTicks ? spec.xTicks.map(function (t) { return t.value; }) : spec.x;
      var tickLabel = function (value) {
        var tick = (spec.xTicks || []).filter(function (t) { return Math.abs(t.value - value) < 1e-9 * Math.max(1, value); })[0];
        return tick ? tick.label : numbers.format(value);
      };
      scales.x = {
        type: spec.xScale,
        min: Math.min.apply(null, spec.x),
        max: Math.max.apply(null, spec.x),
        afterBuildTicks: function (axis) { axis.ticks = tickValues.map(function (v) { return { value: v }; }); },
        ticks: { autoSkip: false, maxRotation: 0, callback: tickLabel },
      };
    } else {
      scales[categoryAxis] = { type: 'category', ticks: { autoSkip: false } };
    }
    var config = {
      type: spec.kind,
      data: spec.x || hasOwnX(spec) ? { datasets: datasets } : { labels: labels.categories.map(function (c) { return axisLabel(c, narrow); }), datasets: datasets },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: !chartLayout(spec, labels, width).height,
        aspectRatio: 2,
        animation: false,
        scales: scales,
        plugins: {
          // Line charts: a flat legend box, drawn with the line's dash pattern.
          // (Chart.js caps a legend at half the chart's height by default; chartLayout made room for all of it.)
          legend: spec.kind === 'line'
            ? { position: 'top', maxHeight: spec.series.length * LEGEND_ROW_PX + 16, labels: { boxWidth: 36, boxHeight: 2 } }
            : { position: 'top', labels: {} },
          benchBreaks: { at: spec.kind === 'line' ? spec.breaks : [] },
          benchReference: { at: typeof spec.reference === 'number' ? spec.reference : null },
          tooltip: {
            callbacks: {
              // The table's own column header for the point (a numeric axis has no category labels).
              title: function (items) { return items.length ? labels.categories[items[0].dataIndex] : ''; },
              // The table's own text: the same formatting as the page, per language.
              label: function (item) {
                var cell = item.dataset.benchCells && item.dataset.benchCells[item.dataIndex];
                return item.dataset.label + ': ' + (cell || item.formattedValue);
              },
            },
          },
        },
      },
      plugins: [rangePlugin, breakPlugin, referencePlugin, notHeldPlugin],
    };
    // A narrow screen: smaller text, so labels, ticks and legend fit beside the plot.
    if (narrow) {
      var small = { size: 10 };
      Object.keys(config.options.scales).forEach(function (axis) { config.options.scales[axis].ticks.font = small; });
      config.options.plugins.legend.labels.font = small;
      config.options.plugins.legend.labels.boxWidth = 20;
    }
    return config;
  }

  return {
    chartLayout: chartLayout, chartConfig: chartConfig, LEGEND_ROW_PX: LEGEND_ROW_PX,
  };
});
