'use strict';
// Checks that what `npm run bench:setup` built is there for the plan: the setup's state (a BenchError,
// exit code 2, when it is missing or incomplete) and the tools and binaries the plan's parts need. Every
// error names the setup command.
const { accessSync, constants } = require('node:fs');
const { join, delimiter, isAbsolute } = require('node:path');
const { loadBenchState: readBenchState, BenchStateError } = require('../../../shared/src/bench-state');
const { BenchError, SETUP_HINT } = require('../helpers/errors');
const { partsIn } = require('../parts/part-list');
const { allServers } = require('../servers/plan-servers');

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

// Tools: those each part of the plan runs (parts/part.js: tools: load generators, valgrind, strace, the
// counted cases' clients), plus taskset (pinning) and bash (ulimit wrapper); then what else of the
// setup a part needs (oha for the fixed-rate levels, built by the setup, not on PATH); then the built
// binaries of every server the plan starts.
function checkTools(plan, benchStatePath, state) {
  const parts = partsIn(plan);
  const needed = new Set(['bash', 'taskset', ...parts.flatMap((part) => part.plan.tools(plan[part.name]))]);
  const missing = [...needed].filter((t) => !findOnPath(t));
  if (missing.length) throw new BenchError(`missing tool(s) on PATH: ${missing.join(', ')}: ${SETUP_HINT}`);
  for (const part of parts) part.plan.checkSetup(plan[part.name], state, benchStatePath);
  for (const server of allServers(plan)) {
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
