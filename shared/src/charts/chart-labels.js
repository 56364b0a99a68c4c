// A part of the benchmark charts (shared/src/charts/: the browser plugin plugins/benchmark-charts.js, joined by docs/site/bundles.json, and the static images of docs/src/prerender/chart-images.js;
// docs/site/plugins/benchmark-charts/draw-charts.js says what the plugin does). This one: a chart's texts, read
// from the accessible table after its figure (category and series labels, tooltip cells), so the chart
// reads like the table in every language.
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else {
    root.BenchmarkChartParts = root.BenchmarkChartParts || {};
    root.BenchmarkChartParts.labels = factory();
  }
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';
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

  return {
    tableGrid: tableGrid, wrapLabel: wrapLabel, chartLabels: chartLabels, initialGroup: initialGroup, axisLabel: axisLabel, NARROW_PX: NARROW_PX,
  };
});
