'use strict';
// How long a plan takes, printed at start and used to weigh the progress lines' "time left". The
// per-step costs below were measured on the 2-core Debian 12 machine this project runs on (2026-11-23):
// they are estimates, never checked against a clock in a test. They describe a quiet machine: in the
// default run of 2026-11-27 at c21949e, on the same machine busy with other work (load average about
// 20), the timed blocks took 0.83 times their estimate and the system-call part 2.3 times (its counted
// windows each took 2-5 s more, mostly the lock-step client starting), 48.2 min in all against 42.5
// estimated; the profile was trimmed so that such a run fits 45 minutes (Methodology says what went). A timed quick run (1 s runs, 0.1 s
// pauses) took 1.15-1.25 s per run and about 0.1 s per server start, with other helpers' tests busy on
// the same machine; the two constants below keep some room above that.

const SERVER_START_SECONDS = 0.15; // spawn, readiness poll, probes
const RUN_OVERHEAD_SECONDS = 0.1; // load tool start and exit, /proc reads, parsing
const VALGRIND_LIFETIME_SECONDS = 0.9; // a server started under valgrind, ready, stopped, counts written
const DEFAULT_VALGRIND_REQUESTS_PER_SECOND = 20000; // a case without its own pace or estimate
// The lock-step client (node) starting and exiting around each counted window: 0.15-0.3 s on the busy
// 2-core machine (quick profile, 2026-11-24).
const COUNTED_LOAD_START_SECONDS = 0.2;
// strace attaching to every thread of a server and detaching (SIGINT, its table written), per window:
// under 0.05 s measured, with the runner's polling.
const STRACE_WINDOW_SECONDS = 0.05;
// The untraced warm-up before a server's system-call windows runs as fast as the server answers:
// about this many times the case's strace pace.
const WARMUP_SPEEDUP = 4;
// Beyond -d, a wrk run spent 0.15 s over 10000 connections and 0.18 s over 16384 in the default run of
// 2026-11-24 on the quiet machine (run files' times); this keeps 4 times that, for a busier machine.
// -d counts the connects too: 2 s runs at 16384 connections completed no request, so that scenario
// (profile many-connections) keeps 5 s runs. ab's -t includes its connects.
const WRK_CONNECT_SECONDS_PER_CONNECTION = 1 / 20000;

// Conformance: each JSON server started once and sent the requests of bench/json/requests.json.
// Measured on the quick profile (2026-11-23): 5 servers, 38 requests each, about 2 s with the starts.
const CONFORMANCE_SECONDS_PER_SERVER = 0.2;
// oha's start (connections) and exit, the JSON report, /proc reads: 5 runs of 1 s with 0.5 s pauses
// and 5 server starts took 7.4 s on the quick profile.
const FIXED_RATE_OVERHEAD_SECONDS = 0.1;

const connectSeconds = (scenario) => (scenario.tool === 'wrk' ? scenario.connections * WRK_CONNECT_SECONDS_PER_CONNECTION : 0);

// How many servers a scenario or case runs on: the JSON ones on the plan's JSON servers.
const serverCount = (plan, kind) => (kind === 'json' ? plan.json.servers.length : plan.servers.length);

// Every block starts its servers afresh and warms them up: that cost once per block.
function scenarioSeconds(scenario, plan) {
  const servers = serverCount(plan, scenario.kind);
  const run = scenario.durationSeconds + plan.pauseBetweenRunsSeconds + RUN_OVERHEAD_SECONDS + connectSeconds(scenario);
  const start = SERVER_START_SECONDS + (scenario.warmupSeconds > 0 ? scenario.warmupSeconds + RUN_OVERHEAD_SECONDS + connectSeconds(scenario) : 0);
  return servers * (scenario.repetitions * run + (scenario.blocks ?? 1) * start);
}

function sweepSeconds(sweep, plan) {
  const servers = plan.servers.length;
  const run = sweep.durationSeconds + sweep.pauseBetweenRunsSeconds + RUN_OVERHEAD_SECONDS;
  const start = SERVER_START_SECONDS + sweep.warmupSeconds + (sweep.warmupSeconds > 0 ? RUN_OVERHEAD_SECONDS : 0);
  return servers * (sweep.levels.length * sweep.runsPerLevel * run + start);
}

// One repeat of one case and server: a lifetime with N requests and one with 2N, at the case's pace
// under valgrind (a lock-step case lasts N / pace by construction).
function instructionRepeatSeconds(testCase, requests) {
  const rate = testCase.pace?.valgrind || testCase.estimatedRequestsPerSecond || DEFAULT_VALGRIND_REQUESTS_PER_SECOND;
  return 2 * (VALGRIND_LIFETIME_SECONDS + COUNTED_LOAD_START_SECONDS) + (3 * requests) / rate;
}

