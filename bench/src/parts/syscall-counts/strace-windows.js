'use strict';
// The system-call counts as they run: system calls per request, by name, where a request's kernel time goes. For each
// case and server: start the server as the timed runs do (pinned, nginx with its master process), warm
// it up with N requests, then per repeat count two windows on the same running server: strace attaches
// to every process and thread of it (-f -c: calls by name, summed), the lock-step client sends exactly
// N requests at the case's strace pace, strace detaches on SIGINT and writes its table; the same with
// 2N. (calls(2N) - calls(N)) / N by name cancels the attach and detach and whatever the server does
// once per window. The result is the median of the repeats and their spread; the calls are also
// grouped (reads, writes, accepts, epoll, close, the rest: scenarios.json syscalls.categories).
// A case runs on the hello-world servers or (servers: "json") on the JSON servers; a JSON server that
// failed conformance is not counted (its reason is recorded). A server that exits is recorded
// (ctx.exits) and its repeat fails with the reason.
const { readdirSync, mkdirSync, openSync, closeSync } = require('node:fs');
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');
const { startServer, stopServer, serverUrl, ServerStartError, describeExit } = require('../../servers/servers');
const { spawnGroup, stopGroup, sleep } = require('../../../../shared/src/process-group');
const { groupMembers, openSocketCount } = require('../../../../shared/src/proc-stats');
const { fillTemplate, shellLine, pinned } = require('../../helpers/command-line');
const { parseStraceSummary } = require('../../parse/strace');
const { countedLoadArgv, sendCountedRequests, countingPace, countComparisons, RepeatError, COUNTED_LOAD_START_SECONDS, DEFAULT_COUNTED_REQUESTS_PER_SECOND } = require('../counted-cases');
const { assertLoopback } = require('../../measure/closed-loop');
const { displayPath } = require('../../../../shared/src/project-paths');
const { readTextOrEmpty: readText } = require('../../helpers/read-text');
const { median } = require('../../summarize/stats');
const { callsByCategory } = require('./call-categories');
const { serversOf, referenceOf } = require('../../servers/plan-servers');
const { SERVER_START_SECONDS } = require('../../rounds/step-costs');

const METHOD = '(calls(2N) - calls(N)) / N';

// strace attaching to every thread of a server and detaching (SIGINT, its table written), per window:
// under 0.05 s measured, with the runner's polling.
const STRACE_WINDOW_SECONDS = 0.05;
// The untraced warm-up before a server's system-call windows runs as fast as the server answers:
// about this many times the case's strace pace.
const WARMUP_SPEEDUP = 4;

// One repeat of one case and server under strace: a window of N requests and one of 2N at the case's
// strace pace, each with its attach and detach; plus the repeat's share of the server's start and
// untraced warm-up.
function repeatSeconds(testCase, requests, repeats) {
  const rate = testCase.pace?.strace || DEFAULT_COUNTED_REQUESTS_PER_SECOND;
  const windows = 2 * (STRACE_WINDOW_SECONDS + COUNTED_LOAD_START_SECONDS) + (3 * requests) / rate;
  const once = SERVER_START_SECONDS + COUNTED_LOAD_START_SECONDS + requests / (WARMUP_SPEEDUP * rate);
  return windows + once / repeats;
}


// The tracer of each thread of each process (TracerPid of /proc/<pid>/task/<tid>/status).
function untracedThreads(pids, tracer) {
  const untraced = [];
  for (const pid of pids) {
    let tids;
    try { tids = readdirSync(`/proc/${pid}/task`); } catch { continue; } // gone: the server check says so
    for (const tid of tids) {
      const status = readText(`/proc/${pid}/task/${tid}/status`);
      const m = /^TracerPid:\s*(\d+)/m.exec(status);
      if (m && Number(m[1]) !== tracer) untraced.push(tid);
    }
  }
  return untraced;
}

function straceVersion() {
  try {
    const out = execFileSync('strace', ['-V'], { encoding: 'utf8', timeout: 10000 });
    return /version (\S+)/.exec(out)?.[1] || 'unknown';
  } catch {
    return 'unknown';
  }
}

// How long a window waits, after the load, for the server to close the client's connections.
const SETTLE_MS = 2000;

