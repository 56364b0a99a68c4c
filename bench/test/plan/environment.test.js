'use strict';
// Plan: the environment's machine name and Drogon build (issue 33), from readers and a prefix made here;
// and the full capture on this machine against the schema.
const test = require('node:test');
const assert = require('node:assert/strict');
const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');
const { machineIdentity, drogonBuildOf } = require('../../src/plan/environment');

const files = (map) => (file) => map[file] ?? '';

test('the machine is named by a hash of machine-id and boot-id; one of them changes it; the hypervisor from lscpu', () => {
  const a = machineIdentity({ readFile: files({ '/etc/machine-id': 'm1\n', '/proc/sys/kernel/random/boot_id': 'b1\n' }), lscpu: () => 'Hypervisor vendor:   KVM\n' });
  assert.match(a.id, /^sha256:[0-9a-f]{16}$/);
  assert.equal(a.identifiedBy, 'machine-id+boot-id');
  assert.equal(a.hypervisor, 'KVM');
  const rebooted = machineIdentity({ readFile: files({ '/etc/machine-id': 'm1\n', '/proc/sys/kernel/random/boot_id': 'b2\n' }), lscpu: () => '' });
  assert.notEqual(rebooted.id, a.id, 'a cloned image (same machine-id) booted again is another machine');
  assert.equal(rebooted.hypervisor, 'none');
  const flagged = machineIdentity({ readFile: files({ '/proc/sys/kernel/random/boot_id': 'b1', '/proc/cpuinfo': 'flags\t\t: fpu hypervisor lahf_lm\n' }), lscpu: () => '' });
  assert.equal(flagged.identifiedBy, 'boot-id');
  assert.equal(flagged.hypervisor, 'unnamed hypervisor');
  assert.throws(() => machineIdentity({ readFile: files({}), lscpu: () => '' }), /cannot name this machine: .*environment\.machine/);
});

test('Drogon build: build type from the installed targets file, library kind from the library, C++ standard from the state', () => {
  const prefix = mkdtempSync(join(tmpdir(), 'drogon-prefix-'));
  try {
    const cmake = join(prefix, 'lib', 'cmake', 'Drogon');
    mkdirSync(cmake, { recursive: true });
    assert.throws(() => drogonBuildOf({ drogonPrefix: prefix }), /0 DrogonTargets-<type>\.cmake files: the build type is unknown/);
    writeFileSync(join(cmake, 'DrogonTargets-release.cmake'), '');
    assert.throws(() => drogonBuildOf({ drogonPrefix: prefix }), /no libdrogon\.so or libdrogon\.a/);
    writeFileSync(join(prefix, 'lib', 'libdrogon.a'), '');
    assert.deepEqual(drogonBuildOf({ drogonPrefix: prefix, drogonCmakeFlags: '-DCMAKE_CXX_STANDARD=17 -DBUILD_ORM=OFF' }),
      { buildType: 'Release', libraries: 'static', cxxStandard: '17', cmakeFlags: '-DCMAKE_CXX_STANDARD=17 -DBUILD_ORM=OFF' });
    writeFileSync(join(prefix, 'lib', 'libdrogon.so'), '');
    assert.equal(drogonBuildOf({ drogonPrefix: prefix, cxxStandard: '20' }).libraries, 'shared');
    assert.equal(drogonBuildOf({ drogonPrefix: prefix }).cmakeFlags, '(not recorded by the setup)');
  } finally {
    rmSync(prefix, { recursive: true, force: true });
  }
});

test('on this machine: a named machine with its hypervisor (never the raw IDs)', () => {
  const m = machineIdentity();
  assert.match(m.id, /^sha256:[0-9a-f]{16}$/);
  const { readFileSync } = require('node:fs');
  let raw = '';
  try { raw = readFileSync('/etc/machine-id', 'utf8').trim(); } catch { /* absent in some containers */ }
  if (raw) assert.ok(!JSON.stringify(m).includes(raw));
});
