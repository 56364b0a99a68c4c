'use strict';
// shared/src/figures/results-lookup.js on a real quick run (docs/test/fixtures/results-quick-v3-b.json:
// Drogon, nginx with the hello module, nginx return 200 as a baseline, five JSON variants; three
// hello-world scenarios and GET /json): the lookups every figure module of both sides builds on.
const test = require('node:test');
const assert = require('node:assert/strict');
const lookup = require('../../src/figures/results-lookup');
const results = require('../../../docs/test/fixtures/results-quick-v3-b.json');

test('scenarios by kind: hello-world and JSON apart, the key scenarios pipelined, keep-alive, new connection', () => {
  assert.deepEqual(lookup.helloScenarios(results).map((sc) => sc.id), ['c100-keepalive', 'c100-close-ab', 'pipelined-c256']);
  assert.deepEqual(lookup.jsonScenarios(results).map((sc) => sc.id), ['json-json']);
  assert.deepEqual(lookup.keyScenarios(results).map((k) => [k.kind, k.scenario.id]),
    [['pipelined', 'pipelined-c256'], ['keepalive', 'c100-keepalive'], ['close', 'c100-close-ab']]);
  assert.deepEqual(lookup.KEY_KINDS, ['pipelined', 'keepalive', 'close']);
});

test('servers: the compared pair leaves out the baseline and the JSON variants; colours restart for each kind', () => {
  assert.deepEqual(lookup.comparedServers(results).map((s) => s.id), ['drogon', 'nginx-module']);
  assert.deepEqual(lookup.mainPair(results), { reference: 'drogon', other: 'nginx-module' });
  assert.deepEqual(lookup.jsonServers(results).map((s) => s.id), ['drogon-jsoncpp', 'drogon-simdjson', 'drogon-yyjson', 'gin-encoding-json', 'gin-sonic']);
  assert.deepEqual(results.servers.map((s) => lookup.serverColor(results, s.id)), [0, 1, 2, 0, 1, 2, 3, 4]);
  assert.equal(lookup.serverColor(results, 'no-such-server'), 0);
});

test('one result: found by server, its runs counted; none is zero runs', () => {
  const keepAlive = results.scenarios.find((sc) => sc.id === 'c100-keepalive');
  const drogon = lookup.resultFor(keepAlive, 'drogon');
  assert.equal(drogon.server, 'drogon');
  assert.deepEqual(lookup.runCounts(drogon), { ok: drogon.runs.filter((r) => r.status === 'ok').length, failed: drogon.runs.filter((r) => r.status !== 'ok').length, total: drogon.runs.length });
  assert.equal(lookup.resultFor(keepAlive, 'no-such-server'), null);
  assert.deepEqual(lookup.runCounts(null), { ok: 0, failed: 0, total: 0 });
});

test('a reader\'s scenario matches a published one by id, else by kind; none of that kind is null', () => {
  const theirs = { scenarios: [{ id: 'c500-keepalive', keepAlive: true }, { id: 'pipelined-c256', keepAlive: true, pipelineDepth: 16 }] };
  assert.equal(lookup.matchingScenario(theirs, { id: 'pipelined-c256', keepAlive: true, pipelineDepth: 16 }).id, 'pipelined-c256');
  assert.equal(lookup.matchingScenario(theirs, { id: 'c100-keepalive', keepAlive: true, pipelineDepth: 1 }).id, 'c500-keepalive');
  assert.equal(lookup.matchingScenario(theirs, { id: 'c100-close-ab', keepAlive: false, pipelineDepth: 1 }), null);
});
