'use strict';
// Which CPUs the servers and the load generator get. With >= 2 CPUs they are pinned apart (taskset):
// the first half serves, the rest loads, and each side runs one thread per CPU it has.
const { readFileSync } = require('node:fs');
const { availableParallelism } = require('node:os');
const { softirqAccounting, parseCpuList } = require('../../../shared/src/proc-stats');

function allowedCpus() {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const line = status.split('\n').find((l) => l.startsWith('Cpus_allowed_list:'));
    if (line) return parseCpuList(line.split(':')[1]);
  } catch { /* not Linux: fall through */ }
  return Array.from({ length: availableParallelism() }, (_, i) => i);
}

function planCpus(cpus = allowedCpus(), irqAccounting = softirqAccounting()) {
  if (cpus.length < 2) {
    return { softirqAccounting: irqAccounting, pinned: false, serverCpus: '', clientCpus: '', serverThreads: 1, clientThreads: 1, serverCpuCount: 1, clientCpuCount: 1 };
  }
  const half = Math.floor(cpus.length / 2);
  const server = cpus.slice(0, half);
  const client = cpus.slice(half);
  return {
    softirqAccounting: irqAccounting,
    pinned: true,
    serverCpus: server.join(','),
    clientCpus: client.join(','),
    serverThreads: server.length,
    clientThreads: client.length,
    serverCpuCount: server.length,
    clientCpuCount: client.length,
  };
}

module.exports = { planCpus, allowedCpus };
