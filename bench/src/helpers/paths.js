'use strict';
// Where the repository is, and paths as the results and progress lines show them: relative to the
// repository when inside it (so results from two checkouts read alike), absolute otherwise.
const { join, relative, isAbsolute } = require('node:path');

const repoRoot = join(__dirname, '..', '..', '..');

function displayPath(path) {
  const rel = relative(repoRoot, path);
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

module.exports = { repoRoot, displayPath };
