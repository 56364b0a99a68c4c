// "Compare with your own run" on the Benchmarks page: a reader opens the results JSON of their own
// `npm run bench` with the file picker; it is read in the browser (never uploaded), validated against
// the same schema as the published file (vendor/results-validator.js, ajv's standalone code generated
// at build time, and the same cross-reference check), and on success drawn beside the published
// figures: dashed series in the charts (at-a-glance ratios, Drogon and Go, latency, latency against
// load, sweep, instructions) and a column in the at-a-glance table.
//
// Both helper scripts load only when a file is picked, so the page's own JavaScript stays small:
// vendor/results-validator.js and plugins/benchmark-figures.js (the functions that computed the
// published figures, so the reader's are computed the same way).
//
// Nothing from the file becomes markup: every text goes through textContent, every number through
// Chart.js (canvas). The page's messages come from hidden .bench-msg elements of the generated page,
// so they are in the page's language (zh-TW converted like the rest of the page).
(function (root, factory) {
  'use strict';
  var api = factory();
  if (typeof module === 'object' && module.exports) module.exports = api; // unit tests (node)
  else api.install(root);
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  // A results file is at most 16 MiB (shared/src/results-file.js MAX_RESULTS_BYTES); a larger one is not read.
  var MAX_BYTES = 16 * 1024 * 1024;
  var SCRIPTS = ['vendor/results-validator.js', 'plugins/benchmark-figures.js'];
  var root = typeof self !== 'undefined' ? self : {};
  var loading = null;
  var loaded = null; // { results, name } of the reader's file, kept across re-renders (language switch)

  // A hidden message of the page, with {name} placeholders filled (values as text, never markup).
  function message(box, key, values) {
    var el = box.querySelector('.bench-msg[data-msg="' + key + '"]');
    var template = el ? el.textContent : key;
    return template.replace(/\{(\w+)\}/g, function (all, name) { return values && name in values ? String(values[name]) : all; });
  }

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var script = root.document.createElement('script');
      script.src = src;
      script.onload = resolve;
      script.onerror = function () { reject(new Error('could not load ' + src)); };
      root.document.head.appendChild(script);
    });
  }

  // Loads the validator and the figures module once.
  function helpers() {
    if (!loading) {
      loading = Promise.all(SCRIPTS.map(loadScript)).then(function () {
        if (typeof root.DrogonResultsValidator !== 'function' || !root.BenchmarkFigures) throw new Error('the results validator did not load');
        return { validate: root.DrogonResultsValidator, figures: root.BenchmarkFigures };
      });
      loading.catch(function () { loading = null; });
    }
    return loading;
  }

  /**
   * Parses and validates a reader's file text: { results } or { error: { key, values } } naming what
   * is wrong (the page words it). label names the file in field paths ("your-file/...").
   */
  function check(text, validate, figures, label) {
    var results;
    try {
      results = JSON.parse(text);
    } catch (err) {
      return { error: { key: 'notJson', values: { error: err.message } } };
    }
    if (!validate(results)) {
      var described = figures.validation.describeValidationErrors(validate.errors, label);
      return { error: { key: 'invalid', values: { error: described.lines.slice(0, 3).join('; '), field: described.field } } };
    }
    try {
      figures.validation.checkReferences(results, label);
    } catch (err) {
      return { error: { key: 'invalid', values: { error: err.message, field: err.message.split(':')[0] } } };
    }
    return { results: results };
  }

  // The figure modules that draw a reader's run (plugins/benchmark-figures.js: each module's reader,
  // { figure, series }), in the order they registered.
  function readers(figures) {
    return Object.keys(figures).map(function (key) { return figures[key].reader; }).filter(Boolean);
  }

  /**
   * The series to add to each chart of the page for the reader's results: { figureId: [series] }.
   * page: the page's own results shape as far as the charts need it (read from the page: its
   * .bench-own-run element's data-page and the at-a-glance table's metric names).
   */
  function readerSeries(figures, theirs, page, label) {
    var reader = {
      theirs: theirs, page: page, label: label,
      name: function (id) {
        var server = theirs.servers.filter(function (s) { return s.id === id; })[0];
        return label(server ? server.name : id);
      },
      colorOf: function (id) { return Math.max(0, figures.lookup.serverColor(theirs, id)); },
    };
    var out = {};
    readers(figures).forEach(function (r) {
      var series = r.series(reader);
      if (series) out[r.figure] = series;
    });
    return out;
  }

  // What the published page says about itself, for matching: read from the charts' data and the
  // .bench-own-run element's data-page attribute (written by the generator).
  function publishedShape(box) {
    try {
      return JSON.parse(box.getAttribute('data-page') || '{}');
    } catch (err) {
      return {};
    }
  }

  // The reader's column in the at-a-glance table: their ratios (both metrics), as text.
  function addGlanceColumn(box, figures, theirs, page, charts) {
    var table = charts.tableAfter(root.document.getElementById('bench-figure-ratios'));
    if (!table || !page.keyScenarios) return;
    var pair = figures.lookup.mainPair(theirs);
    var numbers = new Intl.NumberFormat(page.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    var header = table.tHead.rows[0];
    var th = root.document.createElement('th');
    th.className = 'bench-own-column';
    th.textContent = message(box, 'column');
    header.appendChild(th);
    page.keyScenarios.forEach(function (published, i) {
      var row = table.tBodies[0].rows[i];
      var td = root.document.createElement('td');
      td.className = 'bench-own-column';
      var sc = figures.lookup.matchingScenario(theirs, published);
      var parts = pair && sc ? figures.verdicts.METRICS.map(function (metric) {
        var r = figures.verdicts.ratioFor(sc, metric, pair);
        if (!r) return '—';
        var text = numbers.format(r.ratio) + '×';
        if (r.hasCi) text += ' (' + numbers.format(r.ciLow) + '–' + numbers.format(r.ciHigh) + ', ' + message(box, r.verdict) + ')';
        return text;
      }) : ['—'];
      td.textContent = parts.join(' · ');
      if (row) row.appendChild(td);
    });
  }

  function show(box, key, values) {
    var status = box.querySelector('.bench-own-status');
    status.textContent = message(box, key, values);
    status.setAttribute('data-state', key);
  }

  // Draws a loaded reader's file on the current page.
  function apply(box, theirs, modules) {
    var charts = root.BenchmarkCharts;
    var page = publishedShape(box);
    // The metric names as the page's table says them (in the page's language).
    var glanceTable = charts.tableAfter(root.document.getElementById('bench-figure-ratios'));
    if (glanceTable) page.metricNames = [1, 2].map(function (i) { return glanceTable.tHead.rows[0].cells[i].textContent.trim(); });
    else page.keyScenarios = null;
    var label = function (text) { return message(box, 'series', { series: text }); };
    var series = readerSeries(modules.figures, theirs, page, label);
    Object.keys(series).forEach(function (figureId) { charts.setExtra(figureId, series[figureId]); });
    root.document.querySelectorAll('.bench-own-column').forEach(function (el) { el.parentNode.removeChild(el); });
    addGlanceColumn(box, modules.figures, theirs, page, charts);
    var env = theirs.environment;
    show(box, 'loaded', { date: env.date, profile: theirs.profile, cpu: env.cpuModel });
  }

  // A new pick replaces the last one: whatever was drawn from an earlier file goes first.
  function clear() {
    loaded = null;
    var charts = root.BenchmarkCharts;
    // (Before the first file, the figure modules are not loaded and nothing was drawn.)
    if (root.BenchmarkFigures) readers(root.BenchmarkFigures).forEach(function (r) { charts.setExtra(r.figure, []); });
    root.document.querySelectorAll('.bench-own-column').forEach(function (el) { el.parentNode.removeChild(el); });
  }

  function onFile(box, file) {
    if (!file) return;
    clear();
    if (file.size > MAX_BYTES) { show(box, 'tooLarge', { size: file.size }); return; }
    show(box, 'loading');
    Promise.all([file.text(), helpers()]).then(function (done) {
      var result = check(done[0], done[1].validate, done[1].figures, 'your-file');
      if (result.error) { show(box, result.error.key, result.error.values); return; }
      loaded = { results: result.results, modules: done[1] };
      apply(box, result.results, done[1]);
    }).catch(function (err) {
      show(box, 'failed', { error: err.message });
    });
  }

  function install(win) {
    root = win;
    var plugin = function (hook) {
      // After the charts plugin drew the page (it registers its hook first).
      hook.doneEach(function () {
        var box = win.document.querySelector('.markdown-section .bench-own-run');
        if (!box) return;
        var input = box.querySelector('input[type="file"]');
        input.addEventListener('change', function () { onFile(box, input.files && input.files[0]); });
        if (loaded) apply(box, loaded.results, loaded.modules);
      });
    };
    var config = win.$docsify || {};
    config.plugins = [].concat(config.plugins || [], plugin);
    win.$docsify = config;
  }

  return { check: check, readerSeries: readerSeries, install: install, MAX_BYTES: MAX_BYTES };
});
