'use strict';
// The Prism language components the site ships: loaded after docsify, each after what it requires
// (prismjs/components.json), and copied from node_modules into site/vendor/prism/.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { prismComponents } = require('../src/assemble-site');

const repoRoot = path.join(__dirname, '..', '..');
const componentsJson = require('prismjs/components.json');
const indexHtml = fs.readFileSync(path.join(repoRoot, 'docs', 'site', 'index.html'), 'utf8');
const docsify = '<script src="vendor/docsify/docsify.min.js"></script>';
const script = (lang) => `<script src="vendor/prism/prism-${lang}.min.js"></script>`;

test('index.html loads c, clike, cpp and markdown (and the other languages the pages use) in a valid order', () => {
  const languages = prismComponents(indexHtml, componentsJson).map((c) => c.language);
  for (const lang of ['clike', 'c', 'cpp', 'markdown', 'bash', 'json', 'lua', 'nginx', 'cmake']) assert.ok(languages.includes(lang), lang);
  assert.ok(languages.indexOf('c') < languages.indexOf('cpp'));
  assert.ok(languages.indexOf('clike') < languages.indexOf('c'));
});

test('a component loaded before what it requires, or before docsify, is refused', () => {
  assert.throws(() => prismComponents(`${docsify}${script('cpp')}${script('c')}`, componentsJson), /prism-cpp\.min\.js before the Prism language it requires, "c"/);
  assert.throws(() => prismComponents(`${script('c')}${docsify}`, componentsJson), /before docsify/);
  assert.throws(() => prismComponents(`${docsify}${script('klingon')}`, componentsJson), /no language "klingon"/);
  // clike and markup come with docsify's bundle.
  assert.deepEqual(prismComponents(`${docsify}${script('c')}${script('cpp')}${script('markdown')}`, componentsJson).map((c) => c.language), ['c', 'cpp', 'markdown']);
});

test('the shipped files are prismjs components from node_modules', () => {
  const version = require('prismjs/package.json').version;
  assert.equal(require(path.join(repoRoot, 'package.json')).dependencies.prismjs, version, 'prismjs pinned to the installed version');
  for (const { src, language } of prismComponents(indexHtml, componentsJson)) {
    assert.equal(src, `vendor/prism/prism-${language}.min.js`);
    assert.ok(fs.existsSync(path.join(repoRoot, 'node_modules', 'prismjs', 'components', `prism-${language}.min.js`)), src);
  }
});
