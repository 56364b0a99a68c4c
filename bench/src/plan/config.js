'use strict';
// Plan: load bench/scenarios.json, validate it (schema + cross-references), and expand the chosen
// profile into a plan. Every error names the file and the field.
const { readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { validateAgainst, SchemaError } = require('../../../shared/src/json-schema');
const { BenchError } = require('../shared/errors');
const { newSeed } = require('../shared/prng');
const { loadJsonServers, runnerDefs } = require('./json-servers');

const benchDir = join(__dirname, '..', '..');
const repoRoot = join(benchDir, '..');
const defaultScenariosPath = join(benchDir, 'scenarios.json');
const scenariosSchemaPath = join(benchDir, 'scenarios.schema.json');

function loadScenarios(path = defaultScenariosPath) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new BenchError(`cannot read scenario file ${path}: ${err.message}`);
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new BenchError(`scenario file ${path} is not valid JSON: ${err.message}`);
  }
  try {
    validateAgainst(scenariosSchemaPath, data, `scenario file ${path}`);
  } catch (err) {
    if (err instanceof SchemaError) throw new BenchError(err.message);
    throw err;
  }
  // The JSON servers live in their own file (bench/json/servers.json); attached here, checked below.
  data.jsonServers = data.json ? loadJsonServers(resolve(repoRoot, data.json.serversFile)) : null;
  checkReferences(data, path);
  return data;
}

