// The site's real search indexes for the search tests: the pages generated as `npm run build` does,
// their search files (docs/src/search), and each language's index built by shared/src/search-text.js
// with the MiniSearch the browser runs (docs/src/search/rank-queries.js buildIndexes).
//
//   const { manifest, data, indexes, fold } = await searchIndexes({ maxResults: 1000 });
//   indexes['zh-TW'].search('定时器').results[0]   // { route, id, href, title, excerpt }
'use strict';
const { generatePages } = require('../../src/generate-pages');
const { siteMarkdown } = require('../../src/build');
const { buildIndexes } = require('../../src/search/rank-queries');

/**
 * { manifest, markdown (the site's Markdown files: relPath -> text), files (site path -> JSON text),
 *   data (code -> search file), indexes (code -> index), fold }.
 */
async function searchIndexes({ maxResults = 1000 } = {}) {
  const generated = generatePages({});
  const { manifest } = generated;
  const markdown = siteMarkdown(generated);
  return { manifest, markdown, ...(await buildIndexes({ manifest, files: markdown, maxResults })) };
}

module.exports = { searchIndexes };
