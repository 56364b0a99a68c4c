'use strict';
// The conformance check's pieces without servers: lossless parsing, diffs, expectations, and the
// request and server data files' validation (each error names the file and the field).
// Covers: bench/src/measure/json-requests.js
const test = require('node:test');
const assert = require('node:assert/strict');
const { mkdtempSync, writeFileSync, rmSync, readFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { parseJsonLossless, diffJson, expectationProblems, normalizeAnswer } = require('../../src/measure/conformance');
const { loadJsonRequests, buildBody, REQUESTS_FILE } = require('../../src/measure/json-requests');
const { loadJsonServers, SERVERS_FILE } = require('../../src/plan/json-servers');

test('integers beyond 2^53 keep every digit; strings and other numbers are untouched', () => {
  const text = '{"a\\"1":[9223372036854775807,-12,1.5e3,"x\\"99999999999999999",-9223372036854775808,9007199254740991]}';
  assert.deepEqual(parseJsonLossless(text), {
    'a"1': [{ $integer: '9223372036854775807' }, -12, 1500, 'x"99999999999999999', { $integer: '-9223372036854775808' }, 9007199254740991],
  });
  assert.notDeepEqual(parseJsonLossless('[9223372036854775807]'), parseJsonLossless('[9223372036854775806]'));
  assert.throws(() => parseJsonLossless('[1,'), SyntaxError);
});

test('diffJson lists each differing path with both values, member order ignored', () => {
  assert.deepEqual(diffJson({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }), []);
  assert.deepEqual(diffJson({ a: 1, b: [1, 2], 'c d': true }, { a: 2, b: [1], 'c d': true, e: null }), [
    { path: '$.a', reference: 1, other: 2 },
    { path: '$.b[1]', reference: 2, other: undefined },
    { path: '$.e', reference: undefined, other: null },
  ]);
  assert.deepEqual(diffJson({ 'c d': 1 }, { 'c d': '1' }), [{ path: '$["c d"]', reference: 1, other: '1' }]);
});

test('answers are compared by status and error code for errors, by parsed JSON otherwise', () => {
  const res = (status, type, body) => ({ status, headers: { 'content-type': type }, body: Buffer.from(body) });
  assert.deepEqual(normalizeAnswer(res(400, 'application/json', '{"error":{"code":"invalid-json","message":"at 3"}}')),
    { status: 400, error: { code: 'invalid-json' } });
  assert.deepEqual(normalizeAnswer(res(200, 'application/json; charset=utf-8', '{"a":1}')), { status: 200, json: { a: 1 } });
  assert.deepEqual(normalizeAnswer(res(200, 'text/plain; charset=utf-8', 'pong')), { status: 200, contentType: 'text/plain', text: 'pong' });
  assert.match(normalizeAnswer(res(200, 'application/json', '{oops')).notJson, /\{oops/);
  assert.deepEqual(expectationProblems({ status: 400, code: 'invalid-json' }, { status: 400, error: { code: 'invalid-json' } }), []);
  assert.deepEqual(expectationProblems({ status: 400, code: 'invalid-json' }, { status: 400, error: { code: 'invalid-operations' } }),
    ['error.code "invalid-operations", expected "invalid-json"']);
  assert.deepEqual(expectationProblems({ status: 400 }, { status: 413, contentType: 'text/html', text: '' }),
    ['status 413, expected 400', 'no JSON error object {"error": {"code", "message"}} in the answer']);
  assert.deepEqual(expectationProblems({ status: 200, text: 'pong' }, { status: 200, text: 'pong!' }), ['body "pong!", expected text "pong"']);
});

test('the committed requests: bodies built from files, text, hex and repeats; ids unique', () => {
  const { conformance, hostile } = loadJsonRequests();
  assert.ok(conformance.length >= 30 && hostile.length >= 10);
  const n10 = conformance.find((r) => r.id === 'dbop-n10');
  assert.equal(JSON.parse(n10.body).length, 10);
  assert.equal(JSON.parse(conformance.find((r) => r.id === 'dbop-n1').body).length, 1);
  assert.ok(conformance.find((r) => r.id === 'oversized').body.length > 64 * 1024);
  assert.deepEqual([...hostile.find((r) => r.id === 'invalid-utf8-in-key').body.subarray(-5)], [0x22, 0xff, 0x22, 0x7d, 0x5d]);
  assert.ok(hostile.every((r) => r.body.length > 0 && r.expect.status === 400));
  assert.equal(buildBody({ repeat: { prefix: '[', unit: '1', separator: ',', times: 3, suffix: ']' } }, 'x').toString(), '[1,1,1]');
  assert.throws(() => buildBody({ text: 'a', hex: '00' }, 'here'), /here: body needs exactly one of file, text, hex, repeat/);
  assert.throws(() => buildBody({ hex: 'zz' }, 'here'), /here: body\.hex must be pairs of hex digits/);
  assert.throws(() => buildBody({ file: 'bodies/none.json' }, 'here'), /here: body file bench\/json\/bodies\/none\.json: ENOENT/);
});

test('bad request and server files are refused with the file and the field named', () => {
  const dir = mkdtempSync(join(tmpdir(), 'json-data-test-'));
  try {
    const requests = JSON.parse(readFileSync(REQUESTS_FILE, 'utf8'));
    requests.hostile[1].id = requests.hostile[0].id;
    writeFileSync(join(dir, 'requests.json'), JSON.stringify(requests));
    assert.throws(() => loadJsonRequests(join(dir, 'requests.json')), /requests\.json: hostile\[1\] \("truncated-n1"\): needs a unique string id/);
    const servers = JSON.parse(readFileSync(SERVERS_FILE, 'utf8'));
    servers.servers[1].port = 18090;
    writeFileSync(join(dir, 'servers.json'), JSON.stringify(servers));
    assert.throws(() => loadJsonServers(join(dir, 'servers.json')), /servers\.json: servers\[1\]: field "port" must be a unique port from 18090 to 18099/);
    servers.servers[1].port = 18091;
    servers.notBuilt[0].reason = '';
    writeFileSync(join(dir, 'servers.json'), JSON.stringify(servers));
    assert.throws(() => loadJsonServers(join(dir, 'servers.json')), /notBuilt\[0\] needs an id and a one-line reason/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every variant that is not built says why in one line', () => {
  const { notBuilt, servers } = loadJsonServers();
  assert.deepEqual(notBuilt.map((n) => n.id), ['drogon-glaze']);
  for (const n of notBuilt) {
    assert.ok(!n.reason.includes('\n') && n.reason.length > 40, n.id);
    assert.ok(!servers.some((s) => s.id === n.id));
  }
});
