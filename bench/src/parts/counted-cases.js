'use strict';
// The load of one counted window (instruction counts, system-call counts): exactly N requests of a
// case of bench/scenarios.json's instructions block, sent by its load tool pinned to the client CPUs,
// bounded in time, and checked to have all succeeded. The lock-step client (lockstep-client.js) runs
// at the pace and with the gap of the counting tool (the case's pace.valgrind and gapMs.valgrind, or
// .strace); h2load and ab (earlier cases) are still read.
const { openSync, closeSync } = require('node:fs');
const { join } = require('node:path');
const { spawnGroup, stopGroup, forgetGroup } = require('../../../shared/src/process-group');
const { fillTemplate, pinned, wrapExec } = require('../helpers/command-line');
const { parseH2loadOutput, checkAllSucceeded } = require('../parse/h2load');
const { parseAbOutput } = require('../parse/ab');
const { describeExit } = require('../servers/servers');
const { repoRoot, displayPath } = require('../../../shared/src/project-paths');
const { readTextOrEmpty: readText } = require('../helpers/read-text');

// A counted repeat that failed (its load, its server, its counting tool): the part records the reason
// and goes on with the next repeat.
class RepeatError extends Error {}

// The case's pace and gap under a counting tool ("valgrind", "strace"): lock-step cases have them,
// the others (h2load, ab) run as fast as the answers come (0).
function countingPace(testCase, tool) {
  return { pace: testCase.pace?.[tool] ?? 0, gapMs: testCase.gapMs?.[tool] ?? 0 };
}

// argv of one window; pace: requests per second (0 = as fast as the answers come: a warm-up); gapMs:
// idle time after each batch.
function countedLoadArgv(testCase, { requests, url, cpu, pace, gapMs = 0 }) {
  const values = {
    requests, connections: testCase.connections, pipelineDepth: testCase.pipelineDepth, url, pace, gapMs,
    ...(testCase.bodyFile ? { bodyFile: testCase.bodyFile } : {}),
  };
  return pinned(fillTemplate(testCase.command, values, `instructions case "${testCase.id}" command`), cpu.clientCpus);
}

// The lock-step client's one JSON line: { requests, batches, seconds, status2xx, non2xx, late }.
function parseLockstepOutput(text) {
  const line = text.trim().split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new Error(`the lock-step client printed no result line; it said: ${text.trim().split('\n').slice(-2).join(' | ') || '(nothing)'}`);
  return JSON.parse(line);
}

// Sends the window's requests; resolves the tool's figures ({ seconds, late } for the lock-step
// client), throws RepeatError naming what went wrong.
async function sendCountedRequests(testCase, { requests, url, ctx, logName, timeoutSeconds, pace, gapMs = 0 }) {
  const argv = countedLoadArgv(testCase, { requests, url, cpu: ctx.cpu, pace, gapMs });
  const outPath = join(ctx.logDir, `${logName}.load.out`);
  const fd = openSync(outPath, 'w');
  const load = spawnGroup(wrapExec(argv), { label: `${testCase.loadTool} ${logName}`, cwd: repoRoot, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  let timer;
  const timedOut = new Promise((resolve) => { timer = setTimeout(() => resolve('timeout'), timeoutSeconds * 1000); });
  const outcome = await Promise.race([load.exited, timedOut]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    await stopGroup(load.pgid, 1000);
    throw new RepeatError(`${testCase.loadTool} did not send ${requests} requests within ${timeoutSeconds} s and was killed`);
  }
  forgetGroup(load.pgid);
  const text = readText(outPath);
  if (outcome.error) throw new RepeatError(`could not start ${testCase.loadTool}: ${outcome.error.message}`);
  if (outcome.code !== 0) throw new RepeatError(`${testCase.loadTool} ${describeExit(outcome)}: ${text.trim().split('\n').slice(-2).join(' | ')}`);
  try {
    if (testCase.loadTool === 'lockstep') {
      const result = parseLockstepOutput(text);
      if (result.requests !== requests || result.status2xx !== requests) {
        throw new Error(`lock-step client: ${result.status2xx} of ${requests} requests answered 2xx`);
      }
      return { seconds: result.seconds, late: result.late };
    }
    if (testCase.loadTool === 'h2load') {
      const parsed = parseH2loadOutput(text);
      checkAllSucceeded(parsed, requests);
      return { seconds: parsed.seconds, late: null };
    }
    const ab = parseAbOutput(text);
    if (ab.completeRequests !== requests || ab.failedRequests !== 0 || ab.non2xx !== 0) {
      throw new Error(`ab: ${ab.completeRequests} of ${requests} requests complete, ${ab.failedRequests} failed, ${ab.non2xx} not 2xx`);
    }
    return { seconds: null, late: null };
  } catch (err) {
    throw new RepeatError(`${err.message} (output: ${displayPath(outPath)})`);
  }
}

module.exports = { countedLoadArgv, sendCountedRequests, countingPace, RepeatError };
