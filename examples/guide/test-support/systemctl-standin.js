#!/usr/bin/env node
// A stand-in for systemctl, for a test that follows a page's commands on a machine without systemd
// (a container): deployment.test.js mounts it over /usr/bin/systemctl inside the private mount, PID
// and network namespace where it runs the page's commands. It does what systemd does with the unit
// files the page installs, and nothing else:
//   daemon-reload                 nothing to do (units are read at each command)
//   enable [--now] UNIT...        the [Install] WantedBy= link, then start with --now
//   start | stop | reload UNIT...
// A service runs with the [Service] settings of its unit: User=, Group=, WorkingDirectory=,
// LimitNOFILE=, NoNewPrivileges=, ProtectSystem= (true, full), PrivateTmp=, LogsDirectory= and
// StateDirectory= (created for User=, mode 0755, as systemd does), EnvironmentFile= (read as root
// before the user changes, as systemd does; a leading '-' for a file that may be missing), and
// ExecStartPre= (each run before ExecStart= with the same user, sandbox and environment; a failure,
// unless the line starts with '-', fails the start); its standard output and error go to
// /run/systemctl-standin/UNIT.journal. A setting it does not know fails the command, so a unit can
// never rely on something the stand-in silently skips. Type=forking (Debian's nginx.service) runs
// ExecStartPre= and ExecStart= and reads PIDFile=; ExecReload= and ExecStop= run as written (a reload
// returns once the master's old workers are gone: see reload()).
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const STATE = '/run/systemctl-standin';
const UNIT_DIRS = ['/etc/systemd/system', '/lib/systemd/system'];
const KNOWN = {
  Unit: ['Description', 'Documentation', 'After', 'Wants', 'Requires', 'Before'],
  Service: ['Type', 'PIDFile', 'User', 'Group', 'WorkingDirectory', 'EnvironmentFile', 'ExecStartPre', 'ExecStart',
    'ExecReload', 'ExecStop', 'Restart', 'RestartSec', 'KillSignal', 'KillMode', 'TimeoutStopSec', 'LimitNOFILE',
    'LogsDirectory', 'StateDirectory', 'NoNewPrivileges', 'ProtectSystem', 'PrivateTmp'],
  Install: ['WantedBy'],
};

function fail(message) {
  process.stderr.write(`systemctl (stand-in): ${message}\n`);
  process.exit(1);
}

