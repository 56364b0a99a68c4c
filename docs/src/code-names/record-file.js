// The committed record of the guide's code names (docs/guide/code-names.json, made by
// docs/src/code-names/record.js): where it is, how a line's hash is made, and loading it for the
// build, which needs no compiler.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const RECORD_PATH = path.join('docs', 'guide', 'code-names.json');
const FORMAT = 1;

class RecordError extends Error {}

/** The short hash of a line's text the record keeps: links are made only where the line still reads so. */
function lineHash(text) {
  return crypto.createHash('sha1').update(text, 'utf8').digest('hex').slice(0, 8);
}

/** The committed record, or null when there is none. Throws naming the file when it is not valid. */
function loadRecord(root) {
  const file = path.join(root, RECORD_PATH);
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (err.code === 'ENOENT') return null;
    throw new RecordError(`${RECORD_PATH}: ${err.message}`);
  }
  let record;
  try {
    record = JSON.parse(text);
  } catch (err) {
    throw new RecordError(`${RECORD_PATH}: not valid JSON: ${err.message}`);
  }
  if (!record || record.format !== FORMAT || !record.files || typeof record.files !== 'object' || !record.declarations || typeof record.declarations !== 'object' || !Array.isArray(record.unresolved)) {
    throw new RecordError(`${RECORD_PATH}: not a code-name record of format ${FORMAT} (regenerate it with \`npm run code-names\`)`);
  }
  return record;
}

// An object as lines "key": value, one entry per line (each value on one line, or by `inner`).
function entryLines(object, indent, inner = (v) => JSON.stringify(v)) {
  const keys = Object.keys(object);
  if (keys.length === 0) return '{}';
  return `{\n${keys.map((k) => `${indent}  ${JSON.stringify(k)}: ${inner(object[k])}`).join(',\n')}\n${indent}}`;
}

/**
 * The record as its file holds it: a line per shown line of code, per declaration and per unresolved
 * name, so a regenerated record's changes read line by line.
 */
function formatRecord(record) {
  const parts = Object.keys(record).map((key) => {
    const value = record[key];
    let text;
    if (key === 'files') text = entryLines(value, '  ', (lines) => entryLines(lines, '    '));
    else if (key === 'declarations') text = entryLines(value, '  ');
    else if (key === 'unresolved') text = value.length ? `[\n${value.map((u) => `    ${JSON.stringify(u)}`).join(',\n')}\n  ]` : '[]';
    else if (value && typeof value === 'object' && !Array.isArray(value)) text = entryLines(value, '  ');
    else text = JSON.stringify(value);
    return `  ${JSON.stringify(key)}: ${text}`;
  });
  return `{\n${parts.join(',\n')}\n}\n`;
}

module.exports = { loadRecord, formatRecord, lineHash, RECORD_PATH, FORMAT, RecordError };
