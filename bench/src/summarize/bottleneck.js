'use strict';
// Which side ran out of CPU, called on the median over the ok runs against the threshold in
// scenarios.json. Basis, per run:
//  - pinned-side-cpu (server and load generator pinned apart): the side's processes' CPU time plus the
//    interrupt/softirq time on its CPUs (/proc/stat), over wall time x its CPUs. On loopback much of TCP
//    runs in softirq, outside any process's CPU time; other programs on those CPUs are not counted.
//  - process-cpu-time (not pinned): CPU seconds of the side's processes / (wall seconds x CPUs).
// "both" is a real answer on a small machine: the load generator then caps the rate as much as the server.
const { median } = require('./stats');

function utilization(cpuSeconds, wallSeconds, cpuCount) {
  if (!(wallSeconds > 0) || !(cpuCount > 0)) throw new Error('utilization needs wall seconds > 0 and a CPU count > 0');
  return cpuSeconds / (wallSeconds * cpuCount);
}

function classifyBottleneck(okRuns, threshold) {
  if (!(threshold > 0 && threshold <= 1)) throw new Error(`saturation threshold must be in (0, 1], got ${threshold}`);
  if (okRuns.length === 0) return { side: 'unknown', serverCpuUtilization: null, clientCpuUtilization: null };
  const pinned = okRuns.every((r) => typeof r.serverSideUtilization === 'number' && typeof r.clientSideUtilization === 'number');
  const basis = pinned ? 'pinned-side-cpu' : 'process-cpu-time';
  const server = median(okRuns.map((r) => (pinned ? r.serverSideUtilization : r.serverCpuUtilization)));
  const client = median(okRuns.map((r) => (pinned ? r.clientSideUtilization : r.clientCpuUtilization)));
  const serverSaturated = server >= threshold;
  const clientSaturated = client >= threshold;
  let side = 'neither';
  if (serverSaturated && clientSaturated) side = 'both';
  else if (serverSaturated) side = 'server';
  else if (clientSaturated) side = 'client';
  return { side, basis, serverCpuUtilization: server, clientCpuUtilization: client };
}

// How much of each side's CPUs went to programs other than the bench (median over ok runs), or null.
function contention(okRuns) {
  if (okRuns.length === 0 || !okRuns.every((r) => typeof r.serverCpusBusy === 'number' && typeof r.clientCpusBusy === 'number')) return null;
  return {
    server: Math.max(0, median(okRuns.map((r) => r.serverCpusBusy - r.serverSideUtilization))),
    client: Math.max(0, median(okRuns.map((r) => r.clientCpusBusy - r.clientSideUtilization))),
  };
}

module.exports = { classifyBottleneck, contention, utilization };
