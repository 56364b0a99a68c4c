'use strict';
// JSON Schema (draft 2020-12) validation shared by the scenario loader and the results writer,
// with error messages that name the offending field by its JSON path.
const { readFileSync } = require('node:fs');
const Ajv2020 = require('ajv/dist/2020').default;
const addFormats = require('ajv-formats');
const { addReferenceKeyword } = require('./schema-references');

const compiled = new Map();

function compileSchemaFile(schemaPath) {
  if (!compiled.has(schemaPath)) {
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
    addFormats(ajv);
    addReferenceKeyword(ajv); // "referenceTo": a field naming a member of a collection of the same file
    compiled.set(schemaPath, ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8'))));
  }
  return compiled.get(schemaPath);
}

// "/profiles/quick/scenarios/0/connections" is what a reader can find in the file; the root is "(root)".
function describeError(error) {
  let path = error.instancePath || '';
  if (error.keyword === 'required') path += '/' + error.params.missingProperty;
  if (error.keyword === 'additionalProperties') path += '/' + error.params.additionalProperty;
  const field = path === '' ? '(root)' : path;
  let message = error.message;
  if (error.keyword === 'required') message = 'is required but missing';
  if (error.keyword === 'additionalProperties') message = 'is not an allowed field';
  if (error.keyword === 'enum') message += ': ' + error.params.allowedValues.map((v) => JSON.stringify(v)).join(', ');
  if (error.keyword === 'const') message += ' ' + JSON.stringify(error.params.allowedValue);
  return `${field}: ${message}`;
}

// Keeps the most specific messages: oneOf/anyOf/if wrappers only repeat what their branches said.
// Unknown references come last: a malformed id is the cause, the references to it only follow.
function schemaErrorLines(errors) {
  const wrappers = new Set(['oneOf', 'anyOf', 'if', 'allOf']);
  const specific = errors.filter((e) => !wrappers.has(e.keyword));
  const kept = specific.length ? specific : errors;
  const lines = [...kept.filter((e) => e.keyword !== 'referenceTo'), ...kept.filter((e) => e.keyword === 'referenceTo')].map(describeError);
  return [...new Set(lines)];
}

const SHOWN_LINES = 20; // a renamed server id breaks every reference to it: thousands of lines

class SchemaError extends Error {
  constructor(label, errors) {
    const lines = schemaErrorLines(errors);
    const more = lines.length > SHOWN_LINES ? `\n  (${lines.length - SHOWN_LINES} more)` : '';
    super(`${label} is invalid:\n  ` + lines.slice(0, SHOWN_LINES).join('\n  ') + more);
    this.name = 'SchemaError';
    this.fields = lines;
  }
}

function validateAgainst(schemaPath, data, label) {
  const validate = compileSchemaFile(schemaPath);
  if (!validate(data)) throw new SchemaError(label, validate.errors);
  return data;
}

module.exports = { compileSchemaFile, validateAgainst, SchemaError, schemaErrorLines };
