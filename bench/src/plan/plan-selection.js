'use strict';
// What a run takes from its profile: the parts (--parts), the scenarios (--scenarios) and the servers
// (--servers), each name checked against the profile and the scenario file.
const { BenchError } = require('../helpers/errors');
const { runnerDefs } = require('./json-servers');
const { PARTS, PART_NAMES } = require('../parts/part-list');

function parseList(value) {
  return value === undefined ? undefined : value.split(',').map((s) => s.trim()).filter(Boolean);
}

// Which parts run: --parts if given; else, when --scenarios picks some, the parts those scenarios
// belong to; else every part the profile defines. explicit: the user named them (a part that then has
// nothing to run is an error, not silently dropped).
function chooseParts(profile, profileName, overrides, selected) {
  const defined = PARTS.filter((part) => part.plan.inProfile(profile)).map((part) => part.name);
  const asked = parseList(overrides.parts);
  if (!asked) {
    if (!selected) return { parts: defined, explicit: false };
    return { parts: PARTS.filter((part) => part.plan.picks(selected)).map((part) => part.name), explicit: false };
  }
  if (asked.length === 0) throw new BenchError(`--parts: name at least one of ${PART_NAMES.join(', ')}`);
  for (const part of asked) {
    if (!PART_NAMES.includes(part)) throw new BenchError(`--parts: unknown part "${part}" (known: ${PART_NAMES.join(', ')})`);
    if (!defined.includes(part)) throw new BenchError(`--parts: profile "${profileName}" has no ${part} block`);
  }
  return { parts: PART_NAMES.filter((part) => asked.includes(part)), explicit: true };
}

// --scenarios: ids of the profile's hello-world scenarios and of its JSON scenarios.
function selectScenarios(data, profile, profileName, ids) {
  if (!ids) return null;
  const jsonIds = profile.json ? profile.json.scenarios : [];
  const selected = { hello: [], json: [] };
  for (const id of ids) {
    const hello = profile.scenarios.find((s) => s.id === id);
    if (hello) selected.hello.push(hello);
    else if (jsonIds.includes(id)) selected.json.push(data.json.scenarios.find((s) => s.id === id));
    else {
      throw new BenchError(`--scenarios: profile "${profileName}" has no scenario "${id}" (known: ${[...profile.scenarios.map((s) => s.id), ...jsonIds].join(', ')})`);
    }
  }
  return selected;
}

// --servers names hello-world and JSON servers alike; each part uses the listed servers of its kind.
function chooseServers(data, profile, overrides) {
  const listed = parseList(overrides.servers);
  const jsonDefs = data.jsonServers ? runnerDefs(data.jsonServers) : [];
  if (!listed) {
    return {
      hello: profile.servers.map((id) => data.servers.find((s) => s.id === id)),
      json: profile.json ? profile.json.servers.map((id) => jsonDefs.find((s) => s.id === id)) : [],
    };
  }
  const chosen = { hello: [], json: [] };
  for (const id of listed) {
    const hello = data.servers.find((s) => s.id === id);
    const json = jsonDefs.find((s) => s.id === id);
    if (hello) chosen.hello.push(hello);
    else if (json) chosen.json.push(json);
    else throw new BenchError(`--servers: unknown server "${id}" (known: ${[...data.servers, ...jsonDefs].map((s) => s.id).join(', ')})`);
  }
  return chosen;
}

module.exports = { parseList, chooseParts, selectScenarios, chooseServers };
