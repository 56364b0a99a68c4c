// Programs of the guide under test: each runs in its own process group on 127.0.0.1, is bounded in
// time, and is stopped by its group (t.after / finally), also when a test fails. Ports come from the
// guide's range, 18200-18299.
'use strict';
const net = require('node:net');
const { spawnGroup, stopGroup, signalGroup } = require('../../../shared/src/process-group');

const PORT_FIRST = 18200;
const PORT_LAST = 18299;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

// Ports handed out by this process, so two programs of one test never get the same one.
const handedOut = new Set();

/** A free loopback port of the guide's range. */
async function pickPort() {
  for (let port = PORT_FIRST; port <= PORT_LAST; port++) {
    if (handedOut.has(port)) continue;
    if (await portIsFree(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${PORT_FIRST}-${PORT_LAST} on 127.0.0.1`);
}

function canConnect(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts a program that listens on `port` and waits until it accepts connections. Returns
 * { port, url, output(), exited, stop() }; stop() sends SIGTERM to the group (SIGKILL after a grace
 * period) and resolves when no process of the group is left. The caller stops it in t.after/finally.
 */
async function startProgram(argv, { port, cwd, env, label = argv[0], readyTimeoutMs = 30000 } = {}) {
  if (!Number.isInteger(port) || port < PORT_FIRST || port > PORT_LAST) throw new Error(`startProgram: port ${port} is outside the guide's range ${PORT_FIRST}-${PORT_LAST}`);
  const chunks = [];
  const { child, pgid, exited } = spawnGroup(argv, { label, cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (c) => chunks.push(c));
  child.stderr.on('data', (c) => chunks.push(c));
  let done = null;
  exited.then((r) => { done = r; });
  const output = () => Buffer.concat(chunks).toString('utf8');
  const program = {
    port,
    pgid,
    url: `http://127.0.0.1:${port}`,
    output,
    signal: (name) => signalGroup(pgid, name),
    /** Resolves to { code, signal } when the program exits, or null after timeoutMs. */
    waitForExit: (timeoutMs) => {
      let timer;
      return Promise.race([exited, new Promise((resolve) => { timer = setTimeout(() => resolve(null), timeoutMs); })])
        .finally(() => clearTimeout(timer));
    },
    exited,
    stop: async () => {
      const gone = await stopGroup(pgid, 5000);
      if (!gone) throw new Error(`${label}: process group ${pgid} survived SIGKILL`);
      await exited;
    },
  };
  const deadline = Date.now() + readyTimeoutMs;
  while (!(await canConnect(port))) {
    if (done) throw new Error(`${label} exited (${done.error ? done.error.message : `code ${done.code}, signal ${done.signal}`}) before listening on 127.0.0.1:${port}; output:\n${output()}`);
    if (Date.now() > deadline) {
      await program.stop();
      throw new Error(`${label} did not listen on 127.0.0.1:${port} within ${readyTimeoutMs / 1000} s; output:\n${output()}`);
    }
    await sleep(50);
  }
  return program;
}

/**
 * Starts a program that does not listen (a client), in its own process group. Returns
 * { output(), exited, signal(name), waitForOutput(pattern, timeoutMs), waitForExit(ms), stop() }.
 */
function startBackground(argv, { cwd, env, label = argv[0] } = {}) {
  const chunks = [];
  const { child, pgid, exited } = spawnGroup(argv, { label, cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (c) => chunks.push(c));
  child.stderr.on('data', (c) => chunks.push(c));
  let done = null;
  exited.then((r) => { done = r; });
  const output = () => Buffer.concat(chunks).toString('utf8');
  return {
    pgid,
    output,
    exited,
    signal: (name) => signalGroup(pgid, name),
    waitForOutput: async (pattern, timeoutMs = 15000) => {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output())) {
        if (done) throw new Error(`${label} exited (code ${done.code}, signal ${done.signal}) before printing ${pattern}; output:\n${output()}`);
        if (Date.now() > deadline) throw new Error(`${label} did not print ${pattern} within ${timeoutMs / 1000} s; output:\n${output()}`);
        await sleep(25);
      }
    },
    waitForExit: (timeoutMs) => {
      let timer;
      return Promise.race([exited, new Promise((resolve) => { timer = setTimeout(() => resolve(null), timeoutMs); })])
        .finally(() => clearTimeout(timer));
    },
    stop: async () => {
      const gone = await stopGroup(pgid, 5000);
      if (!gone) throw new Error(`${label}: process group ${pgid} survived SIGKILL`);
      await exited;
    },
  };
}

/**
 * Runs a command to completion in its own process group, bounded by timeoutMs (the group is killed
 * when it overruns). Resolves to { code, signal, stdout, stderr, timedOut }.
 */
async function runCommand(argv, { cwd, env, input, timeoutMs = 60000, label = argv[0] } = {}) {
  const out = [];
  const err = [];
  const { child, pgid, exited } = spawnGroup(argv, { label, cwd, env, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
  child.stdout.on('data', (c) => out.push(c));
  child.stderr.on('data', (c) => err.push(c));
  if (input !== undefined) child.stdin.end(input);
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; stopGroup(pgid, 2000); }, timeoutMs);
  try {
    const result = await exited;
    if (result.error) throw new Error(`${label}: cannot start ${argv[0]}: ${result.error.message}`);
    return { code: result.code, signal: result.signal, timedOut, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
  } finally {
    clearTimeout(timer);
    await stopGroup(pgid, 2000); // anything the command left behind in its group
  }
}

/** runCommand, then fail with the output unless it exited 0. */
async function runChecked(argv, options = {}) {
  const result = await runCommand(argv, options);
  if (result.code !== 0) {
    throw new Error(`${options.label || argv.join(' ')} failed (${result.timedOut ? 'timed out' : `exit ${result.code ?? result.signal}`})\n--- stdout ---\n${result.stdout}\n--- stderr ---\n${result.stderr}`);
  }
  return result;
}

module.exports = { pickPort, startProgram, startBackground, runCommand, runChecked, portIsFree, sleep, PORT_FIRST, PORT_LAST };
