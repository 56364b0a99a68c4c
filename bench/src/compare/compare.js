// Compares two bench results (OLD, NEW): per scenario and server, did the median move beyond the
// run-to-run noise? Used by `npm run bench:compare` and by the bench workflow (job summary, PR body,
// written by report.js). Each kind of judgement is a module of its own (medians.js, paired-ratios.js,
// fixed-rate-latency.js, count-changes.js, server-exits.js, pooled.js; comparability.js: when runs and
// scenarios can be compared at all); this file runs them and gathers their findings, in this order.
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
//   - instructions per request (valgrind): deterministic where time is not. A change is a finding when both
//     runs have at least MIN_REPEATS repeats, it is at least INSTRUCTIONS_MIN_CHANGE, larger than the larger
//     repeat spread of the two runs, and the repeat ranges do not overlap, even when every throughput
//     figure is within noise.
//   - system calls per request (strace, issue 16): judged like the instruction counts, on the total per
//     request (SYSCALLS_MIN_CHANGE) and on each category (reads, writes, ...), where a move of at least
//     SYSCALL_CATEGORY_MIN_CHANGE calls per request beyond both runs' repeat ranges is a finding even when
//     the total hardly moves (one write per batch becoming one per response is the kind of change meant).
//   - server exits (issue 16, results.serverExits): every exit of the new run that the old run did not
//     have (same server, part and block) is listed and flagged; a crash is a regression in its own right.
//   - the pooled figures (issue 25, results.pooled of the new run; compare/pooled.js): where the new run
//     fell against the prediction interval of the earlier comparable runs. Outside is a finding; inside is
//     not. Where a comparison is pooled, its paired ratio and the req/s and efficiency medians of its
//     scenario are reported but not flagged: one old run's interval and two sessions' min-max do not
//     carry the variation between runs (the history showed one run's interval holding the next run's
//     figure in about 60 % of cases), the pooled interval does. The pooled rows are reported even when
//     the old run is not comparable (another fingerprint): they compare the new run with its own kind.
// Fixed-rate latency (issue 9, results.fixedRate) is judged like the medians: per group, level and server,
// the p99 of the held runs with the latency thresholds, at least MIN_OK_RUNS held runs on both sides, and
// rule 6. A level is compared only when its target rate moved by at most FIXED_RATE_TOLERANCE (latency
// at another load is another measurement); a level no longer held is listed, not flagged (the generator
// may be what fell short).
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
const { compareFixedRate } = require('../parts/fixed-rate/fixed-rate-latency');
const { INSTRUCTIONS_MIN_CHANGE, compareInstructions, compareSyscalls } = require('./count-changes');
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
    rule: { thresholds, minOkRuns, maxNoisyRowFraction, instructionsMinChange: options.instructionsMinChange ?? INSTRUCTIONS_MIN_CHANGE },
    comparable: true,
    environmentChanges: [],
    methodChanges: [],
    rows: [],
    ratioRows: [],
    instructionRows: [],
    syscallRows: [],
    serverExits: [],
    fixedRateRows: [],
    pooledRows: [],
    pooledNote: null,
    regressions: [],
    improvements: [],
  };
  const pooled = comparePooled(newResults);
  report.pooledRows = pooled.rows;
  report.pooledNote = pooled.note;
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
  // Paired ratios and instruction counts: their own evidence, flagged whatever the session noise says.
  for (const row of report.ratioRows) {
    const item = { kind: 'ratio', scenario: row.scenario, server: row.other, metric: row.metric, change: row.change };
    if (row.verdict === 'regression') report.regressions.push(item);
    if (row.verdict === 'improvement') report.improvements.push(item);
  }
  report.fixedRateRows = compareFixedRate(oldResults, newResults, { thresholds, minOkRuns, quiet });
  for (const row of report.fixedRateRows) {
    if (row.status !== 'compared') continue;
    const item = { kind: 'fixedRate', group: row.group, fraction: row.fraction, server: row.server, metric: 'fixedRateP99Us', change: row.metric.change };
    if (row.metric.verdict === 'regression') report.regressions.push(item);
    if (row.metric.verdict === 'improvement') report.improvements.push(item);
  }
  report.instructionRows = compareInstructions(oldResults, newResults, report.rule.instructionsMinChange);
  for (const row of report.instructionRows) {
    const item = { kind: 'instructions', case: row.case, server: row.server, metric: 'instructionsPerRequest', change: row.change ?? null };
    if (row.verdict === 'regression' || row.status === 'count-failed') report.regressions.push(item);
    if (row.verdict === 'improvement') report.improvements.push(item);
  }
  report.syscallRows = compareSyscalls(oldResults, newResults);
  for (const row of report.syscallRows) {
    const item = { kind: 'syscalls', case: row.case, server: row.server, metric: 'syscallsPerRequest', change: row.change ?? null };
    if (row.verdict === 'regression' || row.status === 'count-failed') report.regressions.push(item);
    if (row.verdict === 'improvement') report.improvements.push(item);
  }
  report.serverExits = newServerExits(oldResults, newResults);
  for (const exit of report.serverExits.filter((x) => x.new)) {
    report.regressions.push({ kind: 'serverExit', server: exit.server, part: exit.part, block: exit.block, metric: 'serverExit', change: null });
  }
  return report;
}

module.exports = { compareResults };
