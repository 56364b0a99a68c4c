'use strict';
// The instruction counts as they run: instructions per request, the figure that does not depend on the host's noise. For each
// case and server: start the server under valgrind (cachegrind, --cache-sim=no: it counts the
// instructions the server's own process executes in user space; the kernel's work is not in it), send
// exactly N requests (parts/counted-cases.js: the lock-step client at the case's pace under
// valgrind), stop it with the signal it exits normally on (valgrind writes its counts then),
// read Ir; the same with 2N. (Ir(2N) - Ir(N)) / N cancels start-up, shutdown and the readiness probes.
// Each repeat does both; the result is the median of the repeats and their spread.
// A case runs on the hello-world servers or (servers: "json") on the JSON servers, at its own path and
// with its own body; a JSON server that failed conformance is not counted (its reason is recorded).
const { mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { startServer, stopServer, serverUrl, ServerStartError, describeExit } = require('../../servers/servers');
const { fillTemplate, shellLine } = require('../../helpers/command-line');
const { instructionsOf } = require('../../parse/cachegrind');
const { countedLoadArgv, sendCountedRequests, countingPace, countComparisons, RepeatError, COUNTED_LOAD_START_SECONDS, DEFAULT_COUNTED_REQUESTS_PER_SECOND } = require('../counted-cases');
const { assertLoopback } = require('../../measure/closed-loop');
const { displayPath } = require('../../../../shared/src/project-paths');
const { readTextOrEmpty: readText } = require('../../helpers/read-text');
const { median } = require('../../summarize/stats');
const { serversOf, referenceOf } = require('../../servers/plan-servers');

const METHOD = '(Ir(2N) - Ir(N)) / N';

const VALGRIND_LIFETIME_SECONDS = 0.9; // a server started under valgrind, ready, stopped, counts written

// One repeat of one case and server: a lifetime with N requests and one with 2N, at the case's pace
// under valgrind (a lock-step case lasts N / pace by construction).
function repeatSeconds(testCase, requests) {
  const rate = testCase.pace?.valgrind || testCase.estimatedRequestsPerSecond || DEFAULT_COUNTED_REQUESTS_PER_SECOND;
  return 2 * (VALGRIND_LIFETIME_SECONDS + COUNTED_LOAD_START_SECONDS) + (3 * requests) / rate;
}

function sendRequests(testCase, options) {
  return sendCountedRequests(testCase, { ...options, ...countingPace(testCase, 'valgrind') });
}

// One server lifetime under valgrind with `requests` requests: resolves Ir, throws RepeatError.
async function countOnce({ def, testCase, requests, ctx, instructions, logName }) {
  const outFile = join(ctx.logDir, `${logName}.cachegrind.out`);
  const wrapArgv = (argv) => [...fillTemplate(instructions.valgrindCommand, { outFile }, 'instructions.valgrindCommand'), ...argv];
  const signal = instructions.stopSignals[def.kind];
  let server = null;
  try {
    try {
      server = await startServer(def, {
        ...ctx, wrapArgv, masterProcess: false, startSeconds: instructions.startSeconds, probeResponseBytes: false,
        logName, scratchDir: ctx.scratchDirOf(def),
      });
    } catch (err) {
      if (err instanceof ServerStartError) throw new RepeatError(`server did not start under valgrind: ${err.message}`);
      throw err;
    }
    const url = serverUrl(def, ctx.scenariosData.address, testCase.path);
    assertLoopback(url);
    const load = await sendRequests(testCase, { requests, url, ctx, logName, timeoutSeconds: instructions.loadTimeoutSeconds });
    if (server.exit) throw new RepeatError(`server "${def.id}" ${describeExit(server.exit)} under load; log ${displayPath(server.logPath)}`);
    const handle = server;
    server = null;
    const clean = await stopServer(handle, ctx.scenariosData, { signal, graceSeconds: instructions.stopSeconds });
    const exit = await handle.exited;
    if (!clean || exit.signal) {
      throw new RepeatError(`server "${def.id}" did not exit on ${signal} within ${instructions.stopSeconds} s (${describeExit(exit)}), so valgrind wrote no counts`);
    }
    try {
      return { ir: instructionsOf(readText(outFile)), seconds: load.seconds };
    } catch (err) {
      throw new RepeatError(`${err.message} (${displayPath(outFile)})`);
    }
  } finally {
    if (server) await stopServer(server, ctx.scenariosData);
  }
}

function summarizeRepeats(repeats) {
  if (repeats.length === 0) return { perRequest: null, spread: null };
  const values = repeats.map((r) => r.perRequest);
  const mid = median(values);
  return { perRequest: mid, spread: (Math.max(...values) - Math.min(...values)) / mid };
}

const instructionComparisons = (results, reference) => countComparisons(results, reference, 'perRequest');

async function runInstructions({ plan, ctx, progress, environment, excluded = new Map() }) {
  const { instructions } = plan;
  mkdirSync(ctx.logDir, { recursive: true });
  const cases = [];
  for (const testCase of instructions.cases) {
    const requests = testCase.requests ?? instructions.requests;
    const results = [];
    const kind = testCase.servers || 'hello';
    for (const def of serversOf(plan, kind)) {
      if (excluded.has(def.id)) {
        results.push({ server: def.id, repeats: [], perRequest: null, spread: null, failureReason: excluded.get(def.id) });
        progress.skip(instructions.repeats, instructions.repeats * repeatSeconds(testCase, requests),
          `instructions ${testCase.id} ${def.id}: not counted, ${excluded.get(def.id)}`);
        continue;
      }
      const repeats = [];
      const failedRepeats = [];
      for (let repeat = 1; repeat <= instructions.repeats; repeat++) {
        const logName = (n) => `instructions.${testCase.id}.${def.id}.repeat${repeat}.n${n}`;
        const label = `instructions ${testCase.id} ${def.id} repeat ${repeat}/${instructions.repeats}`;
        try {
          const n = await countOnce({ def, testCase, requests, ctx, instructions, logName: logName(requests) });
          const twoN = await countOnce({ def, testCase, requests: 2 * requests, ctx, instructions, logName: logName(2 * requests) });
          const [irN, ir2N] = [n.ir, twoN.ir];
          if (!(ir2N > irN)) throw new RepeatError(`Ir(2N) = ${ir2N} is not above Ir(N) = ${irN}`);
          // The windows' lengths say whether the pace held (N / pace seconds each, 2N / pace).
          const entry = { irN, ir2N, perRequest: (ir2N - irN) / requests, ...(n.seconds !== null ? { secondsN: n.seconds, seconds2N: twoN.seconds } : {}) };
          repeats.push(entry);
          progress.step(label, `${Math.round(entry.perRequest).toLocaleString('en-US')} instructions per request`, repeatSeconds(testCase, requests));
        } catch (err) {
          if (!(err instanceof RepeatError)) throw err;
          failedRepeats.push({ repeat, failureReason: err.message });
          progress.step(label, `FAILED: ${err.message}`, repeatSeconds(testCase, requests));
        }
      }
      const summary = summarizeRepeats(repeats);
      results.push({
        server: def.id,
        repeats,
        ...summary,
        ...(failedRepeats.length ? { failedRepeats } : {}),
        ...(summary.perRequest === null ? { failureReason: [...new Set(failedRepeats.map((f) => f.failureReason))].join('; ') } : {}),
      });
    }
    cases.push({
      id: testCase.id,
      requests,
      connections: testCase.connections,
      pipelineDepth: testCase.pipelineDepth,
      loadTool: testCase.loadTool,
      ...(testCase.newConnection ? { newConnection: true } : {}),
      ...(testCase.pace ? countingPace(testCase, 'valgrind') : {}),
      loadCommand: shellLine(countedLoadArgv(testCase, { requests: '{requests}', url: '{url}', cpu: ctx.cpu, ...countingPace(testCase, 'valgrind') })),
      ...(kind === 'json' ? { servers: 'json', reference: referenceOf(plan, kind), method: testCase.method, path: testCase.path, ...(testCase.bodyFile ? { bodyFile: testCase.bodyFile } : {}) } : {}),
      results,
      comparisons: instructionComparisons(results, referenceOf(plan, kind)),
    });
  }
  return {
    tool: 'valgrind',
    valgrindVersion: environment.versions.valgrind || 'unknown',
    valgrindCommand: shellLine(fillTemplate(instructions.valgrindCommand, { outFile: '{outFile}' }, 'instructions.valgrindCommand')),
    userSpaceOnly: true,
    method: METHOD,
    repeats: instructions.repeats,
    stopSignals: instructions.stopSignals,
    cases,
  };
}

module.exports = { runInstructions, repeatSeconds, summarizeRepeats, instructionComparisons };
