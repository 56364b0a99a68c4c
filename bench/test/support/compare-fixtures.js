'use strict';
// Test data of the compare tests (bench/test/compare/): real quick-profile runs of the same code captured
// back to back on the project's shared Debian 12 machine (bench/test/fixtures/compare/, see README.md
// there; docs/test/fixtures/results-quick-v2-*, -v3-a), and the functions that derive TEST DATA from them
// in code (a regression, an improvement, noise, more pairs or repeats, a changed count).
const fs = require('node:fs');
const assert = require('node:assert/strict');
const path = require('node:path');
const { validateResults } = require('../../../shared/src/results-file');
const { THRESHOLDS, MIN_OK_RUNS } = require('../../src/judge/metric-judgement');

const fixtureDir = path.join(__dirname, '..', 'fixtures', 'compare');
const loadFixture = (name) => validateResults(JSON.parse(fs.readFileSync(path.join(fixtureDir, name), 'utf8')), name);
const realRunA = loadFixture('quick-run-a.json');
const realRunB = loadFixture('quick-run-b.json');
const clone = (x) => structuredClone(x);
// Rule 6 (session guard) off: every real row is judged on its own spread.
const RULES_1_TO_5 = Object.freeze({ maxNoisyRowFraction: 1 });

// ---- test-data derivation (scales a real run's figures) -------------------------------------------

const sortedMedian = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const minMedianMax = (values) => ({ min: Math.min(...values), median: sortedMedian(values), max: Math.max(...values) });

function rowOf(results, scenarioId, serverId) {
  const scenario = results.scenarios.find((s) => s.id === scenarioId);
  assert.ok(scenario, `fixture has no scenario ${scenarioId}`);
  const row = scenario.results.find((r) => r.server === serverId);
  assert.ok(row, `fixture has no result for ${serverId} in ${scenarioId}`);
  return row;
}

// Recomputes the summary fields compare.js reads, from the ok runs (same definitions as the schema).
function resummarize(row) {
  const ok = row.runs.filter((r) => r.status === 'ok');
  if (ok.length === 0) { row.summary = null; return; }
  const rps = minMedianMax(ok.map((r) => r.requestsPerSecond));
  Object.assign(row.summary, {
    okRuns: ok.length,
    failedRuns: row.runs.length - ok.length,
    requestsPerSecond: rps,
    spread: rps.median > 0 ? (rps.max - rps.min) / rps.median : 0,
    requestsPerServerCpuSecond: minMedianMax(ok.map((r) => r.requestsPerServerCpuSecond)),
  });
  row.summary.latencyUs.p99 = sortedMedian(ok.map((r) => r.latencyUs.p99));
}

// Multiplies one metric of every ok run of a row by a factor, or by factors[rank] where rank orders the
// runs by that metric (smallest first).
const RUN_FIELD = { requestsPerSecond: (r) => r, requestsPerServerCpuSecond: (r) => r, latencyP99Us: (r) => r.latencyUs };
const FIELD_NAME = { requestsPerSecond: 'requestsPerSecond', requestsPerServerCpuSecond: 'requestsPerServerCpuSecond', latencyP99Us: 'p99' };
function scaleMetric(results, scenarioId, serverId, metric, factors) {
  const row = rowOf(results, scenarioId, serverId);
  const value = (run) => RUN_FIELD[metric](run)[FIELD_NAME[metric]];
  const ranked = row.runs.filter((r) => r.status === 'ok').sort((a, b) => value(a) - value(b));
  ranked.forEach((run, rank) => {
    const factor = Array.isArray(factors) ? factors[Math.min(rank, factors.length - 1)] : factors;
    RUN_FIELD[metric](run)[FIELD_NAME[metric]] *= factor;
  });
  resummarize(row);
  return results;
}

// Own spread of a metric in a row: (max - min) / median over its ok runs.
function spreadOf(results, scenarioId, serverId, metric) {
  const ok = rowOf(results, scenarioId, serverId).runs.filter((r) => r.status === 'ok');
  const values = ok.map((r) => RUN_FIELD[metric](r)[FIELD_NAME[metric]]);
  const { min, median, max } = minMedianMax(values);
  return (max - min) / median;
}

// The row of the real run with the smallest spread over all judged metrics. The derived variants change
// this row, so that its own noise is within the limits to judge (the busy machine makes some rows noisy).
function quietestRow(results) {
  let best = null;
  for (const scenario of results.scenarios) {
    for (const row of scenario.results) {
      if (!row.summary || row.summary.okRuns < MIN_OK_RUNS) continue;
      const noise = Math.max(...Object.keys(THRESHOLDS).map((k) => spreadOf(results, scenario.id, row.server, k) / THRESHOLDS[k].maxSpread));
      if (!best || noise < best.noise) best = { scenario: scenario.id, server: row.server, noise };
    }
  }
  assert.ok(best && best.noise <= 1, 'fixture: no row has every spread within its limit to judge; '
    + 'recapture bench/test/fixtures/compare/ on a quieter machine (see README.md there)');
  return best;
}
const { scenario: quietScenario, server: quietServer } = quietestRow(realRunA);

