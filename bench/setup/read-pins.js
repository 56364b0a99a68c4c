#!/usr/bin/env node
// Reads and validates bench/pins.json for bench/setup.sh; prints KEY=VALUE lines (safe characters only).
// Usage: node bench/setup/read-pins.js <pins.json>
'use strict';
const { readFileSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

const DEBIAN_VERSION = /^[0-9][A-Za-z0-9.+~]*(-[A-Za-z0-9.+~]+)?$/;

function readPins(file) {
  let pins;
  try {
    pins = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file}: cannot read pins (${err.message})`);
  }
  const fail = (field, expected) => { throw new Error(`${file}: field "${field}" must be ${expected}`); };
  // "system": the Debian mirror this machine's apt already uses, so no host is baked into the repository.
  if (pins.archive === 'system') pins.archive = process.env.DROGON_BENCH_ARCHIVE || systemArchive();
  if (typeof pins.archive !== 'string' || !/^https?:\/\/[A-Za-z0-9.:/_-]+$/.test(pins.archive)) fail('archive', '"system" or an http(s) URL');
  if (typeof pins.suite !== 'string' || !/^[a-z][a-z0-9-]*$/.test(pins.suite)) fail('suite', 'a suite name such as sid');
  if (typeof pins.keyring !== 'string' || !/^\/[A-Za-z0-9./_-]+$/.test(pins.keyring)) fail('keyring', 'an absolute path');
  for (const name of ['trantor', 'drogon']) {
    const version = pins.sourcePackages && pins.sourcePackages[name];
    if (typeof version !== 'string' || !DEBIAN_VERSION.test(version)) {
      fail(`sourcePackages.${name}`, 'a Debian version such as 1.9.13+ds-2');
    }
  }
  // yyjson for the JSON bench: not in sid's pool here (404), trixie serves its source tarball.
  const yyjson = pins.jsonSourcePackages && pins.jsonSourcePackages.yyjson;
  if (!yyjson || typeof yyjson.suite !== 'string' || !/^[a-z][a-z0-9-]*$/.test(yyjson.suite)) fail('jsonSourcePackages.yyjson.suite', 'a suite name such as trixie');
  if (typeof yyjson.version !== 'string' || !DEBIAN_VERSION.test(yyjson.version)) fail('jsonSourcePackages.yyjson.version', 'a Debian version such as 0.10.0+ds-1');
  const oha = pins.loadGenerators && pins.loadGenerators.oha;
  if (typeof oha !== 'string' || !/^\d+\.\d+\.\d+$/.test(oha)) fail('loadGenerators.oha', 'a crates.io version such as 1.16.0');
  if (typeof pins.glazeSuite !== 'string' || !/^[a-z][a-z0-9-]*$/.test(pins.glazeSuite)) fail('glazeSuite', 'a suite name such as sid');
  // oha's rust-version (its Cargo.toml): named in the error when the machine's cargo is older.
  if (typeof pins.loadGenerators.ohaRustVersion !== 'string' || !/^\d+\.\d+(\.\d+)?$/.test(pins.loadGenerators.ohaRustVersion)) {
    fail('loadGenerators.ohaRustVersion', 'a Rust version such as 1.88');
  }
  // The Go toolchain fetched from the module proxy when the machine's Go is too old: its zip's SHA-256
  // and the h1: hash the Go checksum database has for the module, per architecture.
  const go = pins.goToolchain;
  if (!go || typeof go.version !== 'string' || !/^\d+\.\d+\.\d+$/.test(go.version)) fail('goToolchain.version', 'a Go version such as 1.25.0');
  if (!go.zips || typeof go.zips !== 'object') fail('goToolchain.zips', 'an object keyed by linux-<arch>');
  for (const [key, zip] of Object.entries(go.zips)) {
    if (!/^linux-[a-z0-9]+$/.test(key)) fail(`goToolchain.zips.${key}`, 'keyed linux-<Go arch>, such as linux-amd64');
    if (!zip || typeof zip.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(zip.sha256)) fail(`goToolchain.zips.${key}.sha256`, '64 lower-case hex digits');
    if (typeof zip.h1 !== 'string' || !/^h1:[A-Za-z0-9+/]{43}=$/.test(zip.h1)) fail(`goToolchain.zips.${key}.h1`, 'an h1: hash as in go.sum');
  }
  return pins;
}

// Node's process.arch -> Go's GOARCH.
const GO_ARCH = Object.freeze({ x64: 'amd64', arm64: 'arm64', ia32: '386', arm: 'arm', ppc64: 'ppc64le', s390x: 's390x', riscv64: 'riscv64' });

// The URI of the first apt source that serves this release's main suite (not -security/-updates),
// read from sources.list (one-line format) and sources.list.d/*.sources (deb822).
function systemArchive(aptDir = '/etc/apt', codename = 'bookworm') {
  const entries = [];
  const read = (f) => { try { return readFileSync(f, 'utf8'); } catch { return ''; } };
  for (const line of read(join(aptDir, 'sources.list')).split('\n')) {
    const m = /^\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)/.exec(line);
    if (m) entries.push({ uris: [m[1]], suites: [m[2]] });
  }
  let parts = [];
  try { parts = readdirSync(join(aptDir, 'sources.list.d')).filter((f) => f.endsWith('.sources')).sort(); } catch { /* none */ }
  for (const f of parts) {
    for (const stanza of read(join(aptDir, 'sources.list.d', f)).split(/\n\s*\n/)) {
      const field = (name) => ((new RegExp(`^${name}:\\s*(.*)$`, 'mi').exec(stanza) || [])[1] || '').trim().split(/\s+/);
      if (field('Types').includes('deb') && !/^Enabled:\s*no/mi.test(stanza)) entries.push({ uris: field('URIs'), suites: field('Suites') });
    }
  }
  const found = entries.find((e) => e.suites.includes(codename) && /^https?:\/\//.test(e.uris[0] || ''));
  if (!found) throw new Error(`field "archive" is "system", but no apt source for ${codename} was found in ${aptDir}; set DROGON_BENCH_ARCHIVE to a Debian mirror URL`);
  return found.uris[0].replace(/\/+$/, '');
}

if (require.main === module) {
  try {
    const pins = readPins(process.argv[2]);
    const goArch = GO_ARCH[process.arch] || process.arch;
    const zip = pins.goToolchain.zips[`linux-${goArch}`];
    process.stdout.write([
      `archive=${pins.archive}`, `suite=${pins.suite}`, `keyring=${pins.keyring}`,
      `trantor_pin=${pins.sourcePackages.trantor}`, `drogon_pin=${pins.sourcePackages.drogon}`,
      `yyjson_suite=${pins.jsonSourcePackages.yyjson.suite}`, `yyjson_pin=${pins.jsonSourcePackages.yyjson.version}`,
      `glaze_suite=${pins.glazeSuite}`, `oha_pin=${pins.loadGenerators.oha}`, `oha_rust=${pins.loadGenerators.ohaRustVersion}`,
      `go_toolchain=${pins.goToolchain.version}`, `go_arch=${goArch}`,
      `go_toolchain_sha256=${zip ? zip.sha256 : ''}`, `go_toolchain_h1=${zip ? zip.h1 : ''}`, '',
    ].join('\n'));
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}

module.exports = { readPins, systemArchive, GO_ARCH };
