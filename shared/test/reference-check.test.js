'use strict';
// What the schema's referenceTo keyword checks (shared/src/reference-check.js), on its own; the
// keyword in ajv: schema-references.test.js.
const test = require('node:test');
const assert = require('node:assert/strict');
const { valuesAt, isKnownReference, unknownReferenceMessage } = require('../src/reference-check');

test('reference-check: values at a pattern, and a message that shows at most 100 characters of the value', () => {
  const root = { servers: [{ id: 'a' }, { id: 7 }, {}, { id: 'b' }], x: null };
  assert.deepEqual(valuesAt(root, '/servers/*/id'), ['a', 'b']);
  assert.deepEqual(valuesAt(root, '/x/*/id'), []);
  assert.equal(isKnownReference(root, '/servers/*/id', 'b'), true);
  assert.equal(isKnownReference(root, '/servers/*/id', 'c'), false);
  assert.equal(isKnownReference(root, '/servers/*/id', 42), true, 'not a string: the type keyword reports it');
  const message = unknownReferenceMessage('/instructions/cases/*/id', 'x'.repeat(5000));
  assert.match(message, /^unknown case id "x{100}…" \(not in \/instructions\/cases\/\*\/id\)$/);
});

test('reference-check: the configured reference may be absent from a partial run only, and only where marked so', () => {
  const mark = { in: '/servers/*/id', partialRunsMayOmit: true };
  const run = (complete) => ({ method: complete === undefined ? {} : { complete }, servers: [{ id: 'a' }] });
  assert.equal(isKnownReference(run(false), mark, 'drogon'), true, 'a partial run names the reference it did not measure');
  assert.equal(isKnownReference(run(true), mark, 'drogon'), false);
  assert.equal(isKnownReference(run(undefined), mark, 'drogon'), false, 'a file that does not say it is partial is checked');
  assert.equal(isKnownReference(run(false), '/servers/*/id', 'drogon'), false, 'any other reference is checked in a partial run too');
  assert.equal(unknownReferenceMessage(mark, 'drogon'), 'unknown server id "drogon" (not in /servers/*/id)');
});

test('reference-check: a number is an index into the list the collection names', () => {
  const root = { pooled: { runs: [{}, {}, {}] } };
  assert.equal(isKnownReference(root, '/pooled/runs', 2), true);
  assert.equal(isKnownReference(root, '/pooled/runs', 3), false);
  assert.equal(isKnownReference(root, '/pooled/runs', -1), false);
  assert.equal(isKnownReference(root, '/pooled/runs', 1.5), false);
  assert.equal(unknownReferenceMessage('/pooled/runs', 3), 'unknown run index 3 (not in /pooled/runs)');
});
