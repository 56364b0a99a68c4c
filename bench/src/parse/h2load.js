'use strict';
// h2load text output -> the request counts the instruction counts rely on. h2load exits 0 even when
// every request failed, so the counts decide: a run is good only when every request succeeded.

function parseH2loadOutput(text) {
  const counts = /^requests: (\d+) total, (\d+) started, (\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored, (\d+) timeout$/m.exec(text);
  if (!counts) throw new Error(`h2load output has no "requests: N total, ..." line; it began: ${text.trim().split('\n')[0] || '(empty)'}`);
  const [total, started, done, succeeded, failed, errored, timeout] = counts.slice(1).map(Number);
  const status = /^status codes: (\d+) 2xx, (\d+) 3xx, (\d+) 4xx, (\d+) 5xx$/m.exec(text);
  if (!status) throw new Error('h2load output has no "status codes:" line');
  const finished = /^finished in ([\d.]+)(us|ms|s), ([\d.]+) req\/s/m.exec(text);
  const unit = { us: 1e-6, ms: 1e-3, s: 1 };
  return {
    total, started, done, succeeded, failed, errored, timeout,
    status2xx: Number(status[1]),
    non2xx: Number(status[2]) + Number(status[3]) + Number(status[4]),
    seconds: finished ? Number(finished[1]) * unit[finished[2]] : null,
    requestsPerSecond: finished ? Number(finished[3]) : null,
  };
}

// Throws unless exactly `expected` requests were answered with 2xx: the N / 2N method needs exact counts.
function checkAllSucceeded(parsed, expected) {
  if (parsed.total !== expected) throw new Error(`h2load was asked for ${parsed.total} requests, expected ${expected}`);
  if (parsed.succeeded !== expected || parsed.status2xx !== expected) {
    throw new Error(`h2load: ${parsed.succeeded} of ${expected} requests succeeded (${parsed.status2xx} 2xx, ${parsed.failed} failed, ${parsed.errored} errored, ${parsed.timeout} timed out)`);
  }
}

module.exports = { parseH2loadOutput, checkAllSucceeded };
