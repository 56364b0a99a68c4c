'use strict';
// The JSON application's servers (bench/json/servers.json): definitions checked, and turned into the
// definitions the runner starts through servers/servers.js like the hello-world servers (pinned with
// taskset, own process group, readiness on GET /ping answering "pong").
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { BenchError } = require('../shared/errors');

const SERVERS_FILE = join(__dirname, '..', '..', 'json', 'servers.json');
const PORT_RANGE = [18090, 18099];

function loadJsonServers(file = SERVERS_FILE) {
  let data;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new BenchError(`cannot read ${file}: ${err.message}`);
  }
  const ports = new Set();
  for (const [i, s] of (data.servers || []).entries()) {
    const where = `${file}: servers[${i}]`;
    for (const field of ['id', 'name', 'framework', 'jsonLibrary', 'binaryFrom', 'versionFrom', 'jsonLibraryVersionFrom']) {
      if (typeof s[field] !== 'string' || !s[field]) throw new BenchError(`${where}: field "${field}" must be a non-empty string`);
    }
    if (!/^[a-z0-9-]+$/.test(s.id)) throw new BenchError(`${where}: field "id" must be lower-case letters, digits and dashes`);
    if (s.goVersionFrom !== undefined && (typeof s.goVersionFrom !== 'string' || !s.goVersionFrom)) {
      throw new BenchError(`${where}: field "goVersionFrom" must be a non-empty string when present`);
    }
    if (!Number.isInteger(s.port) || s.port < PORT_RANGE[0] || s.port > PORT_RANGE[1] || ports.has(s.port)) {
      throw new BenchError(`${where}: field "port" must be a unique port from ${PORT_RANGE[0]} to ${PORT_RANGE[1]}`);
    }
    ports.add(s.port);
    if (!Array.isArray(s.command) || !s.command.includes('{binary}')) throw new BenchError(`${where}: field "command" must be a list with {binary}`);
  }
  for (const [i, n] of (data.notBuilt || []).entries()) {
    if (typeof n.id !== 'string' || typeof n.reason !== 'string' || !n.reason) throw new BenchError(`${file}: notBuilt[${i}] needs an id and a one-line reason`);
  }
  if (!data.servers || data.servers.length === 0) throw new BenchError(`${file}: no servers`);
  return data;
}

// The definitions as the runner uses them (servers.js): ready when GET readyPath answers readyBody.
function runnerDefs(data) {
  return data.servers.map((def) => ({ ...def, path: data.readyPath, readyBody: data.readyBody, group: 'json' }));
}

module.exports = { loadJsonServers, runnerDefs, SERVERS_FILE, PORT_RANGE };
