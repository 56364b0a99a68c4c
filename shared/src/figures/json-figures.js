// The JSON application (issue 9), read from a results JSON: every endpoint with its reference and its
// variants' summaries. Node and browser (see results-lookup.js).
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./results-lookup'));
  else {
    root.BenchmarkFigures = root.BenchmarkFigures || {};
    root.BenchmarkFigures.json = factory(root.BenchmarkFigures.lookup);
  }
})(typeof self !== 'undefined' ? self : this, function (lookup) {
  'use strict';
  var resultFor = lookup.resultFor;
  var jsonScenarios = lookup.jsonScenarios;

  /**
   * The JSON part (issue 9): one entry per endpoint (JSON scenario, file order) with its reference and
   * its variants in the file's server order: { endpoints: [{ scenario, reference, servers: [id],
   * cells: [{ server, summary|null, runs: { ok, total } }] }], servers: [id] } (servers: every variant
   * of any endpoint), or null when the file has no JSON scenario.
   */
  function jsonTable(results) {
    var scenarios = jsonScenarios(results);
    if (scenarios.length === 0) return null;
    var all = [];
    var endpoints = scenarios.map(function (sc) {
      var ids = results.servers.filter(function (s) { return resultFor(sc, s.id); }).map(function (s) { return s.id; });
      ids.forEach(function (id) { if (all.indexOf(id) < 0) all.push(id); });
      return {
        scenario: sc,
        reference: sc.reference,
        servers: ids,
        cells: ids.map(function (id) {
          var r = resultFor(sc, id);
          var ok = r.runs.filter(function (run) { return run.status === 'ok'; }).length;
          return { server: id, summary: r.summary || null, runs: { ok: ok, total: r.runs.length } };
        }),
      };
    });
    // Variants in the file's server order.
    var servers = results.servers.map(function (s) { return s.id; }).filter(function (id) { return all.indexOf(id) >= 0; });
    return { endpoints: endpoints, servers: servers };
  }

  // A reader's own run (plugins/benchmark-own-run.js): reader = { theirs (their validated results), page
  // (what the published page says of its charts: the .bench-own-run element's data-page, plus the metric
  // names of its table), name(server id) and colorOf(server id) of their servers, label(text) }.

  /** Drogon and Go: the reader's requests per second of each JSON variant at the published endpoints, or null. */
  function readerBars(reader) {
    var jsonData = jsonTable(reader.theirs);
    if (!jsonData || !reader.page.json) return null;
    return jsonData.servers.map(function (id) {
      return {
        label: reader.name(id), color: reader.colorOf(id),
        values: reader.page.json.scenarios.map(function (scenarioId) {
          var endpoint = jsonData.endpoints.filter(function (e) { return e.scenario.id === scenarioId; })[0];
          var cell = endpoint ? endpoint.cells.filter(function (c) { return c.server === id; })[0] : null;
          return cell && cell.summary ? Math.round(cell.summary.requestsPerSecond.median) : null;
        }),
      };
    });
  }

  return {
    jsonTable: jsonTable,
    reader: { figure: 'bench-figure-json', series: readerBars },
  };
});
