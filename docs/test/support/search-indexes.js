// The site's real search indexes for the search tests: the pages generated as `npm run build` does,
// their search files (docs/src/search), and each language's index built by shared/src/search-text.js
// with the MiniSearch the browser runs.
//
//   const { manifest, data, indexes, fold } = await searchIndexes({ maxResults: 1000 });
//   indexes['zh-TW'].search('定时器').results[0]   // { route, id, href, title, excerpt }
'use strict';
const MiniSearch = require('minisearch');
const { generatePages } = require('../../src/generate-pages');
const { siteMarkdown } = require('../../src/build');
const { searchFiles, FOLD_TABLE } = require('../../src/search/search-files');
const { createFolder, createIndex } = require('../../../shared/src/search-text');

/** { manifest, files (site path -> JSON text), data (code -> search file), indexes (code -> index), fold }. */
async function searchIndexes({ maxResults = 1000 } = {}) {
  const generated = generatePages({});
  const { manifest } = generated;
  const files = await searchFiles({ manifest, files: siteMarkdown(generated) });
  const fold = createFolder(JSON.parse(files.get(FOLD_TABLE)));
  const data = {};
  const indexes = {};
  for (const lang of manifest.languages) {
    data[lang.code] = JSON.parse(files.get(`search/${lang.code}.json`));
    indexes[lang.code] = await createIndex(MiniSearch, data[lang.code], data[lang.code].fold ? fold : null, { maxResults });
  }
  return { manifest, files, data, indexes, fold };
}

module.exports = { searchIndexes };
