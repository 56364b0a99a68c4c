// The site's search indexes, built as the browser builds them (the search files of search-files.js, each
// language's index made by shared/src/search-text.js with MiniSearch), and the first result of queries
// on them. The search tests build their indexes with it (docs/test/support/search-indexes.js).
//
// It also runs as a command, so that the ranking benchmark (docs/src/search-bench.js) can rank the same
// pages with an earlier revision's search code: a copy of this file placed in that revision's tree
// requires that revision's search-files.js and search-text.js through the same relative paths.
//   node docs/src/search/rank-queries.js INPUT.json  ->  stdout: { "tops": [{ route, id, title } | null, ...] }
//   INPUT.json: { manifest, files: [[site path, markdown], ...], queries: [{ lang, query }, ...] }
'use strict';
const fs = require('node:fs');
const MiniSearch = require('minisearch');
const { searchFiles, FOLD_TABLE } = require('./search-files');
const { createFolder, createIndex } = require('../../../shared/src/search-text');

/**
 * { files (site path -> JSON text of the search files), data (code -> search file), indexes
 * (code -> index), fold }. manifest: as generate-pages.js loads it; files: Map of the site's markdown.
 */
async function buildIndexes({ manifest, files, maxResults = 1000 }) {
  const search = await searchFiles({ manifest, files });
  const fold = createFolder(JSON.parse(search.get(FOLD_TABLE)));
  const data = {};
  const indexes = {};
  for (const lang of manifest.languages) {
    data[lang.code] = JSON.parse(search.get(`search/${lang.code}.json`));
    indexes[lang.code] = await createIndex(MiniSearch, data[lang.code], data[lang.code].fold ? fold : null, { maxResults });
  }
  return { files: search, data, indexes, fold };
}

/** The first result of each query ({ lang, query }) on indexes: { route, id, title } or null. */
function topResults(indexes, queries) {
  return queries.map((q) => {
    const index = indexes[q.lang];
    if (!index) throw new Error(`query "${q.query}": no index for language "${q.lang}"`);
    const top = index.search(q.query).results[0];
    return top ? { route: top.route, id: top.id, title: top.title } : null;
  });
}

async function main(inputPath) {
  if (!inputPath) throw new Error('usage: node rank-queries.js INPUT.json');
  const input = JSON.parse(fs.readFileSync(inputPath, 'utf8'));
  for (const field of ['manifest', 'files', 'queries']) {
    if (!input[field]) throw new Error(`${inputPath}: no "${field}"`);
  }
  const { indexes } = await buildIndexes({ manifest: input.manifest, files: new Map(input.files), maxResults: 1 });
  process.stdout.write(JSON.stringify({ tops: topResults(indexes, input.queries) }));
}

if (require.main === module) {
  main(process.argv[2]).catch((err) => {
    process.stderr.write(`rank-queries: ${err.stack || err.message}\n`);
    process.exit(1);
  });
}

module.exports = { buildIndexes, topResults };
