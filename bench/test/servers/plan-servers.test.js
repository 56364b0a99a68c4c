'use strict';
// The servers of a plan: those of each kind and their reference, and every server the runner starts.
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadScenarios } = require('../../src/plan/load-scenarios');
const { buildPlan } = require('../../src/plan/build-plan');
const { serversOf, referenceOf, allServers } = require('../../src/servers/plan-servers');

test('each kind has its servers and reference; every server is started once, hello-world first', () => {
  const data = loadScenarios();
  const quick = data.profiles.quick;
  const plan = buildPlan(data, { profile: 'quick' }, { serverThreads: 1 });
  const ids = (servers) => servers.map((s) => s.id);
  assert.deepEqual(ids(serversOf(plan, 'hello')), quick.servers);
  assert.deepEqual(ids(serversOf(plan, 'json')), quick.json.servers);
  assert.deepEqual([referenceOf(plan, 'hello'), referenceOf(plan, 'json')], [data.reference, data.json.reference]);
  assert.deepEqual(ids(allServers(plan)), [...quick.servers, ...quick.json.servers]);
  assert.equal(new Set(ids(allServers(plan))).size, quick.servers.length + quick.json.servers.length);
  // Without a JSON server chosen the plan has no JSON part: only the hello-world servers start.
  const helloOnly = buildPlan(data, { profile: 'quick', servers: 'drogon,nginx-return' }, { serverThreads: 1 });
  assert.equal(helloOnly.json, null);
  assert.deepEqual(ids(allServers(helloOnly)), ['drogon', 'nginx-return']);
});
