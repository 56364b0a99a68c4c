// The concurrency sweep (ab -k from 1 connection up), read from a results JSON: requests per second of
// each server at each level. Node and browser (see results-lookup.js).
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./results-lookup'));
  else {
    root.BenchmarkFigures = root.BenchmarkFigures || {};
    root.BenchmarkFigures.sweep = factory(root.BenchmarkFigures.lookup);
  }
})(typeof self !== 'undefined' ? self : this, function (lookup) {
  'use strict';
  var find = lookup.find;

  /** The concurrency sweep: { levels, series: [{ server, median: [], best: [], okRuns: [] }] }, or null without one. */
  function sweepSeries(results) {
    var sweep = results.sweep;
    if (!sweep || !sweep.results || sweep.results.length === 0) return null;
    var levels = sweep.levels.slice();
    return {
      levels: levels,
      series: sweep.results.map(function (r) {
        var at = function (level) { return find(r.points, function (p) { return p.concurrency === level; }); };
        return {
          server: r.server,
          median: levels.map(function (level) { var p = at(level); return p && p.okRuns > 0 ? p.median : null; }),
          best: levels.map(function (level) { var p = at(level); return p && p.okRuns > 0 ? p.best : null; }),
          okRuns: levels.map(function (level) { var p = at(level); return p ? p.okRuns : 0; }),
        };
      }),
    };
  }

  // A reader's own run (plugins/benchmark-own-run.js): reader = { theirs (their validated results), page
  // (what the published page says of its charts: the .bench-own-run element's data-page, plus the metric
  // names of its table), name(server id) and colorOf(server id) of their servers, label(text) }.

  /** The reader's sweep lines at the published levels, or null when either side has no sweep. */
  function readerLines(reader) {
    var sweep = sweepSeries(reader.theirs);
    if (!sweep || !reader.page.sweepLevels) return null;
    return sweep.series.map(function (line) {
      return {
        label: reader.name(line.server), color: reader.colorOf(line.server),
        values: reader.page.sweepLevels.map(function (level) {
          var i = sweep.levels.indexOf(level);
          return i < 0 || line.median[i] === null ? null : Math.round(line.median[i]);
        }),
      };
    });
  }

  return {
    sweepSeries: sweepSeries,
    reader: { figure: 'bench-figure-sweep', series: readerLines },
  };
});
