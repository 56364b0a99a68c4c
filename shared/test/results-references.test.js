'use strict';
// Issue 29: with the real bench/results/latest.json, every field the schema marks as a reference
// (referenceTo), set in turn to an unknown id, is refused naming that field's path and the value.
// The fields come from the schema's marks, not from a list typed here; where the real file has no
// instance of a marked field (no server exited, no conformance failure), one is added below as TEST
// DATA (pooled comparisons: computed by the bench's own pooling from the real history), and a mark
// with neither fails the test. Validation only, in memory (the build's refusal end
// to end: docs/test/build-references.test.js).
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { validateResults, resultsSchemaPath } = require('../src/results-file');
const { referenceMarks } = require('../src/schema-references');
const { poolWithHistory } = require('../../bench/src/pool/pool-runs');

const latestPath = join(__dirname, '..', '..', 'bench', 'results', 'latest.json');
const latestText = readFileSync(latestPath, 'utf8');
const marks = referenceMarks(JSON.parse(readFileSync(resultsSchemaPath, 'utf8')));
// A well-formed id that names nothing, or an index past the end of its list.
const unknownFor = (original) => (typeof original === 'number' ? 999999 : 'unknown-ref-29');

// TEST DATA for marked fields the real run has no instance of (its conformance passed, no server
// exited): valid entries naming real members, so only the mutated reference can be refused.
const ADDED = {
  '/conformance/failures/*/server': (r) => r.conformance.failures.push({
    server: r.conformance.servers[1], request: 'ping', method: 'GET', path: '/ping', body: 'none', lines: ['$: added test entry'],
  }),
  '/conformance/excluded/*/server': (r) => r.conformance.excluded.push({ server: r.conformance.servers[1], reason: 'added test entry' }),
  // One exit per part whose block is a reference (the schema's allOf on serverExit).
  '/serverExits/*/server': (r) => {
    const exit = (part, block) => ({ server: r.servers[0].id, part, block, exitedAt: r.startedAt, code: null, signal: 'SIGKILL', log: 'bench/logs/added-test-entry.log', restarted: true });
    r.serverExits = [
      exit('scenarios', r.scenarios[0].id), exit('json', r.scenarios.find((s) => s.kind === 'json').id),
      exit('instructions', r.instructions.cases[0].id), exit('syscalls', r.syscalls.cases[0].id),
    ];
  },
};
ADDED['/serverExits/*/block'] = ADDED['/serverExits/*/server'];
// The pooled section (issue 25) with comparisons: the real one, or else the block the bench's own
// pooling computes from the committed history for its newest run that has enough comparable runs.
function addPooled(r) {
  if (r.pooled && r.pooled.comparisons.length) return;
  const dir = join(__dirname, '..', '..', 'bench', 'results', 'history');
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort().reverse()) {
    const run = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    const pooled = poolWithHistory(run, { confidence: run.method.bootstrap.confidence, historyDir: dir });
    if (pooled.comparisons.length) { r.pooled = pooled; return; }
  }
}
for (const at of ['scenario', 'reference', 'other', 'runs/*']) ADDED[`/pooled/comparisons/*/${at}`] = addPooled;
ADDED['/pooled/runs/*/machine'] = addPooled;
// Another hardware class beside this one (issue 33) with one headline comparison: the pooled block's
// first comparison, as if that class had measured it too.
function addOtherClass(r) {
  addPooled(r);
  if (r.pooled.otherClasses && r.pooled.otherClasses.some((c) => c.comparisons.length)) return;
  const c = r.pooled.comparisons[0];
  r.pooled.otherClasses = [...(r.pooled.otherClasses || []), {
    hardwareClass: 'sha256:0123456789abcdef', inferred: false, cpuModel: 'added test entry', cpuCores: 2, newestDate: r.environment.date,
    runs: ['bench/results/history/added-test-entry.json'], machines: [{ id: 'sha256:1111111111111111', inferred: false, kernel: 'k', memoryBytes: 1, runs: 1 }],
    comparisons: [{ scenario: c.scenario, metric: c.metric, reference: c.reference, other: c.other, runs: 3, machines: 1, scope: 'this-machine', ratio: 1, low: 0.9, high: 1.1 }],
  }];
}
for (const at of ['scenario', 'reference', 'other']) ADDED[`/pooled/otherClasses/*/comparisons/*/${at}`] = addOtherClass;

