// The record of the guide's code names (docs/src/code-names/record.js, `npm run code-names`):
// - on a small site of its own: a name clang cannot resolve is listed with its page and line, and a
//   sample that does not parse is a problem naming its file and line (the regeneration fails);
// - on the repository: the committed docs/guide/code-names.json is what a fresh run gives, made from
//   the guide build's compile commands (the build is shared with the chapters' tests: scripts/build-guide.js).
// Covers: scripts/record-code-names.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { makeRecord } = require('../../src/code-names/record');
const { RECORD_PATH, loadRecord } = require('../../src/code-names/record-file');
const { freshRecord } = require('../../../scripts/record-code-names');

const repoRoot = path.join(__dirname, '..', '..', '..');

// A copy of the site's manifest and guide rules, one page (Quick start) showing one sample, a build
// folder with its compile command, and a setup folder with a Drogon prefix and the ChangeLogs.
function smallSite(t, sample) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'record-site-'));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  for (const rel of ['docs/manifest.json', 'docs/guide/guide.json', 'docs/guide/strings.json']) {
    fs.mkdirSync(path.join(root, path.dirname(rel)), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, rel), path.join(root, rel));
  }
  const file = 'examples/guide/quick-start/sample.cc';
  fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), sample);
  fs.mkdirSync(path.join(root, 'ENG'));
  fs.writeFileSync(path.join(root, 'ENG/Quick-Start.md'), `# Quick start\n\n<!-- guide:code ${file} (x) -->\n\`\`\`cpp\n${sample.trim()}\n\`\`\`\n<!-- /guide:code -->\n`);
  const build = path.join(root, 'build');
  fs.mkdirSync(build);
  fs.writeFileSync(path.join(build, 'compile_commands.json'), JSON.stringify([{ directory: build, file: path.join(root, file), command: `g++ -std=gnu++20 -c ${path.join(root, file)}` }]));
  const benchHome = path.join(root, 'bench-home');
  const prefix = path.join(benchHome, 'prefix', 'drogon-x');
  fs.mkdirSync(path.join(prefix, 'include'), { recursive: true });
  for (const lib of ['drogon-x', 'trantor-x']) {
    fs.mkdirSync(path.join(benchHome, 'src', 'drogon-x', lib), { recursive: true });
    fs.writeFileSync(path.join(benchHome, 'src', 'drogon-x', lib, 'ChangeLog.md'), '# Changelog\n');
  }
  return { root, buildDir: build, benchHome, state: { drogonPrefix: prefix, drogonVersion: 'x', trantorVersion: 'y' }, file };
}

test('a name clang cannot resolve is listed with its file, line and page; the others are recorded', { timeout: 120000 }, async (t) => {
  const site = smallSite(t, 'template <class T> int twice(T t) { return t.count() * 2; }\nint main() { return twice(0.5); }\n');
  const { record, problems } = await makeRecord({ ...site, log: () => {} });
  assert.deepEqual(problems.filter((p) => !/cannot parse/.test(p)), []);
  // t.count() depends on T: no declaration to name.
  assert.deepEqual(record.unresolved.map((u) => [u.file, u.line, u.name, u.pages]), [[site.file, 1, 'count', ['ENG/Quick-Start.md']]]);
  const names = Object.values(record.files[site.file]).flatMap((entry) => entry.slice(1).map(([, id]) => id));
  assert.ok(names.includes(`${site.file}:1:twice`) && names.includes(`${site.file}:2:main`), names.join(', '));
});

test('a sample that does not parse is a problem naming its file and line, and nothing is recorded for it silently', { timeout: 120000 }, async (t) => {
  const site = smallSite(t, 'int main() { return not_declared_anywhere(); }\n');
  const { problems } = await makeRecord({ ...site, log: () => {} });
  assert.equal(problems.length, 1);
  assert.match(problems[0], /examples\/guide\/quick-start\/sample\.cc: clang cannot parse it: examples\/guide\/quick-start\/sample\.cc:1:\d+: error: .*not_declared_anywhere/);
});

// What differs between two records, briefly: the files and declarations whose entries changed.
function differences(committed, fresh) {
  const out = [];
  for (const key of ['frontEnd', 'drogonVersion', 'trantorVersion']) if (committed[key] !== fresh[key]) out.push(`${key}: ${committed[key]} -> ${fresh[key]}`);
  for (const section of ['files', 'declarations']) {
    const a = committed[section] || {};
    const b = fresh[section] || {};
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) out.push(`${section}: ${k}: ${a[k] === undefined ? 'new' : b[k] === undefined ? 'gone' : 'changed'}`);
    }
  }
  if (JSON.stringify(committed.unresolved) !== JSON.stringify(fresh.unresolved)) out.push('unresolved: changed');
  return out;
}

test('the committed docs/guide/code-names.json is what clang gives on the guide build now', { timeout: 45 * 60 * 1000 }, async () => {
  const { text, record, problems, units, seconds } = await freshRecord({ root: repoRoot, quiet: true });
  console.log(`code names: ${units} translation units in ${seconds.toFixed(1)} s; ${Object.keys(record.files).length} files, `
    + `${Object.keys(record.declarations).length} declarations, ${record.unresolved.length} unresolved name(s): `
    + record.unresolved.map((u) => `${u.file}:${u.line} ${u.name}`).join(', '));
  assert.deepEqual(problems, [], 'every sample a page shows parses');
  const committed = loadRecord(repoRoot);
  assert.ok(committed, `${RECORD_PATH} is missing: run \`npm run code-names\``);
  const changed = differences(committed, record);
  assert.ok(fs.readFileSync(path.join(repoRoot, RECORD_PATH), 'utf8') === text,
    `${RECORD_PATH} is stale (run \`npm run code-names\` and commit it):\n  ${changed.slice(0, 30).join('\n  ')}${changed.length > 30 ? `\n  ... ${changed.length - 30} more` : ''}`);
  // The coroutine chapter's samples are in it, their Drogon names resolved.
  const coroutineNames = Object.values(record.files['examples/guide/coroutines/main.cc']).flatMap((e) => e.slice(1).map(([, id]) => id));
  for (const id of ['drogon::sync_wait', 'drogon::when_all', 'drogon::orm::DbClient::execSqlCoro']) assert.ok(coroutineNames.includes(id), id);
  for (const u of record.unresolved) assert.ok(u.pages.length > 0, `${u.file}:${u.line}: ${u.name} is listed with the page that shows it`);
});
