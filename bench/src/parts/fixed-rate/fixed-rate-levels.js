'use strict';
// The fixed-rate levels as they run: latency at fixed request rates, open loop, after the closed-loop scenarios.
// Per group (the hello-world servers; the JSON servers on /json): 100 % is the slowest server's median
// req/s in the group's basis scenario of this same run; each level (a fraction of that) runs
// `repetitions` rounds, every server once per round in a seeded shuffled order, with oha sending on a
// clock and correcting for coordinated omission (open-loop.js). A run whose achieved rate fell short
// (or had errors) is kept with held: false and its reason; the summary's latency comes from held runs
// only, so a level the generator could not hold is never shown as the server's latency.
const { join } = require('node:path');
const { ServerPool, runRounds } = require('../../rounds/rounds');
const { runFixedRate, fixedRateLevels, ohaTemplate, HOLD_RATIO } = require('../../measure/open-loop');
const { serverUrl, describeExit } = require('../../servers/servers');
const { assertLoopback } = require('../../measure/closed-loop');
const { repoRoot, displayPath } = require('../../../../shared/src/project-paths');
const { cpuTicksOfGroup, cpuSecondsBetween, groupMembers } = require('../../../../shared/src/proc-stats');
const { utilization } = require('../../summarize/bottleneck');
const { median, minMedianMax } = require('../../summarize/stats');
const { formatLatencyUs } = require('../../rounds/progress');
const { SERVER_START_SECONDS } = require('../../rounds/step-costs');

// oha's start (connections) and exit, the JSON report, /proc reads: 5 runs of 1 s with 0.5 s pauses
// and 5 server starts took 7.4 s on the quick profile.
const FIXED_RATE_OVERHEAD_SECONDS = 0.1;

// One server's share of a fixed-rate group: its runs at every level and round, its start and warm-up.
function perServerSeconds(fixedRate) {
  const run = fixedRate.durationSeconds + fixedRate.pauseBetweenRunsSeconds + FIXED_RATE_OVERHEAD_SECONDS;
  const start = SERVER_START_SECONDS + (fixedRate.warmupSeconds > 0 ? fixedRate.warmupSeconds + FIXED_RATE_OVERHEAD_SECONDS : 0);
  return fixedRate.fractions.length * fixedRate.repetitions * run + start;
}

// Weight of one run (a progress step): its share of a server's estimate.
const runWeight = (fixedRate) => perServerSeconds(fixedRate) / (fixedRate.fractions.length * fixedRate.repetitions);

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

// The progress line of one run: target and achieved rate, p99 of a held run, or why it was not held.
function runDone(progress, { label, run, weight }) {
  let figure;
  if (run.status !== 'ok') figure = `FAILED: ${run.failureReason}`;
  else {
    const achieved = `achieved ${integer.format(run.achievedRate)} of ${integer.format(run.targetRate)} req/s`;
    figure = run.held ? `${achieved}, p99 ${formatLatencyUs(run.latencyUs.p99)} (held)` : `${achieved}, NOT HELD: ${run.notHeldReason}`;
  }
  progress.step(label, figure, weight);
}

const LATENCY_KEYS = ['p50', 'p75', 'p90', 'p99', 'p999', 'max'];
const BASIS_METRIC = 'median requestsPerSecond of the closed-loop basis scenario';

// 100 % of a group: the slowest of its servers (median req/s) in the basis scenario of this run.
function basisOf(scenarioGroup, serverIds) {
  if (!scenarioGroup) return { failureReason: 'its basis scenario did not run' };
  const medians = scenarioGroup.results
    .filter((r) => serverIds.includes(r.server) && r.summary)
    .map((r) => ({ server: r.server, requestsPerSecond: r.summary.requestsPerSecond.median }));
  if (medians.length === 0) return { failureReason: `no server of the group has a successful run in ${scenarioGroup.scenario.id}` };
  const slowest = medians.reduce((a, b) => (b.requestsPerSecond < a.requestsPerSecond ? b : a));
  return { scenario: scenarioGroup.scenario.id, metric: BASIS_METRIC, slowestServer: slowest.server, maximum: slowest.requestsPerSecond, medians };
}

