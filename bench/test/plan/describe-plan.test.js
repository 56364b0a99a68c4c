'use strict';
// The plan as the runner prints it before anything starts (plan/describe-plan.js): the quick profile's
// lines for --seed 42 on a 2-CPU machine, as the runner printed them before the parts were cut into
// modules (update them with bench/scenarios.json's quick profile), and the shape of the default's.
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadScenarios } = require('../../src/plan/load-scenarios');
const { buildPlan } = require('../../src/plan/build-plan');
const { describePlan } = require('../../src/plan/describe-plan');
const { inRepo, RESULTS_FILE, BENCH_LOGS_DIR } = require('../../../shared/src/project-paths');

const cpu = { pinned: true, serverCpus: '0', clientCpus: '1', serverThreads: 1, clientThreads: 1 };
const environment = { cpuModel: 'Test CPU', cpuCores: 2 };
const describe = (overrides) => describePlan(buildPlan(loadScenarios(), { seed: 42, ...overrides }, { serverThreads: 1 }), cpu, environment,
  inRepo(`${BENCH_LOGS_DIR}/x`), inRepo(RESULTS_FILE));

test('the quick profile\'s printed plan', () => {
  const { lines, estimate } = describe({ profile: 'quick' });
  assert.deepEqual(lines, [
    'bench: profile quick: parts scenarios, json, fixedRate, sweep, instructions, syscalls; seed 42',
    'bench:   scenarios: 3 x 3 servers, 6 rounds in all (each server once per round, shuffled), about 24 s',
    'bench:   blocks: each timed scenario\'s rounds in up to 2 blocks, its servers started afresh for each; block 1 of every scenario, then block 2, ..., with the instruction and system-call counts between blocks',
    'bench:   JSON conformance of 6 servers (drogon-jsoncpp, drogon-simdjson, drogon-yyjson, gin-encoding-json, gin-sonic, gin-simdjson-go; reference drogon-jsoncpp) before any timed run, about 2 s',
    'bench:   JSON scenarios: json-json x 6 servers, 1 rounds in all; wrk -t3 -c6 (the published 40 threads x 2 connections for 16 server threads, scaled to 1), about 8 s',
    'bench:   fixed rate (oha, open loop): groups json (6 servers, 100 % = slowest median of json-json); levels 25 % x 1 rounds of 1 s, about 8 s',
    'bench:   sweep: ab -k at 2 levels (1, 100) x 1 runs of 1 s x 3 servers, about 7 s',
    'bench:   instructions: keepalive (3 servers, N = 100) x 1 repeats, under valgrind, about 8 s',
    'bench:   system calls: keepalive (3 servers, N = 96) x 1 repeats, under strace, about 3 s',
    'bench: estimated time: about 59 s (43 steps)',
    'bench: Test CPU, 2 CPUs; servers on CPU 0 (1 thread(s)), load generator on CPU 1 (1 thread(s))',
    'bench: raw output in bench/logs/x; results to bench/results/latest.json',
  ]);
  assert.equal(estimate.steps, 43);
});

test('the default profile\'s printed plan: a line per part, the block schedule after the hello-world rounds', () => {
  const { lines } = describe({ profile: 'default' });
  const starts = ['bench: profile default: ', 'bench:   scenarios: ', 'bench:   blocks: ', 'bench:   JSON conformance of ', 'bench:   JSON scenarios: ',
    'bench:   fixed rate ', 'bench:   sweep: ', 'bench:   instructions: ', 'bench:   system calls: ', 'bench: estimated time: ', 'bench: Test CPU, 2 CPUs; ', 'bench: raw output in '];
  assert.equal(lines.length, starts.length);
  lines.forEach((line, i) => assert.ok(line.startsWith(starts[i]), `line ${i + 1}: ${line}`));
});

test('a selection prints the lines of its parts only; without counted parts, no counts between blocks', () => {
  const { lines } = describe({ profile: 'quick', parts: 'json' });
  assert.match(lines[0], /^bench: profile quick \(a selection\): parts json; seed 42$/);
  assert.ok(lines.some((line) => line.startsWith('bench:   blocks: ') && line.endsWith('then block 2, ...')));
  assert.ok(!lines.some((line) => /bench: {3}(scenarios|sweep|instructions|system calls):/.test(line)));
});