// What a JSON Schema cannot say: unique ids and ports, profiles naming servers and instruction cases
// that exist, the reference server, and pipelining only where the tool can do it.
function checkReferences(data, path) {
  const fail = (field, message) => { throw new BenchError(`scenario file ${path} is invalid:\n  ${field}: ${message}`); };
  const serverIds = new Map();
  const ports = new Map();
  data.servers.forEach((server, i) => {
    if (serverIds.has(server.id)) fail(`/servers/${i}/id`, `duplicate server id "${server.id}"`);
    if (ports.has(server.port)) fail(`/servers/${i}/port`, `port ${server.port} is already used by server "${ports.get(server.port)}"`);
    serverIds.set(server.id, i);
    ports.set(server.port, server.id);
  });
  if (!serverIds.has(data.reference)) fail('/reference', `unknown server "${data.reference}" (known: ${[...serverIds.keys()].join(', ')})`);
  const caseIds = new Set();
  data.instructions.cases.forEach((c, i) => {
    if (caseIds.has(c.id)) fail(`/instructions/cases/${i}/id`, `duplicate instruction case id "${c.id}"`);
    caseIds.add(c.id);
  });
  const jsonIds = new Set((data.jsonServers?.servers || []).map((s) => s.id));
  for (const [i, s] of (data.jsonServers?.servers || []).entries()) {
    if (serverIds.has(s.id)) fail(`${data.json.serversFile}: servers[${i}].id`, `"${s.id}" is also a server of the scenario file`);
    if (ports.has(s.port)) fail(`${data.json.serversFile}: servers[${i}].port`, `port ${s.port} is already used by server "${ports.get(s.port)}"`);
    ports.set(s.port, s.id);
  }
  const jsonScenarioIds = new Set((data.json?.scenarios || []).map((s) => s.id));
  if (data.json) {
    if (!jsonIds.has(data.json.reference)) fail('/json/reference', `unknown JSON server "${data.json.reference}" (known: ${[...jsonIds].join(', ')})`);
    const seen = new Set();
    data.json.scenarios.forEach((s, i) => {
      if (seen.has(s.id)) fail(`/json/scenarios/${i}/id`, `duplicate JSON scenario id "${s.id}"`);
      seen.add(s.id);
      if ((s.method === 'POST') !== (s.bodyFile !== undefined)) fail(`/json/scenarios/${i}/bodyFile`, 'a POST needs a bodyFile, a GET has none');
    });
  }
  const groupIds = new Set((data.fixedRate?.groups || []).map((g) => g.id));
  data.instructions.cases.forEach((c, i) => {
    if (c.servers === 'json' && !data.json) fail(`/instructions/cases/${i}/servers`, 'JSON servers need the top-level json block');
    if ((c.method === 'POST') !== (c.bodyFile !== undefined)) fail(`/instructions/cases/${i}/bodyFile`, 'a POST needs a bodyFile, a GET has none');
    if (c.loadTool === 'lockstep' && !c.pace) fail(`/instructions/cases/${i}/pace`, 'a lockstep case needs its pace under valgrind and under strace');
    if (c.newConnection && c.pipelineDepth !== 1) fail(`/instructions/cases/${i}/pipelineDepth`, 'a new connection per request carries one request (pipelineDepth 1)');
  });
  const caseById = new Map(data.instructions.cases.map((c) => [c.id, c]));
  for (const [name, profile] of Object.entries(data.profiles)) {
    const helloScenarioIds = new Set(profile.scenarios.map((s) => s.id));
    if (profile.json) {
      if (!data.json) fail(`/profiles/${name}/json`, 'needs the top-level json block');
      profile.json.servers.forEach((id, i) => {
        if (!jsonIds.has(id)) fail(`/profiles/${name}/json/servers/${i}`, `unknown JSON server "${id}" (known: ${[...jsonIds].join(', ')})`);
      });
      profile.json.scenarios.forEach((id, i) => {
        if (!jsonScenarioIds.has(id)) fail(`/profiles/${name}/json/scenarios/${i}`, `unknown JSON scenario "${id}" (known: ${[...jsonScenarioIds].join(', ')})`);
        if (helloScenarioIds.has(id)) fail(`/profiles/${name}/json/scenarios/${i}`, `"${id}" is also a scenario id of the profile`);
      });
    }
    if (profile.fixedRate) {
      if (!data.fixedRate) fail(`/profiles/${name}/fixedRate`, 'needs the top-level fixedRate block');
      profile.fixedRate.groups.forEach((id, i) => {
        if (!groupIds.has(id)) fail(`/profiles/${name}/fixedRate/groups/${i}`, `unknown fixed-rate group "${id}" (known: ${[...groupIds].join(', ')})`);
        const group = data.fixedRate.groups.find((g) => g.id === id);
        const basisKnown = group.servers === 'json' ? (profile.json?.scenarios || []).includes(group.basisScenario) : helloScenarioIds.has(group.basisScenario);
        if (!basisKnown) fail(`/profiles/${name}/fixedRate/groups/${i}`, `group "${id}" measures against scenario "${group.basisScenario}", which this profile does not run`);
      });
    }
    profile.servers.forEach((id, i) => {
      if (!serverIds.has(id)) fail(`/profiles/${name}/servers/${i}`, `unknown server "${id}" (known: ${[...serverIds.keys()].join(', ')})`);
    });
    const scenarioIds = new Set();
    profile.scenarios.forEach((scenario, i) => {
      if (scenarioIds.has(scenario.id)) fail(`/profiles/${name}/scenarios/${i}/id`, `duplicate scenario id "${scenario.id}"`);
      scenarioIds.add(scenario.id);
      if ((scenario.pipelineDepth ?? 1) > 1 && (scenario.tool !== 'wrk' || !scenario.keepAlive)) {
        fail(`/profiles/${name}/scenarios/${i}/pipelineDepth`, 'pipelining needs wrk with keep-alive (ab sends one request at a time per connection)');
      }
    });
    // Hello-world cases under profile.instructions, JSON cases (servers: json) under profile.json.instructions,
    // which takes N and repeats from profile.instructions.
    const caseKind = (id) => data.instructions.cases.find((c) => c.id === id)?.servers || 'hello';
    (profile.instructions?.cases || []).forEach((id, i) => {
      if (!caseIds.has(id)) fail(`/profiles/${name}/instructions/cases/${i}`, `unknown instruction case "${id}" (known: ${[...caseIds].join(', ')})`);
      if (caseKind(id) === 'json') fail(`/profiles/${name}/instructions/cases/${i}`, `"${id}" runs on the JSON servers: list it under /profiles/${name}/json/instructions/cases`);
    });
    const jsonCounts = profile.json?.instructions;
    if (jsonCounts && !profile.instructions) fail(`/profiles/${name}/json/instructions`, 'needs the profile\'s instructions block (N and repeats)');
    (jsonCounts?.cases || []).forEach((id, i) => {
      if (!caseIds.has(id)) fail(`/profiles/${name}/json/instructions/cases/${i}`, `unknown instruction case "${id}" (known: ${[...caseIds].join(', ')})`);
      if (caseKind(id) !== 'json') fail(`/profiles/${name}/json/instructions/cases/${i}`, `"${id}" runs on the hello-world servers: list it under /profiles/${name}/instructions/cases`);
    });
    Object.keys(jsonCounts?.requestsByCase || {}).forEach((id) => {
      if (!jsonCounts.cases.includes(id)) fail(`/profiles/${name}/json/instructions/requestsByCase/${id}`, `not a case of this block (its cases: ${jsonCounts.cases.join(', ')})`);
    });
    // System-call counts: hello-world and JSON cases in one list (a JSON case needs the profile's JSON servers).
    (profile.syscalls?.cases || []).forEach((id, i) => {
      if (!caseIds.has(id)) fail(`/profiles/${name}/syscalls/cases/${i}`, `unknown case "${id}" (known: ${[...caseIds].join(', ')})`);
      if (caseKind(id) === 'json' && !profile.json) fail(`/profiles/${name}/syscalls/cases/${i}`, `"${id}" runs on the JSON servers: the profile needs a json block`);
    });
    if (profile.syscalls && !data.syscalls) fail(`/profiles/${name}/syscalls`, 'needs the top-level syscalls block');
    // Every count's N: a case's own (requestsByCase) or the block's; a lock-step batch must divide it.
    const counted = [
      ['instructions', profile.instructions, profile.instructions?.cases || []],
      ['json/instructions', { requests: profile.instructions?.requests, ...(jsonCounts || {}) }, jsonCounts?.cases || []],
      ['syscalls', profile.syscalls, profile.syscalls?.cases || []],
    ];
    for (const [where, block, cases] of counted) {
      const byCase = block?.requestsByCase || {};
      if (where !== 'json/instructions') {
        Object.keys(byCase).forEach((id) => {
          if (!cases.includes(id)) fail(`/profiles/${name}/${where}/requestsByCase/${id}`, `not a case of this block (its cases: ${cases.join(', ')})`);
        });
      }
      for (const id of cases) {
        const c = caseById.get(id);
        const requests = byCase[id] ?? block.requests;
        if (c && c.loadTool === 'lockstep' && requests % c.pipelineDepth !== 0) {
          fail(`/profiles/${name}/${where}/${byCase[id] !== undefined ? `requestsByCase/${id}` : 'requests'}`,
            `N = ${requests} is not a multiple of case "${id}"'s batch of ${c.pipelineDepth} requests`);
        }
      }
    }
  }
}

