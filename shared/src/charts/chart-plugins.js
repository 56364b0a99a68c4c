// A part of the benchmark charts (shared/src/charts/: the browser plugin plugins/benchmark-charts.js, joined by docs/site/bundles.json, and the static images of docs/src/prerender/chart-images.js;
// docs/site/plugins/benchmark-charts/draw-charts.js says what the plugin does). This one: the Chart.js plugins
// that draw over the data: a bar's range, environment breaks, a reference rule, levels not held.
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./chart-theme'));
  else {
    root.BenchmarkChartParts = root.BenchmarkChartParts || {};
    root.BenchmarkChartParts.plugins = factory(root.BenchmarkChartParts.theme);
  }
})(typeof self !== 'undefined' ? self : this, function (theme) {
  'use strict';
  var ink = theme.ink;

  // Draws the min-max range of each bar as a line with caps (the runs' spread), over the bars.
  var rangePlugin = {
    id: 'benchRange',
    afterDatasetsDraw: function (chart) {
      var ctx = chart.ctx;
      var horizontal = chart.options.indexAxis === 'y';
      var valueScale = horizontal ? chart.scales.x : chart.scales.y;
      chart.data.datasets.forEach(function (dataset, i) {
        var meta = chart.getDatasetMeta(i);
        if (!dataset.benchMin || !dataset.benchMax || !chart.isDatasetVisible(i)) return;
        meta.data.forEach(function (bar, j) {
          var min = dataset.benchMin[j];
          var max = dataset.benchMax[j];
          if (min === null || max === null || min === undefined || max === undefined) return;
          var lo = valueScale.getPixelForValue(min);
          var hi = valueScale.getPixelForValue(max);
          var cap = Math.max(3, (horizontal ? bar.height : bar.width) * 0.25);
          var at = horizontal ? bar.y : bar.x;
          ctx.save();
          ctx.strokeStyle = ink.mark;
          ctx.lineWidth = 1.5;
          ctx.beginPath();
          if (horizontal) {
            ctx.moveTo(lo, at); ctx.lineTo(hi, at);
            ctx.moveTo(lo, at - cap); ctx.lineTo(lo, at + cap);
            ctx.moveTo(hi, at - cap); ctx.lineTo(hi, at + cap);
          } else {
            ctx.moveTo(at, lo); ctx.lineTo(at, hi);
            ctx.moveTo(at - cap, lo); ctx.lineTo(at + cap, lo);
            ctx.moveTo(at - cap, hi); ctx.lineTo(at + cap, hi);
          }
          ctx.stroke();
          ctx.restore();
        });
      });
    },
  };

  // Marks each environment change on a line chart with a dashed vertical rule between the two runs.
  var breakPlugin = {
    id: 'benchBreaks',
    afterDatasetsDraw: function (chart) {
      var breaks = chart.options.plugins.benchBreaks && chart.options.plugins.benchBreaks.at;
      if (!breaks || !breaks.length) return;
      var x = chart.scales.x;
      var area = chart.chartArea;
      var ctx = chart.ctx;
      breaks.forEach(function (index) {
        var at = (x.getPixelForValue(index - 1) + x.getPixelForValue(index)) / 2;
        ctx.save();
        ctx.strokeStyle = ink.muted;
        ctx.setLineDash([4, 4]);
        ctx.beginPath();
        ctx.moveTo(at, area.top);
        ctx.lineTo(at, area.bottom);
        ctx.stroke();
        ctx.restore();
      });
    },
  };

  // A rule across the plot at spec.reference on the value axis (a ratio chart's 1 = equal).
  var referencePlugin = {
    id: 'benchReference',
    afterDatasetsDraw: function (chart) {
      var at = chart.options.plugins.benchReference && chart.options.plugins.benchReference.at;
      if (at === undefined || at === null) return;
      var horizontal = chart.options.indexAxis === 'y';
      var scale = horizontal ? chart.scales.x : chart.scales.y;
      var area = chart.chartArea;
      var pixel = scale.getPixelForValue(at);
      var ctx = chart.ctx;
      ctx.save();
      ctx.strokeStyle = ink.mark;
      ctx.lineWidth = 1;
      ctx.beginPath();
      if (horizontal) { ctx.moveTo(pixel, area.top); ctx.lineTo(pixel, area.bottom); } else { ctx.moveTo(area.left, pixel); ctx.lineTo(area.right, pixel); }
      ctx.stroke();
      ctx.restore();
    },
  };

  // Marks the points a load generator did not hold (series notHeld): a cross in the series' colour at
  // the top of the plot, above the rate; no line is drawn there (the value is null).
  var notHeldPlugin = {
    id: 'benchNotHeld',
    afterDatasetsDraw: function (chart) {
      var x = chart.scales.x;
      var area = chart.chartArea;
      var ctx = chart.ctx;
      var stacked = {};
      chart.data.datasets.forEach(function (dataset, i) {
        if (!dataset.benchNotHeld || !chart.isDatasetVisible(i)) return;
        dataset.benchNotHeld.forEach(function (flag, j) {
          var point = dataset.data[j];
          if (!flag || !point || typeof point.x !== 'number') return;
          var px = x.getPixelForValue(point.x);
          var key = Math.round(px);
          var row = stacked[key] = (stacked[key] || 0) + 1;
          var py = area.top + 6 + (row - 1) * 11;
          ctx.save();
          ctx.strokeStyle = dataset.borderColor;
          ctx.lineWidth = 2;
          ctx.beginPath();
          ctx.moveTo(px - 4, py - 4); ctx.lineTo(px + 4, py + 4);
          ctx.moveTo(px + 4, py - 4); ctx.lineTo(px - 4, py + 4);
          ctx.stroke();
          ctx.restore();
        });
      });
    },
  };

  return {
    rangePlugin: rangePlugin, breakPlugin: breakPlugin, referencePlugin: referencePlugin, notHeldPlugin: notHeldPlugin,
  };
});
