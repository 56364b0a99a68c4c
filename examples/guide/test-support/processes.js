// Programs of the guide under test: each runs in its own process group on 127.0.0.1, is bounded in
// time, and is stopped by its group (t.after / finally), also when a test fails. Ports come from the
// guide's range, 18200-18299.
'use strict';
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { spawnGroup, stopGroup, signalGroup } = require('../../../shared/src/process-group');
const { groupListensOn } = require('./sockets');

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
// Tests of other processes (two suites at once, another checkout's tests) pick from the same range,
// and a port free when picked may be taken before the program binds it. So a port is claimed with a
// file in a folder all of them share, created exclusively, and released when this process exits;
// the claim of a process that is gone is taken over. Each process starts at its own place in the
// range, so claims rarely meet.
const PORT_CLAIMS = path.join(os.tmpdir(), 'drogon-guide-ports');
const START_OFFSET = (process.pid * 37) % (PORT_LAST - PORT_FIRST + 1);

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

// Claims `port` for this process: true when it now holds the claim.
function claimPort(port) {
  fs.mkdirSync(PORT_CLAIMS, { recursive: true, mode: 0o1777 });
  const file = path.join(PORT_CLAIMS, String(port));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return true;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    const owner = Number(fs.readFileSync(file, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && processAlive(owner)) return false;
    fs.rmSync(file, { force: true }); // the claim of a process that is gone
  }
  return false;
}

function releaseClaims() {
  for (const port of handedOut) {
    const file = path.join(PORT_CLAIMS, String(port));
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
    } catch { /* already gone */ }
  }
}
process.once('exit', releaseClaims);

/** A free loopback port of the guide's range, claimed for this process. */
async function pickPort() {
  for (let i = 0; i <= PORT_LAST - PORT_FIRST; i++) {
    const port = PORT_FIRST + ((START_OFFSET + i) % (PORT_LAST - PORT_FIRST + 1));
    if (handedOut.has(port) || !claimPort(port)) continue;
    handedOut.add(port);
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in ${PORT_FIRST}-${PORT_LAST} on 127.0.0.1 (claims: ${PORT_CLAIMS})`);
}

function canConnect(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

// How long the output of a program that has exited may still take to arrive: its pipes close once
// every process holding them has exited; one left behind in the group gets this long.
const OUTPUT_GRACE_MS = 2000;

/**
 * Spawns argv in its own process group with stdout and stderr collected. `exited` resolves to
 * { code, signal, error } once the program has exited AND its output has been read to the end: Node's
 * 'exit' event can come before the last bytes in the pipes, so output read on 'exit' alone races the
 * program's last lines.
 */
function spawnCollecting(argv, { label, cwd, env, input }) {
  const chunks = [];
  const out = [];
  const err = [];
  const { child, pgid, exited: leaderExited } = spawnGroup(argv, { label, cwd, env, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
  const streams = [[child.stdout, out], [child.stderr, err]].filter(([s]) => s);
  for (const [stream, own] of streams) stream.on('data', (c) => { chunks.push(c); own.push(c); });
  if (input !== undefined && child.stdin) child.stdin.end(input);
  const closed = Promise.all(streams.map(([s]) => new Promise((resolve) => {
    if (s.closed || s.destroyed) resolve();
    else s.once('close', resolve);
  })));
  const exited = leaderExited.then(async (result) => {
    if (result.error) return result;
    let timer;
    await Promise.race([closed, new Promise((resolve) => { timer = setTimeout(resolve, OUTPUT_GRACE_MS); })]);
    clearTimeout(timer);
    return result;
  });
  const text = (list) => Buffer.concat(list).toString('utf8');
  return { child, pgid, exited, output: () => text(chunks), stdout: () => text(out), stderr: () => text(err) };
}

// Resolves to { code, signal } when `exited` does, or null after timeoutMs.
function exitWithin(exited, timeoutMs) {
  let timer;
  return Promise.race([exited, new Promise((resolve) => { timer = setTimeout(() => resolve(null), timeoutMs); })])
    .finally(() => clearTimeout(timer));
}

// Waits until the program's output matches `pattern`; fails with the output when it exits first or
// the time runs out.
async function waitForOutputOf({ output, label, isDone }, pattern, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(output())) {
    const done = isDone();
    if (done) throw new Error(`${label} exited (code ${done.code}, signal ${done.signal}) before printing ${pattern}; output:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`${label} did not print ${pattern} within ${timeoutMs / 1000} s; output:\n${output()}`);
    await sleep(25);
  }
}

