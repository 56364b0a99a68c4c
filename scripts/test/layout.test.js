'use strict';
// The source tree shows the pipeline (docs/architecture.md): bench/src and docs/src keep only their entry
// points at the top, everything else sits in a stage folder, the stage folders import each other without a
// cycle, files too, and bench/ (upstream) never imports docs/ (downstream): data flows one way.
// The bench's parts and the pages' subjects are reached through their lists alone, shared/ is the one
// folder of that name, and the project's files are written out in shared/src/project-paths.js alone.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');
const SOURCE_DIRS = ['bench/src', 'docs/src'];
// The library both trees import (escaping, atomic writes, schemas, process groups, the bench's state,
// the figures the generator and the browser compute alike): one stage below every stage of both.
const LIBRARY_DIR = 'shared/src';
const MAX_TOP_LEVEL_FILES = 8;
const MIN_STAGE_FOLDERS = 3;

function jsFiles(dir) {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return jsFiles(rel);
    return e.name.endsWith('.js') ? [rel] : [];
  });
}

// Relative requires of a file, resolved to repository paths (only files of this repository).
function importsOf(file) {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const found = [];
  for (const m of text.matchAll(/require\((['"])(\.{1,2}\/[^'"]+)\1\)/g)) {
    const base = path.resolve(path.dirname(path.join(root, file)), m[2]);
    const hit = [base, `${base}.js`, path.join(base, 'index.js')].find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
    assert.ok(hit, `${file}: require('${m[2]}') names no file`);
    found.push(path.relative(root, hit).split(path.sep).join('/'));
  }
  return found;
}

// The stage of a source file: its first folder under bench/src or docs/src ('(top)' for an entry point),
// or the shared library as a whole.
function stageOf(file) {
  if (file.startsWith(`${LIBRARY_DIR}/`)) return LIBRARY_DIR;
  const dir = SOURCE_DIRS.find((d) => file.startsWith(`${d}/`));
  if (!dir) return null;
  const rest = file.slice(dir.length + 1).split('/');
  return rest.length === 1 ? `${dir}/(top)` : `${dir}/${rest[0]}`;
}

function findCycle(graph) {
  const state = new Map(); // node -> 'visiting' | 'done'
  const stack = [];
  const visit = (node) => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'visiting') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of graph.get(node) || []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

const sources = [...SOURCE_DIRS, LIBRARY_DIR].flatMap(jsFiles);
const edges = sources.flatMap((from) => importsOf(from).map((to) => ({ from, to })));

test('bench/src and docs/src: at most 8 files at the top, at least 3 stage folders, every other file in one', () => {
  for (const dir of SOURCE_DIRS) {
    const entries = fs.readdirSync(path.join(root, dir), { withFileTypes: true });
    const files = entries.filter((e) => e.isFile()).map((e) => e.name);
    const folders = entries.filter((e) => e.isDirectory()).map((e) => e.name);
    assert.ok(files.length <= MAX_TOP_LEVEL_FILES, `${dir} has ${files.length} files at its top: ${files.join(', ')}`);
    assert.ok(folders.length >= MIN_STAGE_FOLDERS, `${dir} has ${folders.length} stage folders`);
  }
});

test('stage folders import each other without a cycle, and so do files', () => {
  const stageGraph = new Map();
  const fileGraph = new Map();
  for (const { from, to } of edges) {
    if (!fileGraph.has(from)) fileGraph.set(from, new Set());
    fileGraph.get(from).add(to);
    const a = stageOf(from);
    const b = stageOf(to);
    if (!b || a === b) continue;
    if (!stageGraph.has(a)) stageGraph.set(a, new Set());
    stageGraph.get(a).add(b);
  }
  assert.equal(findCycle(stageGraph)?.join(' -> ') ?? null, null, 'a cycle of stage folders');
  assert.equal(findCycle(fileGraph)?.join(' -> ') ?? null, null, 'a cycle of files');
  // The check itself can fail: a cycle planted in a copy of the graph is found.
  const planted = new Map([...stageGraph].map(([k, v]) => [k, new Set(v)]));
  planted.set('bench/src/helpers', new Set(['bench/src/rounds']));
  assert.ok(findCycle(planted), 'a planted cycle must be found');
});

test('data flows one way: nothing under bench/ imports docs/ (docs/ may read bench/)', () => {
  const benchFiles = jsFiles('bench').filter((f) => !f.startsWith('bench/test/'));
  const upstream = benchFiles.flatMap((from) => importsOf(from).filter((to) => to.startsWith('docs/')).map((to) => `${from} -> ${to}`));
  assert.deepEqual(upstream, []);
});

// Every require() of the code names its file literally, so the layout checks, a drawing of the tree
// and a reader all see every import. Comment lines are skipped; a lazy require stays literal.
const COMPUTED_REQUIRE = /(?<![.\w`])require\s*\(\s*(?!['"][^'"]*['"]\s*\))/;
function computedRequires(file, text) {
  return text.split('\n').map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line) && COMPUTED_REQUIRE.test(line))
    .map(({ line, n }) => `${file}:${n}: ${line.trim()}`);
}

test('no computed require(): every import of the code is a string literal', () => {
  const code = [...SOURCE_DIRS, LIBRARY_DIR, 'docs/site', 'scripts'].flatMap(jsFiles)
    .concat(fs.readdirSync(path.join(root, 'bench')).filter((n) => n.endsWith('.js')).map((n) => `bench/${n}`))
    .filter((f) => !f.includes('/test/'));
  const found = code.flatMap((f) => computedRequires(f, fs.readFileSync(path.join(root, f), 'utf8')));
  assert.deepEqual(found, []);
  // The check itself can fail: a computed path and a variable are found, a literal and require.resolve are not.
  // The samples name the call through R, so this file itself holds no computed require.
  const R = 'require';
  assert.equal(computedRequires('x.js', `const a = ${R}(path.join(dir, 'history.js'));\nconst b = ${R}(name);`).length, 2);
  assert.equal(computedRequires('x.js', `const a = ${R}('./a');\nconst b = ${R}.resolve(name);\n// ${R}(x)`).length, 0);
});

test('the site imports no bench stage and the generator no browser file: code of both is in shared/src/', () => {
  const docsCode = ['docs/src', 'docs/site'].flatMap(jsFiles);
  const intoBench = docsCode.flatMap((from) => importsOf(from).filter((to) => to.startsWith('bench/')).map((to) => `${from} -> ${to}`));
  assert.deepEqual(intoBench, []);
  const intoSite = jsFiles('docs/src').flatMap((from) => importsOf(from).filter((to) => to.startsWith('docs/site/')).map((to) => `${from} -> ${to}`));
  assert.deepEqual(intoSite, []);
});

test('the shared library imports neither tree: bench/ and docs/ meet only in shared/src/', () => {
  const upward = jsFiles(LIBRARY_DIR).flatMap((from) => importsOf(from)
    .filter((to) => !to.startsWith(`${LIBRARY_DIR}/`)).map((to) => `${from} -> ${to}`));
  assert.deepEqual(upward, []);
});

// The stage order of docs/architecture.md's tables, top to bottom: the first folder each row names.
function tableOrder(text, dir) {
  const order = [];
  for (const line of text.split('\n')) {
    const m = line.startsWith('| ') && line.match(new RegExp(`\`(${dir.replace('/', '\\/')}/[a-z-]+)/\`:`));
    if (m && !order.includes(m[1])) order.push(m[1]);
  }
  return order;
}

test('no stage imports a stage above it in docs/architecture.md\'s tables (each tree\'s helpers at the bottom)', () => {
  const text = fs.readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');
  for (const dir of SOURCE_DIRS) {
    const order = tableOrder(text, dir);
    assert.ok(order.length >= MIN_STAGE_FOLDERS, `no stage table for ${dir}`);
    const upward = edges
      .filter(({ from, to }) => order.includes(stageOf(from)) && order.includes(stageOf(to)))
      .filter(({ from, to }) => order.indexOf(stageOf(to)) < order.indexOf(stageOf(from)))
      .map(({ from, to }) => `${from} -> ${to}`);
    assert.deepEqual(upward, [], `imports that run up ${dir}'s table: ${order.join(' > ')}`);
  }
});

test('docs/architecture.md names every stage folder, so each stage is one step from that page', () => {
  const text = fs.readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');
  for (const dir of SOURCE_DIRS) {
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (e.isDirectory()) assert.ok(text.includes(`${dir}/${e.name}/`), `docs/architecture.md does not name ${dir}/${e.name}/`);
    }
  }
});

// A part of the bench (a folder of bench/src/parts/) and a subject of the Benchmarks pages (a module of
// docs/src/benchmarks/subjects/ listed in subject-list.js) are each reached through their list alone and
// import no sibling: what several share lives a stage below (docs/architecture.md, "The parts of a run"
// and "The subjects of the Benchmarks pages"). Returns the imports that break this, as "from -> to".
const PARTS_DIR = 'bench/src/parts';
const SUBJECTS_DIR = 'docs/src/benchmarks/subjects';
function siblingImports(edgeList, { partFolders, subjectModules }) {
  const partOf = (file) => partFolders.find((name) => file.startsWith(`${PARTS_DIR}/${name}/`)) || null;
  const found = [];
  for (const { from, to } of edgeList) {
    const toPart = partOf(to);
    if (toPart && partOf(from) !== toPart && from !== `${PARTS_DIR}/part-list.js`) found.push(`${from} -> ${to}`);
    if (subjectModules.includes(to) && from !== 'docs/src/benchmarks/subject-list.js') found.push(`${from} -> ${to}`);
  }
  // A file of subjects/ that is no subject (count-sentences.js) belongs to the one subject that imports it.
  const ownFiles = jsFiles(SUBJECTS_DIR).filter((f) => !subjectModules.includes(f) && f !== `${SUBJECTS_DIR}/subject.js`);
  for (const own of ownFiles) {
    const users = edgeList.filter(({ from, to }) => to === own && subjectModules.includes(from)).map(({ from }) => from);
    if (users.length > 1) found.push(`${users.join(' and ')} -> ${own}`);
  }
  return found;
}

test('a part of the bench and a subject of the pages are reached through their list, never from a sibling', () => {
  const partFolders = fs.readdirSync(path.join(root, PARTS_DIR), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  const subjectModules = importsOf('docs/src/benchmarks/subject-list.js').filter((f) => f.startsWith(`${SUBJECTS_DIR}/`) && f !== `${SUBJECTS_DIR}/subject.js`);
  assert.ok(partFolders.length >= 6, `bench/src/parts/ has ${partFolders.length} part folders`);
  assert.ok(subjectModules.length >= 10, `subject-list.js lists ${subjectModules.length} subjects`);
  assert.deepEqual(siblingImports(edges, { partFolders, subjectModules }), []);
  // The check itself can fail: a part importing another, a stage importing a part directly, a subject
  // importing a sibling, and two subjects sharing a file of subjects/ are all found.
  const planted = [
    { from: `${PARTS_DIR}/sweep/sweep.js`, to: `${PARTS_DIR}/fixed-rate/fixed-rate.js` },
    { from: 'bench/src/run.js', to: `${PARTS_DIR}/sweep/sweep.js` },
    { from: `${SUBJECTS_DIR}/sweep-blocks.js`, to: `${SUBJECTS_DIR}/provenance-blocks.js` },
    { from: `${SUBJECTS_DIR}/json-blocks.js`, to: `${SUBJECTS_DIR}/count-sentences.js` },
    { from: `${SUBJECTS_DIR}/count-blocks.js`, to: `${SUBJECTS_DIR}/count-sentences.js` },
  ];
  assert.equal(siblingImports(planted, { partFolders, subjectModules }).length, 4);
});

// The part names a file's code says (comment lines skipped). "scenarios" and "json" are left out: they
// are also the results' own fields (results.scenarios, scenariosData), not only parts.
function partsNamed(text, partNames) {
  const code = text.split('\n').filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line)).join('\n');
  return partNames.filter((name) => !['scenarios', 'json'].includes(name))
    .filter((name) => new RegExp(`(?<![\\w])${name}(?![\\w])`).test(code));
}

test('bench/src/run.js names no part: it runs them through parts/part-list.js', () => {
  const { PART_NAMES } = require('../../bench/src/parts/part-list');
  assert.ok(PART_NAMES.length >= 6);
  assert.deepEqual(partsNamed(fs.readFileSync(path.join(root, 'bench/src/run.js'), 'utf8'), PART_NAMES), []);
  // The check itself can fail: a call or a field by a part's name is found, a comment is not.
  assert.deepEqual(partsNamed("await runSweep(run);\nrun.outcomes.fixedRate = x;\n// the syscalls part", PART_NAMES), ['fixedRate']);
  assert.deepEqual(partsNamed("const s = plan['sweep'];", PART_NAMES), ['sweep']);
});

test('one folder named shared: the library bench and site share (shared/); the others are named for what they hold', () => {
  const sharedFolders = (dir) => fs.readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !['node_modules', '.git'].includes(e.name))
    .flatMap((e) => {
      const rel = dir === '.' ? e.name : `${dir}/${e.name}`;
      return [...(e.name === 'shared' ? [rel] : []), ...sharedFolders(rel)];
    });
  assert.deepEqual(['bench', 'docs', 'shared', 'scripts', 'examples'].flatMap(sharedFolders).concat(
    fs.existsSync(path.join(root, 'shared')) ? ['shared'] : []).sort(), ['shared']);
});

// The project's files are named once, in shared/src/project-paths.js: no other code writes out the
// results file, its history or the schemas (a comment may name them for the reader).
const PATHS_MODULE = 'shared/src/project-paths.js';
function pathsWrittenOut(file, text, names) {
  return text.split('\n').map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line) && names.some((name) => line.includes(name)))
    .map(({ line, n }) => `${file}:${n}: ${line.trim()}`);
}

