// Compares two bench results (OLD, NEW): per scenario and server, did the median move beyond the
// run-to-run noise? Used by `npm run bench:compare` and by the bench workflow (job summary, PR body,
// written by report.js).
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
const { environmentChanges, ENVIRONMENT_FIELDS } = require('../../../shared/src/environment-changes');
const { callsByCategory } = require('../summarize/counts');
const { comparePooled } = require('./pooled');

// minChange: smallest relative change of the median that can be flagged, whatever the spread says.
//   req/s and efficiency: the bench's target is a spread under 5 % on a quiet machine, so below 5 % is noise.
//   Latency tails (p99) wander more from run to run: 10 %.
// maxSpread: above this spread a run is too noisy to judge (the runner already warns above 5 % for req/s);
//   twice the quiet-machine target for req/s and efficiency, more for the p99 tail.
const THRESHOLDS = Object.freeze({
  requestsPerSecond: Object.freeze({ minChange: 0.05, maxSpread: 0.10 }),
  latencyP99Us: Object.freeze({ minChange: 0.10, maxSpread: 0.25 }),
  requestsPerServerCpuSecond: Object.freeze({ minChange: 0.05, maxSpread: 0.10 }),
});
const MIN_OK_RUNS = 3;
// Instruction counts repeat within 1 % (the benchmark expectation) and usually far closer; a change below
// half a percent is not worth a reader's attention even when the repeats are tighter than that.
const INSTRUCTIONS_MIN_CHANGE = 0.005;
const MIN_PAIRS = 5;
const MIN_REPEATS = 2;
// System calls per request are exact counts for a server whose work per request does not depend on time
// (Drogon, nginx: 3.000 per keep-alive request); what moves them by chance is work done per second (a
// timer, a runtime's monitor thread), about 1 % here.
const SYSCALLS_MIN_CHANGE = 0.02;
const SYSCALL_CATEGORY_MIN_CHANGE = 0.05;
// A run with more than this fraction of rows above the req/s maxSpread was measured on a busy machine.
const MAX_NOISY_ROW_FRACTION = 0.25;

// Metrics judged per scenario x server; higherIsBetter decides whether a rise is an improvement.
const METRICS = Object.freeze([
  { key: 'requestsPerSecond', label: 'req/s', higherIsBetter: true },
  { key: 'latencyP99Us', label: 'latency p99 (µs)', higherIsBetter: false },
  { key: 'requestsPerServerCpuSecond', label: 'requests per server CPU-second', higherIsBetter: true },
]);

// The environment fields the fingerprint stands for (schema: CPU model, core count, kernel, compiler,
// server and load-generator versions), listed when fingerprints differ. memoryBytes and os are shown too:
// they explain a changed machine even though they are not part of the fingerprint.
// Measurement settings that must match, or the medians measure different things.
const METHOD_FIELDS = Object.freeze(['address', 'durationSeconds', 'serverThreads', 'loadGeneratorThreads', 'serverCpus', 'clientCpus']);
// Scenario settings that must match for a scenario to be compared (v1 files: pipelineDepth 1, the
// profile's durationSeconds; JSON scenarios: their path, the body file is in the command line).
const SCENARIO_FIELDS = Object.freeze(['connections', 'keepAlive', 'tool', 'commandLine', 'pipelineDepth', 'durationSeconds', 'path']);
// Fixed-rate groups must match in these to be compared; a level's target rate within this tolerance.
const FIXED_RATE_GROUP_FIELDS = Object.freeze(['method', 'path', 'bodyFile', 'commandLine']);
const FIXED_RATE_TOLERANCE = 0.1;
const scenarioField = (results, scenario, field) => {
  if (field === 'pipelineDepth') return scenario.pipelineDepth ?? 1;
  if (field === 'durationSeconds') return scenario.durationSeconds ?? results.method.durationSeconds;
  return scenario[field];
};
// Settings of a counted case (instructions, system calls) that must match for its counts to compare:
// N, the batch, the client and its pace.
const COUNTED_CASE_FIELDS = Object.freeze(['requests', 'connections', 'pipelineDepth', 'loadTool', 'loadCommand']);

