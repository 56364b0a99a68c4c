'use strict';
// Stage 1: load bench/scenarios.json, validate it (schema + cross-references), and expand the chosen
// profile into a plan. Every error names the file and the field.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { validateAgainst, SchemaError } = require('./json-schema');
const { BenchError } = require('./errors');
const { newSeed } = require('./prng');

const benchDir = join(__dirname, '..');
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
  for (const [name, profile] of Object.entries(data.profiles)) {
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
    (profile.instructions?.cases || []).forEach((id, i) => {
      if (!caseIds.has(id)) fail(`/profiles/${name}/instructions/cases/${i}`, `unknown instruction case "${id}" (known: ${[...caseIds].join(', ')})`);
    });
  }
}

function parseList(value) {
  return value === undefined ? undefined : value.split(',').map((s) => s.trim()).filter(Boolean);
}

const PARTS = Object.freeze(['scenarios', 'sweep', 'instructions']);

// Which parts run: --parts if given; else only the scenarios when --scenarios picks some; else every
// part the profile defines.
function chooseParts(profile, profileName, overrides) {
  const defined = PARTS.filter((part) => part === 'scenarios' || profile[part]);
  const asked = parseList(overrides.parts);
  if (!asked) return overrides.scenarios !== undefined ? ['scenarios'] : defined;
  if (asked.length === 0) throw new BenchError(`--parts: name at least one of ${PARTS.join(', ')}`);
  for (const part of asked) {
    if (!PARTS.includes(part)) throw new BenchError(`--parts: unknown part "${part}" (known: ${PARTS.join(', ')})`);
    if (!defined.includes(part)) throw new BenchError(`--parts: profile "${profileName}" has no ${part} block`);
  }
  return PARTS.filter((part) => asked.includes(part));
}

// overrides: { profile, repetitions, durationSeconds, warmupSeconds, servers: 'a,b', scenarios: 'x,y',
// parts: 'scenarios,sweep', seed }. Command-line values beat a scenario's own, which beat the profile's.
function buildPlan(data, overrides = {}) {
  const profileName = overrides.profile || 'default';
  const profile = data.profiles[profileName];
  if (!profile) {
    throw new BenchError(`--profile ${profileName}: no such profile (known: ${Object.keys(data.profiles).join(', ')})`);
  }
  const serverIds = parseList(overrides.servers) || profile.servers;
  const servers = serverIds.map((id) => {
    const server = data.servers.find((s) => s.id === id);
    if (!server) throw new BenchError(`--servers: unknown server "${id}" (known: ${data.servers.map((s) => s.id).join(', ')})`);
    return server;
  });
  const parts = chooseParts(profile, profileName, overrides);
  const scenarioIds = parseList(overrides.scenarios);
  const chosen = scenarioIds
    ? scenarioIds.map((id) => {
      const scenario = profile.scenarios.find((s) => s.id === id);
      if (!scenario) throw new BenchError(`--scenarios: profile "${profileName}" has no scenario "${id}" (known: ${profile.scenarios.map((s) => s.id).join(', ')})`);
      return scenario;
    })
    : profile.scenarios;
  const durationSeconds = overrides.durationSeconds ?? profile.durationSeconds;
  const warmupSeconds = overrides.warmupSeconds ?? profile.warmupSeconds;
  const repetitions = overrides.repetitions ?? profile.repetitions;
  const scenarios = parts.includes('scenarios') ? chosen.map((s) => ({
    ...s,
    pipelineDepth: s.pipelineDepth ?? 1,
    durationSeconds: overrides.durationSeconds ?? s.durationSeconds ?? profile.durationSeconds,
    warmupSeconds: overrides.warmupSeconds ?? s.warmupSeconds ?? profile.warmupSeconds,
    repetitions: overrides.repetitions ?? s.repetitions ?? profile.repetitions,
  })) : [];
  const instructions = parts.includes('instructions') ? {
    ...data.instructions,
    requests: profile.instructions.requests,
    repeats: profile.instructions.repeats,
    cases: profile.instructions.cases.map((id) => data.instructions.cases.find((c) => c.id === id)),
  } : null;
  const pause = profile.pauseBetweenRunsSeconds ?? data.pauseBetweenRunsSeconds;
  const sweep = parts.includes('sweep') ? { pauseBetweenRunsSeconds: pause, ...profile.sweep } : null;
  // The full profile as defined: only such a run may become bench/results/latest.json.
  const complete = ['servers', 'scenarios', 'parts', 'repetitions', 'durationSeconds', 'warmupSeconds'].every((k) => overrides[k] === undefined);
  return {
    profile: profileName,
    complete,
    durationSeconds,
    warmupSeconds,
    repetitions,
    pauseBetweenRunsSeconds: pause,
    reference: data.reference,
    bootstrap: data.bootstrap,
    seed: overrides.seed ?? newSeed(),
    parts,
    servers,
    scenarios,
    sweep,
    instructions,
  };
}

module.exports = { loadScenarios, buildPlan, defaultScenariosPath, scenariosSchemaPath, PARTS };
