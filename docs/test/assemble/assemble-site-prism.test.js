'use strict';
// The Prism language components the site ships (docs/site/prism-languages.json): real prismjs
// components from node_modules, each listed after what it requires (prismjs/components.json), loaded
// on demand by plugins/prism-loader.js (checked in the browser by site.browser.test.js).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { prismComponents } = require('../../src/assemble/assemble-site');

const repoRoot = path.join(__dirname, '..', '..', '..');
const componentsJson = require('prismjs/components.json');
const { languages } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'docs', 'site', 'prism-languages.json'), 'utf8'));

test('the site ships c, clike, cpp and markdown (and the other languages the pages use) in a valid order', () => {
  const components = prismComponents(languages, componentsJson);
  const names = components.map((c) => c.language);
  for (const lang of ['clike', 'c', 'cpp', 'markdown', 'bash', 'json', 'cmake']) assert.ok(names.includes(lang), lang);
  assert.ok(names.indexOf('clike') < names.indexOf('c') && names.indexOf('c') < names.indexOf('cpp'));
  assert.deepEqual(components.find((c) => c.language === 'cpp').requires, ['c']);
  assert.ok(components.find((c) => c.language === 'bash').aliases.includes('sh'));
});

test('a language listed before what it requires, unknown, or twice is refused', () => {
  assert.throws(() => prismComponents(['cpp', 'c'], componentsJson), /lists "cpp" before the Prism language it requires, "c"/);
  assert.throws(() => prismComponents(['klingon'], componentsJson), /lists "klingon", which prismjs does not have/);
  assert.throws(() => prismComponents(['c', 'c'], componentsJson), /lists "c" twice/);
  // clike and markup come with docsify's bundle.
  assert.deepEqual(prismComponents(['c', 'cpp', 'markdown'], componentsJson).map((c) => c.language), ['c', 'cpp', 'markdown']);
});

test('the shipped files are prismjs components from node_modules, pinned', () => {
  const version = require('prismjs/package.json').version;
  assert.equal(require('../../../package.json').dependencies.prismjs, version, 'prismjs pinned to the installed version');
  for (const { file, language } of prismComponents(languages, componentsJson)) {
    assert.equal(file, `vendor/prism/prism-${language}.min.js`);
    assert.ok(fs.existsSync(path.join(repoRoot, 'node_modules', 'prismjs', 'components', `prism-${language}.min.js`)), file);
  }
});
