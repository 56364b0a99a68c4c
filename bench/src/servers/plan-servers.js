'use strict';
// The servers of a plan: those a part or case runs on (by kind: the hello-world servers, the JSON
// servers), the reference their ratios use, every server the plan starts, and their entries of
// results.servers.
const { prepareServer } = require('./servers');

function serversOf(plan, kind) {
  return kind === 'json' ? plan.json.servers : plan.servers;
}
function referenceOf(plan, kind) {
  return kind === 'json' ? plan.json.reference : plan.reference;
}

// Every server the plan starts (hello-world first), once.
function allServers(plan) {
  return [...plan.servers, ...(plan.json ? plan.json.servers : [])];
}

// results.servers entries, filled in further as the servers start (command line, Server header).
// JSON servers also say their framework and JSON library with its version (gin: and Go's).
function describeServers(plan, { state, cpu, scenariosData, openFilesLimit, scratchDirOf }) {
  const serverInfo = new Map();
  for (const def of allServers(plan)) {
    const planned = prepareServer(def, { state, cpu, scenariosData, openFilesLimit, scratchDir: scratchDirOf(def) });
    serverInfo.set(def.id, {
      id: def.id,
      name: def.name,
      version: state[def.versionFrom],
      commandLine: planned.commandLine,
      ...(def.baseline ? { baseline: true } : {}),
      ...(def.jsonLibrary ? {
        framework: def.framework,
        jsonLibrary: def.jsonLibrary,
        jsonLibraryVersion: state[def.jsonLibraryVersionFrom],
        ...(def.goVersionFrom ? { goVersion: state[def.goVersionFrom] } : {}),
      } : {}),
    });
  }
  return serverInfo;
}

module.exports = { serversOf, referenceOf, allServers, describeServers };
