// Checks of a results JSON the schema cannot make, and ajv's schema errors as lines that name the field:
// the generator (docs/src/benchmarks/validate.js) and a reader's own run in the page
// (plugins/benchmark-own-run.js) refuse the same files with the same words. Node and browser.
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else {
    root.BenchmarkFigures = root.BenchmarkFigures || {};
    root.BenchmarkFigures.validation = factory();
  }
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';
  /**
   * Throws naming the field when ids repeat, a scenario lists a server twice, or a fixed-rate level
   * names a server outside its group: what a reference cannot say alone. Whether every reference
   * names a member of the file at all is the schema's "referenceTo" keyword (the results schema),
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
    checkReferences: checkReferences, describeValidationErrors: describeValidationErrors,
  };
});
