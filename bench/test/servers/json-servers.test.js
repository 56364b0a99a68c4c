'use strict';
// The JSON application against the real servers (Drogon with jsoncpp, simdjson, yyjson; gin with
// encoding/json, sonic and simdjson-go), as built by `npm run bench:setup`: conformance (edge-case
// bodies included: every variant follows the application's one rule), a deliberately wrong server
// caught with a diff, and hostile bodies that never crash a server.
// Run under `flock /tmp/drogon-docs-bench-ports.lock` (ports 18090-18099).
// Covers: bench/src/helpers/http-request.js
const test = require('node:test');
const assert = require('node:assert/strict');
const { requireJsonSetup, startAllJsonServers, stopAll } = require('../support/json-servers');
const { startWrongJsonServer } = require('../support/wrong-json-server');
const { checkConformance, assertConformance, formatConformanceReport, ConformanceError } = require('../../src/measure/conformance');
const { loadJsonRequests } = require('../../src/measure/json-requests');
const { httpRequest } = require('../../src/helpers/http-request');

const { data, state, unusable } = requireJsonSetup();
const handles = [];

test.before(async () => { await startAllJsonServers(data, state, handles); });
test.after(async () => { await stopAll(handles); });

test('every JSON server gives the same answers to every conformance request', async () => {
  const requests = loadJsonRequests().conformance;
  const result = await checkConformance(handles.map((h) => ({ id: h.def.id, url: h.url })), { requests });
  assert.ok(result.ok, formatConformanceReport(result));
  assert.equal(result.servers.length, data.servers.length);
  const all = ['drogon-jsoncpp', 'drogon-simdjson', 'drogon-yyjson', 'gin-encoding-json', 'gin-sonic', 'gin-simdjson-go'];
  assert.deepEqual(result.servers, all.filter((id) => !unusable.some((u) => u.def.id === id)));
  // The answers are real: spot-check what the reference server said.
  const ref = result.answers.get('drogon-jsoncpp');
  const byId = (id) => ref[requests.findIndex((r) => r.id === id)];
  assert.deepEqual(byId('json').json, { message: 'Hello, World!' });
  assert.equal(byId('ping').text, 'pong');
  const n10 = byId('dbop-n10-again').json;
  assert.equal(n10.operations, 10);
  assert.deepEqual(n10.results.map((r) => r.status),
    ['replaced', 'replaced', 'incremented', 'incremented', 'replaced', 'incremented', 'not-found', 'replaced', 'incremented', 'not-found']);
  assert.equal(n10.results[3].value, 6, 'user:1002:orders was incremented by 3 twice');
  const edge = byId('dbop-edge-cases').json;
  assert.deepEqual(edge.results[2].value, { $integer: '9223372036854775807' }, 'int64 max kept exactly');
  assert.equal(edge.results[3].error, 'overflow');
  assert.equal(byId('nothing-applied-by-an-invalid-body').json.results[0].status, 'not-found',
    'the invalid body before it stored nothing');
  // The rule for edge cases (operations.h), as every server answered it.
  const values = byId('edge-values').json.results;
  assert.deepEqual(values.slice(0, 5).map((r) => [r.op, r.key, r.status, r.fields ?? r.value]), [
    ['set', 'repeat:value', 'created', 2], // "a" three times (once as "\u0061"), "b": distinct names
    ['set', 'repeat:nested', 'created', 2],
    ['set', 'repeat:op-last', 'created', 1], // the last "op" and the last "key" win
    ['increment', 'repeat:by', 'incremented', 5],
    ['set', 'repeat:value-type', 'created', 1],
  ]);
  assert.equal(values[5].fields, 15, 'numbers that underflow, round to the largest double or fit 64 bits are kept');
  assert.deepEqual(values[6].value, { $integer: '-9223372036854775808' });
  assert.deepEqual(values.slice(7).map((r) => r.key), ['nul:a\u0000b', 'pair:\u{1F600}\u{1F600}', 'nonchar:\uffff\ufdd0\ufeff', 'case', 'del:\u007f/', 'escaped-names']);
  for (const id of ['number-overflow', 'integer-2p64', 'integer-below-minus-2p63', 'lone-high-surrogate', 'lone-low-surrogate', 'reversed-surrogate-pair', 'byte-order-mark']) {
    assert.deepEqual(byId(id), { status: 400, error: { code: 'invalid-json' } }, id);
  }
  assert.deepEqual(byId('names-differ-in-case'), { status: 400, error: { code: 'invalid-operations' } });
  assert.deepEqual(byId('name-folds-to-key'), { status: 400, error: { code: 'invalid-operations' } }, 'the Kelvin sign is not a k');
});

test('a server whose answer differs fails conformance with a diff naming the request, the path and both values', async () => {
  const reference = handles.find((h) => h.def.id === 'drogon-simdjson');
  // In front of another real server, so its table is not the one the reference just changed.
  const wrong = await startWrongJsonServer(handles.find((h) => h.def.id === 'drogon-yyjson').url, 18099);
  try {
    const servers = [{ id: 'drogon-simdjson', url: reference.url }, { id: 'wrong-fields', url: wrong.url }];
    const result = await checkConformance(servers);
    assert.equal(result.ok, false);
    const report = formatConformanceReport(result);
    assert.match(report, /conformance failed: 1 of 2 servers \(reference drogon-simdjson/);
    assert.match(report, /request "dbop-n1" \(POST \/dbop\/\{db\}\/users, body bench\/json\/bodies\/dbop-n1\.json\), server wrong-fields:\n {4}\$\.json\.results\[0\]\.fields: 6 from drogon-simdjson, 7 from wrong-fields/);
    assert.ok(result.failures.every((f) => f.server === 'wrong-fields'), report);
    assert.deepEqual([...new Set(result.failures.map((f) => f.request))], ['dbop-n1', 'dbop-n10', 'dbop-n10-again', 'dbop-edge-cases', 'edge-values', 'depth-64-accepted'], report);
    await assert.rejects(assertConformance(servers), (err) => err instanceof ConformanceError && /\$\.json\.results\[0\]\.fields/.test(err.message));
  } finally {
    await wrong.close();
  }
});

test('hostile bodies get 400 with a JSON error from every server, and every server stays up', async () => {
  const { hostile } = loadJsonRequests();
  for (const h of handles) {
    for (const request of hostile) {
      const where = `${h.def.id}, hostile body "${request.id}" (${request.bodyText})`;
      const res = await httpRequest(h.url + request.path.replace('{db}', 'hostile'), { method: request.method, body: request.body, timeoutMs: 10000 });
      assert.equal(res.status, 400, `${where}: status ${res.status}, body ${res.body.toString('utf8').slice(0, 200)}`);
      assert.match(String(res.headers['content-type']), /^application\/json/, where);
      const value = JSON.parse(res.body.toString('utf8'));
      assert.equal(typeof value.error.code, 'string', where);
      assert.equal(typeof value.error.message, 'string', where);
      assert.equal(h.exit, null, `${where}: the server exited`);
    }
    const ping = await httpRequest(`${h.url}/ping`);
    assert.equal(ping.status, 200, `${h.def.id} answers /ping after the hostile bodies`);
    assert.equal(ping.body.toString(), 'pong');
    assert.equal(h.exit, null, `${h.def.id} is still running`);
  }
});
