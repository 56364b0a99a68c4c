#!/usr/bin/env node
// The search's ranking, before and after a change, on the same pages: the query sets of
// docs/test/search/ (search-queries.json, public; search-queries-held-out.json, never tuned on) run
// against this checkout's pages, once with this checkout's search code and once with the search code of
// an earlier revision (the "before"), and the first-place hits are printed per set and language.
// Nothing is asserted here (search-queries.test.js holds the thresholds); the figures are computed on
// every run, never copied.
//
// The "before": `git archive REV docs shared` into a temp folder (node_modules linked), and into it a copy
// of docs/src/search/rank-queries.js, which there requires REV's search-files.js and search-text.js;
// it runs as a child process on this checkout's pages. REV defaults to the merge base of HEAD and main
// (on a branch: main's search, the ranking the branch changes).
// Usage: npm run bench:search [-- --before REV] [--misses]
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { generatePages } = require('./generate-pages');
const { siteMarkdown } = require('./build');
const { buildIndexes, topResults } = require('./search/rank-queries');
const { scoreQueries } = require('./search/query-score');
const { spawnGroup, stopGroup } = require('../../shared/src/process-group');

const root = path.join(__dirname, '..', '..');
const QUERY_SETS = [
  ['public', 'docs/test/search/search-queries.json'],
  ['held-out', 'docs/test/search/search-queries-held-out.json'],
];
const RANKER = 'docs/src/search/rank-queries.js';

function parseArgs(argv) {
  const args = { before: null, misses: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--before' && argv[i + 1]) args.before = argv[++i];
    else if (argv[i] === '--misses') args.misses = true;
    else throw new Error(`unknown argument "${argv[i]}" (usage: npm run bench:search [-- --before REV] [--misses])`);
  }
  return args;
}

function git(args, what) {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw new Error(`${what}: git did not run (${r.error.code || r.error.message})`);
  if (r.status !== 0) throw new Error(`${what}: git ${args[0]} failed: ${String(r.stderr).trim().split('\n')[0]}`);
  return r.stdout.trim();
}

function progress(text) {
  process.stderr.write(`search-bench: ${text}\n`);
}

// The first result of every query with REV's search code: [{ route, id, title } | null].
async function topsAt(rev, { manifest, files, queries }) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'search-bench-'));
  try {
    const tar = path.join(tmp, 'rev.tar');
    git(['archive', '--format=tar', '-o', tar, rev, 'docs', 'shared'], `the search code of ${rev}`);
    const tree = path.join(tmp, 'tree');
    fs.mkdirSync(tree);
    const untar = spawnSync('tar', ['-xf', tar, '-C', tree], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`unpacking ${rev}: ${untar.stderr || untar.error}`);
    if (!fs.existsSync(path.join(tree, 'docs/src/search/search-files.js'))) {
      throw new Error(`${rev} has no docs/src/search/search-files.js: no search to compare with`);
    }
    fs.copyFileSync(path.join(root, RANKER), path.join(tree, RANKER));
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
    const input = path.join(tmp, 'input.json');
    fs.writeFileSync(input, JSON.stringify({ manifest, files: [...files], queries: queries.map((q) => ({ lang: q.lang, query: q.query })) }));
    const out = path.join(tmp, 'tops.json');
    const errors = path.join(tmp, 'stderr.txt');
    const outFd = fs.openSync(out, 'w');
    const errFd = fs.openSync(errors, 'w');
    const { pgid, exited } = spawnGroup([process.execPath, path.join(tree, RANKER), input], { label: `rank-queries at ${rev}`, cwd: tree, stdio: ['ignore', outFd, errFd] });
    let result;
    try {
      result = await exited;
    } finally {
      await stopGroup(pgid, 2000);
      fs.closeSync(outFd);
      fs.closeSync(errFd);
    }
    if (result.error || result.code !== 0) {
      throw new Error(`ranking with ${rev}'s search code failed (${result.error ? result.error.message : `exit ${result.code}, signal ${result.signal}`}):\n${fs.readFileSync(errors, 'utf8').trim()}`);
    }
    const { tops } = JSON.parse(fs.readFileSync(out, 'utf8'));
    if (!Array.isArray(tops) || tops.length !== queries.length) throw new Error(`ranking with ${rev}: ${out} holds no result per query`);
    return tops;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows.map((r) => r.map((cell, c) => String(cell).padEnd(widths[c])).join('  ').trimEnd()).join('\n');
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const before = args.before || git(['merge-base', 'HEAD', 'main'], 'the revision to compare with (pass --before REV)');
  const beforeName = `${git(['rev-parse', '--short', `${before}^{commit}`], `revision ${before}`)}${args.before ? '' : ' (merge base with main)'}`;
  const sets = QUERY_SETS.map(([name, file]) => ({ name, queries: JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')).queries }));
  const queries = sets.flatMap((s) => s.queries);

  progress('generating the pages');
  const generated = generatePages({});
  const { manifest } = generated;
  const files = siteMarkdown(generated);
  progress('ranking with this checkout\'s search code');
  const site = { manifest, ...(await buildIndexes({ manifest, files, maxResults: 1 })) };
  const after = topResults(site.indexes, queries);
  progress(`ranking with the search code of ${beforeName}`);
  const beforeTops = await topsAt(before, { manifest, files, queries });

  const rows = [['set', 'language', `before (${beforeName.split(' ')[0]})`, 'after (this checkout)']];
  const misses = [];
  let at = 0;
  for (const set of sets) {
    const slice = (tops) => tops.slice(at, at + set.queries.length);
    const scores = { before: scoreQueries(set.queries, slice(beforeTops), site), after: scoreQueries(set.queries, slice(after), site) };
    at += set.queries.length;
    const sum = (s) => Object.values(s).reduce((n, l) => n + l.hits, 0);
    for (const code of Object.keys(scores.after)) {
      rows.push([set.name, code, `${scores.before[code].hits}/${scores.before[code].total}`, `${scores.after[code].hits}/${scores.after[code].total}`]);
      for (const when of ['before', 'after']) for (const m of scores[when][code].misses) misses.push(`${set.name} ${code} ${when}: ${m}`);
    }
    rows.push([set.name, 'all', `${sum(scores.before)}/${set.queries.length}`, `${sum(scores.after)}/${set.queries.length}`]);
  }
  console.log(`Search ranking, first-place hits on ${manifest.pages.length} pages (${new Date().toISOString().slice(0, 10)}); before: the search code of ${beforeName}, after: this checkout's.`);
  console.log(table(rows));
  if (args.misses) console.log(`\n${misses.join('\n')}`);
}

main().catch((err) => {
  process.stderr.write(`search-bench: ${err.message}\n`);
  process.exit(1);
});
