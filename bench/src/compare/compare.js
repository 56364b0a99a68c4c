// Compares two bench results (OLD, NEW): per scenario and server, did the median move beyond the
// run-to-run noise? Used by `npm run bench:compare` and by the bench workflow (job summary, PR body,
// written by report.js). Each kind of judgement is a module of its own: here those of every scenario of
// results.scenarios, whatever part ran it (medians.js, paired-ratios.js, pooled.js), and of the run as a
// whole (server-exits.js; comparability.js: when runs and scenarios can be compared at all); each part of
// the bench that is judged on its own declares its judgement (parts/part.js: compare; the list:
// parts/part-list.js). This file runs them and gathers their findings: the pooled figures, the medians
// and paired ratios, each part's judgement in the list's order, the server exits.
//
// When is a change flagged? Only when ALL of these hold for a metric (see judgeMetric):
//   1. both runs have at least MIN_OK_RUNS successful repetitions (with two, min and max are all there is);
//   2. neither run is too noisy to judge: spread = (max - min) / median at most the metric's maxSpread;
//   3. the change of the medians is at least the metric's minChange (THRESHOLDS);
//   4. the change is larger than the noise: max(spread OLD, spread NEW);
//   5. the [min, max] ranges of the two runs do not overlap.
//   6. neither run as a whole was noisy: at most MAX_NOISY_ROW_FRACTION of its scenario x server rows
//      have a req/s spread above the limit (a busy machine shifts the tight-looking rows too).
// Otherwise a metric is "within noise", "too noisy to judge" or "not judged" (too few runs), never flagged.
//
// Results of schemaVersion 2 carry two more kinds of evidence, judged on their own terms:
//   - paired ratios (scenario.comparisons): Drogon / other per round, with a 95 % bootstrap interval. Pairing
//     within a run cancels most of the machine's drift, and the interval already says how noisy the run
//     was, so a ratio is flagged when both runs have at least MIN_PAIRS pairs, the old and the new interval
//     do not overlap, and the ratio moved by at least the req/s minChange (rule 6 does not apply). Why
//     MIN_PAIRS: two quick runs of the same code, 2 pairs each, had 4 of 12 ratios with disjoint intervals
//     (with 2 pairs the interval is just their min-max, far too narrow), and two back-to-back runs with
//     3 pairs each still flagged 5 ratios: a percentile bootstrap of 3 values is too narrow too. The
//     default profile runs at least 5 rounds per scenario.
//   - the counts of the counted parts (instruction and system-call counts per request): deterministic where
//     time is not, judged by their repeats (judge/count-judgement.js and each part's judgement), even when
//     every throughput figure is within noise.
//   - server exits (issue 16, results.serverExits): every exit of the new run that the old run did not
//     have (same server, part and block) is listed and flagged; a crash is a regression in its own right.
//   - the pooled figures (issue 25, results.pooled of the new run; compare/pooled.js): where the new run
//     fell against the prediction interval of the earlier comparable runs. Outside is a finding; inside is
//     not. Where a comparison is pooled, its paired ratio and the req/s and efficiency medians of its
//     scenario are reported but not flagged: one old run's interval and two sessions' min-max do not
//     carry the variation between runs (the history showed one run's interval holding the next run's
//     figure in about 60 % of cases), the pooled interval does. The pooled rows are reported even when
//     the old run is not comparable (another fingerprint): they compare the new run with its own kind.
// The latency of the fixed-rate levels (issue 9) is judged like the medians, with rules 1-6 (its part's
// judgement says how a level is matched).
// Why 1, 2 and 6: back-to-back quick runs of the same code on the busy shared 2-core machine differed by up
// to 63 % with req/s spreads of 2-138 %, and the one row that looked tight in both (10 %) still moved by
// 54 %: a noisy session's own min-max says little about the next session. A comparison needs the same environment fingerprint and the same measurement method
// (METHOD_FIELDS); otherwise the report lists what changed and flags nothing, so an environment change is
// never read as a regression.
'use strict';
const { THRESHOLDS, MIN_OK_RUNS } = require('../judge/metric-judgement');
const { MAX_NOISY_ROW_FRACTION, noisyRows, compareMedians } = require('./medians');
const { environmentDifferences, methodDifferences } = require('./comparability');
const { MIN_PAIRS, compareAllRatios } = require('./paired-ratios');
const { judgements } = require('../parts/part-list');
const { newServerExits } = require('./server-exits');
const { comparePooled } = require('./pooled');

function describeRun(results) {
  const env = results.environment;
  return { gitCommit: env.gitCommit, date: env.date, profile: results.profile, startedAt: results.startedAt,
    fingerprint: env.fingerprint, repetitions: results.method.repetitions };
}

