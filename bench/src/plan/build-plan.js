'use strict';
// Expand a profile of the loaded scenario file (load-scenarios.js) into the plan a run follows: each
// part's scenarios, servers, cases and settings, with the command line's choices applied.
const { BenchError } = require('../helpers/errors');
const { newSeed } = require('../helpers/prng');
const { parseList, chooseParts, selectScenarios, chooseServers } = require('./plan-selection');
const { jsonLoadShape } = require('./json-load-shape');

// The server count of each CPU plan is what the shape scales with; cpu-plan.js decides it at run time.
function defaultServerThreads() {
  return require('./cpu-plan').planCpus().serverThreads;
}

// A part with nothing to run (no servers of its kind, no case, no basis) is left out, or is an error
// when --parts named it. use(part, ok, why) says whether a wanted part runs and adds it to parts.
function partList(wanted, explicit) {
  const parts = [];
  const use = (part, ok, why) => {
    if (!wanted.includes(part)) return false;
    if (!ok) {
      if (explicit) throw new BenchError(`--parts ${part}: ${why}`);
      return false;
    }
    parts.push(part);
    return true;
  };
  return { parts, use };
}

// The profile's hello-world scenarios (or those --scenarios picked), each with its own settings.
function helloScenarios({ profile, overrides, servers, selected, use, blocksOf }) {
  if (!use('scenarios', servers.hello.length > 0, 'no hello-world server chosen (--servers)')) return [];
  return (selected ? selected.hello : profile.scenarios).map((s) => ({
    ...s,
    pipelineDepth: s.pipelineDepth ?? 1,
    durationSeconds: overrides.durationSeconds ?? s.durationSeconds ?? profile.durationSeconds,
    warmupSeconds: overrides.warmupSeconds ?? s.warmupSeconds ?? profile.warmupSeconds,
    repetitions: overrides.repetitions ?? s.repetitions ?? profile.repetitions,
  })).map((s) => ({ ...s, blocks: blocksOf(s.repetitions) }));
}

// The JSON servers, their load shape and, when the json part runs, its scenarios. The servers are
// planned even without the part: fixed-rate groups and counted cases may use them.
function jsonPart({ data, profile, overrides, servers, selected, use, blocksOf }, machine) {
  if (!profile.json || !servers.json.length) {
    use('json', false, 'no JSON server chosen (--servers)');
    return null;
  }
  const shape = jsonLoadShape(data.json.shape, machine.serverThreads ?? defaultServerThreads());
  const json = {
    servers: servers.json,
    reference: data.json.reference,
    referenceReason: data.json.referenceReason,
    shape,
    scenarios: [],
  };
  if (use('json', true)) {
    const chosen = selected ? selected.json : profile.json.scenarios.map((id) => data.json.scenarios.find((s) => s.id === id));
    json.scenarios = chosen.map((s) => ({
      ...s,
      kind: 'json',
      tool: 'wrk',
      keepAlive: true,
      pipelineDepth: 1,
      clientThreads: shape.here.clientThreads,
      connections: shape.here.connections,
      durationSeconds: overrides.durationSeconds ?? profile.json.durationSeconds,
      warmupSeconds: overrides.warmupSeconds ?? profile.json.warmupSeconds,
      repetitions: overrides.repetitions ?? profile.json.repetitions,
    })).map((s) => ({ ...s, blocks: blocksOf(s.repetitions) }));
  }
  return json;
}

// The fixed-rate groups whose servers are chosen and whose basis scenario runs before them.
function fixedRatePart({ data, profile, overrides, servers, wanted, use }, ranScenarios) {
  if (!wanted.includes('fixedRate')) return null;
  const ran = new Set(ranScenarios.map((s) => s.id));
  const problems = [];
  const groups = profile.fixedRate.groups.map((id) => data.fixedRate.groups.find((g) => g.id === id)).flatMap((g) => {
    const groupServers = g.servers === 'json' ? servers.json : servers.hello;
    if (groupServers.length === 0) { problems.push(`group ${g.id} has no server chosen (--servers)`); return []; }
    if (!ran.has(g.basisScenario)) { problems.push(`group ${g.id} needs scenario ${g.basisScenario} in the same run (its closed-loop maximum is 100 %)`); return []; }
    return [{ ...g, servers: groupServers, serverKind: g.servers, reference: g.servers === 'json' ? data.json.reference : data.reference }];
  });
  if (!use('fixedRate', groups.length > 0, problems.join('; '))) return null;
  return {
    ...data.fixedRate,
    fractions: profile.fixedRate.fractions,
    durationSeconds: overrides.durationSeconds ?? profile.fixedRate.durationSeconds,
    warmupSeconds: overrides.warmupSeconds ?? profile.fixedRate.warmupSeconds,
    repetitions: overrides.repetitions ?? profile.fixedRate.repetitions,
    // Like the sweep: its own pause, else the profile's, else the file's for fixed-rate runs.
    pauseBetweenRunsSeconds: profile.fixedRate.pauseBetweenRunsSeconds ?? profile.pauseBetweenRunsSeconds ?? data.fixedRate.pauseBetweenRunsSeconds,
    groups,
  };
}

