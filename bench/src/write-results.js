'use strict';
// Stage 5: validate the results against bench/results.schema.json, then write them atomically
// (temp file in the same folder + fsync + rename), so a reader never sees a half-written file.
const { openSync, writeSync, fsyncSync, closeSync, renameSync, rmSync, mkdirSync } = require('node:fs');
const { dirname, join, basename } = require('node:path');
const { validateAgainst } = require('./json-schema');

const resultsSchemaPath = join(__dirname, '..', 'results.schema.json');
let pendingTemp = null;

function validateResults(results) {
  return validateAgainst(resultsSchemaPath, results, 'results');
}

function writeFileAtomic(path, text) {
  mkdirSync(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  pendingTemp = temp;
  try {
    const fd = openSync(temp, 'w');
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } finally {
    removePendingTemp();
  }
}

// For exit paths: a temp file left by an interrupted write is removed, never renamed.
function removePendingTemp() {
  if (pendingTemp) rmSync(pendingTemp, { force: true });
  pendingTemp = null;
}

function writeResults(path, results) {
  validateResults(results);
  writeFileAtomic(path, JSON.stringify(results, null, 2) + '\n');
}

module.exports = { validateResults, writeResults, writeFileAtomic, removePendingTemp, resultsSchemaPath };
