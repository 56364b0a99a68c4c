'use strict';
// The two servers that `npm run bench:setup` builds answer for real: the Drogon benchmark server and
// nginx with the hello-world module, each on a free loopback port, stopped by process group.
// Needs $BENCH_HOME/state.json: without it this fails with a message naming the setup command.
// Covers: bench/src/servers/ports.js, shared/src/process-group.js
const test = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const net = require('node:net');
const { mkdtempSync, rmSync, writeFileSync, readFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');
const { loadBenchState } = require('../../../shared/src/bench-state');
const { spawnGroup, stopGroup, waitGroupGone, sleep } = require('../../../shared/src/process-group');
const { isPortFree, waitPortFree } = require('../../src/servers/ports');
const { nginxConf } = require('../../src/servers/nginx-conf');
const { rawResponseBytes } = require('../../src/servers/servers');
const { parseWrkOutput } = require('../../src/parse/wrk');

const HOST = '127.0.0.1';
const BODY = '<p>Hello, world!</p>';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: HOST, exclusive: true }, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function request(port, method = 'GET', path = '/benchmark') {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: HOST, port, method, path, agent: false, timeout: 1000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.once('timeout', () => req.destroy(new Error(`no answer from ${HOST}:${port} within 1 s`)));
    req.once('error', reject);
    req.end();
  });
}

// Polls until the server answers, or fails with its output when it exits or stays silent.
async function waitAnswer(port, started, output, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  started.exited.then((e) => { exited = e; });
  for (;;) {
    try {
      return await request(port);
    } catch (err) {
      if (exited) throw new Error(`server exited (${JSON.stringify(exited)}) before answering: ${output()}`);
      if (Date.now() >= deadline) throw new Error(`server did not answer on port ${port}: ${err.message}; output: ${output()}`);
      await sleep(50);
    }
  }
}

function startGroup(argv, label) {
  let output = '';
  const started = spawnGroup(argv, { label, stdio: ['ignore', 'pipe', 'pipe'] });
  started.child.stdout.on('data', (d) => { output += d; });
  started.child.stderr.on('data', (d) => { output += d; });
  return { started, output: () => output.trim().slice(-2000) };
}

// Stops the group, then checks that nothing of it is left and the port is free again.
async function stopAndCheck(started, port) {
  assert.equal(await stopGroup(started.pgid, 3000), true, `process group ${started.pgid} did not stop`);
  assert.equal(await waitGroupGone(started.pgid, 1000), true);
  assert.equal(await waitPortFree(port, 2000), true, `port ${port} still busy after stopping the server`);
}

const { state } = loadBenchState();

test('state.json records versions read from the built tools', () => {
  assert.match(state.drogonVersion, /^1\.9\.\d+$/);
  assert.match(state.trantorVersion, /^\d+\.\d+\.\d+$/);
  assert.match(state.nginxVersion, /^\d+\.\d+\.\d+$/);
  assert.match(state.wrkVersion, /^\d+\.\d+\.\d+$/);
  assert.match(state.abVersion, /^\d+\.\d+$/);
  assert.ok(!Number.isNaN(Date.parse(state.builtAt)), `builtAt is not a date: ${state.builtAt}`);
  const version = readFileSync(join(state.drogonPrefix, 'include/drogon/version.h'), 'utf8');
  assert.ok(version.includes(`#define DROGON_VERSION "${state.drogonVersion}"`), 'drogonVersion differs from the installed version.h');
  const nginxV = spawnSync(state.nginxBinary, ['-v'], { encoding: 'utf8' });
  assert.equal(nginxV.stderr.trim(), `nginx version: nginx/${state.nginxVersion}`);
});

test('the Drogon server rejects bad arguments with a usage error naming the field', () => {
  const cases = [
    [['--threads', '0', '--address', HOST, '--port', '8080'], /--threads must be an integer from 1/],
    [['--threads', '1', '--address', 'localhost', '--port', '8080'], /--address must be an IPv4 or IPv6 address/],
    [['--threads', '1', '--address', HOST, '--port', '70000'], /--port must be an integer from 1 to 65535/],
    [['--threads', '1', '--address', HOST], /--port is required/],
    [['--thread', '1'], /unknown argument '--thread'/],
  ];
  for (const [args, message] of cases) {
    const r = spawnSync(state.drogonServerBinary, args, { encoding: 'utf8', timeout: 2000 });
    assert.equal(r.status, 2, `${args.join(' ')}: exit ${r.status}, stderr ${r.stderr}`);
    assert.match(r.stderr, message);
    assert.match(r.stderr, /usage: drogon_benchmark --threads N --address ADDR --port PORT/);
  }
});

