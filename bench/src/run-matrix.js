'use strict';
// Stage 3a: the scenarios, in rounds. Per scenario every server of the plan is started (pinned to the
// server CPUs; only one is under load at a time) and warmed up; then each round measures every server
// once, in an order shuffled by the scenario's seeded stream (prng.js), so slow drift of the machine
// spreads over all servers instead of turning into a difference between them. A server that dies
// makes that run "failed" (with the reason) and is restarted for its next turn; the others go on.
const { prepareServer } = require('./servers');
const { ServerPool } = require('./server-pool');
const { measureRun, runCommand } = require('./measure');
const { serverResult } = require('./summarize');
const { compareServers } = require('./bootstrap');
const { streamFor, shuffled } = require('./prng');
const { sleep } = require('./process-group');
const { stepWeight } = require('./estimate');

const COMPARED_METRICS = Object.freeze(['requestsPerSecond', 'requestsPerServerCpuSecond']);

// results.servers entries, filled in further as the servers start (command line, Server header).
function describeServers(plan, { state, cpu, scenariosData, openFilesLimit, scratchDirOf }) {
  const serverInfo = new Map();
  for (const def of plan.servers) {
    const planned = prepareServer(def, { state, cpu, scenariosData, openFilesLimit, scratchDir: scratchDirOf(def) });
    serverInfo.set(def.id, {
      id: def.id,
      name: def.name,
      version: state[def.versionFrom],
      commandLine: planned.commandLine,
      ...(def.baseline ? { baseline: true } : {}),
    });
  }
  return serverInfo;
}

// The server order of every round of a scenario, from the seed alone.
function roundOrders(seed, streamName, serverIds, rounds) {
  const random = streamFor(seed, streamName);
  return Array.from({ length: rounds }, (_, i) => ({ round: i + 1, order: shuffled(serverIds, random) }));
}

async function runScenarios({ plan, ctx, serverInfo, progress }) {
  const groups = [];
  for (const scenario of plan.scenarios) {
    groups.push(await runScenario({ plan, scenario, ctx, serverInfo, progress }));
  }
  return groups;
}

async function runScenario({ plan, scenario, ctx, serverInfo, progress }) {
  const toolDef = ctx.scenariosData.tools[scenario.tool];
  const common = { ...ctx, scenario, toolDef, durationSeconds: scenario.durationSeconds };
  const rounds = roundOrders(plan.seed, scenario.id, plan.servers.map((s) => s.id), scenario.repetitions);
  const runsOf = new Map(plan.servers.map((def) => [def.id, []]));
  const pool = new ServerPool({ ctx, serverInfo, logPrefix: scenario.id });
  const warmUp = (def) => async (server) => {
    if (scenario.warmupSeconds === 0) return;
    // Not counted; its raw output stays in the logs. A failure here shows in the next run.
    await measureRun({ ...common, server, durationSeconds: scenario.warmupSeconds, round: 0, positionInRound: 0, logName: `${scenario.id}.${def.id}.warmup${pool.starts.get(def.id)}` });
    progress.note(`  ${scenario.id} ${def.id}: started and warmed up (${scenario.warmupSeconds} s)`);
  };
  try {
    for (const def of plan.servers) {
      const started = await pool.ensure(def, warmUp(def));
      if (started.error) progress.note(`  ${scenario.id} ${def.id}: ${started.error}`);
    }
    let first = true;
    for (const { round, order } of rounds) {
      for (const [index, id] of order.entries()) {
        const def = plan.servers.find((s) => s.id === id);
        const place = { round, positionInRound: index + 1, logName: `${scenario.id}.${id}.round${round}` };
        const ready = await pool.ensure(def, warmUp(def));
        let run;
        if (ready.error) {
          const { command } = runCommand({ ...common, serverDef: def, ...place });
          run = { repetition: round, round, positionInRound: place.positionInRound, status: 'failed', command, failureReason: ready.error };
        } else {
          if (!first) await sleep(plan.pauseBetweenRunsSeconds * 1000);
          run = await measureRun({ ...common, ...place, server: ready.server });
        }
        first = false;
        runsOf.get(id).push(run);
        progress.runDone({ label: `${scenario.id} ${id} round ${round}/${rounds.length}`, run, weight: stepWeight.scenarioRun(scenario, plan) });
      }
    }
  } finally {
    await pool.stopAll();
  }
  const crossCheckId = plan.scenarios.find((s) => s.tool === 'ab' && s !== scenario && !s.keepAlive
    && s.keepAlive === scenario.keepAlive && s.connections === scenario.connections)?.id;
  const results = plan.servers.map((def) => {
    const runs = runsOf.get(def.id).sort((a, b) => a.round - b.round);
    const result = serverResult({ serverId: def.id, scenario, runs, probe: pool.probe(def.id), scenariosData: ctx.scenariosData, crossCheckId });
    progress.groupDone({ scenarioId: scenario.id, serverId: def.id, result, spreadWarningThreshold: ctx.scenariosData.spreadWarningThreshold });
    return result;
  });
  const comparisons = compareServers({
    results, reference: plan.reference, metrics: COMPARED_METRICS, bootstrap: { ...plan.bootstrap, seed: plan.seed },
  });
  progress.comparisons(scenario.id, comparisons);
  return {
    scenario,
    commandLine: runCommand({ ...common, serverDef: plan.servers[0], logName: 'template' }).template,
    rounds,
    results,
    comparisons,
  };
}

module.exports = { runScenarios, describeServers, roundOrders, COMPARED_METRICS };
