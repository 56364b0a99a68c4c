// Commands the guide tells a reader to run work as root without sudo (a Debian container has none)
// and as a user with sudo: no shell command on a guide page, and none in a script under
// examples/guide/, starts with sudo unconditionally. A script chooses (e.g. `as_root=sudo` unless
// `id -u` is 0), as install-build-deps.sh does; installation.test.js runs that script both ways.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { generatePages } = require('../../src/generate-pages');
const { repoRoot } = require('../support/content-copy');

// Each simple command of a shell text (split at ; && || | and line ends, comments dropped) whose
// first word is sudo.
function unconditionalSudo(shell) {
  const hits = [];
  shell.replace(/\\\n/g, ' ').split('\n').forEach((line, i) => {
    const code = line.replace(/(^|\s)#.*$/, '');
    for (const command of code.split(/;|&&|\|\||\||\(|\)/)) {
      if (/^\s*(?:then\s+|do\s+|!\s+)?sudo\b/.test(command)) hits.push({ line: i + 1, text: line.trim() });
    }
  });
  return hits;
}

function shellFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : shellFiles(full);
    return e.name.endsWith('.sh') ? [full] : [];
  });
}

test('the rule finds sudo at the start of a command, and only there', () => {
  assert.deepEqual(unconditionalSudo('sudo apt-get update').map((h) => h.line), [1]);
  assert.deepEqual(unconditionalSudo('set -e\ncd x && sudo make install').map((h) => h.line), [2]);
  assert.deepEqual(unconditionalSudo('make; sudo ldconfig').length, 1);
  assert.deepEqual(unconditionalSudo('if true; then sudo ldconfig; fi').length, 1);
  assert.deepEqual(unconditionalSudo('sudo \\\n  apt-get install -y g++').length, 1);
  for (const fine of ['$as_root apt-get update', 'if [ -w "$d" ]; then "$@"; else sudo "$@"; fi', '# run sudo apt-get update first',
    'echo "no sudo needed"', 'pseudo-code here', '[ "$(id -u)" -eq 0 ] || as_root=sudo']) {
    assert.deepEqual(unconditionalSudo(fine), [], fine);
  }
});

test('no guide page and no script of examples/guide runs sudo unconditionally', () => {
  const { manifest, files } = generatePages({ root: repoRoot });
  const problems = [];
  for (const page of manifest.pages.filter((p) => p.section === 'guide')) {
    for (const lang of manifest.languages) {
      const rel = page.entries[lang.code].relPath;
      for (const m of files.get(rel).matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```$/gm)) {
        for (const hit of unconditionalSudo(m[1])) problems.push(`${rel}: ${hit.text}`);
      }
    }
  }
  const scripts = shellFiles(path.join(repoRoot, 'examples', 'guide'));
  assert.ok(scripts.some((f) => f.endsWith('install-build-deps.sh')), 'no install-build-deps.sh under examples/guide');
  for (const file of scripts) {
    for (const hit of unconditionalSudo(fs.readFileSync(file, 'utf8'))) problems.push(`${path.relative(repoRoot, file)}:${hit.line}: ${hit.text}`);
  }
  assert.deepEqual(problems, []);
});
