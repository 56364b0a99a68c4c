'use strict';
// Where `npm run bench:setup` builds ($BENCH_HOME) and what it recorded there (state.json): read by the
// bench runner, the guide build (scripts/build-guide.js), the guide's tested-with note and tests. Every
// error names the setup command.
const { readFileSync } = require('node:fs');
const { benchHome, benchStateFile } = require('./project-paths');

const SETUP_HINT = 'run `npm run bench:setup` first';

const STATE_FIELDS = ['drogonVersion', 'trantorVersion', 'drogonPrefix', 'drogonServerBinary', 'nginxBinary',
  'nginxVersion', 'nginxHelloModule', 'wrkVersion', 'abVersion', 'builtAt'];

/** A state.json that is missing, not JSON or lacks a field; the message names the setup command. */
class BenchStateError extends Error {
  constructor(message) {
    super(message);
    this.name = 'BenchStateError';
  }
}

function loadBenchState(env = process.env) {
  const path = benchStateFile(env);
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new BenchStateError(`bench state ${path} not found (${err.code || err.message}): ${SETUP_HINT}`);
  }
  let state;
  try {
    state = JSON.parse(text);
  } catch (err) {
    throw new BenchStateError(`bench state ${path} is not valid JSON (${err.message}): ${SETUP_HINT}`);
  }
  const missing = STATE_FIELDS.filter((f) => typeof state[f] !== 'string' || state[f].trim() === '');
  if (missing.length) throw new BenchStateError(`bench state ${path}: missing or empty field(s) ${missing.join(', ')}: ${SETUP_HINT}`);
  return { path, state };
}

module.exports = { benchHome, loadBenchState, BenchStateError, STATE_FIELDS, SETUP_HINT };
