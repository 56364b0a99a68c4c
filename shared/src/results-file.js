'use strict';
// The results file: checked against the results schema (RESULTS_SCHEMA) when it is written and when it is read,
// and written atomically (temp file in the same folder + fsync + rename, shared/src/fs-atomic.js), so a
// reader never sees a half-written file and invalid results are never written at all.
const { readFileSync } = require('node:fs');
const { validateAgainst } = require('./json-schema');
const { writeJsonAtomic } = require('./fs-atomic');
const { inRepo, RESULTS_SCHEMA } = require('./project-paths');
const { hardwareClassOf } = require('./hardware-class');

const resultsSchemaPath = inRepo(RESULTS_SCHEMA);

// A results file is at most MAX_RESULTS_BYTES (a default-profile run writes about 2 MiB; every string
// of the schema has its own maxLength too). A file above MAX_PARSE_BYTES is not even parsed; one in
// between is parsed and checked against the schema first, so an oversized field is named by its path.
const MAX_RESULTS_BYTES = 16 * 1024 * 1024;
const MAX_PARSE_BYTES = 256 * 1024 * 1024;
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

// Throws naming the file when its size is over the limit (parse: the limit before parsing at all).
function checkResultsSize(bytes, source, { parse = false } = {}) {
  const limit = parse ? MAX_PARSE_BYTES : MAX_RESULTS_BYTES;
  if (bytes > limit) throw new Error(`${source} is ${mib(bytes)}, over the ${mib(limit)} a results file may have`);
}

// Throws an Error naming the source (file) and the failing fields when results break the schema.
// Beyond the schema: a recorded hardware class must be the one its environment defines (a file edited
// by hand, or made by another definition, would otherwise pool with runs it does not belong with).
function validateResults(results, source = 'results') {
  const valid = validateAgainst(resultsSchemaPath, results, source);
  const env = results.environment;
  if (env.hardwareClass !== undefined) {
    const computed = hardwareClassOf(env).id;
    if (computed !== env.hardwareClass) throw new Error(`${source}: environment.hardwareClass is ${env.hardwareClass} but its environment defines ${computed} (shared/src/hardware-class.js)`);
  }
  return valid;
}

// Reads and validates one results file; errors name the file (and the field, then the size).
function loadResultsFile(file) {
  let text;
  try { text = readFileSync(file); } catch (err) {
    throw new Error(`cannot read results file ${file}: ${err.message}`);
  }
  checkResultsSize(text.length, file, { parse: true });
  let results;
  try { results = JSON.parse(text.toString('utf8')); } catch (err) {
    throw new Error(`${file} is not valid JSON: ${err.message}`);
  }
  validateResults(results, file);
  checkResultsSize(text.length, file);
  return results;
}

function writeResults(path, results) {
  validateResults(results);
  checkResultsSize(Buffer.byteLength(JSON.stringify(results, null, 2)), 'results');
  writeJsonAtomic(path, results);
}

module.exports = { validateResults, loadResultsFile, writeResults, checkResultsSize, resultsSchemaPath, MAX_RESULTS_BYTES, MAX_PARSE_BYTES };