function parseList(value) {
  return value === undefined ? undefined : value.split(',').map((s) => s.trim()).filter(Boolean);
}

// In the order they run: fixedRate needs the closed-loop maxima of the scenarios before it.
const PARTS = Object.freeze(['scenarios', 'json', 'fixedRate', 'sweep', 'instructions', 'syscalls']);

// Which parts run: --parts if given; else, when --scenarios picks some, the parts those scenarios
// belong to; else every part the profile defines. explicit: the user named them (a part that then has
// nothing to run is an error, not silently dropped).
function chooseParts(profile, profileName, overrides, selected) {
  const defined = PARTS.filter((part) => part === 'scenarios' || profile[part]);
  const asked = parseList(overrides.parts);
  if (!asked) {
    if (!selected) return { parts: defined, explicit: false };
    return { parts: PARTS.filter((p) => (p === 'scenarios' && selected.hello.length) || (p === 'json' && selected.json.length)), explicit: false };
  }
  if (asked.length === 0) throw new BenchError(`--parts: name at least one of ${PARTS.join(', ')}`);
  for (const part of asked) {
    if (!PARTS.includes(part)) throw new BenchError(`--parts: unknown part "${part}" (known: ${PARTS.join(', ')})`);
    if (!defined.includes(part)) throw new BenchError(`--parts: profile "${profileName}" has no ${part} block`);
  }
  return { parts: PARTS.filter((part) => asked.includes(part)), explicit: true };
}

