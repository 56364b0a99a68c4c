// What the site's search looks through: each page's body (without its generated navigation blocks),
// cut into sections at its headings of level 1 to 3 (a result opens the section, like docsify's own
// search with depth 3), as plain text: paragraphs, lists, tables and the text of raw HTML (a figure's
// caption, a summary; never attributes such as chart data), and apart from them the code blocks
// (readers search for API names; the ranking weighs code below prose, which explains).
// Text without a letter (the figures in a results table) is left out.
'use strict';
const { splitPage } = require('../navigate/navigation');
const { inlineText, htmlText } = require('../prerender/markdown');

const SECTION_DEPTH = 3;

function squash(text) {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Sections of one page: [{ id (heading id, null for the text before the first heading), title, text,
 * code (its code blocks) }]. tokens: markdown-it tokens of the page body (heading ids set by the
 * prerender's markdown).
 */
function pageSections(tokens, pageTitle) {
  const sections = [];
  let current = { id: null, title: pageTitle, parts: [], code: [] };
  const push = () => {
    const text = squash(current.parts.join(' '));
    const code = squash(current.code.join(' '));
    if (text || code || current.id !== null) sections.push({ id: current.id, title: current.title, text, code });
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type === 'heading_open' && Number(token.tag.slice(1)) <= SECTION_DEPTH) {
      push();
      const title = squash(inlineText(tokens[i + 1]));
      // The page's title heading opens the page itself, not a section of it.
      current = token.tag === 'h1' && sections.length === 0 && current.parts.length === 0
        ? { id: null, title: pageTitle, parts: [], code: [] }
        : { id: token.attrGet('id'), title, parts: [], code: [] };
      i += 2; // inline, heading_close
      continue;
    }
    if (token.type === 'inline') {
      const text = inlineText(token);
      if (/\p{L}/u.test(text)) current.parts.push(text); // a table cell of figures finds nothing a reader types
    }
    else if (token.type === 'fence' || token.type === 'code_block') current.code.push(token.content);
    else if (token.type === 'html_block') current.parts.push(htmlText(token.content));
  }
  push();
  return sections;
}

/**
 * The search documents of one language: { pages: [{ route, title, alias, order, reference }], sections: [[page
 * index, id, title, text, code], ...] } (arrays keep the file small). alias: on the other languages'
 * pages, the page's title in the first language (English), which readers of a translation type too
 * ("coroutine" finds 协程); order: its manifest section's searchOrder, when not 0; reference: true on
 * the API reference's pages, whose sections are its entries. md: the prerender's markdown-it; files:
 * the site's markdown files.
 */
function languageDocuments({ manifest, lang, md, files }) {
  const pages = [];
  const sections = [];
  const first = manifest.languages[0];
  manifest.pages.forEach((page) => {
    const entry = page.entries[lang.code];
    const alias = lang.code === first.code ? null : page.entries[first.code].title;
    const markdown = files.get(entry.relPath);
    if (markdown === undefined) throw new Error(`search: no ${entry.relPath} among the site's files`);
    const { body } = splitPage(markdown, entry.relPath);
    const tokens = md.parse(body, {}); // parsing only: heading ids, no links to resolve
    const doc = alias && alias !== entry.title ? { route: entry.route, title: entry.title, alias } : { route: entry.route, title: entry.title };
    // Where the page's section comes among results of one tier (docs/manifest.json searchOrder).
    const { searchOrder } = manifest.sections.find((s) => s.id === page.section);
    if (searchOrder) doc.order = searchOrder;
    // An API reference page (generatedBy "api-reference", issue 35's reference): its sections are
    // reference entries, which the ranking places below the guide (search-rank.js kindOf).
    if (page.generatedBy === 'api-reference') doc.reference = true;
    const index = pages.push(doc) - 1;
    for (const s of pageSections(tokens, entry.title)) sections.push([index, s.id, s.title, s.text, s.code]);
  });
  return { pages, sections };
}

module.exports = { languageDocuments, pageSections, SECTION_DEPTH };
