'use strict';
// Part: the JSON rounds (--parts json). The JSON application's servers (bench/json/servers.json, named
// by bench/scenarios.json json.serversFile; the reference json.reference) and the profile's JSON
// scenarios (profiles.<name>.json: endpoint x variant, wrk in the published comparison's shape scaled to
// this machine: json-load-shape.js). Before any timed run, every JSON server of the plan passes the
// conformance check (conformance-check.js) or is never benchmarked; then the scenarios run in rounds and
// blocks (rounds/scenario-rounds.js) interleaved with the hello-world rounds'. The JSON servers are
// planned even when this part does not run: other parts (a fixed-rate group, a counted case) may run on
// them, and they stay in the plan while one does. Its scenario groups go to results.scenarios, judged
// with every scenario there (compare/compare.js); the variants that cannot run here go to notBuilt.
const { definePart } = require('../part');
const { jsonLoadShape } = require('./json-load-shape');
const { runConformance, conformanceSeconds } = require('./conformance-check');
const { scenarioRunner, scenarioSeconds } = require('../../rounds/scenario-rounds');
const { formatDuration } = require('../../rounds/progress');

// The JSON servers, their load shape and, when the part runs, its scenarios.
function build({ data, profile, overrides, servers, selected, use, blocksOf, serverThreads }) {
  if (!profile.json || !servers.json.length) {
    use('json', false, 'no JSON server chosen (--servers)');
    return null;
  }
  const shape = jsonLoadShape(data.json.shape, serverThreads());
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

// The file's JSON block and servers: ids and ports apart from the hello-world servers', the reference
// one of them, the scenarios' ids unique and a body exactly for a POST.
function checkFile(data, fail) {
  const helloIds = new Set(data.servers.map((s) => s.id));
  const ports = new Map(data.servers.map((s) => [s.port, s.id]));
  for (const [i, s] of (data.jsonServers?.servers || []).entries()) {
    if (helloIds.has(s.id)) fail(`${data.json.serversFile}: servers[${i}].id`, `"${s.id}" is also a server of the scenario file`);
    if (ports.has(s.port)) fail(`${data.json.serversFile}: servers[${i}].port`, `port ${s.port} is already used by server "${ports.get(s.port)}"`);
    ports.set(s.port, s.id);
  }
  if (!data.json) return;
  const jsonIds = new Set((data.jsonServers?.servers || []).map((s) => s.id));
  if (!jsonIds.has(data.json.reference)) fail('/json/reference', `unknown JSON server "${data.json.reference}" (known: ${[...jsonIds].join(', ')})`);
  const seen = new Set();
  data.json.scenarios.forEach((s, i) => {
    if (seen.has(s.id)) fail(`/json/scenarios/${i}/id`, `duplicate JSON scenario id "${s.id}"`);
    seen.add(s.id);
    if ((s.method === 'POST') !== (s.bodyFile !== undefined)) fail(`/json/scenarios/${i}/bodyFile`, 'a POST needs a bodyFile, a GET has none');
  });
}

function check(data, name, profile, fail) {
  if (!profile.json) return;
  if (!data.json) fail(`/profiles/${name}/json`, 'needs the top-level json block');
  const jsonIds = new Set((data.jsonServers?.servers || []).map((s) => s.id));
  const jsonScenarioIds = new Set((data.json?.scenarios || []).map((s) => s.id));
  const helloScenarioIds = new Set(profile.scenarios.map((s) => s.id));
  profile.json.servers.forEach((id, i) => {
    if (!jsonIds.has(id)) fail(`/profiles/${name}/json/servers/${i}`, `unknown JSON server "${id}" (known: ${[...jsonIds].join(', ')})`);
  });
  profile.json.scenarios.forEach((id, i) => {
    if (!jsonScenarioIds.has(id)) fail(`/profiles/${name}/json/scenarios/${i}`, `unknown JSON scenario "${id}" (known: ${[...jsonScenarioIds].join(', ')})`);
    if (helloScenarioIds.has(id)) fail(`/profiles/${name}/json/scenarios/${i}`, `"${id}" is also a scenario id of the profile`);
  });
}

const roundsOf = (scenarios) => scenarios.reduce((sum, s) => sum + s.repetitions, 0);

function estimate(json, plan) {
  return {
    seconds: { conformance: conformanceSeconds(plan), json: json.scenarios.reduce((sum, s) => sum + scenarioSeconds(s, plan), 0) },
    steps: 1 + json.servers.length * roundsOf(json.scenarios),
  };
}

function lines(j, plan, estimated) {
  const out = [`JSON conformance of ${j.servers.length} servers (${j.servers.map((s) => s.id).join(', ')}; reference ${j.reference}) before any timed run, about ${formatDuration(estimated.conformance)}`];
  if (j.scenarios.length) {
    const h = j.shape.here;
    out.push(`JSON scenarios: ${j.scenarios.map((s) => s.id).join(', ')} x ${j.servers.length} servers, ${roundsOf(j.scenarios)} rounds in all; `
      + `wrk -t${h.clientThreads} -c${h.connections} (the published ${j.shape.published.clientThreads} threads x ${j.shape.published.connectionsPerClientThread} connections for ${j.shape.published.serverThreads} server threads, scaled to ${h.serverThreads}), about ${formatDuration(estimated.json)}`);
  }
  return out;
}

// Conformance before any timed run: a JSON server that differs is never benchmarked (run.excluded).
async function before(run) {
  const conformance = await runConformance(run);
  for (const [id, reason] of conformance.excluded) run.excluded.set(id, reason);
  return conformance.block;
}

// The JSON variants that could not be built here (bench/json/servers.json notBuilt), each with its
// one-line reason (and the version its Debian source package has), so the page says so instead of
// leaving them out.
function notBuiltOf(jsonServersData, state) {
  return (jsonServersData?.notBuilt || []).map((n) => ({
    id: n.id,
    name: n.name,
    ...(n.framework ? { framework: n.framework } : {}),
    jsonLibrary: n.jsonLibrary,
    ...(n.versionFrom && state[n.versionFrom] ? { version: state[n.versionFrom] } : {}),
    reason: n.reason,
  }));
}

// The entries of notBuilt for the servers that cannot run on this machine (plan/json-servers.js).
function notBuiltHere(unusable, state) {
  return unusable.map(({ def, reason }) => ({
    id: def.id,
    name: def.name,
    framework: def.framework,
    jsonLibrary: def.jsonLibrary,
    ...(state[def.jsonLibraryVersionFrom] ? { version: state[def.jsonLibraryVersionFrom] } : {}),
    reason,
  }));
}

function resultsOf({ plan, ctx, notRunHere, outcomes }) {
  if (!plan.json) return {};
  return {
    notBuilt: [...notBuiltOf(ctx.scenariosData.jsonServers, ctx.state), ...notBuiltHere(notRunHere, ctx.state)],
    ...(outcomes.json ? { conformance: outcomes.json } : {}),
  };
}

module.exports = {
  part: definePart({
    name: 'json',
    subject: 'json',
    plan: {
      picks: (selected) => selected.json.length > 0,
      build,
      serverKinds: (json, plan) => (plan.parts.includes('json') ? ['json'] : []),
      checkFile,
      check,
      tools: (json) => json.scenarios.map((s) => s.tool),
      estimate,
      lines,
    },
    run: {
      slot: 'blocks',
      before,
      runners: ({ plan, ctx, serverInfo, progress, excluded }) => plan.json.scenarios.map((scenario) => scenarioRunner({
        part: 'json', plan, scenario, ctx, serverInfo, progress, servers: plan.json.servers, reference: plan.json.reference, excluded,
      })),
    },
    results: {
      fields: ['notBuilt', 'conformance'],
      schema: ['notBuilt', 'conformance'],
      of: resultsOf,
      method: (plan) => (plan.json ? { json: { reference: plan.json.reference, referenceReason: plan.json.referenceReason, shape: plan.json.shape } } : {}),
    },
    // Judged with every scenario of results.scenarios (compare/compare.js).
    compare: 'scenarios',
  }),
  notBuiltOf, notBuiltHere,
};
