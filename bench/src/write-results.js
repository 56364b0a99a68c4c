'use strict';
// Stage 5: validate the results against bench/results.schema.json, then write them atomically
// (temp file in the same folder + fsync + rename, docs/src/fs-atomic.js), so a reader never sees a
// half-written file and invalid results are never written at all.
const { join } = require('node:path');
const { validateAgainst } = require('./json-schema');
const { writeJsonAtomic } = require('../../docs/src/fs-atomic');

const resultsSchemaPath = join(__dirname, '..', 'results.schema.json');

function validateResults(results) {
  return validateAgainst(resultsSchemaPath, results, 'results');
}

function writeResults(path, results) {
  validateResults(results);
  writeJsonAtomic(path, results);
}

module.exports = { validateResults, writeResults, resultsSchemaPath };
