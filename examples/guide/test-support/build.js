// The guide's programs for a test: builds examples/guide once per test process (incremental, see
// scripts/build-guide.js) and finds a chapter's binaries.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { ensureGuideBuild } = require('../../../scripts/build-guide');

let pending = null;

/** Builds every guide program (once per process); resolves to { binDir, record, state, buildDir }. */
function guideBuild() {
  if (!pending) pending = ensureGuideBuild({ quiet: true });
  return pending;
}

/** Absolute path of one program of the guide build; fails naming the CMake target when missing. */
async function guideBinary(name) {
  const { binDir } = await guideBuild();
  const file = path.join(binDir, name);
  if (!fs.existsSync(file)) throw new Error(`guide program "${name}" not built (no ${file}): is its chapter listed in examples/guide/CMakeLists.txt?`);
  return file;
}

module.exports = { guideBuild, guideBinary };
