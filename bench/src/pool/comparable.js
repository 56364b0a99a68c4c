'use strict';
// What makes two runs' figures comparable, defined once (Methodology says why): the same environment
// fingerprint (machine, kernel, compiler, every tool and library version: plan/environment.js) and, per
// comparison, the same measured quantity: the two servers and their configuration (version, command
// line without the machine's paths and open-files limit), the load tool, the connections, keep-alive,
// pipelining, the request (JSON: endpoint, method, path, body), the client and server threads and
// CPUs, and the metric. Round counts, run durations, warm-ups and blocks are precision, not the
// quantity: a run with more rounds measures the same thing more closely.

// A command line as configuration: absolute paths reduced to their last part (a cache folder or a
// scratch folder says where, not what), and the open-files limit left out (set from the machine's hard
// limit; it only has to exceed the connections, which are in the quantity).
function configurationOf(commandLine) {
  return String(commandLine)
    .replace(/^ulimit -n \d+ && /, '')
    .replace(/(^|[\s=])\/(?:[^\s/]+\/)*([^\s/]+)/g, '$1$2');
}

// The quantity one comparison of a scenario measures, as a canonical string: equal strings, same quantity.
function quantityOf(results, scenario, comparison) {
  const server = (id) => {
    const s = results.servers.find((x) => x.id === id);
    return s ? { id, version: s.version, configuration: configurationOf(s.commandLine), jsonLibraryVersion: s.jsonLibraryVersion ?? null } : { id };
  };
  const m = results.method;
  return JSON.stringify({
    scenario: scenario.id,
    kind: scenario.kind ?? 'hello',
    tool: scenario.tool,
    connections: scenario.connections,
    keepAlive: scenario.keepAlive,
    pipelineDepth: scenario.pipelineDepth ?? 1,
    request: scenario.kind === 'json' ? { endpoint: scenario.endpoint, method: scenario.method, path: scenario.path, bodyFile: scenario.bodyFile ?? null } : null,
    clientThreads: scenario.clientThreads ?? m.loadGeneratorThreads ?? null,
    serverThreads: m.serverThreads ?? null,
    cpus: [m.serverCpus ?? null, m.clientCpus ?? null],
    metric: comparison.metric,
    reference: server(comparison.reference),
    other: server(comparison.other),
  });
}

// The name of a comparison across runs (what a page row and a pooled entry are about).
function comparisonKey(scenarioId, comparison) {
  return `${scenarioId}|${comparison.metric}|${comparison.reference}|${comparison.other}`;
}

// The standard normal p-quantile (0.975: 1.959964), by Acklam's rational approximation (relative
// error below 1.2e-9): enough for turning an interval into a standard error.
function normalQuantile(p) {
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const pl = 0.02425;
  if (p < pl) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - pl) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

// One run's estimate of one comparison on the log scale: { y, se, from }. Runs made with blocks carry
// logRatio and logStandardError; older runs (schemaVersion 2) carry only their percentile interval, whose
// width gives the standard error as for a normal interval: ln(ciHigh / ciLow) / (2 z). null when the run
// has no interval (fewer than 2 pairs).
function runEstimate(comparison, confidence) {
  if (typeof comparison.logRatio === 'number' && typeof comparison.logStandardError === 'number') {
    return { y: comparison.logRatio, se: comparison.logStandardError, from: 'bootstrap' };
  }
  if (comparison.ratio > 0 && comparison.ciLow > 0 && comparison.ciHigh > 0) {
    const z = normalQuantile(1 - (1 - confidence) / 2);
    return { y: Math.log(comparison.ratio), se: Math.log(comparison.ciHigh / comparison.ciLow) / (2 * z), from: 'interval' };
  }
  return null;
}

module.exports = { configurationOf, quantityOf, comparisonKey, runEstimate, normalQuantile };
