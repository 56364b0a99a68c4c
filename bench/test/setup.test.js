'use strict';
// bench/setup.sh: the pins file is validated before anything runs, and a failing step names itself
// and the exact command. Runs against a throw-away BENCH_HOME and fails in step 1: nothing is installed.
// The driver runs every step script of bench/setup/ once, in order, each naming itself once (the steps
// themselves run in full, against this machine, whenever `npm test` runs the setup).
// Covers: bench/setup/lib.sh, bench/setup/read-pins.js, bench/setup/write-state.js, bench/setup/01-platform-and-pins.sh,
//   bench/setup/02-debian-packages.sh, bench/setup/03-system-services.sh, bench/setup/04-drogon-sources.sh,
//   bench/setup/05-drogon-build.sh, bench/setup/06-drogon-check.sh, bench/setup/07-drogon-usr-local.sh,
//   bench/setup/08-benchmark-server.sh, bench/setup/09-nginx-module.sh, bench/setup/10-nginx-module-check.sh,
//   bench/setup/11-yyjson.sh, bench/setup/12-json-drogon-app.sh, bench/setup/13-json-gin-app.sh, bench/setup/14-oha.sh,
//   bench/setup/15-state.sh
const test = require('node:test');
const assert = require('node:assert/strict');
const { mkdtempSync, rmSync, writeFileSync, readFileSync, existsSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');
const { readPins, systemArchive } = require('../setup/read-pins');
const { mkdirSync } = require('node:fs');

const root = join(__dirname, '..', '..');
const pinsPath = join(root, 'bench', 'pins.json');

function withTempDir(fn) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-setup-test-'));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function writePins(dir, edit) {
  const pins = JSON.parse(readFileSync(pinsPath, 'utf8'));
  edit(pins);
  const file = join(dir, 'pins.json');
  writeFileSync(file, JSON.stringify(pins));
  return file;
}

test('the committed pins name Debian source versions of trantor and drogon', () => {
  const pins = readPins(pinsPath);
  assert.match(pins.sourcePackages.drogon, /^1\.9\.\d+/);
  assert.match(pins.sourcePackages.trantor, /^1\.5\.\d+/);
});

test('readPins names the field that is wrong', () => {
  withTempDir((dir) => {
    const cases = [
      [(p) => { p.sourcePackages.drogon = 'latest'; }, /field "sourcePackages\.drogon" must be a Debian version/],
      [(p) => { delete p.sourcePackages.trantor; }, /field "sourcePackages\.trantor"/],
      [(p) => { p.archive = 'ftp://example.org/debian'; }, /field "archive" must be "system" or an http\(s\) URL/],
      [(p) => { p.suite = 'sid main'; }, /field "suite"/],
      [(p) => { p.keyring = 'keyring.gpg'; }, /field "keyring" must be an absolute path/],
      [(p) => { p.jsonSourcePackages.yyjson.version = 'newest'; }, /field "jsonSourcePackages\.yyjson\.version" must be a Debian version/],
      [(p) => { delete p.jsonSourcePackages; }, /field "jsonSourcePackages\.yyjson\.suite"/],
      [(p) => { p.glazeSuite = 'sid main'; }, /field "glazeSuite"/],
      [(p) => { p.loadGenerators.ohaRustVersion = 'stable'; }, /field "loadGenerators\.ohaRustVersion" must be a Rust version/],
      [(p) => { p.goToolchain.version = '1.25'; }, /field "goToolchain\.version" must be a Go version such as 1\.25\.0/],
      [(p) => { p.goToolchain.zips['linux-amd64'].sha256 = 'ABC'; }, /field "goToolchain\.zips\.linux-amd64\.sha256" must be 64 lower-case hex digits/],
      [(p) => { p.goToolchain.zips['linux-amd64'].h1 = 'sha256:abc'; }, /field "goToolchain\.zips\.linux-amd64\.h1" must be an h1: hash as in go\.sum/],
      [(p) => { p.goToolchain.zips.amd64 = p.goToolchain.zips['linux-amd64']; }, /field "goToolchain\.zips\.amd64" must be keyed linux-<Go arch>/],
    ];
    for (const [edit, message] of cases) assert.throws(() => readPins(writePins(dir, edit)), message);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"archive": ');
    assert.throws(() => readPins(broken), /broken\.json: cannot read pins/);
  });
});

