'use strict';
// results.pooled: a run's comparisons pooled with the comparable runs of the history (issues 25, 33).
//  - Which runs: the history entries of this run's hardware class (shared/src/hardware-class.js), from
//    any machine, this run included once (its own history copy is the same run). Entries refused by
//    the schema, of another class, or whose class cannot be determined are listed with the reason,
//    never pooled.
//  - Machines are a level (random-effects.js machinePredictionInterval): with runs from 2 or more
//    machines the interval is for a new run on a new machine (t with machines - 1 degrees of freedom);
//    from one machine, for that machine (scope says which).
//  - Per comparison: the runs whose comparison measured the same quantity. With at least MIN_RUNS of
//    them, the pooled figure (random-effects.js): the geometric mean over runs and a 95 % prediction
//    interval for a new run, whose verdict the page shows; fewer, none (the page shows the run's own
//    interval and says it is one run).
//  - The newest run (this one) against the runs before it: inside or outside their prediction
//    interval (with at least 2 earlier runs); outside is a finding, shown on the page and in compare.
//  - calibration.js's coverage figures over the whole history and this run.
//  - The other classes of the history, each with its headline: the same comparisons pooled over its
//    own runs (the page shows them beside this class's, never pooled with them).
const { readHistoryEntries, sameRun } = require('./history-entries');
const { comparisonSeries } = require('./series');
const { machinePredictionInterval, placeOf } = require('./random-effects');
const { hardwareClassOf, machineOf } = require('../../../shared/src/hardware-class');
const { comparisonKey } = require('./comparable');
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

// What splits a class: the changes of the fields in it (kernel and memory are machine attributes).
function describeClassChange(entryClass, thisClass, entry, results) {
  const changes = environmentChanges(entry.environment, results.environment)
    .filter((c) => c.field !== 'kernel' && c.field !== 'memoryBytes' && c.field !== 'os')
    .map((c) => `${c.field} ${c.from ?? '(none)'} -> ${c.to ?? '(none)'}`);
  const build = ['buildType', 'libraries', 'cxxStandard']
    .filter((k) => entryClass.basis.drogonBuild[k] !== thisClass.basis.drogonBuild[k])
    .map((k) => `drogonBuild.${k} ${entryClass.basis.drogonBuild[k]} -> ${thisClass.basis.drogonBuild[k]}`);
  const all = [...changes, ...build];
  return `another hardware class (${entryClass.id}; this run ${thisClass.id}${all.length ? `: ${all.join(', ')}` : ''})`;
}

const isPoolable = (results, like) => results.profile === like.profile && results.method.complete !== false;

// The comparisons of one class's runs pooled (each from at least MIN_RUNS runs), keyed by comparisonKey.
function pooledByKey(runs, confidence) {
  const out = new Map();
  for (const s of comparisonSeries(runs, confidence).values()) {
    if (s.points.length < MIN_RUNS) continue;
    const p = machinePredictionInterval(s.points.map((x) => x.estimate), { confidence });
    const prev = out.get(s.key);
    if (!prev || s.points.length > prev.runs) out.set(s.key, { ...p, runs: s.points.length });
  }
  return out;
}

const round = (x, digits = 6) => (x === null ? null : Number(x.toPrecision(digits)));

