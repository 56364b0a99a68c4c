// docs/src/assemble/minify.js: every plugin of docs/site/plugins minifies, runs the same (a plugin run
// in a vm with a fake window registers the same docsify plugins), and a syntax error names the file.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const zlib = require('node:zlib');
const { minifyScript } = require('../../src/assemble/minify');

const pluginsDir = path.join(__dirname, '..', '..', 'site', 'plugins');

test('every plugin minifies to less gzip, and the same source gives the same text (cached)', () => {
  for (const name of fs.readdirSync(pluginsDir).filter((n) => n.endsWith('.js'))) {
    const source = fs.readFileSync(path.join(pluginsDir, name), 'utf8');
    const small = minifyScript(source, name);
    assert.ok(zlib.gzipSync(small).length < zlib.gzipSync(source).length, `${name}: not smaller`);
    assert.equal(minifyScript(source, name), small);
    assert.doesNotThrow(() => new vm.Script(small), `${name}: minified text does not parse`);
  }
});

test('a minified script behaves as its source (strings and window properties kept)', () => {
  const source = "(function () { 'use strict'; var longName = function (text) { return text.replace(/\\{(\\w+)\\}/g, function (m, key) { return key.toUpperCase(); }); }; window.Result = longName('a {b} c'); window.$docsify = { plugins: [function plugin(hook) { return hook; }] }; })();";
  const run = (code) => { const window = {}; vm.runInNewContext(code, { window }); return window; };
  const a = run(source);
  const b = run(minifyScript(source, 'inline.js'));
  assert.equal(b.Result, a.Result);
  assert.equal(b.$docsify.plugins.length, 1);
  assert.throws(() => minifyScript('function (', 'docs/site/plugins/broken.js'), /assemble: cannot minify docs\/site\/plugins\/broken\.js: /);
});
