// Validates a results JSON against bench/results.schema.json (the contract with the bench) before
// anything is rendered. The error names the field: `results/environment/cpuModel: must be string`.
'use strict';
const path = require('node:path');
// The bench's compiled-schema cache: the history loader (bench/src/history.js) validates with the same
// schema file, so the schema is compiled once per process.
const { compileSchemaFile } = require('../../../bench/src/json-schema');

const schemaPath = path.join(__dirname, '..', '..', '..', 'bench', 'results.schema.json');

// The field an ajv error is about: for a missing or extra property, the property itself.
function fieldOf(error, label) {
  let field = label + error.instancePath;
  if (error.keyword === 'required') field += `/${error.params.missingProperty}`;
  if (error.keyword === 'additionalProperties') field += `/${error.params.additionalProperty}`;
  return field;
}

function describe(error, label) {
  let message = error.message;
  if (error.keyword === 'additionalProperties') message = 'is not in the schema';
  if (error.keyword === 'enum') message += ` (${error.params.allowedValues.map((v) => JSON.stringify(v)).join(', ')})`;
  if (error.keyword === 'const') message += ` (${JSON.stringify(error.params.allowedValue)})`;
  return `${fieldOf(error, label)}: ${message}`;
}

// A oneOf (ok run | failed run, null | summary) reports the errors of every branch. Keep the branch
// that was meant: drop a run branch whose `status` constant did not match, the "must be null" branch,
// and the generic "must match exactly one schema" line, whenever something more specific remains.
function specificErrors(all) {
  const statusMisses = all
    .filter((e) => e.keyword === 'const' && e.instancePath.endsWith('/status') && /\/oneOf\/\d+\//.test(e.schemaPath))
    .map((e) => ({ at: e.instancePath.slice(0, -'/status'.length), branch: e.schemaPath.match(/^.*\/oneOf\/\d+\//)[0] }));
  // When no branch's status matched (a bogus status), every branch stays: the status error is the point.
  const wrongBranches = statusMisses.filter((w) => statusMisses.filter((o) => o.at === w.at).length === 1);
  const inWrongBranch = (e) => wrongBranches.some((w) => (e.instancePath === w.at || e.instancePath.startsWith(`${w.at}/`)) && e.schemaPath.startsWith(w.branch));
  const generic = (e) => e.keyword === 'oneOf' || (e.keyword === 'type' && e.params.type === 'null');
  const kept = all.filter((e) => !inWrongBranch(e) && !generic(e));
  return kept.length > 0 ? kept : all;
}

/**
 * Throws an Error naming the offending field(s) when `results` does not match the schema.
 * `label` names the input in the message, e.g. "results" or "history[2]".
 */
function validateResults(results, label = 'results') {
  const validate = compileSchemaFile(schemaPath);
  if (validate(results)) return results;
  const errors = specificErrors(validate.errors)
    .sort((a, b) => fieldOf(b, '').split('/').length - fieldOf(a, '').split('/').length);
  const lines = [...new Set(errors.map((e) => describe(e, label)))];
  const shown = lines.slice(0, 8);
  const more = lines.length > shown.length ? `\n  (${lines.length - shown.length} more)` : '';
  const err = new Error(`${label} is not valid against bench/results.schema.json:\n  ${shown.join('\n  ')}${more}`);
  err.field = fieldOf(errors[0], label);
  err.validationErrors = validate.errors;
  throw err;
}

module.exports = { validateResults, schemaPath };
