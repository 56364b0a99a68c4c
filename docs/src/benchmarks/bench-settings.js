// The settings of bench/scenarios.json that the pages quote (Methodology's generated parts, the bench's
// note templates the details page reads notes back with): read through benchSettings() only, the one
// place that knows the file's shape, so a change of its shape is one edit here.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { inRepo, SCENARIOS_FILE } = require('../../../shared/src/project-paths');

/**
 * The settings the pages quote, from the parsed bench/scenarios.json: the one place that knows its
 * shape. Per-scenario run lengths fall back to the profile's, the profile's to the file's.
 */
function benchSettings(json, { jsonServers = [] } = {}) {
  const jsonScenarios = new Map(((json.json && json.json.scenarios) || []).map((sc) => [sc.id, sc]));
  const fixedRateGroups = new Map(((json.fixedRate && json.fixedRate.groups) || []).map((g) => [g.id, g]));
  const serverNames = new Map(jsonServers.map((s) => [s.id, s.name]));
  const profiles = Object.entries(json.profiles).map(([id, p]) => ({
    id,
    description: p.description,
    durationSeconds: p.durationSeconds,
    warmupSeconds: p.warmupSeconds,
    repetitions: p.repetitions,
    // Blocks of rounds, each with server starts of its own (issue 25); 1 for a profile without.
    blocks: p.blocks ?? 1,
    scenarios: p.scenarios.map((sc) => ({
      id: sc.id, tool: sc.tool, connections: sc.connections, keepAlive: sc.keepAlive,
      pipelineDepth: sc.pipelineDepth ?? 1,
      durationSeconds: sc.durationSeconds ?? p.durationSeconds,
      warmupSeconds: sc.warmupSeconds ?? p.warmupSeconds,
      repetitions: sc.repetitions ?? p.repetitions,
    })),
    sweep: p.sweep ? {
      tool: p.sweep.tool, levels: p.sweep.levels, runsPerLevel: p.sweep.runsPerLevel, durationSeconds: p.sweep.durationSeconds,
    } : null,
    instructions: p.instructions ? {
      requests: p.instructions.requests, repeats: p.instructions.repeats,
      cases: p.instructions.cases.map((id) => ({ id, requests: (p.instructions.requestsByCase || {})[id] ?? p.instructions.requests })),
    } : null,
    // System calls per request (issue 16): cases of both kinds, each with its N.
    syscalls: p.syscalls ? {
      repeats: p.syscalls.repeats,
      cases: p.syscalls.cases.map((id) => ({ id, requests: (p.syscalls.requestsByCase || {})[id] ?? p.syscalls.requests })),
    } : null,
    // The JSON application (issue 9): its endpoints, variants and run lengths; its instruction cases
    // take N and repeats from the profile's instructions block unless requestsByCase names a case.
    json: p.json ? {
      scenarios: p.json.scenarios.map((scenarioId) => {
        const sc = jsonScenarios.get(scenarioId);
        return { id: scenarioId, method: sc.method, endpoint: sc.endpoint, operations: sc.operations ?? null };
      }),
      servers: p.json.servers.map((serverId) => ({ id: serverId, name: serverNames.get(serverId) ?? null })),
      durationSeconds: p.json.durationSeconds ?? p.durationSeconds,
      warmupSeconds: p.json.warmupSeconds ?? p.warmupSeconds,
      repetitions: p.json.repetitions ?? p.repetitions,
      instructions: p.json.instructions && p.instructions ? p.json.instructions.cases.map((caseId) => ({
        id: caseId, requests: (p.json.instructions.requestsByCase || {})[caseId] ?? p.instructions.requests, repeats: p.instructions.repeats,
      })) : [],
    } : null,
    // Latency at fixed rates (open loop): the groups, the fractions of the basis maximum, run lengths.
    fixedRate: p.fixedRate ? {
      tool: json.fixedRate.tool,
      groups: p.fixedRate.groups.map((groupId) => {
        const g = fixedRateGroups.get(groupId);
        return { id: groupId, method: g.method, path: g.path ?? null, basisScenario: g.basisScenario };
      }),
      fractions: p.fixedRate.fractions,
      durationSeconds: p.fixedRate.durationSeconds,
      warmupSeconds: p.fixedRate.warmupSeconds,
      repetitions: p.fixedRate.repetitions,
    } : null,
  }));
  return {
    expectation: json.expectation ? { ...json.expectation } : null,
    saturationThreshold: json.saturationThreshold,
    spreadWarningThreshold: json.spreadWarningThreshold,
    contentionNoteThreshold: json.contentionNoteThreshold,
    nginxKeepaliveRequests: json.nginx.keepaliveRequests,
    bootstrap: json.bootstrap ? { resamples: json.bootstrap.resamples, confidence: json.bootstrap.confidence } : null,
    noteTemplates: json.notes || {},
    profiles,
  };
}

function readBenchSettings(root) {
  const file = inRepo(SCENARIOS_FILE, root);
  let json;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`methodology: cannot read ${SCENARIOS_FILE}: ${err.message}`);
  }
  // The JSON variants' names (json.serversFile, bench/json/servers.json), for the profile table.
  let jsonServers = [];
  if (json.json && json.json.serversFile) {
    try {
      jsonServers = JSON.parse(fs.readFileSync(path.join(root, json.json.serversFile), 'utf8')).servers;
    } catch (err) {
      throw new Error(`methodology: cannot read ${json.json.serversFile}: ${err.message}`);
    }
  }
  return benchSettings(json, { jsonServers });
}

module.exports = { benchSettings, readBenchSettings };
