#!/usr/bin/env node
'use strict';
// npm run bench -- [--profile quick] [--output path] [--repetitions n] ...   (exit codes: cli.js)
// scenario file -> plan (each part's block: parts/part-list.js) -> setup state -> environment -> the
// parts by their slot of the block schedule (before any timed run; the blocks of the parts that run
// scenarios, interleaved, with the parts between blocks in between; the parts after the last block)
// -> summarize -> pool -> benchmark expectation -> validate + write. This file names no part: it goes
// through the list.
const { rmSync } = require('node:fs');
const { join, relative } = require('node:path');
const { tmpdir } = require('node:os');
const { parseCli, USAGE } = require('./plan/cli');
const { loadScenarios } = require('./plan/load-scenarios');
const { buildPlan } = require('./plan/build-plan');
const { describePlan } = require('./plan/describe-plan');
const { loadBenchState, checkTools } = require('./plan/setup-check');
const { serversNotRunHere, dropJsonServers } = require('./plan/json-servers');
const { openFilesHardLimit, fitOpenFiles } = require('./plan/limits');
const { planCpus } = require('./plan/cpu-plan');
const { captureEnvironment } = require('./plan/environment');
const { repoRoot, inRepo, RESULTS_FILE, BENCH_LOGS_DIR } = require('../../shared/src/project-paths');
const {
  partsIn, COUNTS_TEXT, BLOCK_ORDER, resultsOfParts, methodOfParts, runsOfParts, countsOfParts, expectationOfParts,
} = require('./parts/part-list');
const { runBlockMajor } = require('./rounds/block-schedule');
const { Progress } = require('./rounds/progress');
const { allServers, describeServers } = require('./servers/plan-servers');
const { exitRecord, describeExit } = require('./servers/servers');
const { isPortFree, waitPortFree } = require('./servers/ports');
const { printExpectation } = require('./summarize/expectation');
const { poolWithHistory } = require('./pool/pool-runs');
const { buildResults } = require('./summarize/summarize');
const { writeResults } = require('../../shared/src/results-file');
const { SchemaError } = require('../../shared/src/json-schema');
const { killAllGroupsSync, liveGroupLabels } = require('../../shared/src/process-group');
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

// The committed results file comes only from the complete default profile; any other
// run (quick, a selection) goes to its logs folder unless --output says otherwise.
function outputPath(options, plan, logDir) {
  if (options.output) return options.output;
  if (plan.profile === 'default' && plan.complete) return inRepo(RESULTS_FILE);
  return join(logDir, `results-${plan.profile}.json`);
}

// The parts by their slot of the block schedule (parts/part.js: run). Returns the run: its scenario
// groups (run.groups) and each part's outcome (run.outcomes).
async function runParts(run) {
  const parts = partsIn(run.plan);
  const inSlot = (slot) => parts.filter((part) => part.run.slot === slot);
  // Before any timed run (a check that keeps a server from ever being benchmarked: run.excluded).
  for (const part of parts.filter((p) => p.run.before)) run.outcomes[part.name] = await part.run.before(run);
  // The timed scenarios in blocks, block-major, with the parts between blocks after a block each
  // (block-schedule.js); the parts after blocks after the last block (they may need every block's
  // scenario groups: run.groups); the parts between blocks left over at the very end.
  const runners = inSlot('blocks').flatMap((part) => part.run.runners(run));
  const between = inSlot('between-blocks').map((part) => async () => { run.outcomes[part.name] = await part.run.measure(run); });
  const left = await runBlockMajor({ runners, between });
  run.groups = runners.map((r) => r.finish());
  for (const part of inSlot('after-blocks')) run.outcomes[part.name] = await part.run.measure(run);
  for (const measure of left) await measure();
  return run;
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
  const notRunHere = serversNotRunHere(plan, state);
  dropJsonServers(plan, notRunHere);
  for (const u of notRunHere) log(`bench: ${u.def.id} is not run on this machine: ${u.reason}`);
  checkTools(plan, statePath, state);
  const openFilesLimit = openFilesHardLimit();
  const skipped = fitOpenFiles(plan, openFilesLimit);
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
  const { lines, estimate } = describePlan(plan, cpu, environment, logDir, output);
  for (const line of lines) log(line);
  for (const s of Object.values(skipped).flat()) log(`bench: scenario ${s.id} ${s.reason}`);

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
  const run = await runParts({
    plan, ctx, environment, serverInfo: describeServers(plan, ctx), progress: new Progress(estimate.steps, estimate.total),
    excluded: new Map(), groups: [], skipped, notRunHere, outcomes: {},
  });
  const results = buildResults({
    plan, cpu, environment, startedAt, finishedAt: new Date(), servers: [...run.serverInfo.values()], groups: run.groups,
    partFields: resultsOfParts(run), partMethod: methodOfParts(plan), blockOrder: BLOCK_ORDER, serverExits, scenariosData, openFilesLimit,
  });

  const allRuns = [
    ...results.scenarios.flatMap((s) => s.results.flatMap((r) => r.runs.map((x) => ({ where: `${s.id} ${r.server} round ${x.round}`, run: x })))),
    ...runsOfParts(results),
  ];
  const failed = allRuns.filter((x) => x.run.status === 'failed');
  const counts = countsOfParts(results);
  const okCounts = counts.filter((x) => x !== null).length;
  if (failed.length) {
    log(`\nbench: ${failed.length} of ${allRuns.length} runs FAILED (recorded with their reasons, left out of the summaries):`);
    for (const { where, run: x } of failed) log(`  ${where}: ${x.failureReason}`);
  }
  if (allRuns.length + counts.length > 0 && failed.length === allRuns.length && okCounts === 0) {
    log(`bench: no run succeeded; nothing written (${relative(process.cwd(), output) || output} left as it was)`);
    return EXIT.noSuccessfulRun;
  }
  // A complete default-profile run is pooled with the comparable runs of the history (bench/src/pool/).
  if (plan.profile === 'default' && plan.complete) {
    results.pooled = poolWithHistory(results, { confidence: plan.bootstrap.confidence, label: relative(repoRoot, output) || output });
  }
  printExpectation(results, log, scenariosData.expectation, expectationOfParts(results, scenariosData.expectation));
  try {
    writeResults(output, results);
  } catch (err) {
    if (!(err instanceof SchemaError)) throw err;
    process.stderr.write(`bench: error: ${err.message}\nbench: nothing written\n`);
    return EXIT.invalidResults;
  }
  const what = [allRuns.length ? `${allRuns.length - failed.length} ok runs, ${failed.length} failed` : null,
    counts.length ? `${okCounts} of ${counts.length} ${COUNTS_TEXT}` : null,
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