// --scenarios: ids of the profile's hello-world scenarios and of its JSON scenarios.
function selectScenarios(data, profile, profileName, ids) {
  if (!ids) return null;
  const jsonIds = profile.json ? profile.json.scenarios : [];
  const selected = { hello: [], json: [] };
  for (const id of ids) {
    const hello = profile.scenarios.find((s) => s.id === id);
    if (hello) selected.hello.push(hello);
    else if (jsonIds.includes(id)) selected.json.push(data.json.scenarios.find((s) => s.id === id));
    else {
      throw new BenchError(`--scenarios: profile "${profileName}" has no scenario "${id}" (known: ${[...profile.scenarios.map((s) => s.id), ...jsonIds].join(', ')})`);
    }
  }
  return selected;
}

// The published comparison's wrk shape, scaled to this machine's server threads (scenarios.json
// json.shape.rule says what is kept and why).
function jsonLoadShape(shape, serverThreads) {
  const { published } = shape;
  const perServerThread = published.clientThreads / published.serverThreads;
  const perClientThread = Math.max(1, Math.round(published.connections / published.clientThreads));
  const clientThreads = Math.max(1, Math.round(perServerThread * serverThreads));
  return {
    source: shape.source,
    published: { ...published, connectionsPerClientThread: published.connections / published.clientThreads, clientThreadsPerServerThread: perServerThread },
    here: { serverThreads, clientThreads, connections: clientThreads * perClientThread, connectionsPerClientThread: perClientThread },
    rule: shape.rule,
  };
}

// The server count of each CPU plan is what the shape scales with; cpu-plan.js decides it at run time.
function defaultServerThreads() {
  return require('./cpu-plan').planCpus().serverThreads;
}

