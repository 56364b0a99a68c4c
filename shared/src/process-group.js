'use strict';
// Every process the bench starts runs in its own process group (detached: true = setsid), and is
// stopped by signalling the whole group, so nginx workers and wrk threads never outlive the run.
// A registry of live groups lets exit and signal handlers kill whatever is still running.
const { spawn } = require('node:child_process');
const { groupMembers } = require('./proc-stats');

const liveGroups = new Map(); // pgid -> label

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (err) {
    if (err.code === 'ESRCH') return false;
    throw err;
  }
}

// Spawns argv[0] with argv.slice(1) as leader of a new process group. stdio as for child_process.spawn.
// Returns { child, pgid, exited } where exited resolves to { code, signal } when the leader exits.
function spawnGroup(argv, { label, cwd, stdio, env }) {
  const child = spawn(argv[0], argv.slice(1), { cwd, stdio, env, detached: true });
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (err) => resolve({ code: null, signal: null, error: err }));
  });
  if (child.pid === undefined) {
    return { child, pgid: null, exited };
  }
  liveGroups.set(child.pid, label);
  return { child, pgid: child.pid, exited };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitGroupGone(pgid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (groupMembers(pgid).length > 0) {
    if (Date.now() >= deadline) return false;
    await sleep(25);
  }
  return true;
}

// signal (SIGTERM unless told), then SIGKILL after graceMs; resolves true when no process of the group
// is left. Servers under valgrind get the signal that makes them exit normally, so it writes its counts.
async function stopGroup(pgid, graceMs, signal = 'SIGTERM') {
  if (!pgid) return true;
  signalGroup(pgid, signal);
  let gone = await waitGroupGone(pgid, graceMs);
  if (!gone) {
    signalGroup(pgid, 'SIGKILL');
    gone = await waitGroupGone(pgid, 2000);
  }
  if (gone) liveGroups.delete(pgid);
  return gone;
}

// Synchronous last resort for exit paths: SIGKILL every group still registered.
function killAllGroupsSync() {
  for (const pgid of liveGroups.keys()) signalGroup(pgid, 'SIGKILL');
  liveGroups.clear();
}

function liveGroupLabels() {
  return [...liveGroups.entries()].filter(([pgid]) => groupMembers(pgid).length > 0).map(([pgid, label]) => `${label} (pgid ${pgid})`);
}

function forgetGroup(pgid) {
  liveGroups.delete(pgid);
}

module.exports = { spawnGroup, stopGroup, signalGroup, killAllGroupsSync, liveGroupLabels, forgetGroup, waitGroupGone, sleep };
