'use strict';
// For tests of the JSON application against the real servers: the bench state written by
// `npm run bench:setup` with every JSON server binary present, or a failure naming that command.
const { accessSync, constants } = require('node:fs');
const { loadBenchState } = require('../../src/bench-state');
const { loadJsonServers, startJsonServer } = require('../../src/json-servers');

function requireJsonSetup() {
  const data = loadJsonServers();
  let state;
  try {
    ({ state } = loadBenchState());
    for (const def of data.servers) accessSync(state[def.binaryFrom] || '(missing)', constants.X_OK);
  } catch (err) {
    throw new Error(`the real JSON servers are needed for this test: ${err.message} (npm run bench:setup)`);
  }
  return { data, state };
}

// Starts every JSON server (one thread each, pinned to CPU 0 when there is more than one CPU).
async function startAllJsonServers(data, state, handles) {
  for (const def of data.servers) handles.push(await startJsonServer(data, def, { state, threads: 1, cpus: '0' }));
  return handles;
}

async function stopAll(handles) {
  for (const h of handles.splice(0)) await h.stop();
}

module.exports = { requireJsonSetup, startAllJsonServers, stopAll };