// { median, min, max, okRuns } of one metric for one scenario x server result, or null without ok runs.
// Medians come from the summary (the figures the pages show); p99's min/max come from the ok runs,
// since the summary keeps only its median.
function metricFigures(serverResult, key) {
  const s = serverResult.summary;
  if (!s) return null;
  if (key === 'latencyP99Us') {
    if (!s.latencyUs) return null; // not measured (pipelined)
    const p99s = serverResult.runs.filter((r) => r.status === 'ok').map((r) => r.latencyUs.p99);
    if (p99s.length === 0) return null;
    return { median: s.latencyUs.p99, min: Math.min(...p99s), max: Math.max(...p99s), okRuns: s.okRuns };
  }
  const { min, median: med, max } = s[key];
  return { median: med, min, max, okRuns: s.okRuns };
}

const spreadOf = (f) => (f.median > 0 ? (f.max - f.min) / f.median : (f.max > f.min ? Infinity : 0));

// Judges one metric (rule in the header comment). Returns the figures, the change and a verdict:
// 'regression' | 'improvement' | 'within-noise' | 'too-noisy' | 'insufficient-runs'.
function judgeMetric(oldF, newF, { higherIsBetter, minChange, maxSpread = Infinity }, minOkRuns = MIN_OK_RUNS) {
  const change = oldF.median > 0 ? (newF.median - oldF.median) / oldF.median
    : (newF.median === 0 ? 0 : Infinity);
  const noise = Math.max(spreadOf(oldF), spreadOf(newF));
  const base = { old: oldF, new: newF, change, noise, minChange, maxSpread };
  if (oldF.okRuns < minOkRuns || newF.okRuns < minOkRuns) return { ...base, verdict: 'insufficient-runs' };
  if (noise > maxSpread) return { ...base, verdict: 'too-noisy' };
  const rangesOverlap = newF.min <= oldF.max && oldF.min <= newF.max;
  const beyondNoise = Math.abs(change) >= minChange && Math.abs(change) > noise && !rangesOverlap;
  if (!beyondNoise) return { ...base, verdict: 'within-noise' };
  const better = higherIsBetter ? change > 0 : change < 0;
  return { ...base, verdict: better ? 'improvement' : 'regression' };
}

function environmentDifferences(oldEnv, newEnv) {
  const diffs = environmentChanges(oldEnv, newEnv).map(({ field, from, to }) => ({ field, old: from, new: to }));
  // Listed last, and alone when the fingerprint changed through nothing the schema exposes.
  if (oldEnv.fingerprint !== newEnv.fingerprint) {
    diffs.push({ field: 'fingerprint', old: oldEnv.fingerprint, new: newEnv.fingerprint });
  }
  return diffs;
}

// v1 files measured each server's runs back to back; v2 interleaves them in shuffled rounds.
const roundsOrder = (method) => (method.rounds ? method.rounds.order : 'back-to-back');

function methodDifferences(oldMethod, newMethod) {
  const diffs = METHOD_FIELDS.filter((f) => oldMethod[f] !== newMethod[f])
    .map((f) => ({ field: `method.${f}`, old: oldMethod[f], new: newMethod[f] }));
  if (roundsOrder(oldMethod) !== roundsOrder(newMethod)) {
    diffs.push({ field: 'method.rounds.order', old: roundsOrder(oldMethod), new: roundsOrder(newMethod) });
  }
  return diffs;
}

// Paired ratio of a scenario, old -> new (rule in the header comment).
function judgeRatio(oldC, newC, { minPairs = MIN_PAIRS, minChange = THRESHOLDS.requestsPerSecond.minChange } = {}) {
  const base = { old: oldC, new: newC, change: oldC.ratio > 0 && newC.ratio > 0 ? newC.ratio / oldC.ratio - 1 : null, minChange };
  if (oldC.ciLow === null || newC.ciLow === null || oldC.pairs < minPairs || newC.pairs < minPairs) return { ...base, verdict: 'insufficient-runs' };
  if (Math.abs(base.change) < minChange) return { ...base, verdict: 'within-noise' };
  if (newC.ciLow > oldC.ciHigh) return { ...base, verdict: 'improvement' };
  if (newC.ciHigh < oldC.ciLow) return { ...base, verdict: 'regression' };
  return { ...base, verdict: 'within-noise' };
}

