#!/usr/bin/env node
'use strict';
// npm run bench -- [--profile quick] [--output path] [--repetitions n] ...   (exit codes: cli.js)
// config -> setup state -> environment -> measure (every scenario x server) -> summarize -> validate + write.
const { rmSync } = require('node:fs');
const { join, relative } = require('node:path');
const { tmpdir } = require('node:os');
const { parseCli, USAGE } = require('./cli');
const { loadScenarios, buildPlan } = require('./config');
const { loadBenchState, checkTools } = require('./bench-state');
const { openFilesHardLimit, checkOpenFiles } = require('./limits');
const { planCpus } = require('./cpu-plan');
const { captureEnvironment, repoRoot } = require('./environment');
const { runMatrix } = require('./run-matrix');
const { buildResults } = require('./summarize');
const { writeResults } = require('./write-results');
const { SchemaError } = require('./json-schema');
const { killAllGroupsSync, liveGroupLabels } = require('./process-group');
const { isPortFree, waitPortFree } = require('./ports');
const { Progress, formatDuration } = require('./progress');
const { EXIT, BenchError } = require('./errors');

const log = (line = '') => process.stdout.write(line + '\n');
let scratchDirs = []; // one per server of the plan, removed at exit

function cleanUpSync() {
  killAllGroupsSync();
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
}

async function checkPortsFree(servers, address) {
  for (const server of servers) {
    if (!(await isPortFree(server.port, address))) {
      throw new BenchError(`port ${server.port} on ${address} (server "${server.id}") is already in use; stop whatever listens there `
        + `(ss -ltnp 'sport = :${server.port}') or change servers[].port in bench/scenarios.json`);
    }
  }
}

function describePlan(plan, cpu, environment, logDir) {
  const runs = plan.scenarios.length * plan.servers.length * plan.repetitions;
  const perRun = plan.durationSeconds + plan.pauseBetweenRunsSeconds;
  const perGroup = plan.warmupSeconds + 1; // warm-up + server start/stop
  const estimate = runs * perRun + plan.scenarios.length * plan.servers.length * perGroup;
  log(`bench: profile ${plan.profile}: ${plan.scenarios.length} scenarios x ${plan.servers.length} servers x ${plan.repetitions} runs of ${plan.durationSeconds} s`
    + ` (warm-up ${plan.warmupSeconds} s) = ${runs} runs, about ${formatDuration(estimate)}`);
  log(`bench: ${environment.cpuModel}, ${environment.cpuCores} CPUs; `
    + (cpu.pinned ? `servers on CPU ${cpu.serverCpus} (${cpu.serverThreads} thread(s)), load generator on CPU ${cpu.clientCpus} (${cpu.clientThreads} thread(s))`
      : 'one CPU: servers and load generator are not pinned apart'));
  log(`bench: raw output in ${relative(repoRoot, logDir) || logDir}`);
  return runs;
}

async function main(argv) {
  const options = parseCli(argv);
  if (options.help) {
    log(USAGE);
    return EXIT.ok;
  }
  const scenariosData = loadScenarios(options.scenariosFile);
  const plan = buildPlan(scenariosData, options);
  const { state, path: statePath } = loadBenchState();
  checkTools(plan, statePath, state);
  const openFilesLimit = openFilesHardLimit();
  checkOpenFiles(plan, openFilesLimit);
  await checkPortsFree(plan.servers, scenariosData.address);

  const cpu = planCpus();
  const startedAt = new Date();
  const environment = captureEnvironment(state, startedAt);
  const logDir = options.logsDir || join(repoRoot, 'bench', 'logs', startedAt.toISOString().replace(/[:.]/g, '-'));
  // Stable folders (user, server, port): the nginx command lines in the results stay the same from run
  // to run, and two benches at once cannot share one: the second stops at the port check above.
  const scratchDirOf = (def) => join(tmpdir(), `drogon-bench-${process.getuid()}`, `${def.id}-${def.port}`);
  scratchDirs = plan.servers.map(scratchDirOf);
  const totalRuns = describePlan(plan, cpu, environment, logDir);

  const { servers, groups } = await runMatrix({
    plan, cpu, state, scenariosData, openFilesLimit, logDir, scratchDirOf, progress: new Progress(totalRuns),
  });
  const results = buildResults({ plan, cpu, environment, startedAt, finishedAt: new Date(), servers, groups, scenariosData, openFilesLimit });

  const allRuns = results.scenarios.flatMap((s) => s.results.flatMap((r) => r.runs.map((run) => ({ s, r, run }))));
  const failed = allRuns.filter((x) => x.run.status === 'failed');
  if (failed.length) {
    log(`\nbench: ${failed.length} of ${allRuns.length} runs FAILED (recorded with their reasons, left out of the summaries):`);
    for (const { s, r, run } of failed) log(`  ${s.id} ${r.server} rep ${run.repetition}: ${run.failureReason}`);
  }
  if (failed.length === allRuns.length) {
    log(`bench: no run succeeded; nothing written (${options.output} left as it was)`);
    return EXIT.noSuccessfulRun;
  }
  try {
    writeResults(options.output, results);
  } catch (err) {
    if (!(err instanceof SchemaError)) throw err;
    process.stderr.write(`bench: error: ${err.message}\nbench: nothing written\n`);
    return EXIT.invalidResults;
  }
  log(`\nbench: wrote ${relative(process.cwd(), options.output) || options.output} (${allRuns.length - failed.length} ok runs, ${failed.length} failed)`);
  return verifyCleanAfterRun(plan, scenariosData);
}

// No orphans: every group we started is gone and every server port is free again.
async function verifyCleanAfterRun(plan, scenariosData) {
  const problems = liveGroupLabels().map((label) => `process group still alive: ${label}`);
  for (const server of plan.servers) {
    if (!(await waitPortFree(server.port, 3000, scenariosData.address))) problems.push(`port ${server.port} (server "${server.id}") is still in use`);
  }
  if (problems.length) {
    process.stderr.write(`bench: error: after the run: ${problems.join('; ')}\n`);
    return EXIT.cleanup;
  }
  log('bench: all servers stopped, ports free');
  return EXIT.ok;
}

function onSignal(signal, code) {
  process.once(signal, () => {
    cleanUpSync();
    process.stderr.write(`\nbench: ${signal}: servers and load generators stopped; nothing written\n`);
    process.exit(code);
  });
}

if (require.main === module) {
  onSignal('SIGINT', EXIT.interrupted);
  onSignal('SIGTERM', 143);
  onSignal('SIGHUP', 129);
  process.on('exit', cleanUpSync);
  main(process.argv.slice(2)).then(
    (code) => {
      cleanUpSync();
      process.exitCode = code;
    },
    (err) => {
      cleanUpSync();
      if (err instanceof BenchError) {
        process.stderr.write(`bench: error: ${err.message}\n`);
        process.exitCode = err.exitCode;
      } else {
        process.stderr.write(`bench: unexpected error: ${err.stack || err}\n`);
        process.exitCode = EXIT.internal;
      }
    },
  );
}

module.exports = { main };
