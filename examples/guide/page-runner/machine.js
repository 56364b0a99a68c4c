// A reader's machine for one page: a private mount, PID and network namespace (test-support/
// debian-namespace.js) that looks like this Debian machine as root, with
//   - /usr/local as the install has it: Drogon installed there (the usr-local install, built by the
//     setup), or a Debian's empty /usr/local (the prefix install), so nothing of this machine's own
//     /usr/local is seen;
//   - a network of its own: the page's ports (8080, 6379, 5432 ...) are used as the page gives them,
//     however many other tests run on this machine;
//   - /etc, /var, /root and /srv copy-on-write, /run empty: what the page's commands install, start or
//     write there is gone with the namespace;
//   - no network beyond its loopback, and apt's package lists empty: apt knows only what is installed,
//     so a page's `apt-get install` of a package the setup installed finds it installed and newest, and
//     one the setup did not install fails (as it would without the setup), instead of reaching for
//     a download.
// Each block runs in a fresh shell of its language in its own process group, from the folder the
// reader is in (the folder the block before it left: a reader's terminal keeps its folder).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnGroup, stopGroup, signalGroup } = require('../../../shared/src/process-group');
const { groupMembers } = require('../../../shared/src/proc-stats');
const { startDebianNamespace } = require('../test-support/debian-namespace');

// Debian's PATH for root, and the rest of a login's environment a reader's shell has.
const READER_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const READER_ENV = { HOME: '/root', USER: 'root', LOGNAME: 'root', SHELL: '/bin/bash', LANG: 'C.UTF-8', PATH: READER_PATH };
// The folders of Debian's own /usr/local (base-files), empty.
const USR_LOCAL_DIRS = ['bin', 'etc', 'games', 'include', 'lib', 'man', 'sbin', 'share', 'src'];
const OUTPUT_GRACE_MS = 2000;

const quote = (s) => `'${String(s).replace(/'/g, "'\\''")}'`;