// The parts startProgram and startBackground share: output, signals, waiting, stopping.
function controls(spawned, label) {
  const { pgid, exited, output } = spawned;
  let done = null;
  exited.then((r) => { done = r; });
  return {
    pgid,
    output,
    exited,
    isDone: () => done,
    signal: (name) => signalGroup(pgid, name),
    /** Waits until the output matches pattern (the program's log is read as it comes). */
    waitForOutput: (pattern, timeoutMs = 15000) => waitForOutputOf({ output, label, isDone: () => done }, pattern, timeoutMs),
    /** Resolves to { code, signal } when the program exits (its output read to the end), or null after timeoutMs. */
    waitForExit: (timeoutMs) => exitWithin(exited, timeoutMs),
    /** SIGTERM to the group (SIGKILL after a grace period); resolves when no process of it is left. */
    stop: async () => {
      const gone = await stopGroup(pgid, 5000);
      if (!gone) throw new Error(`${label}: process group ${pgid} survived SIGKILL`);
      await exited;
    },
  };
}

/**
 * Starts a program that listens on `port` and waits until it accepts connections. Returns
 * { port, url, pgid, output(), exited, signal(name), waitForOutput(pattern, ms), waitForExit(ms), stop() };
 * stop() sends SIGTERM to the group (SIGKILL after a grace period) and resolves when no process of the
 * group is left. The caller stops it in t.after/finally.
 */
async function startProgram(argv, { port, cwd, env, label = argv[0], readyTimeoutMs = 30000 } = {}) {
  if (!Number.isInteger(port) || port < PORT_FIRST || port > PORT_LAST) throw new Error(`startProgram: port ${port} is outside the guide's range ${PORT_FIRST}-${PORT_LAST}`);
  const { isDone, ...program } = controls(spawnCollecting(argv, { label, cwd, env }), label);
  Object.assign(program, { port, url: `http://127.0.0.1:${port}` });
  const deadline = Date.now() + readyTimeoutMs;
  // Ready when this program listens on the port, not merely when something does: a program of
  // another test on the same port would answer in its place. (A program running as another user,
  // whose sockets this user cannot see, is ready when the port accepts.)
  const listening = async () => {
    const own = groupListensOn(program.pgid, port);
    return own === null ? canConnect(port) : own;
  };
  while (!(await listening())) {
    const done = isDone();
    if (done) throw new Error(`${label} exited (${done.error ? done.error.message : `code ${done.code}, signal ${done.signal}`}) before listening on 127.0.0.1:${port}; output:\n${program.output()}`);
    if (Date.now() > deadline) {
      await program.stop();
      throw new Error(`${label} did not listen on 127.0.0.1:${port} within ${readyTimeoutMs / 1000} s; output:\n${program.output()}`);
    }
    await sleep(50);
  }
  return program;
}

/**
 * Starts a program that does not listen (a client), in its own process group. Returns
 * { pgid, output(), exited, signal(name), waitForOutput(pattern, timeoutMs), waitForExit(ms), stop() }.
 */
function startBackground(argv, { cwd, env, label = argv[0] } = {}) {
  const { isDone, ...program } = controls(spawnCollecting(argv, { label, cwd, env }), label);
  return program;
}

/**
 * Runs a command to completion in its own process group, bounded by timeoutMs (the group is killed
 * when it overruns). Resolves to { code, signal, stdout, stderr, timedOut }.
 */
async function runCommand(argv, { cwd, env, input, timeoutMs = 60000, label = argv[0] } = {}) {
  const { pgid, exited, stdout, stderr } = spawnCollecting(argv, { label, cwd, env, input });
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; stopGroup(pgid, 2000); }, timeoutMs);
  try {
    const result = await exited;
    if (result.error) throw new Error(`${label}: cannot start ${argv[0]}: ${result.error.message}`);
    return { code: result.code, signal: result.signal, timedOut, stdout: stdout(), stderr: stderr() };
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
