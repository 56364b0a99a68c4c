// docs/src/build.js: validate first, write after (a bad results file or a broken page leaves every
// file as it was and no site), deterministic output, only changed files rewritten, a complete site.
// Covers: docs/src/generate-pages.js, docs/src/page-info/build-page-info.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { buildSite } = require('../src/build');
const { generatePages } = require('../src/generate-pages');
const { generatedContentCopy } = require('./support/content-copy');

function snapshot(root, dirs) {
  const out = {};
  for (const dir of dirs) {
    for (const name of fs.readdirSync(path.join(root, dir)).sort()) out[`${dir}/${name}`] = fs.readFileSync(path.join(root, dir, name), 'utf8');
  }
  return out;
}

const withDirs = (copy) => ({ ...copy, dirs: copy.generated.manifest.languages.map((l) => l.dir), siteDir: path.join(copy.root, 'site') });

function withCopy(t) {
  const copy = generatedContentCopy();
  t.after(() => copy.remove());
  return withDirs(copy);
}

test('invalid bench results: the error names the field and nothing is written', async (t) => {
  const copy = withCopy(t);
  const before = snapshot(copy.root, copy.dirs);
  const resultsPath = path.join(copy.root, 'bench', 'results', 'latest.json');
  const results = JSON.parse(fs.readFileSync(resultsPath, 'utf8'));
  delete results.environment;
  fs.writeFileSync(resultsPath, JSON.stringify(results));
  // Make a page stale too: a build that wrote anything before failing would fix it.
  const stale = path.join(copy.root, copy.generated.manifest.pages[0].entries['zh-TW'].relPath);
  fs.writeFileSync(stale, `${fs.readFileSync(stale, 'utf8')}stale\n`);
  before[path.relative(copy.root, stale)] = fs.readFileSync(stale, 'utf8');
  await assert.rejects(buildSite({ root: copy.root, siteDir: copy.siteDir, quiet: true }), /environment/);
  assert.deepEqual(snapshot(copy.root, copy.dirs), before);
  assert.equal(fs.existsSync(copy.siteDir), false);
  // Not JSON at all: the error names the file.
  fs.writeFileSync(resultsPath, '{ "schemaVersion": ');
  await assert.rejects(buildSite({ root: copy.root, siteDir: copy.siteDir, quiet: true }), /bench\/results\/latest\.json is not valid JSON/);
  assert.deepEqual(snapshot(copy.root, copy.dirs), before);
});

test('a 50 MB string in environment.cpuModel or in servers[0].commandLine: refused naming the field, no stack overflow, nothing written', async (t) => {
  const copy = withCopy(t);
  const before = snapshot(copy.root, copy.dirs);
  const resultsPath = path.join(copy.root, 'bench', 'results', 'latest.json');
  const original = fs.readFileSync(resultsPath, 'utf8');
  const huge = 'x'.repeat(50 * 1024 * 1024);
  for (const [field, set] of [['environment/cpuModel', (r) => { r.environment.cpuModel = huge; }], ['servers/0/commandLine', (r) => { r.servers[0].commandLine = huge; }]]) {
    const results = JSON.parse(original);
    set(results);
    fs.writeFileSync(resultsPath, JSON.stringify(results));
    await assert.rejects(buildSite({ root: copy.root, siteDir: copy.siteDir, quiet: true }), (err) => {
      assert.doesNotMatch(err.message, /Maximum call stack/);
      assert.match(err.message, new RegExp(`results/${field}: must NOT have more than \\d+ characters`));
      return true;
    });
    assert.deepEqual(snapshot(copy.root, copy.dirs), before, `${field}: a page was written`);
    assert.equal(fs.existsSync(copy.siteDir), false);
  }
});

test('a broken link or a wrong title stops the build before anything is written', async (t) => {
  const copy = withCopy(t);
  const page = copy.generated.manifest.pages[1];
  const file = path.join(copy.root, page.entries.en.relPath);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^# .*$/m, (h1) => `${h1}\n\n[broken](/ENG/Nowhere)`));
  const before = snapshot(copy.root, copy.dirs);
  await assert.rejects(buildSite({ root: copy.root, siteDir: copy.siteDir, quiet: true }), /link check: 1 broken link.*nothing was written[\s\S]*ENG\/Nowhere/);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^# .*$/m, '# Another title'));
  await assert.rejects(buildSite({ root: copy.root, siteDir: copy.siteDir, quiet: true }), new RegExp(`${page.entries.en.relPath}: first heading "# Another title" differs from the manifest title "${page.entries.en.title}"`));
  assert.deepEqual(snapshot(copy.root, copy.dirs), { ...before, [page.entries.en.relPath]: fs.readFileSync(file, 'utf8') });
  assert.equal(fs.existsSync(copy.siteDir), false);
});

// The copy the deterministic test builds a complete site in; the refusal test after it reuses that
// site (one full build for both: a cold build of a copy takes a minute or more here).
let builtCopy = null;
test.after(() => { if (builtCopy) builtCopy.remove(); });