// One window: strace attached, `requests` requests, strace detached. Resolves { calls, seconds }.
async function countWindow({ server, testCase, requests, url, ctx, syscalls, logName }) {
  const pids = groupMembers(server.pgid);
  if (server.exit || pids.length === 0) throw new RepeatError(`server "${server.def.id}" ${describeExit(server.exit)} before the window; log ${displayPath(server.logPath)}`);
  const outFile = join(ctx.logDir, `${logName}.strace`);
  const argv = pinned(fillTemplate(syscalls.straceCommand, { outFile, attach: pids.flatMap((pid) => ['-p', String(pid)]) }, 'syscalls.straceCommand'), ctx.cpu.clientCpus);
  const errPath = join(ctx.logDir, `${logName}.strace.err`);
  const errFd = openSync(errPath, 'w');
  const tracer = spawnGroup(argv, { label: `strace ${logName}`, cwd: ctx.logDir, stdio: ['ignore', 'ignore', errFd] });
  closeSync(errFd);
  let exited = null;
  tracer.exited.then((x) => { exited = x; });
  try {
    const deadline = Date.now() + syscalls.attachSeconds * 1000;
    while (untracedThreads(pids, tracer.pgid).length > 0) {
      if (exited) throw new RepeatError(`strace ${describeExit(exited)} before it had attached: ${readText(errPath).trim().split('\n').slice(-2).join(' | ')}`);
      if (Date.now() > deadline) throw new RepeatError(`strace did not attach to every thread of the server within ${syscalls.attachSeconds} s`);
      await sleep(5);
    }
    const socketsBefore = openSocketCount(pids);
    const load = await sendCountedRequests(testCase, { requests, url, ctx, logName, timeoutSeconds: syscalls.loadTimeoutSeconds, ...countingPace(testCase, 'strace') });
    if (server.exit) throw new RepeatError(`server "${server.def.id}" ${describeExit(server.exit)} under strace; log ${displayPath(server.logPath)}`);
    // The client has its last answer, but the server may not have seen the client's close yet: detached
    // now, that close (and accept, for the next window) would fall outside this window and into no
    // other, and a connection would count as a fraction of a call per request. Wait until the server
    // holds no more sockets than before the load (bounded: a server that keeps one is still counted).
    const settleBy = Date.now() + SETTLE_MS;
    while (openSocketCount(pids) > socketsBefore && Date.now() < settleBy) await sleep(5);
    // SIGINT: strace detaches from every thread and writes its table, then exits.
    const clean = await stopGroup(tracer.pgid, syscalls.detachSeconds * 1000, 'SIGINT');
    if (!clean) throw new RepeatError(`strace did not detach within ${syscalls.detachSeconds} s of SIGINT`);
    let parsed;
    try {
      parsed = parseStraceSummary(readText(outFile));
    } catch (err) {
      throw new RepeatError(`${err.message} (${displayPath(outFile)})`);
    }
    return { calls: parsed.calls, seconds: load.seconds };
  } finally {
    await stopGroup(tracer.pgid, 1000, 'SIGINT');
  }
}

// Calls per request by name from the two windows of one repeat; names of either window, in name order.
function perRequestByName(callsN, calls2N, requests) {
  const names = [...new Set([...Object.keys(callsN), ...Object.keys(calls2N)])].sort();
  return Object.fromEntries(names.map((name) => [name, ((calls2N[name] || 0) - (callsN[name] || 0)) / requests]));
}

// One repeat's figures. Clock-driven calls (syscalls.clockDriven: Go's monitor thread sleeps in steps
// of its own timing) follow the window's length, not its requests: they are left out of the calls per
// request and counted per second of the extra window time instead. { perRequest, total,
// clockDrivenPerSecond } (the last only when the server made such calls).
function repeatFigures(n, twoN, requests, clockDriven = []) {
  const all = perRequestByName(n.calls, twoN.calls, requests);
  const perRequest = Object.fromEntries(Object.entries(all).filter(([name]) => !clockDriven.includes(name)));
  const total = Object.values(perRequest).reduce((a, b) => a + b, 0);
  const clockNames = Object.keys(all).filter((name) => clockDriven.includes(name));
  const extraSeconds = twoN.seconds - n.seconds;
  if (clockNames.length === 0 || !(extraSeconds > 0)) return { perRequest, total };
  return { perRequest, total, clockDrivenPerSecond: Object.fromEntries(clockNames.map((name) => [name, all[name] * requests / extraSeconds])) };
}