test('the results file, its history and the schemas are written out in shared/src/project-paths.js alone', () => {
  const paths = require('../../shared/src/project-paths');
  const names = [paths.RESULTS_FILE, paths.HISTORY_DIR, paths.RESULTS_SCHEMA, paths.SCENARIOS_SCHEMA]
    .flatMap((p) => [p, path.posix.basename(p)]).filter((name) => name !== 'history');
  const code = [...SOURCE_DIRS, LIBRARY_DIR, 'docs/site', 'scripts', 'bench/setup'].flatMap(jsFiles)
    .concat(fs.readdirSync(path.join(root, 'bench')).filter((n) => n.endsWith('.js')).map((n) => `bench/${n}`))
    .filter((f) => !f.includes('/test/') && f !== PATHS_MODULE);
  const found = code.flatMap((f) => pathsWrittenOut(f, fs.readFileSync(path.join(root, f), 'utf8'), names));
  assert.deepEqual(found, []);
  assert.ok(names.includes('latest.json') && names.includes('bench/results/history'));
  // The check itself can fail: the file's name in code is found, in a comment it is not.
  assert.equal(pathsWrittenOut('x.js', "const f = join(root, 'bench', 'results', 'latest.json');\n// bench/results/latest.json", names).length, 1);
});

// Tests mirror the tree: a source file <tree>/<src part>/<path>.js (or .sh) has its test at
// <tree>/<test part>/<path>[-aspect].test.js, or a test names it on a "// Covers:" line of its leading
// comment. The entry scripts below are not tested by a test file, each for the reason given.
const TEST_TREES = [['bench/src/', 'bench/test/'], ['docs/src/', 'docs/test/'], ['shared/src/', 'shared/test/'],
  ['docs/site/', 'docs/test/site/'], ['bench/setup/', 'bench/test/setup/'], ['scripts/', 'scripts/test/']];
