// The latency of the closed-loop scenarios, read from a results JSON: each server's percentile curve
// (HdrHistogram style, x = 1 / (1 - p)). Node and browser (see results-lookup.js).
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./results-lookup'));
  else {
    root.BenchmarkFigures = root.BenchmarkFigures || {};
    root.BenchmarkFigures.scenarios = factory(root.BenchmarkFigures.lookup);
  }
})(typeof self !== 'undefined' ? self : this, function (lookup) {
  'use strict';
  var resultFor = lookup.resultFor;

  // Latency percentiles of a summary, with p: the x axis of a percentile curve is 1 / (1 - p).
  var PERCENTILES = [
    { key: 'p50', p: 0.5 }, { key: 'p75', p: 0.75 }, { key: 'p90', p: 0.9 }, { key: 'p99', p: 0.99 }, { key: 'p999', p: 0.999 },
  ];

  /** Latency percentile curves of one scenario: [{ server, points: [{ key, p, x, us }] }], servers with latency figures. */
  function latencyCurves(results, scenario) {
    var out = [];
    results.servers.forEach(function (server) {
      var result = resultFor(scenario, server.id);
      // No latency for pipelined runs (format 2 reports none: wrk times batches, not requests).
      if (!result || !result.summary || !result.summary.latencyUs) return;
      var latency = result.summary.latencyUs;
      out.push({
        server: server.id,
        points: PERCENTILES.filter(function (pc) { return typeof latency[pc.key] === 'number'; }).map(function (pc) {
          return { key: pc.key, p: pc.p, x: 1 / (1 - pc.p), us: latency[pc.key] };
        }),
      });
    });
    return out;
  }

  // A reader's own run (plugins/benchmark-own-run.js): reader = { theirs (their validated results), page
  // (what the published page says of its charts: the .bench-own-run element's data-page, plus the metric
  // names of its table), name(server id) and colorOf(server id) of their servers, label(text) }.

  /** The reader's latency curves, one group per published scenario they also ran, or null when the page has none. */
  function readerCurves(reader) {
    if (!reader.page.scenarios) return null;
    var curves = [];
    reader.page.scenarios.forEach(function (published, group) {
      var sc = reader.theirs.scenarios.filter(function (x) { return x.id === published.id; })[0];
      if (!sc) return;
      latencyCurves(reader.theirs, sc).forEach(function (curve) {
        var byKey = {};
        curve.points.forEach(function (pt) { byKey[pt.key] = pt.us; });
        curves.push({
          label: reader.name(curve.server), color: reader.colorOf(curve.server), group: group,
          values: PERCENTILES.map(function (pc) { return byKey[pc.key] === undefined ? null : Math.round(byKey[pc.key]) / 1000; }),
        });
      });
    });
    return curves;
  }

  return {
    PERCENTILES: PERCENTILES, latencyCurves: latencyCurves,
    reader: { figure: 'bench-figure-latency', series: readerCurves },
  };
});
