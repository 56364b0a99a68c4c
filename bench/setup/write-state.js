#!/usr/bin/env node
// Writes $BENCH_HOME/state.json for bench/setup.sh, atomically, from field=value arguments.
// Every field of the agreed interface must be present and non-empty; builtAt is added here.
// Usage: node bench/setup/write-state.js <state.json> field=value...
'use strict';
const { writeJsonAtomic } = require('../../shared/src/fs-atomic');

const REQUIRED = ['drogonVersion', 'trantorVersion', 'drogonPrefix', 'drogonServerBinary', 'nginxBinary',
  'nginxVersion', 'nginxHelloModule', 'wrkVersion', 'abVersion'];

function buildState(pairs, now = new Date()) {
  const state = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`argument "${pair}" is not field=value`);
    state[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const missing = REQUIRED.filter((f) => typeof state[f] !== 'string' || state[f] === '');
  if (missing.length) throw new Error(`state field(s) missing or empty: ${missing.join(', ')}`);
  state.builtAt = now.toISOString();
  return state;
}

if (require.main === module) {
  const [target, ...pairs] = process.argv.slice(2);
  try {
    if (!target) throw new Error('usage: node bench/setup/write-state.js <state.json> field=value...');
    writeJsonAtomic(target, buildState(pairs));
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}

module.exports = { buildState, REQUIRED };
