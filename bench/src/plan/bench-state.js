'use strict';
// Reads what `npm run bench:setup` built ($BENCH_HOME/state.json) and checks that the tools and
// binaries the plan needs are there. Every error names the setup command.
const { readFileSync, accessSync, constants } = require('node:fs');
const { join, delimiter, isAbsolute } = require('node:path');
const { homedir } = require('node:os');
const { BenchError, SETUP_HINT } = require('../shared/errors');

const STATE_FIELDS = ['drogonVersion', 'trantorVersion', 'drogonPrefix', 'drogonServerBinary', 'nginxBinary',
  'nginxVersion', 'nginxHelloModule', 'wrkVersion', 'abVersion', 'builtAt'];

function benchHome(env = process.env) {
  return env.DROGON_BENCH_HOME || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'drogon-docs-bench');
}

function loadBenchState(env = process.env) {
  const path = join(benchHome(env), 'state.json');
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new BenchError(`bench state ${path} not found (${err.code || err.message}): ${SETUP_HINT}`);
  }
  let state;
  try {
    state = JSON.parse(text);
  } catch (err) {
    throw new BenchError(`bench state ${path} is not valid JSON (${err.message}): ${SETUP_HINT}`);
  }
  const missing = STATE_FIELDS.filter((f) => typeof state[f] !== 'string' || state[f].trim() === '');
  if (missing.length) throw new BenchError(`bench state ${path}: missing or empty field(s) ${missing.join(', ')}: ${SETUP_HINT}`);
  return { path, state };
}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findOnPath(name, env = process.env) {
  if (isAbsolute(name)) return isExecutable(name) ? name : null;
  for (const dir of (env.PATH || '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return null;
}

// Tools: the load generators of the plan's parts, valgrind for the instruction counts, strace for the
// system-call counts, plus taskset
// (pinning) and bash (ulimit wrapper); the built binaries of every server the plan starts, and oha
// (built by the setup, not on PATH) for the fixed-rate levels.
function checkTools(plan, benchStatePath, state) {
  const needed = new Set(['bash', 'taskset', ...plan.scenarios.map((s) => s.tool), ...(plan.json ? plan.json.scenarios.map((s) => s.tool) : [])]);
  if (plan.sweep) needed.add(plan.sweep.tool);
  // A counted case's load runs its command's program (node for the lock-step client, h2load, ab).
  if (plan.instructions) {
    needed.add('valgrind');
    for (const c of plan.instructions.cases) needed.add(c.command[0]);
  }
  if (plan.syscalls) {
    needed.add(plan.syscalls.straceCommand[0]);
    for (const c of plan.syscalls.cases) needed.add(c.command[0]);
  }
  const missing = [...needed].filter((t) => !findOnPath(t));
  if (missing.length) throw new BenchError(`missing tool(s) on PATH: ${missing.join(', ')}: ${SETUP_HINT}`);
  if (plan.fixedRate) {
    try {
      accessSync(state.ohaBinary, constants.X_OK);
    } catch {
      throw new BenchError(`fixed-rate levels: ohaBinary = ${state.ohaBinary} (from ${benchStatePath}) does not exist or is not executable: ${SETUP_HINT}`);
    }
  }
  for (const server of [...plan.servers, ...(plan.json ? plan.json.servers : [])]) {
    const fields = [server.binaryFrom, ...(server.nginxModulesFrom || [])];
    for (const field of fields) {
      const file = state[field];
      try {
        accessSync(file, field === server.binaryFrom ? constants.X_OK : constants.R_OK);
      } catch {
        throw new BenchError(`server "${server.id}": ${field} = ${file} (from ${benchStatePath}) does not exist or is not usable: ${SETUP_HINT}`);
      }
    }
  }
}

module.exports = { benchHome, loadBenchState, checkTools, findOnPath, STATE_FIELDS };