// ---- results v2: paired ratios with bootstrap intervals, instruction counts ------------------------
// Base data: the two real quick runs in docs/test/fixtures/results-quick-v2-{a,b}.json (v2 shape: 2 rounds
// per scenario, 1 instruction-count repeat), taken back to back on the busy shared machine. The 3-pair
// and 3-repeat cases below are TEST DATA derived from run A in code.
const v2Fixture = (name) => validateResults(JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'test', 'fixtures', name), 'utf8')), name);
const realV2A = v2Fixture('results-quick-v2-a.json');
const realV2B = v2Fixture('results-quick-v2-b.json');

// Derived: every comparison of a run with `pairs` pairs and its interval scaled by `factor` around the ratio.
function withRatioIntervals(results, { pairs, scale = 1, ratioFactor = 1 }) {
  for (const scenario of results.scenarios) {
    for (const c of scenario.comparisons) {
      if (c.ciLow === null) continue;
      c.pairs = pairs;
      const ratio = c.ratio * ratioFactor;
      [c.ratio, c.ciLow, c.ciHigh] = [ratio, ratio - (c.ratio - c.ciLow) * scale * ratioFactor, ratio + (c.ciHigh - c.ratio) * scale * ratioFactor];
    }
  }
  return results;
}

// Derived: three instruction-count repeats per server, at perRequest x (0.999, 1, 1.001) x factor.
function withInstructionRepeats(results, factor = 1, serverId = null) {
  for (const c of results.instructions.cases) {
    for (const r of c.results) {
      const f = serverId === null || r.server === serverId ? factor : 1;
      const base = r.repeats[0].perRequest * f;
      r.repeats = [0.999, 1, 1.001].map((k) => ({ irN: r.repeats[0].irN, ir2N: r.repeats[0].ir2N, perRequest: base * k }));
      r.perRequest = base;
      r.spread = 0.002;
    }
  }
  return results;
}

// ---- issue 9: JSON scenarios and fixed-rate latency -----------------------------------------------
// Base data: two real quick runs with 3 repetitions (bench/test/fixtures/compare/quick-json-*.json, see
// README.md there); the changed variants are TEST DATA derived from run A in code.
const realJsonA = loadFixture('quick-json-a.json');
const realJsonB = loadFixture('quick-json-b.json');

// Multiplies every held run's fixed-rate latency of one server at one level, and its summary.
function scaleFixedRate(results, groupId, fraction, serverId, factor) {
  const level = results.fixedRate.groups.find((g) => g.id === groupId).levels.find((l) => l.fraction === fraction);
  const result = level.results.find((r) => r.server === serverId);
  for (const run of result.runs) for (const key of Object.keys(run.latencyUs)) if (run.latencyUs[key] !== null) run.latencyUs[key] *= factor;
  for (const key of Object.keys(result.summary.latencyUs)) result.summary.latencyUs[key] *= factor;
  return results;
}

// ---- issue 16: system calls per request and server exits ------------------------------------------------
// Base data: a real quick run with system-call counts (docs/test/fixtures/results-quick-v3-a.json, one
// repeat per server); the second repeat and the changed counts are TEST DATA derived from it in code.

const realV3 = () => validateResults(JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'test', 'fixtures', 'results-quick-v3-a.json'), 'utf8')), 'v3');

// Every repeat twice (the spread of a real single repeat is 0), then f applied to one server's repeats.
function twoRepeats(results, { server = 'nginx-module', change = null } = {}) {
  const out = clone(results);
  for (const c of out.syscalls.cases) {
    for (const r of c.results) {
      if (!r.repeats.length) continue;
      r.repeats = [r.repeats[0], clone(r.repeats[0])];
      if (change && r.server === server && c.id === 'keepalive') {
        for (const rep of r.repeats) change(rep);
        r.perRequest = r.repeats[0].perRequest;
        r.total = r.repeats[0].total;
        const writes = ['write', 'writev', 'sendto', 'sendmsg'].reduce((s, n) => s + (r.perRequest[n] || 0), 0);
        r.byCategory = { ...r.byCategory, write: writes };
      }
    }
  }
  return validateResults(out, 'derived');
}

module.exports = { fixtureDir, loadFixture, realRunA, realRunB, clone, RULES_1_TO_5, sortedMedian, minMedianMax, rowOf, resummarize, scaleMetric, spreadOf, quietestRow, quietScenario, quietServer, v2Fixture, realV2A, realV2B, withRatioIntervals, withInstructionRepeats, realJsonA, realJsonB, scaleFixedRate, realV3, twoRepeats };
