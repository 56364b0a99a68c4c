// Which scenarios and servers a results JSON (the results schema, format 1 or 2) has, and how
// the Benchmarks pages find one result: the lookups every figure module builds on. Node and browser:
// the generator (docs/src/benchmarks/) and the page (plugins/benchmark-figures.js, docs/site/bundles.json)
// read a results file with the same functions, so a reader's own run is read exactly like the published
// one. Pure functions of validated JSON; no DOM, no Markdown.
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else {
    root.BenchmarkFigures = root.BenchmarkFigures || {};
    root.BenchmarkFigures.lookup = factory();
  }
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';
  // The scenario kinds of the at-a-glance table, in reading order.
  var KEY_KINDS = ['pipelined', 'keepalive', 'close'];

  function find(list, test) {
    for (var i = 0; i < (list || []).length; i++) if (test(list[i])) return list[i];
    return null;
  }

  /** 'pipelined' (more than one request per write), 'keepalive' or 'close'. */
  function scenarioKind(scenario) {
    if ((scenario.pipelineDepth || 1) > 1) return 'pipelined';
    return scenario.keepAlive ? 'keepalive' : 'close';
  }

  /** Whether a scenario is one of the JSON application's (issue 9: kind "json"); hello-world scenarios have no kind. */
  function isJsonScenario(scenario) { return scenario.kind === 'json'; }

  /** Whether a server is one of the JSON application's variants (they name their framework). */
  function isJsonServer(server) { return server.framework !== undefined; }

  /** The hello-world scenarios, in the file's order. */
  function helloScenarios(results) {
    return results.scenarios.filter(function (sc) { return !isJsonScenario(sc); });
  }

  /** The JSON scenarios (one per endpoint), in the file's order. */
  function jsonScenarios(results) {
    return results.scenarios.filter(isJsonScenario);
  }

  /** [{ kind, scenario }]: the first hello-world scenario of each key kind, in KEY_KINDS order (kinds the file lacks are left out). */
  function keyScenarios(results) {
    var out = [];
    var hello = helloScenarios(results);
    KEY_KINDS.forEach(function (kind) {
      var scenario = find(hello, function (sc) { return scenarioKind(sc) === kind; });
      if (scenario) out.push({ kind: kind, scenario: scenario });
    });
    return out;
  }

  function resultFor(scenario, serverId) {
    return find(scenario.results, function (r) { return r.server === serverId; });
  }

  /** { ok, failed, total }: the runs of one result (null: none). */
  function runCounts(result) {
    var ok = result ? result.runs.filter(function (r) { return r.status === 'ok'; }).length : 0;
    var failed = result ? result.runs.length - ok : 0;
    return { ok: ok, failed: failed, total: ok + failed };
  }

  /** The hello-world servers compared (not baselines, not JSON variants), in the file's order. */
  function comparedServers(results) {
    return results.servers.filter(function (s) { return s.baseline !== true && !isJsonServer(s); });
  }

  /**
   * A server's colour slot in the charts: its position among the hello-world servers, or among the JSON
   * variants (a chart, or a chart's selected group, shows one kind only, so each kind starts at the first colour).
   */
  function serverColor(results, id) {
    var server = find(results.servers, function (s) { return s.id === id; });
    if (!server) return 0;
    return results.servers.filter(function (s) { return isJsonServer(s) === isJsonServer(server); }).indexOf(server);
  }

  /** The JSON variants, in the file's order. */
  function jsonServers(results) {
    return results.servers.filter(isJsonServer);
  }

  /**
   * The pair the page compares: { reference, other } server ids. The reference is the one the bench's
   * comparisons of the hello-world scenarios name (format 2), else the first compared server; the other
   * is the next compared one. null when fewer than two servers are compared.
   */
  function mainPair(results) {
    var compared = comparedServers(results).map(function (s) { return s.id; });
    var named = null;
    helloScenarios(results).forEach(function (sc) { (sc.comparisons || []).forEach(function (c) { if (!named) named = c.reference; }); });
    var reference = named && compared.indexOf(named) >= 0 ? named : compared[0];
    var other = find(compared, function (id) { return id !== reference; });
    return reference && other ? { reference: reference, other: other } : null;
  }


  /** A reader's scenario matching a published one ({ id, keepAlive, pipelineDepth }): the same id, else the first of the same kind. */
  function matchingScenario(theirs, published) {
    var same = theirs.scenarios.filter(function (sc) { return sc.id === published.id; })[0];
    if (same) return same;
    var kind = scenarioKind(published);
    return theirs.scenarios.filter(function (sc) { return scenarioKind(sc) === kind; })[0] || null;
  }

  return {
    KEY_KINDS: KEY_KINDS, find: find, scenarioKind: scenarioKind, keyScenarios: keyScenarios, resultFor: resultFor, runCounts: runCounts,
    comparedServers: comparedServers, isJsonScenario: isJsonScenario, isJsonServer: isJsonServer, helloScenarios: helloScenarios,
    jsonScenarios: jsonScenarios, jsonServers: jsonServers, serverColor: serverColor, mainPair: mainPair, matchingScenario: matchingScenario,
  };
});
