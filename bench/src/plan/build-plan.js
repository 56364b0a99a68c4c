'use strict';
// Expand a profile of the loaded scenario file (load-scenarios.js) into the plan a run follows: the
// settings every part shares, then each part's block (parts/part-list.js, in the list's order: a part
// may read the blocks planned before it), with the command line's choices applied.
const { BenchError } = require('../helpers/errors');
const { newSeed } = require('../helpers/prng');
const { parseList, chooseParts, selectScenarios, chooseServers } = require('./plan-selection');
const { PARTS } = require('../parts/part-list');

// The server count of each CPU plan is what the JSON load shape scales with; cpu-plan.js decides it at
// run time.
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

// overrides: { profile, repetitions, blocks, durationSeconds, warmupSeconds, servers: 'a,b', scenarios: 'x,y',
// parts: 'scenarios,json', seed }. Command-line values beat a scenario's own, which beat the profile's.
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
  // Blocks of rounds per timed scenario (never more than its rounds): each block starts its servers
  // afresh, and the runner interleaves the blocks of all scenarios over the run.
  const blocks = overrides.blocks ?? profile.blocks ?? 1;
  const pause = profile.pauseBetweenRunsSeconds ?? data.pauseBetweenRunsSeconds;
  const { parts, use } = partList(wanted, explicit);
  const plan = {
    profile: profileName,
    // The full profile as defined: only such a run may become the committed results file.
    complete: ['servers', 'scenarios', 'parts', 'repetitions', 'blocks', 'durationSeconds', 'warmupSeconds'].every((k) => overrides[k] === undefined),
    durationSeconds: overrides.durationSeconds ?? profile.durationSeconds,
    warmupSeconds: overrides.warmupSeconds ?? profile.warmupSeconds,
    repetitions: overrides.repetitions ?? profile.repetitions,
    blocks,
    pauseBetweenRunsSeconds: pause,
    reference: data.reference,
    bootstrap: data.bootstrap,
    seed: overrides.seed ?? newSeed(),
    parts,
    servers: servers.hello,
  };
  const ctx = {
    data, profile, overrides, servers, selected, wanted, use, pause,
    blocksOf: (rounds) => Math.min(blocks, rounds),
    serverThreads: () => machine.serverThreads ?? defaultServerThreads(),
  };
  // In the list's order: use() adds each part that runs to plan.parts.
  for (const part of PARTS) plan[part.name] = part.plan.build(ctx, plan);
  // The JSON servers are planned with the JSON rounds' block (plan.json) even when that part does not
  // run; they stay in the plan while some part runs on them.
  const kindsRun = new Set(PARTS.flatMap((part) => (plan[part.name] ? part.plan.serverKinds(plan[part.name], plan) : [])));
  if (plan.json && !kindsRun.has('json')) plan.json = null;
  return plan;
}

module.exports = { buildPlan };
