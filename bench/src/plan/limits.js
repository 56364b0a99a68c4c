'use strict';
// The open-files hard limit: the runner raises the soft limit to it for servers and load generators.
const { readFileSync } = require('node:fs');
const { BenchError } = require('../helpers/errors');
const { partsIn } = require('../parts/part-list');

function openFilesHardLimit() {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
  const hard = line && line.trim().split(/\s+/)[4];
  if (!hard) throw new Error('cannot read "Max open files" from /proc/self/limits');
  return hard === 'unlimited' ? 1048576 : Number(hard);
}

// Each connection is a descriptor on both sides; leave room for listeners, logs and epoll.
const DESCRIPTOR_MARGIN = 64;

const RAISE_HINT = "raise it (limits.conf, systemd LimitNOFILE, or the container's ulimit)";

// What the hard limit allows, in the words every part's message uses (parts/part.js: fitOpenFiles).
function openFilesLimits(hardLimit) {
  const need = (connections) => connections + DESCRIPTOR_MARGIN;
  return {
    allows: (connections) => hardLimit >= need(connections),
    skipReason: (connections) => `skipped: ${connections} connections need an open-files limit of at least ${need(connections)}, but the hard limit here is ${hardLimit} (ulimit -Hn); ${RAISE_HINT}`,
    refuse: (what, connections) => new BenchError(`${what} needs an open-files limit of at least ${need(connections)}, `
      + `but the hard limit is ${hardLimit} (ulimit -Hn); ${RAISE_HINT}`),
  };
}

// Each part of the plan fits its block to the hard limit (a scenario marked whenOpenFilesAllow that
// needs more descriptors is skipped, with the reason recorded in the results; anything else that needs
// more stops the run before it starts). Returns what was skipped, by part: { [part]: [{ id, connections, reason }] }.
function fitOpenFiles(plan, hardLimit) {
  const limits = openFilesLimits(hardLimit);
  const skipped = {};
  for (const part of partsIn(plan)) {
    if (!part.plan.fitOpenFiles) continue;
    const fitted = part.plan.fitOpenFiles(plan[part.name], limits);
    plan[part.name] = fitted.block;
    if (fitted.skipped.length) skipped[part.name] = fitted.skipped;
  }
  return skipped;
}

module.exports = { openFilesHardLimit, fitOpenFiles, openFilesLimits, DESCRIPTOR_MARGIN };
