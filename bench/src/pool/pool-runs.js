'use strict';
// results.pooled: a run's comparisons pooled with the comparable runs of the history (issue 25).
//  - Which runs: the history entries with this run's environment fingerprint (comparable.js says why),
//    this run included once (its own history copy is the same run). Entries refused by the schema or
//    with another fingerprint are listed with the reason, never pooled.
//  - Per comparison: the runs whose comparison measured the same quantity. With at least MIN_RUNS of
//    them, the pooled figure (random-effects.js): the geometric mean over runs and a 95 % prediction
//    interval for a new run, whose verdict the page shows; fewer, none (the page shows the run's own
//    interval and says it is one run).
//  - The newest run (this one) against the runs before it: inside or outside their prediction
//    interval (with at least 2 earlier runs); outside is a finding, shown on the page and in compare.
//  - calibration.js's two coverage figures over the whole history and this run.
const { readHistoryEntries, sameRun } = require('./history-entries');
const { comparisonSeries } = require('./series');
const { predictionInterval, placeOf } = require('./random-effects');
const { calibrate, MIN_OTHER_RUNS } = require('./calibration');
const { environmentChanges } = require('../../../shared/src/environment-changes');
const { RESULTS_FILE } = require('../../../shared/src/project-paths');
// The same number the pages quote when a file has no pooled figures.
const { MIN_RUNS } = require('../../../shared/src/figures/pooled-figures');

function verdictOfInterval({ low, high }) {
  if (low > 1) return 'faster';
  if (high < 1) return 'slower';
  return 'within-noise';
}

function describeFingerprintChange(entry, results) {
  const changes = environmentChanges(entry.environment, results.environment)
    .map((c) => `${c.field} ${c.from ?? '(none)'} -> ${c.to ?? '(none)'}`);
  return `another environment fingerprint (${entry.environment.fingerprint}; this run ${results.environment.fingerprint}${changes.length ? `: ${changes.join(', ')}` : ''})`;
}

const round = (x, digits = 6) => (x === null ? null : Number(x.toPrecision(digits)));

// results: this run's (validated) results; history: readHistoryEntries()'s answer; label: how this run
// is named in the list of runs. -> the pooled block (schema: pooled).
function poolRuns(results, history, { confidence, label = RESULTS_FILE }) {
  const excluded = history.refused.map((r) => ({ file: r.file, reason: `refused: ${r.reason}` }));
  const comparable = [];
  for (const entry of history.entries) {
    if (sameRun(entry.results, results)) continue;
    if (entry.results.environment.fingerprint !== results.environment.fingerprint) {
      excluded.push({ file: entry.file, reason: describeFingerprintChange(entry.results, results) });
    } else if (entry.results.profile !== results.profile || entry.results.method.complete === false) {
      excluded.push({ file: entry.file, reason: `a run of another profile or a selection (${entry.results.profile})` });
    } else comparable.push({ label: entry.file, sha256: entry.sha256, results: entry.results });
  }
  const runs = [...comparable, { label, sha256: null, results }]
    .sort((a, b) => Date.parse(a.results.startedAt) - Date.parse(b.results.startedAt));
  const newest = runs.findIndex((r) => r.results === results);
  const comparisons = [];
  for (const s of comparisonSeries(runs, confidence).values()) {
    const own = s.points.find((p) => p.run === newest);
    if (!own || s.points.length < MIN_RUNS) continue; // only what this run measured, from enough runs
    const pooled = predictionInterval(s.points.map((p) => p.estimate), { confidence });
    const earlier = s.points.filter((p) => p.run !== newest);
    const before = earlier.length >= MIN_OTHER_RUNS ? predictionInterval(earlier.map((p) => p.estimate), { confidence, newSe: own.estimate.se }) : null;
    comparisons.push({
      scenario: s.scenario,
      metric: s.metric,
      reference: s.reference,
      other: s.other,
      runs: s.points.map((p) => p.run),
      ratio: round(pooled.ratio),
      low: round(pooled.low),
      high: round(pooled.high),
      logMean: round(pooled.logMean),
      betweenRunSd: round(pooled.betweenRunSd),
      predictionSd: round(pooled.predictionSd),
      verdict: verdictOfInterval(pooled),
      newest: {
        ratio: own.ratio,
        ...(before ? { earlierLow: round(before.low), earlierHigh: round(before.high), place: placeOf(own.ratio, before) } : {}),
      },
    });
  }
  const calibration = calibrate([
    ...history.entries.filter((e) => !sameRun(e.results, results)).map((e) => ({ label: e.file, results: e.results })),
    { label, results },
  ].sort((a, b) => Date.parse(a.results.startedAt) - Date.parse(b.results.startedAt)), { confidence });
  return {
    minRuns: MIN_RUNS,
    confidence,
    fingerprint: results.environment.fingerprint,
    runs: runs.map((r) => ({
      source: r.label, date: r.results.environment.date, startedAt: r.results.startedAt,
      gitCommit: r.results.environment.gitCommit, ...(r.sha256 ? { sha256: r.sha256 } : {}),
    })),
    excluded,
    comparisons,
    calibration: { ownInterval: calibration.ownInterval, pooledInterval: calibration.pooledInterval },
  };
}

// The pooled block for a results file, reading the committed history (the runner and bench:pool).
function poolWithHistory(results, { confidence, historyDir, label } = {}) {
  return poolRuns(results, readHistoryEntries(historyDir), { confidence, label });
}

module.exports = { poolRuns, poolWithHistory, verdictOfInterval, MIN_RUNS };
