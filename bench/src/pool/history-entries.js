'use strict';
// The history as pooling and calibration read it: every file of bench/results/history/ that passes the
// results schema, with its sha256; a file that does not is refused by name with the reason (printed by
// the caller and listed on the page's provenance), never pooled and never fatal.
const fs = require('node:fs');
const path = require('node:path');
const { createHash } = require('node:crypto');
const { loadResultsFile } = require('../../../shared/src/results-file');
const { historyFileName, DEFAULT_HISTORY_DIR } = require('../../../shared/src/results-history');
const { displayPath } = require('../../../shared/src/project-paths');

// -> { entries: [{ file, sha256, results }] oldest first, refused: [{ file, reason }] }
function readHistoryEntries(dir = DEFAULT_HISTORY_DIR) {
  let names;
  try { names = fs.readdirSync(dir); } catch (err) {
    if (err.code === 'ENOENT') return { entries: [], refused: [] };
    throw new Error(`cannot read history folder ${dir}: ${err.message}`);
  }
  const entries = [];
  const refused = [];
  for (const name of names.sort()) {
    if (name.startsWith('.') || !name.endsWith('.json')) continue; // temp files of an atomic write
    const file = path.join(dir, name);
    const shown = displayPath(file);
    try {
      const results = loadResultsFile(file);
      const expected = historyFileName(results);
      if (expected !== name) throw new Error(`named ${name} but its environment.date and environment.gitCommit say ${expected}`);
      const sha256 = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
      entries.push({ file: shown, sha256, results });
    } catch (err) {
      refused.push({ file: shown, reason: String(err.message).replace(file, shown).split('\n').slice(0, 3).join(' ') });
    }
  }
  entries.sort((a, b) => Date.parse(a.results.startedAt) - Date.parse(b.results.startedAt) || a.file.localeCompare(b.file));
  return { entries, refused };
}

// The same run (a results file and its copy in the history): same start and same commit.
function sameRun(a, b) {
  return a.startedAt === b.startedAt && a.environment.gitCommit === b.environment.gitCommit;
}

module.exports = { readHistoryEntries, sameRun };
