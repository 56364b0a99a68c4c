'use strict';
// The JSON scenarios' load shape: the published comparison's wrk threads and connections, scaled to the
// server threads of this machine.
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadScenarios } = require('../../../src/plan/load-scenarios');
const { buildPlan } = require('../../../src/plan/build-plan');
const { jsonLoadShape } = require('../../../src/parts/json-rounds/json-load-shape');

test('the JSON scenarios take the published comparison\'s wrk shape, scaled to the server threads', () => {
  const data = loadScenarios();
  // published: 16 server threads, 40 wrk threads, 80 connections -> 2 connections per wrk thread, 2.5 wrk threads per server thread
  assert.deepEqual(jsonLoadShape(data.json.shape, 1).here, { serverThreads: 1, clientThreads: 3, connections: 6, connectionsPerClientThread: 2 });
  assert.deepEqual(jsonLoadShape(data.json.shape, 2).here, { serverThreads: 2, clientThreads: 5, connections: 10, connectionsPerClientThread: 2 });
  assert.deepEqual(jsonLoadShape(data.json.shape, 16).here, { serverThreads: 16, clientThreads: 40, connections: 80, connectionsPerClientThread: 2 });
  const plan = buildPlan(data, { profile: 'default' }, { serverThreads: 2 });
  assert.ok(plan.json.scenarios.every((s) => s.clientThreads === 5 && s.connections === 10));
  assert.match(plan.json.shape.source, /smkniazi\/webserver-benchmarks/);
});