const NOT_TESTED = {
  'bench/src/generator-capacity.js': 'the one-off measurement behind "why oha" (docs/architecture.md); it drives oha, h2load and vegeta at a server for minutes',
  'bench/src/pool-cli.js': 'issue 25\'s command (npm run bench:pool); its pooling is tested through bench/test/pool/',
  'bench/src/calibration-cli.js': 'issue 25\'s command (npm run bench:calibration); its calibration is tested in bench/test/pool/calibration.test.js',
  'docs/src/page-load-bench.js': 'a measurement (npm run bench:page) that prints the page\'s load time and JavaScript size',
  'docs/src/convert/speed-bench.js': 'a measurement that prints the zh-TW conversion\'s speed',
  'docs/src/search-bench.js': 'a measurement (npm run bench:search) that prints the query sets\' scores with an earlier revision\'s search code and this checkout\'s; the scoring and ranking it runs are tested in docs/test/search/search-queries.test.js',
  'scripts/ensure-deps.sh': 'npm test itself: every test runs after it',
  'scripts/test.js': 'npm test itself: the runner of every test file',
  'scripts/apt-install.sh': 'sourced by ensure-deps.sh and install-actionlint.sh; runs whenever npm test does',
};

function leadingComment(text) {
  const out = [];
  for (const line of text.split('\n')) {
    if (/^\s*(\/\/|'use strict';|$)/.test(line)) out.push(line);
    else break;
  }
  return out.join('\n');
}

