#!/usr/bin/env node
// Keeps an accepted results JSON in the history: copies the results file to
// <history>/<YYYY-MM-DD>-<shortcommit>.json (shared/src/project-paths.js names both), atomically (temp file + rename), after validating it.
// Idempotent: recording the same file twice leaves one identical copy. A different results file with the
// same date and commit (a re-run) replaces the earlier one, and says so.
//   node bench/src/record-history.js [--results FILE] [--history-dir DIR]
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { loadResultsFile } = require('../../shared/src/results-file');
const { historyFileName, DEFAULT_HISTORY_DIR } = require('../../shared/src/results-history');
const { writeFileAtomic } = require('../../shared/src/fs-atomic');
const { inRepo, RESULTS_FILE } = require('../../shared/src/project-paths');

const DEFAULT_RESULTS_FILE = inRepo(RESULTS_FILE);

// The history (and the trend chart drawn from it) holds runs of the complete default profile only: a quick
// run or a selection (--scenarios, --parts, ...) measures something else and would break the trend.
function checkRecordable(results, resultsFile) {
  if (results.profile !== 'default') {
    throw new Error(`${resultsFile} is a run of the "${results.profile}" profile; the history keeps only complete runs of the default profile`);
  }
  if (results.method.complete === false) {
    throw new Error(`${resultsFile} is a selection of the default profile (method.complete is false); the history keeps only complete runs`);
  }
}

// recordHistory({ resultsFile, historyDir }) -> { file, action: 'created' | 'unchanged' | 'replaced' }
function recordHistory({ resultsFile = DEFAULT_RESULTS_FILE, historyDir = DEFAULT_HISTORY_DIR } = {}) {
  const results = loadResultsFile(resultsFile);
  checkRecordable(results, resultsFile);
  const file = path.join(historyDir, historyFileName(results));
  // Copy the bytes as validated: the history file is exactly the results file that was accepted.
  const content = fs.readFileSync(resultsFile);
  let existing = null;
  try { existing = fs.readFileSync(file); } catch (err) {
    if (err.code !== 'ENOENT') throw new Error(`cannot read existing history file ${file}: ${err.message}`);
  }
  if (existing && existing.equals(content)) return { file, action: 'unchanged' };
  writeFileAtomic(file, content);
  return { file, action: existing ? 'replaced' : 'created' };
}

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--results' || arg === '--history-dir') {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      options[arg === '--results' ? 'resultsFile' : 'historyDir'] = argv[++i];
    } else throw new Error(`unknown argument ${arg}`);
  }
  return options;
}

if (require.main === module) {
  try {
    const { file, action } = recordHistory(parseArgs(process.argv.slice(2)));
    const rel = path.relative(process.cwd(), file);
    console.log(action === 'unchanged' ? `history: ${rel} already recorded, unchanged`
      : action === 'replaced' ? `history: replaced ${rel} (a re-run with the same date and commit)`
        : `history: recorded ${rel}`);
  } catch (err) {
    console.error(`error: [record-history] ${err.message}`);
    process.exitCode = 1;
  }
}

module.exports = { recordHistory, DEFAULT_RESULTS_FILE };
