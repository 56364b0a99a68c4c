'use strict';
// The scenarios part: each scenario of the plan (and, through parts/json.js, each JSON scenario) runs
// its rounds through parts/rounds.js (pool, seeded order, warm-up, pairing); then every server's runs
// are summarized and Drogon's ratio to each other server gets its bootstrap interval. A server that
// failed conformance is never started: each of its runs is failed with the reason.
const { prepareServer } = require('../servers/servers');
const { ServerPool, runRounds, compareServers } = require('./rounds');
const { measureRun, runCommand, LATENCY_RESOLUTION_US } = require('../measure/closed-loop');
const { serverResult } = require('../summarize/summarize');
const { stepWeight } = require('../plan/estimate');
const { allServers } = require('../plan/config');

const COMPARED_METRICS = Object.freeze(['requestsPerSecond', 'requestsPerServerCpuSecond']);

// results.servers entries, filled in further as the servers start (command line, Server header).
// JSON servers also say their framework and JSON library with its version (gin: and Go's).
function describeServers(plan, { state, cpu, scenariosData, openFilesLimit, scratchDirOf }) {
  const serverInfo = new Map();
  for (const def of allServers(plan)) {
    const planned = prepareServer(def, { state, cpu, scenariosData, openFilesLimit, scratchDir: scratchDirOf(def) });
    serverInfo.set(def.id, {
      id: def.id,
      name: def.name,
      version: state[def.versionFrom],
      commandLine: planned.commandLine,
      ...(def.baseline ? { baseline: true } : {}),
      ...(def.jsonLibrary ? {
        framework: def.framework,
        jsonLibrary: def.jsonLibrary,
        jsonLibraryVersion: state[def.jsonLibraryVersionFrom],
        ...(def.goVersionFrom ? { goVersion: state[def.goVersionFrom] } : {}),
      } : {}),
    });
  }
  return serverInfo;
}

async function runScenarios({ plan, ctx, serverInfo, progress }) {
  const groups = [];
  for (const scenario of plan.scenarios) {
    groups.push(await runScenario({ plan, scenario, ctx, serverInfo, progress }));
  }
  return groups;
}

// servers, reference: the hello-world servers and reference unless given (JSON scenarios);
// excluded: id -> reason for servers that must not be benchmarked (failed conformance).
async function runScenario({ plan, scenario, ctx, serverInfo, progress, servers = plan.servers, reference = plan.reference, excluded = new Map() }) {
  const toolDef = ctx.scenariosData.tools[scenario.tool];
  const common = { ...ctx, scenario, toolDef, durationSeconds: scenario.durationSeconds };
  const pool = new ServerPool({
    ctx,
    serverInfo,
    logPrefix: scenario.id,
    part: scenario.kind === 'json' ? 'json' : 'scenarios',
    warmUp: async (def, server, starts) => {
      if (scenario.warmupSeconds === 0) return;
      // Not counted; its raw output stays in the logs. A failure here shows in the next run.
      await measureRun({ ...common, server, durationSeconds: scenario.warmupSeconds, round: 0, positionInRound: 0, logName: `${scenario.id}.${def.id}.warmup${starts}` });
      progress.note(`  ${scenario.id} ${def.id}: started and warmed up (${scenario.warmupSeconds} s)`);
    },
  });
  let blocks;
  try {
    await pool.startAll(servers, { excluded, note: (def, error) => progress.note(`  ${scenario.id} ${def.id}: ${error}`) });
    blocks = await runRounds(pool, {
      seed: plan.seed,
      blockId: scenario.id,
      servers,
      repetitions: scenario.repetitions,
      excluded,
      pauseSeconds: plan.pauseBetweenRunsSeconds,
      measure: (def, server, place) => measureRun({ ...common, ...place, logName: `${scenario.id}.${def.id}.round${place.round}`, server }),
      failed: (def, place, reason) => {
        const { command } = runCommand({ ...common, serverDef: def, ...place, logName: `${scenario.id}.${def.id}.round${place.round}` });
        return { repetition: place.round, round: place.round, positionInRound: place.positionInRound, status: 'failed', command, failureReason: reason };
      },
      onRun: (run, { id, round, rounds }) => progress.runDone({
        label: `${scenario.id} ${id} round ${round}/${rounds}`, run, weight: stepWeight.scenarioRun(scenario, plan), resolutionUs: LATENCY_RESOLUTION_US[scenario.tool],
      }),
    });
  } finally {
    await pool.stopAll();
  }
  const crossCheckId = plan.scenarios.find((s) => s.tool === 'ab' && s !== scenario && !s.keepAlive
    && s.keepAlive === scenario.keepAlive && s.connections === scenario.connections)?.id;
  const results = servers.map((def) => {
    const result = serverResult({ serverId: def.id, scenario, runs: blocks.runsOf.get(def.id), probe: pool.probe(def.id), scenariosData: ctx.scenariosData, crossCheckId });
    progress.groupDone({ scenarioId: scenario.id, serverId: def.id, result, spreadWarningThreshold: ctx.scenariosData.spreadWarningThreshold });
    return result;
  });
  const comparisons = compareServers({
    results, reference, metrics: COMPARED_METRICS, bootstrap: { ...plan.bootstrap, seed: plan.seed },
  });
  progress.comparisons(scenario.id, comparisons);
  return {
    scenario,
    reference,
    commandLine: runCommand({ ...common, serverDef: servers[0], logName: 'template' }).template,
    latencyResolutionUs: LATENCY_RESOLUTION_US[scenario.tool],
    rounds: blocks.rounds,
    results,
    comparisons,
  };
}

module.exports = { runScenarios, runScenario, describeServers, COMPARED_METRICS };
