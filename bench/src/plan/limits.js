'use strict';
// The open-files hard limit: the runner raises the soft limit to it for servers and load generators.
const { readFileSync } = require('node:fs');
const { BenchError } = require('../helpers/errors');

function openFilesHardLimit() {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
  const hard = line && line.trim().split(/\s+/)[4];
  if (!hard) throw new Error('cannot read "Max open files" from /proc/self/limits');
  return hard === 'unlimited' ? 1048576 : Number(hard);
}

// Each connection is a descriptor on both sides; leave room for listeners, logs and epoll.
const DESCRIPTOR_MARGIN = 64;

const RAISE_HINT = "raise it (limits.conf, systemd LimitNOFILE, or the container's ulimit)";

// Scenarios marked whenOpenFilesAllow that need more descriptors than the hard limit are skipped, with
// the reason recorded in the results; any other part that needs more stops the run before it starts.
// Returns { scenarios (to run), skipped: [{ id, connections, reason }] }.
function checkOpenFiles(plan, hardLimit) {
  const need = (connections) => connections + DESCRIPTOR_MARGIN;
  const skipped = [];
  const scenarios = [];
  for (const s of plan.scenarios) {
    if (hardLimit >= need(s.connections)) scenarios.push(s);
    else if (s.whenOpenFilesAllow) {
      skipped.push({ id: s.id, connections: s.connections, reason: `skipped: ${s.connections} connections need an open-files limit of at least ${need(s.connections)}, but the hard limit here is ${hardLimit} (ulimit -Hn); ${RAISE_HINT}` });
    } else {
      throw new BenchError(`scenario ${s.id} with ${s.connections} connections needs an open-files limit of at least ${need(s.connections)}, `
        + `but the hard limit is ${hardLimit} (ulimit -Hn); ${RAISE_HINT}`);
    }
  }
  const widestLevel = plan.sweep ? Math.max(...plan.sweep.levels, plan.sweep.warmupConnections) : 0;
  if (plan.sweep && hardLimit < need(widestLevel)) {
    throw new BenchError(`the sweep level of ${widestLevel} connections needs an open-files limit of at least ${need(widestLevel)}, `
      + `but the hard limit is ${hardLimit} (ulimit -Hn); ${RAISE_HINT}`);
  }
  return { scenarios, skipped };
}

module.exports = { openFilesHardLimit, checkOpenFiles, DESCRIPTOR_MARGIN };