const spreadOf = (values, over = median(values)) => (over > 0 ? (Math.max(...values) - Math.min(...values)) / over : null);

// The repeats of one server: medians by name, by category and in total, and their spreads (a
// category's relative to the median total); the median clock-driven calls per second by name.
function summarizeSyscallRepeats(repeats, categories) {
  if (repeats.length === 0) return { perRequest: null, byCategory: null, total: null, spread: null, categorySpread: null };
  const clockNames = [...new Set(repeats.flatMap((r) => Object.keys(r.clockDrivenPerSecond || {})))].sort();
  const names = [...new Set(repeats.flatMap((r) => Object.keys(r.perRequest)))].sort();
  const perRequest = Object.fromEntries(names.map((name) => [name, median(repeats.map((r) => r.perRequest[name] ?? 0))]));
  const groups = repeats.map((r) => callsByCategory(r.perRequest, categories));
  const ids = Object.keys(groups[0]);
  const totals = repeats.map((r) => r.total);
  return {
    perRequest,
    byCategory: Object.fromEntries(ids.map((id) => [id, median(groups.map((g) => g[id]))])),
    total: median(totals),
    spread: spreadOf(totals),
    // A kind's spread over the request's calls in all: a kind with a few hundredths of a call (a timer)
    // cannot move by 1 % of itself, but should not move the request's count by more than 1 %.
    categorySpread: Object.fromEntries(ids.map((id) => [id, spreadOf(groups.map((g) => g[id]), median(totals))])),
    ...(clockNames.length ? { clockDrivenPerSecond: Object.fromEntries(clockNames.map((name) => [name, median(repeats.map((r) => r.clockDrivenPerSecond?.[name] ?? 0))])) } : {}),
  };
}

// Every repeat of one case on one server, in one server lifetime.
async function countServer({ def, testCase, requests, ctx, syscalls, progress, plan }) {
  const repeats = [];
  const failedRepeats = [];
  const weight = repeatSeconds(testCase, requests, syscalls.repeats);
  const label = (repeat) => `syscalls ${testCase.id} ${def.id} repeat ${repeat}/${syscalls.repeats}`;
  let server;
  try {
    server = await startServer(def, { ...ctx, logName: `syscalls.${testCase.id}.${def.id}.server`, scratchDir: ctx.scratchDirOf(def) });
  } catch (err) {
    if (!(err instanceof ServerStartError)) throw err;
    const reason = `server did not start: ${err.message}`;
    for (let repeat = 1; repeat <= syscalls.repeats; repeat++) {
      failedRepeats.push({ repeat, failureReason: reason });
      progress.step(label(repeat), `FAILED: ${reason}`, weight);
    }
    return { repeats, failedRepeats };
  }
  const url = serverUrl(def, ctx.scenariosData.address, testCase.path);
  assertLoopback(url);
  try {
    // Untraced, as fast as it answers: the first requests' one-time work (lazy set-up, a runtime's
    // first goroutines and buffers) happens here, not in a counted window.
    await sendCountedRequests(testCase, { requests, url, ctx, logName: `syscalls.${testCase.id}.${def.id}.warmup`, timeoutSeconds: syscalls.loadTimeoutSeconds, pace: 0 })
      .catch((err) => { if (!(err instanceof RepeatError)) throw err; });
    for (let repeat = 1; repeat <= syscalls.repeats; repeat++) {
      const logName = (n) => `syscalls.${testCase.id}.${def.id}.repeat${repeat}.n${n}`;
      try {
        const n = await countWindow({ server, testCase, requests, url, ctx, syscalls, logName: logName(requests) });
        const twoN = await countWindow({ server, testCase, requests: 2 * requests, url, ctx, syscalls, logName: logName(2 * requests) });
        const figures = repeatFigures(n, twoN, requests, syscalls.clockDriven);
        const { total } = figures;
        if (!(total > 0)) throw new RepeatError(`calls(2N) is not above calls(N): ${Object.values(twoN.calls).reduce((a, b) => a + b, 0)} against ${Object.values(n.calls).reduce((a, b) => a + b, 0)}`);
        repeats.push({ callsN: n.calls, calls2N: twoN.calls, secondsN: n.seconds, seconds2N: twoN.seconds, ...figures });
        progress.step(label(repeat), `${total.toFixed(2)} system calls per request`, weight);
      } catch (err) {
        if (!(err instanceof RepeatError)) throw err;
        failedRepeats.push({ repeat, failureReason: err.message });
        progress.step(label(repeat), `FAILED: ${err.message}`, weight);
        if (server.exit) {
          // Dead: the remaining repeats fail the same way (recorded once as an exit of this server).
          ctx.recordExit?.(server, { part: 'syscalls', block: testCase.id, restarted: false });
          for (let rest = repeat + 1; rest <= syscalls.repeats; rest++) {
            failedRepeats.push({ repeat: rest, failureReason: err.message });
            progress.step(label(rest), `FAILED: ${err.message}`, weight);
          }
          break;
        }
      }
    }
  } finally {
    await stopServer(server, ctx.scenariosData); // reaps what is left of its group either way
  }
  return { repeats, failedRepeats };
}

