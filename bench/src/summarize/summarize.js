'use strict';
// Summarize: runs -> per scenario x server summary (min/median/max, spread, latency, efficiency),
// bottleneck call and named notes; then the whole results object in the shape of the results schema.
const { median, minMedianMax, spread } = require('./stats');
const { classifyBottleneck, contention } = require('./bottleneck');
const { STATISTIC, INTERVAL, RESAMPLING } = require('./bootstrap');
const { STREAM_DERIVATION } = require('../helpers/prng');

const ERROR_KINDS = ['connect', 'read', 'write', 'status', 'timeout'];
const PERCENTILES = ['p50', 'p75', 'p90', 'p99', 'p999'];

function sumErrors(runs) {
  const sums = Object.fromEntries(ERROR_KINDS.map((k) => [k, 0]));
  for (const run of runs) {
    for (const [kind, count] of Object.entries(run.errors)) sums[kind] = (sums[kind] || 0) + count;
  }
  return sums;
}

// Medians of the user / kernel split of the server's CPU time per request, when every ok run has it
// (results of earlier versions of the bench do not).
function cpuSplitSummary(ok) {
  if (!ok.every((r) => typeof r.serverKernelShare === 'number')) return {};
  return {
    serverUserMicrosPerRequest: median(ok.map((r) => r.serverUserMicrosPerRequest)),
    serverKernelMicrosPerRequest: median(ok.map((r) => r.serverKernelMicrosPerRequest)),
    serverKernelShare: median(ok.map((r) => r.serverKernelShare)),
  };
}

function summarizeRuns(runs) {
  const ok = runs.filter((r) => r.status === 'ok');
  if (ok.length === 0) return null;
  const rps = ok.map((r) => r.requestsPerSecond);
  // null: not measured (pipelined runs, see the pipelined-latency note)
  let latencyUs = null;
  if (ok.every((r) => r.latencyUs)) {
    latencyUs = {};
    for (const key of PERCENTILES) latencyUs[key] = median(ok.map((r) => r.latencyUs[key]));
    if (ok.every((r) => r.latencyUs.min !== undefined)) latencyUs.min = Math.min(...ok.map((r) => r.latencyUs.min));
    if (ok.every((r) => r.latencyUs.max !== undefined)) latencyUs.max = Math.max(...ok.map((r) => r.latencyUs.max));
    for (const key of ['mean', 'stdev']) {
      if (ok.every((r) => r.latencyUs[key] !== undefined)) latencyUs[key] = median(ok.map((r) => r.latencyUs[key]));
    }
  }
  return {
    okRuns: ok.length,
    failedRuns: runs.length - ok.length,
    requestsPerSecond: minMedianMax(rps),
    spread: spread(rps),
    latencyUs,
    requestsPerServerCpuSecond: minMedianMax(ok.map((r) => r.requestsPerServerCpuSecond)),
    serverCpuMicrosPerRequest: median(ok.map((r) => r.serverCpuMicrosPerRequest)),
    ...cpuSplitSummary(ok),
    serverPeakRssBytes: Math.max(...ok.map((r) => r.serverPeakRssBytes)),
    errors: sumErrors(ok),
  };
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, name) => {
    if (values[name] === undefined) throw new Error(`note template needs {${name}}`);
    return String(values[name]);
  });
}

const count = (n) => new Intl.NumberFormat('en-US').format(n);

// Named quirks of this measurement, so a reader sees them next to the numbers instead of not at all.
// probe: how the server answered a `Connection: close` request at start (servers.js), or null.
// crossCheckId: the ab scenario of the plan with the same connections and no keep-alive, if any.
function notesFor({ scenario, runs, summary, probe, templates, crossCheckId = null, contentionThreshold = 1 }) {
  const notes = [];
  const explained = new Set();
  if (summary && scenario.tool === 'wrk' && !scenario.keepAlive && summary.errors.read > 0 && probe && !probe.closesWithHeader) {
    notes.push({
      code: 'wrk-read-errors-on-close',
      text: fill(templates['wrk-read-errors-on-close'], {
        readErrors: count(summary.errors.read),
        requests: count(runs.filter((r) => r.status === 'ok').reduce((s, r) => s + r.requests, 0)),
        connectionHeader: probe.connectionHeaderOnClose,
        crossCheck: crossCheckId ? ` (the cross-check of this scenario: ${crossCheckId})` : '',
      }),
    });
    explained.add('read');
  }
  if (summary) {
    const unexplained = Object.entries(summary.errors).filter(([kind, n]) => n > 0 && !explained.has(kind));
    if (unexplained.length) {
      notes.push({
        code: 'load-errors',
        text: fill(templates['load-errors'], { tool: scenario.tool, errors: unexplained.map(([kind, n]) => `${kind} ${count(n)}`).join(', ') }),
      });
    }
  }
  if (scenario.tool === 'ab') notes.push({ code: 'ab-millisecond-latency', text: templates['ab-millisecond-latency'] });
  if ((scenario.pipelineDepth ?? 1) > 1) {
    notes.push({ code: 'pipelined-latency', text: fill(templates['pipelined-latency'], { pipelineDepth: scenario.pipelineDepth }) });
  }
  const others = contention(runs.filter((r) => r.status === 'ok'));
  if (others && Math.max(others.server, others.client) >= contentionThreshold) {
    const pct = (ratio) => `${Math.round(ratio * 100)}%`;
    notes.push({ code: 'cpu-contention', text: fill(templates['cpu-contention'], { server: pct(others.server), client: pct(others.client) }) });
  }
  const failed = runs.filter((r) => r.status === 'failed');
  if (failed.length) {
    notes.push({
      code: 'failed-runs',
      text: fill(templates['failed-runs'], {
        failedRuns: failed.length,
        totalRuns: runs.length,
        reasons: [...new Set(failed.map((r) => `round ${r.round ?? r.repetition}: ${r.failureReason}`))].join('; '),
      }),
    });
  }
  return notes;
}