// --servers names hello-world and JSON servers alike; each part uses the listed servers of its kind.
function chooseServers(data, profile, overrides) {
  const listed = parseList(overrides.servers);
  const jsonDefs = data.jsonServers ? runnerDefs(data.jsonServers) : [];
  if (!listed) {
    return {
      hello: profile.servers.map((id) => data.servers.find((s) => s.id === id)),
      json: profile.json ? profile.json.servers.map((id) => jsonDefs.find((s) => s.id === id)) : [],
    };
  }
  const chosen = { hello: [], json: [] };
  for (const id of listed) {
    const hello = data.servers.find((s) => s.id === id);
    const json = jsonDefs.find((s) => s.id === id);
    if (hello) chosen.hello.push(hello);
    else if (json) chosen.json.push(json);
    else throw new BenchError(`--servers: unknown server "${id}" (known: ${[...data.servers, ...jsonDefs].map((s) => s.id).join(', ')})`);
  }
  return chosen;
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
  const blocksOf = (rounds) => Math.min(blocks, rounds);
  const pause = profile.pauseBetweenRunsSeconds ?? data.pauseBetweenRunsSeconds;

  // A part with nothing to run (no servers of its kind, no case, no basis) is left out, or is an error
  // when --parts named it.
  const parts = [];
  const drop = (part, why) => {
    if (explicit) throw new BenchError(`--parts ${part}: ${why}`);
  };
  const use = (part, ok, why) => {
    if (!wanted.includes(part)) return false;
    if (!ok) { drop(part, why); return false; }
    parts.push(part);
    return true;
  };

  const scenarios = use('scenarios', servers.hello.length > 0, 'no hello-world server chosen (--servers)')
    ? (selected ? selected.hello : profile.scenarios).map((s) => ({
      ...s,
      pipelineDepth: s.pipelineDepth ?? 1,
      durationSeconds: overrides.durationSeconds ?? s.durationSeconds ?? profile.durationSeconds,
      warmupSeconds: overrides.warmupSeconds ?? s.warmupSeconds ?? profile.warmupSeconds,
      repetitions: overrides.repetitions ?? s.repetitions ?? profile.repetitions,
    })).map((s) => ({ ...s, blocks: blocksOf(s.repetitions) })) : [];

  let json = null;
  if (profile.json && servers.json.length) {
    const shape = jsonLoadShape(data.json.shape, machine.serverThreads ?? defaultServerThreads());
    json = {
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
  } else {
    use('json', false, 'no JSON server chosen (--servers)');
  }

  let fixedRate = null;
  if (wanted.includes('fixedRate')) {
    const ran = new Set([...scenarios, ...(json ? json.scenarios : [])].map((s) => s.id));
    const problems = [];
    const groups = profile.fixedRate.groups.map((id) => data.fixedRate.groups.find((g) => g.id === id)).flatMap((g) => {
      const groupServers = g.servers === 'json' ? servers.json : servers.hello;
      if (groupServers.length === 0) { problems.push(`group ${g.id} has no server chosen (--servers)`); return []; }
      if (!ran.has(g.basisScenario)) { problems.push(`group ${g.id} needs scenario ${g.basisScenario} in the same run (its closed-loop maximum is 100 %)`); return []; }
      return [{ ...g, servers: groupServers, serverKind: g.servers, reference: g.servers === 'json' ? data.json.reference : data.reference }];
    });
    if (use('fixedRate', groups.length > 0, problems.join('; '))) {
      fixedRate = {
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
  }

  const sweep = use('sweep', servers.hello.length > 0, 'no hello-world server chosen (--servers)')
    ? { pauseBetweenRunsSeconds: pause, ...profile.sweep } : null;

  const caseOf = (id) => data.instructions.cases.find((c) => c.id === id);
  // A case runs on the chosen servers of its kind; none chosen, it is left out.
  const hasServers = (c) => (c.servers === 'json' ? servers.json.length > 0 && profile.json : servers.hello.length > 0);
  let instructions = null;
  if (wanted.includes('instructions')) {
    const byCase = { ...(profile.instructions.requestsByCase || {}), ...(profile.json?.instructions?.requestsByCase || {}) };
    const cases = [
      ...profile.instructions.cases.map(caseOf),
      ...(profile.json?.instructions ? profile.json.instructions.cases.map(caseOf) : []),
    ].filter(hasServers).map((c) => ({ ...c, requests: byCase[c.id] ?? profile.instructions.requests }));
    if (use('instructions', cases.length > 0, 'no case has a chosen server (--servers)')) {
      instructions = { ...data.instructions, requests: profile.instructions.requests, repeats: profile.instructions.repeats, cases };
    }
  }

  let syscalls = null;
  if (wanted.includes('syscalls')) {
    const byCase = profile.syscalls.requestsByCase || {};
    const cases = profile.syscalls.cases.map(caseOf).filter(hasServers).map((c) => ({ ...c, requests: byCase[c.id] ?? profile.syscalls.requests }));
    if (use('syscalls', cases.length > 0, 'no case has a chosen server (--servers)')) {
      syscalls = { ...data.syscalls, requests: profile.syscalls.requests, repeats: profile.syscalls.repeats, cases };
    }
  }

  // The full profile as defined: only such a run may become bench/results/latest.json.
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

// The servers a part or case runs on, and the reference their ratios use.
function serversOf(plan, kind) {
  return kind === 'json' ? plan.json.servers : plan.servers;
}
function referenceOf(plan, kind) {
  return kind === 'json' ? plan.json.reference : plan.reference;
}

// Every server the plan starts (hello-world first), once.
function allServers(plan) {
  return [...plan.servers, ...(plan.json ? plan.json.servers : [])];
}

module.exports = { loadScenarios, buildPlan, jsonLoadShape, serversOf, referenceOf, allServers, defaultScenariosPath, scenariosSchemaPath, PARTS };
