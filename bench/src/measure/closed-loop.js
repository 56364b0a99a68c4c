'use strict';
// One measured run: the load generator against a running server, bounded in time, with the server's
// CPU time and peak RSS read from /proc around it and the load generator's CPU time from wait4
// (bash `times`). Returns a run record (status ok or failed); never throws for a failed run.
const { openSync, closeSync, rmSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { spawnGroup, stopGroup, forgetGroup } = require('../../../shared/src/process-group');
const { fillTemplate, shellLine, wrapTimed, parseTimesOutput, pinned } = require('../helpers/command-line');
const { cpuTicksOfGroup, cpuSplitBetween, peakRssOfGroup, resetPeakRssOfGroup, groupMembers, readCpuTimes, cpuShares, parseCpuList } = require('../../../shared/src/proc-stats');
const { parseWrkOutput } = require('../parse/wrk');
const { parseAbOutput, parseAbLatencyFile, abMeasurement } = require('../parse/ab');
const { utilization } = require('../summarize/bottleneck');
const { serverUrl, describeExit } = require('../servers/servers');
const { BenchError } = require('../helpers/errors');
const { repoRoot, displayPath } = require('../../../shared/src/project-paths');
const { readTextOrEmpty: readText } = require('../helpers/read-text');

const LOOPBACK = '127.0.0.1';

// The step each load generator measures latency in, in microseconds: wrk in microseconds, ab in whole
// milliseconds (its latencies are multiples of 1000 here, and a 0 means "under 1 ms").
const LATENCY_RESOLUTION_US = Object.freeze({ wrk: 1, ab: 1000 });

// The argv of one load run, and its template form for the results ({url} instead of the URL).
// wrk: report.lua; for a pipelined scenario pipeline.lua with the depth after the URL (-- 16); for a
// request with a body (the JSON scenarios' POST) post-body.lua with the body file after the URL.
function loadCommand({ scenario, toolDef, cpu, durationSeconds, url, latencyFile }) {
  const depth = scenario.pipelineDepth ?? 1;
  let script = toolDef.script;
  let scriptArgs = [];
  if (depth > 1) {
    script = toolDef.pipelineScript;
    scriptArgs = ['--', String(depth)];
  } else if (scenario.bodyFile) {
    if (!toolDef.bodyScript) throw new BenchError(`scenario ${scenario.id} sends a body, but tools.${scenario.tool} has no bodyScript`);
    script = toolDef.bodyScript;
    scriptArgs = ['--', scenario.bodyFile];
  }
  const values = {
    // A scenario may set its own thread count (the JSON scenarios' published shape); wrk refuses
    // fewer connections than threads.
    clientThreads: Math.min(scenario.clientThreads ?? cpu.clientThreads, scenario.connections),
    connections: scenario.connections,
    durationSeconds,
    modeArgs: scenario.keepAlive ? toolDef.keepAliveArgs : toolDef.closeArgs,
    maxRequests: durationSeconds * (toolDef.maxRequestsPerSecond || 1),
    script,
    scriptArgs,
    latencyFile,
    url,
  };
  const where = `tools.${scenario.tool}.command`;
  const argv = fillTemplate(toolDef.command, values, where);
  const template = shellLine(fillTemplate(toolDef.command, { ...values, url: '{url}', latencyFile: '{latencyFile}' }, where));
  return { argv: pinned(argv, cpu.clientCpus), template };
}

function assertLoopback(url) {
  const host = new URL(url).hostname;
  if (host !== LOOPBACK) throw new BenchError(`refusing to send load to ${host}: the bench loads ${LOOPBACK} only`);
}

function lastLines(text, n = 3) {
  return text.trim().split('\n').filter((l) => !/^\d+m[\d.]+s \d+m[\d.]+s$/.test(l.trim())).slice(-n).join(' | ');
}

// The exact command of one run (also recorded for a run that never started), and its log paths.
// The URL: the scenario's path (JSON endpoints) or the server's own.
function runCommand({ scenario, toolDef, serverDef, cpu, durationSeconds, scenariosData, openFilesLimit, logDir, logName }) {
  const url = serverUrl(serverDef, scenariosData.address, scenario.path);
  assertLoopback(url);
  const stdoutPath = join(logDir, `${logName}.out`);
  const stderrPath = join(logDir, `${logName}.err`);
  const latencyFile = join(logDir, `${logName}.tsv`);
  const { argv, template } = loadCommand({ scenario, toolDef, cpu, durationSeconds, url, latencyFile: displayPath(latencyFile) });
  return { argv, template, command: `ulimit -n ${openFilesLimit} && ${shellLine(argv)}`, stdoutPath, stderrPath, latencyFile };
}

// A pipelined wrk run reads about one whole answer per counted request (plus the batches still in
// flight at the end); a count of writes would be `depth` times too few. Allowed slack:
const BYTES_PER_RESPONSE_TOLERANCE = 0.02;

// ctx: { scenario, toolDef, server (handle from servers.startServer), cpu, durationSeconds,
//        scenariosData, openFilesLimit, logDir, logName, round, positionInRound (0 for a warm-up),
//        block (the scenario's block of rounds, when it has blocks) }
async function measureRun(ctx) {
  const { scenario, server, cpu, durationSeconds, scenariosData, logDir, logName, round, block, positionInRound } = ctx;
  const { argv, command, stdoutPath, stderrPath, latencyFile } = runCommand({ ...ctx, serverDef: ctx.server.def });
  mkdirSync(logDir, { recursive: true });
  const place = { repetition: round, round, ...(block ? { block } : {}), positionInRound };
  const failed = (reason) => ({ ...place, status: 'failed', command, failureReason: reason, rawLog: displayPath(stdoutPath) });

  if (server.exit || groupMembers(server.pgid).length === 0) {
    return failed(`server "${server.def.id}" was not running before the run (${describeExit(server.exit)}); log ${displayPath(server.logPath)}`);
  }

  const cpuBefore = cpuTicksOfGroup(server.pgid);
  const cpuTimesBefore = readCpuTimes();
  resetPeakRssOfGroup(server.pgid);
  const outFd = openSync(stdoutPath, 'w');
  const errFd = openSync(stderrPath, 'w');
  const startedNs = process.hrtime.bigint();
  const load = spawnGroup(wrapTimed(argv), { label: `${scenario.tool} ${logName}`, cwd: repoRoot, stdio: ['ignore', outFd, errFd] });
  closeSync(outFd);
  closeSync(errFd);

  // Bound in time: the tool's own duration, plus a grace period, then its whole group is killed.
  const limitMs = (durationSeconds + scenariosData.timeouts.loadGraceSeconds) * 1000;
  let timer;
  const timedOut = new Promise((resolve) => { timer = setTimeout(() => resolve('timeout'), limitMs); });
  const outcome = await Promise.race([load.exited, timedOut]);
  clearTimeout(timer);
  const wallSeconds = Number(process.hrtime.bigint() - startedNs) / 1e9;
  const cpuAfter = cpuTicksOfGroup(server.pgid);
  const cpuTimesAfter = readCpuTimes();
  const peakRss = peakRssOfGroup(server.pgid);
  if (outcome === 'timeout') await stopGroup(load.pgid, 1000);
  else forgetGroup(load.pgid);

  const stdout = readText(stdoutPath);
  const stderr = readText(stderrPath);
  if (server.exit || groupMembers(server.pgid).length === 0) {
    return failed(`server "${server.def.id}" ${describeExit(server.exit)} during the run; log ${displayPath(server.logPath)}`);
  }
  if (outcome === 'timeout') return failed(`${scenario.tool} did not finish within ${limitMs / 1000} s and was killed`);
  if (outcome.error) return failed(`could not start ${scenario.tool}: ${outcome.error.message}`);
  if (outcome.code !== 0) {
    return failed(`${scenario.tool} ${describeExit(outcome)}: ${lastLines(stderr) || lastLines(stdout) || 'no output'}`);
  }

  let measurement;
  try {
    if (scenario.tool === 'wrk') {
      measurement = parseWrkOutput(stdout);
    } else {
      measurement = abMeasurement(parseAbOutput(stdout), parseAbLatencyFile(readText(latencyFile)));
      rmSync(latencyFile, { force: true }); // per-request rows, large; its p99.9 is in the results
    }
  } catch (err) {
    return failed(`could not read ${scenario.tool} output: ${err.message}`);
  }
  if (measurement.requests === 0) return failed(`${scenario.tool} completed no request: ${lastLines(stdout)}`);
  // A JSON endpoint that answers 4xx/5xx is not doing the work being measured (conformance checked the
  // answers before; this catches a server that changes its mind under load).
  if (scenario.kind === 'json' && measurement.errors.status > 0) {
    return failed(`${scenario.tool} counted ${measurement.errors.status} answers with an error status (4xx/5xx) of ${measurement.requests}: the server did not do the work being measured`);
  }
  const pipelined = (scenario.pipelineDepth ?? 1) > 1;
  if (pipelined && server.responseBytes) {
    const perRequest = measurement.bytes / measurement.requests;
    if (Math.abs(perRequest - server.responseBytes) / server.responseBytes > BYTES_PER_RESPONSE_TOLERANCE) {
      return failed(`wrk counted ${measurement.requests} requests but read ${measurement.bytes} bytes (${perRequest.toFixed(1)} per request) `
        + `while one answer is ${server.responseBytes} bytes: its count is not one per response`);
    }
  }

  const clientCpuSeconds = parseTimesOutput(stderr);
  if (clientCpuSeconds === null) return failed(`no CPU time of ${scenario.tool} in its wrapper's \`times\` output`);
  const serverCpu = cpuSplitBetween(cpuBefore, cpuAfter);
  const serverCpuSeconds = serverCpu.user + serverCpu.system;
  if (serverCpuSeconds === 0) return failed(`server "${server.def.id}" used no measurable CPU time: its processes were not found in /proc`);

  const serverCpuUtilization = utilization(serverCpuSeconds, wallSeconds, cpu.serverCpuCount);
  const clientCpuUtilization = utilization(clientCpuSeconds, wallSeconds, cpu.clientCpuCount);
  // With the sides pinned apart, from /proc/stat: how busy each side's CPUs were (anything running
  // there), and that side's own load = its processes + the interrupt/softirq work on its CPUs when the
  // kernel accounts that work apart from processes (proc-stats.softirqAccounting).
  const sides = {};
  if (cpu.pinned) {
    const irqApart = cpu.softirqAccounting === 'separate';
    const serverShares = cpuShares(cpuTimesBefore, cpuTimesAfter, parseCpuList(cpu.serverCpus));
    const clientShares = cpuShares(cpuTimesBefore, cpuTimesAfter, parseCpuList(cpu.clientCpus));
    if (serverShares && clientShares) {
      Object.assign(sides, {
        serverSideUtilization: serverCpuUtilization + (irqApart ? serverShares.irq : 0),
        clientSideUtilization: clientCpuUtilization + (irqApart ? clientShares.irq : 0),
        serverCpusBusy: serverShares.busy,
        clientCpusBusy: clientShares.busy,
      });
    }
  }

  return {
    ...place,
    status: 'ok',
    command,
    durationSeconds: measurement.durationSeconds,
    requests: measurement.requests,
    bytes: measurement.bytes,
    requestsPerSecond: measurement.requestsPerSecond,
    errors: measurement.errors,
    // wrk's latency under pipelining is per batch and mis-corrected (see the pipelined-latency note)
    latencyUs: pipelined ? null : measurement.latencyUs,
    serverCpuSeconds,
    serverCpuMicrosPerRequest: (serverCpuSeconds * 1e6) / measurement.requests,
    // Where the server's CPU time went (utime and stime of /proc/<pid>/stat): its own code, and the
    // kernel working on its behalf (system calls, the TCP stack when it runs in the server's context).
    serverUserCpuSeconds: serverCpu.user,
    serverSystemCpuSeconds: serverCpu.system,
    serverUserMicrosPerRequest: (serverCpu.user * 1e6) / measurement.requests,
    serverKernelMicrosPerRequest: (serverCpu.system * 1e6) / measurement.requests,
    serverKernelShare: serverCpu.system / serverCpuSeconds,
    requestsPerServerCpuSecond: measurement.requests / serverCpuSeconds,
    serverCpuUtilization,
    serverPeakRssBytes: peakRss,
    clientCpuSeconds,
    clientCpuUtilization,
    ...sides,
    wallSeconds,
    rawLog: displayPath(stdoutPath),
  };
}

module.exports = { measureRun, runCommand, loadCommand, assertLoopback, LATENCY_RESOLUTION_US };
