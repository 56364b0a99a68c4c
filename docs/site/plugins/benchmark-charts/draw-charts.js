// Benchmark charts plugin (docs/site/bundles.json joins chart-theme, chart-labels, chart-plugins, chart-datasets,
// chart-config and this file into plugins/benchmark-charts.js): draws every <figure class="bench-chart" data-chart="..."> of the rendered
// page with Chart.js 4 (vendor/chart.umd.min.js, loaded before this file). No eval and no inline
// script (CSP script-src 'self'): the chart data is JSON in the figure's data-chart attribute,
// written by docs/src/benchmarks/chart-figure.js, which documents its fields.
//
// Text labels come from the accessible table that follows each figure (its header cells and first
// columns), so the chart reads exactly like the table in every language, including the zh-TW page
// whose tables are converted while attributes are not. Tooltips show the table's own cell text.
//
// Charts are destroyed and redrawn on every route change (docsify's doneEach), resized around
// printing, and recoloured when the theme changes (light / dark: colours from site.css --chart-*). Each figure gets data-chart-state="drawn" or "error" (with the reason in the console).
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) {
    module.exports = factory(require('../../../../shared/src/charts/chart-theme'), require('../../../../shared/src/charts/chart-labels'), require('../../../../shared/src/charts/chart-datasets'), require('../../../../shared/src/charts/chart-config')); // unit tests (node)
  } else {
    var parts = root.BenchmarkChartParts;
    factory(parts.theme, parts.labels, parts.datasets, parts.config).install(root);
  }
})(typeof self !== 'undefined' ? self : this, function (theme, labels, datasets, layout) {
  'use strict';
  var PALETTE = theme.PALETTE;
  var readTheme = theme.readTheme;
  var applyInk = theme.applyInk;
  var tableGrid = labels.tableGrid;
  var chartLabels = labels.chartLabels;
  var initialGroup = labels.initialGroup;
  var chartDatasets = datasets.chartDatasets;
  var extraDataset = datasets.extraDataset;
  var hasOwnX = datasets.hasOwnX;
  var ownXAxis = datasets.ownXAxis;
  var chartLayout = layout.chartLayout;
  var chartConfig = layout.chartConfig;

  var root = typeof self !== 'undefined' ? self : {};
  var active = [];

  function destroyAll() {
    active.forEach(function (chart) { chart.destroy(); });
    active = [];
  }

  // The first table after the figure in the page, before the next heading or chart: a sibling after it
  // (or inside one, such as its folded data table); when the figure is the last thing of a box (a
  // column of two side by side), the search goes on after that box.
  function tableAfter(figure) {
    for (var from = figure; from && !(from.classList && from.classList.contains('markdown-section')); from = from.parentElement) {
      for (var el = from.nextElementSibling; el; el = el.nextElementSibling) {
        if (el.tagName === 'TABLE') return el;
        if (/^H[1-6]$/.test(el.tagName) || (el.classList && el.classList.contains('bench-chart'))) return null;
        if (el.querySelector && el.querySelector('h1, h2, h3, h4, h5, h6, figure.bench-chart')) return null;
        var inner = el.querySelector && el.querySelector('table');
        if (inner) return inner;
      }
    }
    return null;
  }

  function drawFigure(figure) {
    var canvas = figure.querySelector('canvas');
    var table = tableAfter(figure);
    if (!canvas) throw new Error('no canvas in the chart figure');
    if (!table) throw new Error('no table after the chart figure');
    var spec = JSON.parse(figure.getAttribute('data-chart'));
    var labels = chartLabels(spec, tableGrid(table));
    var layout = chartLayout(spec, labels, canvas.parentElement.clientWidth);
    // Chart.js sizes the canvas from its parent: a wrapper of known height for horizontal charts.
    var wrapper = canvas.parentElement.classList.contains('bench-chart-canvas') ? canvas.parentElement : null;
    if (!wrapper) {
      wrapper = document.createElement('div');
      wrapper.className = 'bench-chart-canvas';
      canvas.parentElement.insertBefore(wrapper, canvas);
      wrapper.appendChild(canvas);
    }
    wrapper.style.position = 'relative';
    wrapper.style.height = layout.height ? layout.height + 'px' : '';
    var group = initialGroup(spec, labels);
    var config = chartConfig(spec, labels, group, wrapper.clientWidth);
    applyInk(config.options);
    var chart = new root.Chart(canvas, config);
    chart.benchFigure = { spec: spec, labels: labels, group: group, extra: [] };
    active.push(chart);
    if (spec.groups) addSelector(figure, chart);
    figure.setAttribute('data-chart-state', 'drawn');
  }

  /** Redraws a chart's datasets: its group's published series, then the datasets the page added. */
  function refresh(chart) {
    var f = chart.benchFigure;
    chart.data.datasets = chartDatasets(f.spec, f.labels, f.group, f.extra);
    // Series with their own x: the axis follows the points drawn now (another group's rates, a reader's run).
    if (hasOwnX(f.spec)) {
      var font = chart.options.scales.x.ticks && chart.options.scales.x.ticks.font;
      chart.options.scales.x = ownXAxis(f.spec, chart.data.datasets, new Intl.NumberFormat(f.spec.locale, { notation: 'compact', maximumFractionDigits: 2 }));
      if (font) chart.options.scales.x.ticks.font = font;
      applyInk(chart.options);
    }
    chart.update();
  }

  // A grouped chart shows one group (scenario) at a time: a <select> after the figure's
  // .bench-select-label, which names it. Built with DOM calls only: option texts are the table's text.
  function addSelector(figure, chart) {
    var labelEl = figure.querySelector('.bench-select-label');
    if (!labelEl) throw new Error('grouped chart without a .bench-select-label');
    var existing = figure.querySelector('select.bench-select');
    if (existing) existing.parentNode.removeChild(existing);
    var select = root.document.createElement('select');
    select.className = 'bench-select';
    select.setAttribute('aria-labelledby', labelEl.id);
    chart.benchFigure.labels.groups.forEach(function (g) {
      var option = root.document.createElement('option');
      option.value = String(g.index);
      option.textContent = g.name;
      if (g.index === chart.benchFigure.group) option.selected = true;
      select.appendChild(option);
    });
    select.addEventListener('change', function () {
      chart.benchFigure.group = Number(select.value);
      figure.setAttribute('data-group', select.value);
      refresh(chart);
    });
    labelEl.parentNode.insertBefore(select, labelEl.nextSibling);
    figure.setAttribute('data-group', String(chart.benchFigure.group));
  }

  function drawAll(container) {
    destroyAll();
    var figures = container.querySelectorAll('figure.bench-chart[data-chart]');
    Array.prototype.forEach.call(figures, function (figure) {
      try {
        drawFigure(figure);
      } catch (err) {
        figure.setAttribute('data-chart-state', 'error');
        console.error('benchmark chart not drawn: ' + err.message);
      }
    });
  }

  /** The drawn chart of a figure (by the figure's id, e.g. "bench-figure-ratios"), or null. */
  function chartOfFigure(figureId) {
    for (var i = 0; i < active.length; i++) {
      if (active[i].canvas && active[i].canvas.closest('figure') && active[i].canvas.closest('figure').id === figureId) return active[i];
    }
    return null;
  }

  /**
   * Replaces the datasets the page added to a figure's chart (see extraDataset) and redraws it.
   * Returns false when the page has no such chart.
   */
  function setExtra(figureId, seriesList) {
    var chart = chartOfFigure(figureId);
    if (!chart) return false;
    chart.benchFigure.extra = seriesList.map(function (series) { return extraDataset(chart.benchFigure.spec, series); });
    refresh(chart);
    return true;
  }

  function install(win) {
    root = win;
    // For the page's other plugins (benchmark-own-run.js): the drawn charts and their added series.
    win.BenchmarkCharts = { chartOfFigure: chartOfFigure, setExtra: setExtra, tableAfter: tableAfter, PALETTE: PALETTE };
    var resizeAll = function () { active.forEach(function (chart) { chart.resize(); }); };
    win.addEventListener('beforeprint', resizeAll);
    win.addEventListener('afterprint', resizeAll);
    win.addEventListener('drogon-themechange', function () {
      readTheme(win);
      active.forEach(function (chart) { applyInk(chart.options); chart.update(); });
    });
    var plugin = function (hook) {
      hook.doneEach(function () {
        if (typeof win.Chart !== 'function') {
          console.error('benchmark charts: Chart.js (vendor/chart.umd.min.js) is not loaded');
          return;
        }
        readTheme(win);
        drawAll(win.document.querySelector('.markdown-section') || win.document.body);
      });
    };
    var config = win.$docsify || {};
    config.plugins = [].concat(config.plugins || [], plugin);
    win.$docsify = config;
  }

  return { tableAfter: tableAfter, chartOfFigure: chartOfFigure, setExtra: setExtra, install: install };
});
