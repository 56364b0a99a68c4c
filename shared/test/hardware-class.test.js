'use strict';
// The hardware class and the machine (issue 33): what splits runs and what does not, legacy files
// attributed and marked inferred, and a file whose class cannot be determined named with the reason.
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { hardwareClassOf, machineOf, classSwitchesOf } = require('../src/hardware-class');
const { inRepo, HISTORY_DIR } = require('../src/project-paths');

const env = () => ({
  cpuModel: 'AMD EPYC', cpuCores: 2, memoryBytes: 25276510208, os: 'Debian GNU/Linux 12 (bookworm)', kernel: '6.18.44-fc-v657',
  compiler: 'c++ (Debian 12.2.0-14+deb12u1) 12.2.0', versions: { drogon: '1.9.13', trantor: '1.5.28', nginx: '1.22.1', wrk: '4.1.0' },
  gitCommit: 'f'.repeat(40), date: '2026-11-28', fingerprint: 'sha256:0000000000000000',
  machine: { id: 'sha256:0123456789abcdef', identifiedBy: 'machine-id+boot-id', hypervisor: 'KVM' },
  drogonBuild: { buildType: 'Release', libraries: 'shared', cxxStandard: '20', cmakeFlags: '-DCMAKE_CXX_STANDARD=20 -DBUILD_REDIS=ON' },
});

test('the kernel build tag, the memory size and the feature switches do not split a class; CPU, cores, versions and code switches do', () => {
  const base = hardwareClassOf(env()).id;
  assert.match(base, /^sha256:[0-9a-f]{16}$/);
  const same = [
    (e) => { e.kernel = '6.18.44-fc-v669'; },
    (e) => { e.memoryBytes = 25276502016; },
    (e) => { e.machine.id = 'sha256:fedcba9876543210'; },
    (e) => { e.drogonBuild.cmakeFlags = '-DCMAKE_CXX_STANDARD=20 -DBUILD_REDIS=OFF -DBUILD_YAML_CONFIG=ON'; },
  ];
  for (const change of same) { const e = env(); change(e); assert.equal(hardwareClassOf(e).id, base, change.toString()); }
  const differ = [
    (e) => { e.cpuModel = 'Intel(R) Xeon(R) Processor @ 2.50GHz'; },
    (e) => { e.cpuCores = 4; },
    (e) => { e.compiler = 'c++ (Debian 14.2.0-19) 14.2.0'; },
    (e) => { e.versions.nginx = '1.26.3'; },
    (e) => { e.versions.oha = '1.16.0'; },
    (e) => { e.drogonBuild.buildType = 'Debug'; },
    (e) => { e.drogonBuild.libraries = 'static'; },
    (e) => { e.drogonBuild.cxxStandard = '17'; },
  ];
  for (const change of differ) { const e = env(); change(e); assert.notEqual(hardwareClassOf(e).id, base, change.toString()); }
});

test('a class that cannot be determined is an error naming the field', () => {
  const noCpu = env(); delete noCpu.cpuModel;
  assert.throws(() => hardwareClassOf(noCpu), /environment\.cpuModel is missing/);
  const unknownCpu = env(); unknownCpu.cpuModel = 'unknown CPU model';
  assert.throws(() => hardwareClassOf(unknownCpu), /environment\.cpuModel is "unknown CPU model"/);
  const legacy = env(); delete legacy.drogonBuild; delete legacy.machine; legacy.gitCommit = 'e'.repeat(40);
  assert.throws(() => hardwareClassOf(legacy), /environment\.drogonBuild is missing .* no entry for its commit e{40}/);
});

test('switches: CMake defaults where a list does not set them', () => {
  assert.deepEqual(classSwitchesOf('-DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON -DCMAKE_CXX_STANDARD=20 -DBUILD_ORM=ON'),
    { buildType: 'Release', libraries: 'shared', cxxStandard: '20' });
  assert.deepEqual(classSwitchesOf('-DBUILD_CTL=OFF'), { buildType: '(none)', libraries: 'static', cxxStandard: '(compiler default)' });
});

test('a named machine; without a name, one inferred from kernel and memory and marked so', () => {
  assert.deepEqual(machineOf(env()), { id: 'sha256:0123456789abcdef', inferred: false, kernel: '6.18.44-fc-v657', memoryBytes: 25276510208, hypervisor: 'KVM' });
  const legacy = env(); delete legacy.machine;
  const m = machineOf(legacy);
  assert.equal(m.inferred, true);
  assert.match(m.id, /^inferred:[0-9a-f]{16}$/);
  const otherKernel = { ...legacy, kernel: '6.18.44-fc-v669' };
  assert.notEqual(machineOf(otherKernel).id, m.id);
  assert.equal(machineOf({ ...legacy, date: '2026-11-30' }).id, m.id);
});

test('the committed history: every file has a class (legacy ones inferred); the AMD EPYC runs are one class on two inferred machines', () => {
  const dir = inRepo(HISTORY_DIR);
  const files = readdirSync(dir).filter((n) => n.endsWith('.json'));
  const rows = files.map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8'))).map((r) => ({ r, c: hardwareClassOf(r.environment), m: machineOf(r.environment) }));
  const amd = rows.filter(({ r }) => r.environment.cpuModel === 'AMD EPYC' && !r.environment.machine);
  assert.ok(amd.length >= 9);
  assert.equal(new Set(amd.map(({ c }) => c.id)).size, 1);
  assert.ok(amd.every(({ c, m }) => c.inferred && m.inferred));
  assert.equal(new Set(amd.map(({ m }) => m.id)).size, 2);
  const intel = rows.filter(({ r }) => /Xeon/.test(r.environment.cpuModel));
  assert.ok(intel.every(({ c }) => c.id !== amd[0].c.id));
});
