'use strict';
// The JSON application's servers (bench/json/servers.json): definitions checked, and turned into the
// definitions the runner starts through servers/servers.js like the hello-world servers (pinned with
// taskset, own process group, readiness on GET /ping answering "pong").
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');
const { BenchError } = require('../helpers/errors');
const { fillTemplate } = require('../helpers/command-line');
const { partsIn } = require('../parts/part-list');

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
    if (s.supportCheck !== undefined && (!Array.isArray(s.supportCheck) || s.supportCheck.length === 0 || !s.supportCheck.every((a) => typeof a === 'string'))) {
      throw new BenchError(`${where}: field "supportCheck" must be a list of strings (a command, {binary} for the server's binary)`);
    }
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

// Servers with a supportCheck (a command that exits 0 when the server can run on this machine, else
// prints why on one line: gin + simdjson-go needs AVX2 and CLMUL) that cannot run here:
// [{ def, reason }]. A server whose binary is missing is left to checkTools, which names the setup.
function unusableJsonServers(defs, state, { run = spawnSync } = {}) {
  const unusable = [];
  for (const def of defs) {
    if (!def.supportCheck || typeof state[def.binaryFrom] !== 'string') continue;
    const [command, ...args] = fillTemplate(def.supportCheck, { binary: state[def.binaryFrom] }, `server "${def.id}" supportCheck`);
    const res = run(command, args, { encoding: 'utf8', timeout: 10000 });
    if (res.error && res.error.code === 'ENOENT') continue;
    if (res.status === 0) continue;
    const said = `${res.stdout || ''}\n${res.stderr || ''}`.split('\n').map((l) => l.trim()).find(Boolean);
    const how = res.error ? res.error.message : res.signal ? `signal ${res.signal}` : `exit ${res.status}`;
    unusable.push({ def, reason: (said || `${def.supportCheck.join(' ')} failed (${how})`).slice(0, 300) });
  }
  return unusable;
}

// The plan's JSON servers that cannot run on this machine ([] without JSON servers).
function serversNotRunHere(plan, state) {
  return plan.json ? unusableJsonServers(plan.json.servers, state) : [];
}

// Takes the unusable servers out of the plan's JSON servers and out of every part's block that names
// them (parts/part.js: dropServers), so no part starts them; they go to the results' notBuilt with their
// reason (the JSON rounds' part). Nothing may be left without a server, and the reference must stay.
function dropJsonServers(plan, unusable) {
  if (!plan.json || unusable.length === 0) return;
  const gone = new Set(unusable.map((u) => u.def.id));
  const why = unusable.map((u) => `${u.def.id}: ${u.reason}`).join('; ');
  if (gone.has(plan.json.reference)) throw new BenchError(`the JSON reference cannot run on this machine (${why})`);
  plan.json.servers = plan.json.servers.filter((s) => !gone.has(s.id));
  if (plan.json.servers.length === 0) throw new BenchError(`no JSON server left to run on this machine (${why})`);
  for (const part of partsIn(plan)) part.plan.dropServers(plan[part.name], gone);
}

module.exports = { loadJsonServers, runnerDefs, unusableJsonServers, serversNotRunHere, dropJsonServers, SERVERS_FILE, PORT_RANGE };