test('the build is deterministic, rewrites only stale files, and assembles a complete offline site', async () => {
  builtCopy = withDirs(generatedContentCopy());
  const copy = builtCopy;
  const first = generatePages({ root: copy.root });
  const again = generatePages({ root: copy.root });
  assert.deepEqual([...again.files], [...first.files]);
  assert.deepEqual(again.navigationMap, first.navigationMap);

  const stale = copy.generated.manifest.pages[0].entries['zh-TW'].relPath;
  fs.writeFileSync(path.join(copy.root, stale), 'hand edit\n');
  const result = await buildSite({ root: copy.root, siteDir: copy.siteDir, quiet: true });
  assert.deepEqual(result.written, [stale]);
  assert.equal(fs.readFileSync(path.join(copy.root, stale), 'utf8'), first.files.get(stale));
  const second = await buildSite({ root: copy.root, siteDir: copy.siteDir, quiet: true });
  assert.deepEqual(second.written, []);

  for (const rel of ['index.html', 'site.css', 'navigation-map.json', 'navigation-map.js', 'page-info.json', 'README.md', '_sidebar.md',
    'vendor/docsify/docsify.min.js', 'vendor/minisearch.js', 'plugins/search.js', 'search.css', 'vendor/docsify/themes/core.min.css',
    'vendor/chart.umd.min.js', 'plugins/site-config.js', 'plugins/language.js', 'plugins/missing-page.js', 'plugins/benchmark-charts.js']) {
    assert.ok(fs.existsSync(path.join(copy.siteDir, rel)), `site/${rel} missing`);
  }
  for (const [rel, content] of first.files) assert.equal(fs.readFileSync(path.join(copy.siteDir, rel), 'utf8'), content, `site/${rel}`);
  // The chart scripts start with V8's compile hint (compiled whole while downloaded); the others do not.
  for (const rel of ['vendor/chart.umd.min.js', 'plugins/benchmark-charts.js']) {
    assert.ok(fs.readFileSync(path.join(copy.siteDir, rel), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n'), `site/${rel} has no compile hint`);
  }
  assert.ok(!fs.readFileSync(path.join(copy.siteDir, 'vendor/docsify/docsify.min.js'), 'utf8').includes('allFunctionsCalledOnLoad'));
  // docsify 5 from dist/, not the 4.x build in lib/.
  assert.match(fs.readFileSync(path.join(copy.siteDir, 'vendor/docsify/docsify.min.js'), 'utf8'), /5\.0\.0/);
  const html = fs.readFileSync(path.join(copy.siteDir, 'index.html'), 'utf8');
  assert.match(html, /style-src 'self';/, 'the CSP allows no inline style');
  for (const [, src] of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
    assert.ok(!/^(https?:)?\/\//.test(src), `index.html loads ${src} from another origin`);
    if (!src.endsWith('/')) assert.ok(fs.existsSync(path.join(copy.siteDir, src)), `index.html includes missing ${src}`);
  }
});

// Every file under a folder, by relative path: its bytes' sha256 (the site holds binary files too).
function siteSnapshot(dir) {
  const out = {};
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else out[child] = require('node:crypto').createHash('sha256').update(fs.readFileSync(path.join(dir, child))).digest('hex');
    }
  };
  walk('');
  return out;
}

test('issue 29: an unknown reference in latest.json or in a history entry is refused naming the file and the field; every page and the site stay as they were', async () => {
  assert.ok(builtCopy, 'needs the site the deterministic test built');
  const copy = builtCopy;
  const pages = snapshot(copy.root, copy.dirs);
  const site = siteSnapshot(copy.siteDir);
  assert.ok(Object.keys(site).length > 100, `${Object.keys(site).length} files in the built site`);
  const unchanged = (what) => {
    assert.deepEqual(snapshot(copy.root, copy.dirs), pages, `${what}: a page changed`);
    assert.deepEqual(siteSnapshot(copy.siteDir), site, `${what}: the site changed`);
  };
  // The case, with the real latest.json: an instruction comparison's other server (test data).
  const latest = path.join(copy.root, 'bench', 'results', 'latest.json');
  const original = fs.readFileSync(latest, 'utf8');
  const results = JSON.parse(original);
  results.instructions.cases[0].comparisons[0].other = 'drogon-typo';
  fs.writeFileSync(latest, JSON.stringify(results, null, 2));
  await assert.rejects(buildSite({ root: copy.root, siteDir: copy.siteDir, quiet: true }),
    /results\/instructions\/cases\/0\/comparisons\/0\/other: unknown server id "drogon-typo" \(not in \/servers\/\*\/id\)/);
  unchanged('latest.json');
  fs.writeFileSync(latest, original);
  // A history entry (the trend) with a broken reference: refused by its file name and the field.
  const historyDir = path.join(copy.root, 'bench', 'results', 'history');
  const name = fs.readdirSync(historyDir).filter((n) => n.endsWith('.json')).sort().pop();
  const entry = JSON.parse(fs.readFileSync(path.join(historyDir, name), 'utf8'));
  const before = fs.readFileSync(path.join(historyDir, name), 'utf8');
  entry.scenarios[0].comparisons[0].other = 'drogon-typo';
  fs.writeFileSync(path.join(historyDir, name), JSON.stringify(entry, null, 2));
  await assert.rejects(buildSite({ root: copy.root, siteDir: copy.siteDir, quiet: true }), (err) => {
    assert.ok(err.message.includes(path.join(historyDir, name)), err.message);
    assert.match(err.message, /\/scenarios\/0\/comparisons\/0\/other: unknown server id "drogon-typo"/);
    return true;
  });
  unchanged(`history ${name}`);
  fs.writeFileSync(path.join(historyDir, name), before);
});
