'use strict';
// What differs between two results' environments: the machine fields in a fixed order, then every version.
const test = require('node:test');
const assert = require('node:assert/strict');
const { environmentChanges, ENVIRONMENT_FIELDS } = require('../src/environment-changes');

const env = (over = {}) => ({
  cpuModel: 'cpu', cpuCores: 2, memoryBytes: 1, os: 'os', kernel: 'k1', compiler: 'gcc',
  versions: { drogon: '1', trantor: '1', nginx: '1', wrk: '1' }, gitCommit: 'c', date: '2025-01-01', fingerprint: 'f1', ...over,
});

test('environment changes name each differing field and version, versions by name', () => {
  const changes = environmentChanges(env(), env({ kernel: 'k2', versions: { drogon: '2', trantor: '1', nginx: '1', wrk: '1', ab: '2.3' } }));
  assert.deepEqual(changes, [
    { field: 'kernel', from: 'k1', to: 'k2' },
    { field: 'versions.ab', from: null, to: '2.3' },
    { field: 'versions.drogon', from: '1', to: '2' },
  ]);
});

test('every machine field is compared, in ENVIRONMENT_FIELDS order; the commit, date and fingerprint are not', () => {
  const other = env({ cpuModel: 'x', cpuCores: 4, memoryBytes: 2, os: 'o2', kernel: 'k2', compiler: 'clang', gitCommit: 'd', date: '2025-01-02', fingerprint: 'f2' });
  assert.deepEqual(environmentChanges(env(), other).map((c) => c.field), [...ENVIRONMENT_FIELDS]);
  assert.deepEqual(environmentChanges(env(), env()), []);
});
