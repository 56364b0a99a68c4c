'use strict';
// What the counted parts (instruction counts, system-call counts) share: the counted cases. Each is a
// case of bench/scenarios.json's instructions.cases (a request, its batch, its client and pace),
// checked once for the file; a profile's block of a counted part names cases and their N. The load of
// one counted window: exactly N requests of a case, sent by its load tool pinned to the client CPUs,
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

// The lock-step client (node) starting and exiting around each counted window: 0.15-0.3 s on the busy
// 2-core machine (quick profile, 2026-11-24).
const COUNTED_LOAD_START_SECONDS = 0.2;
// A case without its own pace or estimate (the counting tool slows the server to about this).
const DEFAULT_COUNTED_REQUESTS_PER_SECOND = 20000;

/** The counted cases of a scenario file. */
const caseDefinitions = (data) => data.instructions.cases;

// The file's cases: unique ids, and each one complete for its client (checked once, whatever the parts).
function checkCaseDefinitions(data, fail) {
  const ids = new Set();
  caseDefinitions(data).forEach((c, i) => {
    if (ids.has(c.id)) fail(`/instructions/cases/${i}/id`, `duplicate instruction case id "${c.id}"`);
    ids.add(c.id);
  });
}

function checkCaseFields(data, fail) {
  caseDefinitions(data).forEach((c, i) => {
    if (c.servers === 'json' && !data.json) fail(`/instructions/cases/${i}/servers`, 'JSON servers need the top-level json block');
    if ((c.method === 'POST') !== (c.bodyFile !== undefined)) fail(`/instructions/cases/${i}/bodyFile`, 'a POST needs a bodyFile, a GET has none');
    if (c.loadTool === 'lockstep' && !c.pace) fail(`/instructions/cases/${i}/pace`, 'a lockstep case needs its pace under valgrind and under strace');
    if (c.newConnection && c.pipelineDepth !== 1) fail(`/instructions/cases/${i}/pipelineDepth`, 'a new connection per request carries one request (pipelineDepth 1)');
  });
}

/** The ids of the file's cases, and the kind of servers one runs on ('hello' for an unknown id). */
const caseIds = (data) => caseDefinitions(data).map((c) => c.id);
const caseKind = (data, id) => caseDefinitions(data).find((c) => c.id === id)?.servers || 'hello';

// Every count's N of a block: a case's own (requestsByCase, whose ids must be cases of the block) or the
// block's; a lock-step batch must divide it. where: the block's path in the profile.
function checkCountedRequests(data, { requests, requestsByCase = {}, cases }, where, fail, { byCaseOfBlock = true } = {}) {
  if (byCaseOfBlock) {
    Object.keys(requestsByCase).forEach((id) => {
      if (!cases.includes(id)) fail(`${where}/requestsByCase/${id}`, `not a case of this block (its cases: ${cases.join(', ')})`);
    });
  }
  for (const id of cases) {
    const c = caseDefinitions(data).find((x) => x.id === id);
    const n = requestsByCase[id] ?? requests;
    if (c && c.loadTool === 'lockstep' && n % c.pipelineDepth !== 0) {
      fail(`${where}/${requestsByCase[id] !== undefined ? `requestsByCase/${id}` : 'requests'}`,
        `N = ${n} is not a multiple of case "${id}"'s batch of ${c.pipelineDepth} requests`);
    }
  }
}

// The counted cases of ids with their N (a case's own, else the block's). A case runs on the chosen
// servers of its kind; none chosen, it is left out.
function countedCases({ data, profile, servers }, ids, byCase, requests) {
  const hasServers = (c) => (c.servers === 'json' ? servers.json.length > 0 && profile.json : servers.hello.length > 0);
  return ids.map((id) => caseDefinitions(data).find((c) => c.id === id)).filter(hasServers)
    .map((c) => ({ ...c, requests: byCase[c.id] ?? requests }));
}

// Each counted server's `field` (perRequest, total) over the reference's; none without a reference count.
function countComparisons(results, reference, field) {
  const ref = results.find((r) => r.server === reference);
  if (!ref || !(ref[field] > 0)) return [];
  return results.filter((r) => r.server !== reference && r[field] !== null)
    .map((r) => ({ reference, other: r.server, ratio: r[field] / ref[field] }));
}

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

module.exports = {
  caseDefinitions, caseIds, checkCaseDefinitions, checkCaseFields, caseKind, checkCountedRequests, countedCases, countComparisons,
  countedLoadArgv, sendCountedRequests, countingPace, RepeatError, COUNTED_LOAD_START_SECONDS, DEFAULT_COUNTED_REQUESTS_PER_SECOND,
};
