'use strict';
// JSON servers that cannot run on this machine (a supportCheck that fails: simdjson-go without AVX2
// and CLMUL) leave the plan and are listed as not built with the reason the check printed.
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync, existsSync } = require('node:fs');
const { loadScenarios } = require('../../src/plan/load-scenarios');
const { buildPlan } = require('../../src/plan/build-plan');
const { loadJsonServers, unusableJsonServers, dropJsonServers } = require('../../src/plan/json-servers');
const { notBuiltHere } = require('../../src/parts/json-rounds/json-rounds');
const { loadBenchState } = require('../../../shared/src/bench-state');

const machine = { serverThreads: 1 };
const shell = (script) => ['sh', '-c', script];

test('a supportCheck that fails makes a server unusable, with the first line it printed as the reason', () => {
  const state = { a: '/bin/true', b: '/bin/true', c: '/bin/true', d: '/nonexistent/binary' };
  const defs = [
    { id: 'runs', binaryFrom: 'a', supportCheck: shell('echo ok') },
    { id: 'lacks', binaryFrom: 'b', supportCheck: shell('echo; echo "  needs an x86-64 CPU with AVX2 and CLMUL; this one lacks CLMUL"; echo more; exit 1') },
    { id: 'silent', binaryFrom: 'c', supportCheck: shell('exit 3') },
    { id: 'no-check', binaryFrom: 'a' },
    { id: 'binary-missing', binaryFrom: 'd', supportCheck: ['{binary}', '-check-cpu'] },
  ];
  const unusable = unusableJsonServers(defs, state);
  assert.deepEqual(unusable.map((u) => [u.def.id, u.reason]), [
    ['lacks', 'needs an x86-64 CPU with AVX2 and CLMUL; this one lacks CLMUL'],
    ['silent', 'sh -c exit 3 failed (exit 3)'],
  ]);
});

test('an unusable JSON server leaves the plan (JSON scenarios, fixed rate, instruction counts) and is listed as not built', () => {
  const data = loadScenarios();
  const plan = buildPlan(data, { profile: 'default' }, machine);
  const def = plan.json.servers.find((s) => s.id === 'gin-simdjson-go');
  assert.ok(def.supportCheck, 'gin + simdjson-go declares its CPU check');
  const unusable = [{ def, reason: 'simdjson-go needs an x86-64 CPU with AVX2 and CLMUL; this one (Test CPU) lacks AVX2' }];
  dropJsonServers(plan, unusable);
  assert.deepEqual(plan.json.servers.map((s) => s.id), ['drogon-jsoncpp', 'drogon-simdjson', 'drogon-yyjson', 'gin-encoding-json', 'gin-sonic']);
  assert.deepEqual(plan.fixedRate.groups.find((g) => g.id === 'json').servers.map((s) => s.id), plan.json.servers.map((s) => s.id));
  assert.equal(plan.fixedRate.groups.find((g) => g.id === 'hello').servers.length, 3, 'hello-world servers untouched');
  assert.deepEqual(notBuiltHere(unusable, { simdjsonGoVersion: 'v0.4.5' }), [{
    id: 'gin-simdjson-go', name: 'gin + simdjson-go', framework: 'gin', jsonLibrary: 'simdjson-go', version: 'v0.4.5',
    reason: 'simdjson-go needs an x86-64 CPU with AVX2 and CLMUL; this one (Test CPU) lacks AVX2',
  }]);

  const reference = buildPlan(data, { profile: 'quick' }, machine);
  assert.throws(() => dropJsonServers(reference, [{ def: reference.json.servers[0], reason: 'x' }]),
    /the JSON reference cannot run on this machine \(drogon-jsoncpp: x\)/);
  const alone = buildPlan(data, { profile: 'quick', servers: 'gin-simdjson-go' }, machine);
  assert.throws(() => dropJsonServers(alone, unusable), /no JSON server left to run on this machine \(gin-simdjson-go: simdjson-go needs/);
});

test('a supportCheck that is not a list of strings is refused with the file and the field', () => {
  const file = require('node:path').join(require('node:os').tmpdir(), `json-servers-${process.pid}.json`);
  const data = JSON.parse(readFileSync(require('../../src/plan/json-servers').SERVERS_FILE, 'utf8'));
  data.servers[5].supportCheck = '-check-cpu';
  require('node:fs').writeFileSync(file, JSON.stringify(data));
  try {
    assert.throws(() => loadJsonServers(file), /servers\[5\]: field "supportCheck" must be a list of strings/);
  } finally {
    require('node:fs').rmSync(file, { force: true });
  }
});

// The built binary's own check (simdjson.SupportedCPU()) against what the kernel reports.
test('gin_json_simdjson_go -check-cpu agrees with the CPU flags in /proc/cpuinfo (avx2, pclmulqdq)', (t) => {
  let state;
  try {
    ({ state } = loadBenchState());
  } catch (err) {
    t.skip(`no bench state (npm run bench:setup): ${err.message}`);
    return;
  }
  if (!existsSync(state.ginJsonSimdjsonGoBinary || '')) {
    t.skip('gin_json_simdjson_go is not built (npm run bench:setup)');
    return;
  }
  const flags = new Set((/^flags\s*:(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] || '').trim().split(/\s+/));
  const supported = flags.has('avx2') && flags.has('pclmulqdq');
  const def = loadJsonServers().servers.find((s) => s.id === 'gin-simdjson-go');
  const unusable = unusableJsonServers([def], state);
  t.diagnostic(`this CPU: avx2 ${flags.has('avx2')}, pclmulqdq ${flags.has('pclmulqdq')}; ${unusable.length ? unusable[0].reason : 'simdjson-go runs here'}`);
  assert.equal(unusable.length === 0, supported);
  if (!supported) assert.match(unusable[0].reason, /^simdjson-go needs an x86-64 CPU with AVX2 and CLMUL; this one .* lacks /);
});
