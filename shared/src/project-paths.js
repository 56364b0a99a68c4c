'use strict';
// The project's files, named once: the results file and its history, the schemas, the bench's settings,
// logs and state ($BENCH_HOME), the site's manifest and folders. Every other module takes these paths from here.
// They are relative to the repository root and '/'-separated: the site publishes the results file at
// the same path (RESULTS_FILE), and a stage that works on another root (a test's copy of the content)
// joins them to that root with inRepo(path, root).
const { join, relative, isAbsolute } = require('node:path');
const { homedir } = require('node:os');

const repoRoot = join(__dirname, '..', '..');

/** The results file a complete default-profile run writes and the pages are generated from. */
const RESULTS_FILE = 'bench/results/latest.json';
/** The accepted results files, one per run (the trend chart and the pooling read them). */
const HISTORY_DIR = 'bench/results/history';
/** What a results file must satisfy before it is written or read. */
const RESULTS_SCHEMA = 'bench/results.schema.json';
// Drogon's build switches of the runs recorded before results files carried them (hardware-class.js).
const LEGACY_BUILD_SWITCHES = 'bench/legacy-build-switches.json';
/** The bench's profiles, servers, scenarios and counted cases, and their schema. */
const SCENARIOS_FILE = 'bench/scenarios.json';
const SCENARIOS_SCHEMA = 'bench/scenarios.schema.json';
/** Raw output of every run (git-ignored): one folder per run. */
const BENCH_LOGS_DIR = 'bench/logs';
/** The one list of the site's pages, sections and languages, which every sidebar, header and footer comes from. */
const MANIFEST_FILE = 'docs/manifest.json';
/** The assembled site (git-ignored), and what the site is assembled from besides the pages. */
const SITE_DIR = 'site';
const SITE_SOURCE_DIR = 'docs/site';
/** The guide's CMake build (git-ignored), one folder per Drogon build: build output, never an example's file. */
const GUIDE_BUILD_DIR = '.build';
/** Where the site publishes the results file (a path of the site, from its root): the repository's path. */
const PUBLISHED_RESULTS = RESULTS_FILE;

/** A path of the list above, under the repository (or under root: a copy of the content). */
const inRepo = (path, root = repoRoot) => join(root, path);

/** A path as the results and progress lines show it: relative to the repository when inside it (so
 *  results from two checkouts read alike), absolute otherwise. */
function displayPath(path) {
  const rel = relative(repoRoot, path);
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

/** Where `npm run bench:setup` builds and records what it built: $DROGON_BENCH_HOME, else the cache. */
function benchHome(env = process.env) {
  return env.DROGON_BENCH_HOME || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'drogon-docs-bench');
}

/** The setup's record of what it built (versions, binaries): $BENCH_HOME/state.json. */
const benchStateFile = (env = process.env) => join(benchHome(env), 'state.json');

module.exports = {
  repoRoot, inRepo, displayPath, benchHome, benchStateFile,
  RESULTS_FILE, HISTORY_DIR, RESULTS_SCHEMA, LEGACY_BUILD_SWITCHES, SCENARIOS_FILE, SCENARIOS_SCHEMA, BENCH_LOGS_DIR, MANIFEST_FILE, SITE_DIR, SITE_SOURCE_DIR, PUBLISHED_RESULTS,
  GUIDE_BUILD_DIR,
};
