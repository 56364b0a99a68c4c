'use strict';
// Part: the fixed-rate levels (--parts fixedRate): latency at fixed request rates, open loop (oha),
// after the last block of the timed scenarios. Per group of bench/scenarios.json fixedRate.groups (the
// hello-world servers on their path, the JSON servers on /json), 100 % is the slowest server's median
// in the group's basis scenario of this same run; the profile's fractions of it are the levels
// (profiles.<name>.fixedRate: fractions, duration, rounds). A group whose basis scenario is not in the
// run cannot have levels. How they run: fixed-rate-levels.js; how compare judges them:
// fixed-rate-latency.js.
const { accessSync, constants } = require('node:fs');
const { definePart } = require('../part');
const { BenchError, SETUP_HINT } = require('../../helpers/errors');
const { runFixedRateLevels, perServerSeconds } = require('./fixed-rate-levels');
const { compareFixedRate, fixedRateFindings, flaggedLevel, fixedRateMarkdown, fixedRateText } = require('./fixed-rate-latency');
const { formatDuration } = require('../../rounds/progress');

// The groups whose servers are chosen and whose basis scenario runs before them (plan: the hello-world
// and JSON scenarios planned so far).
function build({ data, profile, overrides, servers, wanted, use }, plan) {
  if (!wanted.includes('fixedRate')) return null;
  const ran = new Set([...plan.scenarios, ...(plan.json ? plan.json.scenarios : [])].map((s) => s.id));
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
    // Its own pause, else the profile's, else the file's for fixed-rate runs.
    pauseBetweenRunsSeconds: profile.fixedRate.pauseBetweenRunsSeconds ?? profile.pauseBetweenRunsSeconds ?? data.fixedRate.pauseBetweenRunsSeconds,
    groups,
  };
}

// A profile's groups exist, and each group's basis scenario is one the profile runs.
function check(data, name, profile, fail) {
  if (!profile.fixedRate) return;
  if (!data.fixedRate) fail(`/profiles/${name}/fixedRate`, 'needs the top-level fixedRate block');
  const groupIds = new Set(data.fixedRate.groups.map((g) => g.id));
  const helloScenarioIds = new Set(profile.scenarios.map((s) => s.id));
  profile.fixedRate.groups.forEach((id, i) => {
    if (!groupIds.has(id)) fail(`/profiles/${name}/fixedRate/groups/${i}`, `unknown fixed-rate group "${id}" (known: ${[...groupIds].join(', ')})`);
    const group = data.fixedRate.groups.find((g) => g.id === id);
    const basisKnown = group.servers === 'json' ? (profile.json?.scenarios || []).includes(group.basisScenario) : helloScenarioIds.has(group.basisScenario);
    if (!basisKnown) fail(`/profiles/${name}/fixedRate/groups/${i}`, `group "${id}" measures against scenario "${group.basisScenario}", which this profile does not run`);
  });
}

// oha is built by the setup (not on PATH).
function checkSetup(fixedRate, state, statePath) {
  try {
    accessSync(state.ohaBinary, constants.X_OK);
  } catch {
    throw new BenchError(`fixed-rate levels: ohaBinary = ${state.ohaBinary} (from ${statePath}) does not exist or is not executable: ${SETUP_HINT}`);
  }
}

// The JSON servers that cannot run here leave the JSON group.
function dropServers(fixedRate, gone) {
  for (const group of fixedRate.groups) {
    if (group.serverKind === 'json') group.servers = group.servers.filter((s) => !gone.has(s.id));
  }
}

function estimate(fixedRate) {
  return {
    seconds: { fixedRate: fixedRate.groups.reduce((sum, g) => sum + g.servers.length * perServerSeconds(fixedRate), 0) },
    steps: fixedRate.fractions.length * fixedRate.repetitions * fixedRate.groups.reduce((sum, g) => sum + g.servers.length, 0),
  };
}

function lines(f, plan, estimated) {
  return [`fixed rate (oha, open loop): groups ${f.groups.map((g) => `${g.id} (${g.servers.length} servers, 100 % = slowest median of ${g.basisScenario})`).join(', ')}; `
    + `levels ${f.fractions.map((x) => `${Math.round(x * 100)} %`).join(', ')} x ${f.repetitions} rounds of ${f.durationSeconds} s, about ${formatDuration(estimated.fixedRate)}`];
}

// Every run of every level, named for the list of failed runs.
function runs(results) {
  return (results.fixedRate ? results.fixedRate.groups : []).flatMap((g) => g.levels.flatMap((l) => l.results.flatMap((r) => r.runs.map((run) => ({
    where: `fixed-rate ${g.id} ${Math.round(l.fraction * 100)} % ${r.server} round ${run.round}`, run })))));
}

module.exports = {
  part: definePart({
    name: 'fixedRate',
    subject: 'fixedRate',
    plan: {
      build,
      serverKinds: (fixedRate) => fixedRate.groups.map((g) => (g.serverKind === 'json' ? 'json' : 'hello')),
      check,
      checkSetup,
      dropServers,
      estimate,
      lines,
    },
    run: {
      // After the last block: its levels need every block's closed-loop maxima (run.groups).
      slot: 'after-blocks',
      measure: ({ plan, ctx, serverInfo, progress, groups, excluded }) => runFixedRateLevels({ plan, ctx, serverInfo, progress, scenarioGroups: groups, excluded }),
    },
    results: {
      fields: ['fixedRate'],
      schema: ['fixedRate', 'fixedRateGroup', 'fixedRateLevel', 'fixedRateLatency', 'fixedRateRun', 'fixedRateSummary'],
      of: ({ outcomes }) => (outcomes.fixedRate ? { fixedRate: outcomes.fixedRate } : {}),
      runs,
    },
    compare: {
      rows: 'fixedRateRows',
      judge: compareFixedRate,
      findings: fixedRateFindings,
      flagged: { fixedRate: flaggedLevel },
      markdown: fixedRateMarkdown,
      text: fixedRateText,
    },
  }),
};
