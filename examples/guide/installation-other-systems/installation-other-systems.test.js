// The "Installation on other systems" page. This machine is Debian 12 without Docker, Ubuntu,
// Fedora, Arch, macOS or Windows, so no command of the page runs here, and the page labels every
// section so. What can be checked here is: the Ubuntu package names are Debian 12's (apt knows each
// one) and the Installation page's plus a keyring; the scripts pass shellcheck and choose sudo only
// when not root; build-from-git.sh builds the pinned tag with the setup's switches; the Dockerfile
// passes dockerfile-utils' validation, starts from this machine's Debian 12 and runs the two scripts
// of the Installation page (which installation.test.js runs here as root); vcpkg.json and
// conanfile.txt parse, pin the Drogon version of bench/pins.json and ask for the parts the setup
// builds. Package names for Fedora, Arch and Homebrew, the vcpkg baseline and ConanCenter's recipe
// are NOT checked here (no access to those package sources).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { validate } = require('dockerfile-utils');
const { runCommand, runChecked, exampleRegion, examplesDir, repoRoot } = require('../test-support/guide-tests');

const dir = path.join(examplesDir, 'installation-other-systems');
const read = (name) => fs.readFileSync(path.join(dir, name), 'utf8');
const pins = JSON.parse(fs.readFileSync(path.join(repoRoot, 'bench', 'pins.json'), 'utf8'));
const drogonVersion = pins.sourcePackages.drogon.replace(/[+-].*$/, '');
const setupScript = fs.readFileSync(path.join(repoRoot, 'bench', 'setup.sh'), 'utf8');
const setupFlags = /^drogon_cmake_flags=\(([^)]*)\)/m.exec(setupScript)[1].split(/\s+/).filter(Boolean);
const flagOn = (name) => setupFlags.includes(`-D${name}=ON`);

// The words after `<manager> <subcommand> [options]` on the (continued) install line of a script.
function installedPackages(script, manager) {
  const line = script.replace(/\\\n/g, ' ').split('\n').find((l) => new RegExp(`\\b${manager}\\b`).test(l) && /\binstall\b|-S\b/.test(l));
  assert.ok(line, `no ${manager} install line`);
  return line.replace(new RegExp(`^.*\\b${manager}\\s+(?:install|-S)\\s+`), '').split(/\s+/).filter((w) => w && !w.startsWith('-'));
}

test('Ubuntu installs the Installation page\'s Debian packages plus debian-archive-keyring, names apt knows here', { timeout: 120000 }, async () => {
  const debian = installedPackages(fs.readFileSync(path.join(examplesDir, 'installation', 'install-build-deps.sh'), 'utf8'), 'apt-get');
  const ubuntu = installedPackages(read('ubuntu-deps.sh'), 'apt-get');
  assert.deepEqual(ubuntu, [...debian, 'debian-archive-keyring']);
  // build-drogon.sh checks Debian's signed index with this keyring's file.
  assert.ok(fs.readFileSync(path.join(examplesDir, 'installation', 'build-drogon.sh'), 'utf8').includes('/usr/share/keyrings/debian-archive-keyring.gpg'));
  const policy = await runChecked(['apt-cache', 'policy', ...ubuntu], { label: 'apt-cache policy' });
  for (const p of ubuntu) assert.match(policy.stdout, new RegExp(`^${p.replace(/[+.]/g, '\\$&')}:\\n\\s+Installed: (?!\\(none\\))`, 'm'), `${p}: not a Debian 12 package installed here`);
  assert.equal(exampleRegion('installation-other-systems/commands.sh', 'ubuntu'), 'sh ubuntu-deps.sh\nbash build-drogon.sh');
});

test('the scripts pass shellcheck and use sudo only when not root', { timeout: 60000 }, async () => {
  const which = await runCommand(['sh', '-c', 'command -v shellcheck'], { label: 'command -v shellcheck' });
  assert.equal(which.code, 0, 'shellcheck is not on PATH (scripts/install-actionlint.sh installs it: npm test runs it through scripts/ensure-deps.sh)');
  const sh = ['ubuntu-deps.sh', 'fedora-deps.sh', 'arch-deps.sh'];
  await runChecked(['shellcheck', '-s', 'sh', ...sh.map((f) => path.join(dir, f))], { label: 'shellcheck (sh)' });
  await runChecked(['shellcheck', path.join(dir, 'build-from-git.sh')], { label: 'shellcheck build-from-git.sh' });
  for (const [file, manager] of [['ubuntu-deps.sh', 'apt-get'], ['fedora-deps.sh', 'dnf'], ['arch-deps.sh', 'pacman']]) {
    const text = read(file);
    assert.match(text, /^if \[ "\$\(id -u\)" -eq 0 \]; then as_root=; else as_root=sudo; fi$/m, file);
    for (const line of text.split('\n').filter((l) => new RegExp(`\\b${manager}\\b`).test(l) && !l.startsWith('#'))) {
      assert.match(line, new RegExp(`^\\$as_root ${manager} `), `${file}: ${line}`);
    }
  }
});

