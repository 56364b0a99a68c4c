'use strict';
// The scenarios part: each scenario of the plan (and, through parts/json.js, each JSON scenario) runs
// its rounds through parts/rounds.js (pool, seeded order, warm-up, pairing), in blocks that start their
// servers afresh (the runner interleaves the blocks of all scenarios); then every server's runs
// are summarized and Drogon's ratio to each other server gets its bootstrap interval. A server that
// failed conformance is never started: each of its runs is failed with the reason.
const { prepareServer } = require('../servers/servers');
const { ServerPool, runRounds, roundOrders, compareServers } = require('./rounds');
const { measureRun, runCommand, LATENCY_RESOLUTION_US } = require('../measure/closed-loop');
const { serverResult } = require('../summarize/summarize');
const { stepWeight } = require('../plan/estimate');
const { allServers } = require('../servers/plan-servers');

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

// The hello-world scenarios block by block (run.js interleaves their blocks).
function scenarioRunners({ plan, ctx, serverInfo, progress }) {
  return plan.scenarios.map((scenario) => scenarioRunner({ plan, scenario, ctx, serverInfo, progress }));
}

// A scenario all at once: every block in turn (a selection's scenarios, the tests).
async function runScenario(args) {
  const runner = scenarioRunner(args);
  for (let block = 1; block <= runner.blocks; block++) await runner.runBlock(block);
  return runner.finish();
}

// A scenario run block by block, so the runner can interleave the blocks of all scenarios:
// { blocks, runBlock(b), finish() -> group }. Each block has its own pool: its servers are started
// afresh and warmed up, run the block's rounds, and are stopped.
// servers, reference: the hello-world servers and reference unless given (JSON scenarios);
// excluded: id -> reason for servers that must not be benchmarked (failed conformance).
function scenarioRunner({ plan, scenario, ctx, serverInfo, progress, servers = plan.servers, reference = plan.reference, excluded = new Map() }) {
  const toolDef = ctx.scenariosData.tools[scenario.tool];
  const common = { ...ctx, scenario, toolDef, durationSeconds: scenario.durationSeconds };
  const ids = servers.map((s) => s.id);
  const rounds = roundOrders(plan.seed, scenario.id, ids, scenario.repetitions, scenario.blocks);
  const blocks = rounds[rounds.length - 1]?.block ?? 0;
  const runsOf = new Map(ids.map((id) => [id, []]));
  const probes = new Map();
  const runBlock = async (block) => {
    const tag = blocks > 1 ? ` block ${block}/${blocks}` : '';
    const logPrefix = blocks > 1 ? `${scenario.id}.block${block}` : scenario.id;
    const pool = new ServerPool({
      ctx,
      serverInfo,
      logPrefix,
      part: scenario.kind === 'json' ? 'json' : 'scenarios',
      warmUp: async (def, server, starts) => {
        if (scenario.warmupSeconds === 0) return;
        // Not counted; its raw output stays in the logs. A failure here shows in the next run.
        await measureRun({ ...common, server, durationSeconds: scenario.warmupSeconds, round: 0, positionInRound: 0, logName: `${logPrefix}.${def.id}.warmup${starts}` });
        progress.note(`  ${scenario.id}${tag} ${def.id}: started and warmed up (${scenario.warmupSeconds} s)`);
      },
    });
    try {
      await pool.startAll(servers, { excluded, note: (def, error) => progress.note(`  ${scenario.id}${tag} ${def.id}: ${error}`) });
      const done = await runRounds(pool, {
        servers,
        rounds: rounds.filter((r) => r.block === block),
        totalRounds: rounds.length,
        excluded,
        pauseSeconds: plan.pauseBetweenRunsSeconds,
        measure: (def, server, place) => measureRun({ ...common, ...place, logName: `${scenario.id}.${def.id}.round${place.round}`, server }),
        failed: (def, place, reason) => {
          const { command } = runCommand({ ...common, serverDef: def, ...place, logName: `${scenario.id}.${def.id}.round${place.round}` });
          return { repetition: place.round, round: place.round, block: place.block, positionInRound: place.positionInRound, status: 'failed', command, failureReason: reason };
        },
        onRun: (run, { id, round, rounds: total }) => progress.runDone({
          label: `${scenario.id}${tag} ${id} round ${round}/${total}`, run, weight: stepWeight.scenarioRun(scenario, plan), resolutionUs: LATENCY_RESOLUTION_US[scenario.tool],
        }),
      });
      for (const [id, runs] of done.runsOf) runsOf.get(id).push(...runs);
    } finally {
      for (const id of ids) if (!probes.has(id) && pool.probe(id)) probes.set(id, pool.probe(id));
      await pool.stopAll();
    }
  };
  const finish = () => {
    const crossCheckId = plan.scenarios.find((s) => s.tool === 'ab' && s !== scenario && !s.keepAlive
      && s.keepAlive === scenario.keepAlive && s.connections === scenario.connections)?.id;
    const results = servers.map((def) => {
      const runs = runsOf.get(def.id).sort((a, b) => a.round - b.round);
      const result = serverResult({ serverId: def.id, scenario, runs, probe: probes.get(def.id) || null, scenariosData: ctx.scenariosData, crossCheckId });
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
      blocks,
      rounds,
      results,
      comparisons,
    };
  };
  return { blocks, runBlock, finish };
}

module.exports = { runScenarios, runScenario, scenarioRunner, scenarioRunners, describeServers, COMPARED_METRICS };