test('the Drogon benchmark server answers GET /benchmark and stops with its process group', async () => {
  const port = await freePort();
  const { started, output } = startGroup(
    [state.drogonServerBinary, '--threads', '1', '--address', HOST, '--port', String(port)], 'drogon');
  try {
    const res = await waitAnswer(port, started, output);
    assert.equal(res.status, 200);
    assert.equal(res.body, BODY);
    assert.equal(res.headers.server, `drogon/${state.drogonVersion}`);
    assert.match(res.headers.server, /^drogon\/1\.9\.\d+$/);
    assert.match(res.headers['content-type'], /^text\/html/);
    const missing = await request(port, 'GET', '/no-such-page');
    assert.equal(missing.status, 404);
  } finally {
    await stopAndCheck(started, port);
  }
});

test('nginx with the hello-world module answers GET /benchmark and stops with its process group', async () => {
  const port = await freePort();
  const scratchDir = mkdtempSync(join(tmpdir(), 'bench-nginx-test-'));
  const confPath = join(scratchDir, 'nginx.conf');
  writeFileSync(confPath, nginxConf({
    modules: [state.nginxHelloModule], workerProcesses: 1, openFiles: 1024, keepaliveRequests: 1000000,
    listenBacklog: 511, address: HOST, port, path: '/benchmark', location: ['hello_world;'], scratchDir,
  }));
  const { started, output } = startGroup([state.nginxBinary, '-p', scratchDir, '-c', confPath], 'nginx');
  try {
    const res = await waitAnswer(port, started, output);
    assert.equal(res.status, 200);
    assert.equal(res.body, BODY);
    assert.equal(res.headers['content-type'], 'text/html');
    assert.equal(res.headers['content-length'], String(BODY.length));
    assert.equal(res.headers.server, `nginx/${state.nginxVersion}`);
    const post = await request(port, 'POST');
    assert.equal(post.status, 405, 'the module answers GET and HEAD only');
  } finally {
    await stopAndCheck(started, port);
    assert.equal(await isPortFree(port), true);
    rmSync(scratchDir, { recursive: true, force: true });
  }
});

test('wrk with bench/wrk/pipeline.lua counts responses, not writes: bytes read / requests = one answer', async () => {
  const port = await freePort();
  const { started, output } = startGroup(
    [state.drogonServerBinary, '--threads', '1', '--address', HOST, '--port', String(port)], 'drogon');
  try {
    await waitAnswer(port, started, output);
    const answer = await rawResponseBytes(HOST, port, '/benchmark');
    assert.ok(answer > BODY.length && answer < 400, `one answer is ${answer} bytes`);
    const repoRoot = join(__dirname, '..', '..', '..');
    const wrk = spawnSync('wrk', ['-t1', '-c16', '-d1s', '-s', 'bench/wrk/pipeline.lua', `http://${HOST}:${port}/benchmark`, '--', '16'],
      { cwd: repoRoot, encoding: 'utf8', timeout: 20000 });
    assert.equal(wrk.status, 0, wrk.stderr);
    const run = parseWrkOutput(wrk.stdout); // the one JSON line comes from report.lua, loaded by pipeline.lua
    assert.ok(run.requests > 16 * 16, `${run.requests} requests`);
    // 16 requests per write: a count of writes would read about 16 answers per counted request
    const perRequest = run.bytes / run.requests;
    assert.ok(Math.abs(perRequest - answer) / answer < 0.02, `${perRequest} bytes per counted request, one answer is ${answer}`);
    const bad = spawnSync('wrk', ['-t1', '-c1', '-d1s', '-s', 'bench/wrk/pipeline.lua', `http://${HOST}:${port}/benchmark`, '--', 'x'],
      { cwd: repoRoot, encoding: 'utf8', timeout: 20000 });
    assert.match(bad.stdout + bad.stderr, /pipeline depth .* must be a whole number >= 1, got x/);
  } finally {
    await stopAndCheck(started, port);
  }
});
