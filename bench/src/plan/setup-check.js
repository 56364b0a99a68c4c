'use strict';
// Checks that what `npm run bench:setup` built is there for the plan: the setup's state (a BenchError,
// exit code 2, when it is missing or incomplete) and the tools and binaries the plan's parts need. Every
// error names the setup command.
const { accessSync, constants } = require('node:fs');
const { join, delimiter, isAbsolute } = require('node:path');
const { loadBenchState: readBenchState, BenchStateError } = require('../../../shared/src/bench-state');
const { BenchError, SETUP_HINT } = require('../helpers/errors');

/** { path, state } of $BENCH_HOME/state.json; a BenchError naming the setup command when unusable. */
function loadBenchState(env = process.env) {
  try {
    return readBenchState(env);
  } catch (err) {
    if (err instanceof BenchStateError) throw new BenchError(err.message);
    throw err;
  }
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

module.exports = { loadBenchState, checkTools, findOnPath };