// One counted server's repeats of `field` (perRequest, total): its median, spread and range.
function countFigures(r, field) {
  const values = r.repeats.map((x) => x[field]);
  return { median: r[field], spread: r.spread, repeats: values.length, min: Math.min(...values), max: Math.max(...values) };
}

// A count old -> new: its change, the noise (the larger spread), and whether it moved: by minChange
// or more, beyond the noise, and with the repeats' ranges apart.
function countChange(oldF, newF, minChange) {
  const change = (newF.median - oldF.median) / oldF.median;
  const noise = Math.max(oldF.spread, newF.spread);
  const overlap = newF.min <= oldF.max && oldF.min <= newF.max;
  return { change, noise, moved: Math.abs(change) >= minChange && Math.abs(change) > noise && !overlap };
}

// Instructions per request of one case x server, old -> new (more instructions = regression).
function judgeInstructions(oldR, newR, minChange = INSTRUCTIONS_MIN_CHANGE) {
  const oldF = countFigures(oldR, 'perRequest');
  const newF = countFigures(newR, 'perRequest');
  const { change, noise, moved } = countChange(oldF, newF, minChange);
  const base = { old: oldF, new: newF, change, noise, minChange };
  if (oldF.repeats < MIN_REPEATS || newF.repeats < MIN_REPEATS) return { ...base, verdict: 'insufficient-runs' };
  if (!moved) return { ...base, verdict: 'within-noise' };
  return { ...base, verdict: change > 0 ? 'regression' : 'improvement' };
}

// System calls per request of one case x server, old -> new: the total, and each category that moved.
function judgeSyscalls(oldR, newR, { minChange = SYSCALLS_MIN_CHANGE, categoryMinChange = SYSCALL_CATEGORY_MIN_CHANGE } = {}) {
  const oldF = countFigures(oldR, 'total');
  const newF = countFigures(newR, 'total');
  const { change, noise, moved: totalMoved } = countChange(oldF, newF, minChange);
  const base = { old: oldF, new: newF, change, noise, minChange, categories: [] };
  if (oldF.repeats < MIN_REPEATS || newF.repeats < MIN_REPEATS) return { ...base, verdict: 'insufficient-runs' };
  // A category: the repeats' sums of its calls (byCategory medians; the repeats give the range).
  const categoryRange = (r, id) => {
    const sums = r.repeats.map((x) => x.byCategory?.[id]).filter((v) => typeof v === 'number');
    return sums.length ? { min: Math.min(...sums), max: Math.max(...sums) } : { min: r.byCategory[id], max: r.byCategory[id] };
  };
  const ids = [...new Set([...Object.keys(oldR.byCategory || {}), ...Object.keys(newR.byCategory || {})])];
  for (const id of ids) {
    const before = oldR.byCategory?.[id] ?? 0;
    const after = newR.byCategory?.[id] ?? 0;
    const a = categoryRange(oldR, id);
    const b = categoryRange(newR, id);
    const overlap = b.min <= a.max && a.min <= b.max;
    if (Math.abs(after - before) >= categoryMinChange && !overlap) base.categories.push({ category: id, old: before, new: after });
  }
  if (!totalMoved && base.categories.length === 0) return { ...base, verdict: 'within-noise' };
  const up = totalMoved ? change > 0 : base.categories.reduce((sum, c) => sum + c.new - c.old, 0) > 0;
  return { ...base, verdict: up ? 'regression' : 'improvement' };
}

