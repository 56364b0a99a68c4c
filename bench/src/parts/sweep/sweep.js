'use strict';
// Part: the sweep (--parts sweep), the concurrency sweep of cppnet's method: the profile's sweep block
// of bench/scenarios.json (tool, keep-alive, levels, runs per level, duration, warm-up) on the
// hello-world servers, after the last block of the timed scenarios. ab at each concurrency level,
// runsPerLevel rounds per level, each server once per round in an order shuffled by the level's seeded
// stream (rounds/rounds.js). All servers stay up for the whole sweep (warmed up once); per level and
// server the best run (as cppnet reported) and the median are kept. Every run is a measured run like a
// scenario's (CPU, latency). Compare does not judge the sweep: the pages show it, its best and median
// per level.
const { definePart } = require('../part');
const { ServerPool, runRounds } = require('../../rounds/rounds');
const { measureRun, runCommand, LATENCY_RESOLUTION_US } = require('../../measure/closed-loop');
const { median } = require('../../summarize/stats');
const { formatDuration } = require('../../rounds/progress');
const { SERVER_START_SECONDS, RUN_OVERHEAD_SECONDS } = require('../../rounds/step-costs');

// The profile's sweep block, with its own pause, else the profile's, else the file's.
function build({ profile, servers, use, pause }) {
  return use('sweep', servers.hello.length > 0, 'no hello-world server chosen (--servers)') ? { pauseBetweenRunsSeconds: pause, ...profile.sweep } : null;
}

// Its widest level (or warm-up) needs a descriptor per connection on both sides.
function fitOpenFiles(sweep, limits) {
  const widest = Math.max(...sweep.levels, sweep.warmupConnections);
  if (!limits.allows(widest)) throw limits.refuse(`the sweep level of ${widest} connections`, widest);
  return { block: sweep, skipped: [] };
}

function sweepSeconds(sweep, plan) {
  const servers = plan.servers.length;
  const run = sweep.durationSeconds + sweep.pauseBetweenRunsSeconds + RUN_OVERHEAD_SECONDS;
  const start = SERVER_START_SECONDS + sweep.warmupSeconds + (sweep.warmupSeconds > 0 ? RUN_OVERHEAD_SECONDS : 0);
  return servers * (sweep.levels.length * sweep.runsPerLevel * run + start);
}

const runsOf = (sweep, plan) => plan.servers.length * sweep.levels.length * sweep.runsPerLevel;

// Weight of one run (a progress step): its share of the sweep's estimate.
const runWeight = (plan) => sweepSeconds(plan.sweep, plan) / runsOf(plan.sweep, plan);

function lines(s, plan, estimated) {
  return [`sweep: ${s.tool}${s.keepAlive ? ' -k' : ''} at ${s.levels.length} levels (${s.levels.join(', ')}) x ${s.runsPerLevel} runs of ${s.durationSeconds} s x ${plan.servers.length} servers, about ${formatDuration(estimated.sweep)}`];
}

// Every run of every level, named for the list of failed runs.
function runs(results) {
  return (results.sweep ? results.sweep.results : []).flatMap((r) => r.points.flatMap((p) => p.runs.map((run) => ({ where: `sweep c${p.concurrency} ${r.server} run ${run.round}`, run }))));
}

const levelId = (concurrency) => `sweep-c${concurrency}`;

function sweepScenario(sweep, concurrency) {
  return { id: levelId(concurrency), tool: sweep.tool, connections: concurrency, keepAlive: sweep.keepAlive, pipelineDepth: 1 };
}

// The fields of a sweep run (schema: sweep.results[].points[].runs[]).
function sweepRun(run) {
  const base = { round: run.round, status: run.status, command: run.command };
  if (run.status !== 'ok') return { ...base, failureReason: run.failureReason };
  return {
    ...base,
    requestsPerSecond: run.requestsPerSecond,
    requests: run.requests,
    latencyUs: { p50: run.latencyUs.p50, p99: run.latencyUs.p99 },
    requestsPerServerCpuSecond: run.requestsPerServerCpuSecond,
    serverCpuUtilization: run.serverCpuUtilization,
    clientCpuUtilization: run.clientCpuUtilization,
    errors: run.errors,
  };
}

