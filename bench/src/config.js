'use strict';
// Stage 1: load bench/scenarios.json, validate it (schema + cross-references), and expand the chosen
// profile into a plan. Every error names the file and the field.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { validateAgainst, SchemaError } = require('./json-schema');
const { BenchError } = require('./errors');

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

// What a JSON Schema cannot say: unique ids and ports, and profiles naming servers that exist.
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
  for (const [name, profile] of Object.entries(data.profiles)) {
    profile.servers.forEach((id, i) => {
      if (!serverIds.has(id)) fail(`/profiles/${name}/servers/${i}`, `unknown server "${id}" (known: ${[...serverIds.keys()].join(', ')})`);
    });
    const scenarioIds = new Set();
    profile.scenarios.forEach((scenario, i) => {
      if (scenarioIds.has(scenario.id)) fail(`/profiles/${name}/scenarios/${i}/id`, `duplicate scenario id "${scenario.id}"`);
      scenarioIds.add(scenario.id);
    });
  }
}

function parseList(value) {
  return value === undefined ? undefined : value.split(',').map((s) => s.trim()).filter(Boolean);
}

// overrides: { profile, repetitions, durationSeconds, warmupSeconds, servers: 'a,b', scenarios: 'x,y' }
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
  const scenarioIds = parseList(overrides.scenarios);
  const scenarios = scenarioIds
    ? scenarioIds.map((id) => {
      const scenario = profile.scenarios.find((s) => s.id === id);
      if (!scenario) throw new BenchError(`--scenarios: profile "${profileName}" has no scenario "${id}" (known: ${profile.scenarios.map((s) => s.id).join(', ')})`);
      return scenario;
    })
    : profile.scenarios;
  return {
    profile: profileName,
    durationSeconds: overrides.durationSeconds ?? profile.durationSeconds,
    warmupSeconds: overrides.warmupSeconds ?? profile.warmupSeconds,
    repetitions: overrides.repetitions ?? profile.repetitions,
    pauseBetweenRunsSeconds: profile.pauseBetweenRunsSeconds ?? data.pauseBetweenRunsSeconds,
    servers,
    scenarios,
  };
}

module.exports = { loadScenarios, buildPlan, defaultScenariosPath, scenariosSchemaPath };
