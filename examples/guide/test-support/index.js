// Test support of the guide's examples (examples/guide/<chapter>/*.test.js): build, start and stop
// programs, real HTTP, a scratch PostgreSQL, and the regions the pages show.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { extractRegion } = require('../../../docs/src/guide/regions');

const repoRoot = path.join(__dirname, '..', '..', '..');
const examplesDir = path.join(repoRoot, 'examples', 'guide');

/** What a page shows of examples/guide/<rel> (region null: the whole file, marker lines removed). */
function exampleRegion(rel, region = null) {
  const file = path.join(examplesDir, rel);
  return extractRegion(fs.readFileSync(file, 'utf8'), path.relative(repoRoot, file), region);
}

/** An expected output a page shows, as the test compares it: line endings LF, no trailing whitespace. */
function normalizeOutput(text) {
  return text.replace(/\r\n/g, '\n').replace(/\s+$/, '');
}

module.exports = {
  ...require('./build'),
  ...require('./processes'),
  ...require('./http'),
  ...require('./postgres'),
  exampleRegion,
  normalizeOutput,
  examplesDir,
  repoRoot,
};
