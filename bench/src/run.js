#!/usr/bin/env node
'use strict';
// npm run bench -- [--profile quick] [--output path] [--repetitions n] ...   (exit codes: cli.js)
// scenario file -> plan -> setup state -> environment -> measure (JSON conformance; scenarios and JSON scenarios in rounds,
// in blocks, block-major, with the instruction and system-call counts between blocks; fixed-rate levels;
// sweep) -> summarize -> benchmark expectation -> validate + write.
const { rmSync } = require('node:fs');
const { join, relative } = require('node:path');
const { tmpdir } = require('node:os');
const { parseCli, USAGE } = require('./plan/cli');
const { loadScenarios } = require('./plan/load-scenarios');
const { buildPlan } = require('./plan/build-plan');
const { allServers, serversOf } = require('./servers/plan-servers');
const { loadBenchState, checkTools } = require('./plan/setup-check');
const { unusableJsonServers, dropJsonServers, notBuiltHere } = require('./plan/json-servers');
const { openFilesHardLimit, checkOpenFiles } = require('./plan/limits');
const { planCpus } = require('./plan/cpu-plan');
const { captureEnvironment } = require('./plan/environment');
const { repoRoot, inRepo, RESULTS_FILE, BENCH_LOGS_DIR } = require('../../shared/src/project-paths');
const { scenarioRunners, describeServers } = require('./rounds/scenario-rounds');
const { runBlockMajor } = require('./rounds/block-schedule');
const { runSweep } = require('./parts/sweep/sweep');
const { runConformance, jsonScenarioRunners } = require('./parts/json-rounds/conformance-check');
const { runFixedRatePart } = require('./parts/fixed-rate/fixed-rate-levels');
const { runInstructions } = require('./parts/instruction-counts/valgrind-repeats');
const { runSyscalls } = require('./parts/syscall-counts/strace-windows');
const { exitRecord, describeExit } = require('./servers/servers');
const { estimatePlan } = require('./plan/estimate');
const { printExpectation } = require('./summarize/expectation');
const { poolWithHistory } = require('./pool/pool-runs');
const { buildResults, notBuiltOf } = require('./summarize/summarize');
const { writeResults } = require('../../shared/src/results-file');
const { SchemaError } = require('../../shared/src/json-schema');
const { killAllGroupsSync, liveGroupLabels } = require('../../shared/src/process-group');
const { isPortFree, waitPortFree } = require('./servers/ports');
const { Progress, formatDuration } = require('./rounds/progress');
const { EXIT, BenchError } = require('./helpers/errors');

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

// The plan and its time estimate, before anything starts.
function describePlan(plan, cpu, environment, logDir, output) {
  const { scenarios } = plan;
  const estimate = estimatePlan(plan);
  log(`bench: profile ${plan.profile}${plan.complete ? '' : ' (a selection)'}: parts ${plan.parts.join(', ')}; seed ${plan.seed}`);
  if (plan.parts.includes('scenarios')) {
    const rounds = scenarios.reduce((sum, s) => sum + s.repetitions, 0);
    log(`bench:   scenarios: ${scenarios.length} x ${plan.servers.length} servers, ${rounds} rounds in all (each server once per round, shuffled), about ${formatDuration(estimate.scenarios)}`);
  }
  if (plan.blocks > 1) {
    log(`bench:   blocks: each timed scenario's rounds in up to ${plan.blocks} blocks, its servers started afresh for each; block 1 of every scenario, then block 2, ...${plan.instructions || plan.syscalls ? ', with the instruction and system-call counts between blocks' : ''}`);
  }
  if (plan.json) {
    const j = plan.json;
    log(`bench:   JSON conformance of ${j.servers.length} servers (${j.servers.map((s) => s.id).join(', ')}; reference ${j.reference}) before any timed run, about ${formatDuration(estimate.conformance)}`);
    if (j.scenarios.length) {
      const h = j.shape.here;
      log(`bench:   JSON scenarios: ${j.scenarios.map((s) => s.id).join(', ')} x ${j.servers.length} servers, ${j.scenarios.reduce((sum, s) => sum + s.repetitions, 0)} rounds in all; `
        + `wrk -t${h.clientThreads} -c${h.connections} (the published ${j.shape.published.clientThreads} threads x ${j.shape.published.connectionsPerClientThread} connections for ${j.shape.published.serverThreads} server threads, scaled to ${h.serverThreads}), about ${formatDuration(estimate.json)}`);
    }
  }
  if (plan.fixedRate) {
    const f = plan.fixedRate;
    log(`bench:   fixed rate (oha, open loop): groups ${f.groups.map((g) => `${g.id} (${g.servers.length} servers, 100 % = slowest median of ${g.basisScenario})`).join(', ')}; `
      + `levels ${f.fractions.map((x) => `${Math.round(x * 100)} %`).join(', ')} x ${f.repetitions} rounds of ${f.durationSeconds} s, about ${formatDuration(estimate.fixedRate)}`);
  }
  if (plan.sweep) {
    const s = plan.sweep;
    log(`bench:   sweep: ${s.tool}${s.keepAlive ? ' -k' : ''} at ${s.levels.length} levels (${s.levels.join(', ')}) x ${s.runsPerLevel} runs of ${s.durationSeconds} s x ${plan.servers.length} servers, about ${formatDuration(estimate.sweep)}`);
  }
  if (plan.instructions) {
    const i = plan.instructions;
    log(`bench:   instructions: ${i.cases.map((c) => `${c.id} (${serversOf(plan, c.servers).length} servers, N = ${c.requests})`).join(', ')} x ${i.repeats} repeats, under valgrind, about ${formatDuration(estimate.instructions)}`);
  }
  if (plan.syscalls) {
    const sc = plan.syscalls;
    log(`bench:   system calls: ${sc.cases.map((c) => `${c.id} (${serversOf(plan, c.servers).length} servers, N = ${c.requests})`).join(', ')} x ${sc.repeats} repeats, under strace, about ${formatDuration(estimate.syscalls)}`);
  }
  log(`bench: estimated time: about ${formatDuration(estimate.total)} (${estimate.steps} steps)`);
  log(`bench: ${environment.cpuModel}, ${environment.cpuCores} CPUs; `
    + (cpu.pinned ? `servers on CPU ${cpu.serverCpus} (${cpu.serverThreads} thread(s)), load generator on CPU ${cpu.clientCpus} (${cpu.clientThreads} thread(s))`
      : 'one CPU: servers and load generator are not pinned apart'));
  log(`bench: raw output in ${relative(repoRoot, logDir) || logDir}; results to ${relative(repoRoot, output) || output}`);
  return estimate;
}