// results: this run's (validated) results; history: readHistoryEntries()'s answer; label: how this run
// is named in the list of runs. -> the pooled block (schema: pooled).
function poolRuns(results, history, { confidence, label = RESULTS_FILE }) {
  const excluded = history.refused.map((r) => ({ file: r.file, reason: `refused: ${r.reason}` }));
  const thisClass = hardwareClassOf(results.environment); // the runner and bench:pool refuse a run without one
  const comparable = [];
  const otherClasses = new Map();
  for (const entry of history.entries) {
    if (sameRun(entry.results, results)) continue;
    let entryClass;
    try { entryClass = hardwareClassOf(entry.results.environment); } catch (err) {
      excluded.push({ file: entry.file, reason: `hardware class cannot be determined: ${err.message}` });
      continue;
    }
    if (entryClass.id !== thisClass.id) {
      excluded.push({ file: entry.file, reason: describeClassChange(entryClass, thisClass, entry.results, results) });
      if (isPoolable(entry.results, results)) {
        if (!otherClasses.has(entryClass.id)) otherClasses.set(entryClass.id, { cls: entryClass, runs: [] });
        otherClasses.get(entryClass.id).runs.push({ label: entry.file, results: entry.results });
      }
    } else if (!isPoolable(entry.results, results)) {
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
    const pooled = machinePredictionInterval(s.points.map((p) => p.estimate), { confidence });
    const earlier = s.points.filter((p) => p.run !== newest);
    const before = earlier.length >= MIN_OTHER_RUNS ? machinePredictionInterval(earlier.map((p) => p.estimate), { confidence, newSe: own.estimate.se }) : null;
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
      machines: pooled.machines,
      scope: pooled.scope,
      degreesOfFreedom: pooled.degreesOfFreedom,
      ...(pooled.betweenMachineSd === null ? {} : { betweenMachineSd: round(pooled.betweenMachineSd), withinMachineSd: round(pooled.withinMachineSd) }),
      verdict: verdictOfInterval(pooled),
      newest: {
        ratio: own.ratio,
        ...(before ? { earlierLow: round(before.low), earlierHigh: round(before.high), place: placeOf(own.ratio, before), earlierMachines: before.machines } : {}),
      },
    });
  }
  const calibration = calibrate([
    ...history.entries.filter((e) => !sameRun(e.results, results)).map((e) => ({ label: e.file, results: e.results })),
    { label, results },
  ].sort((a, b) => Date.parse(a.results.startedAt) - Date.parse(b.results.startedAt)), { confidence });
  const keys = new Set(comparisons.map((c) => comparisonKey(c.scenario, c)));
  const classes = [...otherClasses.values()].map(({ cls, runs: classRuns }) => {
    classRuns.sort((a, b) => Date.parse(a.results.startedAt) - Date.parse(b.results.startedAt));
    const pooledHere = pooledByKey(classRuns, confidence);
    return {
      hardwareClass: cls.id,
      inferred: cls.inferred,
      cpuModel: cls.basis.cpuModel,
      cpuCores: cls.basis.cpuCores,
      newestDate: classRuns[classRuns.length - 1].results.environment.date,
      runs: classRuns.map((r) => r.label),
      machines: machinesOf(classRuns),
      comparisons: [...pooledHere].filter(([key]) => keys.has(key)).map(([key, p]) => {
        const [scenario, metric, reference, other] = key.split('|');
        return { scenario, metric, reference, other, runs: p.runs, machines: p.machines, scope: p.scope, ratio: round(p.ratio), low: round(p.low), high: round(p.high) };
      }),
    };
  });
  return {
    minRuns: MIN_RUNS,
    confidence,
    fingerprint: results.environment.fingerprint,
    hardwareClass: thisClass.id,
    hardwareClassInferred: thisClass.inferred,
    runs: runs.map((r) => ({
      source: r.label, date: r.results.environment.date, startedAt: r.results.startedAt,
      gitCommit: r.results.environment.gitCommit, ...(r.sha256 ? { sha256: r.sha256 } : {}),
      machine: machineOf(r.results.environment).id,
    })),
    machines: machinesOf(runs),
    excluded,
    comparisons,
    otherClasses: classes,
    calibration: {
      ownInterval: calibration.ownInterval, pooledInterval: calibration.pooledInterval,
      leaveOneMachineOut: calibration.leaveOneMachineOut, oneOtherMachine: calibration.oneOtherMachine,
    },
  };
}

// The machines of a list of runs, in order of first run: [{ id, inferred, kernel, memoryBytes, hypervisor?, runs }].
function machinesOf(runs) {
  const byId = new Map();
  for (const r of runs) {
    const m = machineOf(r.results.environment);
    if (!byId.has(m.id)) byId.set(m.id, { id: m.id, inferred: m.inferred, kernel: m.kernel, memoryBytes: m.memoryBytes, ...(m.hypervisor ? { hypervisor: m.hypervisor } : {}), runs: 0 });
    byId.get(m.id).runs += 1;
  }
  return [...byId.values()];
}

// The pooled block for a results file, reading the committed history (the runner and bench:pool).
function poolWithHistory(results, { confidence, historyDir, label } = {}) {
  return poolRuns(results, readHistoryEntries(historyDir), { confidence, label });
}

module.exports = { poolRuns, poolWithHistory, verdictOfInterval, MIN_RUNS };
