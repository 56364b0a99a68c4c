'use strict';
// Medians against the run-to-run noise (rules 1-6 of compare.js): per scenario and server, req/s, p99
// latency and requests per server CPU-second, judged only when both runs were quiet; runs that used to
// pass and now fail are flagged whatever the noise. The judgement, and its table in the report.
const { scenarioChanges } = require('./comparability');
const { SHORT_LABEL, formatNumber, formatPct, formatSpread, oldToNew, escapeMarkdown, pushAligned } = require('../judge/report-format');
const { THRESHOLDS, MIN_OK_RUNS, judgeMetric } = require('../judge/metric-judgement');

// A run with more than this fraction of rows above the req/s maxSpread was measured on a busy machine.
const MAX_NOISY_ROW_FRACTION = 0.25;

// Metrics judged per scenario x server; higherIsBetter decides whether a rise is an improvement.
const METRICS = Object.freeze([
  { key: 'requestsPerSecond', label: 'req/s', higherIsBetter: true },
  { key: 'latencyP99Us', label: 'latency p99 (µs)', higherIsBetter: false },
  { key: 'requestsPerServerCpuSecond', label: 'requests per server CPU-second', higherIsBetter: true },
]);

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

// Rows per scenario x server of the new results (and of the old run's scenarios and servers that are
// gone), each metric judged; the flagged ones, and runs that used to pass and now fail, go to
// { regressions, improvements }. quiet: neither run was noisy (rule 6), else nothing is judged.
function compareMedians(oldResults, newResults, { thresholds, minOkRuns, quiet }) {
  const rows = [];
  const regressions = [];
  const improvements = [];
  const oldNames = serverNames(oldResults);
  const newNames = serverNames(newResults);
  const oldScenarios = new Map(oldResults.scenarios.map((s) => [s.id, s]));
  const newScenarioIds = new Set(newResults.scenarios.map((s) => s.id));

  for (const newScenario of newResults.scenarios) {
    const oldScenario = oldScenarios.get(newScenario.id);
    const changedFields = scenarioChanges(oldResults, newResults, oldScenario, newScenario);
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
          if (!quiet && judged.verdict !== 'insufficient-runs') {
            judged = { ...judged, verdict: 'too-noisy' };
          }
          row.metrics[metric.key] = judged;
          const item = { scenario: row.scenario, server: row.server, metric: metric.key, change: judged.change };
          if (judged.verdict === 'regression') regressions.push(item);
          if (judged.verdict === 'improvement') improvements.push(item);
        }
      }
      // Runs that used to pass and now fail (a crash, a refused connection) are a regression in their own right.
      if (row.status === 'all-runs-failed' || (row.status === 'compared' && row.failedRuns.new > 0 && row.failedRuns.old === 0)) {
        regressions.push({ scenario: row.scenario, server: row.server, metric: 'failedRuns',
          change: null, old: row.failedRuns.old, new: row.failedRuns.new });
      }
      rows.push(row);
    }
    for (const oldResult of (oldScenario ? oldScenario.results : [])) {
      if (!newScenario.results.some((r) => r.server === oldResult.server)) {
        rows.push({ ...scenarioInfo(newScenario),
          server: oldResult.server, serverName: oldNames.get(oldResult.server) || oldResult.server, status: 'removed', metrics: {} });
      }
    }
  }
  for (const oldScenario of oldResults.scenarios) {
    if (newScenarioIds.has(oldScenario.id)) continue;
    for (const oldResult of oldScenario.results) {
      rows.push({ ...scenarioInfo(oldScenario),
        server: oldResult.server, serverName: oldNames.get(oldResult.server) || oldResult.server, status: 'removed', metrics: {} });
    }
  }
  return { rows, regressions, improvements };
}

const STATUS_TEXT = {
  'new': 'new in this run, nothing to compare with',
  'removed': 'not in the new run',
  'scenario-changed': 'scenario definition changed, not compared',
  'all-runs-failed': 'every run failed in the new results',
  'no-ok-runs': 'no successful run in either results',
  'no-ok-runs-before': 'no successful run in the old results',
};

function scenarioLabel(row) {
  if (row.endpoint) return `${row.scenario} (${row.method} ${row.endpoint}${row.operations ? `, ${row.operations} operations` : ''}, ${row.connections} conn)`;
  return `${row.scenario} (${row.connections} conn, ${row.keepAlive ? 'keep-alive' : 'new connection per request'})`;
}

