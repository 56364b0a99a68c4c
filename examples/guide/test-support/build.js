// The guide's programs for a test: builds what a test needs from examples/guide (incremental, see
// scripts/build-guide.js) and finds the binaries. GUIDE_BUILD_DIR overrides the build folder (the
// broken-sample tests build a copy of the examples in a folder of their own).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { ensureGuideBuild, readState } = require('../../../scripts/build-guide');

const sourceDir = path.join(__dirname, '..');
const builds = new Map();

/** What `npm run bench:setup` recorded ({ state, statePath }), without building anything. */
function guideState() {
  return readState(process.env);
}

/** Builds the guide's programs (all, or the named CMake targets), once per process and target set. */
function guideBuild(targets = []) {
  const key = [...targets].sort().join(',');
  if (!builds.has(key)) {
    builds.set(key, ensureGuideBuild({ quiet: true, sourceDir, targets, buildDir: process.env.GUIDE_BUILD_DIR || undefined }));
  }
  return builds.get(key);
}

/** Builds one program of the guide (its CMake target) and returns its absolute path. */
async function guideBinary(name) {
  const { binDir } = await guideBuild([name]);
  const file = path.join(binDir, name);
  if (!fs.existsSync(file)) throw new Error(`guide program "${name}" not built (no ${file}): is its chapter listed in examples/guide/CMakeLists.txt?`);
  return file;
}

module.exports = { guideState, guideBuild, guideBinary };