// The counts of one counted block (instructions, syscalls) case by case and server by server, old ->
// new: compared with judge(oldR, newR) where both were counted with the same case settings
// (blockChanges: settings of the whole block that differ, which change every case).
function compareCounts(block, field, oldResults, newResults, judge, blockChanges = []) {
  const casesOf = (results) => (results[block] ? results[block].cases : []);
  const rows = [];
  const oldCases = new Map(casesOf(oldResults).map((c) => [c.id, c]));
  for (const newCase of casesOf(newResults)) {
    const oldCase = oldCases.get(newCase.id);
    for (const newR of newCase.results) {
      const row = { case: newCase.id, server: newR.server };
      const oldR = oldCase && oldCase.results.find((r) => r.server === newR.server);
      const changed = oldCase ? [...blockChanges, ...COUNTED_CASE_FIELDS.filter((f) => oldCase[f] !== newCase[f])] : [];
      if (!oldR) rows.push({ ...row, status: 'new' });
      else if (changed.length) rows.push({ ...row, status: 'case-changed', changedFields: changed });
      else if (newR[field] === null) rows.push({ ...row, status: oldR[field] === null ? 'no-count' : 'count-failed' });
      else if (oldR[field] === null) rows.push({ ...row, status: 'no-count-before' });
      else rows.push({ ...row, status: 'compared', ...judge(oldR, newR) });
    }
  }
  return rows;
}

// Calls counted per second instead of per request (syscalls.clockDriven; none in older results)
// change every total they are left out of: then no case is compared.
function compareSyscalls(oldResults, newResults) {
  const clockDriven = (results) => JSON.stringify([...(results.syscalls?.clockDriven || [])].sort());
  const blockChanges = clockDriven(oldResults) === clockDriven(newResults) ? [] : ['clockDriven'];
  return compareCounts('syscalls', 'total', oldResults, newResults,
    (oldR, newR) => judgeSyscalls(withCategories(oldR, oldResults), withCategories(newR, newResults)), blockChanges);
}

// The repeats' category sums (results keep them by name per repeat; the categories are the run's own).
function withCategories(result, results) {
  const { categories } = results.syscalls;
  return { ...result, repeats: result.repeats.map((r) => ({ ...r, byCategory: callsByCategory(r.perRequest, categories) })) };
}

// Exits of the new run that the old run did not have at the same place (server, part, block).
function newServerExits(oldResults, newResults) {
  const key = (x) => `${x.server}|${x.part}|${x.block}`;
  const before = new Set((oldResults.serverExits || []).map(key));
  return (newResults.serverExits || []).map((x) => ({ ...x, new: !before.has(key(x)) }));
}

function compareRatios(oldScenario, newScenario, options) {
  const rows = [];
  for (const newC of newScenario.comparisons || []) {
    const oldC = (oldScenario.comparisons || []).find((c) => c.metric === newC.metric && c.other === newC.other && c.reference === newC.reference);
    if (!oldC) continue;
    rows.push({ scenario: newScenario.id, metric: newC.metric, reference: newC.reference, other: newC.other, ...judgeRatio(oldC, newC, options) });
  }
  return rows;
}

function compareInstructions(oldResults, newResults, minChange) {
  return compareCounts('instructions', 'perRequest', oldResults, newResults, (oldR, newR) => judgeInstructions(oldR, newR, minChange));
}

// p99 of the held runs of one server at one level: { median, min, max, okRuns = held runs }, or null.
function fixedRateFigures(levelResult) {
  const held = levelResult.runs.filter((r) => r.status === 'ok' && r.held && r.latencyUs.p99 !== null);
  if (held.length === 0 || !levelResult.summary.latencyUs) return null;
  const p99s = held.map((r) => r.latencyUs.p99);
  return { median: levelResult.summary.latencyUs.p99, min: Math.min(...p99s), max: Math.max(...p99s), okRuns: held.length };
}

