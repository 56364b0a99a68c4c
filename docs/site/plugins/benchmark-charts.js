// Benchmark charts plugin: draws every <figure class="bench-chart" data-chart="..."> of the rendered
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
  var api = factory();
  if (typeof module === 'object' && module.exports) module.exports = api; // unit tests (node)
  else api.install(root);
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  // Okabe-Ito colours (distinguishable with colour-blindness): servers 0..3, percentiles 4..6.
  var PALETTE = ['#0072B2', '#009E73', '#8C8C8C', '#CC79A7', '#56B4E9', '#E69F00', '#D55E00'];
  var DASHES = [[], [6, 4], [2, 3], [10, 3, 2, 3], [1, 5], [12, 6]];
  // Above this many bars, bars run horizontally, so long category labels stay readable.
  var MAX_VERTICAL_BARS = 24;

  function colorOf(index) { return PALETTE[index % PALETTE.length]; }

  // Colours of text, grid and the marks drawn over the data, from the theme (site.css --chart-*;
  // light or dark): read before drawing and again on every theme change (plugins/theme.js).
  var ink = { text: '#333', grid: 'rgba(0, 0, 0, 0.1)', mark: '#222', muted: '#555' };
  function readTheme(win) {
    var css = win.getComputedStyle(win.document.documentElement);
    var value = function (name, fallback) { return css.getPropertyValue(name).trim() || fallback; };
    ink = { text: value('--chart-text', ink.text), grid: value('--chart-grid', ink.grid), mark: value('--chart-ink', ink.mark), muted: value('--chart-muted', ink.muted) };
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

  // { header: [text], rows: [[text]] } of a <table> element.
  function tableGrid(table) {
    var text = function (cell) { return cell.textContent.replace(/\s+/g, ' ').trim(); };
    var headerRow = table.tHead && table.tHead.rows[0];
    var bodyRows = [];
    for (var b = 0; b < table.tBodies.length; b++) {
      for (var r = 0; r < table.tBodies[b].rows.length; r++) bodyRows.push(table.tBodies[b].rows[r]);
    }
    return {
      header: headerRow ? Array.prototype.map.call(headerRow.cells, text) : [],
      rows: bodyRows.map(function (row) { return Array.prototype.map.call(row.cells, text); }),
    };
  }

  // A label as lines: broken after each comma that ends a clause (an ASCII comma followed by a space,
  // not the thousands separator in "1,000"; the Chinese commas always), and a part longer than
  // `max` characters broken at spaces, so long scenario names stay readable on a category axis.
  // Chart.js draws an array label as lines.
  function wrapLabel(text, max) {
    var lines = [];
    text.split(/(?<=,)\s+|(?<=[，、])/).forEach(function (clause) {
      var line = '';
      clause.trim().split(/\s+/).forEach(function (word) {
        if (line && (line + ' ' + word).length > max) { lines.push(line); line = ''; }
        line = line ? line + ' ' + word : word;
      });
      if (line) lines.push(line);
    });
    return lines.length ? lines : [text];
  }

  /**
   * Category labels, series labels and tooltip texts of a chart from its table grid. Throws when the
   * table does not have the shape the chart data needs (a page generated from other data).
   */
  function chartLabels(spec, grid) {
    var k = spec.keyColumns;
    var length = spec.series[0].values.length;
    var key = function (row) { return row.slice(0, k).join(' · '); };
    var out = { categories: [], series: [], cells: [] };
    if (spec.seriesIn === 'columns') {
      if (grid.rows.length !== length) throw new Error('table has ' + grid.rows.length + ' rows, chart has ' + length + ' categories');
      if (grid.header.length < k + spec.series.length) throw new Error('table has too few columns for ' + spec.series.length + ' series');
      out.categories = grid.rows.map(key);
      out.series = spec.series.map(function (s, j) { return grid.header[k + j]; });
      out.cells = spec.series.map(function (s, j) { return grid.rows.map(function (row) { return row[k + j]; }); });
    } else {
      if (grid.rows.length !== spec.series.length) throw new Error('table has ' + grid.rows.length + ' rows, chart has ' + spec.series.length + ' series');
      if (grid.header.length !== k + length) throw new Error('table has ' + grid.header.length + ' columns, chart needs ' + (k + length));
      out.categories = grid.header.slice(k);
      // A grouped chart names its groups by the first key column; its series by the others.
      out.series = grid.rows.map(spec.groups ? function (row) { return row.slice(1, k).join(' · '); } : key);
      out.cells = grid.rows.map(function (row) { return row.slice(k); });
      if (spec.groups) {
        out.groups = [];
        spec.series.forEach(function (s, j) {
          if (!out.groups.some(function (g) { return g.index === s.group; })) out.groups.push({ index: s.group, name: grid.rows[j][0] });
        });
        out.groups.sort(function (a, b) { return a.index - b.index; });
      }
    }
    return out;
  }

  /** The group a grouped chart shows first: the one the page asks for, if it has series. */
  function initialGroup(spec, labels) {
    if (!spec.groups) return null;
    var wanted = spec.groups.selected;
    return labels.groups.some(function (g) { return g.index === wanted; }) ? wanted : labels.groups[0].index;
  }

  // Category axis labels: each key cell on its own line(s).
  // (On a narrow screen, shorter lines: the labels of a horizontal chart share its width with the bars.)
  var NARROW_PX = 560;
  function axisLabel(category, narrow) {
    return category.split(' · ').reduce(function (lines, part) { return lines.concat(wrapLabel(part, narrow ? 16 : 32)); }, []);
  }

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

  /**
   * The Chart.js configuration of one chart: spec (the data-chart JSON), its table's labels, and for a
   * grouped chart the group to draw (default: the one the page selects).
   */
  function chartConfig(spec, labels, group, width) {
    var narrow = typeof width === 'number' && width < NARROW_PX;
    var horizontal = chartLayout(spec, labels, width).horizontal;
    var valueAxis = horizontal ? 'x' : 'y';
    var categoryAxis = horizontal ? 'y' : 'x';
    var numbers = new Intl.NumberFormat(spec.locale, { notation: 'compact', maximumFractionDigits: 2 });
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

  return {
    wrapLabel: wrapLabel, chartLabels: chartLabels, chartLayout: chartLayout, chartConfig: chartConfig, chartDatasets: chartDatasets,
    initialGroup: initialGroup, extraDataset: extraDataset, tableGrid: tableGrid, install: install, PALETTE: PALETTE,
  };
});
