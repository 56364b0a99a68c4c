'use strict';
// wrk output -> figures. The figures come from the one JSON line printed by bench/wrk/report.lua;
// wrk's own text summary is parsed only to cross-check that line (same requests, same errors).

const REPORT_MARKER = 'WRK_REPORT_JSON ';
const ERROR_KINDS = ['connect', 'read', 'write', 'status', 'timeout'];
const PERCENTILES = ['p50', 'p75', 'p90', 'p99', 'p999'];

function requireNumber(value, field) {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new Error(`wrk report field ${field} is ${JSON.stringify(value)}, expected a number >= 0`);
  }
  return value;
}

function parseWrkReport(stdout) {
  const lines = stdout.split('\n').filter((l) => l.startsWith(REPORT_MARKER));
  if (lines.length === 0) {
    const firstLine = stdout.trim().split('\n')[0] || '(no output)';
    throw new Error(`wrk printed no ${REPORT_MARKER.trim()} line (bench/wrk/report.lua); its output began: ${firstLine}`);
  }
  if (lines.length > 1) throw new Error(`wrk printed ${lines.length} ${REPORT_MARKER.trim()} lines, expected one`);
  let raw;
  try {
    raw = JSON.parse(lines[0].slice(REPORT_MARKER.length));
  } catch (err) {
    throw new Error(`wrk report line is not valid JSON: ${err.message}`);
  }
  const errors = {};
  for (const kind of ERROR_KINDS) errors[kind] = requireNumber(raw.errors?.[kind], `errors.${kind}`);
  const latencyUs = {};
  for (const key of ['min', 'max', 'mean', 'stdev', ...PERCENTILES]) latencyUs[key] = requireNumber(raw.latencyUs?.[key], `latencyUs.${key}`);
  return {
    durationSeconds: requireNumber(raw.durationUs, 'durationUs') / 1e6,
    requests: requireNumber(raw.requests, 'requests'),
    bytes: requireNumber(raw.bytes, 'bytes'),
    errors,
    latencyUs,
  };
}

const UNIT_SECONDS = { us: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

function parseWrkText(stdout) {
  const total = /^\s*(\d+) requests in ([\d.]+)(us|ms|s|m|h), ([\d.]+)([KMGT]?B) read$/m.exec(stdout);
  if (!total) throw new Error('wrk text summary has no "N requests in T, B read" line');
  const rate = /^Requests\/sec:\s+([\d.]+)$/m.exec(stdout);
  const socket = /^\s*Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)$/m.exec(stdout);
  const non2xx = /^\s*Non-2xx or 3xx responses: (\d+)$/m.exec(stdout);
  return {
    requests: Number(total[1]),
    seconds: Number(total[2]) * UNIT_SECONDS[total[3]],
    requestsPerSecond: rate ? Number(rate[1]) : null,
    errors: {
      connect: socket ? Number(socket[1]) : 0,
      read: socket ? Number(socket[2]) : 0,
      write: socket ? Number(socket[3]) : 0,
      timeout: socket ? Number(socket[4]) : 0,
      status: non2xx ? Number(non2xx[1]) : 0,
    },
  };
}

// The JSON line, checked against wrk's text: a mismatch means one of the two is misread.
function parseWrkOutput(stdout) {
  const report = parseWrkReport(stdout);
  const text = parseWrkText(stdout);
  if (text.requests !== report.requests) {
    throw new Error(`wrk text says ${text.requests} requests, its report line says ${report.requests}`);
  }
  for (const kind of ERROR_KINDS) {
    if (text.errors[kind] !== report.errors[kind]) {
      throw new Error(`wrk text says ${text.errors[kind]} ${kind} errors, its report line says ${report.errors[kind]}`);
    }
  }
  return { ...report, requestsPerSecond: report.requests / report.durationSeconds, textRequestsPerSecond: text.requestsPerSecond };
}

module.exports = { parseWrkOutput, parseWrkReport, parseWrkText, REPORT_MARKER };
