'use strict';
// The runner end to end, for real: the quick profile against the real Drogon and nginx servers,
// a Drogon server killed mid-run, an interrupted run, a busy port and a missing setup.
// Needs `npm run bench:setup`; without it these tests FAIL naming that command (they never skip).
const test = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const net = require('node:net');
const { mkdtempSync, rmSync, readFileSync, writeFileSync, readdirSync, existsSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');
const { requireBenchSetup } = require('./support/bench-setup');
const { scenariosWithPortShift, runBench, leftoverProcesses } = require('./support/bench-run');
const { validateResults } = require('../src/write-results');
const { readStat } = require('../src/proc-stats');
const { isPortFree } = require('../src/ports');

const PORT_SHIFT = 1000;
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

test('quick profile against the real servers: valid results, Drogon answers as drogon/1.9.x, nothing left behind', async (t) => {
  const { state } = requireBenchSetup();
  const dir = tempDir(t);
  const { path, ports } = scenariosWithPortShift(dir, PORT_SHIFT);
  const out = join(dir, 'results', 'quick.json');
  const seenHeaders = new Set();
  const seenCpus = { server: new Set(), client: new Set() }; // Cpus_allowed_list of Drogon and of wrk, seen during the run
  const { done } = runBench(['--profile', 'quick', '--scenarios-file', path, '--output', out, '--logs-dir', join(dir, 'logs')]);
  let finished = false;
  const poller = (async () => {
    while (!finished) {
      const header = await serverHeaderOf(ports.drogon);
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
  assert.ok(res.seconds < 60, `quick profile took ${res.seconds} s, budget 60 s`);
  assert.match(res.stdout, /^\[1\/18\] c100-keepalive drogon rep 1\/2: [\d,]+ req\/s \(p99 [\d.,]+ (µs|ms)\) - about \d+ (s|min) left$/m);
  assert.match(res.stdout, /^\[18\/18\] c100-close-ab nginx-return rep 2\/2: .* - done$/m);
  assert.match(res.stdout, /all servers stopped, ports free/);

  const results = JSON.parse(readFileSync(out, 'utf8'));
  validateResults(results);
  assert.equal(results.profile, 'quick');
  assert.deepEqual(results.scenarios.map((s) => s.id), ['c100-keepalive', 'c100-close', 'c100-close-ab']);
  assert.equal(results.environment.versions.drogon, state.drogonVersion);
  assert.match(results.environment.versions.drogon, /^1\.9\.\d+/);
  const drogon = results.servers.find((s) => s.id === 'drogon');
  assert.match(drogon.serverHeader, /^drogon\/1\.9\.\d+$/);
  assert.ok([...seenHeaders].some((h) => /^drogon\/1\.9\.\d+$/.test(h)), `headers seen on the Drogon port during the run: ${[...seenHeaders]}`);
  for (const scenario of results.scenarios) {
    assert.deepEqual(scenario.results.map((r) => r.server), ['drogon', 'nginx-module', 'nginx-return']);
    for (const result of scenario.results) {
      const where = `${scenario.id} ${result.server}`;
      assert.ok(result.runs.every((r) => r.status === 'ok'), `${where}: ${JSON.stringify(result.runs.filter((r) => r.status !== 'ok'))}`);
      assert.ok(result.summary.requestsPerSecond.median > 0, where);
      assert.ok(result.summary.requestsPerServerCpuSecond.median > 0, where);
      assert.ok(result.summary.serverPeakRssBytes > 0, where);
      assert.ok(['server', 'client', 'both', 'neither'].includes(result.bottleneck.side), where);
      for (const run of result.runs) {
        assert.match(run.command, new RegExp(`^ulimit -n \\d+ && taskset -c \\d+ ${scenario.tool} .*http://127\\.0\\.0\\.1:${ports[result.server]}/benchmark$`), where);
        assert.ok(existsSync(join(dir, 'logs', `${scenario.id}.${result.server}.rep${run.repetition}.out`)), `${where}: raw log`);
      }
    }
  }
  // Pinned apart: Drogon ran on the server CPUs, wrk on the client CPUs, as recorded in method.
  if (results.method.serverCpus !== '') {
    assert.deepEqual([...seenCpus.server].filter(Boolean), [results.method.serverCpus], 'Drogon CPU affinity');
    assert.deepEqual([...seenCpus.client].filter(Boolean), [results.method.clientCpus], 'wrk CPU affinity');
  }
  // The quirk is named where it happens: Drogon + wrk + Connection: close counts read errors.
  const drogonClose = results.scenarios.find((s) => s.id === 'c100-close').results.find((r) => r.server === 'drogon');
  if (drogonClose.summary.errors.read > 0) {
    const note = drogonClose.notes.find((n) => n.code === 'wrk-read-errors-on-close');
    assert.ok(note, 'Drogon c100-close names the wrk read-error quirk');
    assert.match(note.text, /cross-check of this scenario: c100-close-ab/);
  }
  const abDrogon = results.scenarios.find((s) => s.id === 'c100-close-ab').results.find((r) => r.server === 'drogon');
  assert.equal(abDrogon.summary.errors.read, 0, 'ab opens a new connection per request without the read errors');
  await assertNothingLeft(ports);
});

test('Drogon killed mid-run (SIGKILL to its process group): that run is failed with the reason, the rest goes on', async (t) => {
  const { state } = requireBenchSetup();
  const dir = tempDir(t);
  const { path, ports } = scenariosWithPortShift(dir, PORT_SHIFT);
  const out = join(dir, 'results', 'killed.json');
  let killedPgid = null;
  let firstRunDone = false;
  const { done } = runBench(['--profile', 'quick', '--scenarios-file', path, '--servers', 'drogon', '--scenarios', 'c100-keepalive',
    '--repetitions', '3', '--duration', '3', '--output', out, '--logs-dir', join(dir, 'logs')], {
    onLine: (line) => { if (line.startsWith('[1/3]')) firstRunDone = true; },
  });
  // Once run 1 is done, wait for run 2's wrk to be under way, then kill the whole Drogon group.
  const killer = (async () => {
    const deadline = Date.now() + 30000;
    while (Date.now() < deadline && killedPgid === null) {
      if (firstRunDone) {
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
  assert.ok(killedPgid, 'the test found and killed the Drogon server during run 2');
  assert.equal(res.code, 0, `runner exit code\n${res.stdout}\n${res.stderr}`);
  const results = JSON.parse(readFileSync(out, 'utf8'));
  validateResults(results);
  const runs = results.scenarios[0].results[0].runs;
  assert.deepEqual(runs.map((r) => r.status), ['ok', 'failed', 'ok']);
  assert.match(runs[1].failureReason, /server "drogon" killed by SIGKILL during the run/);
  assert.equal(results.scenarios[0].results[0].summary.failedRuns, 1);
  assert.ok(results.scenarios[0].results[0].notes.some((n) => n.code === 'failed-runs'));
  assert.match(res.stdout, /1 of 3 runs FAILED/);
  assert.match(res.stdout, /^\[2\/3\] c100-keepalive drogon rep 2\/3: FAILED: server "drogon" killed by SIGKILL during the run/m);
  assert.deepEqual(readdirSync(join(dir, 'results')), ['killed.json'], 'no temp file left beside the results');
  await assertNothingLeft(ports);
});

test('a load generator that overruns its time is killed with its group; every run failed -> exit 4, nothing written', async (t) => {
  requireBenchSetup();
  const dir = tempDir(t);
  const { path, ports } = scenariosWithPortShift(dir, PORT_SHIFT);
  const data = JSON.parse(readFileSync(path, 'utf8'));
  data.timeouts.loadGraceSeconds = 1;
  // drogon's slot runs the stalling server: 2 answers (readiness check + close probe), then silence
  Object.assign(data.servers.find((s) => s.id === 'drogon'), {
    command: [process.execPath, join(__dirname, 'support', 'stalling-server.js'), '{port}', '2', data.responseBody],
  });
  writeFileSync(path, JSON.stringify(data));
  const out = join(dir, 'results', 'stalled.json');
  const res = await runBench(['--profile', 'quick', '--scenarios-file', path, '--servers', 'drogon', '--scenarios', 'c100-close-ab',
    '--repetitions', '1', '--warmup', '0', '--output', out, '--logs-dir', join(dir, 'logs')]).done;
  assert.equal(res.code, 4, `${res.stdout}\n${res.stderr}`);
  assert.match(res.stdout, /rep 1\/1: FAILED: ab did not finish within 2 s and was killed/);
  assert.match(res.stdout, /no run succeeded; nothing written/);
  assert.ok(res.seconds < 15, `took ${res.seconds} s`);
  assert.equal(existsSync(out), false);
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
