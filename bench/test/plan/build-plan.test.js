'use strict';
// The plans bench/scenarios.json's profiles expand into: every part of the default and quick profiles,
// and the command line's choices (parts, scenarios, servers, rounds, blocks, durations, seed) applied or
// refused by name.
// Covers: bench/src/plan/plan-selection.js
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadScenarios } = require('../../src/plan/load-scenarios');
const { buildPlan } = require('../../src/plan/build-plan');

test('the committed scenario file is valid; its default profile has the published table, pipelined scenarios, the sweep, instruction and system-call counts', () => {
  const data = loadScenarios();
  const plan = buildPlan(data, {}, { serverThreads: 1 });
  assert.equal(plan.profile, 'default');
  assert.equal(plan.complete, true);
  assert.deepEqual(plan.parts, ['scenarios', 'json', 'fixedRate', 'sweep', 'instructions', 'syscalls']);
  const wrk = plan.scenarios.filter((s) => s.tool === 'wrk' && s.pipelineDepth === 1);
  for (const connections of [100, 1000, 10000]) {
    for (const keepAlive of [true, false]) {
      assert.ok(wrk.some((s) => s.connections === connections && s.keepAlive === keepAlive), `wrk c${connections} keepAlive=${keepAlive}`);
    }
  }
  assert.ok(plan.scenarios.some((s) => s.tool === 'ab' && !s.keepAlive), 'ab cross-check without keep-alive');
  // TechEmpower's plaintext levels, 16 requests per write; 16384 in a profile of its own (its runs are
  // half connection setup), only where the open-files limit allows
  const pipelined = plan.scenarios.filter((s) => s.pipelineDepth > 1);
  assert.deepEqual(pipelined.map((s) => [s.connections, s.pipelineDepth, s.keepAlive, s.tool]), [[256, 16, true, 'wrk'], [1024, 16, true, 'wrk']]);
  const many = buildPlan(data, { profile: 'many-connections' }).scenarios;
  assert.deepEqual(many.map((s) => [s.id, s.connections, s.pipelineDepth, Boolean(s.whenOpenFilesAllow)]), [['pipelined-c16384', 16384, 16, true]]);
  // issue 16: at least 10 paired rounds in every scenario; the ab cross-check at 1000 connections, which
  // only repeated c1000-close and c100-close-ab, is gone
  assert.ok(plan.scenarios.every((s) => s.repetitions >= 10), 'at least 10 rounds per scenario');
  assert.ok(!plan.scenarios.some((s) => s.id === 'c1000-close-ab'));
  // the sweep: ab -k, at least 10 levels from 1 to 10000, 2 runs per level
  assert.equal(plan.sweep.tool, 'ab');
  assert.equal(plan.sweep.keepAlive, true);
  assert.ok(plan.sweep.levels.length >= 10);
  assert.equal(plan.sweep.levels[0], 1);
  assert.equal(plan.sweep.levels.at(-1), 10000);
  assert.equal(plan.sweep.runsPerLevel, 2);
  // counted cases: the lock-step client at a pace each counting tool allows, N a multiple of the batch
  assert.deepEqual(plan.instructions.cases.map((c) => [c.id, c.pipelineDepth, c.loadTool]),
    [['keepalive', 1, 'lockstep'], ['close', 1, 'lockstep'], ['pipelined', 16, 'lockstep'], ['json-json', 1, 'lockstep'], ['json-dbop-n10', 1, 'lockstep']]);
  assert.deepEqual(plan.syscalls.cases.map((c) => c.id), ['keepalive', 'close', 'pipelined', 'json-json', 'json-dbop-n10']);
  for (const c of [...plan.instructions.cases, ...plan.syscalls.cases]) {
    assert.equal(c.requests % c.pipelineDepth, 0, c.id);
    assert.ok(c.pace.valgrind > 0 && c.pace.strace > 0, c.id);
  }
  assert.equal(plan.syscalls.repeats, 2); // each repeat a window of N and one of 2N: 2 repeats give a spread to judge
  assert.deepEqual(plan.syscalls.categories.map((c) => c.id), ['read', 'write', 'accept', 'epoll', 'close']);
  // issue 9: every endpoint x variant, in rounds, against Drogon with jsoncpp; fixed rate at 4 levels
  // from 25 % to 90 % for the hello-world servers and /json
  assert.deepEqual(plan.json.servers.map((s) => s.id), ['drogon-jsoncpp', 'drogon-simdjson', 'drogon-yyjson', 'gin-encoding-json', 'gin-sonic', 'gin-simdjson-go']);
  assert.equal(plan.json.reference, 'drogon-jsoncpp');
  assert.deepEqual(plan.json.scenarios.map((s) => [s.endpoint, s.method, s.operations ?? null]),
    [['/ping', 'GET', null], ['/json', 'GET', null], ['/dbop', 'POST', 1], ['/dbop', 'POST', 10]]);
  assert.ok(plan.json.scenarios.every((s) => s.repetitions >= 10 && s.kind === 'json' && s.tool === 'wrk' && s.keepAlive));
  assert.deepEqual(plan.fixedRate.groups.map((g) => [g.id, g.basisScenario, g.servers.length]), [['hello', 'c100-keepalive', 3], ['json', 'json-json', 6]]);
  assert.deepEqual(plan.fixedRate.fractions, [0.25, 0.5, 0.75, 0.9]);
  assert.equal(plan.instructions.repeats, 3);
  assert.deepEqual(plan.servers.map((s) => s.id), ['drogon', 'nginx-module', 'nginx-return']);
  assert.equal(plan.reference, 'drogon');
  assert.ok(plan.bootstrap.resamples >= 10000);
  assert.equal(data.address, '127.0.0.1');
});

