// The figures the Benchmarks pages show, read from a results JSON (bench/results.schema.json, format
// 1 or 2). One module for both sides: the generator (docs/src/benchmarks/, in node) builds the
// published page with it, and the charts plugin (in the browser) reads a reader's own results file
// with the same functions, so the reader's figures are computed exactly like the published ones.
// Pure functions of validated JSON; no DOM, no Markdown.
(function (root, factory) {
  'use strict';
  var api = factory();
  if (typeof module === 'object' && module.exports) module.exports = api;
  else root.BenchmarkFigures = api;
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  // The scenario kinds of the at-a-glance table, in reading order.
  var KEY_KINDS = ['pipelined', 'keepalive', 'close'];
  var METRICS = ['requestsPerSecond', 'requestsPerServerCpuSecond'];
  // Latency percentiles of a summary, with p: the x axis of a percentile curve is 1 / (1 - p).
  var PERCENTILES = [
    { key: 'p50', p: 0.5 }, { key: 'p75', p: 0.75 }, { key: 'p90', p: 0.9 }, { key: 'p99', p: 0.99 }, { key: 'p999', p: 0.999 },
  ];

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

  /**
   * Throws naming the field when ids repeat, a scenario lists a server twice, or a fixed-rate level
   * names a server outside its group: what a reference cannot say alone. Whether every reference
   * names a member of the file at all is the schema's "referenceTo" keyword (bench/results.schema.json),
   * checked by the validator before this runs. label: how the input is named ("results", "history[2]").
   */
  function checkReferences(results, label) {
    var unique = function (list, what, at) {
      var seen = {};
      list.forEach(function (item, i) {
        if (seen[item.id]) throw new Error(label + '/' + at + '/' + i + '/id: duplicate ' + what + ' id ' + JSON.stringify(item.id));
        seen[item.id] = true;
      });
    };
    unique(results.servers, 'server', 'servers');
    unique(results.scenarios, 'scenario', 'scenarios');
    results.scenarios.forEach(function (scenario, i) {
      var seen = {};
      scenario.results.forEach(function (result, j) {
        if (seen[result.server]) throw new Error(label + '/scenarios/' + i + '/results/' + j + '/server: server ' + JSON.stringify(result.server) + ' appears twice in this scenario');
        seen[result.server] = true;
      });
    });
    ((results.fixedRate && results.fixedRate.groups) || []).forEach(function (g, i) {
      g.levels.forEach(function (level, j) {
        level.results.forEach(function (r, k) {
          if (g.servers.indexOf(r.server) < 0) throw new Error(label + '/fixedRate/groups/' + i + '/levels/' + j + '/results/' + k + '/server: ' + JSON.stringify(r.server) + ' is not one of the group\'s servers');
        });
      });
    });
  }

  // --- schema errors (ajv's error objects) as lines that name the field --------------------------------

  function fieldOf(error, label) {
    var field = label + error.instancePath;
    if (error.keyword === 'required') field += '/' + error.params.missingProperty;
    if (error.keyword === 'additionalProperties') field += '/' + error.params.additionalProperty;
    return field;
  }

  function describeError(error, label) {
    var message = error.message;
    if (error.keyword === 'additionalProperties') message = 'is not in the schema';
    if (error.keyword === 'enum') message += ' (' + error.params.allowedValues.map(function (v) { return JSON.stringify(v); }).join(', ') + ')';
    if (error.keyword === 'const') message += ' (' + JSON.stringify(error.params.allowedValue) + ')';
    return fieldOf(error, label) + ': ' + message;
  }

  // A oneOf (ok run | failed run, null | summary) reports the errors of every branch. Keep the branch
  // that was meant: drop a run branch whose `status` constant did not match, the "must be null" branch,
  // and the generic "must match exactly one schema" / "if" lines, whenever something more specific remains.
  function specificErrors(all) {
    var statusMisses = all.filter(function (e) {
      return e.keyword === 'const' && /\/status$/.test(e.instancePath) && /\/oneOf\/\d+\//.test(e.schemaPath);
    }).map(function (e) {
      return { at: e.instancePath.slice(0, -'/status'.length), branch: e.schemaPath.match(/^.*\/oneOf\/\d+\//)[0] };
    });
    // When no branch's status matched (a bogus status), every branch stays: the status error is the point.
    var wrongBranches = statusMisses.filter(function (w) {
      return statusMisses.filter(function (o) { return o.at === w.at; }).length === 1;
    });
    var inWrongBranch = function (e) {
      return wrongBranches.some(function (w) {
        return (e.instancePath === w.at || e.instancePath.indexOf(w.at + '/') === 0) && e.schemaPath.indexOf(w.branch) === 0;
      });
    };
    var generic = function (e) { return e.keyword === 'oneOf' || e.keyword === 'if' || (e.keyword === 'type' && e.params.type === 'null'); };
    var kept = all.filter(function (e) { return !inWrongBranch(e) && !generic(e); });
    return kept.length > 0 ? kept : all;
  }

  /**
   * { field, lines } for ajv's errors: the most specific first (deepest field), each line naming its
   * field as label + JSON pointer, e.g. "results/environment/cpuModel: must be string". Unknown
   * references (the schema's referenceTo) come after the rest: a malformed id is the cause, and every
   * reference to it only follows from it.
   */
  function describeValidationErrors(errors, label) {
    var depth = function (e) { return fieldOf(e, '').split('/').length; };
    var reference = function (e) { return e.keyword === 'referenceTo' ? 1 : 0; };
    var sorted = specificErrors(errors).slice().sort(function (a, b) { return reference(a) - reference(b) || depth(b) - depth(a); });
    var lines = [];
    sorted.forEach(function (e) { var line = describeError(e, label); if (lines.indexOf(line) < 0) lines.push(line); });
    return { field: fieldOf(sorted[0], label), lines: lines };
  }

  return {
    KEY_KINDS: KEY_KINDS, METRICS: METRICS, PERCENTILES: PERCENTILES,
    scenarioKind: scenarioKind, keyScenarios: keyScenarios, resultFor: resultFor, comparedServers: comparedServers,
    isJsonScenario: isJsonScenario, isJsonServer: isJsonServer, helloScenarios: helloScenarios, jsonScenarios: jsonScenarios,
    jsonServers: jsonServers, jsonTable: jsonTable, serverColor: serverColor,
    mainPair: mainPair, ratioFor: ratioFor, hasIntervals: hasIntervals, paceOf: paceOf,
    serverSaturated: serverSaturated, clientSaturated: clientSaturated, quotedMetric: quotedMetric,
    latencyCurves: latencyCurves, sweepSeries: sweepSeries, instructionBars: instructionBars, latencyAgainstLoad: latencyAgainstLoad,
    countedCaseKind: countedCaseKind, syscallTable: syscallTable, scenarioForCase: scenarioForCase, cpuSplit: cpuSplit, instructionsFor: instructionsFor,
    checkReferences: checkReferences, describeValidationErrors: describeValidationErrors,
  };
});