// The committed results file comes only from the complete default profile; any other
// run (quick, a selection) goes to its logs folder unless --output says otherwise.
function outputPath(options, plan, logDir) {
  if (options.output) return options.output;
  if (plan.profile === 'default' && plan.complete) return inRepo(RESULTS_FILE);
  return join(logDir, `results-${plan.profile}.json`);
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
  // A JSON variant this machine cannot run (simdjson-go without AVX2 and CLMUL) is listed as not built.
  const unusable = plan.json ? unusableJsonServers(plan.json.servers, state) : [];
  dropJsonServers(plan, unusable);
  for (const u of unusable) log(`bench: ${u.def.id} is not run on this machine: ${u.reason}`);
  checkTools(plan, statePath, state);
  const openFilesLimit = openFilesHardLimit();
  const { scenarios, skipped } = checkOpenFiles(plan, openFilesLimit);
  plan.scenarios = scenarios; // without the skipped ones
  await checkPortsFree(allServers(plan), scenariosData.address);

  const cpu = planCpus();
  const startedAt = new Date();
  const environment = captureEnvironment(state, startedAt);
  const logDir = options.logsDir || join(inRepo(BENCH_LOGS_DIR), startedAt.toISOString().replace(/[:.]/g, '-'));
  const output = outputPath(options, plan, logDir);
  // Stable folders (user, server, port): the nginx command lines in the results stay the same from run
  // to run, and two benches at once cannot share one: the second stops at the port check above.
  const scratchDirOf = (def) => join(tmpdir(), `drogon-bench-${process.getuid()}`, `${def.id}-${def.port}`);
  scratchDirs = allServers(plan).map(scratchDirOf);
  const estimate = describePlan(plan, cpu, environment, logDir, output);
  for (const s of skipped) log(`bench: scenario ${s.id} ${s.reason}`);

  // Servers that exit while the bench still needs them: each recorded (results.serverExits), never
  // restarted silently.
  const serverExits = [];
  const recordExit = (handle, where) => {
    const record = exitRecord(handle, where);
    serverExits.push(record);
    log(`  server ${record.server} ${describeExit(handle.exit)} (${where.part} ${record.block}${record.round ? `, before round ${record.round}` : ', after its last run'}); `
      + `${where.restarted ? 'started again' : 'not started again'}; log ${record.log}`);
  };
  const ctx = { state, cpu, scenariosData, openFilesLimit, logDir, scratchDirOf, recordExit };
  const serverInfo = describeServers(plan, ctx);
  const progress = new Progress(estimate.steps, estimate.total);
  // Conformance before any timed run: a JSON server that differs is never benchmarked.
  const conformance = plan.json ? await runConformance({ plan, ctx, serverInfo, progress }) : { excluded: new Map(), block: null };
  const { excluded } = conformance;
  // The timed scenarios in blocks, block-major, with the counts between the blocks (block-schedule.js);
  // fixed rate and sweep after the last block (fixed rate needs every block's maxima).
  const runners = [
    ...scenarioRunners({ plan, ctx, serverInfo, progress }),
    ...(plan.json && plan.json.scenarios.length ? jsonScenarioRunners({ plan, ctx, serverInfo, progress, excluded }) : []),
  ];
  let instructions = null;
  let syscalls = null;
  const counted = [
    ...(plan.instructions ? [async () => { instructions = await runInstructions({ plan, ctx, progress, excluded }); }] : []),
    ...(plan.syscalls ? [async () => { syscalls = await runSyscalls({ plan, ctx, progress, excluded }); }] : []),
  ];
  const countsLeft = await runBlockMajor({ runners, between: counted });
  const allGroups = runners.map((r) => r.finish());
  const groups = allGroups.filter((g) => g.scenario.kind !== 'json');
  const jsonGroups = allGroups.filter((g) => g.scenario.kind === 'json');
  const fixedRate = plan.fixedRate ? await runFixedRatePart({ plan, ctx, serverInfo, progress, scenarioGroups: [...groups, ...jsonGroups], excluded }) : null;
  const sweep = plan.sweep ? await runSweep({ plan, ctx, serverInfo, progress }) : null;
  for (const part of countsLeft) await part();
  const results = buildResults({
    plan, cpu, environment, startedAt, finishedAt: new Date(), servers: [...serverInfo.values()], groups: [...groups, ...jsonGroups], sweep, instructions, syscalls, serverExits,
    conformance: conformance.block, fixedRate, notBuilt: plan.json ? [...notBuiltOf(scenariosData.jsonServers, state), ...notBuiltHere(unusable, state)] : null,
    skippedScenarios: skipped, scenariosData, openFilesLimit,
  });

  const allRuns = [
    ...results.scenarios.flatMap((s) => s.results.flatMap((r) => r.runs.map((run) => ({ where: `${s.id} ${r.server} round ${run.round}`, run })))),
    ...(fixedRate ? fixedRate.groups.flatMap((g) => g.levels.flatMap((l) => l.results.flatMap((r) => r.runs.map((run) => ({
      where: `fixed-rate ${g.id} ${Math.round(l.fraction * 100)} % ${r.server} round ${run.round}`, run }))))) : []),
    ...(sweep ? sweep.results.flatMap((r) => r.points.flatMap((p) => p.runs.map((run) => ({ where: `sweep c${p.concurrency} ${r.server} run ${run.round}`, run })))) : []),
  ];
  const failed = allRuns.filter((x) => x.run.status === 'failed');
  const counts = [
    ...(instructions ? instructions.cases.flatMap((c) => c.results.map((r) => r.perRequest)) : []),
    ...(syscalls ? syscalls.cases.flatMap((c) => c.results.map((r) => r.total)) : []),
  ];
  const okCounts = counts.filter((x) => x !== null).length;
  if (failed.length) {
    log(`\nbench: ${failed.length} of ${allRuns.length} runs FAILED (recorded with their reasons, left out of the summaries):`);
    for (const { where, run } of failed) log(`  ${where}: ${run.failureReason}`);
  }
  if (allRuns.length + counts.length > 0 && failed.length === allRuns.length && okCounts === 0) {
    log(`bench: no run succeeded; nothing written (${relative(process.cwd(), output) || output} left as it was)`);
    return EXIT.noSuccessfulRun;
  }
  // A complete default-profile run is pooled with the comparable runs of the history (bench/src/pool/).
  if (plan.profile === 'default' && plan.complete) {
    results.pooled = poolWithHistory(results, { confidence: plan.bootstrap.confidence, label: relative(repoRoot, output) || output });
  }
  printExpectation(results, log, scenariosData.expectation);
  try {
    writeResults(output, results);
  } catch (err) {
    if (!(err instanceof SchemaError)) throw err;
    process.stderr.write(`bench: error: ${err.message}\nbench: nothing written\n`);
    return EXIT.invalidResults;
  }
  const what = [allRuns.length ? `${allRuns.length - failed.length} ok runs, ${failed.length} failed` : null,
    counts.length ? `${okCounts} of ${counts.length} instruction and system-call counts` : null,
    serverExits.length ? `${serverExits.length} server exit(s) recorded` : null].filter(Boolean).join('; ');
  log(`\nbench: wrote ${relative(process.cwd(), output) || output} (${what})`);
  return verifyCleanAfterRun(plan, scenariosData);
}

// No orphans: every group we started is gone and every server port is free again.
async function verifyCleanAfterRun(plan, scenariosData) {
  const problems = liveGroupLabels().map((label) => `process group still alive: ${label}`);
  for (const server of allServers(plan)) {
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