test('build-from-git.sh builds the pinned Drogon tag with the switches the setup builds', () => {
  assert.match(exampleRegion('installation-other-systems/build-from-git.sh', 'clone'), new RegExp(`--branch v${drogonVersion.replace(/\./g, '\\.')} --recurse-submodules`));
  const words = exampleRegion('installation-other-systems/build-from-git.sh', 'drogon').split(/\s+/);
  for (const flag of setupFlags) assert.ok(words.includes(flag), `build-from-git.sh lacks the setup's switch ${flag}`);
  for (const flag of ['-DBUILD_SHARED_LIBS=ON', '-DCMAKE_INSTALL_LIBDIR=lib', '-DCMAKE_INSTALL_RPATH="$prefix/lib"']) assert.ok(words.includes(flag), flag);
});

test('the Dockerfile is valid, starts from this machine\'s Debian 12 and runs the Installation page\'s scripts', () => {
  const dockerfile = read('Dockerfile');
  assert.deepEqual(validate(dockerfile), []);
  const osRelease = fs.readFileSync('/etc/os-release', 'utf8');
  assert.match(osRelease, /^ID=debian$/m);
  assert.match(osRelease, /^VERSION_ID="12"$/m);
  assert.match(dockerfile, /^FROM debian:12$/m);
  // The build context: the Dockerfile with the two scripts of the Installation page next to it.
  const copy = /^COPY (.+) (\S+)$/m.exec(dockerfile);
  assert.deepEqual(copy[1].split(/\s+/), ['install-build-deps.sh', 'build-drogon.sh']);
  for (const f of copy[1].split(/\s+/)) assert.ok(fs.existsSync(path.join(examplesDir, 'installation', f)), f);
  // Instructions with their continuation lines joined.
  const instructions = dockerfile.replace(/\\\n\s*/g, ' ').split('\n').filter((l) => /^[A-Z]+ /.test(l));
  const runs = instructions.filter((l) => l.startsWith('RUN '));
  assert.equal(runs.length, 1, runs.join('\n'));
  const run = runs[0];
  // The Installation page's commands (sh install-build-deps.sh; bash build-drogon.sh [PREFIX]), as root.
  assert.equal(exampleRegion('installation/commands.sh', 'deps'), 'sh install-build-deps.sh');
  assert.ok(run.includes(`sh ${copy[2]}install-build-deps.sh`), run);
  assert.ok(run.includes(`bash ${copy[2]}build-drogon.sh /usr/local`), run);
  assert.ok(!/\bsudo\b/.test(run), 'the image is built as root: no sudo');
});

test('dockerfile-utils would catch a broken Dockerfile', () => {
  const broken = read('Dockerfile').replace('FROM debian:12', 'FROM').replace('WORKDIR /src', 'WORKDIR');
  assert.ok(validate(broken).length >= 2, JSON.stringify(validate(broken)));
});

test('vcpkg.json is a manifest that pins the Drogon of bench/pins.json with the parts the setup builds', () => {
  const manifest = JSON.parse(read('vcpkg.json'));
  // Top-level keys of vcpkg's manifest schema (vcpkg-tool docs/vcpkg.schema.json).
  const known = new Set(['name', 'version', 'version-string', 'version-date', 'version-semver', 'port-version', 'maintainers', 'summary',
    'description', 'homepage', 'documentation', 'license', 'builtin-baseline', 'dependencies', 'overrides', 'features', 'default-features',
    'supports', 'vcpkg-configuration']);
  for (const key of Object.keys(manifest)) assert.ok(known.has(key) || key.startsWith('$'), `unknown vcpkg.json key ${key}`);
  assert.match(manifest['builtin-baseline'], /^[0-9a-f]{40}$/);
  assert.deepEqual(manifest.overrides, [{ name: 'drogon', version: drogonVersion }]);
  const drogon = manifest.dependencies.find((d) => d.name === 'drogon');
  // Each feature asked for is a part the setup builds, and each part the setup builds is asked for.
  const parts = { ctl: 'BUILD_CTL', orm: 'BUILD_ORM', postgres: 'BUILD_POSTGRESQL', sqlite3: 'BUILD_SQLITE', redis: 'BUILD_REDIS' };
  assert.deepEqual([...drogon.features].sort(), Object.keys(parts).filter((f) => flagOn(parts[f])).sort());
});

