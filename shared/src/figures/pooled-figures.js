// The ratios the Benchmarks pages show, pooled over comparable runs (issue 25): a results file written
// by a complete default run carries `pooled` (bench/src/pool/), one entry per comparison measured by at
// least pooled.minRuns runs of the same hardware class (issue 33; from any machine) and the same measured quantity. Where
// an entry exists, the page shows its random-effects estimate and its prediction interval for a new run,
// with this run's own figure beside it; elsewhere (fewer runs, a partial run, a reader's file) the run's
// own interval, and the page says it is one run. Node and browser, like every module of
// shared/src/figures/ (see results-lookup.js); the page's own-run plugin does not load it (a reader's
// file is one run).
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./results-lookup'), require('./verdict-figures'));
  else {
    root.BenchmarkFigures = root.BenchmarkFigures || {};
    root.BenchmarkFigures.pooled = factory(root.BenchmarkFigures.lookup, root.BenchmarkFigures.verdicts);
  }
})(typeof self !== 'undefined' ? self : this, function (lookup, verdicts) {
  'use strict';
  var find = lookup.find;
  // A comparison is pooled from at least this many comparable runs, the newest included (issue 25);
  // bench/src/pool/pool-runs.js pools with it, and a page without pooled figures quotes it.
  var MIN_RUNS = 3;

  /** The pooled entry of one comparison (results.pooled.comparisons[]), or null. */
  function pooledEntry(results, scenarioId, metric, pair) {
    var pooled = results.pooled;
    if (!pooled) return null;
    return find(pooled.comparisons, function (c) {
      return c.scenario === scenarioId && c.metric === metric && c.reference === pair.reference && c.other === pair.other;
    });
  }

  /** The distinct dates of runs, in their order. */
  function distinctDates(runs) {
    var dates = [];
    runs.forEach(function (run) { if (dates.indexOf(run.date) < 0) dates.push(run.date); });
    return dates;
  }

  /** The runs pooled in one entry, oldest first: [{ source, date, startedAt, gitCommit, sha256? }]. */
  function runsOf(results, entry) {
    return entry.runs.map(function (i) { return results.pooled.runs[i]; });
  }

  /**
   * The ratio a page shows for one scenario, metric and pair, in the shape of verdicts.ratioFor
   * ({ ratio, ciLow, ciHigh, verdict, reason, pairs, hasCi, fromMedians }) plus `pooled`:
   *   null: the run's own figure (no pooled entry);
   *   { runs: number of runs, dates: their dates (distinct, oldest first), own: the run's own ratioFor
   *     answer (or null), unusual: the run's own ratio lies outside the pooled interval }.
   * With a pooled entry, ratio / ciLow / ciHigh / verdict are the pooled estimate, its prediction
   * interval and the verdict from that interval.
   */
  function shownRatio(results, scenario, metric, pair) {
    var own = verdicts.ratioFor(scenario, metric, pair);
    var entry = pooledEntry(results, scenario.id, metric, pair);
    if (!entry) return own ? Object.assign({ pooled: null }, own) : null;
    var dates = distinctDates(runsOf(results, entry));
    var ownRatio = entry.newest.ratio;
    return {
      ratio: entry.ratio, ciLow: entry.low, ciHigh: entry.high, verdict: entry.verdict, reason: null,
      pairs: own ? own.pairs : null, hasCi: true, fromMedians: false,
      pooled: { runs: entry.runs.length, dates: dates, own: own, unusual: ownRatio < entry.low || ownRatio > entry.high },
    };
  }

  /**
   * What the file's figures rest on: { pooled: whether any comparison is pooled, runs: the pooled runs
   * (oldest first), dates: their distinct dates, excluded: [{ file, reason }] }. runs is [] and pooled
   * false for a file without a pooled section (a partial run, an older format, a reader's file).
   */
  function poolSummary(results) {
    var pooled = results.pooled;
    if (!pooled) return { pooled: false, runs: [], dates: [], excluded: [], machines: [], scope: null, degreesOfFreedom: null, otherClasses: [] };
    // Issue 33: the machines the runs come from (a file pooled before then names none: [] and scope null).
    var machines = pooled.machines || [];
    var dfs = pooled.comparisons.map(function (c) { return c.degreesOfFreedom; }).filter(function (d) { return typeof d === 'number'; });
    return {
      pooled: pooled.comparisons.length > 0, runs: pooled.runs, dates: distinctDates(pooled.runs), excluded: pooled.excluded,
      machines: machines, scope: machines.length ? (machines.length >= 2 ? 'new-machine' : 'this-machine') : null,
      degreesOfFreedom: dfs.length ? Math.min.apply(null, dfs) : null,
      otherClasses: pooled.otherClasses || [],
    };
  }

  /** An other class's pooled headline for one scenario, metric and pair (pooled.otherClasses[].comparisons[]), or null. */
  function otherClassEntry(otherClass, scenarioId, metric, pair) {
    return find(otherClass.comparisons, function (c) {
      return c.scenario === scenarioId && c.metric === metric && c.reference === pair.reference && c.other === pair.other;
    });
  }

  return { MIN_RUNS: MIN_RUNS, pooledEntry: pooledEntry, runsOf: runsOf, shownRatio: shownRatio, poolSummary: poolSummary, otherClassEntry: otherClassEntry };
});
