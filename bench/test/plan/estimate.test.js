'use strict';
// The plan's time estimate (printed at start, weighs the progress lines: each part's estimate and the
// weights of its steps, which must add up to it) and the progress arithmetic. No clock is checked here:
// the figures are what the plan says, not what a busy machine takes.
// Covers: bench/src/rounds/progress.js, bench/src/rounds/step-costs.js
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadScenarios } = require('../../src/plan/load-scenarios');
const { buildPlan } = require('../../src/plan/build-plan');
const { estimatePlan } = require('../../src/plan/estimate');
const { Progress } = require('../../src/rounds/progress');
const { scenarioRunWeight } = require('../../src/rounds/scenario-rounds');
const { conformanceSeconds } = require('../../src/parts/json-rounds/conformance-check');
const fixedRateLevels = require('../../src/parts/fixed-rate/fixed-rate-levels');
const sweep = require('../../src/parts/sweep/sweep');
const valgrindRepeats = require('../../src/parts/instruction-counts/valgrind-repeats');
const straceWindows = require('../../src/parts/syscall-counts/strace-windows');

// The weight of one progress step of each part, as the parts' run code weighs them.
const stepWeight = {
  scenarioRun: scenarioRunWeight,
  conformance: conformanceSeconds,
  fixedRateRun: (plan) => fixedRateLevels.runWeight(plan.fixedRate),
  fixedRateGroup: (plan, servers) => servers * fixedRateLevels.perServerSeconds(plan.fixedRate),
  sweepRun: sweep.runWeight,
  instructionRepeat: (c, plan) => valgrindRepeats.repeatSeconds(c, c.requests ?? plan.instructions.requests),
  syscallRepeat: (c, plan) => straceWindows.repeatSeconds(c, c.requests ?? plan.syscalls.requests, plan.syscalls.repeats),
};

const data = loadScenarios();

const machine = { serverThreads: 1 };

test('the default profile (issues 8, 9 and 16) is planned to fit 44 minutes (45 allowed), quick under 60 s; both printed', (t) => {
  const full = estimatePlan(buildPlan(data, { profile: 'default' }, machine));
  t.diagnostic(`default profile estimate: ${(full.total / 60).toFixed(1)} min (${Object.entries(full).filter(([k]) => k !== 'total' && k !== 'steps').map(([k, v]) => `${k} ${Math.round(v)} s`).join(', ')})`);
  assert.ok(full.total <= 44 * 60, `default profile estimate ${(full.total / 60).toFixed(1)} min`);
  assert.ok(full.scenarios > 0 && full.conformance > 0 && full.json > 0 && full.fixedRate > 0 && full.sweep > 0 && full.instructions > 0 && full.syscalls > 0);
  const quick = estimatePlan(buildPlan(data, { profile: 'quick' }, machine));
  t.diagnostic(`quick profile estimate: ${Math.round(quick.total)} s`);
  assert.ok(quick.total < 60, `quick profile estimate ${Math.round(quick.total)} s`);
});

test('steps: one per run (scenario rounds x servers, fixed-rate levels x rounds x servers, sweep levels x runs x servers), conformance, and per instruction repeat x server', () => {
  const plan = buildPlan(data, { profile: 'quick' }, machine);
  const e = estimatePlan(plan);
  // 3 scenarios x 2 rounds x 3 servers + conformance + 1 JSON scenario x 1 round x 6 servers + 1 fixed-rate level x 1 round x 6 servers
  // + 2 sweep levels x 1 run x 3 servers + 1 instruction case x 1 repeat x 3 servers + 1 system-call case x 1 repeat x 3 servers
  assert.equal(e.steps, 18 + 1 + 6 + 6 + 6 + 3 + 3);
  const fr = plan.fixedRate;
  const weights = [
    ...plan.scenarios.flatMap((s) => Array(s.repetitions * plan.servers.length).fill(stepWeight.scenarioRun(s, plan))),
    stepWeight.conformance(plan),
    ...plan.json.scenarios.flatMap((s) => Array(s.repetitions * plan.json.servers.length).fill(stepWeight.scenarioRun(s, plan))),
    ...fr.groups.flatMap((g) => Array(fr.fractions.length * fr.repetitions * g.servers.length).fill(stepWeight.fixedRateRun(plan))),
    ...Array(plan.sweep.levels.length * plan.sweep.runsPerLevel * plan.servers.length).fill(stepWeight.sweepRun(plan)),
    ...plan.instructions.cases.flatMap((c) => Array(plan.instructions.repeats * plan.servers.length).fill(stepWeight.instructionRepeat(c, plan))),
    ...plan.syscalls.cases.flatMap((c) => Array(plan.syscalls.repeats * plan.servers.length).fill(stepWeight.syscallRepeat(c, plan))),
  ];
  assert.equal(weights.length, e.steps);
  assert.ok(Math.abs(weights.reduce((a, b) => a + b, 0) - e.total) < 1e-9, 'the step weights add up to the estimate');
});

