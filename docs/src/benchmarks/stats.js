// The figures the Benchmarks page derives from a results JSON: which servers are compared, a
// lead judged against the run-to-run spread, the bottleneck per scenario, and the trend over history
// with breaks where the environment changed. Pure functions of the (validated) JSON.
'use strict';
// What changed between two environments is the bench's own rule (next to the fingerprint it explains).
const { environmentChanges } = require('../../../bench/src/environment');

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

/** A scenario's result for one server (matched by server id), or null when the server was not run. */
function resultFor(scenario, serverId) {
  return scenario.results.find((r) => r.server === serverId) || null;
}

function runCounts(result) {
  const ok = result ? result.runs.filter((r) => r.status === 'ok').length : 0;
  const failed = result ? result.runs.length - ok : 0;
  return { ok, failed, total: ok + failed };
}

/**
 * Compares two measurements { median, min, max, spread?, okRuns }. The difference counts as a lead
 * only when it exceeds the larger run-to-run spread of the two; with fewer than 2 runs on either
 * side the spread is unknown, and nothing is claimed.
 *   verdict: 'lead' | 'within-noise' | 'single-run' | 'only-one' (the other median is 0) | 'both-zero'
 *   leader / other: 'a' | 'b' (the higher median first), lead: leader/other - 1, noise: max spread
 */
function judgeDifference(a, b) {
  const spreadA = a.spread ?? spreadOf(a);
  const spreadB = b.spread ?? spreadOf(b);
  const noise = Math.max(spreadA, spreadB);
  const leader = a.median >= b.median ? 'a' : 'b';
  const other = leader === 'a' ? 'b' : 'a';
  const hi = leader === 'a' ? a : b;
  const lo = leader === 'a' ? b : a;
  if (hi.median === 0) return { verdict: 'both-zero', leader: null, other: null, lead: 0, noise };
  if (lo.median === 0) return { verdict: 'only-one', leader, other, lead: null, noise };
  const lead = hi.median / lo.median - 1;
  let verdict;
  if (Math.min(a.okRuns, b.okRuns) < 2) verdict = 'single-run';
  else if (lead <= noise) verdict = 'within-noise';
  else verdict = 'lead';
  return { verdict, leader, other, lead, noise };
}

/** requests/s of one result as a judgeDifference operand, or null without a summary. */
function throughputOf(result) {
  if (!result || !result.summary) return null;
  const s = result.summary;
  return { ...s.requestsPerSecond, spread: s.spread, okRuns: s.okRuns };
}

/** requests per server CPU-second of one result as a judgeDifference operand, or null. */
function efficiencyOf(result) {
  if (!result || !result.summary) return null;
  const s = result.summary;
  return { ...s.requestsPerServerCpuSecond, spread: spreadOf(s.requestsPerServerCpuSecond), okRuns: s.okRuns };
}

const CLIENT_SIDES = new Set(['client', 'both']);
const SERVER_SIDES = new Set(['server', 'both']);

/**
 * Which side set the pace in a scenario, over the given servers' results:
 *   clientBound / serverBound: server ids whose runs saturated the load generator / the server,
 *   neither / unknown: server ids with that call, and the highest utilizations seen.
 */
function scenarioBottleneck(scenario, serverIds) {
  const out = { clientBound: [], serverBound: [], neither: [], unknown: [], maxClientCpu: null, maxServerCpu: null };
  for (const id of serverIds) {
    const result = resultFor(scenario, id);
    if (!result) continue;
    const { side, serverCpuUtilization, clientCpuUtilization } = result.bottleneck;
    if (CLIENT_SIDES.has(side)) out.clientBound.push(id);
    if (SERVER_SIDES.has(side)) out.serverBound.push(id);
    if (side === 'neither') out.neither.push(id);
    if (side === 'unknown') out.unknown.push(id);
    if (clientCpuUtilization !== null) out.maxClientCpu = Math.max(out.maxClientCpu ?? 0, clientCpuUtilization);
    if (serverCpuUtilization !== null) out.maxServerCpu = Math.max(out.maxServerCpu ?? 0, serverCpuUtilization);
  }
  return out;
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
 * oldest first; one series per scenario and compared server of the latest results, with the median
 * requests/s of each entry (null when that entry lacks the scenario or the server had no summary);
 * breaks: [{ index, changes }] where the environment fingerprint, the profile or the thread counts
 * differ from the entry before (changes: [{ field, from, to }], empty when only the fingerprint differs).
 */
function buildTrend(latest, history) {
  const byKey = new Map();
  for (const entry of [...history, latest]) byKey.set(entryKey(entry), entry);
  const entries = [...byKey.values()].sort((x, y) => (x.startedAt < y.startedAt ? -1 : x.startedAt > y.startedAt ? 1
    : entryKey(x) < entryKey(y) ? -1 : entryKey(x) > entryKey(y) ? 1 : 0));
  const { compared } = splitServers(latest);
  const series = [];
  for (const scenario of latest.scenarios) {
    for (const server of compared) {
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
  return { entries, series, breaks };
}

module.exports = {
  spreadOf, splitServers, resultFor, runCounts, judgeDifference, throughputOf, efficiencyOf,
  scenarioBottleneck, environmentChanges, buildTrend,
};
