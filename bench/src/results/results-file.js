'use strict';
// The results file: checked against bench/results.schema.json when it is written and when it is read,
// and written atomically (temp file in the same folder + fsync + rename, shared/fs-atomic.js), so a
// reader never sees a half-written file and invalid results are never written at all.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { validateAgainst } = require('../shared/json-schema');
const { writeJsonAtomic } = require('../shared/fs-atomic');

const resultsSchemaPath = join(__dirname, '..', '..', 'results.schema.json');

// Throws an Error naming the source (file) and the failing fields when results break the schema.
function validateResults(results, source = 'results') {
  return validateAgainst(resultsSchemaPath, results, source);
}

// Reads and validates one results file; errors name the file.
function loadResultsFile(file) {
  let text;
  try { text = readFileSync(file, 'utf8'); } catch (err) {
    throw new Error(`cannot read results file ${file}: ${err.message}`);
  }
  let results;
  try { results = JSON.parse(text); } catch (err) {
    throw new Error(`${file} is not valid JSON: ${err.message}`);
  }
  return validateResults(results, file);
}

function writeResults(path, results) {
  validateResults(results);
  writeJsonAtomic(path, results);
}

module.exports = { validateResults, loadResultsFile, writeResults, resultsSchemaPath };
