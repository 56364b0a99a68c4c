'use strict';
// Load bench/scenarios.json: read it, check it against its schema, attach the JSON servers of
// bench/json/servers.json and check the cross-references (validate-scenarios.js). Every error names the
// file and the field.
const { readFileSync } = require('node:fs');
const { resolve } = require('node:path');
const { BenchError } = require('../helpers/errors');
const { loadJsonServers } = require('./json-servers');
const { checkSchema, checkReferences } = require('./validate-scenarios');
const { repoRoot, inRepo, SCENARIOS_FILE } = require('../../../shared/src/project-paths');

const defaultScenariosPath = inRepo(SCENARIOS_FILE);

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
  checkSchema(data, path);
  // The JSON servers live in their own file (bench/json/servers.json); attached here, checked below.
  data.jsonServers = data.json ? loadJsonServers(resolve(repoRoot, data.json.serversFile)) : null;
  checkReferences(data, path);
  return data;
}

module.exports = { loadScenarios, defaultScenariosPath };
