// Results history: every accepted results JSON is kept as <HISTORY_DIR>/<YYYY-MM-DD>-<shortcommit>.json
// (date = environment.date, commit = first SHORT_COMMIT_LENGTH characters of environment.gitCommit).
// loadHistory() feeds the trend chart on the Benchmarks page.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { loadResultsFile } = require('./results-file');
const { inRepo, HISTORY_DIR } = require('./project-paths');

const DEFAULT_HISTORY_DIR = inRepo(HISTORY_DIR);
const SHORT_COMMIT_LENGTH = 7;
const HISTORY_FILE_PATTERN = /^\d{4}-\d{2}-\d{2}-[0-9a-f]{7}(-dirty)?\.json$/;

// gitCommit is a hex hash, optionally followed by "-dirty" (uncommitted changes at run time).
function historyFileName(results) {
  const env = results && results.environment;
  if (!env || typeof env.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(env.date)) {
    throw new Error(`environment.date must be YYYY-MM-DD to name a history file (got ${JSON.stringify(env && env.date)})`);
  }
  const match = typeof env.gitCommit === 'string' && /^([0-9a-f]{7,40})(-dirty)?$/i.exec(env.gitCommit);
  if (!match) {
    throw new Error(`environment.gitCommit must be a git commit hash (7-40 hex digits, optional -dirty) to name a history file (got ${JSON.stringify(env.gitCommit)})`);
  }
  return `${env.date}-${match[1].slice(0, SHORT_COMMIT_LENGTH).toLowerCase()}${match[2] ? '-dirty' : ''}.json`;
}

// Sort key: the run's date, then its start time, then the file name (stable for equal times).
function byDate(a, b) {
  return a.results.environment.date.localeCompare(b.results.environment.date)
    || Date.parse(a.results.startedAt) - Date.parse(b.results.startedAt)
    || a.file.localeCompare(b.file);
}

// loadHistory(dir) -> validated results, oldest first. A missing folder is an empty history.
// Throws naming the file when one is unreadable, invalid, or named differently from historyFileName().
function loadHistory(dir = DEFAULT_HISTORY_DIR) {
  let names;
  try { names = fs.readdirSync(dir); } catch (err) {
    if (err.code === 'ENOENT') return [];
    throw new Error(`cannot read history folder ${dir}: ${err.message}`);
  }
  const entries = [];
  for (const name of names) {
    // Dot files are temp files of an atomic write in progress (or editor leftovers).
    if (name.startsWith('.') || !name.endsWith('.json')) continue;
    const file = path.join(dir, name);
    if (!HISTORY_FILE_PATTERN.test(name)) {
      throw new Error(`${file}: history file names must be <YYYY-MM-DD>-<shortcommit>.json`);
    }
    const results = loadResultsFile(file);
    const expected = historyFileName(results);
    if (expected !== name) {
      throw new Error(`${file}: named ${name} but its environment.date and environment.gitCommit say ${expected}`);
    }
    entries.push({ file, results });
  }
  return entries.sort(byDate).map((e) => e.results);
}

module.exports = { loadHistory, historyFileName, DEFAULT_HISTORY_DIR, SHORT_COMMIT_LENGTH };
