'use strict';
// The runner end to end, for real: the quick profile against the real Drogon and nginx servers,
// a Drogon server killed mid-run, an interrupted run, a busy port and a missing setup.
// Needs `npm run bench:setup`; without it these tests FAIL naming that command (they never skip).
// Covers: bench/src/measure/closed-loop.js, bench/src/parts/counted-cases.js,
//   bench/src/rounds/scenario-rounds.js, bench/src/plan/cli.js, bench/src/plan/limits.js,
//   bench/src/plan/environment.js, shared/src/proc-stats.js
const test = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const net = require('node:net');
const { mkdtempSync, rmSync, readFileSync, writeFileSync, readdirSync, existsSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');
const { requireBenchSetup } = require('./support/bench-setup');
const { scenariosWithPortShift, runBench, leftoverProcesses } = require('./support/bench-run');
const { validateResults } = require('../../shared/src/results-file');
const { hardwareClassOf } = require('../../shared/src/hardware-class');
const { roundOrders } = require('../src/rounds/rounds');
const { compareResults } = require('../src/compare/compare');
const { toText } = require('../src/compare/report');
const { readStat } = require('../../shared/src/proc-stats');
const { isPortFree } = require('../src/servers/ports');

const PORT_SHIFT = 1000;
const results0 = (file) => JSON.parse(readFileSync(file, 'utf8'));
const pick = (object, keys) => Object.fromEntries(keys.map((k) => [k, object[k]]));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function tempDir(t) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-run-test-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function assertNothingLeft(ports) {
  assert.deepEqual(leftoverProcesses(ports), [], 'no bench process may outlive the runner');
  for (const [id, port] of Object.entries(ports)) assert.ok(await isPortFree(port), `port ${port} of ${id} is free again`);
}

function benchProcesses() {
  const found = [];
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try { found.push([pid, readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ')]); } catch { /* gone */ }
  }
  return found;
}

function cpusAllowed(pid) {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('Cpus_allowed_list:')).split(':')[1].trim();
  } catch {
    return '';
  }
}

function serverHeaderOf(port) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/benchmark', agent: false, timeout: 500 }, (res) => {
      res.resume();
      resolve(res.headers.server || null);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

test('missing setup state: exit 2 and the error names npm run bench:setup', async (t) => {
  const dir = tempDir(t);
  const { done } = runBench(['--profile', 'quick', '--output', join(dir, 'out.json')], { env: { ...process.env, DROGON_BENCH_HOME: join(dir, 'no-bench-home') } });
  const res = await done;
  assert.equal(res.code, 2);
  assert.match(res.stderr, /state\.json not found.*npm run bench:setup/);
  assert.equal(existsSync(join(dir, 'out.json')), false);
});

test('a busy port stops the run before anything starts, naming the port and the server', async (t) => {
  requireBenchSetup();
  const dir = tempDir(t);
  const { path, ports } = scenariosWithPortShift(dir, PORT_SHIFT);
  const blocker = net.createServer();
  await new Promise((resolve) => blocker.listen(ports.drogon, '127.0.0.1', resolve));
  t.after(() => blocker.close());
  const res = await runBench(['--profile', 'quick', '--scenarios-file', path, '--output', join(dir, 'out.json'), '--logs-dir', join(dir, 'logs')]).done;
  assert.equal(res.code, 2, res.stderr);
  assert.match(res.stderr, new RegExp(`port ${ports.drogon} on 127\\.0\\.0\\.1 \\(server "drogon"\\) is already in use`));
  assert.equal(existsSync(join(dir, 'out.json')), false);
});

test('quick profile against the real servers: every kind of measurement, valid v2 results, nothing left behind', async (t) => {
  const { state } = requireBenchSetup();
  const dir = tempDir(t);
  const { path, ports } = scenariosWithPortShift(dir, PORT_SHIFT);
  const out = join(dir, 'results', 'quick.json');
  const seenHeaders = new Set();
  const seenCpus = { server: new Set(), client: new Set() }; // Cpus_allowed_list of Drogon and of wrk, seen during the run
  const { done } = runBench(['--profile', 'quick', '--seed', '20261123', '--scenarios-file', path, '--output', out, '--logs-dir', join(dir, 'logs')]);
  let finished = false;
  const poller = (async () => {
    while (!finished) {
      // Probed until seen once: a probe is a connection of its own, and one that lands in a counted
      // system-call window is counted as the server's (an accept and a close among N requests).
      const header = seenHeaders.size === 0 ? await serverHeaderOf(ports.drogon) : null;
      if (header) seenHeaders.add(header);
      for (const [pid, cmdline] of benchProcesses()) {
        if (cmdline.startsWith(`${state.drogonServerBinary} `) && cmdline.includes(`--port ${ports.drogon}`)) seenCpus.server.add(cpusAllowed(pid));
        if (cmdline.startsWith('wrk ') && cmdline.includes(`:${ports.drogon}/`)) seenCpus.client.add(cpusAllowed(pid));
      }
      await sleep(200);
    }
  })();
  const res = await done;
  finished = true;
  await poller;

  assert.equal(res.code, 0, `runner failed:\n${res.stdout}\n${res.stderr}`);
  // The quick profile's budget is 60 s; timing is printed here, never asserted (the machine is shared).
  t.diagnostic(`quick profile took ${res.seconds.toFixed(1)} s`);
  const steps = Number(/^bench: estimated time: about \d+ s \((\d+) steps\)$/m.exec(res.stdout)?.[1]);
  const jsonCount = results0(out).servers.filter((s) => s.framework).length;
  // scenarios 3 x 2 rounds x 3 servers, conformance, the JSON scenario and the fixed-rate level on every
  // JSON server, the sweep 2 levels x 3 servers, one instruction and one system-call repeat x 3 servers
  assert.equal(steps, 18 + 1 + 2 * jsonCount + 6 + 3 + 3, res.stdout.split('\n').find((l) => l.includes('estimated time')));
  const step = (n) => (n === steps ? `${n}\\/${steps}` : `\\d+\\/${steps}`);
  assert.match(res.stdout, new RegExp(`^\\[1\\/${steps}\\] conformance: ${jsonCount} servers gave equal answers to \\d+ requests - `, 'm'));
  // Blocks (issue 25): the quick profile's 2 rounds are 2 blocks, block-major: block 1 of every scenario,
  // the instruction counts, block 2, then fixed rate, sweep and the system-call counts.
  assert.match(res.stdout, /^bench: {3}blocks: each timed scenario's rounds in up to 2 blocks, its servers started afresh for each; block 1 of every scenario, then block 2, \.\.\., with the instruction and system-call counts between blocks$/m);
  assert.match(res.stdout, new RegExp(`^\\[2\\/${steps}\\] c100-keepalive block 1\\/2 [a-z-]+ round 1\\/2: [\\d,]+ req\\/s \\(p99 [\\d.,]+ (µs|ms)\\) - about \\d+ (s|min) left$`, 'm'));
  assert.match(res.stdout, new RegExp(`^\\[${step()}\\] pipelined-c256 block 2\\/2 drogon round 2\\/2: [\\d,]+ req\\/s - `, 'm'));
  assert.match(res.stdout, new RegExp(`^\\[${step()}\\] json-json gin-sonic round 1\\/1: [\\d,]+ req\\/s \\(p99 `, 'm'));
  assert.match(res.stdout, new RegExp(`^\\[${step()}\\] fixed-rate json 25 % \\([\\d,]+ req\\/s\\) drogon-yyjson round 1\\/1: (achieved [\\d,]+ of [\\d,]+ req\\/s|FAILED)`, 'm'));
  // ab measures whole milliseconds: its p99 is printed as such, never as "0 µs"
  assert.match(res.stdout, new RegExp(`^\\[${step()}\\] sweep c100 drogon run 1\\/1: [\\d,]+ req\\/s \\(p99 (< 1|[\\d,]+) ms\\)`, 'm'));
  assert.match(res.stdout, new RegExp(`^\\[${step()}\\] c100-close-ab block 1\\/2 drogon round 1\\/2: [\\d,]+ req\\/s \\(p99 (< 1|[\\d,]+) ms\\)`, 'm'));
  assert.doesNotMatch(res.stdout, /p99 0 µs/);
  const blockOne = 1 + 3 * 3 + jsonCount; // conformance, block 1 of the three hello-world scenarios, json-json's only round
  assert.match(res.stdout, new RegExp(`^\\[${blockOne + 3}\\/${steps}\\] instructions keepalive nginx-return repeat 1\\/1: [\\d,]+ instructions per request - `, 'm'));
  assert.match(res.stdout, new RegExp(`^\\[${blockOne + 4}\\/${steps}\\] c100-keepalive block 2\\/2 [a-z-]+ round 2\\/2: `, 'm'), 'block 2 after the instruction counts');
  assert.match(res.stdout, new RegExp(`^\\[${steps}\\/${steps}\\] syscalls keepalive nginx-return repeat 1\\/1: [\\d.]+ system calls per request - done$`, 'm'));
  assert.match(res.stdout, /benchmark expectation .*\n(  .*\n)*  pooled: not pooled \(only a complete default-profile run is pooled with the history\)/);
  assert.match(res.stdout, /^  c100-keepalive: 2 paired rounds in 2 blocks < 10: NOT met$/m);
  assert.match(res.stdout, /^  system calls keepalive drogon: [\d.]+ per request, total 1 repeat: no spread to judge$/m);
  assert.match(res.stdout, /all servers stopped, ports free/);

  const results = JSON.parse(readFileSync(out, 'utf8'));
  validateResults(results);
  assert.equal(results.schemaVersion, 4);
  // The machine and class (issue 33): named, and the class the environment defines.
  assert.match(results.environment.machine.id, /^sha256:[0-9a-f]{16}$/);
  assert.equal(results.environment.hardwareClass, hardwareClassOf(results.environment).id);
  assert.equal(results.environment.drogonBuild.cmakeFlags, state.drogonCmakeFlags ?? '(not recorded by the setup)');
  assert.equal(results.method.rounds.blocks, 2);
  assert.equal(results.profile, 'quick');
  assert.deepEqual(results.method.parts, ['scenarios', 'json', 'fixedRate', 'sweep', 'instructions', 'syscalls']);
  assert.equal(results.method.rounds.seed, 20261123);
  assert.deepEqual(results.serverExits, [], 'no server exited');
  assert.equal(results.method.bootstrap.seed, 20261123);
  assert.deepEqual(results.scenarios.map((s) => s.id), ['c100-keepalive', 'c100-close-ab', 'pipelined-c256', 'json-json']);
  assert.equal(results.environment.versions.drogon, state.drogonVersion);
  assert.match(results.environment.versions.drogon, /^1\.9\.\d+/);
  const drogon = results.servers.find((s) => s.id === 'drogon');
  assert.match(drogon.serverHeader, /^drogon\/1\.9\.\d+$/);
  assert.ok([...seenHeaders].some((h) => /^drogon\/1\.9\.\d+$/.test(h)), `headers seen on the Drogon port during the run: ${[...seenHeaders]}`);
  // The recorded round orders are the ones the seed gives, and each run sits where its round put it.
  for (const scenario of results.scenarios.filter((s) => s.kind !== 'json')) {
    assert.deepEqual(scenario.rounds, roundOrders(20261123, scenario.id, ['drogon', 'nginx-module', 'nginx-return'], scenario.repetitions, 2));
    assert.equal(scenario.blocks, 2, scenario.id);
    // every block started its servers afresh: a server log of its own per block and server
    for (const block of [1, 2]) {
      for (const server of ['drogon', 'nginx-module', 'nginx-return']) {
        assert.ok(existsSync(join(dir, 'logs', `${scenario.id}.block${block}.${server}.server1.log`)), `${scenario.id} block ${block} ${server}: own start`);
      }
    }
    assert.deepEqual(scenario.results.map((r) => r.server), ['drogon', 'nginx-module', 'nginx-return']);
    for (const result of scenario.results) {
      const where = `${scenario.id} ${result.server}`;
      assert.ok(result.runs.every((r) => r.status === 'ok'), `${where}: ${JSON.stringify(result.runs.filter((r) => r.status !== 'ok'))}`);
      assert.ok(result.summary.requestsPerSecond.median > 0, where);
      assert.ok(result.summary.requestsPerServerCpuSecond.median > 0, where);
      assert.ok(result.summary.serverPeakRssBytes > 0, where);
      // where the server's CPU time went: user space and kernel, both from /proc, adding up
      assert.ok(result.summary.serverKernelShare > 0 && result.summary.serverKernelShare < 1, where);
      assert.ok(Math.abs(result.summary.serverUserMicrosPerRequest + result.summary.serverKernelMicrosPerRequest - result.summary.serverCpuMicrosPerRequest)
        < 0.05 * result.summary.serverCpuMicrosPerRequest, where);
      assert.ok(['server', 'client', 'both', 'neither'].includes(result.bottleneck.side), where);
      for (const run of result.runs) {
        assert.equal(scenario.rounds[run.round - 1].order[run.positionInRound - 1], result.server, `${where} round ${run.round}`);
        assert.equal(run.block, scenario.rounds[run.round - 1].block, `${where} round ${run.round}: its block`);
        assert.match(run.command, new RegExp(`^ulimit -n \\d+ && taskset -c \\d+ ${scenario.tool} .*http://127\\.0\\.0\\.1:${ports[result.server]}/benchmark`), where);
        assert.ok(existsSync(join(dir, 'logs', `${scenario.id}.${result.server}.round${run.round}.out`)), `${where}: raw log`);
      }
    }
    // Drogon against each other server, for req/s and per server CPU-second, from the 2 paired rounds
    assert.deepEqual(scenario.comparisons.map((c) => `${c.metric}/${c.other}/${c.pairs}`), [
      'requestsPerSecond/nginx-module/2', 'requestsPerSecond/nginx-return/2',
      'requestsPerServerCpuSecond/nginx-module/2', 'requestsPerServerCpuSecond/nginx-return/2',
    ]);
    for (const c of scenario.comparisons) {
      assert.ok(c.ciLow <= c.ratio && c.ratio <= c.ciHigh, JSON.stringify(c));
      assert.equal(c.blocks, 2, 'one pair in each block');
      assert.ok(Math.abs(c.logRatio - Math.log(c.ratio)) < 1e-12 && c.logStandardError >= 0, JSON.stringify(c));
    }
  }
  // Pipelined: wrk with pipeline.lua and the depth, one count per response (the runner checks the bytes),
  // latency not reported and the note saying why.
  const pipelined = results.scenarios.find((s) => s.id === 'pipelined-c256');
  assert.equal(pipelined.pipelineDepth, 16);
  assert.match(pipelined.commandLine, /-s bench\/wrk\/pipeline\.lua \{url\} -- 16$/);
  for (const result of pipelined.results) {
    assert.equal(result.summary.latencyUs, null);
    assert.ok(result.notes.some((n) => n.code === 'pipelined-latency'));
  }
  // Pinned apart: Drogon ran on the server CPUs, wrk on the client CPUs, as recorded in method.
  if (results.method.serverCpus !== '') {
    assert.deepEqual([...seenCpus.server].filter(Boolean), [results.method.serverCpus], 'Drogon CPU affinity');
    assert.deepEqual([...seenCpus.client].filter(Boolean), [results.method.clientCpus], 'wrk CPU affinity');
  }
  assert.equal(results.scenarios.find((s) => s.id === 'c100-close-ab').latencyResolutionUs, 1000);
  assert.equal(results.scenarios.find((s) => s.id === 'c100-keepalive').latencyResolutionUs, 1);
  const abDrogon = results.scenarios.find((s) => s.id === 'c100-close-ab').results.find((r) => r.server === 'drogon');
  assert.equal(abDrogon.summary.errors.read, 0, 'ab opens a new connection per request without the read errors');
  // The sweep: ab -k at both levels for every server.
  assert.deepEqual(results.sweep.levels, [1, 100]);
  assert.match(results.sweep.commandLine, /^ab -c \{concurrency\} .* -k \{url\}$/);
  for (const r of results.sweep.results) {
    assert.deepEqual(r.points.map((p) => [p.concurrency, p.okRuns]), [[1, 1], [100, 1]], r.server);
    for (const p of r.points) assert.ok(p.best > 0 && p.best === p.median, `${r.server} c${p.concurrency}`);
  }
  // Instruction counts under valgrind: user space, N / 2N, every server counted.
  assert.equal(results.instructions.userSpaceOnly, true);
  assert.match(results.instructions.valgrindVersion, /^\d+\.\d+/);
  const keepalive = results.instructions.cases.find((c) => c.id === 'keepalive');
  for (const r of keepalive.results) {
    assert.ok(r.perRequest > 1000 && r.perRequest < 100000, `${r.server}: ${r.perRequest} instructions per request (${r.failureReason || ''})\n${res.stdout.split('\n').filter((l) => l.includes('instructions')).join('\n')}`);
    assert.equal(r.repeats[0].perRequest, (r.repeats[0].ir2N - r.repeats[0].irN) / keepalive.requests);
  }
  assert.deepEqual(keepalive.comparisons.map((c) => c.other), ['nginx-module', 'nginx-return']);
  assert.ok(existsSync(join(dir, 'logs', `instructions.keepalive.drogon.repeat1.n${keepalive.requests}.cachegrind.out`)));
  assert.match(keepalive.loadCommand, /^taskset -c \d+ node bench\/src\/lockstep-client\.js --requests \{requests\} --batch 1 --pace \d+ --gap \d+ \{url\}$|^node bench\/src\/lockstep-client\.js/);

  // System calls per request under strace, attached to the real servers: a keep-alive request on one
  // connection is one readable event, one read and one write, whatever the server (a timer may add a
  // few calls per second: a few hundredths per request at this N).
  const [traced] = results.syscalls.cases;
  assert.equal(traced.id, 'keepalive');
  assert.match(results.syscalls.straceVersion, /^\d+\.\d+/);
  assert.deepEqual(traced.results.map((r) => r.server), ['drogon', 'nginx-module', 'nginx-return']);
  for (const r of traced.results) {
    assert.equal(r.repeats.length, 1, `${r.server}: ${r.failureReason}`);
    for (const kind of ['read', 'write', 'epoll']) assert.ok(Math.abs(r.byCategory[kind] - 1) < 0.1, `${r.server} ${kind}: ${r.byCategory[kind]}`);
    assert.ok(r.byCategory.accept === 0 && r.byCategory.close === 0, `${r.server}: no connection opened or closed per request`);
    assert.ok(existsSync(join(dir, 'logs', `syscalls.keepalive.${r.server}.repeat1.n${traced.requests}.strace`)), r.server);
  }
  // Drogon reads with readv and writes with write, nginx with recvfrom and writev
  const names = (id) => Object.entries(traced.results.find((r) => r.server === id).perRequest).filter(([, v]) => v >= 0.9).map(([n]) => n).sort();
  assert.deepEqual(names('drogon'), ['epoll_wait', 'readv', 'write']);
  assert.deepEqual(names('nginx-module'), ['epoll_wait', 'recvfrom', 'writev']);

  // The JSON application: conformance before load, one JSON scenario on every JSON server (wrk in the
  // published shape), glaze named as not built, one fixed-rate level on /json with oha.
  const jsonIds = ['drogon-jsoncpp', 'drogon-simdjson', 'drogon-yyjson', 'gin-encoding-json', 'gin-sonic', 'gin-simdjson-go'];
  assert.equal(results.conformance.ok, true);
  assert.deepEqual(results.conformance.servers, jsonIds);
  assert.ok(results.conformance.requests >= 30);
  assert.deepEqual(results.notBuilt.map((n) => n.id), ['drogon-glaze']);
  assert.match(results.notBuilt[0].reason, /C\+\+23/);
  for (const id of jsonIds) {
    const server = results.servers.find((s) => s.id === id);
    assert.equal(server.framework, id.startsWith('gin') ? 'gin' : 'drogon', id);
    assert.match(server.version, id.startsWith('gin') ? /^v1\.\d+/ : /^1\.9\.\d+/, id);
    assert.ok(server.jsonLibraryVersion, id);
    if (id.startsWith('gin')) assert.match(server.goVersion, /^go1\.\d+/);
  }
  assert.equal(results.servers.find((s) => s.id === 'gin-encoding-json').jsonLibrary, 'encoding/json');
  const json = results.scenarios.find((s) => s.id === 'json-json');
  assert.deepEqual([json.kind, json.endpoint, json.method, json.path, json.reference], ['json', '/json', 'GET', '/json', 'drogon-jsoncpp']);
  const shape = results.method.json.shape.here;
  assert.equal(json.clientThreads, shape.clientThreads);
  assert.equal(json.connections, shape.clientThreads * shape.connectionsPerClientThread);
  assert.match(json.commandLine, new RegExp(`^wrk -t${json.clientThreads} -c${json.connections} -d1s -s bench/wrk/report\\.lua \\{url\\}$`));
  assert.deepEqual(json.results.map((r) => r.server), jsonIds);
  for (const r of json.results) {
    assert.equal(r.runs[0].status, 'ok', `${r.server}: ${r.runs[0].failureReason}`);
    assert.match(r.runs[0].command, /http:\/\/127\.0\.0\.1:1809\d\/json$/);
    assert.ok(r.summary.latencyUs.p75 > 0 && r.summary.latencyUs.p999 >= r.summary.latencyUs.p99, r.server);
  }
  assert.ok(json.comparisons.every((c) => c.reference === 'drogon-jsoncpp' && c.pairs === 1 && c.reason === 'too few paired rounds'));
  const fixed = results.fixedRate;
  assert.deepEqual([fixed.tool, fixed.openLoop, fixed.latencyCorrection, fixed.fractions], ['oha', true, true, [0.25]]);
  const [group] = fixed.groups;
  assert.equal(group.basis.scenario, 'json-json');
  assert.equal(group.basis.maximum, Math.min(...json.results.map((r) => r.summary.requestsPerSecond.median)));
  assert.deepEqual(group.levels[0].results.map((r) => r.server), jsonIds);
  for (const r of group.levels[0].results) {
    const [run] = r.runs;
    assert.equal(run.status, 'ok', `${r.server}: ${run.failureReason}`);
    assert.ok(run.achievedRate > 0 && run.responses > 0, r.server);
    assert.equal(r.summary.latencyUs === null, !run.held, `${r.server}: latency only from a held run`);
  }
  await assertNothingLeft({ ...ports, ...Object.fromEntries(jsonIds.map((id, i) => [id, 18090 + i])) });
});

test('Drogon killed mid-round (SIGKILL to its process group): that run fails with the reason, Drogon restarts for the next round, the others go on', async (t) => {
  const { state } = requireBenchSetup();
  const dir = tempDir(t);
  const { path, ports } = scenariosWithPortShift(dir, PORT_SHIFT);
  const out = join(dir, 'results', 'killed.json');
  let killedPgid = null;
  let firstRoundDone = false;
  const { done } = runBench(['--profile', 'quick', '--seed', '7', '--scenarios-file', path, '--scenarios', 'c100-keepalive',
    '--repetitions', '3', '--blocks', '1', '--duration', '2', '--output', out, '--logs-dir', join(dir, 'logs')], {
    onLine: (line) => { if (line.startsWith('[3/9]')) firstRoundDone = true; },
  });
  // Once round 1 is done, wait for Drogon's turn in round 2 (wrk on its port), then kill its whole group.
  const killer = (async () => {
    const deadline = Date.now() + 40000;
    while (Date.now() < deadline && killedPgid === null) {
      if (firstRoundDone) {
        const procs = benchProcesses();
        const wrkRunning = procs.some(([, cmdline]) => cmdline.startsWith('wrk ') && cmdline.includes(`:${ports.drogon}/`));
        const server = procs.find(([, cmdline]) => cmdline.startsWith(`${state.drogonServerBinary} `) && cmdline.includes(`--port ${ports.drogon}`))?.[0];
        if (wrkRunning && server) {
          await sleep(500);
          killedPgid = readStat(server).pgrp;
          process.kill(-killedPgid, 'SIGKILL');
        }
      }
      await sleep(50);
    }
  })();
  const res = await done;
  await killer;
  assert.ok(killedPgid, 'the test found and killed the Drogon server during round 2');
  assert.equal(res.code, 0, `runner exit code\n${res.stdout}\n${res.stderr}`);
  const results = JSON.parse(readFileSync(out, 'utf8'));
  validateResults(results);
  const scenario = results.scenarios[0];
  const byServer = Object.fromEntries(scenario.results.map((r) => [r.server, r]));
  assert.deepEqual(byServer.drogon.runs.map((r) => [r.round, r.status]), [[1, 'ok'], [2, 'failed'], [3, 'ok']]);
  assert.match(byServer.drogon.runs[1].failureReason, /server "drogon" killed by SIGKILL during the run/);
  assert.equal(byServer.drogon.summary.failedRuns, 1);
  assert.ok(byServer.drogon.notes.some((n) => n.code === 'failed-runs'));
  for (const id of ['nginx-module', 'nginx-return']) {
    assert.deepEqual(byServer[id].runs.map((r) => r.status), ['ok', 'ok', 'ok'], `${id} went on`);
  }
  // restarted for round 3: a second server log, and Drogon's comparisons rest on the 2 rounds it has
  assert.ok(existsSync(join(dir, 'logs', 'c100-keepalive.drogon.server2.log')), 'Drogon was started a second time');
  assert.ok(scenario.comparisons.every((c) => c.pairs === 2), JSON.stringify(scenario.comparisons));
  assert.match(res.stdout, /1 of 9 runs FAILED/);
  assert.match(res.stdout, /^\[\d\/9\] c100-keepalive drogon round 2\/3: FAILED: server "drogon" killed by SIGKILL during the run/m);
  // ... and the exit itself is recorded, found before round 3, with its log
  assert.equal(results.serverExits.length, 1, JSON.stringify(results.serverExits));
  assert.deepEqual(pick(results.serverExits[0], ['server', 'part', 'block', 'round', 'signal', 'restarted']),
    { server: 'drogon', part: 'scenarios', block: 'c100-keepalive', round: 3, signal: 'SIGKILL', restarted: true });
  assert.deepEqual(readdirSync(join(dir, 'results')), ['killed.json'], 'no temp file left beside the results');
  await assertNothingLeft(ports);
});

test('Drogon killed between two rounds: every run is ok, and the exit is recorded (server, scenario, round, when, signal, log); compare lists it', async (t) => {
  const { state } = requireBenchSetup();
  const dir = tempDir(t);
  const { path, ports } = scenariosWithPortShift(dir, PORT_SHIFT);
  const out = join(dir, 'results', 'between.json');
  const servers = ['drogon', 'nginx-return'];
  // A seed whose rounds leave Drogon idle between its two runs (not last in round 1, not first in round 2).
  let seed = 1;
  for (;;) {
    const [one, two] = roundOrders(seed, 'c100-keepalive', servers, 2).map((r) => r.order);
    if (one[0] === 'drogon' && two[1] === 'drogon') break;
    seed += 1;
  }
  let killed = null;
  const { done } = runBench(['--profile', 'quick', '--seed', String(seed), '--scenarios-file', path, '--scenarios', 'c100-keepalive', '--servers', servers.join(','),
    '--repetitions', '2', '--blocks', '1', '--duration', '1', '--output', out, '--logs-dir', join(dir, 'logs')], {
    onLine: (line) => {
      if (killed || !/ c100-keepalive drogon round 1\/2: [\d,]+ req\/s/.test(line)) return;
      const server = benchProcesses().find(([, cmdline]) => cmdline.startsWith(`${state.drogonServerBinary} `) && cmdline.includes(`--port ${ports.drogon}`));
      killed = { at: Date.now(), pgid: readStat(server[0]).pgrp };
      process.kill(-killed.pgid, 'SIGKILL');
    },
  });
  const res = await done;
  assert.ok(killed, 'the test killed Drogon after its run of round 1');
  assert.equal(res.code, 0, `${res.stdout}\n${res.stderr}`);
  const results = JSON.parse(readFileSync(out, 'utf8'));
  validateResults(results);
  const drogon = results.scenarios[0].results.find((r) => r.server === 'drogon');
  assert.deepEqual(drogon.runs.map((r) => r.status), ['ok', 'ok'], 'no run failed: the exit happened between them');
  assert.equal(results.serverExits.length, 1, JSON.stringify(results.serverExits));
  const [exit] = results.serverExits;
  assert.deepEqual(pick(exit, ['server', 'part', 'block', 'round', 'signal', 'restarted']),
    { server: 'drogon', part: 'scenarios', block: 'c100-keepalive', round: 2, signal: 'SIGKILL', restarted: true });
  assert.ok(Math.abs(Date.parse(exit.exitedAt) - killed.at) < 2000, `exitedAt ${exit.exitedAt}`);
  assert.ok(existsSync(join(dir, 'logs', 'c100-keepalive.drogon.server1.log')) && exit.log.endsWith('c100-keepalive.drogon.server1.log'), exit.log);
  assert.match(res.stdout, /^  server drogon killed by SIGKILL \(scenarios c100-keepalive, before round 2\); started again; log .*c100-keepalive\.drogon\.server1\.log$/m);
  assert.match(res.stdout, /1 server exit\(s\) recorded/);
  // compare lists it (against the same run without the exit) and flags it
  const before = structuredClone(results);
  before.serverExits = [];
  const report = compareResults(before, results);
  assert.ok(report.regressions.some((x) => x.kind === 'serverExit' && x.server === 'drogon' && x.block === 'c100-keepalive'));
  assert.match(toText(report), /server exit: drogon in scenarios c100-keepalive before round 2: killed by SIGKILL at /);
  await assertNothingLeft(ports);
});

test('a load generator that overruns its time is killed with its group; every run failed -> exit 4, nothing written', async (t) => {
  requireBenchSetup();
  const dir = tempDir(t);
  const { path, ports } = scenariosWithPortShift(dir, PORT_SHIFT);
  const data = JSON.parse(readFileSync(path, 'utf8'));
  data.timeouts.loadGraceSeconds = 1;
  // drogon's slot runs the stalling server: 3 answers (readiness check, close probe, response-size probe), then silence
  Object.assign(data.servers.find((s) => s.id === 'drogon'), {
    command: [process.execPath, join(__dirname, 'support', 'stalling-server.js'), '{port}', '3', data.responseBody],
  });
  writeFileSync(path, JSON.stringify(data));
  const out = join(dir, 'results', 'stalled.json');
  const res = await runBench(['--profile', 'quick', '--scenarios-file', path, '--servers', 'drogon', '--scenarios', 'c100-close-ab',
    '--repetitions', '1', '--warmup', '0', '--output', out, '--logs-dir', join(dir, 'logs')]).done;
  assert.equal(res.code, 4, `${res.stdout}\n${res.stderr}`);
  assert.match(res.stdout, /round 1\/1: FAILED: ab did not finish within 2 s and was killed/);
  assert.match(res.stdout, /no run succeeded; nothing written/);
  assert.ok(res.seconds < 15, `took ${res.seconds} s`);
  assert.equal(existsSync(out), false);
  await assertNothingLeft(ports);
});

test('a quick run without --output never touches bench/results/latest.json: its results go to its logs folder', async (t) => {
  requireBenchSetup();
  const dir = tempDir(t);
  const { path, ports } = scenariosWithPortShift(dir, PORT_SHIFT);
  const latest = join(__dirname, '..', 'results', 'latest.json');
  const before = readFileSync(latest);
  const logs = join(dir, 'logs');
  const res = await runBench(['--profile', 'quick', '--scenarios-file', path, '--servers', 'nginx-return', '--scenarios', 'c100-keepalive',
    '--repetitions', '1', '--logs-dir', logs]).done;
  assert.equal(res.code, 0, `${res.stdout}\n${res.stderr}`);
  assert.match(res.stdout, /results to .*results-quick\.json/);
  const results = JSON.parse(readFileSync(join(logs, 'results-quick.json'), 'utf8'));
  validateResults(results);
  assert.equal(results.method.complete, false);
  assert.deepEqual(results.method.parts, ['scenarios']);
  assert.ok(readFileSync(latest).equals(before), 'bench/results/latest.json is unchanged');
  await assertNothingLeft(ports);
});

test('instruction and system-call counts of the new-connection and pipelined cases against the real Drogon', async (t) => {
  requireBenchSetup();
  const dir = tempDir(t);
  const { path, ports } = scenariosWithPortShift(dir, PORT_SHIFT);
  const data = JSON.parse(readFileSync(path, 'utf8'));
  data.profiles.quick.instructions = { requests: 400, repeats: 2, cases: ['close', 'pipelined'] };
  data.profiles.quick.syscalls = { requests: 160, repeats: 2, cases: ['close', 'pipelined'] };
  writeFileSync(path, JSON.stringify(data));
  const out = join(dir, 'results', 'instructions.json');
  const res = await runBench(['--profile', 'quick', '--scenarios-file', path, '--servers', 'drogon', '--parts', 'instructions,syscalls',
    '--output', out, '--logs-dir', join(dir, 'logs')]).done;
  assert.equal(res.code, 0, `${res.stdout}\n${res.stderr}`);
  const results = JSON.parse(readFileSync(out, 'utf8'));
  validateResults(results);
  assert.deepEqual(results.scenarios, []);
  assert.equal(results.sweep, undefined);
  const cases = Object.fromEntries(results.instructions.cases.map((c) => [c.id, c]));
  assert.match(cases.close.loadCommand, /node bench\/src\/lockstep-client\.js --requests \{requests\} --new-connection --pace \d+ --gap \d+ \{url\}$/);
  assert.match(cases.pipelined.loadCommand, /node bench\/src\/lockstep-client\.js --requests \{requests\} --batch 16 --pace \d+ --gap \d+ \{url\}$/);
  for (const c of Object.values(cases)) {
    const [drogon] = c.results;
    assert.equal(drogon.repeats.length, 2, `${c.id}: ${JSON.stringify(drogon)}`);
    assert.ok(drogon.perRequest > 1000, `${c.id}: ${drogon.perRequest}`);
    assert.ok(drogon.spread >= 0);
  }
  // a new connection per request costs the server more user-space work than a pipelined request
  assert.ok(cases.close.results[0].perRequest > cases.pipelined.results[0].perRequest);
  assert.match(res.stdout, /instructions close drogon: \d+ per request, spread [\d.]+ % (<=|>) 1 %/);
  // System calls: pipelined, one read and one write per batch of 16; a new connection per request, one
  // accept and one close per connection, and more calls than a pipelined request in all.
  const traced = Object.fromEntries(results.syscalls.cases.map((c) => [c.id, c.results[0]]));
  for (const [id, r] of Object.entries(traced)) assert.equal(r.repeats.length, 2, `${id}: ${r.failureReason}`);
  assert.ok(Math.abs(traced.pipelined.byCategory.write - 1 / 16) < 0.01, `pipelined writes per request: ${traced.pipelined.byCategory.write}`);
  assert.ok(Math.abs(traced.pipelined.byCategory.read - 1 / 16) < 0.01, `pipelined reads per request: ${traced.pipelined.byCategory.read}`);
  assert.ok(Math.abs(traced.close.perRequest.accept4 - 1) < 0.01 && Math.abs(traced.close.perRequest.close - 1) < 0.01, JSON.stringify(traced.close.perRequest));
  assert.ok(traced.close.total > 5 * traced.pipelined.total);
  assert.match(res.stdout, /system calls close drogon: [\d.]+ per request, total spread [\d.]+ % (<=|>) 1 %: (met|NOT met)/);
  await assertNothingLeft(ports);
});

test('SIGTERM during a run: servers stopped, nothing written, exit 143', async (t) => {
  requireBenchSetup();
  const dir = tempDir(t);
  const { path, ports } = scenariosWithPortShift(dir, PORT_SHIFT);
  const out = join(dir, 'results', 'interrupted.json');
  const { done } = runBench(['--profile', 'quick', '--scenarios-file', path, '--servers', 'nginx-module', '--output', out, '--logs-dir', join(dir, 'logs')], {
    onLine: (line, child) => { if (line.startsWith('[1/')) setTimeout(() => child.kill('SIGTERM'), 300); },
  });
  const res = await done;
  assert.equal(res.code, 143, `${res.stdout}\n${res.stderr}`);
  assert.match(res.stderr, /SIGTERM: servers and load generators stopped; nothing written/);
  assert.equal(existsSync(join(dir, 'results')), false);
  await assertNothingLeft(ports);
});