// Every concrete path ([keys]) a data path pattern matches in `root`.
function instances(root, pattern) {
  let found = [[]];
  for (const key of pattern.split('/').slice(1)) {
    found = found.flatMap((at) => {
      const node = at.reduce((n, k) => n[k], root);
      if (node === null || typeof node !== 'object') return [];
      if (key === '*') return Object.keys(node).map((k) => [...at, Array.isArray(node) ? Number(k) : k]);
      return Object.hasOwn(node, key) ? [[...at, key]] : [];
    });
  }
  return found;
}

// At most `limit` instances, evenly spread (first and last included): the 960 round-order entries of
// the default run need not all be tried for npm test to show each is checked.
function spread(list, limit) {
  if (list.length <= limit) return list;
  return Array.from({ length: limit }, (_, i) => list[Math.round((i * (list.length - 1)) / (limit - 1))]);
}

function setAt(root, at, value) {
  at.slice(0, -1).reduce((n, k) => n[k], root)[at[at.length - 1]] = value;
}

let prepared = null;
function realResults() {
  if (!prepared) {
    const results = JSON.parse(latestText);
    for (const add of new Set(Object.values(ADDED))) add(results);
    validateResults(results, 'latest.json with the added test entries');
    prepared = JSON.stringify(results);
  }
  return JSON.parse(prepared);
}

test('the real latest.json is valid and holds an instance of every marked field (with the added test entries)', () => {
  const results = realResults();
  assert.ok(marks.length >= 30, `${marks.length} marks`);
  for (const at of new Set(marks.map((m) => m.at))) {
    assert.ok(instances(results, at).length > 0, `${at}: no instance in latest.json; add one to ADDED`);
  }
  // The issue's own case: instructions.cases[].comparisons[].other, every one of them.
  assert.ok(instances(results, '/instructions/cases/*/comparisons/*/other').length > 0);
});

test('each marked reference of latest.json set to an unknown id: refused naming its path and the value', () => {
  const results = realResults();
  let refused = 0;
  const collectionsSeen = new Map();
  for (const at of new Set(marks.map((m) => m.at))) {
    const limit = at === '/instructions/cases/*/comparisons/*/other' ? Infinity : 30;
    for (const path of spread(instances(results, at), limit)) {
      const original = path.reduce((n, k) => n[k], results);
      setAt(results, path, unknownFor(original));
      const field = `/${path.join('/')}`;
      assert.throws(() => validateResults(results), (err) => {
        // One error, the reference (besides a oneOf's other branch on an enclosing object, e.g.
        // "basis: must be null"): nothing else about the file changed.
        const [line, ...others] = [...err.fields].sort((a, b) => b.length - a.length);
        for (const other of others) assert.ok(field.startsWith(`${other.split(':')[0]}/`) && /must be null/.test(other), `${field}: ${err.message}`);
        const match = line.match(/^(\S+): unknown [a-z ]+ (id "unknown-ref-29"|index 999999) \(not in (.+)\)$/);
        assert.ok(match, `${field}: ${line}`);
        assert.equal(match[1], field);
        collectionsSeen.set(at, new Set([...(collectionsSeen.get(at) || []), match[3]]));
        return true;
      }, field);
      setAt(results, path, original);
      refused += 1;
    }
  }
  // Every mark was exercised, the conditional ones too (a server exit's block under each part).
  for (const mark of marks) assert.ok(collectionsSeen.get(mark.at)?.has(mark.collections.join(' or ')), `${mark.at} -> ${mark.collections}: never refused`);
  assert.ok(refused > 300, `${refused} refusals`);
  validateResults(results, 'latest.json restored');
});

test('a partial run (method.complete false) may name the configured reference it did not measure, and nothing else', () => {
  const results = realResults();
  results.method.complete = false;
  for (const mark of marks) {
    const [path] = instances(results, mark.at);
    const original = path.reduce((n, k) => n[k], results);
    setAt(results, path, unknownFor(original));
    if (mark.partialRunsMayOmit) assert.doesNotThrow(() => validateResults(results), mark.at);
    else assert.throws(() => validateResults(results), new RegExp(`/${path.join('/')}: unknown`), mark.at);
    setAt(results, path, original);
  }
  assert.ok(marks.some((m) => m.partialRunsMayOmit) && marks.some((m) => !m.partialRunsMayOmit));
});
