'use strict';
// bench/scenarios.json is valid, and a malformed scenario file fails with an error naming the field,
// both from loadScenarios and from the runner's command line (exit code 2, nothing measured).
const test = require('node:test');
const assert = require('node:assert/strict');
const { mkdtempSync, writeFileSync, readFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');
const { spawnSync } = require('node:child_process');
const { loadScenarios, buildPlan, jsonLoadShape, defaultScenariosPath } = require('../../src/plan/config');

const real = () => JSON.parse(readFileSync(defaultScenariosPath, 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'bench-config-test-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

function loadVariant(name, mutate) {
  const data = real();
  mutate(data);
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(data));
  return () => loadScenarios(path);
}

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

test('JSON cross-references are named: reference, profile servers and scenarios, fixed-rate groups and their basis, bodies', () => {
  assert.throws(loadVariant('json-ref', (d) => { d.json.reference = 'drogon-rapidjson'; }), /\/json\/reference: unknown JSON server "drogon-rapidjson"/);
  assert.throws(loadVariant('json-server', (d) => { d.profiles.quick.json.servers.push('gin-jsoniter'); }), /\/profiles\/quick\/json\/servers\/6: unknown JSON server "gin-jsoniter"/);
  assert.throws(loadVariant('json-scenario', (d) => { d.profiles.quick.json.scenarios = ['json-xml']; }), /\/profiles\/quick\/json\/scenarios\/0: unknown JSON scenario "json-xml"/);
  assert.throws(loadVariant('fixed-group', (d) => { d.profiles.quick.fixedRate.groups = ['plaintext']; }), /\/profiles\/quick\/fixedRate\/groups\/0: unknown fixed-rate group "plaintext"/);
  assert.throws(loadVariant('fixed-basis', (d) => { d.profiles.quick.json.scenarios = []; d.profiles.quick.json.scenarios.push('json-ping'); }),
    /\/profiles\/quick\/fixedRate\/groups\/0: group "json" measures against scenario "json-json", which this profile does not run/);
  assert.throws(loadVariant('post-body', (d) => { delete d.json.scenarios[3].bodyFile; }), /\/json\/scenarios\/3\/bodyFile: a POST needs a bodyFile/);
  assert.throws(loadVariant('by-case', (d) => { d.profiles.default.json.instructions.requestsByCase = { 'json-ping': 500 }; }), /\/profiles\/default\/json\/instructions\/requestsByCase\/json-ping: not a case of this block/);
  assert.throws(loadVariant('json-case-in-hello', (d) => { d.profiles.quick.instructions.cases.push('json-json'); }), /\/profiles\/quick\/instructions\/cases\/1: "json-json" runs on the JSON servers: list it under \/profiles\/quick\/json\/instructions\/cases/);
  assert.throws(loadVariant('hello-case-in-json', (d) => { d.profiles.default.json.instructions.cases.push('close'); }), /\/profiles\/default\/json\/instructions\/cases\/2: "close" runs on the hello-world servers/);
  assert.throws(loadVariant('json-port', (d) => { d.servers[0].port = 18090; }), /servers\[0\]\.port: port 18090 is already used by server "drogon"/);
  assert.throws(loadVariant('fixed-fraction', (d) => { d.profiles.default.fixedRate.fractions = [0.25, 0]; }), /\/profiles\/default\/fixedRate\/fractions\/1: must be > 0/);
});

test('--seed and --parts on the command line: bad values are named', () => {
  const { parseCli } = require('../../src/plan/cli');
  assert.equal(parseCli(['--seed', '4294967295']).seed, 4294967295);
  assert.equal(parseCli([]).output, null, 'no --output: the runner picks the path');
  assert.throws(() => parseCli(['--seed', '4294967296']), /--seed must be a whole number from 0 to 4294967295/);
  assert.throws(() => parseCli(['--seed=-1']), /--seed must be a whole number/);
  assert.throws(() => parseCli(['--seed', '12abc']), /--seed must be a whole number/);
  assert.equal(parseCli(['--parts', 'sweep']).parts, 'sweep');
});

test('scenarios whose connections exceed the open-files limit: skipped with the reason when marked, else the run stops', () => {
  const { checkOpenFiles } = require('../../src/plan/limits');
  const plan = buildPlan(loadScenarios(), { profile: 'many-connections' });
  const { scenarios, skipped } = checkOpenFiles(plan, 16000);
  assert.ok(!scenarios.some((s) => s.id === 'pipelined-c16384'));
  assert.deepEqual(skipped.map((s) => [s.id, s.connections]), [['pipelined-c16384', 16384]]);
  assert.match(skipped[0].reason, /16384 connections need an open-files limit of at least 16448, but the hard limit here is 16000 \(ulimit -Hn\)/);
  assert.equal(checkOpenFiles(plan, 20000).skipped.length, 0);
  const defaultPlan = buildPlan(loadScenarios(), { parts: 'scenarios' });
  assert.throws(() => checkOpenFiles(defaultPlan, 5000), /scenario c10000-keepalive with 10000 connections needs an open-files limit of at least 10064/);
  const withSweep = buildPlan(loadScenarios(), { parts: 'sweep' });
  assert.throws(() => checkOpenFiles(withSweep, 5000), /sweep level of 10000 connections needs an open-files limit of at least 10064/);
});

test('a wrong type names the field', () => {
  const load = loadVariant('type', (d) => { d.profiles.quick.scenarios[1].connections = '100'; });
  assert.throws(load, /\/profiles\/quick\/scenarios\/1\/connections: must be integer/);
});

test('a missing field names the field', () => {
  const load = loadVariant('missing', (d) => { delete d.servers[0].port; });
  assert.throws(load, /\/servers\/0\/port: is required but missing/);
});

test('an unknown field names the field', () => {
  const load = loadVariant('unknown', (d) => { d.profiles.default.scenarios[0].pipeline = 16; });
  assert.throws(load, /\/profiles\/default\/scenarios\/0\/pipeline: is not an allowed field/);
});

test('load may only go to 127.0.0.1', () => {
  const load = loadVariant('address', (d) => { d.address = '10.0.0.1'; });
  assert.throws(load, /\/address: must be equal to constant "127\.0\.0\.1"/);
});

test('the runner itself refuses to send load anywhere but 127.0.0.1', () => {
  const { assertLoopback } = require('../../src/measure/closed-loop');
  assert.throws(() => assertLoopback('http://10.0.0.1:18080/benchmark'), /refusing to send load to 10\.0\.0\.1/);
  assert.throws(() => assertLoopback('http://localhost:18080/benchmark'), /refusing to send load to localhost/);
  assert.doesNotThrow(() => assertLoopback('http://127.0.0.1:18080/benchmark'));
});

test('an unknown tool names the allowed ones', () => {
  const load = loadVariant('tool', (d) => { d.profiles.quick.scenarios[0].tool = 'hey'; });
  assert.throws(load, /\/profiles\/quick\/scenarios\/0\/tool: must be equal to one of the allowed values: "wrk", "ab"/);
});

test('cross-references: pipelining only with wrk and keep-alive, instruction cases and the reference server must exist', () => {
  assert.throws(loadVariant('pipe-ab', (d) => { d.profiles.quick.scenarios[1].pipelineDepth = 16; }), /\/profiles\/quick\/scenarios\/1\/pipelineDepth: pipelining needs wrk with keep-alive/);
  assert.throws(loadVariant('case', (d) => { d.profiles.quick.instructions.cases = ['keepalive', 'http2']; }), /\/profiles\/quick\/instructions\/cases\/1: unknown instruction case "http2"/);
  assert.throws(loadVariant('reference', (d) => { d.reference = 'apache'; }), /\/reference: unknown server "apache"/);
  assert.throws(loadVariant('resamples', (d) => { d.bootstrap.resamples = 999; }), /\/bootstrap\/resamples: must be >= 10000/);
});

test('cross-references of the counted cases: system-call cases must exist, a lock-step case needs its pace, N a multiple of its batch', () => {
  assert.throws(loadVariant('sys-case', (d) => { d.profiles.quick.syscalls.cases = ['keepalive', 'http2']; }), /\/profiles\/quick\/syscalls\/cases\/1: unknown case "http2"/);
  assert.throws(loadVariant('sys-n', (d) => { d.profiles.default.syscalls.requestsByCase.pipelined = 1000; }),
    /\/profiles\/default\/syscalls\/requestsByCase\/pipelined: N = 1000 is not a multiple of case "pipelined"'s batch of 16 requests/);
  assert.throws(loadVariant('instr-n', (d) => { d.profiles.default.instructions.requestsByCase.pipelined = 4008; }),
    /\/profiles\/default\/instructions\/requestsByCase\/pipelined: N = 4008 is not a multiple/);
  assert.throws(loadVariant('sys-by-case', (d) => { d.profiles.quick.syscalls.requestsByCase = { close: 320 }; }),
    /\/profiles\/quick\/syscalls\/requestsByCase\/close: not a case of this block/);
  assert.throws(loadVariant('no-pace', (d) => { delete d.instructions.cases[0].pace; }), /\/instructions\/cases\/0\/pace: a lockstep case needs its pace/);
  assert.throws(loadVariant('no-block', (d) => { delete d.syscalls; }), /\/profiles\/default\/syscalls: needs the top-level syscalls block/);
});

test('cross-references: unknown server in a profile, duplicate port, duplicate scenario id', () => {
  assert.throws(loadVariant('ref', (d) => { d.profiles.quick.servers.push('apache'); }), /\/profiles\/quick\/servers\/3: unknown server "apache"/);
  assert.throws(loadVariant('port', (d) => { d.servers[2].port = d.servers[0].port; }), /\/servers\/2\/port: port 18080 is already used by server "drogon"/);
  assert.throws(loadVariant('dup', (d) => { d.profiles.quick.scenarios[1].id = 'c100-keepalive'; }), /\/profiles\/quick\/scenarios\/1\/id: duplicate scenario id/);
});

test('not JSON at all: the error says so and names the file', () => {
  const path = join(dir, 'broken.json');
  writeFileSync(path, '{ "address": ');
  assert.throws(() => loadScenarios(path), new RegExp(`scenario file ${path} is not valid JSON`));
});

test('the runner refuses a malformed scenario file with exit code 2 and the field, before any setup check', () => {
  const data = real();
  data.profiles.quick.durationSeconds = 1.5;
  const path = join(dir, 'cli.json');
  writeFileSync(path, JSON.stringify(data));
  const res = spawnSync(process.execPath, [join(__dirname, '..', '..', 'src', 'run.js'), '--profile', 'quick', '--scenarios-file', path, '--output', join(dir, 'out.json')], { encoding: 'utf8' });
  assert.equal(res.status, 2, res.stderr);
  assert.match(res.stderr, /\/profiles\/quick\/durationSeconds: must be integer/);
  assert.throws(() => readFileSync(join(dir, 'out.json')), /ENOENT/);
});