function compareResults(oldResults, newResults, options = {}) {
  const thresholds = { ...THRESHOLDS, ...(options.thresholds || {}) };
  const minOkRuns = options.minOkRuns ?? MIN_OK_RUNS;
  const maxNoisyRowFraction = options.maxNoisyRowFraction ?? MAX_NOISY_ROW_FRACTION;
  const noisyOld = noisyRows(oldResults, thresholds.requestsPerSecond.maxSpread);
  const noisyNew = noisyRows(newResults, thresholds.requestsPerSecond.maxSpread);
  const noisySession = (n) => n.rows > 0 && n.noisy / n.rows > maxNoisyRowFraction;
  const report = {
    old: { ...describeRun(oldResults), ...noisyOld, quiet: !noisySession(noisyOld) },
    new: { ...describeRun(newResults), ...noisyNew, quiet: !noisySession(noisyNew) },
    rule: { thresholds, minOkRuns, maxNoisyRowFraction, ...Object.assign({}, ...judgements().map((j) => j.ruleFields(options))) },
    comparable: true,
    environmentChanges: [],
    methodChanges: [],
    rows: [],
    ratioRows: [],
    // Each judged part's rows (parts/part.js: compare.rows), in the list's order.
    ...Object.fromEntries(judgements().map((j) => [j.rows, []])),
    serverExits: [],
    pooledRows: [],
    pooledNote: null,
    pooledBasis: null,
    regressions: [],
    improvements: [],
  };
  const pooled = comparePooled(newResults);
  report.pooledRows = pooled.rows;
  report.pooledNote = pooled.note;
  report.pooledBasis = pooled.basis;
  for (const row of pooled.rows) {
    const item = { kind: 'pooled', scenario: row.scenario, server: row.other, metric: row.metric, change: null };
    if (row.verdict === 'regression') report.regressions.push(item);
    if (row.verdict === 'improvement') report.improvements.push(item);
  }

  const envDiffs = oldResults.environment.fingerprint === newResults.environment.fingerprint
    ? [] : environmentDifferences(oldResults.environment, newResults.environment);
  const methodDiffs = methodDifferences(oldResults.method, newResults.method);
  if (envDiffs.length > 0 || methodDiffs.length > 0) {
    report.comparable = false;
    report.environmentChanges = envDiffs;
    report.methodChanges = methodDiffs;
    return report;
  }

  const quiet = report.old.quiet && report.new.quiet;
  const medians = compareMedians(oldResults, newResults, { thresholds, minOkRuns, quiet });
  report.rows = medians.rows;
  report.regressions.push(...medians.regressions);
  report.improvements.push(...medians.improvements);
  report.ratioRows = compareAllRatios(oldResults, newResults, { minPairs: MIN_PAIRS, minChange: thresholds.requestsPerSecond.minChange });
  // Pooled comparisons judge their scenarios' ratios and req/s and efficiency medians (see the top).
  const pooledKey = (scenario, metric, other) => `${scenario}|${metric}|${other}`;
  const pooledKeys = new Set(report.pooledRows.map((r) => pooledKey(r.scenario, r.metric, r.other)));
  const pooledScenarios = new Set(report.pooledRows.map((r) => r.scenario));
  for (const row of report.ratioRows) {
    if (pooledKeys.has(pooledKey(row.scenario, row.metric, row.other))) row.verdict = 'judged-by-pooled';
  }
  const byPooled = (item) => !item.kind && pooledScenarios.has(item.scenario) && ['requestsPerSecond', 'requestsPerServerCpuSecond'].includes(item.metric);
  for (const row of report.rows.filter((r) => pooledScenarios.has(r.scenario))) {
    for (const key of ['requestsPerSecond', 'requestsPerServerCpuSecond']) {
      const m = row.metrics[key];
      if (m && (m.verdict === 'regression' || m.verdict === 'improvement')) row.metrics[key] = { ...m, verdict: 'judged-by-pooled' };
    }
  }
  report.regressions = report.regressions.filter((x) => !byPooled(x));
  report.improvements = report.improvements.filter((x) => !byPooled(x));
  // Paired ratios: their own evidence, flagged whatever the session noise says.
  for (const row of report.ratioRows) {
    const item = { kind: 'ratio', scenario: row.scenario, server: row.other, metric: row.metric, change: row.change };
    if (row.verdict === 'regression') report.regressions.push(item);
    if (row.verdict === 'improvement') report.improvements.push(item);
  }
  // Each judged part: its rows and what they flag.
  for (const judgement of judgements()) {
    report[judgement.rows] = judgement.judge(oldResults, newResults, { thresholds, minOkRuns, quiet, rule: report.rule });
    for (const { verdict, item } of judgement.findings(report[judgement.rows])) {
      if (verdict === 'regression') report.regressions.push(item);
      if (verdict === 'improvement') report.improvements.push(item);
    }
  }
  report.serverExits = newServerExits(oldResults, newResults);
  for (const exit of report.serverExits.filter((x) => x.new)) {
    report.regressions.push({ kind: 'serverExit', server: exit.server, part: exit.part, block: exit.block, metric: 'serverExit', change: null });
  }
  return report;
}

module.exports = { compareResults };