function summarizeLevel(runs) {
  const ok = runs.filter((r) => r.status === 'ok');
  const held = ok.filter((r) => r.held);
  return {
    runs: runs.length,
    okRuns: ok.length,
    heldRuns: held.length,
    held: held.length === runs.length,
    achievedRate: ok.length ? minMedianMax(ok.map((r) => r.achievedRate)) : null,
    // medians over the held runs only: a run the generator did not hold is not the server's latency
    latencyUs: held.length ? Object.fromEntries(LATENCY_KEYS.map((k) => [k, median(held.map((r) => r.latencyUs[k]))])) : null,
  };
}

function runRecord(r, place, extra) {
  const base = { round: place.round, positionInRound: place.positionInRound, targetRate: r.targetRate, command: r.command };
  if (r.status !== 'ok') return { ...base, status: 'failed', failureReason: r.failureReason, ...extra };
  return {
    ...base,
    status: 'ok',
    achievedRate: r.achievedRate,
    held: r.held,
    notHeldReason: r.notHeldReason,
    responses: r.responses,
    non2xx: r.non2xx,
    errors: r.errors,
    elapsedSeconds: r.elapsedSeconds,
    latencyUs: r.latencyUs,
    ...extra,
  };
}

async function runGroup({ plan, group, ctx, serverInfo, progress, scenarioGroups, excluded }) {
  const fr = plan.fixedRate;
  const { cpu, state, scenariosData } = ctx;
  const ids = group.servers.map((s) => s.id);
  const oha = { binary: state.ohaBinary, toolVersion: state.ohaVersion };
  const common = { method: group.method, bodyFile: group.bodyFile ?? null, durationSeconds: fr.durationSeconds, connections: fr.connections,
    threads: cpu.clientThreads, cpus: cpu.clientCpus, graceSeconds: fr.graceSeconds, cwd: repoRoot };
  const block = {
    id: group.id,
    servers: ids,
    reference: group.reference,
    method: group.method,
    path: group.path ?? null,
    bodyFile: group.bodyFile ?? null,
    commandLine: ohaTemplate({ binary: oha.binary, ...common }),
  };
  const basis = basisOf(scenarioGroups.find((g) => g.scenario.id === group.basisScenario), ids.filter((id) => !excluded.has(id)));
  if (!basis.maximum) {
    const failureReason = `no fixed-rate levels: ${basis.failureReason}`;
    progress.skip(fr.fractions.length * fr.repetitions * ids.length, ids.length * perServerSeconds(fr), `fixed-rate ${group.id}: ${failureReason}`);
    return { ...block, basis: null, failureReason, levels: [] };
  }
  const levels = fixedRateLevels(basis.maximum, fr.fractions);
  const urlOf = (def) => {
    const url = serverUrl(def, scenariosData.address, group.path);
    assertLoopback(url);
    return url;
  };
  const pool = new ServerPool({
    ctx,
    serverInfo,
    logPrefix: `fixed-rate-${group.id}`,
    part: 'fixedRate',
    warmUp: async (def, server, starts) => {
      if (fr.warmupSeconds === 0) return;
      await runFixedRate({ ...oha, ...common, url: urlOf(server.def), rate: levels[0].rate, durationSeconds: fr.warmupSeconds,
        logPath: join(ctx.logDir, `fixed-rate-${group.id}.${def.id}.warmup${starts}.json`) });
      progress.note(`  fixed-rate ${group.id} ${def.id}: started and warmed up (${fr.warmupSeconds} s at ${levels[0].rate} req/s)`);
    },
  });
  progress.note(`  fixed-rate ${group.id}: 100 % = ${Math.round(basis.maximum).toLocaleString('en-US')} req/s (${basis.slowestServer}, the slowest in ${basis.scenario}); `
    + `levels ${levels.map((l) => `${Math.round(l.fraction * 100)} % = ${l.rate.toLocaleString('en-US')}`).join(', ')} req/s`);
  const levelBlocks = [];
  try {
    await pool.startAll(group.servers, { excluded, note: (def, error) => progress.note(`  fixed-rate ${group.id} ${def.id}: ${error}`) });
    for (const level of levels) {
      const levelId = `fixed-rate-${group.id}-${Math.round(level.fraction * 1000)}`;
      const { rounds, runsOf } = await runRounds(pool, {
        seed: plan.seed,
        blockId: levelId,
        servers: group.servers,
        repetitions: fr.repetitions,
        excluded,
        pauseSeconds: fr.pauseBetweenRunsSeconds,
        measure: async (def, server, place) => {
          const logPath = join(ctx.logDir, `${levelId}.${def.id}.round${place.round}.json`);
          const cpuBefore = cpuTicksOfGroup(server.pgid);
          const started = process.hrtime.bigint();
          const result = await runFixedRate({ ...oha, ...common, url: urlOf(def), rate: level.rate, logPath });
          const wall = Number(process.hrtime.bigint() - started) / 1e9;
          const serverCpuSeconds = cpuSecondsBetween(cpuBefore, cpuTicksOfGroup(server.pgid));
          const run = runRecord(result, place, { rawLog: displayPath(logPath) });
          if (server.exit || groupMembers(server.pgid).length === 0) {
            return { ...place, status: 'failed', targetRate: level.rate, command: result.command,
              failureReason: `server "${def.id}" ${describeExit(server.exit)} during the run; log ${displayPath(server.logPath)}`, rawLog: displayPath(logPath) };
          }
          if (run.status === 'ok') run.serverCpuUtilization = utilization(serverCpuSeconds, wall, cpu.serverCpuCount);
          return run;
        },
        failed: (def, place, reason) => {
          const command = ohaTemplate({ binary: oha.binary, ...common }).replace('{rate}', String(level.rate)).replace('{url}', urlOf(def));
          return { ...place, status: 'failed', targetRate: level.rate, command, failureReason: reason };
        },
        onRun: (run, { id, round, rounds: count }) => runDone(progress, {
          label: `fixed-rate ${group.id} ${Math.round(level.fraction * 100)} % (${level.rate.toLocaleString('en-US')} req/s) ${id} round ${round}/${count}`,
          run, weight: runWeight(fr),
        }),
      });
      levelBlocks.push({
        fraction: level.fraction,
        rate: level.rate,
        rounds,
        results: ids.map((id) => ({ server: id, runs: runsOf.get(id), summary: summarizeLevel(runsOf.get(id)) })),
      });
    }
  } finally {
    await pool.stopAll();
  }
  return { ...block, basis, levels: levelBlocks };
}

// -> results.fixedRate
async function runFixedRateLevels({ plan, ctx, serverInfo, progress, scenarioGroups, excluded }) {
  const fr = plan.fixedRate;
  const groups = [];
  for (const group of fr.groups) groups.push(await runGroup({ plan, group, ctx, serverInfo, progress, scenarioGroups, excluded }));
  return {
    tool: 'oha',
    toolVersion: ctx.state.ohaVersion,
    openLoop: true,
    latencyCorrection: true,
    holdRatio: HOLD_RATIO,
    fractions: fr.fractions,
    durationSeconds: fr.durationSeconds,
    warmupSeconds: fr.warmupSeconds,
    repetitions: fr.repetitions,
    connections: fr.connections,
    clientThreads: ctx.cpu.clientThreads,
    groups,
  };
}

module.exports = { runFixedRateLevels, perServerSeconds, runWeight, runDone, basisOf, summarizeLevel, BASIS_METRIC };
