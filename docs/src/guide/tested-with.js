#!/usr/bin/env node
// "Tested with" on every guide page: docs/guide/tested-with.json holds the Drogon version, compiler
// and platform the guide's examples are built and tested with. It is written from the bench setup's
// recorded state ($BENCH_HOME/state.json) and /etc/os-release by this script, never typed, and a test
// fails when it differs from the current state, so a page cannot claim a version nobody tested.
//
//   node docs/src/guide/tested-with.js           prints the current values and whether the file matches
//   node docs/src/guide/tested-with.js --write   writes docs/guide/tested-with.json (atomically)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { writeJsonAtomic } = require('../../../shared/src/fs-atomic');
const { benchStateFile } = require('../../../shared/src/project-paths');

const repoRoot = path.join(__dirname, '..', '..', '..');
const TESTED_WITH_FILE = path.join('docs', 'guide', 'tested-with.json');
// Field of tested-with.json -> field of state.json it is copied from (null: not from state.json).
const FIELDS = {
  drogonVersion: 'drogonVersion',
  trantorVersion: 'trantorVersion',
  drogonSourcePackage: 'drogonSourceVersion',
  compiler: 'compiler',
  cxxStandard: 'cxxStandard',
  sqlitePackage: 'sqlitePackageVersion',
  libpqPackage: 'libpqPackageVersion',
  postgresqlPackage: 'postgresqlPackageVersion',
  os: null,
};
// Debian 12 ships PostgreSQL's minor releases and security fixes as point updates (15.18-0+deb12u1 ->
// 15.20-0+deb12u1 within weeks): the guide is tested with PostgreSQL 15 and SQLite 3.40.1 whatever the
// point update, so those are recorded at that precision and a fresh machine does not fail the test.
const upstreamVersion = (debianVersion) => debianVersion.replace(/^\d+:/, '').replace(/-[^-]*$/, '');
const NORMALIZE = {
  sqlitePackage: upstreamVersion,
  libpqPackage: (v) => upstreamVersion(v).split('.')[0],
  postgresqlPackage: (v) => upstreamVersion(v).split('.')[0],
};
const COMMENT = 'Written by `node docs/src/guide/tested-with.js --write` from $BENCH_HOME/state.json (npm run bench:setup) and /etc/os-release; never edit by hand. docs/test/guide/tested-with.test.js fails when it differs from the current state.';

function osName(osReleasePath = '/etc/os-release') {
  let text;
  try {
    text = fs.readFileSync(osReleasePath, 'utf8');
  } catch (err) {
    throw new Error(`tested-with: cannot read ${osReleasePath}: ${err.code || err.message}`);
  }
  const m = /^PRETTY_NAME=(?:"([^"]*)"|(\S+))$/m.exec(text);
  if (!m) throw new Error(`tested-with: ${osReleasePath} has no PRETTY_NAME`);
  return m[1] ?? m[2];
}

/** The values the setup recorded now: { values, statePath }. Throws naming the missing field. */
function currentTestedWith({ env = process.env, osReleasePath } = {}) {
  const statePath = benchStateFile(env);
  let state;
  try {
    state = JSON.parse(fs.readFileSync(statePath, 'utf8'));
  } catch (err) {
    throw new Error(`tested-with: cannot read ${statePath} (run \`npm run bench:setup\`): ${err.code || err.message}`);
  }
  const values = {};
  for (const [field, from] of Object.entries(FIELDS)) {
    values[field] = from === null ? osName(osReleasePath) : state[from];
    if (NORMALIZE[field] && typeof values[field] === 'string') values[field] = NORMALIZE[field](values[field]);
    if (typeof values[field] !== 'string' || values[field].trim() === '') {
      throw new Error(`tested-with: ${statePath} has no "${from}" (needed for ${field}); run \`npm run bench:setup\``);
    }
  }
  return { values, statePath };
}

/** Reads and validates docs/guide/tested-with.json under root. */
function loadTestedWith(root = repoRoot) {
  const file = path.join(root, TESTED_WITH_FILE);
  let data;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${TESTED_WITH_FILE}: cannot load (write it with \`node docs/src/guide/tested-with.js --write\`): ${err.message}`);
  }
  for (const field of Object.keys(FIELDS)) {
    if (typeof data[field] !== 'string' || data[field].trim() === '') throw new Error(`${TESTED_WITH_FILE}: ${field}: expected a non-empty string`);
    if (/[\r\n]/.test(data[field])) throw new Error(`${TESTED_WITH_FILE}: ${field}: must be one line`);
  }
  for (const key of Object.keys(data)) {
    if (key !== '$comment' && !(key in FIELDS)) throw new Error(`${TESTED_WITH_FILE}: ${key}: unknown field (known: ${Object.keys(FIELDS).join(', ')})`);
  }
  return data;
}

/** Fields whose committed value differs from the current one: [{ field, committed, current }]. */
function differences(committed, current) {
  return Object.keys(FIELDS).filter((f) => committed[f] !== current[f]).map((f) => ({ field: f, committed: committed[f], current: current[f] }));
}

if (require.main === module) {
  try {
    const { values, statePath } = currentTestedWith();
    if (process.argv.includes('--write')) {
      writeJsonAtomic(path.join(repoRoot, TESTED_WITH_FILE), { $comment: COMMENT, ...values });
      console.log(`tested-with: wrote ${TESTED_WITH_FILE} from ${statePath}; run \`npm run build\` to update the pages`);
    } else {
      let committed = null;
      try { committed = loadTestedWith(); } catch (err) { console.log(err.message); }
      const diff = committed ? differences(committed, values) : [];
      for (const [k, v] of Object.entries(values)) console.log(`${k}: ${v}`);
      if (!committed || diff.length) {
        for (const d of diff) console.log(`differs: ${d.field}: committed ${JSON.stringify(d.committed)}, current ${JSON.stringify(d.current)}`);
        console.log('run `node docs/src/guide/tested-with.js --write`, then `npm run build`');
        process.exit(1);
      }
      console.log(`tested-with: ${TESTED_WITH_FILE} equals the current state (${statePath})`);
    }
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}

module.exports = { currentTestedWith, loadTestedWith, differences, osName, upstreamVersion, FIELDS, TESTED_WITH_FILE };
