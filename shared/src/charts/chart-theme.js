// A part of the benchmark charts (shared/src/charts/: the browser plugin plugins/benchmark-charts.js, joined by docs/site/bundles.json, and the static images of docs/src/prerender/chart-images.js;
// docs/site/plugins/benchmark-charts/draw-charts.js says what the plugin does). This one: the colours,
// Okabe-Ito for the data and the light or dark theme's for text, grid and marks (site.css --chart-*).
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else {
    root.BenchmarkChartParts = root.BenchmarkChartParts || {};
    root.BenchmarkChartParts.theme = factory();
  }
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';
  // Okabe-Ito colours (distinguishable with colour-blindness): servers 0..3, percentiles 4..6.
  var PALETTE = ['#0072B2', '#009E73', '#8C8C8C', '#CC79A7', '#56B4E9', '#E69F00', '#D55E00'];
  var DASHES = [[], [6, 4], [2, 3], [10, 3, 2, 3], [1, 5], [12, 6]];

  function colorOf(index) { return PALETTE[index % PALETTE.length]; }

  // Colours of text, grid and the marks drawn over the data, from the theme (site.css --chart-*;
  // light or dark): read before drawing and again on every theme change (plugins/theme.js).
  var ink = { text: '#333', grid: 'rgba(0, 0, 0, 0.1)', mark: '#222', muted: '#555' };
  function readTheme(win) {
    var css = win.getComputedStyle(win.document.documentElement);
    var value = function (name, fallback) { return css.getPropertyValue(name).trim() || fallback; };
    // (In place: the Chart.js plugins hold this object.)
    Object.assign(ink, { text: value('--chart-text', ink.text), grid: value('--chart-grid', ink.grid), mark: value('--chart-ink', ink.mark), muted: value('--chart-muted', ink.muted) });
    if (win.Chart) {
      win.Chart.defaults.color = ink.text;
      win.Chart.defaults.borderColor = ink.grid;
    }
  }
  // Sets the theme's colours on a chart's options (a drawn chart keeps the colours it resolved first).
  function applyInk(options) {
    Object.keys(options.scales || {}).forEach(function (axis) {
      var scale = options.scales[axis];
      ['ticks', 'grid', 'border'].forEach(function (part) { if (!scale[part]) scale[part] = {}; });
      scale.ticks.color = ink.text;
      scale.grid.color = ink.grid;
      scale.border.color = ink.grid;
    });
    options.plugins.legend.labels.color = ink.text;
  }

  return {
    PALETTE: PALETTE, DASHES: DASHES, colorOf: colorOf, ink: ink, readTheme: readTheme, applyInk: applyInk,
  };
});
