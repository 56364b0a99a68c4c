'use strict';
// How long a plan takes, printed at start and used to weigh the progress lines' "time left". The
// per-step costs below were measured on the 2-core Debian 12 machine this project runs on (2026-11-23):
// they are estimates, never checked against a clock in a test.

const SERVER_START_SECONDS = 0.3; // spawn, readiness poll, probes
const RUN_OVERHEAD_SECONDS = 0.2; // load tool start and exit, /proc reads, parsing
const VALGRIND_LIFETIME_SECONDS = 0.9; // a server started under valgrind, ready, stopped, counts written
const DEFAULT_VALGRIND_REQUESTS_PER_SECOND = 20000; // a case without its own estimate
// wrk opens all its connections before its clock starts (-d counts from then): 16384 connections took
// 3 to 7 s of a run on the busy 2-core machine. ab's -t includes its connects.
const WRK_CONNECT_SECONDS_PER_CONNECTION = 1 / 4000;

const connectSeconds = (scenario) => (scenario.tool === 'wrk' ? scenario.connections * WRK_CONNECT_SECONDS_PER_CONNECTION : 0);

function scenarioSeconds(scenario, plan) {
  const servers = plan.servers.length;
  const run = scenario.durationSeconds + plan.pauseBetweenRunsSeconds + RUN_OVERHEAD_SECONDS + connectSeconds(scenario);
  const start = SERVER_START_SECONDS + (scenario.warmupSeconds > 0 ? scenario.warmupSeconds + RUN_OVERHEAD_SECONDS + connectSeconds(scenario) : 0);
  return servers * (scenario.repetitions * run + start);
}

function sweepSeconds(sweep, plan) {
  const servers = plan.servers.length;
  const run = sweep.durationSeconds + sweep.pauseBetweenRunsSeconds + RUN_OVERHEAD_SECONDS;
  const start = SERVER_START_SECONDS + sweep.warmupSeconds + (sweep.warmupSeconds > 0 ? RUN_OVERHEAD_SECONDS : 0);
  return servers * (sweep.levels.length * sweep.runsPerLevel * run + start);
}

// One repeat of one case and server: a lifetime with N requests and one with 2N.
function instructionRepeatSeconds(testCase, requests) {
  const rate = testCase.estimatedRequestsPerSecond || DEFAULT_VALGRIND_REQUESTS_PER_SECOND;
  return 2 * VALGRIND_LIFETIME_SECONDS + (3 * requests) / rate;
}

function instructionsSeconds(instructions, plan) {
  return plan.servers.length * instructions.repeats
    * instructions.cases.reduce((sum, c) => sum + instructionRepeatSeconds(c, instructions.requests), 0);
}

// { total, scenarios, sweep, instructions } in seconds, and the number of progress steps.
function estimatePlan(plan, scenarios = plan.scenarios) {
  const parts = {
    scenarios: scenarios.reduce((sum, s) => sum + scenarioSeconds(s, plan), 0),
    sweep: plan.sweep ? sweepSeconds(plan.sweep, plan) : 0,
    instructions: plan.instructions ? instructionsSeconds(plan.instructions, plan) : 0,
  };
  const steps = plan.servers.length * (scenarios.reduce((sum, s) => sum + s.repetitions, 0)
    + (plan.sweep ? plan.sweep.levels.length * plan.sweep.runsPerLevel : 0)
    + (plan.instructions ? plan.instructions.cases.length * plan.instructions.repeats : 0));
  return { total: parts.scenarios + parts.sweep + parts.instructions, ...parts, steps };
}

// Weight of one progress step: its part's estimate spread over the part's steps, so the weights of all
// steps add up to the plan's estimate.
const stepWeight = {
  scenarioRun: (scenario, plan) => scenarioSeconds(scenario, plan) / (plan.servers.length * scenario.repetitions),
  sweepRun: (plan) => sweepSeconds(plan.sweep, plan) / (plan.servers.length * plan.sweep.levels.length * plan.sweep.runsPerLevel),
  instructionRepeat: (testCase, plan) => instructionRepeatSeconds(testCase, plan.instructions.requests),
};

module.exports = { estimatePlan, scenarioSeconds, sweepSeconds, instructionRepeatSeconds, stepWeight };
