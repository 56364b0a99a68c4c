'use strict';
// Part: the hello-world rounds (--parts scenarios). The profile's scenarios (bench/scenarios.json
// profiles.<name>.scenarios: tool, connections, keep-alive, pipelining; durations and rounds from the
// scenario, else the profile, else the command line) on the hello-world servers, each in rounds and
// blocks (rounds/scenario-rounds.js) interleaved with the JSON rounds' blocks. Its scenario groups go to
// results.scenarios with the JSON rounds'; compare judges every scenario there alike (medians, paired
// ratios and the pooled figures: compare/compare.js) and the pool pools their comparisons. A scenario
// marked whenOpenFilesAllow that needs more descriptors than the machine allows is skipped and listed.
const { definePart } = require('../part');
const { scenarioRunner, scenarioSeconds } = require('../../rounds/scenario-rounds');
const { formatDuration } = require('../../rounds/progress');

// The profile's hello-world scenarios (or those --scenarios picked), each with its own settings.
function build({ profile, overrides, servers, selected, use, blocksOf }) {
  if (!use('scenarios', servers.hello.length > 0, 'no hello-world server chosen (--servers)')) return [];
  return (selected ? selected.hello : profile.scenarios).map((s) => ({
    ...s,
    pipelineDepth: s.pipelineDepth ?? 1,
    durationSeconds: overrides.durationSeconds ?? s.durationSeconds ?? profile.durationSeconds,
    warmupSeconds: overrides.warmupSeconds ?? s.warmupSeconds ?? profile.warmupSeconds,
    repetitions: overrides.repetitions ?? s.repetitions ?? profile.repetitions,
  })).map((s) => ({ ...s, blocks: blocksOf(s.repetitions) }));
}

function check(data, name, profile, fail) {
  const ids = new Set();
  profile.scenarios.forEach((scenario, i) => {
    if (ids.has(scenario.id)) fail(`/profiles/${name}/scenarios/${i}/id`, `duplicate scenario id "${scenario.id}"`);
    ids.add(scenario.id);
    if ((scenario.pipelineDepth ?? 1) > 1 && (scenario.tool !== 'wrk' || !scenario.keepAlive)) {
      fail(`/profiles/${name}/scenarios/${i}/pipelineDepth`, 'pipelining needs wrk with keep-alive (ab sends one request at a time per connection)');
    }
  });
}

// A scenario marked whenOpenFilesAllow that needs more descriptors than the hard limit is skipped, with
// the reason recorded in the results; any other stops the run before it starts.
function fitOpenFiles(scenarios, limits) {
  const skipped = [];
  const kept = [];
  for (const s of scenarios) {
    if (limits.allows(s.connections)) kept.push(s);
    else if (s.whenOpenFilesAllow) skipped.push({ id: s.id, connections: s.connections, reason: limits.skipReason(s.connections) });
    else throw limits.refuse(`scenario ${s.id} with ${s.connections} connections`, s.connections);
  }
  return { block: kept, skipped };
}

const roundsOf = (scenarios) => scenarios.reduce((sum, s) => sum + s.repetitions, 0);

function estimate(scenarios, plan) {
  return { seconds: { scenarios: scenarios.reduce((sum, s) => sum + scenarioSeconds(s, plan), 0) }, steps: plan.servers.length * roundsOf(scenarios) };
}

function lines(scenarios, plan, estimated) {
  if (!plan.parts.includes('scenarios')) return [];
  return [`scenarios: ${scenarios.length} x ${plan.servers.length} servers, ${roundsOf(scenarios)} rounds in all (each server once per round, shuffled), about ${formatDuration(estimated.scenarios)}`];
}

module.exports = {
  part: definePart({
    name: 'scenarios',
    subject: 'scenarios',
    plan: {
      inProfile: () => true,
      picks: (selected) => selected.hello.length > 0,
      build,
      serverKinds: (scenarios, plan) => (plan.parts.includes('scenarios') ? ['hello'] : []),
      check,
      tools: (scenarios) => scenarios.map((s) => s.tool),
      fitOpenFiles,
      estimate,
      lines,
    },
    run: {
      slot: 'blocks',
      runners: ({ plan, ctx, serverInfo, progress }) => plan.scenarios.map((scenario) => scenarioRunner({ part: 'scenarios', plan, scenario, ctx, serverInfo, progress })),
    },
    results: {
      fields: ['skippedScenarios'],
      schema: ['skippedScenario', 'scenario', 'serverResult', 'run', 'errors', 'latency', 'minMedianMax', 'summary', 'bottleneck', 'note', 'round', 'comparison'],
      of: (run) => (run.skipped.scenarios?.length ? { skippedScenarios: run.skipped.scenarios } : {}),
    },
    // Judged with every scenario of results.scenarios (compare/medians.js, compare/paired-ratios.js and
    // the pooled figures, compare/pooled.js), whatever part ran it.
    compare: 'scenarios',
  }),
};
