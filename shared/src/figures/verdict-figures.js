// The verdicts of the Benchmarks pages, read from a results JSON: reference / other per scenario and
// metric with the bench's interval (or the ratio of medians of a format 1 file), which side set the
// pace, and the figure that still compares the servers under it. Node and browser, like every module of
// shared/src/figures/ (see results-lookup.js).
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./results-lookup'));
  else {
    root.BenchmarkFigures = root.BenchmarkFigures || {};
    root.BenchmarkFigures.verdicts = factory(root.BenchmarkFigures.lookup);
  }
})(typeof self !== 'undefined' ? self : this, function (lookup) {
  'use strict';
  var find = lookup.find;
  var resultFor = lookup.resultFor;

  // The two figures a verdict compares: requests per second, and per second of server CPU time.
  var METRICS = ['requestsPerSecond', 'requestsPerServerCpuSecond'];

  /**
   * reference / other for one scenario and metric:
   *   { ratio, ciLow, ciHigh, verdict, reason, pairs, hasCi, fromMedians }
   * From the bench's comparison (bootstrap interval over paired rounds) when the file has one; else the
   * ratio of the two medians, with no interval and no verdict (verdict null, hasCi false): a format 1
   * file cannot tell a difference from noise, and the page claims nothing from it.
   * null when either server has no summary in this scenario, or the bench's comparison has no ratio.
   */
  function ratioFor(scenario, metric, pair) {
    var comparison = find(scenario.comparisons, function (c) {
      return c.metric === metric && c.reference === pair.reference && c.other === pair.other;
    });
    // The bench compared the pair but had no round where both ran: nothing to give.
    if (comparison && typeof comparison.ratio !== 'number') return null;
    if (comparison) {
      var hasCi = typeof comparison.ciLow === 'number' && typeof comparison.ciHigh === 'number';
      return {
        ratio: comparison.ratio, ciLow: hasCi ? comparison.ciLow : null, ciHigh: hasCi ? comparison.ciHigh : null,
        verdict: comparison.verdict, reason: comparison.reason || null, pairs: comparison.pairs, hasCi: hasCi, fromMedians: false,
      };
    }
    var a = resultFor(scenario, pair.reference);
    var b = resultFor(scenario, pair.other);
    if (!a || !b || !a.summary || !b.summary) return null;
    var top = a.summary[metric].median;
    var bottom = b.summary[metric].median;
    if (!(bottom > 0)) return null;
    return { ratio: top / bottom, ciLow: null, ciHigh: null, verdict: null, reason: null, pairs: null, hasCi: false, fromMedians: true };
  }

  /** Whether any scenario of the file carries confidence intervals (format 2 comparisons). */
  function hasIntervals(results) {
    return results.scenarios.some(function (sc) {
      return (sc.comparisons || []).some(function (c) { return typeof c.ciLow === 'number'; });
    });
  }

  var SERVER_SIDES = { server: true, both: true };
  var CLIENT_SIDES = { client: true, both: true };

  /**
   * Which side set the pace in a scenario, over the given servers:
   *   pace: 'server' | 'client' | 'both' | 'neither' | 'unknown' (every server's runs say the same),
   *         'mixed' (they differ), 'none' (no server has a result);
   *   sides: [{ server, side }] in the given order.
   */
  function paceOf(scenario, serverIds) {
    var sides = [];
    serverIds.forEach(function (id) {
      var result = resultFor(scenario, id);
      if (result && result.summary) sides.push({ server: id, side: result.bottleneck.side });
    });
    if (sides.length === 0) return { pace: 'none', sides: sides };
    var first = sides[0].side;
    var same = sides.every(function (s) { return s.side === first; });
    return { pace: same ? first : 'mixed', sides: sides };
  }

  /** Whether a side value means that the server's / the load generator's CPU was saturated. */
  function serverSaturated(side) { return SERVER_SIDES[side] === true; }
  function clientSaturated(side) { return CLIENT_SIDES[side] === true; }

  /**
   * The metric that compares the servers under a pace: requests per second only when the servers set
   * it (or nothing was saturated); once the load generator was saturated too, requests per second of
   * server CPU time.
   */
  function quotedMetric(pace) {
    return pace === 'client' || pace === 'both' || pace === 'mixed' ? 'requestsPerServerCpuSecond' : 'requestsPerSecond';
  }

  // A reader's own run (plugins/benchmark-own-run.js): reader = { theirs (their validated results), page
  // (what the published page says of its charts: the .bench-own-run element's data-page, plus the metric
  // names of its table), name(server id) and colorOf(server id) of their servers, label(text) }.

  /** The reader's ratios in the at-a-glance chart, per metric, or null when the page or their file has no pair. */
  function readerRatios(reader) {
    var page = reader.page;
    var pair = lookup.mainPair(reader.theirs);
    if (!page.keyScenarios || !pair) return null;
    return METRICS.map(function (metric, j) {
      var ratios = page.keyScenarios.map(function (published) {
        var sc = lookup.matchingScenario(reader.theirs, published);
        return sc ? ratioFor(sc, metric, pair) : null;
      });
      return {
        label: reader.label(page.metricNames[j]), color: page.metricColors[j],
        values: ratios.map(function (r) { return r ? r.ratio : null; }),
        min: ratios.map(function (r) { return r && r.hasCi ? r.ciLow : null; }),
        max: ratios.map(function (r) { return r && r.hasCi ? r.ciHigh : null; }),
      };
    });
  }

  return {
    METRICS: METRICS, ratioFor: ratioFor, hasIntervals: hasIntervals, paceOf: paceOf,
    serverSaturated: serverSaturated, clientSaturated: clientSaturated, quotedMetric: quotedMetric,
    reader: { figure: 'bench-figure-ratios', series: readerRatios },
  };
});
