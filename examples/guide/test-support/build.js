// The guide's programs for a test: builds what a test needs from examples/guide (incremental, see
// scripts/build-guide.js) and finds the binaries. GUIDE_BUILD_DIR overrides the build folder (the
// broken-sample tests build a copy of the examples in a folder of their own).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { ensureGuideBuild, readState } = require('../../../scripts/build-guide');
const { benchHome } = require('../../../shared/src/bench-state');

const sourceDir = path.join(__dirname, '..');
const builds = new Map();

/** What `npm run bench:setup` recorded ({ state, statePath }), without building anything. */
function guideState() {
  return readState(process.env);
}

/** The folder of Drogon's source the setup unpacked (build-drogon.sh's drogon-<version>+ds), for the
 *  tests that check what a page cites of it. */
function drogonSourceDir() {
  const { state } = guideState();
  const root = path.join(benchHome(), 'src', path.basename(state.drogonPrefix));
  const found = fs.existsSync(root) ? fs.readdirSync(root).filter((d) => /^drogon-\d/.test(d) && fs.existsSync(path.join(root, d, 'CMakeLists.txt'))) : [];
  if (found.length !== 1) throw new Error(`expected one Drogon source folder in ${root} (run \`npm run bench:setup\`), found ${found.join(', ') || 'none'}`);
  return path.join(root, found[0]);
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

module.exports = { guideState, guideBuild, guideBinary, drogonSourceDir };