async function runSyscalls({ plan, ctx, progress, excluded = new Map() }) {
  const { syscalls } = plan;
  mkdirSync(ctx.logDir, { recursive: true });
  const cases = [];
  for (const testCase of syscalls.cases) {
    const requests = testCase.requests ?? syscalls.requests;
    const kind = testCase.servers || 'hello';
    const results = [];
    for (const def of serversOf(plan, kind)) {
      if (excluded.has(def.id)) {
        results.push({ server: def.id, repeats: [], perRequest: null, byCategory: null, total: null, spread: null, categorySpread: null, failureReason: excluded.get(def.id) });
        progress.skip(syscalls.repeats, syscalls.repeats * repeatSeconds(testCase, requests, syscalls.repeats), `syscalls ${testCase.id} ${def.id}: not counted, ${excluded.get(def.id)}`);
        continue;
      }
      const { repeats, failedRepeats } = await countServer({ def, testCase, requests, ctx, syscalls, progress, plan });
      const summary = summarizeSyscallRepeats(repeats, syscalls.categories);
      results.push({
        server: def.id,
        repeats,
        ...summary,
        ...(failedRepeats.length ? { failedRepeats } : {}),
        ...(summary.total === null ? { failureReason: [...new Set(failedRepeats.map((f) => f.failureReason))].join('; ') } : {}),
      });
    }
    cases.push({
      id: testCase.id,
      requests,
      connections: testCase.connections,
      pipelineDepth: testCase.pipelineDepth,
      ...(testCase.newConnection ? { newConnection: true } : {}),
      loadTool: testCase.loadTool,
      ...countingPace(testCase, 'strace'),
      loadCommand: shellLine(countedLoadArgv(testCase, { requests: '{requests}', url: '{url}', cpu: ctx.cpu, ...countingPace(testCase, 'strace') })),
      ...(kind === 'json' ? { servers: 'json', reference: referenceOf(plan, kind), method: testCase.method, path: testCase.path, ...(testCase.bodyFile ? { bodyFile: testCase.bodyFile } : {}) } : {}),
      results,
      comparisons: countComparisons(results, referenceOf(plan, kind), 'total'),
    });
  }
  return {
    tool: 'strace',
    straceVersion: straceVersion(),
    straceCommand: shellLine(pinned(fillTemplate(syscalls.straceCommand, { outFile: '{outFile}', attach: ['-p', '{pid}'] }, 'syscalls.straceCommand'), ctx.cpu.clientCpus)),
    method: METHOD,
    repeats: syscalls.repeats,
    clockDriven: [...(syscalls.clockDriven || [])],
    categories: syscalls.categories.map((c) => ({ id: c.id, names: c.names })),
    cases,
  };
}

module.exports = { runSyscalls, repeatSeconds, perRequestByName, repeatFigures, summarizeSyscallRepeats };
