'use strict';
// Conformance before load: every JSON server answers every request of bench/json/requests.json
// ("conformance"), on a table no earlier request touched, and the answers must be equal after JSON
// parsing (errors: status and error.code; the message is free text) and meet each request's
// expectation. A server that differs fails with a readable diff and must not be benchmarked.
const { randomBytes } = require('node:crypto');
const { isDeepStrictEqual } = require('node:util');
const { httpRequest } = require('../helpers/http-request');
const { loadJsonRequests } = require('./json-requests');
const { BenchError } = require('../helpers/errors');

class ConformanceError extends BenchError {}

// JSON.parse turns integers beyond 2^53 into the nearest double (Node 20 has no source access in
// revivers), which would hide a difference in the last digits of an int64 counter: such integers
// become {"$integer": "<digits>"} before parsing.
function parseJsonLossless(text) {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      const token = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400))?.[0] || c;
      const bigInteger = /^-?\d+$/.test(token) && !Number.isSafeInteger(Number(token));
      out += bigInteger ? `{"$integer":"${token}"}` : token;
      i += token.length;
    } else {
      out += c;
      i += 1;
    }
  }
  return JSON.parse(out);
}

// The comparable form of an answer.
function normalizeAnswer(res) {
  const type = String(res.headers['content-type'] || '');
  const text = res.body.toString('utf8');
  if (!/^application\/json\b/i.test(type)) return { status: res.status, contentType: type.split(';')[0], text };
  let value;
  try {
    value = parseJsonLossless(text);
  } catch (err) {
    return { status: res.status, contentType: 'application/json', notJson: `${err.message}: ${text.slice(0, 120)}` };
  }
  if (res.status !== 200 && value && typeof value.error === 'object' && value.error !== null) {
    return { status: res.status, error: { code: value.error.code } };
  }
  return { status: res.status, json: value };
}

function expectationProblems(expect, answer) {
  const problems = [];
  if (answer.status !== expect.status) problems.push(`status ${answer.status}, expected ${expect.status}`);
  if (expect.text !== undefined && answer.text !== expect.text) {
    problems.push(`body ${JSON.stringify(answer.text ?? answer.json)}, expected text ${JSON.stringify(expect.text)}`);
  }
  if (answer.notJson) problems.push(`content-type application/json but the body is not JSON (${answer.notJson})`);
  if (expect.status !== 200) {
    if (!answer.error) problems.push('no JSON error object {"error": {"code", "message"}} in the answer');
    else if (typeof answer.error.code !== 'string') problems.push('error.code is not a string');
    else if (expect.code !== undefined && answer.error.code !== expect.code) {
      problems.push(`error.code "${answer.error.code}", expected "${expect.code}"`);
    }
  } else if (expect.text === undefined && answer.json === undefined && !answer.error) {
    problems.push(`expected a JSON answer, got content-type "${answer.contentType}"`);
  }
  return problems;
}

const show = (v) => (v === undefined ? '(absent)' : JSON.stringify(v));

// Paths where two parsed JSON values differ: [{ path, reference, other }].
function diffJson(reference, other, path = '$') {
  if (isDeepStrictEqual(reference, other)) return [];
  const bothArrays = Array.isArray(reference) && Array.isArray(other);
  const bothObjects = reference && other && typeof reference === 'object' && typeof other === 'object'
    && !Array.isArray(reference) && !Array.isArray(other);
  if (bothArrays) {
    const diffs = [];
    for (let i = 0; i < Math.max(reference.length, other.length); i++) diffs.push(...diffJson(reference[i], other[i], `${path}[${i}]`));
    return diffs;
  }
  if (bothObjects) {
    const keys = [...new Set([...Object.keys(reference), ...Object.keys(other)])];
    return keys.flatMap((k) => diffJson(reference[k], other[k], /^[A-Za-z_]\w*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`));
  }
  return [{ path, reference, other }];
}

function freshDbName() {
  return `conformance-${randomBytes(6).toString('hex')}`;
}

// servers: [{ id, url }] (url: http://127.0.0.1:PORT, no trailing slash). The first is the reference.
async function checkConformance(servers, { requests = loadJsonRequests().conformance, db = freshDbName(), timeoutMs = 5000, onProgress = () => {} } = {}) {
  if (servers.length === 0) throw new BenchError('conformance: no servers to check');
  const answers = new Map();
  for (const server of servers) {
    const list = [];
    for (const request of requests) {
      const path = request.path.replaceAll('{db}', db);
      let answer;
      try {
        const res = await httpRequest(server.url + path, {
          method: request.method,
          headers: request.body ? { 'Content-Type': 'application/json' } : {},
          body: request.body,
          timeoutMs,
        });
        answer = normalizeAnswer(res);
      } catch (err) {
        answer = { failed: `${request.method} ${path}: ${err.message}` };
      }
      list.push(answer);
    }
    answers.set(server.id, list);
    onProgress(`conformance: ${server.id} answered ${requests.length} requests`);
  }
  const reference = servers[0].id;
  const failures = [];
  requests.forEach((request, i) => {
    const refAnswer = answers.get(reference)[i];
    for (const server of servers) {
      const answer = answers.get(server.id)[i];
      const lines = answer.failed ? [answer.failed] : expectationProblems(request.expect, answer);
      if (server.id !== reference && !answer.failed && !refAnswer.failed) {
        for (const d of diffJson(refAnswer, answer)) {
          lines.push(`${d.path}: ${show(d.reference)} from ${reference}, ${show(d.other)} from ${server.id}`);
        }
      }
      if (lines.length) failures.push({ request: request.id, method: request.method, path: request.path, body: request.bodyText, server: server.id, lines });
    }
  });
  return { ok: failures.length === 0, db, reference, servers: servers.map((s) => s.id), requests: requests.length, failures, answers };
}

function formatConformanceReport(result) {
  if (result.ok) return `conformance: ${result.servers.length} servers gave equal answers to ${result.requests} requests`;
  const out = [`conformance failed: ${new Set(result.failures.map((f) => f.server)).size} of ${result.servers.length} servers (reference ${result.reference}; table db "${result.db}")`];
  for (const f of result.failures) {
    out.push(`  request "${f.request}" (${f.method} ${f.path}, ${f.body}), server ${f.server}:`);
    for (const line of f.lines) out.push(`    ${line}`);
  }
  return out.join('\n');
}

async function assertConformance(servers, options) {
  const result = await checkConformance(servers, options);
  if (!result.ok) throw new ConformanceError(formatConformanceReport(result));
  return result;
}

module.exports = { parseJsonLossless, checkConformance, assertConformance, formatConformanceReport, diffJson, normalizeAnswer, expectationProblems, ConformanceError, freshDbName };
