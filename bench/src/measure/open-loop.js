'use strict';
// Latency at a fixed request rate, without coordinated omission: oha (crates.io, built by
// bench/setup.sh) sends requests on a clock (-q) and, with --latency-correction, measures each
// latency from the moment the request was due, not from when it could be sent, so a server stall
// shows up in the percentiles instead of silently lowering the rate. The achieved rate is checked:
// a level the generator could not hold (a client CPU too slow for the target rate, or errors) is
// marked held: false with the reason, and is not the server's latency at that rate.
const { openSync, closeSync, readFileSync, mkdirSync } = require('node:fs');
const { dirname } = require('node:path');
const { spawnGroup, stopGroup } = require('../../../shared/src/process-group');
const { shellLine, pinned } = require('../helpers/command-line');
const { BenchError } = require('../helpers/errors');

// oha's name -> ours (p999 as in the closed-loop latency of the results schema)
const PERCENTILES = [['p50', 'p50'], ['p75', 'p75'], ['p90', 'p90'], ['p99', 'p99'], ['p99.9', 'p999']];
// Achieved / target at or above which a level counts as held.
const HOLD_RATIO = 0.98;

function ohaArgs({ binary, url, method = 'GET', bodyFile = null, rate, durationSeconds, connections, threads = 1 }) {
  return [
    binary, '-q', String(rate), '-z', `${durationSeconds}s`, '-c', String(connections),
    // -w: requests still running at the deadline are waited for, not counted as aborted.
    '-w', '--latency-correction', '--no-tui', '--output-format', 'json', '--worker-threads', String(threads),
    '-m', method, ...(bodyFile ? ['-D', bodyFile, '-T', 'application/json'] : []), url,
  ];
}

function ohaArgv(options) {
  const { url, rate, durationSeconds, connections, threads = 1 } = options;
  for (const [name, value] of [['rate', rate], ['durationSeconds', durationSeconds], ['connections', connections], ['threads', threads]]) {
    if (!Number.isInteger(value) || value < 1) throw new BenchError(`fixed-rate run: ${name} must be an integer >= 1, got ${value}`);
  }
  if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\]):\d+\//.test(url)) {
    throw new BenchError(`fixed-rate run: ${url} is not a loopback http URL; load only targets this machine`);
  }
  return ohaArgs(options);
}

// The command line of the results, with {rate} and {url} for what each run fills in.
function ohaTemplate({ binary, method, bodyFile, durationSeconds, connections, threads, cpus = '' }) {
  return shellLine(pinned(ohaArgs({ binary, url: '{url}', method, bodyFile, rate: '{rate}', durationSeconds, connections, threads }), cpus));
}

function need(object, path, where) {
  let value = object;
  for (const key of path) value = value == null ? undefined : value[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new BenchError(`${where}: oha's JSON has no number at ${path.join('.')}`);
  }
  return value;
}

// oha --output-format json -> figures (latencies in microseconds).
function parseOhaJson(text, where = 'oha output') {
  let report;
  try {
    report = JSON.parse(text);
  } catch (err) {
    throw new BenchError(`${where}: not JSON (${err.message}): ${String(text).slice(0, 200)}`);
  }
  const statusCounts = report.statusCodeDistribution || {};
  const errorCounts = report.errorDistribution || {};
  const count = (o) => Object.values(o).reduce((a, b) => a + b, 0);
  const responses = count(statusCounts);
  const ok = Object.entries(statusCounts).filter(([code]) => /^2\d\d$/.test(code)).reduce((a, [, n]) => a + n, 0);
  const elapsed = need(report, ['summary', 'total'], where);
  const latencyUs = {};
  const us = (seconds) => Math.round(seconds * 1e7) / 10; // 0.1 µs, as oha's nanosecond figures allow
  for (const [key, name] of PERCENTILES) latencyUs[name] = responses ? us(need(report, ['latencyPercentiles', key], where)) : null;
  latencyUs.max = responses ? us(need(report, ['summary', 'slowest'], where)) : null;
  return {
    responses,
    okResponses: ok,
    non2xx: responses - ok,
    errors: errorCounts,
    errorCount: count(errorCounts),
    elapsedSeconds: elapsed,
    achievedRate: elapsed > 0 ? ok / elapsed : 0,
    latencyUs,
  };
}

