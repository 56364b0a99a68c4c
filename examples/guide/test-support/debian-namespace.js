// A private mount, PID and network namespace in which a test runs a page's commands as root, as a
// reader would on a Debian machine, without changing this machine: /etc, /srv, /var and /root are
// copy-on-write overlays (their upper folders in a scratch folder), /run is a fresh tmpfs, the network
// is a loopback interface of its own (so nginx can listen on port 80), and /usr/bin/systemctl is the
// stand-in of systemctl-standin.js (a container has no systemd). Everything started in the namespace
// dies with it: stopping the namespace's first process makes the kernel kill every other one.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnGroup, stopGroup } = require('../../../shared/src/process-group');
const { readStat, clockTicksPerSecond } = require('../../../shared/src/proc-stats');
const { runCommand, sleep } = require('./processes');

const STANDIN = path.join(__dirname, 'systemctl-standin.js');

// Runs as the namespace's first process (PID 1, which also reaps orphans, as bash does).
const SETUP = `set -euo pipefail
scratch=$1 standin=$2
shift 2
# Folders that stay this machine's own (writes go through): bound aside before the overlays, back on top after.
i=0
for d in "$@"; do mkdir -p "$scratch/shared/$i"; mount --bind "$d" "$scratch/shared/$i"; i=$((i + 1)); done
for d in etc srv var root; do
  mkdir -p "$scratch/$d/upper" "$scratch/$d/work"
  mount -t overlay overlay -o "lowerdir=/$d,upperdir=$scratch/$d/upper,workdir=$scratch/$d/work" "/$d"
done
# Drogon lives under /root/.cache here (the setup's prefix), where a reader's lives in /usr/local:
# let other users through /root, as they can through /usr/local, so that a service user can load it.
chmod o+x /root
mount -t tmpfs -o mode=755 tmpfs /run
mount --bind "$standin" /usr/bin/systemctl
i=0
for d in "$@"; do mount --bind "$scratch/shared/$i" "$d"; i=$((i + 1)); done
ip link set lo up
echo ready
while :; do sleep 1; done`;

function childPid(pid) {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0]) || null;
  } catch {
    return null;
  }
}

function pidNamespaceOf(pid) {
  try {
    return fs.readlinkSync(`/proc/${pid}/ns/pid`);
  } catch {
    return null;
  }
}

/** Host PIDs of the processes in PID namespace `ns` ("pid:[inode]"). */
// startedBefore: clock ticks since boot (startTicks()); processes started later are left out.
function processesIn(ns, startedBefore = Infinity) {
  return fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d) && pidNamespaceOf(d) === ns && startTicks(d) <= startedBefore).map(Number);
}

// When a process started, in clock ticks since boot (proc-stats.readStat); without pid, now.
// Infinity for a process that is gone.
function startTicks(pid) {
  if (pid === undefined) return Math.ceil(Number(fs.readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * clockTicksPerSecond()) + 1;
  const stat = readStat(pid);
  return stat ? stat.startTicks : Infinity;
}

/**
 * Starts the namespace; scratch is an empty folder for the overlays' upper folders; shared: folders
 * (existing, absolute) that the namespace writes into as they are, not copy-on-write. Returns
 * { run(script, { label, timeoutMs }) -> runCommand's result (bash -euo pipefail in the namespace),
 *   file(p) -> the path of the namespace's file p as seen from here, stop() }.
 * The caller stops it in t.after; stop() checks that no process of the namespace is left.
 */
async function startDebianNamespace(scratch, { shared = [] } = {}) {
  if (process.getuid() !== 0) throw new Error('startDebianNamespace: needs root (unshare)');
  // --pdeathsig: should this test process die without its t.after, unshare dies with it, and
  // --kill-child then ends the namespace and everything in it.
  const argv = ['setpriv', '--pdeathsig', 'KILL', 'unshare', '--mount', '--net', '--pid', '--fork', '--kill-child', '--mount-proc',
    'bash', '-c', SETUP, 'namespace-init', scratch, STANDIN, ...shared];
  const { child, pgid, exited } = spawnGroup(argv, { label: 'debian-namespace', stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c) => { output += c; });
  child.stderr.on('data', (c) => { output += c; });
  let done = null;
  exited.then((r) => { done = r; });
  const deadline = Date.now() + 15000;
  while (!output.includes('ready\n')) {
    if (done || Date.now() > deadline) {
      await stopGroup(pgid, 2000);
      throw new Error(`the namespace did not start (${done ? `exit ${done.code}` : 'timeout'}):\n${output}`);
    }
    await sleep(20);
  }
  const init = childPid(pgid);
  const ns = pidNamespaceOf(init);
  if (!init || !ns) throw new Error('the namespace started, but its first process was not found');
  const enter = ['nsenter', '--target', String(init), '--mount', '--net', '--pid', '--'];
  return {
    init,
    run: (script, { label = 'in the namespace', timeoutMs = 120000 } = {}) => runCommand([...enter, 'bash', '-euo', 'pipefail', '-c', script], { label, timeoutMs }),
    file: (p) => path.join(`/proc/${init}/root`, p),
    stop: async () => {
      // Services first, as a shutdown would (the applications, then nginx in front of them); then the
      // namespace, and with it anything left.
      const stopAll = `for f in /run/systemctl-standin/*.pid; do
  [ -e "$f" ] || continue; unit=$(basename "$f" .pid); [ "$unit" = nginx ] || systemctl stop "$unit"
done
systemctl stop nginx`;
      await runCommand([...enter, 'bash', '-c', stopAll], { label: 'stop the services', timeoutMs: 60000 }).catch(() => {});
      const stopping = startTicks();
      if (!(await stopGroup(pgid, 5000))) throw new Error('the namespace\'s process group survived SIGKILL');
      // The kernel kills the rest with the namespace's first process; on a busy machine they can take
      // seconds to go. Once none is left the namespace is gone, and its number may already be another
      // machine's (the page runner starts several): it is not looked at again.
      const left = Date.now() + 20000;
      let still = processesIn(ns, stopping);
      while (still.length && Date.now() < left) {
        await sleep(50);
        still = processesIn(ns, stopping);
      }
      if (still.length) throw new Error(`processes of the namespace still running 20 s after it was stopped: ${still.map(describeProcess).join(', ')}`);
    },
  };
}

// "1234 (nginx, state S)", for an error message.
function describeProcess(pid) {
  const stat = readStat(pid);
  return stat ? `${pid} (${stat.comm}, state ${stat.state})` : `${pid} (gone)`;
}

module.exports = { startDebianNamespace };
