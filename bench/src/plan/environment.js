'use strict';
// Plan: the machine and software the numbers come from, captured at run time (never typed): the
// machine's name and attributes, Drogon's build, the hardware class that says which runs pool
// (shared/src/hardware-class.js), and the older fingerprint (kept for the trend's change list) (what differs between
// two environments: shared/src/environment-changes.js).
const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const os = require('node:os');
const { BenchError, SETUP_HINT } = require('../helpers/errors');
const { repoRoot } = require('../../../shared/src/project-paths');
const { readTextOrEmpty: readText } = require('../helpers/read-text');
const { hardwareClassOf, parseCmakeSwitches } = require('../../../shared/src/hardware-class');
const fs = require('node:fs');
const path = require('node:path');


function cpuModel() {
  const cpuinfo = readText('/proc/cpuinfo');
  for (const key of ['model name', 'Model', 'Hardware', 'cpu model']) {
    const line = cpuinfo.split('\n').find((l) => l.split(':')[0].trim() === key);
    if (line && line.split(':').slice(1).join(':').trim()) return line.split(':').slice(1).join(':').trim().replace(/\s+/g, ' ');
  }
  const model = os.cpus()[0]?.model?.trim();
  return model || 'unknown CPU model';
}

function osName() {
  const line = readText('/etc/os-release').split('\n').find((l) => l.startsWith('PRETTY_NAME='));
  return line ? line.slice('PRETTY_NAME='.length).replace(/^"|"$/g, '') : `${os.type()} ${os.release()}`;
}

function firstLineOf(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10000 }).split('\n')[0].trim();
  } catch {
    return '';
  }
}

function compiler() {
  // The C++ compiler on PATH is the one setup.sh's CMake builds found (CMake's default: c++).
  const version = firstLineOf('c++', ['--version']) || firstLineOf('g++', ['--version']);
  if (!version) throw new BenchError(`no C++ compiler found (c++ --version failed): ${SETUP_HINT}`);
  return version;
}

function gitCommit() {
  return firstLineOf('git', ['-C', repoRoot, 'rev-parse', 'HEAD']) || 'unknown (not a git checkout)';
}

function fingerprintOf(env) {
  const basis = { cpuModel: env.cpuModel, cpuCores: env.cpuCores, kernel: env.kernel, compiler: env.compiler, versions: env.versions };
  const canonical = JSON.stringify(basis, Object.keys(basis).concat(Object.keys(env.versions)).sort());
  return 'sha256:' + createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

// Versions of the tools the instruction counts use, read from the tools on PATH (setup installs them
// from Debian); absent when a tool is not installed.
function measurementToolVersions() {
  const versions = {};
  const valgrind = /^valgrind-(\S+)/.exec(firstLineOf('valgrind', ['--version']));
  if (valgrind) versions.valgrind = valgrind[1];
  const h2load = /^h2load nghttp2\/(\S+)/.exec(firstLineOf('h2load', ['--version']));
  if (h2load) versions.h2load = h2load[1];
  return versions;
}

// The JSON application's and the fixed-rate generator's versions, from what the setup built; recorded
// whatever the plan runs, so a selection and a full run of the same build share one fingerprint.
const JSON_VERSION_FIELDS = Object.freeze({ oha: 'ohaVersion', go: 'goVersion', gin: 'ginVersion', sonic: 'sonicVersion',
  jsoncpp: 'jsoncppVersion', simdjson: 'simdjsonVersion', yyjson: 'yyjsonVersion' });

function jsonToolVersions(state) {
  const versions = {};
  for (const [name, field] of Object.entries(JSON_VERSION_FIELDS)) {
    if (typeof state[field] === 'string' && state[field]) versions[name] = state[field];
  }
  return versions;
}

// The machine the run is on (issue 33): a VM cloned from one image shares /etc/machine-id with its
// siblings, and a boot's /proc/sys/kernel/random/boot_id is unique, so the pair names one machine
// boot. Only a hash is recorded (the IDs themselves identify the host). The hypervisor, from lscpu, is
// an attribute (with the kernel and memory size recorded beside it).
function machineIdentity({ readFile = readText, lscpu = () => { try { return execFileSync('lscpu', [], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10000 }); } catch { return ''; } } } = {}) {
  const machineId = readFile('/etc/machine-id').trim();
  const bootId = readFile('/proc/sys/kernel/random/boot_id').trim();
  if (!machineId && !bootId) throw new BenchError('cannot name this machine: neither /etc/machine-id nor /proc/sys/kernel/random/boot_id can be read (environment.machine)');
  const listing = lscpu();
  const vendor = /^Hypervisor vendor:\s*(.+)$/m.exec(listing);
  const flagged = /^flags\s*:.*\bhypervisor\b/m.test(readFile('/proc/cpuinfo'));
  return {
    id: 'sha256:' + createHash('sha256').update(`machine-id ${machineId}\nboot-id ${bootId}`).digest('hex').slice(0, 16),
    identifiedBy: [machineId ? 'machine-id' : null, bootId ? 'boot-id' : null].filter(Boolean).join('+'),
    hypervisor: vendor ? vendor[1].trim() : (flagged ? 'unnamed hypervisor' : 'none'),
  };
}