function sweepPoint(concurrency, runs) {
  const ok = runs.filter((r) => r.status === 'ok');
  const rates = ok.map((r) => r.requestsPerSecond);
  return {
    concurrency,
    okRuns: ok.length,
    best: ok.length ? Math.max(...rates) : null,
    median: ok.length ? median(rates) : null,
    runs: runs.map(sweepRun),
  };
}

async function runSweep({ plan, ctx, serverInfo, progress }) {
  const { sweep } = plan;
  const toolDef = ctx.scenariosData.tools[sweep.tool];
  const pointsOf = new Map(plan.servers.map((def) => [def.id, []]));
  const pool = new ServerPool({
    ctx,
    serverInfo,
    logPrefix: 'sweep',
    part: 'sweep',
    warmUp: async (def, server, starts) => {
      if (sweep.warmupSeconds === 0) return;
      const scenario = sweepScenario(sweep, sweep.warmupConnections);
      await measureRun({ ...ctx, scenario, toolDef, server, durationSeconds: sweep.warmupSeconds, round: 0, positionInRound: 0, logName: `sweep.${def.id}.warmup${starts}` });
      progress.note(`  sweep ${def.id}: started and warmed up (${sweep.warmupSeconds} s at ${sweep.warmupConnections} connections)`);
    },
  });
  const levels = [];
  try {
    await pool.startAll(plan.servers, { note: (def, error) => progress.note(`  sweep ${def.id}: ${error}`) });
    for (const concurrency of sweep.levels) {
      const scenario = sweepScenario(sweep, concurrency);
      const common = { ...ctx, scenario, toolDef, durationSeconds: sweep.durationSeconds };
      const logName = (def, place) => `${scenario.id}.${def.id}.round${place.round}`;
      const { rounds, runsOf } = await runRounds(pool, {
        seed: plan.seed,
        blockId: scenario.id,
        servers: plan.servers,
        repetitions: sweep.runsPerLevel,
        pauseSeconds: sweep.pauseBetweenRunsSeconds,
        measure: (def, server, place) => measureRun({ ...common, ...place, logName: logName(def, place), server }),
        failed: (def, place, reason) => ({ round: place.round, status: 'failed', command: runCommand({ ...common, serverDef: def, ...place, logName: logName(def, place) }).command, failureReason: reason }),
        onRun: (run, { id, round, rounds: count }) => progress.runDone({ label: `sweep c${concurrency} ${id} run ${round}/${count}`, run, weight: runWeight(plan), resolutionUs: LATENCY_RESOLUTION_US[sweep.tool] }),
      });
      levels.push({ concurrency, rounds });
      for (const def of plan.servers) pointsOf.get(def.id).push(sweepPoint(concurrency, runsOf.get(def.id)));
    }
  } finally {
    await pool.stopAll();
  }
  // The level itself stays a placeholder in the recorded template.
  const template = runCommand({ ...ctx, scenario: sweepScenario(sweep, '{concurrency}'), toolDef, durationSeconds: sweep.durationSeconds, serverDef: plan.servers[0], logName: 'template' }).template;
  return {
    tool: sweep.tool,
    keepAlive: sweep.keepAlive,
    levels: sweep.levels,
    runsPerLevel: sweep.runsPerLevel,
    durationSeconds: sweep.durationSeconds,
    warmupSeconds: sweep.warmupSeconds,
    latencyResolutionUs: LATENCY_RESOLUTION_US[sweep.tool],
    commandLine: template,
    rounds: levels.map(({ concurrency, rounds }) => ({ concurrency, rounds })),
    results: plan.servers.map((def) => ({ server: def.id, points: pointsOf.get(def.id) })),
  };
}

module.exports = {
  part: definePart({
    name: 'sweep',
    subject: 'sweep',
    plan: {
      build,
      serverKinds: () => ['hello'],
      tools: (sweep) => [sweep.tool],
      fitOpenFiles,
      estimate: (sweep, plan) => ({ seconds: { sweep: sweepSeconds(sweep, plan) }, steps: runsOf(sweep, plan) }),
      lines,
    },
    run: { slot: 'after-blocks', measure: runSweep },
    results: {
      fields: ['sweep'],
      schema: ['sweep', 'sweepPoint', 'sweepRun'],
      of: ({ outcomes }) => (outcomes.sweep ? { sweep: outcomes.sweep } : {}),
      runs,
    },
    compare: null,
  }),
  runSweep, runWeight, sweepPoint, sweepRun, sweepScenario,
};
