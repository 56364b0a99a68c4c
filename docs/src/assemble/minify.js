// Our plugins are served minified (terser): about half their gzip size, which keeps the Benchmarks page
// under its JavaScript budget (`npm run bench:page`). Each result is cached by the sha256 of its source
// and terser's version under node_modules/.cache/drogon-docs-minify/, so a build pays only for the
// plugins that changed (terser takes about a second for all of them).
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { writeFileAtomic } = require('../../../shared/src/fs-atomic');

const repoRoot = path.join(__dirname, '..', '..', '..');
const cacheDir = path.join(repoRoot, 'node_modules', '.cache', 'drogon-docs-minify');
// No top-level renaming: each plugin talks to the others through window only, inside its own function.
const OPTIONS = { ecma: 2020, compress: { passes: 2 }, mangle: true, format: { comments: false } };

let terser = null;

/** The minified text of a plugin's source; throws naming the file when terser cannot parse it. */
function minifyScript(source, where) {
  terser = terser || require('terser');
  const version = require('terser/package.json').version;
  const key = crypto.createHash('sha256').update(`${version}\n${JSON.stringify(OPTIONS)}\n${source}`).digest('hex');
  const cached = path.join(cacheDir, `${key}.js`);
  try { return fs.readFileSync(cached, 'utf8'); } catch { /* not cached yet */ }
  let code;
  try {
    code = terser.minify_sync(source, OPTIONS).code;
  } catch (err) {
    throw new Error(`assemble: cannot minify ${where}: ${err.message}${err.line ? ` (line ${err.line})` : ''}`);
  }
  try { writeFileAtomic(cached, code); } catch { /* a cache that cannot be written only costs time */ }
  return code;
}

module.exports = { minifyScript };