// conanfile.txt: INI-like sections of lines (Conan 2's format): [section], then items.
function parseConanfile(text) {
  const sections = {};
  let current = null;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const header = /^\[([a-z_]+)\]$/.exec(line);
    if (header) {
      assert.ok(!(header[1] in sections), `conanfile.txt:${i + 1}: [${header[1]}] twice`);
      current = sections[header[1]] = [];
      return;
    }
    assert.ok(current, `conanfile.txt:${i + 1}: ${line} outside a section`);
    assert.doesNotMatch(line, /\s/, `conanfile.txt:${i + 1}: ${line}`);
    current.push(line);
  });
  return sections;
}

test('conanfile.txt parses, requires the Drogon of bench/pins.json and turns on the parts the setup builds', () => {
  const sections = parseConanfile(read('conanfile.txt'));
  assert.deepEqual(Object.keys(sections), ['requires', 'options', 'generators', 'layout']);
  assert.deepEqual(sections.requires, [`drogon/${drogonVersion}`]);
  const options = Object.fromEntries(sections.options.map((o) => /^drogon\/\*:(\w+)=(True|False)$/.exec(o)).map((m) => [m[1], m[2]]));
  const parts = { with_ctl: 'BUILD_CTL', with_orm: 'BUILD_ORM', with_postgres: 'BUILD_POSTGRESQL', with_sqlite: 'BUILD_SQLITE', with_redis: 'BUILD_REDIS' };
  for (const [option, flag] of Object.entries(parts)) assert.equal(options[option], flagOn(flag) ? 'True' : 'False', option);
  assert.deepEqual(sections.generators, ['CMakeDeps', 'CMakeToolchain']);
  assert.deepEqual(sections.layout, ['cmake_layout']);
  // The presets the page builds with are the ones cmake_layout + CMakeToolchain name.
  assert.match(exampleRegion('installation-other-systems/commands.sh', 'conan'), /--preset conan-default\n.*--preset conan-release/);
  assert.throws(() => parseConanfile('drogon/1.9.13\n[requires]\n'), /outside a section/);
});

// nixpkgs cannot be reached here: the switches shell.nix sets are checked against the names read from
// nixpkgs' drogon package (pkgs/by-name/dr/drogon/package.nix, Drogon 1.9.11 when the page was written).
test('shell.nix overrides only switches nixpkgs\' drogon package has', () => {
  const nix = exampleRegion('installation-other-systems/shell.nix');
  const known = ['sqliteSupport', 'postgresSupport', 'redisSupport', 'mysqlSupport'];
  const override = /pkgs\.drogon\.override \{([^}]*)\}/.exec(nix);
  assert.ok(override, 'shell.nix does not override pkgs.drogon');
  const set = [...override[1].matchAll(/(\w+) = (true|false);/g)].map((m) => m[1]);
  assert.ok(set.length > 0);
  for (const name of set) assert.ok(known.includes(name), `${name} is not a switch of nixpkgs' drogon package (${known.join(', ')})`);
  assert.match(nix, /pkgs\.mkShell \{/);
  assert.equal(nix.split('{').length, nix.split('}').length, 'unbalanced braces');
  assert.match(exampleRegion('installation-other-systems/commands.sh', 'nix'), /^nix-shell$/m);
});

test('every section of the page, in every language, says what the tests do not run', () => {
  const { generatePages } = require('../../../docs/src/generate-pages');
  const { manifest, files } = generatePages({ root: repoRoot });
  const page = manifest.pages.find((p) => p.id === 'installation-other-systems');
  const labels = { en: 'Not run by this site\'s tests', 'zh-CN': '本站的测试没有运行', 'zh-TW': '本站的測試沒有執行' };
  for (const lang of manifest.languages) {
    const text = files.get(page.entries[lang.code].relPath);
    const sections = text.split(/^## /m).slice(1);
    assert.ok(sections.length >= 7, `${lang.code}: only ${sections.length} sections`);
    for (const section of sections) {
      const heading = section.split('\n')[0];
      if (/^(What the tests check|测试检查了什么|測試檢查了什麼)$/.test(heading)) continue;
      assert.ok(section.includes(labels[lang.code]), `${lang.code}: section "${heading}" has no "${labels[lang.code]}" label`);
    }
  }
});