test('the quick profile has every kind of measurement: a pipelined scenario, two sweep levels, one instruction count, one system-call count', () => {
  const plan = buildPlan(loadScenarios(), { profile: 'quick' }, { serverThreads: 1 });
  assert.deepEqual(plan.parts, ['scenarios', 'json', 'fixedRate', 'sweep', 'instructions', 'syscalls']);
  // one JSON scenario on every JSON server, one fixed-rate level
  assert.deepEqual(plan.json.scenarios.map((s) => s.id), ['json-json']);
  assert.equal(plan.json.servers.length, 6);
  assert.deepEqual([plan.fixedRate.groups.map((g) => g.id), plan.fixedRate.fractions, plan.fixedRate.repetitions], [['json'], [0.25], 1]);
  assert.ok(plan.scenarios.some((s) => s.pipelineDepth > 1));
  assert.equal(plan.sweep.levels.length, 2);
  assert.equal(plan.instructions.cases.length, 1);
  assert.deepEqual(plan.syscalls.cases.map((c) => c.id), ['keepalive']);
});

test('overrides: repetitions, duration, server and scenario subsets, parts, seed; unknown names are named', () => {
  const data = loadScenarios();
  const plan = buildPlan(data, { profile: 'quick', repetitions: 1, durationSeconds: 3, servers: 'drogon', scenarios: 'c100-keepalive', seed: 7 }, { serverThreads: 1 });
  assert.equal(plan.repetitions, 1);
  assert.equal(plan.durationSeconds, 3);
  assert.equal(plan.seed, 7);
  assert.equal(plan.complete, false);
  assert.deepEqual(plan.servers.map((s) => s.id), ['drogon']);
  assert.deepEqual(plan.scenarios.map((s) => [s.id, s.repetitions, s.durationSeconds]), [['c100-keepalive', 1, 3]]);
  assert.deepEqual(plan.parts, ['scenarios'], '--scenarios alone runs only the scenarios');
  assert.equal(plan.sweep, null);
  assert.equal(plan.instructions, null);
  assert.equal(plan.syscalls, null);
  // a scenario's own settings beat the profile's; the command line beats both
  const full = buildPlan(data, { profile: 'default' });
  assert.equal(full.scenarios.find((s) => s.id === 'pipelined-c1024').repetitions, 45);
  assert.equal(full.scenarios.find((s) => s.id === 'c100-keepalive').repetitions, 10);
  assert.equal(buildPlan(data, { profile: 'default', repetitions: 3 }).scenarios.find((s) => s.id === 'pipelined-c1024').repetitions, 3);
  // blocks: the profile's (issue 25: at least 3 in the default profile), never more than a scenario's rounds
  assert.ok(full.blocks >= 3);
  for (const s of [...full.scenarios, ...full.json.scenarios]) assert.equal(s.blocks, full.blocks, s.id);
  assert.deepEqual(buildPlan(data, { profile: 'default', repetitions: 2 }).scenarios.map((s) => s.blocks), full.scenarios.map(() => 2));
  const oneBlock = buildPlan(data, { profile: 'default', blocks: 1 });
  assert.deepEqual([oneBlock.blocks, oneBlock.complete], [1, false], '--blocks makes a selection');
  assert.equal(buildPlan(data, { profile: 'many-connections' }).scenarios[0].blocks, 1, 'a profile without blocks runs one');
  assert.equal(buildPlan(data, { profile: 'many-connections' }).scenarios[0].warmupSeconds, 3);
  assert.equal(buildPlan(data, { profile: 'many-connections', warmupSeconds: 0 }).scenarios[0].warmupSeconds, 0);
  const instructionsOnly = buildPlan(data, { profile: 'quick', parts: 'instructions' });
  assert.deepEqual([instructionsOnly.parts, instructionsOnly.scenarios, instructionsOnly.sweep], [['instructions'], [], null]);
  assert.notEqual(buildPlan(data, {}).seed, undefined, 'a seed is always chosen');
  assert.throws(() => buildPlan(data, { profile: 'nope' }), /--profile nope: no such profile/);
  assert.throws(() => buildPlan(data, { servers: 'drogon,apache' }), /--servers: unknown server "apache"/);
  assert.throws(() => buildPlan(data, { profile: 'quick', scenarios: 'c10000-close' }), /profile "quick" has no scenario "c10000-close"/);
  assert.throws(() => buildPlan(data, { parts: 'scenarios,latency' }), /--parts: unknown part "latency"/);
});