// Rows per fixed-rate group x level (by fraction) x server of the new results.
function compareFixedRate(oldResults, newResults, { thresholds, minOkRuns, quiet }) {
  const rows = [];
  const oldGroups = new Map((oldResults.fixedRate ? oldResults.fixedRate.groups : []).map((g) => [g.id, g]));
  const durationChanged = oldResults.fixedRate && newResults.fixedRate && oldResults.fixedRate.durationSeconds !== newResults.fixedRate.durationSeconds;
  for (const group of newResults.fixedRate ? newResults.fixedRate.groups : []) {
    const oldGroup = oldGroups.get(group.id);
    const changed = oldGroup ? FIXED_RATE_GROUP_FIELDS.filter((f) => oldGroup[f] !== group[f]) : [];
    if (durationChanged) changed.push('durationSeconds');
    for (const level of group.levels) {
      const oldLevel = oldGroup && oldGroup.levels.find((l) => l.fraction === level.fraction);
      for (const result of level.results) {
        const row = { group: group.id, fraction: level.fraction, server: result.server, newRate: level.rate, oldRate: oldLevel ? oldLevel.rate : null,
          newHeld: result.summary.held, oldHeld: null, status: 'compared' };
        const oldResult = oldLevel && oldLevel.results.find((r) => r.server === result.server);
        if (!oldResult) { rows.push({ ...row, status: 'new' }); continue; }
        row.oldHeld = oldResult.summary.held;
        if (changed.length) { rows.push({ ...row, status: 'group-changed', changedFields: changed }); continue; }
        if (Math.abs(level.rate / oldLevel.rate - 1) > FIXED_RATE_TOLERANCE) { rows.push({ ...row, status: 'rate-changed' }); continue; }
        const oldF = fixedRateFigures(oldResult);
        const newF = fixedRateFigures(result);
        if (!newF) { rows.push({ ...row, status: oldF ? 'no-longer-held' : 'never-held' }); continue; }
        if (!oldF) { rows.push({ ...row, status: 'not-held-before' }); continue; }
        let judged = judgeMetric(oldF, newF, { higherIsBetter: false, ...thresholds.latencyP99Us }, minOkRuns);
        if (!quiet && judged.verdict !== 'insufficient-runs') judged = { ...judged, verdict: 'too-noisy' };
        rows.push({ ...row, metric: judged });
      }
    }
  }
  return rows;
}

function describeRun(results) {
  const env = results.environment;
  return { gitCommit: env.gitCommit, date: env.date, profile: results.profile, startedAt: results.startedAt,
    fingerprint: env.fingerprint, repetitions: results.method.repetitions };
}

// How many scenario x server rows of a run have a req/s spread above maxSpread (rows without a summary
// are not counted either way).
function noisyRows(results, maxSpread) {
  const rows = results.scenarios.flatMap((s) => s.results).filter((r) => r.summary);
  return { rows: rows.length, noisy: rows.filter((r) => r.summary.spread > maxSpread).length };
}

// What a row says about its scenario (JSON scenarios: endpoint, method, operations for the label).
function scenarioInfo(s) {
  return { scenario: s.id, connections: s.connections, keepAlive: s.keepAlive, ...(s.endpoint ? { endpoint: s.endpoint, method: s.method, operations: s.operations } : {}) };
}

function serverNames(results) {
  return new Map(results.servers.map((s) => [s.id, s.name]));
}

