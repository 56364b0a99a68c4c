// The compiler cache of the readers' machines. The pages create and build projects of their own
// (drogon_ctl create project, the tutorial's steps, Views' templates), and every run of the pages
// compiles the same sources again: minutes of each test run. Compiles on a reader's machine go
// through Debian's ccache (scripts/ensure-deps.sh installs it), whose cache is the guide build's
// ($BENCH_HOME/ccache), written through from the machine. ccache hands back the object the same
// compile made before, so what the page's commands build and print is the same.
//
// CMake reads CMAKE_<LANG>_COMPILER_LAUNCHER from the environment when it configures a build folder
// for the first time; nothing else in a reader's shell changes (PATH stays as the page makes it).
// base_dir /root: the reader's projects and the built copies (under $BENCH_HOME) are hashed by
// their paths relative to the build folder, so a copy of new content finds the objects of its
// unchanged files.
'use strict';
const { compilerCache } = require('../../../scripts/build-guide');

/** ccache's folder, or null when ccache is missing (the pages then compile without a cache). */
function compilerCacheDir(env = process.env) {
  const cache = compilerCache(env);
  return cache && cache.dir;
}

/** The variables a reader's shell gets for the cache in dir (none without one). */
function compilerCacheEnv(dir) {
  if (!dir) return {};
  return {
    CMAKE_C_COMPILER_LAUNCHER: 'ccache',
    CMAKE_CXX_COMPILER_LAUNCHER: 'ccache',
    CCACHE_DIR: dir,
    CCACHE_BASEDIR: '/root',
    CCACHE_NOHASHDIR: '1',
  };
}

module.exports = { compilerCacheDir, compilerCacheEnv };
