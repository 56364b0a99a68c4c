// The GitHub Actions workflows pass actionlint (with shellcheck on their run: scripts), and actionlint
// really catches a broken workflow, so this check can fail.
// Covers: scripts/install-actionlint.sh
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.join(__dirname, '..', '..');
const toolsHome = process.env.DROGON_DOCS_TOOLS_HOME
  || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'drogon-docs-tools');
const actionlint = path.join(toolsHome, 'bin', 'actionlint');
const INSTALL_HINT = 'run `bash scripts/install-actionlint.sh` (npm test does it through scripts/ensure-deps.sh)';

function findShellcheck() {
  const r = spawnSync('sh', ['-c', 'command -v shellcheck'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

// Runs actionlint from `cwd` on the given files; -shellcheck names the binary so a missing one cannot
// silently turn the shell checks off.
function runActionlint(files, cwd) {
  const shellcheck = findShellcheck();
  assert.ok(shellcheck, `shellcheck is not on PATH: ${INSTALL_HINT}`);
  return spawnSync(actionlint, ['-no-color', '-shellcheck', shellcheck, ...files], { cwd, encoding: 'utf8', timeout: 60_000 });
}

function workflowFiles() {
  const dir = path.join(root, '.github', 'workflows');
  return fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort().map((f) => path.join('.github', 'workflows', f));
}

test('actionlint is installed at the pinned version', () => {
  assert.ok(fs.existsSync(actionlint), `actionlint not found at ${actionlint}: ${INSTALL_HINT}`);
  const pinned = /^ACTIONLINT_VERSION=(\S+)$/m.exec(fs.readFileSync(path.join(root, 'scripts', 'install-actionlint.sh'), 'utf8'));
  assert.ok(pinned, 'scripts/install-actionlint.sh has no ACTIONLINT_VERSION= line');
  const r = spawnSync(actionlint, ['-version'], { encoding: 'utf8' });
  assert.equal(r.status, 0, `actionlint -version failed: ${r.stderr}`);
  assert.equal(r.stdout.split('\n')[0], pinned[1], `installed actionlint is not the pinned version: ${INSTALL_HINT}`);
});

test('both workflows pass actionlint', () => {
  assert.ok(fs.existsSync(actionlint), `actionlint not found at ${actionlint}: ${INSTALL_HINT}`);
  const files = workflowFiles();
  for (const expected of ['.github/workflows/bench.yml', '.github/workflows/ci.yml']) {
    assert.ok(files.includes(expected), `${expected} is missing`);
  }
  const r = runActionlint(files, root);
  assert.equal(r.error, undefined, `actionlint did not run: ${r.error}`);
  assert.equal(r.status, 0, `actionlint findings:\n${r.stdout}${r.stderr}`);
  assert.equal(r.stdout.trim(), '', `actionlint printed findings:\n${r.stdout}`);
});

test('actionlint catches a broken workflow (the check can fail)', (t) => {
  assert.ok(fs.existsSync(actionlint), `actionlint not found at ${actionlint}: ${INSTALL_HINT}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'actionlint-broken-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, '.github', 'workflows'), { recursive: true });
  // Three known mistakes: an undefined job in needs, an unknown context property, and a shell bug
  // (unquoted variable in a test) that only shellcheck reports.
  fs.writeFileSync(path.join(dir, '.github', 'workflows', 'broken.yml'), [
    'on: push',
    'jobs:',
    '  test:',
    '    needs: no-such-job',
    '    runs-on: ubuntu-24.04',
    '    steps:',
    '      - run: echo "${{ github.no_such_property }}"',
    '      - run: if [ $FOO = bar ]; then echo yes; fi',
    '',
  ].join('\n'));
  const r = runActionlint(['.github/workflows/broken.yml'], dir);
  assert.equal(r.status, 1, `actionlint should exit 1 on findings, got ${r.status}:\n${r.stdout}${r.stderr}`);
  assert.match(r.stdout, /no-such-job/);
  assert.match(r.stdout, /no_such_property/);
  assert.match(r.stdout, /shellcheck reported issue/);
});
