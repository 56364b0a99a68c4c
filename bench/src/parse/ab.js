'use strict';
// ApacheBench (ab) text output -> figures, and its per-request file (-g) -> the p99.9 that ab's own
// table lacks. ab measures latency in whole milliseconds; results carry microseconds (x 1000).

function field(text, label) {
  const m = new RegExp(`^${label}:\\s+(.+)$`, 'm').exec(text);
  return m ? m[1].trim() : null;
}

function requiredNumber(text, label) {
  const value = field(text, label);
  const number = value === null ? NaN : Number.parseFloat(value);
  if (!Number.isFinite(number)) throw new Error(`ab output has no "${label}:" figure`);
  return number;
}

function parseAbOutput(text) {
  if (!/^Benchmarking /m.test(text)) throw new Error(`not ab output: ${text.trim().split('\n')[0] || '(empty)'}`);
  const completeRequests = requiredNumber(text, 'Complete requests');
  const failedRequests = requiredNumber(text, 'Failed requests');
  const breakdown = /^\s+\(Connect: (\d+), Receive: (\d+), Length: (\d+), Exceptions: (\d+)\)$/m.exec(text);
  if (failedRequests > 0 && !breakdown) throw new Error('ab reports failed requests without the (Connect, Receive, Length, Exceptions) breakdown');
  const [connect, receive, length, exceptions] = breakdown ? breakdown.slice(1).map(Number) : [0, 0, 0, 0];
  const total = /^Total:\s+(\d+)\s+(\d+)\s+([\d.]+)\s+(\d+)\s+(\d+)$/m.exec(text);
  if (!total) throw new Error('ab output has no "Total:" row under Connection Times');
  const percentilesMs = {};
  for (const m of text.matchAll(/^\s+(\d+)%\s+(\d+)/gm)) percentilesMs[Number(m[1])] = Number(m[2]);
  for (const p of [50, 75, 90, 99]) {
    if (percentilesMs[p] === undefined) throw new Error(`ab output has no ${p}% row under "Percentage of the requests served"`);
  }
  return {
    serverSoftware: field(text, 'Server Software'),
    completeRequests,
    failedRequests,
    failed: { connect, receive, length, exceptions },
    writeErrors: field(text, 'Write errors') === null ? 0 : requiredNumber(text, 'Write errors'),
    non2xx: field(text, 'Non-2xx responses') === null ? 0 : requiredNumber(text, 'Non-2xx responses'),
    timeTakenSeconds: requiredNumber(text, 'Time taken for tests'),
    requestsPerSecond: requiredNumber(text, 'Requests per second'),
    totalTransferredBytes: requiredNumber(text, 'Total transferred'),
    totalMs: { min: Number(total[1]), mean: Number(total[2]), sd: Number(total[3]), median: Number(total[4]), max: Number(total[5]) },
    percentilesMs,
  };
}

// ab -g file: header line, then one tab-separated row per request; column "ttime" = total ms.
function parseAbLatencyFile(text) {
  const lines = text.trimEnd().split('\n');
  const header = lines[0].split('\t');
  const column = header.indexOf('ttime');
  if (column < 0) throw new Error('ab -g file has no ttime column');
  const times = lines.slice(1).map((l) => Number(l.split('\t')[column]));
  if (times.some((t) => !Number.isFinite(t))) throw new Error('ab -g file has a row without a numeric ttime');
  return times.sort((a, b) => a - b);
}

// Same rule as ab's own table: the value at index floor(n * p / 100) of the sorted times.
function percentileOfSorted(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

// Into the run-record shape used for wrk (errors by kind, latency in microseconds).
function abMeasurement(parsed, sortedTotalsMs) {
  const us = (ms) => ms * 1000;
  const p999 = percentileOfSorted(sortedTotalsMs, 99.9);
  if (p999 === null) throw new Error('ab -g file holds no request');
  return {
    durationSeconds: parsed.timeTakenSeconds,
    requests: parsed.completeRequests,
    bytes: parsed.totalTransferredBytes,
    requestsPerSecond: parsed.requestsPerSecond, // ab's figure: its printed time is rounded to ms
    errors: {
      connect: parsed.failed.connect,
      read: parsed.failed.receive,
      write: parsed.writeErrors,
      status: parsed.non2xx,
      timeout: 0, // ab stops the whole test on a socket timeout (-s) rather than counting it
      other: parsed.failed.length + parsed.failed.exceptions,
    },
    latencyUs: {
      min: us(parsed.totalMs.min),
      mean: us(parsed.totalMs.mean),
      stdev: us(parsed.totalMs.sd),
      max: us(parsed.totalMs.max),
      p50: us(parsed.percentilesMs[50]),
      p75: us(parsed.percentilesMs[75]),
      p90: us(parsed.percentilesMs[90]),
      p99: us(parsed.percentilesMs[99]),
      p999: us(p999),
    },
  };
}

module.exports = { parseAbOutput, parseAbLatencyFile, percentileOfSorted, abMeasurement };
