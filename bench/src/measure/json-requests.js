'use strict';
// The requests of the JSON application's checks (bench/json/requests.json) with their bodies built:
// a body is a file under bench/json/, literal text, hex bytes (invalid UTF-8) or a repeated unit
// (large and deeply nested bodies are generated rather than stored).
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { BenchError } = require('../helpers/errors');

const JSON_DIR = join(__dirname, '..', '..', 'json');
const REQUESTS_FILE = join(JSON_DIR, 'requests.json');

function buildBody(spec, where) {
  if (spec === undefined) return null;
  const kinds = ['file', 'text', 'hex', 'repeat'].filter((k) => spec[k] !== undefined);
  if (kinds.length !== 1) throw new BenchError(`${where}: body needs exactly one of file, text, hex, repeat`);
  if (spec.file !== undefined) {
    try {
      return readFileSync(join(JSON_DIR, spec.file));
    } catch (err) {
      throw new BenchError(`${where}: body file bench/json/${spec.file}: ${err.code || err.message}`);
    }
  }
  if (spec.text !== undefined) return Buffer.from(String(spec.text), 'utf8');
  if (spec.hex !== undefined) {
    if (!/^([0-9a-f]{2})*$/i.test(spec.hex)) throw new BenchError(`${where}: body.hex must be pairs of hex digits`);
    return Buffer.from(spec.hex, 'hex');
  }
  const { prefix = '', unit, separator = '', times, suffix = '' } = spec.repeat;
  if (typeof unit !== 'string' || !Number.isInteger(times) || times < 1) {
    throw new BenchError(`${where}: body.repeat needs a string unit and an integer times >= 1`);
  }
  return Buffer.from(prefix + Array(times).fill(unit).join(separator) + suffix, 'utf8');
}

function describeBody(spec) {
  if (!spec) return 'no body';
  if (spec.file) return `body bench/json/${spec.file}`;
  if (spec.repeat) return `generated body (${spec.repeat.times} × ${JSON.stringify(spec.repeat.unit.slice(0, 40))})`;
  if (spec.hex) return `body of hex bytes ${spec.hex.slice(0, 60)}`;
  return `body ${JSON.stringify(spec.text.length > 60 ? spec.text.slice(0, 60) + '…' : spec.text)}`;
}

// -> { conformance: [{ id, method, path, body: Buffer|null, bodyText, expect }], hostile: [...] }
function loadJsonRequests(file = REQUESTS_FILE) {
  let data;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new BenchError(`cannot read ${file}: ${err.message}`);
  }
  const ids = new Set();
  const build = (list, group) => {
    if (!Array.isArray(list) || list.length === 0) throw new BenchError(`${file}: "${group}" must be a non-empty list`);
    return list.map((r, i) => {
      const where = `${file}: ${group}[${i}]${r && r.id ? ` ("${r.id}")` : ''}`;
      if (!r || typeof r.id !== 'string' || ids.has(r.id)) throw new BenchError(`${where}: needs a unique string id`);
      ids.add(r.id);
      return {
        id: r.id,
        method: r.method || 'POST',
        path: r.path || '/dbop/{db}/hostile',
        body: buildBody(r.body, where),
        bodyText: describeBody(r.body),
        expect: r.expect || { status: 400 },
      };
    });
  };
  return { conformance: build(data.conformance, 'conformance'), hostile: build(data.hostile, 'hostile') };
}

module.exports = { loadJsonRequests, buildBody, JSON_DIR, REQUESTS_FILE };
