'use strict';
// What a run's figures are comparable by (issue 33), defined once for the bench and the pages.
//  - The hardware class: what changes the measured quantity. The CPU model and core count, the
//    compiler, every server, library and tool version, and the Drogon build switches that change the
//    code a request runs: the build type, shared or static libraries, the C++ standard. Switches that
//    only add components a hello-world or JSON request never runs (drogon_ctl, examples, the ORM and
//    its database clients, Redis, the YAML config reader) are recorded but do not split runs.
//  - The machine: which computer (here a VM boot) ran it. Its kernel build tag and memory size to the
//    byte are attributes of the machine, not of the class: they change whenever the machine does, and
//    with them runs of one class on two machines would never pool.
// Files from before the runner recorded both (schemaVersion 1-3) are attributed: their build switches
// from bench/legacy-build-switches.json (the build script at their commit), their machine from the
// kernel and memory they recorded; both marked inferred.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { inRepo, LEGACY_BUILD_SWITCHES } = require('./project-paths');

let legacyTable = null;
function legacyBuildSwitches() {
  if (!legacyTable) legacyTable = JSON.parse(readFileSync(inRepo(LEGACY_BUILD_SWITCHES), 'utf8')).runs;
  return legacyTable;
}

const hash = (value) => 'sha256:' + createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

// "-DNAME=VALUE ..." -> { NAME: VALUE }
function parseCmakeSwitches(flags) {
  const switches = {};
  for (const m of String(flags).matchAll(/-D([A-Za-z_][A-Za-z0-9_]*)(?::[A-Z]+)?=(\S*)/g)) switches[m[1]] = m[2];
  return switches;
}

// The build switches that enter the class, from a -D list: build type, library kind, C++ standard
// (CMake's defaults where the list does not set them: no build type, static libraries, the compiler's
// default standard).
function classSwitchesOf(flags) {
  const s = parseCmakeSwitches(flags);
  const on = (v) => /^(ON|1|TRUE|YES)$/i.test(String(v));
  return {
    buildType: s.CMAKE_BUILD_TYPE || '(none)',
    libraries: s.BUILD_SHARED_LIBS !== undefined && on(s.BUILD_SHARED_LIBS) ? 'shared' : 'static',
    cxxStandard: s.CMAKE_CXX_STANDARD || '(compiler default)',
  };
}

// The Drogon build of a file: { switches, inferred, source } or throws naming why it has none.
function drogonBuildOf(env) {
  if (env.drogonBuild) {
    const b = env.drogonBuild;
    return { switches: { buildType: b.buildType, libraries: b.libraries, cxxStandard: b.cxxStandard }, inferred: false, source: 'environment.drogonBuild' };
  }
  const legacy = Object.hasOwn(legacyBuildSwitches(), env.gitCommit) ? legacyBuildSwitches()[env.gitCommit] : null;
  if (!legacy) throw new Error(`environment.drogonBuild is missing and bench/legacy-build-switches.json has no entry for its commit ${env.gitCommit}: Drogon's build switches are unknown`);
  return { switches: classSwitchesOf(legacy.cmakeFlags), inferred: true, source: legacy.source };
}

// -> { id, basis, inferred, source } ; throws an Error naming the missing field when the class cannot
// be determined (the pool leaves such a run out by name with that reason).
function hardwareClassOf(env) {
  for (const field of ['cpuModel', 'cpuCores', 'compiler', 'versions']) {
    if (env[field] === undefined || env[field] === null || env[field] === '') throw new Error(`environment.${field} is missing: the hardware class cannot be determined`);
  }
  if (/^unknown/i.test(env.cpuModel)) throw new Error(`environment.cpuModel is "${env.cpuModel}": the hardware class cannot be determined`);
  const build = drogonBuildOf(env);
  const versions = Object.fromEntries(Object.keys(env.versions).sort().map((k) => [k, env.versions[k]]));
  const basis = { cpuModel: env.cpuModel, cpuCores: env.cpuCores, compiler: env.compiler, versions, drogonBuild: build.switches };
  return { id: hash(basis), basis, inferred: build.inferred, source: build.source };
}

// -> { id, inferred, kernel, memoryBytes, hypervisor }: the machine a file names, or one inferred from
// its kernel and memory size (runs of one VM image booted on one host class share both).
function machineOf(env) {
  if (env.machine) {
    return { id: env.machine.id, inferred: false, kernel: env.kernel, memoryBytes: env.memoryBytes, hypervisor: env.machine.hypervisor };
  }
  return { id: hash({ kernel: env.kernel, memoryBytes: env.memoryBytes }).replace('sha256:', 'inferred:'), inferred: true,
    kernel: env.kernel, memoryBytes: env.memoryBytes, hypervisor: null };
}

module.exports = { hardwareClassOf, machineOf, classSwitchesOf, parseCmakeSwitches, drogonBuildOf };