// One verdict per row: the flagged metrics, the metrics too noisy or with too few runs, or "within noise".
function rowVerdict(report, row) {
  if (row.status !== 'compared') return STATUS_TEXT[row.status];
  const judged = Object.entries(row.metrics);
  const named = (verdict) => judged.filter(([, m]) => m.verdict === verdict).map(([k]) => SHORT_LABEL[k]);
  const regressed = named('regression');
  if (row.failedRuns.new > 0 && row.failedRuns.old === 0) regressed.push(`${row.failedRuns.new} failed runs`);
  const parts = [];
  if (regressed.length) parts.push(`REGRESSION: ${regressed.join(', ')}`);
  if (named('improvement').length) parts.push(`improvement: ${named('improvement').join(', ')}`);
  if (named('too-noisy').length) parts.push(`too noisy to judge: ${named('too-noisy').join(', ')}`);
  if (named('insufficient-runs').length) parts.push(`not judged (fewer than ${report.rule.minOkRuns} ok runs)`);
  if (named('not-measured').length) parts.push(`not measured: ${named('not-measured').join(', ')}`);
  if (named('judged-by-pooled').length) parts.push(`moved, ${named('judged-by-pooled').join(', ')} judged by the pooled ratios`);
  return parts.length ? parts.join('; ') : 'within noise';
}

function ruleText(report) {
  const t = report.rule.thresholds;
  const pct = (r) => `${Math.round(r * 1000) / 10} %`;
  return `A change is flagged only when both runs have at least ${report.rule.minOkRuns} successful repetitions, `
    + `neither run's spread ((max − min) / median) is above the limit to judge (req/s ${pct(t.requestsPerSecond.maxSpread)}, `
    + `p99 latency ${pct(t.latencyP99Us.maxSpread)}, requests per server CPU-second ${pct(t.requestsPerServerCpuSecond.maxSpread)}), `
    + `the median moved by at least a minimum (${pct(t.requestsPerSecond.minChange)}, ${pct(t.latencyP99Us.minChange)}, `
    + `${pct(t.requestsPerServerCpuSecond.minChange)}) and by more than the larger spread of the two runs, `
    + 'and the two min–max ranges do not overlap; and only when neither run as a whole was noisy '
    + `(at most ${pct(report.rule.maxNoisyRowFraction)} of its rows above the req/s spread limit).`;
}

/** A flagged median or failed runs, in one line. */
function flaggedMedian(report, item) {
  const row = report.rows.find((r) => r.scenario === item.scenario && r.server === item.server);
  const where = `${scenarioLabel(row)}, ${row.serverName}`;
  if (item.metric === 'failedRuns') return `${where}: failed runs ${item.old ?? 0} → ${item.new}`;
  const metric = METRICS.find((m) => m.key === item.metric);
  const m = row.metrics[item.metric];
  return `${where}: ${metric.label} ${oldToNew(m)} (${formatPct(m.change)}; noise ${formatSpread(m.noise)}; `
    + `ranges ${formatNumber(m.old.min)}–${formatNumber(m.old.max)} vs ${formatNumber(m.new.min)}–${formatNumber(m.new.max)})`;
}

/** The table of medians, old -> new, in Markdown. */
function mediansMarkdown(report, lines) {
  const e = escapeMarkdown;
  lines.push('### Medians, old → new', '');
  lines.push('| Scenario | Server | req/s | change | noise | p99 latency µs | change | requests per server CPU-s | change | verdict |');
  lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const row of report.rows) {
    const head = `| ${e(scenarioLabel(row))} | ${e(row.serverName)} |`;
    if (row.status !== 'compared') { lines.push(`${head} | | | | | | | ${e(rowVerdict(report, row))} |`); continue; }
    const { requestsPerSecond: rps, latencyP99Us: p99, requestsPerServerCpuSecond: eff } = row.metrics;
    const verdict = rowVerdict(report, row);
    lines.push(`${head} ${oldToNew(rps)} | ${formatPct(rps.change)} | ${formatSpread(rps.noise)} | `
      + `${oldToNew(p99)} | ${formatPct(p99.change)} | ${oldToNew(eff)} | ${formatPct(eff.change)} | `
      + `${verdict.startsWith('REGRESSION') ? `**${e(verdict)}**` : e(verdict)} |`);
  }
}

/** The table of medians, old -> new, as aligned text. */
function mediansText(report, lines) {
  const table = [['scenario', 'server', 'req/s old → new', 'change', 'noise', 'p99 µs old → new', 'change', 'req/server-CPU-s old → new', 'change', 'verdict']];
  for (const row of report.rows) {
    if (row.status !== 'compared') { table.push([row.scenario, row.server, '', '', '', '', '', '', '', rowVerdict(report, row)]); continue; }
    const { requestsPerSecond: rps, latencyP99Us: p99, requestsPerServerCpuSecond: eff } = row.metrics;
    table.push([row.scenario, row.server, oldToNew(rps), formatPct(rps.change), formatSpread(rps.noise),
      oldToNew(p99), formatPct(p99.change), oldToNew(eff), formatPct(eff.change), rowVerdict(report, row)]);
  }
  pushAligned(lines, table);
}

module.exports = {
  MAX_NOISY_ROW_FRACTION, METRICS, noisyRows, compareMedians,
  ruleText, flaggedMedian, mediansMarkdown, mediansText,
};
