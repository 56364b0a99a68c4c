'use strict';
// A scenario's rounds, for the parts that run scenarios (the hello-world rounds, the JSON rounds): each
// scenario runs its rounds through rounds.js (pool, seeded order, warm-up, pairing), in blocks that
// start their servers afresh (block-schedule.js interleaves the blocks of all scenarios); then every
// server's runs are summarized and Drogon's ratio to each other server gets its bootstrap interval. A
// server that failed conformance is never started: each of its runs is failed with the reason. The
// groups go to results.scenarios, whatever part ran them. Also what such a scenario costs in time.
const { ServerPool, runRounds, roundOrders, compareServers } = require('./rounds');
const { measureRun, runCommand, LATENCY_RESOLUTION_US } = require('../measure/closed-loop');
const { serverResult } = require('../summarize/summarize');
const { serversOf } = require('../servers/plan-servers');
const { SERVER_START_SECONDS, RUN_OVERHEAD_SECONDS } = require('./step-costs');

const COMPARED_METRICS = Object.freeze(['requestsPerSecond', 'requestsPerServerCpuSecond']);

// Beyond -d, a wrk run spent 0.15 s over 10000 connections and 0.18 s over 16384 in the default run of
// 2026-11-24 on the quiet machine (run files' times); this keeps 4 times that, for a busier machine.
// -d counts the connects too: 2 s runs at 16384 connections completed no request, so that scenario
// (profile many-connections) keeps 5 s runs. ab's -t includes its connects.
const WRK_CONNECT_SECONDS_PER_CONNECTION = 1 / 20000;

const connectSeconds = (scenario) => (scenario.tool === 'wrk' ? scenario.connections * WRK_CONNECT_SECONDS_PER_CONNECTION : 0);

// A scenario's time on the servers of its kind (the JSON ones on the plan's JSON servers). Every block
// starts its servers afresh and warms them up: that cost once per block.
function scenarioSeconds(scenario, plan) {
  const servers = serversOf(plan, scenario.kind).length;
  const run = scenario.durationSeconds + plan.pauseBetweenRunsSeconds + RUN_OVERHEAD_SECONDS + connectSeconds(scenario);
  const start = SERVER_START_SECONDS + (scenario.warmupSeconds > 0 ? scenario.warmupSeconds + RUN_OVERHEAD_SECONDS + connectSeconds(scenario) : 0);
  return servers * (scenario.repetitions * run + (scenario.blocks ?? 1) * start);
}

// Weight of one run of a scenario (a progress step): its share of the scenario's estimate.
const scenarioRunWeight = (scenario, plan) => scenarioSeconds(scenario, plan) / (serversOf(plan, scenario.kind).length * scenario.repetitions);

// A scenario run block by block, so the runner can interleave the blocks of all scenarios:
// { blocks, runBlock(b), finish() -> group }. Each block has its own pool: its servers are started
// afresh and warmed up, run the block's rounds, and are stopped.
// part: the name of the part that runs it (in a server's exit record); servers, reference: the
// hello-world servers and reference unless given (JSON scenarios); excluded: id -> reason for servers
// that must not be benchmarked (failed conformance).
function scenarioRunner({ part, plan, scenario, ctx, serverInfo, progress, servers = plan.servers, reference = plan.reference, excluded = new Map() }) {
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
      part,
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
          label: `${scenario.id}${tag} ${id} round ${round}/${total}`, run, weight: scenarioRunWeight(scenario, plan), resolutionUs: LATENCY_RESOLUTION_US[scenario.tool],
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

module.exports = { scenarioRunner, scenarioSeconds, scenarioRunWeight, COMPARED_METRICS };
