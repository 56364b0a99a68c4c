'use strict';
// For tests of the JSON application against the real servers: the bench state written by
// `npm run bench:setup` with every JSON server binary present, or a failure naming that command.
const { accessSync, constants } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');
const { loadBenchState } = require('../../../shared/src/bench-state');
const { loadJsonServers, unusableJsonServers } = require('../../src/plan/json-servers');
const { startServer, stopServer } = require('../../src/servers/servers');
const { BenchError } = require('../../src/helpers/errors');

function requireJsonSetup() {
  const data = loadJsonServers();
  let state;
  try {
    ({ state } = loadBenchState());
    for (const def of data.servers) accessSync(state[def.binaryFrom] || '(missing)', constants.X_OK);
  } catch (err) {
    throw new Error(`the real JSON servers are needed for this test: ${err.message} (npm run bench:setup)`);
  }
  // As the bench does: a variant this machine cannot run (simdjson-go without AVX2 and CLMUL) is left out.
  const unusable = unusableJsonServers(data.servers, state);
  data.servers = data.servers.filter((def) => !unusable.some((u) => u.def.id === def.id));
  return { data, state, unusable };
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

// Starts every JSON server (one thread each, pinned to CPU 0 when there is more than one CPU).
async function startAllJsonServers(data, state, handles) {
  for (const def of data.servers) handles.push(await startJsonServer(data, def, { state, threads: 1, cpus: '0' }));
  return handles;
}

async function stopAll(handles) {
  for (const h of handles.splice(0)) await h.stop();
}

module.exports = { requireJsonSetup, startJsonServer, startAllJsonServers, stopAll };