// Drogon's build as built by the setup: the switches it recorded (state.drogonCmakeFlags), and what the
// installed build shows of the three that enter the class: the build type (the CMake targets file it
// installed, DrogonTargets-<type>.cmake), shared or static libraries (libdrogon.so or .a) and the C++
// standard (state.cxxStandard, else the -D switch).
function drogonBuildOf(state) {
  const cmakeDir = path.join(state.drogonPrefix, 'lib', 'cmake', 'Drogon');
  let names = [];
  try { names = fs.readdirSync(cmakeDir); } catch (err) {
    throw new BenchError(`cannot read Drogon's installed CMake files in ${cmakeDir} (${err.code}): the build type is unknown: ${SETUP_HINT}`);
  }
  const targets = names.map((n) => /^DrogonTargets-(\w+)\.cmake$/.exec(n)).filter(Boolean);
  if (targets.length !== 1) throw new BenchError(`${cmakeDir} holds ${targets.length} DrogonTargets-<type>.cmake files: the build type is unknown: ${SETUP_HINT}`);
  const lib = path.join(state.drogonPrefix, 'lib');
  const libraries = fs.existsSync(path.join(lib, 'libdrogon.so')) ? 'shared' : (fs.existsSync(path.join(lib, 'libdrogon.a')) ? 'static' : null);
  if (!libraries) throw new BenchError(`no libdrogon.so or libdrogon.a in ${lib}: ${SETUP_HINT}`);
  const flags = typeof state.drogonCmakeFlags === 'string' ? state.drogonCmakeFlags : '';
  const cxxStandard = String(state.cxxStandard || parseCmakeSwitches(flags).CMAKE_CXX_STANDARD || '(compiler default)');
  const buildType = targets[0][1][0].toUpperCase() + targets[0][1].slice(1);
  return { buildType, libraries, cxxStandard, cmakeFlags: flags || '(not recorded by the setup)' };
}

function captureEnvironment(state, startedAt) {
  const env = {
    cpuModel: cpuModel(),
    cpuCores: os.cpus().length,
    memoryBytes: os.totalmem(),
    os: osName(),
    kernel: os.release(),
    compiler: compiler(),
    versions: {
      drogon: state.drogonVersion,
      trantor: state.trantorVersion,
      nginx: state.nginxVersion,
      wrk: state.wrkVersion,
      ab: state.abVersion,
      ...measurementToolVersions(),
      ...jsonToolVersions(state),
    },
    gitCommit: gitCommit(),
    date: startedAt.toISOString().slice(0, 10),
  };
  env.fingerprint = fingerprintOf(env);
  env.machine = machineIdentity();
  env.drogonBuild = drogonBuildOf(state);
  env.hardwareClass = hardwareClassOf(env).id;
  return env;
}

module.exports = { captureEnvironment, measurementToolVersions, fingerprintOf, machineIdentity, drogonBuildOf };