// held: the generator sent at the target rate and every request got a 2xx answer.
function judgeLevel(targetRate, figures) {
  const reasons = [];
  const ratio = figures.achievedRate / targetRate;
  if (ratio < HOLD_RATIO) {
    reasons.push(`achieved ${Math.round(figures.achievedRate)} req/s of ${targetRate} (${(ratio * 100).toFixed(1)} %, below ${HOLD_RATIO * 100} %)`);
  }
  if (figures.errorCount > 0) reasons.push(`${figures.errorCount} request errors (${Object.entries(figures.errors).map(([k, n]) => `${k}: ${n}`).join(', ')})`);
  if (figures.non2xx > 0) reasons.push(`${figures.non2xx} answers were not 2xx`);
  return { held: reasons.length === 0, notHeldReason: reasons.length ? reasons.join('; ') : null };
}

// (server URL, method, body file, rate, duration, connections) -> one fixed-rate record.
// Bounded in time: the generator's process group is killed graceSeconds after the duration.
// cwd: where a relative body file is found (the runner: the repository).
async function runFixedRate({ binary, toolVersion, url, method = 'GET', bodyFile = null, rate, durationSeconds, connections,
  cpus = '', threads = 1, logPath, graceSeconds = 15, cwd = undefined }) {
  const argv = ohaArgv({ binary, url, method, bodyFile, rate, durationSeconds, connections, threads });
  const command = shellLine(pinned(argv, cpus));
  const base = { tool: 'oha', toolVersion, openLoop: true, latencyCorrection: true, command, url, method, bodyFile,
    targetRate: rate, durationSeconds, connections };
  mkdirSync(dirname(logPath), { recursive: true });
  const outFd = openSync(logPath, 'w');
  const errPath = `${logPath}.stderr`;
  const errFd = openSync(errPath, 'w');
  const run = spawnGroup(pinned(argv, cpus), { label: `oha ${rate}/s`, cwd, stdio: ['ignore', outFd, errFd] });
  closeSync(outFd);
  closeSync(errFd);
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; stopGroup(run.pgid, 2000); }, (durationSeconds + graceSeconds) * 1000);
  const exit = await run.exited;
  clearTimeout(timer);
  await stopGroup(run.pgid, 2000);
  if (exit.error) return { ...base, status: 'failed', failureReason: `could not start ${argv[0]}: ${exit.error.message}` };
  if (timedOut) return { ...base, status: 'failed', failureReason: `oha ran past ${durationSeconds + graceSeconds} s and was killed` };
  if (exit.code !== 0) {
    return { ...base, status: 'failed', failureReason: `oha exited with ${exit.signal || exit.code}: ${readFileSync(errPath, 'utf8').trim().slice(0, 300)}` };
  }
  let figures;
  try {
    figures = parseOhaJson(readFileSync(logPath, 'utf8'), logPath);
  } catch (err) {
    return { ...base, status: 'failed', failureReason: err.message };
  }
  return { ...base, status: 'ok', ...judgeLevel(rate, figures), achievedRate: figures.achievedRate, responses: figures.responses,
    non2xx: figures.non2xx, errors: figures.errors, elapsedSeconds: figures.elapsedSeconds, latencyUs: figures.latencyUs };
}

// Rates for the levels: fractions of the slowest compared server's measured maximum, rounded to 100.
function fixedRateLevels(slowestMaximum, fractions = [0.25, 0.5, 0.75, 0.9]) {
  if (!(slowestMaximum > 0)) throw new BenchError(`fixed-rate levels need a measured maximum > 0, got ${slowestMaximum}`);
  return fractions.map((f) => ({ fraction: f, rate: Math.max(100, Math.round((slowestMaximum * f) / 100) * 100) }));
}

module.exports = { ohaArgv, ohaTemplate, parseOhaJson, judgeLevel, runFixedRate, fixedRateLevels, HOLD_RATIO };