test('archive "system" takes the mirror of the machine\'s own bookworm apt source', () => {
  withTempDir((dir) => {
    mkdirSync(join(dir, 'sources.list.d'));
    writeFileSync(join(dir, 'sources.list'), '# deb http://commented.example/debian bookworm main\n');
    writeFileSync(join(dir, 'sources.list.d', 'debian.sources'), [
      'Types: deb', 'URIs: http://security.example/debian-security', 'Suites: bookworm-security', 'Components: main', '',
      'Types: deb', 'URIs: http://mirror.example/debian/', 'Suites: bookworm bookworm-updates', 'Components: main', '',
    ].join('\n'));
    assert.equal(systemArchive(dir), 'http://mirror.example/debian');
    writeFileSync(join(dir, 'sources.list'), 'deb [arch=amd64] http://oneline.example/debian bookworm main\n');
    assert.equal(systemArchive(dir), 'http://oneline.example/debian', 'sources.list is read first, as apt does');
    rmSync(join(dir, 'sources.list'));
    rmSync(join(dir, 'sources.list.d', 'debian.sources'));
    assert.throws(() => systemArchive(dir), /field "archive" is "system", but no apt source for bookworm.*DROGON_BENCH_ARCHIVE/);
  });
});

test('setup.sh stops in step 1 on a bad pin, naming the step, the field and the command', () => {
  withTempDir((dir) => {
    const pins = writePins(dir, (p) => { p.sourcePackages.trantor = 'not a version'; });
    const home = join(dir, 'home');
    const r = spawnSync('bash', [join(root, 'bench', 'setup.sh')], {
      encoding: 'utf8',
      timeout: 20000,
      env: { ...process.env, DROGON_BENCH_HOME: home, BENCH_PINS_FILE: pins },
    });
    assert.equal(r.status, 1, `exit ${r.status}; stderr: ${r.stderr}`);
    assert.match(r.stdout, /==> \[setup\] step 1\/\d+: check platform and read pins/);
    assert.match(r.stderr, /field "sourcePackages\.trantor" must be a Debian version/);
    assert.match(r.stderr, /error: \[setup\] step 1\/\d+ \(check platform and read pins\) failed \(exit 1\)/);
    assert.ok(r.stderr.includes(`command: node ${join(root, 'bench', 'setup', 'read-pins.js')} ${pins}`), r.stderr);
    assert.equal((r.stderr.match(/error: \[setup\]/g) || []).length, 1, 'the failure is reported once');
    assert.equal(existsSync(join(home, 'state.json')), false, 'no state.json after a failed setup');
  });
});

test('setup/write-state.js requires every agreed state.json field and adds builtAt', () => {
  const { buildState, REQUIRED } = require('../setup/write-state');
  const pairs = REQUIRED.map((f) => `${f}=value of ${f}`);
  const state = buildState([...pairs, 'drogonSourceVersion=1.9.13+ds-2'], new Date('2026-01-02T03:04:05Z'));
  assert.equal(state.nginxHelloModule, 'value of nginxHelloModule');
  assert.equal(state.drogonSourceVersion, '1.9.13+ds-2');
  assert.equal(state.builtAt, '2026-01-02T03:04:05.000Z');
  assert.throws(() => buildState(pairs.filter((p) => !p.startsWith('wrkVersion='))), /missing or empty: wrkVersion/);
  assert.throws(() => buildState([...pairs.slice(1), 'drogonVersion=']), /missing or empty: drogonVersion/);
  assert.throws(() => buildState(['no-equals-sign']), /"no-equals-sign" is not field=value/);
});

test('the driver sources lib.sh, then every step script of bench/setup/ once, in order; each step names itself once', () => {
  const driver = readFileSync(join(root, 'bench', 'setup.sh'), 'utf8');
  const sourced = [...driver.matchAll(/^\. "\$setup_dir\/([^"]+)"$/gm)].map((m) => m[1]);
  const steps = require('node:fs').readdirSync(join(root, 'bench', 'setup')).filter((f) => /^\d\d-.*\.sh$/.test(f)).sort();
  assert.deepEqual(sourced, ['lib.sh', ...steps]);
  assert.equal(Number(/^total_steps=(\d+)$/m.exec(driver)[1]), steps.length, 'total_steps counts the step scripts');
  for (const file of steps) {
    const calls = readFileSync(join(root, 'bench', 'setup', file), 'utf8').split('\n').filter((l) => /^step ['"]/.test(l));
    assert.equal(calls.length, 1, `${file} names its step once`);
  }
});
