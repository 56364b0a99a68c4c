'use strict';
// Validate a scenario file's data: its schema (bench/scenarios.schema.json), then what a JSON Schema
// cannot say: unique ids and ports, profiles naming servers and instruction cases that exist, the
// reference server, and pipelining only where the tool can do it. Every error names the file and the field.
const { validateAgainst, SchemaError } = require('../../../shared/src/json-schema');
const { BenchError } = require('../helpers/errors');
const { inRepo, SCENARIOS_SCHEMA } = require('../../../shared/src/project-paths');

const scenariosSchemaPath = inRepo(SCENARIOS_SCHEMA);

function checkSchema(data, path) {
  try {
    validateAgainst(scenariosSchemaPath, data, `scenario file ${path}`);
  } catch (err) {
    if (err instanceof SchemaError) throw new BenchError(err.message);
    throw err;
  }
}

// data: the file's data with its JSON servers attached (data.jsonServers).
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
  const known = { serverIds, caseIds, jsonIds, jsonScenarioIds, groupIds, caseById: new Map(data.instructions.cases.map((c) => [c.id, c])) };
  for (const [name, profile] of Object.entries(data.profiles)) checkProfile(data, name, profile, known, fail);
}

// One profile against the file's servers, scenarios, fixed-rate groups and cases (known: their ids).
function checkProfile(data, name, profile, known, fail) {
  const { serverIds, caseIds, jsonIds, jsonScenarioIds, groupIds } = known;
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
  checkCountedRequests(name, profile, known.caseById, fail);
}

// Every count's N: a case's own (requestsByCase) or the block's; a lock-step batch must divide it.
function checkCountedRequests(name, profile, caseById, fail) {
  const jsonCounts = profile.json?.instructions;
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

module.exports = { checkSchema, checkReferences, scenariosSchemaPath };