// One repeat of one case and server under strace: a window of N requests and one of 2N at the case's
// strace pace, each with its attach and detach; plus the repeat's share of the server's start and
// untraced warm-up.
function syscallRepeatSeconds(testCase, requests, repeats) {
  const rate = testCase.pace?.strace || DEFAULT_VALGRIND_REQUESTS_PER_SECOND;
  const windows = 2 * (STRACE_WINDOW_SECONDS + COUNTED_LOAD_START_SECONDS) + (3 * requests) / rate;
  const once = SERVER_START_SECONDS + COUNTED_LOAD_START_SECONDS + requests / (WARMUP_SPEEDUP * rate);
  return windows + once / repeats;
}

function syscallsSeconds(syscalls, plan) {
  return syscalls.repeats * syscalls.cases.reduce((sum, c) => sum + serverCount(plan, c.servers) * syscallRepeatSeconds(c, c.requests ?? syscalls.requests, syscalls.repeats), 0);
}

function instructionsSeconds(instructions, plan) {
  return instructions.repeats * instructions.cases.reduce((sum, c) => sum + serverCount(plan, c.servers) * instructionRepeatSeconds(c, c.requests ?? instructions.requests), 0);
}

function conformanceSeconds(plan) {
  return plan.json ? plan.json.servers.length * (SERVER_START_SECONDS + CONFORMANCE_SECONDS_PER_SERVER) : 0;
}

// One server's share of a fixed-rate group: its runs at every level and round, its start and warm-up.
function fixedRatePerServerSeconds(fixedRate) {
  const run = fixedRate.durationSeconds + fixedRate.pauseBetweenRunsSeconds + FIXED_RATE_OVERHEAD_SECONDS;
  const start = SERVER_START_SECONDS + (fixedRate.warmupSeconds > 0 ? fixedRate.warmupSeconds + FIXED_RATE_OVERHEAD_SECONDS : 0);
  return fixedRate.fractions.length * fixedRate.repetitions * run + start;
}

function fixedRateSeconds(fixedRate) {
  return fixedRate.groups.reduce((sum, g) => sum + g.servers.length * fixedRatePerServerSeconds(fixedRate), 0);
}

// { total, scenarios, conformance, json, fixedRate, sweep, instructions, syscalls } in seconds, and the number
// of progress steps.
function estimatePlan(plan, scenarios = plan.scenarios) {
  const jsonScenarios = plan.json ? plan.json.scenarios : [];
  const parts = {
    scenarios: scenarios.reduce((sum, s) => sum + scenarioSeconds(s, plan), 0),
    conformance: conformanceSeconds(plan),
    json: jsonScenarios.reduce((sum, s) => sum + scenarioSeconds(s, plan), 0),
    fixedRate: plan.fixedRate ? fixedRateSeconds(plan.fixedRate) : 0,
    sweep: plan.sweep ? sweepSeconds(plan.sweep, plan) : 0,
    instructions: plan.instructions ? instructionsSeconds(plan.instructions, plan) : 0,
    syscalls: plan.syscalls ? syscallsSeconds(plan.syscalls, plan) : 0,
  };
  const fr = plan.fixedRate;
  const steps = plan.servers.length * (scenarios.reduce((sum, s) => sum + s.repetitions, 0)
    + (plan.sweep ? plan.sweep.levels.length * plan.sweep.runsPerLevel : 0))
    + (plan.json ? 1 + plan.json.servers.length * jsonScenarios.reduce((sum, s) => sum + s.repetitions, 0) : 0)
    + (fr ? fr.fractions.length * fr.repetitions * fr.groups.reduce((sum, g) => sum + g.servers.length, 0) : 0)
    + (plan.instructions ? plan.instructions.repeats * plan.instructions.cases.reduce((sum, c) => sum + serverCount(plan, c.servers), 0) : 0)
    + (plan.syscalls ? plan.syscalls.repeats * plan.syscalls.cases.reduce((sum, c) => sum + serverCount(plan, c.servers), 0) : 0);
  const total = Object.values(parts).reduce((a, b) => a + b, 0);
  return { total, ...parts, steps };
}

// Weight of one progress step: its part's estimate spread over the part's steps, so the weights of all
// steps add up to the plan's estimate.
const stepWeight = {
  scenarioRun: (scenario, plan) => scenarioSeconds(scenario, plan) / (serverCount(plan, scenario.kind) * scenario.repetitions),
  conformance: (plan) => conformanceSeconds(plan),
  fixedRateRun: (plan) => fixedRatePerServerSeconds(plan.fixedRate) / (plan.fixedRate.fractions.length * plan.fixedRate.repetitions),
  fixedRateGroup: (plan, servers) => servers * fixedRatePerServerSeconds(plan.fixedRate),
  sweepRun: (plan) => sweepSeconds(plan.sweep, plan) / (plan.servers.length * plan.sweep.levels.length * plan.sweep.runsPerLevel),
  instructionRepeat: (testCase, plan) => instructionRepeatSeconds(testCase, testCase.requests ?? plan.instructions.requests),
  syscallRepeat: (testCase, plan) => syscallRepeatSeconds(testCase, testCase.requests ?? plan.syscalls.requests, plan.syscalls.repeats),
};

module.exports = { estimatePlan, scenarioSeconds, sweepSeconds, fixedRateSeconds, conformanceSeconds, stepWeight };