test('the default profile\'s steps add up to its estimate too (JSON instruction and system-call cases on the JSON servers, with their own N)', () => {
  const plan = buildPlan(data, { profile: 'default' }, machine);
  const e = estimatePlan(plan);
  const fr = plan.fixedRate;
  const count = (kind) => (kind === 'json' ? plan.json.servers.length : plan.servers.length);
  const weights = [
    ...[...plan.scenarios, ...plan.json.scenarios].flatMap((s) => Array(s.repetitions * count(s.kind)).fill(stepWeight.scenarioRun(s, plan))),
    stepWeight.conformance(plan),
    ...fr.groups.flatMap((g) => Array(fr.fractions.length * fr.repetitions * g.servers.length).fill(stepWeight.fixedRateRun(plan))),
    ...Array(plan.sweep.levels.length * plan.sweep.runsPerLevel * plan.servers.length).fill(stepWeight.sweepRun(plan)),
    ...plan.instructions.cases.flatMap((c) => Array(plan.instructions.repeats * count(c.servers)).fill(stepWeight.instructionRepeat(c, plan))),
    ...plan.syscalls.cases.flatMap((c) => Array(plan.syscalls.repeats * count(c.servers)).fill(stepWeight.syscallRepeat(c, plan))),
  ];
  assert.equal(weights.length, e.steps);
  assert.ok(Math.abs(weights.reduce((a, b) => a + b, 0) - e.total) < 1e-6);
  assert.ok(stepWeight.fixedRateGroup(plan, 3) === 3 * fr.fractions.length * fr.repetitions * stepWeight.fixedRateRun(plan));
});

test('a skipped scenario is left out of the estimate', () => {
  const plan = buildPlan(data, { profile: 'many-connections' }, machine);
  const all = estimatePlan(plan);
  const skipped = plan.scenarios.find((s) => s.id === 'pipelined-c16384');
  const without = estimatePlan({ ...plan, scenarios: plan.scenarios.filter((s) => s !== skipped) });
  assert.ok(without.total < all.total);
  assert.equal(without.steps, all.steps - skipped.repetitions * plan.servers.length);
});

test('progress: time left from the weights done so far', () => {
  const lines = [];
  let now = 0;
  const progress = new Progress(3, 60, (line) => lines.push(line), () => now);
  now = 10_000;
  progress.step('first', 'ok', 10); // 10 s for 10 units: 50 units left -> 50 s
  now = 40_000;
  progress.step('second', 'ok', 40); // 40 s for 50 units: 10 units left -> 8 s
  progress.runDone({ label: 'third', run: { status: 'failed', failureReason: 'server did not start' }, weight: 10 });
  assert.deepEqual(lines, [
    '[1/3] first: ok - about 50 s left',
    '[2/3] second: ok - about 8 s left',
    '[3/3] third: FAILED: server did not start - done',
  ]);
});

test('progress: a run without latency (pipelined) prints no p99', () => {
  const lines = [];
  const progress = new Progress(2, 2, (line) => lines.push(line), () => 0);
  progress.runDone({ label: 'pipelined-c256 drogon round 1/6', run: { status: 'ok', requestsPerSecond: 1234567.8, latencyUs: null }, weight: 1 });
  progress.runDone({ label: 'c100-keepalive drogon round 1/3', run: { status: 'ok', requestsPerSecond: 1000, latencyUs: { p99: 1500 } }, weight: 1 });
  assert.match(lines[0], /^\[1\/2\] pipelined-c256 drogon round 1\/6: 1,234,568 req\/s - /);
  assert.match(lines[1], /^\[2\/2\] c100-keepalive drogon round 1\/3: 1,000 req\/s \(p99 1\.5 ms\) - done$/);
});