function serverResult({ serverId, scenario, runs, probe, scenariosData, crossCheckId }) {
  const summary = summarizeRuns(runs);
  return {
    server: serverId,
    runs,
    summary,
    bottleneck: classifyBottleneck(runs.filter((r) => r.status === 'ok'), scenariosData.saturationThreshold),
    notes: notesFor({ scenario, runs, summary, probe, templates: scenariosData.notes, crossCheckId, contentionThreshold: scenariosData.contentionNoteThreshold }),
  };
}

// One entry of results.scenarios; a JSON scenario also says its endpoint, request and reference.
function scenarioBlock(g) {
  const s = g.scenario;
  return {
    id: s.id,
    ...(s.kind === 'json' ? {
      kind: 'json',
      endpoint: s.endpoint,
      method: s.method,
      path: s.path,
      ...(s.bodyFile ? { bodyFile: s.bodyFile } : {}),
      ...(s.operations ? { operations: s.operations } : {}),
      reference: g.reference,
      clientThreads: s.clientThreads,
    } : {}),
    connections: s.connections,
    keepAlive: s.keepAlive,
    tool: s.tool,
    // The step the tool measures latency in (ab: whole milliseconds): pages never show it finer.
    ...(g.latencyResolutionUs ? { latencyResolutionUs: g.latencyResolutionUs } : {}),
    pipelineDepth: s.pipelineDepth,
    durationSeconds: s.durationSeconds,
    warmupSeconds: s.warmupSeconds,
    repetitions: s.repetitions,
    blocks: g.blocks,
    commandLine: g.commandLine,
    rounds: g.rounds,
    results: g.results,
    comparisons: g.comparisons,
  };
}

// groups: [{ scenario, reference, commandLine, rounds, results: [serverResult], comparisons }] (every
// scenario group, in the order of the parts that ran them); servers: [{ id, name, version, commandLine,
// baseline?, serverHeader?, framework?, ... }]; partFields, partMethod: the parts' own fields of the
// results and of results.method (parts/part-list.js); blockOrder: how the blocks were ordered
// (rounds/block-schedule.js); serverExits: [exit records].
function buildResults({ plan, cpu, environment, startedAt, finishedAt, servers, groups, partFields = {}, partMethod = {}, blockOrder,
  serverExits = [], scenariosData, openFilesLimit }) {
  return {
    schemaVersion: 4,
    profile: plan.profile,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    environment,
    method: {
      address: scenariosData.address,
      durationSeconds: plan.durationSeconds,
      warmupSeconds: plan.warmupSeconds,
      repetitions: plan.repetitions,
      serverThreads: cpu.serverThreads,
      loadGeneratorThreads: cpu.clientThreads,
      serverCpus: cpu.serverCpus,
      clientCpus: cpu.clientCpus,
      saturationThreshold: scenariosData.saturationThreshold,
      openFilesLimit,
      softirqAccounting: cpu.softirqAccounting,
      parts: plan.parts,
      complete: plan.complete,
      rounds: { order: 'interleaved-shuffled', seed: plan.seed, generator: 'mulberry32', streams: STREAM_DERIVATION, blocks: plan.blocks, blockOrder },
      bootstrap: {
        resamples: plan.bootstrap.resamples,
        confidence: plan.bootstrap.confidence,
        seed: plan.seed,
        statistic: STATISTIC,
        interval: INTERVAL,
        resampling: RESAMPLING,
        reference: plan.reference,
      },
      ...partMethod,
    },
    servers,
    scenarios: groups.map(scenarioBlock),
    ...partFields,
    // Servers that exited while the bench still needed them (rounds/rounds.js, and the parts that start
    // their own servers).
    serverExits,
  };
}

module.exports = { summarizeRuns, notesFor, serverResult, buildResults, sumErrors };
