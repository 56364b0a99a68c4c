'use strict';
// Validate a scenario file's data: its schema (bench/scenarios.schema.json), then what a JSON Schema
// cannot say: unique ids and ports, profiles naming servers and counted cases that exist, the
// reference server, and each part's own rules (pipelining only where the tool can do it, a counted
// case's N a multiple of its batch, ...). Every error names the file and the field.
const { validateAgainst, SchemaError } = require('../../../shared/src/json-schema');
const { BenchError } = require('../helpers/errors');
const { inRepo, SCENARIOS_SCHEMA } = require('../../../shared/src/project-paths');
const { PARTS } = require('../parts/part-list');
const { checkCaseDefinitions, checkCaseFields } = require('../parts/counted-cases');

const scenariosSchemaPath = inRepo(SCENARIOS_SCHEMA);

function checkSchema(data, path) {
  try {
    validateAgainst(scenariosSchemaPath, data, `scenario file ${path}`);
  } catch (err) {
    if (err instanceof SchemaError) throw new BenchError(err.message);
    throw err;
  }
}

// data: the file's data with its JSON servers attached (data.jsonServers). The file's servers and
// reference, its counted cases (parts/counted-cases.js), each part's own blocks, then every profile:
// its servers, and each part's block of it (parts/part.js: checkFile, check).
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
  checkCaseDefinitions(data, fail);
  for (const part of PARTS) part.plan.checkFile(data, fail);
  checkCaseFields(data, fail);
  for (const [name, profile] of Object.entries(data.profiles)) {
    profile.servers.forEach((id, i) => {
      if (!serverIds.has(id)) fail(`/profiles/${name}/servers/${i}`, `unknown server "${id}" (known: ${[...serverIds.keys()].join(', ')})`);
    });
    for (const part of PARTS) part.plan.check(data, name, profile, fail);
  }
}

module.exports = { checkSchema, checkReferences, scenariosSchemaPath };
