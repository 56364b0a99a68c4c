'use strict';
// Plan: the machine and software the numbers come from, captured at run time (never typed),
// plus a fingerprint that says whether two results files are comparable at all (what differs between
// two environments: shared/src/environment-changes.js).
const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const os = require('node:os');
const { BenchError, SETUP_HINT } = require('../helpers/errors');
const { repoRoot } = require('../../../shared/src/project-paths');
const { readTextOrEmpty: readText } = require('../helpers/read-text');


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
  return env;
}

module.exports = { captureEnvironment, measurementToolVersions, fingerprintOf };