// The counted cases of ids with their N (a case's own, else the block's). A case runs on the chosen
// servers of its kind; none chosen, it is left out.
function countedCases({ data, profile, servers }, ids, byCase, requests) {
  const hasServers = (c) => (c.servers === 'json' ? servers.json.length > 0 && profile.json : servers.hello.length > 0);
  return ids.map((id) => data.instructions.cases.find((c) => c.id === id)).filter(hasServers)
    .map((c) => ({ ...c, requests: byCase[c.id] ?? requests }));
}

// Instruction counts: the hello-world cases and the JSON ones, N and repeats from profile.instructions.
function instructionsPart(ctx) {
  const { data, profile, wanted, use } = ctx;
  if (!wanted.includes('instructions')) return null;
  const byCase = { ...(profile.instructions.requestsByCase || {}), ...(profile.json?.instructions?.requestsByCase || {}) };
  const ids = [...profile.instructions.cases, ...(profile.json?.instructions ? profile.json.instructions.cases : [])];
  const cases = countedCases(ctx, ids, byCase, profile.instructions.requests);
  if (!use('instructions', cases.length > 0, 'no case has a chosen server (--servers)')) return null;
  return { ...data.instructions, requests: profile.instructions.requests, repeats: profile.instructions.repeats, cases };
}

function syscallsPart(ctx) {
  const { data, profile, wanted, use } = ctx;
  if (!wanted.includes('syscalls')) return null;
  const cases = countedCases(ctx, profile.syscalls.cases, profile.syscalls.requestsByCase || {}, profile.syscalls.requests);
  if (!use('syscalls', cases.length > 0, 'no case has a chosen server (--servers)')) return null;
  return { ...data.syscalls, requests: profile.syscalls.requests, repeats: profile.syscalls.repeats, cases };
}

// overrides: { profile, repetitions, blocks, durationSeconds, warmupSeconds, servers: 'a,b', scenarios: 'x,y',
// parts: 'scenarios,sweep', seed }. Command-line values beat a scenario's own, which beat the profile's.
// machine: { serverThreads } (default: this machine's CPU plan), which the JSON load shape scales with.
function buildPlan(data, overrides = {}, machine = {}) {
  const profileName = overrides.profile || 'default';
  const profile = data.profiles[profileName];
  if (!profile) {
    throw new BenchError(`--profile ${profileName}: no such profile (known: ${Object.keys(data.profiles).join(', ')})`);
  }
  const servers = chooseServers(data, profile, overrides);
  const selected = selectScenarios(data, profile, profileName, parseList(overrides.scenarios));
  const { parts: wanted, explicit } = chooseParts(profile, profileName, overrides, selected);
  const durationSeconds = overrides.durationSeconds ?? profile.durationSeconds;
  const warmupSeconds = overrides.warmupSeconds ?? profile.warmupSeconds;
  const repetitions = overrides.repetitions ?? profile.repetitions;
  // Blocks of rounds per timed scenario (never more than its rounds): each block starts its servers
  // afresh, and the runner interleaves the blocks of all scenarios over the run.
  const blocks = overrides.blocks ?? profile.blocks ?? 1;
  const pause = profile.pauseBetweenRunsSeconds ?? data.pauseBetweenRunsSeconds;
  const { parts, use } = partList(wanted, explicit);
  const ctx = { data, profile, overrides, servers, selected, wanted, use, blocksOf: (rounds) => Math.min(blocks, rounds) };

  // In the order of PARTS (plan-selection.js): use() adds each part that runs to parts.
  const scenarios = helloScenarios(ctx);
  const json = jsonPart(ctx, machine);
  const fixedRate = fixedRatePart(ctx, [...scenarios, ...(json ? json.scenarios : [])]);
  const sweep = use('sweep', servers.hello.length > 0, 'no hello-world server chosen (--servers)')
    ? { pauseBetweenRunsSeconds: pause, ...profile.sweep } : null;
  const instructions = instructionsPart(ctx);
  const syscalls = syscallsPart(ctx);

  // The full profile as defined: only such a run may become the committed results file.
  const complete = ['servers', 'scenarios', 'parts', 'repetitions', 'blocks', 'durationSeconds', 'warmupSeconds'].every((k) => overrides[k] === undefined);
  return {
    profile: profileName,
    complete,
    durationSeconds,
    warmupSeconds,
    repetitions,
    blocks,
    pauseBetweenRunsSeconds: pause,
    reference: data.reference,
    bootstrap: data.bootstrap,
    seed: overrides.seed ?? newSeed(),
    parts,
    servers: servers.hello,
    scenarios,
    json: parts.includes('json') || (fixedRate && fixedRate.groups.some((g) => g.serverKind === 'json'))
      || (instructions && instructions.cases.some((c) => c.servers === 'json'))
      || (syscalls && syscalls.cases.some((c) => c.servers === 'json')) ? json : null,
    fixedRate,
    sweep,
    instructions,
    syscalls,
  };
}

module.exports = { buildPlan };
