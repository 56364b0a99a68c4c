// Validates a results JSON against the results schema (the contract with the bench) before
// anything is rendered. The error names the field: `results/environment/cpuModel: must be string`,
// or `results/scenarios/0/comparisons/1/other: unknown server id "x" (not in /servers/*/id)` (the
// schema's referenceTo keyword). The wording of schema errors and the checks a reference cannot make
// (duplicate ids) are shared with the browser, which validates a reader's own results file the same
// way (shared/src/figures/results-validation.js).
'use strict';
// The bench's compiled-schema cache: the history loader (shared/src/results-history.js) validates with the same
// schema file, so the schema is compiled once per process.
const { compileSchemaFile } = require('../../../shared/src/json-schema');
const { describeValidationErrors, checkReferences } = require('../../../shared/src/figures/results-validation');
const { inRepo, RESULTS_SCHEMA } = require('../../../shared/src/project-paths');

const schemaPath = inRepo(RESULTS_SCHEMA);

/**
 * Throws an Error naming the offending field(s) when `results` does not match the schema, or when its
 * ids do not resolve. `label` names the input in the message, e.g. "results" or "history[2]".
 */
function validateResults(results, label = 'results') {
  const validate = compileSchemaFile(schemaPath);
  if (!validate(results)) {
    const { field, lines } = describeValidationErrors(validate.errors, label);
    const shown = lines.slice(0, 8);
    const more = lines.length > shown.length ? `\n  (${lines.length - shown.length} more)` : '';
    const err = new Error(`${label} is not valid against ${RESULTS_SCHEMA}:\n  ${shown.join('\n  ')}${more}`);
    err.field = field;
    err.validationErrors = validate.errors;
    throw err;
  }
  checkReferences(results, label);
  return results;
}

module.exports = { validateResults, schemaPath };
