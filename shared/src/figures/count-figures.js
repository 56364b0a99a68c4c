// The counted cases, read from a results JSON: user-space instructions per request (valgrind) and
// system calls per request by kind (strace), each case beside the timed scenario it stands for, and the
// user / kernel split of the server's CPU time there. Node and browser (see results-lookup.js).
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./results-lookup'));
  else {
    root.BenchmarkFigures = root.BenchmarkFigures || {};
    root.BenchmarkFigures.counts = factory(root.BenchmarkFigures.lookup);
  }
})(typeof self !== 'undefined' ? self : this, function (lookup) {
  'use strict';
  var find = lookup.find;
  var resultFor = lookup.resultFor;
  var jsonScenarios = lookup.jsonScenarios;
  var keyScenarios = lookup.keyScenarios;

  /**
   * Instructions per request: { cases: [case], servers: [id], perRequest: [[number|null] per server] }, or
   * null. json: false (default) for the hello-world cases, true for the JSON endpoints' cases (servers: "json").
   */
  function instructionBars(results, json) {
    var block = results.instructions;
    var cases = block && block.cases ? block.cases.filter(function (c) { return (c.servers === 'json') === (json === true); }) : [];
    if (cases.length === 0) return null;
    var servers = [];
    cases.forEach(function (c) {
      c.results.forEach(function (r) { if (servers.indexOf(r.server) < 0) servers.push(r.server); });
    });
    return {
      cases: cases,
      servers: servers,
      perRequest: servers.map(function (id) {
        return cases.map(function (c) {
          var r = find(c.results, function (x) { return x.server === id; });
          return r && typeof r.perRequest === 'number' ? r.perRequest : null;
        });
      }),
    };
  }

  // --- where the time goes (issue 16): system calls per request, the user / kernel split ----------

  /** The kind of a counted case: 'pipelined' (batches of more than one request), 'close' (a new connection per request) or 'keepalive'. */
  function countedCaseKind(c) {
    if ((c.pipelineDepth || 1) > 1) return 'pipelined';
    // (Before the lock-step client, the new-connection case was the one ab sent.)
    return c.newConnection === true || c.loadTool === 'ab' ? 'close' : 'keepalive';
  }

  /**
   * System calls per request by category: { categories: [id, ..., 'other'], cases: [{ case, kind, json,
   * rows: [{ server, byCategory, total, perRequest, spread, repeats, failureReason, clockDrivenPerSecond }] }] } in the file's
   * order (hello-world cases, then JSON), or null when the file has no system-call counts.
   */
  function syscallTable(results) {
    var block = results.syscalls;
    if (!block || !block.cases || block.cases.length === 0) return null;
    return {
      categories: block.categories.map(function (c) { return c.id; }).concat(['other']),
      cases: block.cases.map(function (c) {
        return {
          case: c, kind: countedCaseKind(c), json: c.servers === 'json',
          rows: c.results.map(function (r) {
            return { server: r.server, byCategory: r.byCategory, total: r.total, perRequest: r.perRequest, spread: r.spread,
              repeats: r.repeats.length, failureReason: r.failureReason || null, clockDrivenPerSecond: r.clockDrivenPerSecond || null };
          }),
        };
      }),
    };
  }

  /**
   * The timed scenario a counted case stands beside: for a JSON case the JSON scenario of the same id
   * (json-json, json-dbop-n10), for a hello-world case the file's first scenario of its kind (the key
   * scenario). null when the file has none.
   */
  function scenarioForCase(results, c) {
    if (c.servers === 'json') return find(jsonScenarios(results), function (sc) { return sc.id === c.id; });
    var kind = countedCaseKind(c);
    var key = find(keyScenarios(results), function (k) { return k.kind === kind; });
    return key ? key.scenario : null;
  }

  /** { user, kernel, share }: a server's CPU microseconds per request in user space and in the kernel (medians of the runs), or null when the file has no split. */
  function cpuSplit(scenario, serverId) {
    var r = scenario ? resultFor(scenario, serverId) : null;
    var s = r && r.summary;
    if (!s || typeof s.serverKernelShare !== 'number') return null;
    return { user: s.serverUserMicrosPerRequest, kernel: s.serverKernelMicrosPerRequest, share: s.serverKernelShare };
  }

  /** User-space instructions per request of a server in the instruction case of the same id, or null. */
  function instructionsFor(results, caseId, serverId) {
    var c = find(results.instructions && results.instructions.cases, function (x) { return x.id === caseId; });
    var r = c ? find(c.results, function (x) { return x.server === serverId; }) : null;
    return r && typeof r.perRequest === 'number' ? r.perRequest : null;
  }

  // A reader's own run (plugins/benchmark-own-run.js): reader = { theirs (their validated results), page
  // (what the published page says of its charts: the .bench-own-run element's data-page, plus the metric
  // names of its table), name(server id) and colorOf(server id) of their servers, label(text) }.

  /** The reader's instructions per request in the published hello-world cases, or null when either side has none. */
  function readerBars(reader) {
    var counts = instructionBars(reader.theirs);
    if (!counts || !reader.page.instructionCases) return null;
    return counts.servers.map(function (id, j) {
      return {
        label: reader.name(id), color: reader.colorOf(id),
        values: reader.page.instructionCases.map(function (caseId) {
          var i = counts.cases.findIndex(function (c) { return c.id === caseId; });
          return i < 0 || counts.perRequest[j][i] === null ? null : Math.round(counts.perRequest[j][i]);
        }),
      };
    });
  }

  return {
    instructionBars: instructionBars, countedCaseKind: countedCaseKind, syscallTable: syscallTable,
    scenarioForCase: scenarioForCase, cpuSplit: cpuSplit, instructionsFor: instructionsFor,
    reader: { figure: 'bench-figure-instructions', series: readerBars },
  };
});