/** The sockets a group listens on inside its own network namespace: [{ port, inode }]. */
function listeningPorts(pgid) {
  const members = groupMembers(pgid);
  const held = new Set();
  for (const pid of members) {
    let fds = [];
    try { fds = fs.readdirSync(`/proc/${pid}/fd`); } catch { continue; }
    for (const fd of fds) {
      let target = '';
      try { target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`); } catch { continue; }
      const m = /^socket:\[(\d+)\]$/.exec(target);
      if (m) held.add(m[1]);
    }
  }
  const ports = new Map();
  for (const pid of members) {
    for (const file of ['tcp', 'tcp6']) {
      let text = '';
      try { text = fs.readFileSync(`/proc/${pid}/net/${file}`, 'utf8'); } catch { continue; }
      for (const line of text.split('\n').slice(1)) {
        const f = line.trim().split(/\s+/);
        if (f.length > 9 && f[3] === '0A' && held.has(f[9])) ports.set(f[9], parseInt(f[1].split(':')[1], 16));
      }
    }
  }
  return [...new Set(ports.values())].sort((a, b) => a - b);
}

/**
 * Starts the machine. install: { name, usrLocal (a folder to show as /usr/local, or null: an empty
 * one), homeLinks: { name: target } (links in /root, e.g. drogon -> the prefix) }. scratch: an empty
 * folder for the overlays; shared: folders the machine writes into as they are (the built copies).
 * Returns { run(lang, text, { cwd, env }), sh(script), path(p), mountCopy(dir),
 * stop() }.
 */
async function startMachine({ install, scratch, shared = [] }) {
  const ns = await startDebianNamespace(scratch, { shared });
  const enter = ['nsenter', '--target', String(ns.init), '--mount', '--net', '--pid', '--'];
  const emptyUsrLocal = path.join(scratch, 'usr-local');
  const setup = ['mount -t tmpfs tmpfs /var/lib/apt/lists'];
  if (install.usrLocal) setup.push(`mount --bind ${quote(install.usrLocal)} /usr/local`);
  else {
    for (const d of USR_LOCAL_DIRS) fs.mkdirSync(path.join(emptyUsrLocal, d), { recursive: true });
    setup.push(`mount --bind ${quote(emptyUsrLocal)} /usr/local`);
  }
  for (const [name, target] of Object.entries(install.homeLinks || {})) setup.push(`ln -sfn ${quote(target)} /root/${name}`);
  const prepared = await ns.run(setup.join('\n'), { label: `prepare the ${install.name} machine` });
  if (prepared.code !== 0) {
    await ns.stop();
    throw new Error(`the ${install.name} machine could not be prepared:\n${prepared.stdout}${prepared.stderr}`);
  }
  let overlays = 0;

  /**
   * Runs text in a fresh `lang` shell (-e: the first failing command fails the block, as a reader
   * stops at an error) from cwd. Returns { pgid, exited, output(), stdout(), cwd(), listening() }:
   * exited resolves to { code, signal } once the shell has exited and its output is read; cwd() is
   * the folder the shell ended in (null until then).
   */
  function run(lang, text, { cwd, env = READER_ENV, label }) {
    const vars = Object.entries(env).map(([k, v]) => `${k}=${v}`);
    // The folder the reader is in after the block: written by the shell on fd 3 as its last command.
    const script = `${text}\npwd >&3`;
    const argv = [...enter, 'env', '-i', ...vars, 'sh', '-c', 'cd "$1" || exit 97; shift; exec "$@"', 'enter-folder', cwd, lang, '-e', '-c', script, lang];
    const { child, pgid, exited: leaderExited } = spawnGroup(argv, { label, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    const all = [];
    const out = [];
    let finalCwd = '';
    child.stdout.on('data', (c) => { all.push(c); out.push(c); });
    child.stderr.on('data', (c) => all.push(c));
    child.stdio[3].on('data', (c) => { finalCwd += c; });
    const closed = Promise.all([child.stdout, child.stderr, child.stdio[3]].map((s) => new Promise((resolve) => {
      if (s.closed || s.destroyed) resolve();
      else s.once('close', resolve);
    })));
    let done = null;
    const exited = leaderExited.then(async (result) => {
      let timer;
      await Promise.race([closed, new Promise((resolve) => { timer = setTimeout(resolve, OUTPUT_GRACE_MS); })]);
      clearTimeout(timer);
      done = result;
      return result;
    });
    const text_ = (list) => Buffer.concat(list).toString('utf8');
    return {
      pgid,
      exited,
      isDone: () => done,
      output: () => text_(all),
      stdout: () => text_(out),
      cwd: () => (finalCwd.trim() || null),
      listening: () => listeningPorts(pgid),
      signal: (name) => signalGroup(pgid, name),
      stop: (graceMs, signal) => stopGroup(pgid, graceMs, signal),
    };
  }

  return {
    init: ns.init,
    run,
    /** A root bash script inside the machine, to completion: runCommand's result. */
    sh: (script, options) => ns.run(script, options),
    /** Where the machine's file p is, seen from here. */
    path: (p) => ns.file(p),
    /**
     * Shows `dir` (a built copy of a chapter folder) at its own path as a copy-on-write overlay: the
     * page's commands change only their own layer, the built copy stays as it was.
     */
    mountCopy: async (dir) => {
      overlays += 1;
      const upper = path.join(scratch, `copy-${overlays}`);
      fs.mkdirSync(path.join(upper, 'upper'), { recursive: true });
      fs.mkdirSync(path.join(upper, 'work'), { recursive: true });
      const mounted = await ns.run(`mount -t overlay overlay -o ${quote(`lowerdir=${dir},upperdir=${upper}/upper,workdir=${upper}/work`)} ${quote(dir)}`, { label: 'mount the copy' });
      if (mounted.code !== 0) throw new Error(`cannot mount a copy of ${dir}:\n${mounted.stdout}${mounted.stderr}`);
    },
    stop: () => ns.stop(),
  };
}

module.exports = { startMachine, listeningPorts, READER_ENV, READER_PATH };
