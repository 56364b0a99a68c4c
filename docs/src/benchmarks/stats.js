// The figures the Benchmarks page derives from a results JSON and its history: which servers are
// compared, run counts, spreads, and the trend over history with breaks where the environment
// changed. Pure functions of the (validated) JSON. (Ratios, paces and chart series that the browser
// computes too are in shared/src/benchmark-figures.js.)
'use strict';
// What changed between two environments is the bench's own rule (next to the fingerprint it explains).
const { environmentChanges } = require('../../../shared/src/environment-changes');
const { resultFor } = require('../../../shared/src/benchmark-figures');

/** (max - min) / median, the spread the bench reports; 0 when the median is 0. */
function spreadOf({ min, median: mid, max }) {
  return mid > 0 ? (max - min) / mid : 0;
}

/** The servers the page compares (not baselines), and the baselines, in the JSON's order. */
function splitServers(results) {
  return {
    compared: results.servers.filter((s) => s.baseline !== true),
    baselines: results.servers.filter((s) => s.baseline === true),
  };
}

function runCounts(result) {
  const ok = result ? result.runs.filter((r) => r.status === 'ok').length : 0;
  const failed = result ? result.runs.length - ok : 0;
  return { ok, failed, total: ok + failed };
}

// A quick-profile run (short runs) or another thread count measures something else than the run
// before it, on the same machine too: that also breaks the trend line.
const SETUP_FIELDS = ['profile', 'method.serverThreads', 'method.loadGeneratorThreads'];

function setupChangesBetween(before, after) {
  const get = (results, field) => field.split('.').reduce((node, key) => node[key], results);
  return SETUP_FIELDS.filter((field) => get(before, field) !== get(after, field))
    .map((field) => ({ field, from: get(before, field), to: get(after, field) }));
}

// One results file is one history entry: the same start time and commit is the same run.
function entryKey(results) {
  return `${results.startedAt}|${results.environment.gitCommit}`;
}

/**
 * The trend over history: entries (history plus the latest results when it is not already there),
 * oldest first; one series per scenario and compared server of the latest results that ran in it, with the median
 * requests/s of each entry (null when that entry lacks the scenario or the server had no summary);
 * breaks: [{ index, changes }] where the environment fingerprint, the profile or the thread counts
 * differ from the entry before (changes: [{ field, from, to }], empty when only the fingerprint differs);
 * comparable: how many entries (the latest included) share the latest's fingerprint and setup.
 */
function buildTrend(latest, history) {
  const byKey = new Map();
  for (const entry of [...history, latest]) byKey.set(entryKey(entry), entry);
  const entries = [...byKey.values()].sort((x, y) => (x.startedAt < y.startedAt ? -1 : x.startedAt > y.startedAt ? 1
    : entryKey(x) < entryKey(y) ? -1 : entryKey(x) > entryKey(y) ? 1 : 0));
  const { compared } = splitServers(latest);
  const series = [];
  for (const scenario of latest.scenarios) {
    // The compared servers that ran in this scenario (a JSON endpoint: the JSON variants).
    for (const server of compared.filter((s) => resultFor(scenario, s.id))) {
      const values = entries.map((entry) => {
        const sameScenario = entry.scenarios.find((s) => s.id === scenario.id);
        const result = sameScenario && resultFor(sameScenario, server.id);
        return result && result.summary ? result.summary.requestsPerSecond.median : null;
      });
      series.push({ scenarioId: scenario.id, serverId: server.id, values });
    }
  }
  const breaks = [];
  for (let i = 1; i < entries.length; i += 1) {
    const before = entries[i - 1];
    const after = entries[i];
    const setupChanges = setupChangesBetween(before, after);
    if (before.environment.fingerprint !== after.environment.fingerprint || setupChanges.length > 0) {
      breaks.push({ index: i, changes: [...environmentChanges(before.environment, after.environment), ...setupChanges] });
    }
  }
  // Runs the latest can be compared with: the same machine fingerprint and the same setup (itself included).
  const comparable = entries.filter((entry) => entry.environment.fingerprint === latest.environment.fingerprint
    && setupChangesBetween(entry, latest).length === 0).length;
  return { entries, series, breaks, comparable };
}

module.exports = { spreadOf, splitServers, resultFor, runCounts, environmentChanges, buildTrend };
