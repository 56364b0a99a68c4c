#!/usr/bin/env node
'use strict';
// npm run bench:pool [-- --results FILE] [--history-dir DIR]
// Recomputes a results file's pooled block (its comparisons pooled with the runs of its hardware class
// in the history, machines as a level, the other classes' headlines, and the calibration figures:
// bench/src/pool/) after the history changed, and writes the file
// again, validated and atomically. Only the pooled block changes; no figure of the run itself does.
const { parseArgs } = require('node:util');
const { poolWithHistory } = require('./pool/pool-runs');
const { hardwareClassOf } = require('../../shared/src/hardware-class');
const { loadResultsFile, writeResults } = require('../../shared/src/results-file');
const { DEFAULT_HISTORY_DIR } = require('../../shared/src/results-history');
const { displayPath, inRepo, RESULTS_FILE } = require('../../shared/src/project-paths');

function main(argv) {
  const { values } = parseArgs({ args: argv, options: { 'history-dir': { type: 'string' }, results: { type: 'string' } } });
  const file = values.results || inRepo(RESULTS_FILE);
  const results = loadResultsFile(file);
  if (results.schemaVersion < 3) throw new Error(`${displayPath(file)} is schemaVersion ${results.schemaVersion}: only runs made with blocks (schemaVersion 3) carry a pooled block`);
  if (results.profile !== 'default' || results.method.complete === false) throw new Error(`${displayPath(file)} is not a complete default-profile run: only those are pooled`);
  try { hardwareClassOf(results.environment); } catch (err) {
    throw new Error(`${displayPath(file)}: ${err.message}; it cannot be pooled`);
  }
  results.pooled = poolWithHistory(results, { confidence: results.method.bootstrap.confidence, historyDir: values['history-dir'] || DEFAULT_HISTORY_DIR, label: displayPath(file) });
  writeResults(file, results);
  const p = results.pooled;
  console.log(`pooled: ${displayPath(file)}: hardware class ${p.hardwareClass}${p.hardwareClassInferred ? ' (inferred)' : ''}: ${p.comparisons.length} comparisons pooled over up to ${p.runs.length} runs from ${p.machines.length} machine(s) (${p.machines.map((m) => `${m.id}${m.inferred ? ' inferred' : ''}: ${m.kernel}, ${m.runs} run(s)`).join('; ')}); ${p.excluded.length} history files left out; ${p.otherClasses.length} other class(es) shown beside it`);
  for (const e of p.excluded) console.log(`  left out: ${e.file}: ${e.reason}`);
  return 0;
}

if (require.main === module) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (err) {
    console.error(`error: [bench:pool] ${err.message}`);
    process.exitCode = 1;
  }
}

module.exports = { main };
