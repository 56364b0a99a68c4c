'use strict';
// The Go toolchain for bench/gin-json (bench/setup/go-toolchain.sh): the machine's Go when it is new enough, else
// the toolchain pinned in bench/pins.json, fetched from the Go module proxy and checked against its
// pinned SHA-256 and h1: hash; a clear error naming what to install otherwise. go-dirhash.js is checked
// against real go.sum lines (the gin module the setup downloaded). The fetch is real (proxy.golang.org,
// about 64 MB, twice per test run into temp folders); the corrupted zip and the wrong pin are TEST DATA
// made from it, the zip served through a file:// proxy.
// Covers: bench/setup/go-dirhash.js
const test = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const { mkdtempSync, rmSync, readFileSync, mkdirSync, writeFileSync, existsSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir, homedir } = require('node:os');
const { dirhash } = require('../../setup/go-dirhash');
const { readPins, GO_ARCH } = require('../../setup/read-pins');

const root = join(__dirname, '..', '..', '..');
const script = join(root, 'bench', 'setup', 'go-toolchain.sh');
const pins = readPins(join(root, 'bench', 'pins.json'));
const arch = GO_ARCH[process.arch] || process.arch;
const zip = pins.goToolchain.zips[`linux-${arch}`];
const version = pins.goToolchain.version;
const goNeeded = /^go (\S+)$/m.exec(readFileSync(join(root, 'bench', 'gin-json', 'go.mod'), 'utf8'))[1];
const dir = mkdtempSync(join(tmpdir(), 'setup-go-test-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

function setupGo(args, env = {}) {
  const r = spawnSync('bash', [script, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 900000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, values: Object.fromEntries(r.stdout.split('\n').filter(Boolean).map((l) => l.split(/=(.*)/s).slice(0, 2))) };
}

test('go-dirhash gives the h1: of go.sum for a real module (gin, as the setup downloaded it)', () => {
  const goSum = readFileSync(join(root, 'bench', 'gin-json', 'go.sum'), 'utf8');
  const modCache = process.env.GOMODCACHE || join(process.env.GOPATH || join(homedir(), 'go'), 'pkg', 'mod');
  const checked = [];
  // lower-case module paths only: the module cache escapes capitals (!x) in its folder names
  for (const [, module, moduleVersion, h1] of goSum.matchAll(/^(github\.com\/[a-z0-9./-]+) (v[^ /]+) (h1:\S+)$/gm)) {
    if (!existsSync(join(modCache, `${module}@${moduleVersion}`)) || checked.length >= 3) continue;
    assert.equal(dirhash(modCache, `${module}@${moduleVersion}`), h1, `${module}@${moduleVersion}`);
    checked.push(module);
  }
  assert.ok(checked.length > 0, `no module of bench/gin-json/go.sum in ${modCache}: run npm run bench:setup (it builds the gin app)`);
  assert.throws(() => dirhash(dir, 'no-such-module@v1.0.0'), /ENOENT/);
});

test('the pinned toolchain is new enough for bench/gin-json/go.mod', () => {
  assert.ok(zip, `bench/pins.json pins a Go toolchain for linux-${arch}`);
  const parts = (v) => v.split('.').map(Number);
  const [a, b] = [parts(version), parts(goNeeded)];
  assert.ok(a[0] > b[0] || (a[0] === b[0] && (a[1] > b[1] || (a[1] === b[1] && (a[2] || 0) >= (b[2] || 0)))), `go${version} >= go ${goNeeded}`);
});

test('no Go new enough on the machine: the pinned toolchain comes from the module proxy, checked, cached; corrupted zips are refused', () => {
  const home = join(dir, 'home');
  const env = { DROGON_BENCH_HOME: home, DROGON_BENCH_SYSTEM_GO: 'ignore' };
  const fetched = setupGo([goNeeded, version, arch, zip.sha256, zip.h1], env);
  assert.equal(fetched.code, 0, fetched.stderr);
  assert.equal(fetched.values.go_version, `go${version}`);
  assert.equal(fetched.values.go_bin, join(home, 'go-toolchain', `go${version}.linux-${arch}`, 'bin', 'go'));
  assert.match(fetched.stderr, new RegExp(`found: no go on PATH.*fetching go${version.replace(/\./g, '\\.')} from the Go module proxy \\(https://proxy\\.golang\\.org, module golang\\.org/toolchain@v0\\.0\\.1-go${version.replace(/\./g, '\\.')}\\.linux-${arch}\\)`));
  assert.match(fetched.stderr, /SHA-256 and h1 checked/);
  const run = spawnSync(fetched.values.go_bin, ['version'], { encoding: 'utf8', env: { ...process.env, GOTOOLCHAIN: 'local' } });
  assert.match(run.stdout, new RegExp(`^go version go${version.replace(/\./g, '\\.')} linux/${arch}`));
  // second time: the cached toolchain, no fetch
  const again = setupGo([goNeeded, version, arch, zip.sha256, zip.h1], env);
  assert.equal(again.code, 0, again.stderr);
  assert.doesNotMatch(again.stderr, /fetching/);

  // A file:// proxy serving the real zip with one byte changed: the SHA-256 check refuses it ...
  const proxy = join(dir, 'proxy');
  const atV = join(proxy, 'golang.org', 'toolchain', '@v');
  mkdirSync(atV, { recursive: true });
  const moduleZip = join(atV, `v0.0.1-go${version}.linux-${arch}.zip`);
  const bad = join(dir, 'bad-home');
  const fetchBad = (sha256, h1) => setupGo([goNeeded, version, arch, sha256, h1], { DROGON_BENCH_HOME: bad, DROGON_BENCH_SYSTEM_GO: 'ignore', DROGON_BENCH_GOPROXY: `file://${proxy}` });
  const original = spawnSync('curl', ['-fsSL', '-o', moduleZip, `https://proxy.golang.org/golang.org/toolchain/@v/v0.0.1-go${version}.linux-${arch}.zip`]);
  assert.equal(original.status, 0, String(original.stderr));
  const genuine = readFileSync(moduleZip);
  const bytes = Buffer.from(genuine);
  bytes[bytes.length - 30] ^= 0xff; // inside the zip's end record: still the same files
  writeFileSync(moduleZip, bytes);
  const refused = fetchBad(zip.sha256, zip.h1);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, new RegExp(`has SHA-256 [0-9a-f]{64}, but bench/pins.json pins ${zip.sha256} \\(goToolchain\\.zips\\.linux-${arch}\\.sha256\\): not used`));
  assert.equal(existsSync(join(bad, 'go-toolchain', `go${version}.linux-${arch}`)), false, 'nothing kept');
  // ... and the genuine zip against another h1 (the checksum database's hash of the module's go.mod
  // file, not of the module): the h1 check refuses it
  writeFileSync(moduleZip, genuine);
  const goModH1 = 'h1:8wlg68NqwW7eMnI1aABk/C2pDYXj8mrMY4TyRfiLeS0=';
  const wrongFiles = fetchBad(zip.sha256, goModH1);
  assert.equal(wrongFiles.code, 1);
  assert.match(wrongFiles.stderr, new RegExp(`hashes to ${zip.h1.replace(/[+/=]/g, '\\$&')}, but bench/pins\\.json pins ${goModH1.replace(/[+/=]/g, '\\$&')} \\(the Go checksum database's value\\): not used`));
  assert.equal(existsSync(join(bad, 'go-toolchain', `go${version}.linux-${arch}`)), false, 'nothing kept');
});

test('no pinned toolchain for this architecture, or a pin older than go.mod: the error names what to install', () => {
  const env = { DROGON_BENCH_HOME: join(dir, 'none'), DROGON_BENCH_SYSTEM_GO: 'ignore' };
  const none = setupGo([goNeeded, version, 'riscv64', '', ''], env);
  assert.equal(none.code, 1);
  assert.match(none.stderr, new RegExp(`error: \\[setup-go\\] Go ${goNeeded.replace(/\./g, '\\.')} or later is needed to build bench/gin-json .*: install Go ${goNeeded.replace(/\./g, '\\.')} or later for linux-riscv64 from https://go\\.dev/dl/`));
  const old = setupGo(['1.99.0', version, arch, zip.sha256, zip.h1], env);
  assert.equal(old.code, 1);
  assert.match(old.stderr, new RegExp(`the pinned toolchain go${version.replace(/\./g, '\\.')} \\(bench/pins\\.json goToolchain\\.version\\) is older than that: pin Go 1\\.99\\.0 or later there`));
  const usage = setupGo(['1.25'], env);
  assert.match(usage.stderr, /usage: bash bench\/setup\/go-toolchain\.sh/);
});