// The source files a test names on its "// Covers:" lines (continued on lines starting "//  ").
function coveredBy(text) {
  const lines = leadingComment(text).split('\n');
  const out = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('// Covers:')) return;
    let all = line.slice('// Covers:'.length);
    for (let j = i + 1; j < lines.length && /^\/\/ {2,}\S/.test(lines[j]); j += 1) all += ` ${lines[j].slice(2)}`;
    out.push(...all.split(',').map((p) => p.trim()).filter(Boolean));
  });
  return out;
}

test('tests mirror the tree: every source file has its test at the mirrored path, or a test that names it', () => {
  const listed = (dir, ext) => fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : listed(rel, ext);
    return ext.test(e.name) ? [rel] : [];
  });
  const sources = TEST_TREES.flatMap(([dir]) => (dir === 'docs/site/' ? listed('docs/site/plugins', /\.js$/) : listed(dir.slice(0, -1), /\.(js|sh)$/)));
  const testFiles = ['bench/test', 'docs/test', 'shared/test', 'scripts/test', 'examples/guide', 'examples/tutorial']
    .flatMap((d) => listed(d.replace(/\/test$/, '/test'), /\.test\.js$/).filter((f) => !f.includes('node_modules')));
  const covered = new Set(testFiles.flatMap((f) => coveredBy(fs.readFileSync(path.join(root, f), 'utf8'))));
  const unknown = [...covered].filter((p) => !fs.existsSync(path.join(root, p)));
  assert.deepEqual(unknown, [], 'a Covers: line names a file that does not exist');
  const mirrored = (src) => {
    const [from, to] = TEST_TREES.find(([f]) => src.startsWith(f));
    const base = to + src.slice(from.length).replace(/\.(js|sh)$/, '');
    return testFiles.some((t) => t === `${base}.test.js` || (t.startsWith(`${base}-`) && !t.slice(base.length + 1).includes('/')));
  };
  const untested = sources.filter((src) => !mirrored(src) && !covered.has(src) && !NOT_TESTED[src]);
  assert.deepEqual(untested, []);
  assert.deepEqual(Object.keys(NOT_TESTED).filter((src) => !sources.includes(src)), [], 'NOT_TESTED names a file that is gone');
  // The check itself can fail: a header that names nothing does not cover a file.
  assert.deepEqual(coveredBy("'use strict';\n// bench/src/run.js end to end\nconst x = 1;\n// Covers: bench/src/a.js"), []);
  assert.deepEqual(coveredBy("// t\n// Covers: a.js, b.js,\n//   c.js\n'use strict';"), ['a.js', 'b.js', 'c.js']);
});
