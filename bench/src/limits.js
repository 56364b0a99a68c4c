'use strict';
// The open-files hard limit: the runner raises the soft limit to it for servers and load generators.
const { readFileSync } = require('node:fs');
const { BenchError } = require('./errors');

function openFilesHardLimit() {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
  const hard = line && line.trim().split(/\s+/)[4];
  if (!hard) throw new Error('cannot read "Max open files" from /proc/self/limits');
  return hard === 'unlimited' ? 1048576 : Number(hard);
}

// Each connection is a descriptor on both sides; leave room for listeners, logs and epoll.
const DESCRIPTOR_MARGIN = 64;

function checkOpenFiles(plan, hardLimit) {
  const widest = Math.max(...plan.scenarios.map((s) => s.connections));
  if (hardLimit < widest + DESCRIPTOR_MARGIN) {
    throw new BenchError(`scenarios with ${widest} connections need an open-files limit of at least ${widest + DESCRIPTOR_MARGIN}, `
      + `but the hard limit is ${hardLimit} (ulimit -Hn); raise it (limits.conf, systemd LimitNOFILE, or the container's ulimit)`);
  }
}

module.exports = { openFilesHardLimit, checkOpenFiles };
