// Benchmark charts plugin (docs/site/bundles.json joins chart-theme, chart-labels, chart-plugins, chart-datasets,
// chart-config of shared/src/charts/ and this file into plugins/benchmark-charts.js): draws every <figure class="bench-chart" data-chart="..."> of the rendered
// page with Chart.js 4 (vendor/chart.umd.min.js, loaded before this file). No eval and no inline
// script (CSP script-src 'self'): the chart data is JSON in the figure's data-chart attribute,
// written by docs/src/benchmarks/chart-figure.js, which documents its fields.
//
// Text labels come from the accessible table that follows each figure (its header cells and first
// columns), so the chart reads exactly like the table in every language, including the zh-TW page
// whose tables are converted while attributes are not. Tooltips show the table's own cell text.
//
// In order of sight: each figure's data and labels are read once and its height reserved at once
// (nothing moves when it is drawn); the charts in the window are drawn first, the others as they come
// near it or in idle time (several per task, CHART_TASK_MS at most), and all of them before printing.
// On a prerendered page (a clean URL) this script runs before the site's others
// (docs/src/prerender/page-html.js) and the charts are drawn from the page's first frame on, over the
// static images the build made (docs/src/prerender/chart-images.js); docsify starts and renders the
// same page once every one is drawn (plugins/clean-url.js, plugins/deferred-site-scripts.js), and each
// figure it makes with the same data and table is swapped for the one already there (at once, before
// the next frame), so no chart is drawn twice. Charts of a page the reader left are destroyed; charts
// are resized around printing and recoloured when the theme changes (light / dark: colours from
// site.css --chart-*). Each figure gets data-chart-state="drawn" or
// "error" (with the reason in the console).
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) {
    module.exports = factory(require('../../../../shared/src/charts/chart-theme'), require('../../../../shared/src/charts/chart-labels'), require('../../../../shared/src/charts/chart-datasets'), require('../../../../shared/src/charts/chart-config'), require('../../../../shared/src/charts/compact-numbers')); // unit tests (node)
  } else {
    var parts = root.BenchmarkChartParts;
    factory(parts.theme, parts.labels, parts.datasets, parts.config, parts.numbers).install(root);
  }
})(typeof self !== 'undefined' ? self : this, function (theme, labels, datasets, layout, numbers) {
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
  var compactNumbers = numbers.compactNumbers;

  var root = typeof self !== 'undefined' ? self : {};
  var active = []; // the drawn charts
  var queue = []; // figures prepared and not yet drawn, in the page's order
  var near = null; // IntersectionObserver: draws a figure as it comes near the window
  var idle = null; // the pending task or idle callback that draws the next chart
  var idleIsTask = false; // whether it is a task (setTimeout), not an idle callback
  var soon = []; // queued figures in or near the window (drawn next)
  var whenQueueDrawn = []; // resolves of the promises of allDrawn()

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

  // A table's text as the reader reads it: the prerender's markdown-it and docsify's marked put
  // different white space between the rows.
  function textOf(table) {
    return table.textContent.replace(/\s+/g, ' ').trim();
  }

  // Reads a figure's data and its table's labels (once: kept on the figure) and reserves the chart's
  // height in a wrapper around its canvas (Chart.js sizes the canvas from its parent). width: the
  // figure's, read beforehand for a page's figures together (one layout, not one per figure).
  function prepare(figure, width) {
    if (figure.benchPrepared) return figure.benchPrepared;
    var canvas = figure.querySelector('canvas');
    var table = tableAfter(figure);
    if (!canvas) throw new Error('no canvas in the chart figure');
    if (!table) throw new Error('no table after the chart figure');
    var spec = JSON.parse(figure.getAttribute('data-chart'));
    var labels = chartLabels(spec, tableGrid(table));
    var wrapper = canvas.parentElement.classList.contains('bench-chart-canvas') ? canvas.parentElement : null;
    if (!wrapper) {
      wrapper = root.document.createElement('div');
      wrapper.className = 'bench-chart-canvas';
      canvas.parentElement.insertBefore(wrapper, canvas);
      wrapper.appendChild(canvas);
    }
    // (Its width: the figure's; the wrapper itself is hidden while the static image shows.)
    var layout = chartLayout(spec, labels, width === undefined ? figure.clientWidth : width);
    wrapper.style.position = 'relative';
    wrapper.style.height = layout.height ? layout.height + 'px' : '';
    figure.benchPrepared = { spec: spec, labels: labels, canvas: canvas, wrapper: wrapper, tableText: textOf(table) };
    return figure.benchPrepared;
  }

  function drawFigure(figure) {
    var prepared = prepare(figure);
    var spec = prepared.spec;
    var labels = prepared.labels;
    var group = initialGroup(spec, labels);
    var config = chartConfig(spec, labels, group, figure.clientWidth);
    applyInk(config.options);
    // Drawn visible: the static image gives way to the chart in the same frame (a failure makes it
    // "error": drawQueued's failed()).
    figure.setAttribute('data-chart-state', 'drawn');
    var chart = new root.Chart(prepared.canvas, config);
    chart.benchFigure = { spec: spec, labels: labels, group: group, extra: [] };
    figure.benchChart = chart;
    active.push(chart);
    if (spec.groups) addSelector(figure, chart);
  }

  // A figure whose chart could not be drawn: its static image, where the page has one, stays (one
  // below the first screen is fetched now: its <picture> showed an empty image while JavaScript ran).
  function failed(figure, err) {
    figure.setAttribute('data-chart-state', 'error');
    if (!figure.benchPrepared) {
      var table = tableAfter(figure);
      figure.benchFailed = { tableText: table ? textOf(table) : null }; // kept through docsify's render
    }
    var placeholder = figure.querySelector('picture.bench-chart-static > source');
    if (placeholder) placeholder.parentNode.removeChild(placeholder);
    console.error('benchmark chart not drawn: ' + err.message);
  }

  // Draws a queued figure now (a figure that is not queued is drawn already, or failed).
  function drawQueued(figure) {
    var at = queue.indexOf(figure);
    if (at < 0) return;
    queue.splice(at, 1);
    if (near) near.unobserve(figure);
    try {
      drawFigure(figure);
    } catch (err) {
      failed(figure, err);
    }
  }

  function drawEverything() {
    while (queue.length) drawQueued(queue[0]);
  }

  // No task draws more than the page can spare (it answers input and docsify renders between them):
  // the charts in or near the window first, then the others in idle periods (a timeout: drawn soon on
  // a busy page too), until every chart is drawn. A task draws several, in order, while the next one
  // (taken to last as long as the one before) keeps it within CHART_TASK_MS: each chart alone would
  // cost a frame of style, layout and paint of the page, and the wait for the next idle period, which
  // took longer than drawing it (on a 2-core machine, 80 ms instead of 40 drew the last chart 26-47 ms
  // sooner). 80 ms is about as long as the task that draws the first chart, and a reader's click waits
  // for one at most: well within the 200 ms of a good response (INP). A timed-out idle period (a busy
  // page) draws one.
  var CHART_TASK_MS = 80;
  function drawWhenIdle() {
    soon = soon.filter(function (figure) { return queue.indexOf(figure) >= 0; });
    if (!queue.length) whenQueueDrawn.splice(0).forEach(function (resolve) { resolve(); });
    if (idle !== null || !queue.length) return;
    var next = function (deadline) {
      idle = null;
      var start = root.performance.now();
      var last = 0;
      do {
        soon = soon.filter(function (figure) { return queue.indexOf(figure) >= 0; });
        var before = root.performance.now();
        drawQueued(soon.length ? soon[0] : queue[0]);
        last = root.performance.now() - before;
      } while (queue.length && !(deadline && deadline.didTimeout) && root.performance.now() - start + last <= CHART_TASK_MS);
      drawWhenIdle();
    };
    idleIsTask = Boolean(soon.length || !root.requestIdleCallback);
    idle = idleIsTask ? root.setTimeout(function () { next(null); }, 0) : root.requestIdleCallback(next, { timeout: 60 });
  }

  // A queued figure in or near the window: drawn in one of the next tasks, before the others.
  function drawSoon(figure) {
    if (queue.indexOf(figure) < 0 || soon.indexOf(figure) >= 0) return;
    soon.push(figure);
    soon.sort(function (a, b) { return queue.indexOf(a) - queue.indexOf(b); });
    if (idle !== null && idleIsTask) return; // the next task is pending already
    if (idle !== null) {
      root.cancelIdleCallback(idle);
      idle = null;
    }
    drawWhenIdle();
  }

  function inWindow(figure) {
    var box = figure.getBoundingClientRect();
    return box.bottom > 0 && box.top < root.innerHeight && box.height > 0;
  }

  // Draws figures in order of sight (the ones drawn or queued already stay as they are).
  function drawAll(candidates) {
    // Charts of a page the reader left (their canvas is no longer in the document).
    active = active.filter(function (chart) {
      if (chart.canvas && chart.canvas.isConnected) return true;
      chart.destroy();
      return false;
    });
    queue = queue.filter(function (figure) { return figure.isConnected; });
    readTheme(root);
    var figures = candidates.filter(function (figure) {
      return figure.getAttribute('data-chart-state') !== 'drawn' && queue.indexOf(figure) < 0;
    });
    var widths = figures.map(function (figure) { return figure.clientWidth; });
    figures.forEach(function (figure, i) {
      try {
        prepare(figure, widths[i]);
        queue.push(figure);
      } catch (err) {
        failed(figure, err);
      }
    });
    // The first chart in the window now; the others in it in the next task (drawWhenIdle).
    var shown = queue.filter(inWindow);
    if (shown.length) drawQueued(shown[0]);
    shown.slice(1).forEach(drawSoon);
    if (root.IntersectionObserver && !near) {
      near = new root.IntersectionObserver(function (entries) {
        entries.forEach(function (entry) { if (entry.isIntersecting) drawSoon(entry.target); });
      }, { rootMargin: '50% 0px' });
    }
    if (near) queue.forEach(function (figure) { near.observe(figure); });
    drawWhenIdle();
  }

  // A promise settled once every queued chart is drawn (or failed).
  function allDrawn() {
    return new Promise(function (resolve) {
      if (!queue.length) resolve();
      else whenQueueDrawn.push(resolve);
    });
  }

  // When docsify renders the page that is already shown (a prerendered page's first render), the
  // figures it makes are swapped for the ones already there (drawn, or failed with their static image):
  // same id, same data, same table text.
  function keepFigures(records) {
    var gone = {};
    records.forEach(function (record) {
      if (!record.removedNodes.length) return; // (the parser adds: most records while a page loads)
      Array.prototype.forEach.call(record.removedNodes, function (node) {
        if (node.nodeType !== 1) return;
        var figures = node.matches('figure.bench-chart') ? [node] : node.querySelectorAll('figure.bench-chart');
        Array.prototype.forEach.call(figures, function (f) { if ((f.benchPrepared || f.benchFailed) && f.id) gone[f.id] = f; });
      });
    });
    if (!Object.keys(gone).length) return;
    Array.prototype.forEach.call(root.document.querySelectorAll('figure.bench-chart[data-chart]'), function (figure) {
      var old = gone[figure.id];
      if (!old || old.isConnected || figure.benchPrepared || old.getAttribute('data-chart') !== figure.getAttribute('data-chart')) return;
      var table = tableAfter(figure);
      if (!table || textOf(table) !== (old.benchPrepared || old.benchFailed).tableText) return;
      figure.parentNode.replaceChild(old, figure);
    });
  }

  /** Redraws a chart's datasets: its group's published series, then the datasets the page added. */
  function refresh(chart) {
    var f = chart.benchFigure;
    chart.data.datasets = chartDatasets(f.spec, f.labels, f.group, f.extra);
    // Series with their own x: the axis follows the points drawn now (another group's rates, a reader's run).
    if (hasOwnX(f.spec)) {
      var font = chart.options.scales.x.ticks && chart.options.scales.x.ticks.font;
      chart.options.scales.x = ownXAxis(f.spec, chart.data.datasets, compactNumbers(f.spec.locale));
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

  /** The chart of a figure (by the figure's id, e.g. "bench-figure-ratios"), drawn now if it waits; or null. */
  function chartOfFigure(figureId) {
    for (var i = 0; i < active.length; i++) {
      if (active[i].canvas && active[i].canvas.closest('figure') && active[i].canvas.closest('figure').id === figureId) return active[i];
    }
    var figure = root.document && root.document.getElementById(figureId);
    if (figure && queue.indexOf(figure) >= 0) {
      drawQueued(figure);
      return figure.benchChart || null;
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
    win.addEventListener('beforeprint', function () { drawEverything(); resizeAll(); });
    win.addEventListener('afterprint', resizeAll);
    win.addEventListener('drogon-themechange', function () {
      readTheme(win);
      active.forEach(function (chart) { applyInk(chart.options); chart.update(); });
    });
    // (Before any chart exists: its records reach Chart.js's own observers with the swap in them.)
    new win.MutationObserver(keepFigures).observe(win.document.body, { childList: true, subtree: true });
    // which: the figures to draw of the page's (all of them by default).
    var draw = function (which) {
      var container = win.document.querySelector('.markdown-section') || win.document.body;
      var figures = Array.prototype.slice.call(container.querySelectorAll('figure.bench-chart[data-chart]'));
      if (which) figures = which(figures);
      if (typeof win.Chart !== 'function') {
        var missing = new Error('Chart.js (vendor/chart.umd.min.js) is not loaded');
        figures.forEach(function (figure) { if (!figure.hasAttribute('data-chart-state')) failed(figure, missing); });
        return;
      }
      drawAll(figures);
    };
    // A prerendered page shows its charts' figures already, and runs this script in its first screen
    // (docs/src/prerender/page-html.js), before the rest of the page is parsed: the charts before this
    // script (parsed whole, with the table after them) are drawn once the first frame is painted
    // (Chart.js's first chart never holds back the first screen of text; painted already, they are
    // drawn now), the others once the page is parsed. (Drawing each one as soon as the figure after it
    // was parsed drew the last no sooner.) docsify's start and render of the same page wait until
    // every one is drawn (plugins/clean-url.js), so nothing runs between them.
    if (win.document.querySelector('#main figure.bench-chart[data-chart]')) {
      var painted = win.performance && win.performance.getEntriesByType && win.performance.getEntriesByType('paint').length > 0;
      var script = win.document.currentScript;
      var beforeScript = function (figures) {
        return figures.filter(function (figure) {
          return Boolean(script && figure.compareDocumentPosition(script) & win.Node.DOCUMENT_POSITION_FOLLOWING);
        });
      };
      var drawn = new Promise(function (resolve) {
        var parsed = function () {
          draw();
          allDrawn().then(resolve);
        };
        var start = function () {
          if (win.document.readyState !== 'loading') return parsed();
          draw(beforeScript);
          win.document.addEventListener('DOMContentLoaded', parsed);
        };
        if (painted) start();
        else win.requestAnimationFrame(function () { win.setTimeout(start, 0); });
      });
      if (win.DROGON_PRERENDERED) win.DROGON_PRERENDERED.hold(drawn);
    }
    var plugin = function (hook) { hook.doneEach(function () { draw(); }); };
    var config = win.$docsify || {};
    config.plugins = [].concat(config.plugins || [], plugin);
    win.$docsify = config;
  }

  return { tableAfter: tableAfter, chartOfFigure: chartOfFigure, setExtra: setExtra, allDrawn: allDrawn, install: install };
});
