'use strict';
// The JSON application's servers (bench/json/servers.json): definitions checked, and started or
// stopped through servers.js like the hello-world servers (pinned with taskset, own process group,
// readiness on GET /ping answering "pong").
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');
const { startServer, stopServer } = require('./servers');
const { BenchError } = require('./errors');

const SERVERS_FILE = join(__dirname, '..', 'json', 'servers.json');
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
    for (const field of ['id', 'name', 'framework', 'jsonLibrary', 'binaryFrom', 'versionFrom']) {
      if (typeof s[field] !== 'string' || !s[field]) throw new BenchError(`${where}: field "${field}" must be a non-empty string`);
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

// The shape servers.js expects of a server definition and of bench/scenarios.json.
function serverContext(data, { state, threads, cpus, logDir, logName, scratchDir }) {
  return {
    state,
    cpu: { serverThreads: threads, serverCpus: cpus || '' },
    scenariosData: { address: data.address, responseBody: data.readyBody, timeouts: { serverStartSeconds: 15, serverStopSeconds: 5 } },
    openFilesLimit: 20000,
    scratchDir,
    logDir,
    logName,
  };
}

async function startJsonServer(data, def, { state, threads = 1, cpus = '', logDir = join(tmpdir(), 'json-bench-logs') }) {
  const binary = state[def.binaryFrom];
  if (typeof binary !== 'string' || !binary) {
    throw new BenchError(`server "${def.id}": ${def.binaryFrom} is missing from the bench state (npm run bench:setup)`);
  }
  const ctx = serverContext(data, { state, threads, cpus, logDir, logName: def.id, scratchDir: join(tmpdir(), `json-bench-${def.id}-${process.pid}`) });
  const handle = await startServer({ ...def, path: data.readyPath }, ctx);
  handle.url = `http://${data.address}:${def.port}`;
  handle.stop = () => stopServer(handle, ctx.scenariosData);
  return handle;
}

module.exports = { loadJsonServers, startJsonServer, SERVERS_FILE, PORT_RANGE };
