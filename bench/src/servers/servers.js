'use strict';
// Starting and stopping one benchmark server: port check, generated nginx.conf, pinned start in its
// own process group with the open-files limit raised, readiness poll that checks the body, and a
// probe of how the server answers a `Connection: close` request (explains wrk's read errors).
const net = require('node:net');
const { writeFileSync, rmSync, openSync, closeSync, readFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { spawnGroup, stopGroup, sleep } = require('../../../shared/src/process-group');
const { fillTemplate, shellLine, wrapExec, pinned } = require('../helpers/command-line');
const { nginxConf } = require('./nginx-conf');
const { isPortFree } = require('./ports');
const { repoRoot, displayPath } = require('../../../shared/src/project-paths');
const { httpRequest } = require('../helpers/http-request');

class ServerStartError extends Error {}

// The readiness poll and probe compare text bodies.
async function httpGet(url, headers, timeoutMs) {
  const res = await httpRequest(url, { headers, timeoutMs });
  return { ...res, body: res.body.toString('utf8') };
}

function tail(path, lines = 8) {
  try {
    return readFileSync(path, 'utf8').trimEnd().split('\n').slice(-lines).join(' | ');
  } catch {
    return '';
  }
}

// path: a load's own path (a JSON endpoint); default the server's (also its readiness path).
function serverUrl(def, address, path = def.path) {
  return `http://${address}:${def.port}${path}`;
}

// One keep-alive GET written as wrk.format() writes it; resolves to the size in bytes of the whole
// answer (status line, headers, body). A pipelined wrk run must read about that many bytes per
// request it counts: the check that wrk counts responses, not writes.
function rawResponseBytes(address, port, path, timeoutMs = 2000) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address, port });
    let data = Buffer.alloc(0);
    const timer = setTimeout(() => socket.destroy(new Error(`no complete answer within ${timeoutMs} ms`)), timeoutMs);
    const done = (err, value) => { clearTimeout(timer); socket.destroy(); if (err) reject(err); else resolve(value); };
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${address}:${port}\r\n\r\n`));
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(data.subarray(0, end).toString('latin1'));
      if (!length) return done(new Error('the answer has no Content-Length header'));
      const total = end + 4 + Number(length[1]);
      if (data.length >= total) done(null, total);
    });
    socket.on('error', (err) => done(err));
    socket.on('close', () => done(new Error('connection closed before a complete answer')));
  });
}

// Argv (without the bash/ulimit wrapper) and, for nginx, the config file it needs.
// wrapArgv puts a program before the server's own argv (valgrind); masterProcess false makes nginx one
// process. Pinned either way.
function prepareServer(def, { state, cpu, scenariosData, openFilesLimit, scratchDir, wrapArgv = (argv) => argv, masterProcess = true }) {
  const values = {
    binary: state[def.binaryFrom],
    threads: cpu.serverThreads,
    address: scenariosData.address,
    port: def.port,
    scratchDir,
    configFile: join(scratchDir, 'nginx.conf'),
  };
  let config = null;
  if (def.kind === 'nginx') {
    config = nginxConf({
      modules: def.nginxModulesFrom.map((field) => state[field]),
      workerProcesses: cpu.serverThreads,
      openFiles: openFilesLimit,
      keepaliveRequests: scenariosData.nginx.keepaliveRequests,
      listenBacklog: scenariosData.nginx.listenBacklog,
      address: scenariosData.address,
      port: def.port,
      path: def.path,
      location: def.nginxLocation,
      scratchDir,
      masterProcess,
    });
  }
  const argv = pinned(wrapArgv(fillTemplate(def.command, values, `server "${def.id}"`)), cpu.serverCpus);
  return { argv, config, configFile: values.configFile, commandLine: `ulimit -n ${openFilesLimit} && ${shellLine(argv)}` };
}

// Resolves to a handle; throws ServerStartError with a reason a reader can act on.
async function startServer(def, ctx) {
  const { scenariosData, logDir, logName } = ctx;
  const address = scenariosData.address;
  if (!(await isPortFree(def.port, address))) {
    throw new ServerStartError(`port ${def.port} on ${address} is already in use, so server "${def.id}" cannot start there; `
      + `stop whatever listens on it (ss -ltnp 'sport = :${def.port}') or change servers[].port in bench/scenarios.json`);
  }
  // Same folder for every start of this server in this bench session, so its command line is stable.
  const scratchDir = ctx.scratchDir;
  rmSync(scratchDir, { recursive: true, force: true });
  mkdirSync(scratchDir, { recursive: true });
  const { argv, config, configFile, commandLine } = prepareServer(def, ctx);
  mkdirSync(logDir, { recursive: true });
  if (config) {
    writeFileSync(configFile, config);
    writeFileSync(join(logDir, `${logName}.nginx.conf`), config);
  }
  const logPath = join(logDir, `${logName}.log`);
  const logFd = openSync(logPath, 'a');
  const started = spawnGroup(wrapExec(argv), { label: `server ${def.id}`, cwd: repoRoot, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  const handle = {
    def, pgid: started.pgid, child: started.child, commandLine, logPath, scratchDir, exit: null, exited: started.exited,
    startSeconds: ctx.startSeconds, probeResponseBytes: ctx.probeResponseBytes !== false,
  };
  started.exited.then((info) => {
    handle.exit = info;
    handle.exitedAt = new Date();
  });
  try {
    if (!started.pgid) throw new ServerStartError(`could not spawn ${argv[0]}: ${(await started.exited).error?.message}`);
    await waitReady(handle, address, scenariosData);
  } catch (err) {
    await stopServer(handle, scenariosData);
    if (err instanceof ServerStartError) throw err;
    throw new ServerStartError(err.message);
  }
  return handle;
}

// results.serverExits entry of a server that exited while the bench still needed it: which server,
// where it was found dead (where: { part, block, round, restarted }), when it exited, how, its log.
function exitRecord(handle, { part, block, round = null, restarted = false }) {
  const { exit } = handle;
  return {
    server: handle.def.id,
    part,
    block,
    ...(round ? { round } : {}),
    exitedAt: (handle.exitedAt || new Date()).toISOString(),
    ...(exit && exit.signal ? { signal: exit.signal } : { code: exit && Number.isInteger(exit.code) ? exit.code : null }),
    log: displayPath(handle.logPath),
    restarted,
  };
}

function describeExit(exit) {
  if (!exit) return 'still running';
  if (exit.error) return `could not start: ${exit.error.message}`;
  return exit.signal ? `killed by ${exit.signal}` : `exited with code ${exit.code}`;
}

async function waitReady(handle, address, scenariosData) {
  const url = serverUrl(handle.def, address);
  const startSeconds = handle.startSeconds ?? scenariosData.timeouts.serverStartSeconds;
  const deadline = Date.now() + startSeconds * 1000;
  let lastProblem = 'no answer yet';
  // The hello-world servers answer the scenario file's responseBody; the JSON servers "pong" on /ping.
  const readyBody = handle.def.readyBody ?? scenariosData.responseBody;
  for (;;) {
    if (handle.exit) {
      throw new ServerStartError(`server "${handle.def.id}" ${describeExit(handle.exit)} while starting; log ${handle.logPath}: ${tail(handle.logPath)}`);
    }
    try {
      const res = await httpGet(url, {}, 1000);
      if (res.status === 200 && res.body === readyBody) break;
      lastProblem = `GET ${url} answered ${res.status} with body ${JSON.stringify(res.body.slice(0, 80))}, expected 200 ${JSON.stringify(readyBody)}`;
    } catch (err) {
      lastProblem = `GET ${url}: ${err.message}`;
    }
    if (Date.now() >= deadline) {
      throw new ServerStartError(`server "${handle.def.id}" not ready within ${startSeconds} s (${lastProblem}); log ${handle.logPath}: ${tail(handle.logPath)}`);
    }
    await sleep(50);
  }
  // How it answers a client that asks to close: wrk counts a close without this header as a read error.
  const probe = await httpGet(url, { Connection: 'close' }, 2000);
  handle.serverHeader = probe.headers.server || '';
  handle.connectionHeaderOnClose = probe.headers.connection === undefined ? 'no Connection header' : `Connection: ${probe.headers.connection}`;
  handle.closesWithHeader = /\bclose\b/i.test(probe.headers.connection || '');
  if (handle.probeResponseBytes) handle.responseBytes = await rawResponseBytes(address, handle.def.port, handle.def.path);
}

// signal/graceSeconds: how to ask it to exit (a server under valgrind: the signal it exits normally on).
async function stopServer(handle, scenariosData, { signal = 'SIGTERM', graceSeconds = scenariosData.timeouts.serverStopSeconds } = {}) {
  const clean = await stopGroup(handle.pgid, graceSeconds * 1000, signal);
  rmSync(handle.scratchDir, { recursive: true, force: true });
  return clean;
}

module.exports = { startServer, stopServer, serverUrl, describeExit, exitRecord, ServerStartError, httpGet, prepareServer, rawResponseBytes };
