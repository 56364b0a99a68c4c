'use strict';
// Running the real runner from tests: a copy of bench/scenarios.json whose only change is the ports
// (so a bench a developer runs on the same machine does not collide with the test), the runner as a
// child process with its output collected line by line, and a /proc scan for leftovers.
const { readFileSync, writeFileSync, readdirSync, readlinkSync } = require('node:fs');
const { join } = require('node:path');
const { spawn } = require('node:child_process');
const { defaultScenariosPath } = require('../../src/plan/load-scenarios');
const { readStat } = require('../../../shared/src/proc-stats');

const runJs = join(__dirname, '..', '..', 'src', 'run.js');
const repoRoot = join(__dirname, '..', '..', '..');

function scenariosWithPortShift(dir, shift) {
  const data = JSON.parse(readFileSync(defaultScenariosPath, 'utf8'));
  for (const server of data.servers) server.port += shift;
  const path = join(dir, 'scenarios.json');
  writeFileSync(path, JSON.stringify(data, null, 2));
  return { path, ports: Object.fromEntries(data.servers.map((s) => [s.id, s.port])) };
}

// Resolves { code, signal, stdout, stderr, seconds }; onLine(line, child) sees each stdout line.
function runBench(args, { env = process.env, onLine = () => {} } = {}) {
  const started = Date.now();
  const child = spawn(process.execPath, [runJs, ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let partial = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    partial += chunk;
    const lines = partial.split('\n');
    partial = lines.pop();
    for (const line of lines) onLine(line, child);
  });
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const done = new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, seconds: (Date.now() - started) / 1000 }));
  });
  return { child, done };
}

function cmdlineOf(pid) {
  try { return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' '); } catch { return ''; }
}

function fdTargets(pid) {
  try {
    return readdirSync(`/proc/${pid}/fd`).map((fd) => { try { return readlinkSync(`/proc/${pid}/fd/${fd}`); } catch { return ''; } });
  } catch {
    return [];
  }
}

// Live (non-zombie) processes that belong to a bench on these ports: servers, wrappers, wrk, ab,
// and nginx workers (recognised by their error log in the runner's scratch folder for that port).
function leftoverProcesses(ports) {
  const portList = Object.values(ports);
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const stat = readStat(name);
    if (!stat || stat.state === 'Z') continue;
    const cmdline = cmdlineOf(name);
    const mentions = (text) => portList.some((p) => text.includes(`:${p}/`) || text.includes(`--port ${p}`) || text.includes(`-${p}/`));
    if (mentions(cmdline) || (stat.comm === 'nginx' && fdTargets(name).some((t) => mentions(t + '/')))) {
      found.push(`${name} ${stat.comm}: ${cmdline}`);
    }
  }
  return found;
}

module.exports = { scenariosWithPortShift, runBench, leftoverProcesses, repoRoot };
