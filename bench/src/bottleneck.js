'use strict';
// Which side ran out of CPU. Utilization = CPU seconds used / (wall seconds x CPUs that side has),
// per run; the call is made on the median over the ok runs against the threshold in scenarios.json.
// "both" is a real answer on a small machine: the load generator then caps the rate as much as the server.
const { median } = require('./stats');

function utilization(cpuSeconds, wallSeconds, cpuCount) {
  if (!(wallSeconds > 0) || !(cpuCount > 0)) throw new Error('utilization needs wall seconds > 0 and a CPU count > 0');
  return cpuSeconds / (wallSeconds * cpuCount);
}

function classifyBottleneck(okRuns, threshold) {
  if (!(threshold > 0 && threshold <= 1)) throw new Error(`saturation threshold must be in (0, 1], got ${threshold}`);
  if (okRuns.length === 0) return { side: 'unknown', serverCpuUtilization: null, clientCpuUtilization: null };
  const server = median(okRuns.map((r) => r.serverCpuUtilization));
  const client = median(okRuns.map((r) => r.clientCpuUtilization));
  const serverSaturated = server >= threshold;
  const clientSaturated = client >= threshold;
  let side = 'neither';
  if (serverSaturated && clientSaturated) side = 'both';
  else if (serverSaturated) side = 'server';
  else if (clientSaturated) side = 'client';
  return { side, serverCpuUtilization: server, clientCpuUtilization: client };
}

module.exports = { classifyBottleneck, utilization };