test('selections with JSON: --scenarios picks the parts, --servers the servers of each kind, fixedRate needs its basis in the run', () => {
  const data = loadScenarios();
  const m = { serverThreads: 1 };
  const jsonOnly = buildPlan(data, { profile: 'quick', scenarios: 'json-json' }, m);
  assert.deepEqual(jsonOnly.parts, ['json']);
  assert.deepEqual([jsonOnly.scenarios, jsonOnly.fixedRate, jsonOnly.sweep, jsonOnly.instructions], [[], null, null, null]);
  const mixed = buildPlan(data, { profile: 'default', scenarios: 'c100-keepalive,json-dbop-n10', servers: 'drogon,gin-sonic,drogon-jsoncpp' }, m);
  assert.deepEqual(mixed.parts, ['scenarios', 'json']);
  assert.deepEqual([mixed.servers.map((s) => s.id), mixed.json.servers.map((s) => s.id)], [['drogon'], ['gin-sonic', 'drogon-jsoncpp']]);
  // hello-world servers only: the JSON parts are left out (the profile's), or named when asked for
  const helloOnly = buildPlan(data, { profile: 'quick', servers: 'drogon' }, m);
  assert.deepEqual(helloOnly.parts, ['scenarios', 'sweep', 'instructions', 'syscalls']);
  assert.equal(helloOnly.json, null);
  assert.throws(() => buildPlan(data, { profile: 'quick', servers: 'drogon', parts: 'json' }, m), /--parts json: no JSON server chosen \(--servers\)/);
  assert.throws(() => buildPlan(data, { profile: 'quick', parts: 'fixedRate' }, m), /--parts fixedRate: group json needs scenario json-json in the same run/);
  const withBasis = buildPlan(data, { profile: 'quick', parts: 'json,fixedRate', scenarios: 'json-json' }, m);
  assert.deepEqual(withBasis.fixedRate.groups.map((g) => g.id), ['json']);
  // JSON instruction cases run on the JSON servers; the JSON servers are planned whenever a part uses them
  const counts = buildPlan(data, { profile: 'default', parts: 'instructions', servers: 'gin-sonic' }, m);
  assert.deepEqual(counts.instructions.cases.map((c) => c.id), ['json-json', 'json-dbop-n10']);
  assert.deepEqual(counts.json.servers.map((s) => s.id), ['gin-sonic']);
  // system-call cases too, from one list of hello-world and JSON cases
  const traced = buildPlan(data, { profile: 'default', parts: 'syscalls', servers: 'gin-sonic' }, m);
  assert.deepEqual(traced.syscalls.cases.map((c) => [c.id, c.requests]), [['json-json', 960], ['json-dbop-n10', 640]]);
  assert.deepEqual(traced.json.servers.map((s) => s.id), ['gin-sonic']);
  assert.throws(() => buildPlan(data, { profile: 'quick', scenarios: 'json-ping' }, m), /profile "quick" has no scenario "json-ping" \(known: c100-keepalive, c100-close-ab, pipelined-c256, json-json\)/);
  assert.throws(() => buildPlan(data, { servers: 'drogon,apache' }, m), /--servers: unknown server "apache" \(known: drogon, nginx-module, nginx-return, drogon-jsoncpp/);
});