function loadUnit(name) {
  const file = name.endsWith('.service') ? name : `${name}.service`;
  const found = UNIT_DIRS.map((d) => path.join(d, file)).find((f) => fs.existsSync(f));
  if (!found) fail(`Unit ${file} not found.`);
  const unit = { name: file.replace(/\.service$/, ''), file: found, Unit: {}, Service: {}, Install: {} };
  let section = null;
  fs.readFileSync(found, 'utf8').split('\n').forEach((line, i) => {
    if (/^\s*([#;]|$)/.test(line)) return;
    const header = /^\[(\w+)\]\s*$/.exec(line);
    if (header) {
      section = header[1];
      if (!KNOWN[section]) fail(`${found}:${i + 1}: section [${section}] is not supported`);
      return;
    }
    const kv = /^(\w+)=(.*)$/.exec(line.trim());
    if (!kv || !section) fail(`${found}:${i + 1}: not a Key=Value line in a section: ${line}`);
    if (!KNOWN[section].includes(kv[1])) fail(`${found}:${i + 1}: ${kv[1]}= is not supported by the stand-in`);
    (unit[section][kv[1]] ||= []).push(kv[2].trim());
  });
  return unit;
}

const one = (unit, key, fallback) => (unit.Service[key] ? unit.Service[key][unit.Service[key].length - 1] : fallback);
const all = (unit, key) => unit.Service[key] || [];
const quote = (s) => `'${String(s).replace(/'/g, "'\\''")}'`;
const stateFile = (unit, ext) => path.join(STATE, `${unit.name}.${ext}`);
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// An Exec line: a leading '-' means its failure is ignored. systemd's quoting of these lines is the
// shell's for what the units here use, so sh runs them.
function runExec(unit, line) {
  const ignore = line.startsWith('-');
  const command = ignore ? line.slice(1) : line;
  const journal = fs.openSync(stateFile(unit, 'journal'), 'a');
  const r = spawnSync('/bin/sh', ['-c', command], { stdio: ['ignore', journal, journal] });
  fs.closeSync(journal);
  if (r.status !== 0 && !ignore) fail(`${unit.name}: "${command}" failed (exit ${r.status ?? r.signal}); see ${stateFile(unit, 'journal')}`);
}

function ensureDirectory(unit, base, key) {
  for (const name of all(unit, key)) {
    const dir = path.join(base, name);
    fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
    const user = one(unit, 'User');
    if (user) {
      const group = one(unit, 'Group', user);
      const r = spawnSync('chown', [`${user}:${group}`, dir], { encoding: 'utf8' });
      if (r.status !== 0) fail(`${unit.name}: ${key}=${name}: chown ${user}:${group} ${dir}: ${r.stderr}`);
    }
  }
}

// EnvironmentFile=: KEY=VALUE lines; blank lines and lines starting with # or ; are skipped; a value
// in single or double quotes loses them. (systemd also joins lines ending in a backslash and reads
// escapes in double quotes: a line the stand-in does not read that way fails the start.)
function environmentOf(unit) {
  const env = {};
  for (const entry of all(unit, 'EnvironmentFile')) {
    const optional = entry.startsWith('-');
    const file = optional ? entry.slice(1) : entry;
    if (!fs.existsSync(file)) {
      if (optional) continue;
      fail(`${unit.name}: EnvironmentFile=${file}: no such file`);
    }
    fs.readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      if (/^\s*([#;]|$)/.test(line)) return;
      const kv = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*?)\s*$/.exec(line);
      if (!kv || /\\$/.test(line)) fail(`${unit.name}: ${file}:${i + 1}: not a KEY=VALUE line the stand-in reads: ${line}`);
      const quoted = /^(['"])(.*)\1$/.exec(kv[2]);
      if (quoted && quoted[1] === '"' && /\\/.test(quoted[2])) fail(`${unit.name}: ${file}:${i + 1}: escapes in double quotes are not supported by the stand-in`);
      env[kv[1]] = quoted ? quoted[2] : kv[2];
    });
  }
  return env;
}

// The command that runs ExecStart= (or another line, an ExecStartPre=) as the unit says: its own mount
// namespace for ProtectSystem= and PrivateTmp=, the working directory, the file limit, then the user,
// without new privileges.
function serviceCommand(unit, line = null) {
  const mounts = [];
  const protect = one(unit, 'ProtectSystem', 'no');
  const readOnly = { no: [], false: [], true: ['/usr', '/boot', '/efi'], yes: ['/usr', '/boot', '/efi'], full: ['/usr', '/boot', '/efi', '/etc'] }[protect];
  if (!readOnly) fail(`${unit.name}: ProtectSystem=${protect} is not supported`);
  // Read-only with what is mounted below it, as systemd does: a plain bind would hide the mounts
  // below (the machine's /usr/local), and the service would not find a library installed there.
  for (const d of readOnly) mounts.push(`if [ -d ${d} ]; then mount --rbind ${d} ${d} && for m in $(findmnt -rn -o TARGET -R ${d}); do mount -o remount,bind,ro "$m"; done; fi`);
  if (/^(true|yes)$/.test(one(unit, 'PrivateTmp', 'no'))) mounts.push('mount -t tmpfs -o mode=1777 tmpfs /tmp', 'mount -t tmpfs -o mode=1777 tmpfs /var/tmp');
  const exec = [];
  const nofile = one(unit, 'LimitNOFILE');
  if (nofile) {
    // Raising the hard limit needs CAP_SYS_RESOURCE, which a container may lack (systemd has it): then
    // the limit is as high as this machine allows, and the notes say so.
    const hard = Number(spawnSync('/bin/sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim());
    const limit = Number.isFinite(hard) && hard < Number(nofile) ? hard : nofile;
    if (String(limit) !== nofile) fs.appendFileSync(path.join(STATE, 'notes'), `${unit.name}: LimitNOFILE=${nofile}, but the hard limit here is ${hard}: ${hard} used\n`);
    exec.push('prlimit', `--nofile=${limit}:${limit}`, '--');
  }
  const user = one(unit, 'User');
  if (user) {
    exec.push('setpriv', `--reuid=${user}`, `--regid=${one(unit, 'Group', user)}`, '--init-groups');
    if (/^(true|yes)$/.test(one(unit, 'NoNewPrivileges', 'no'))) exec.push('--no-new-privs');
    exec.push('--');
  }
  const start = all(unit, 'ExecStart');
  if (start.length !== 1) fail(`${unit.name}: a simple service needs one ExecStart=, not ${start.length}`);
  const cd = one(unit, 'WorkingDirectory', '/');
  const inner = [...mounts, `cd ${quote(cd)}`, `exec ${exec.map(quote).join(' ')} ${line || start[0]}`].join(' && ');
  return `unshare --mount --propagation private -- /bin/sh -c ${quote(inner)}`;
}

async function start(unit) {
  const pidFile = stateFile(unit, 'pid');
  if (fs.existsSync(pidFile) && alive(Number(fs.readFileSync(pidFile, 'utf8')))) return;
  for (const f of ['pid', 'status']) fs.rmSync(stateFile(unit, f), { force: true });
  const type = one(unit, 'Type', 'simple');
  if (type === 'forking') {
    all(unit, 'ExecStartPre').forEach((line) => runExec(unit, line));
    all(unit, 'ExecStart').forEach((line) => runExec(unit, line));
    const pid = fs.readFileSync(one(unit, 'PIDFile'), 'utf8').trim();
    fs.writeFileSync(pidFile, `${pid}\n`);
    return;
  }
  if (type !== 'simple') fail(`${unit.name}: Type=${type} is not supported`);
  ensureDirectory(unit, '/var/log', 'LogsDirectory');
  ensureDirectory(unit, '/var/lib', 'StateDirectory');
  const env = { ...process.env, ...environmentOf(unit) };
  // ExecStartPre= lines in order, each as the unit's user, before the service starts: one that fails
  // (unless it starts with '-') fails the start, as with systemd.
  for (const line of all(unit, 'ExecStartPre')) {
    const ignore = line.startsWith('-');
    const journalFd = fs.openSync(stateFile(unit, 'journal'), 'a');
    const r = spawnSync('/bin/sh', ['-c', serviceCommand(unit, ignore ? line.slice(1) : line)], { env, stdio: ['ignore', journalFd, journalFd] });
    fs.closeSync(journalFd);
    if (r.status !== 0 && !ignore) fail(`${unit.name}: ExecStartPre=${line} failed (exit ${r.status ?? r.signal}); see ${stateFile(unit, 'journal')}`);
  }
  // A supervisor in a session of its own records the main process and, when it ends, its exit status.
  const script = `${serviceCommand(unit)} </dev/null & echo $! > ${quote(pidFile)}; wait $!; echo $? > ${quote(stateFile(unit, 'status'))}`;
  const journal = fs.openSync(stateFile(unit, 'journal'), 'a');
  const supervisor = spawn('/bin/sh', ['-c', script], { detached: true, env, stdio: ['ignore', journal, journal] });
  supervisor.unref();
  fs.writeFileSync(stateFile(unit, 'supervisor'), `${supervisor.pid}\n`);
  for (let i = 0; i < 200 && !fs.existsSync(pidFile); i++) await sleep(10);
  if (!fs.existsSync(pidFile)) fail(`${unit.name}: the service did not start`);
}

async function stop(unit) {
  const pidFile = stateFile(unit, 'pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  const timeoutMs = Number(one(unit, 'TimeoutStopSec', '90')) * 1000;
  if (all(unit, 'ExecStop').length) all(unit, 'ExecStop').forEach((line) => runExec(unit, line));
  else if (alive(pid)) process.kill(pid, one(unit, 'KillSignal', 'SIGTERM'));
  const deadline = Date.now() + timeoutMs;
  while (alive(pid) && Date.now() < deadline) await sleep(20);
  if (alive(pid)) {
    const supervisor = fs.existsSync(stateFile(unit, 'supervisor')) ? Number(fs.readFileSync(stateFile(unit, 'supervisor'), 'utf8')) : null;
    try { process.kill(supervisor ? -supervisor : pid, 'SIGKILL'); } catch { /* gone meanwhile */ }
  }
  // The supervisor writes the exit status when the main process is gone.
  if (fs.existsSync(stateFile(unit, 'supervisor'))) {
    for (let i = 0; i < 200 && !fs.existsSync(stateFile(unit, 'status')); i++) await sleep(10);
  }
  fs.rmSync(pidFile, { force: true });
}

// The children of a process (its workers), from /proc.
function childrenOf(pid) {
  const out = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(entry));
    } catch { /* gone meanwhile */ }
  }
  return out;
}

// ExecReload= as written. nginx -s reload (Debian's ExecReload) only signals the master, which then
// starts new workers and lets the old ones finish: the command returns before the new configuration
// serves. A reader's next command comes seconds later; a script's at once, and got the old workers'
// answers (the default site's 404) on a loaded machine. So the reload returns once no old worker is
// left (at most 10 s), which is what a reader sees.
async function reload(unit) {
  const pidFile = stateFile(unit, 'pid');
  const master = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8')) : null;
  const before = master && alive(master) ? childrenOf(master) : [];
  all(unit, 'ExecReload').forEach((line) => runExec(unit, line));
  const deadline = Date.now() + 10000;
  while (before.length && Date.now() < deadline) {
    const now = childrenOf(master);
    if (now.length && !now.some((pid) => before.includes(pid))) return;
    await sleep(20);
  }
}

function enable(unit) {
  for (const target of unit.Install.WantedBy || []) {
    const dir = path.join('/etc/systemd/system', `${target}.wants`);
    fs.mkdirSync(dir, { recursive: true });
    const link = path.join(dir, `${unit.name}.service`);
    fs.rmSync(link, { force: true });
    fs.symlinkSync(unit.file, link);
  }
}

async function main(args) {
  fs.mkdirSync(STATE, { recursive: true });
  const [verb, ...rest] = args;
  const now = rest.includes('--now');
  const units = rest.filter((a) => a !== '--now' && a !== '--no-pager').map(loadUnit);
  if (verb === 'daemon-reload') return;
  if (!units.length) fail(`${verb || '(nothing)'}: which unit?`);
  for (const unit of units) {
    if (verb === 'enable') {
      enable(unit);
      if (now) await start(unit);
    } else if (verb === 'start') await start(unit);
    else if (verb === 'stop') await stop(unit);
    else if (verb === 'reload') await reload(unit);
    else fail(`${verb} is not supported`);
  }
}

main(process.argv.slice(2)).catch((err) => fail(err.stack || String(err)));
