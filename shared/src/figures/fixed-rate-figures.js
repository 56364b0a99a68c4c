// Latency at fixed rates (open loop, oha), read from a results JSON: per group of servers, every level
// with its state (held, not held, failed); a level the load generator did not hold is never the server's
// latency. Node and browser (see results-lookup.js).
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./results-lookup'));
  else {
    root.BenchmarkFigures = root.BenchmarkFigures || {};
    root.BenchmarkFigures.fixedRate = factory(root.BenchmarkFigures.lookup);
  }
})(typeof self !== 'undefined' ? self : this, function (lookup) {
  'use strict';
  var find = lookup.find;

  /**
   * Latency against load (issue 9's fixed-rate block: oha, open loop), per group of servers:
   *   { tool, toolVersion, fractions, groups: [{ group, levels: [{ fraction, rate }],
   *     series: [{ server, points: [{ fraction, rate, state, latencyUs, achieved, okRuns, heldRuns, runs, reasons }] }] }] }
   * state: "held" (every run held the target rate: latencyUs is the summary's), "not-held" (the
   * generator did not hold it: latencyUs null, never drawn as the server's latency) or "failed" (no
   * run answered: latencyUs null). Groups without levels (no basis) are left out; null when no group has levels.
   */
  function latencyAgainstLoad(results) {
    var block = results.fixedRate;
    if (!block) return null;
    var groups = block.groups.filter(function (g) { return g.levels.length > 0; }).map(function (group) {
      return {
        group: group,
        levels: group.levels.map(function (l) { return { fraction: l.fraction, rate: l.rate }; }),
        series: group.servers.map(function (id) {
          return {
            server: id,
            points: group.levels.map(function (level) {
              var r = find(level.results, function (x) { return x.server === id; });
              var s = r ? r.summary : null;
              var state = !s || s.okRuns === 0 ? 'failed' : (s.held === true && s.latencyUs ? 'held' : 'not-held');
              var reasons = [];
              (r ? r.runs : []).forEach(function (run) {
                var why = run.status === 'failed' ? run.failureReason : (run.held ? null : run.notHeldReason);
                if (why && reasons.indexOf(why) < 0) reasons.push(why);
              });
              return {
                fraction: level.fraction, rate: level.rate, state: state,
                latencyUs: state === 'held' ? s.latencyUs : null,
                achieved: s && s.achievedRate ? s.achievedRate.median : null,
                okRuns: s ? s.okRuns : 0, heldRuns: s ? s.heldRuns : 0, runs: s ? s.runs : 0, reasons: reasons,
              };
            }),
          };
        }),
      };
    });
    if (groups.length === 0) return null;
    return { tool: block.tool, toolVersion: block.toolVersion, fractions: block.fractions.slice(), groups: groups };
  }

  // A reader's own run (plugins/benchmark-own-run.js): reader = { theirs (their validated results), page
  // (what the published page says of its charts: the .bench-own-run element's data-page, plus the metric
  // names of its table), name(server id) and colorOf(server id) of their servers, label(text) }.

  /**
   * Latency against load: the reader's levels at their own offered rates, in the published group and
   * percentile; a level they did not hold is marked, never drawn. null when either side has none.
   */
  function readerLines(reader) {
    var load = latencyAgainstLoad(reader.theirs);
    var published = reader.page.fixedRate;
    if (!load || !published) return null;
    var loadSeries = [];
    load.groups.forEach(function (g) {
      var gi = published.groups.indexOf(g.group.id);
      if (gi < 0) return;
      published.percentiles.forEach(function (key, pi) {
        g.series.forEach(function (line) {
          loadSeries.push({
            label: reader.name(line.server), color: reader.colorOf(line.server), group: gi * published.percentiles.length + pi,
            values: line.points.map(function (pt) { return pt.state === 'held' ? Math.round(pt.latencyUs[key]) / 1000 : null; }),
            x: line.points.map(function (pt) { return pt.rate; }),
            notHeld: line.points.map(function (pt) { return pt.state === 'not-held'; }),
          });
        });
      });
    });
    return loadSeries;
  }

  return {
    latencyAgainstLoad: latencyAgainstLoad,
    reader: { figure: 'bench-figure-latency-load', series: readerLines },
  };
});
