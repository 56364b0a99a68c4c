// The score of a set of search queries (docs/test/search/search-queries*.json): how many find first the
// page, and where the query names it the section, that a reader means. The test of the query sets and
// the ranking benchmark (docs/src/search-bench.js) both count with it.
//
//   const target = targetOf(query, site);            // { route, id } (id undefined: any section)
//   scoreQueries(queries, tops, site)                 // { 'zh-CN': { hits, total, misses: [text] }, ... }
//
// site: { manifest, data (code -> search file), fold (folding function) }, as rank-queries.js builds it.
'use strict';

// Compared as the index compares: folded (Chinese), lower case.
function normalizer(site, code) {
  const folded = site.data[code].fold ? site.fold : (t) => t;
  return (t) => folded(t).toLowerCase();
}

/**
 * The route and section id a query must find first: { route, id } (id undefined: any section of the
 * page). The section is the one whose heading is one of q.section's words, else the one whose heading
 * holds one, else the one whose prose does. Throws naming the query when its data no longer fits the pages.
 */
function targetOf(q, site) {
  const page = site.manifest.pages.find((p) => p.id === q.page);
  if (!page) throw new Error(`query "${q.query}" (${q.lang}): no page "${q.page}" in the manifest`);
  const entry = page.entries[q.lang];
  if (!entry) throw new Error(`query "${q.query}": no language "${q.lang}"`);
  if (!q.section) return { route: entry.route };
  const norm = normalizer(site, q.lang);
  const { pages, sections } = site.data[q.lang];
  const own = sections.filter((s) => pages[s[0]].route === entry.route);
  const words = q.section.map(norm);
  const pick = (text, exact) => words.some((w) => (exact ? norm(text) === w : norm(text).includes(w)));
  for (const candidates of [own.filter((s) => pick(s[2], true)), own.filter((s) => pick(s[2], false)), own.filter((s) => pick(s[3], false))]) {
    if (candidates.length === 1) return { route: entry.route, id: candidates[0][1] };
    if (candidates.length > 1) {
      throw new Error(`query "${q.query}" (${q.lang}): section ${JSON.stringify(q.section)} names ${candidates.length} sections of ${entry.route}: ${candidates.map((s) => s[2]).join(' | ')}`);
    }
  }
  throw new Error(`query "${q.query}" (${q.lang}): section ${JSON.stringify(q.section)} names no section of ${entry.route}`);
}

/**
 * { code: { hits, total, misses: [text] } } per language, in the order the queries name them.
 * tops[i]: the first result of queries[i] ({ route, id, title }) or null when it found nothing.
 */
function scoreQueries(queries, tops, site) {
  if (tops.length !== queries.length) throw new Error(`query score: ${tops.length} results for ${queries.length} queries`);
  const out = {};
  queries.forEach((q, i) => {
    const target = targetOf(q, site);
    const top = tops[i];
    const hit = Boolean(top) && top.route === target.route && (target.id === undefined || top.id === target.id);
    const s = out[q.lang] || (out[q.lang] = { hits: 0, total: 0, misses: [] });
    s.total += 1;
    if (hit) s.hits += 1;
    else s.misses.push(`"${q.query}" wants ${target.route}${target.id ? `#${target.id}` : ''}, first: ${top ? top.title : 'nothing'}`);
  });
  return out;
}

module.exports = { targetOf, scoreQueries };