// compareResults(oldResults, newResults, options?) -> structured comparison (both already validated).
// options.thresholds / options.minOkRuns override the defaults (tests, experiments).
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

  const oldNames = serverNames(oldResults);
  const newNames = serverNames(newResults);
  const oldScenarios = new Map(oldResults.scenarios.map((s) => [s.id, s]));
  const newScenarioIds = new Set(newResults.scenarios.map((s) => s.id));

  for (const newScenario of newResults.scenarios) {
    const oldScenario = oldScenarios.get(newScenario.id);
    const changedFields = oldScenario
      ? SCENARIO_FIELDS.filter((f) => scenarioField(oldResults, oldScenario, f) !== scenarioField(newResults, newScenario, f)) : [];
    if (oldScenario && changedFields.length === 0) {
      report.ratioRows.push(...compareRatios(oldScenario, newScenario, { minPairs: MIN_PAIRS, minChange: thresholds.requestsPerSecond.minChange }));
    }
    const oldByServer = new Map((oldScenario ? oldScenario.results : []).map((r) => [r.server, r]));
    for (const newResult of newScenario.results) {
      const row = {
        ...scenarioInfo(newScenario),
        server: newResult.server, serverName: newNames.get(newResult.server) || newResult.server,
        status: 'compared', metrics: {}, failedRuns: { old: null, new: newResult.summary ? newResult.summary.failedRuns : newResult.runs.length },
      };
      const oldResult = oldByServer.get(newResult.server);
      if (!oldScenario || !oldResult) row.status = 'new';
      else if (changedFields.length > 0) { row.status = 'scenario-changed'; row.changedFields = changedFields; }
      else {
        row.failedRuns.old = oldResult.summary ? oldResult.summary.failedRuns : oldResult.runs.length;
        if (!newResult.summary) row.status = oldResult.summary ? 'all-runs-failed' : 'no-ok-runs';
        else if (!oldResult.summary) row.status = 'no-ok-runs-before';
      }
      if (row.status === 'compared') {
        for (const metric of METRICS) {
          const oldF = metricFigures(oldResult, metric.key);
          const newF = metricFigures(newResult, metric.key);
          if (!oldF || !newF) { row.metrics[metric.key] = { old: oldF, new: newF, change: null, verdict: 'not-measured' }; continue; }
          let judged = judgeMetric(oldF, newF, { higherIsBetter: metric.higherIsBetter, ...thresholds[metric.key] }, minOkRuns);
          // A busy session: report the figures, judge nothing (rule 6).
          if (!(report.old.quiet && report.new.quiet) && judged.verdict !== 'insufficient-runs') {
            judged = { ...judged, verdict: 'too-noisy' };
          }
          row.metrics[metric.key] = judged;
          const item = { scenario: row.scenario, server: row.server, metric: metric.key, change: judged.change };
          if (judged.verdict === 'regression') report.regressions.push(item);
          if (judged.verdict === 'improvement') report.improvements.push(item);
        }
      }
      // Runs that used to pass and now fail (a crash, a refused connection) are a regression in their own right.
      if (row.status === 'all-runs-failed' || (row.status === 'compared' && row.failedRuns.new > 0 && row.failedRuns.old === 0)) {
        report.regressions.push({ scenario: row.scenario, server: row.server, metric: 'failedRuns',
          change: null, old: row.failedRuns.old, new: row.failedRuns.new });
      }
      report.rows.push(row);
    }
    for (const oldResult of (oldScenario ? oldScenario.results : [])) {
      if (!newScenario.results.some((r) => r.server === oldResult.server)) {
        report.rows.push({ ...scenarioInfo(newScenario),
          server: oldResult.server, serverName: oldNames.get(oldResult.server) || oldResult.server, status: 'removed', metrics: {} });
      }
    }
  }
  for (const oldScenario of oldResults.scenarios) {
    if (newScenarioIds.has(oldScenario.id)) continue;
    for (const oldResult of oldScenario.results) {
      report.rows.push({ ...scenarioInfo(oldScenario),
        server: oldResult.server, serverName: oldNames.get(oldResult.server) || oldResult.server, status: 'removed', metrics: {} });
    }
  }
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
  report.fixedRateRows = compareFixedRate(oldResults, newResults, { thresholds, minOkRuns, quiet: report.old.quiet && report.new.quiet });
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

module.exports = {
  THRESHOLDS, MIN_OK_RUNS, MAX_NOISY_ROW_FRACTION, INSTRUCTIONS_MIN_CHANGE, MIN_PAIRS, MIN_REPEATS, METRICS, ENVIRONMENT_FIELDS, METHOD_FIELDS, SCENARIO_FIELDS,
  FIXED_RATE_TOLERANCE, SYSCALLS_MIN_CHANGE, SYSCALL_CATEGORY_MIN_CHANGE,
  compareResults, judgeMetric, judgeRatio, judgeInstructions, judgeSyscalls,
};
