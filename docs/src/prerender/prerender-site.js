// The prerender stage: every page of every language as HTML at its clean URL (site/<DIR>/<file>/),
// readable without JavaScript and by crawlers, plus sitemap.xml, 404.html and the root page's
// <noscript> chooser. Rendered from the same generated page files docsify fetches (ENG/, CHN/, JB_TW/
// with their navigation blocks), into site/ only: the committed pages stay Markdown.
'use strict';
const { createMarkdown, renderMarkdown, inlineText, htmlText } = require('./markdown');
const { addChartImages } = require('./chart-images');
const { cleanPath, pageFile, rootFrom, absoluteUrl } = require('./urls');
const { pageDocument, rootDocument, notFoundDocument, contentSecurityPolicy, stylesheetsOf } = require('./page-html');
const { sitemapXml } = require('./sitemap');
const { inlineHead } = require('./inline-head');

const DESCRIPTION_MAX = 160; // characters (code points); search engines show about this much

/** Text cut to at most max code points at a word boundary where there is one near, with "…". */
function truncate(text, max = DESCRIPTION_MAX) {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  let cut = chars.slice(0, max - 1).join('');
  if (chars[max - 1] !== ' ') {
    const space = cut.lastIndexOf(' ');
    if (space > cut.length - 30 && space > 0) cut = cut.slice(0, space);
  }
  return `${cut.replace(/[\s,.;:·，。；：、]+$/u, '')}…`;
}

/**
 * The meta description of a page: the first paragraph after its title, as plain text (never one of
 * the generated footer's Previous / Next lines); else the title.
 */
function describe(tokens, title) {
  const h1 = tokens.findIndex((t) => t.type === 'heading_open' && t.tag === 'h1');
  for (let i = h1 + 1; h1 >= 0 && i < tokens.length; i++) {
    if (tokens[i].type === 'html_block' && /^<!-- nav:footer\b/.test(tokens[i].content)) break;
    if (tokens[i].type !== 'paragraph_open') continue;
    const text = inlineText(tokens[i + 1]).replace(/\s+/g, ' ').trim();
    if (text) return truncate(text);
  }
  return title;
}

/**
 * manifest, ui: from generate-pages; files: Map<relPath, markdown> of every markdown file the site
 * serves (pages, sidebars); aliases: docsify's alias map; template: the assembled index.html; codeLinks:
 * Map<relPath, link data> of the pages whose code links to declarations (docs/src/code-links/);
 * siteFile(rel): the text of a file of the assembled site, for the styles and scripts a page carries
 * inline (./inline-head.js; without it, the pages link them as index.html does).
 * Returns Map<site path, content>: the pages, their charts' images (<page folder>/<figure id>.svg), index.html (replacing the template), 404.html, sitemap.xml.
 */
function prerenderSite({ manifest, ui, files, aliases, template, codeLinks = new Map(), siteFile = null }) {
  const { baseUrl } = manifest.site;
  const md = createMarkdown();
  const pages = new Map();
  for (const page of manifest.pages) {
    for (const lang of manifest.languages) pages.set(page.entries[lang.code].route, { htmlLang: lang.htmlLang });
  }
  const first = manifest.pages[0];
  const out = new Map();
  const sitemap = [];
  const pageTemplate = siteFile ? inlineHead(template, siteFile) : template;

  for (const lang of manifest.languages) {
    const sidebarRel = `${lang.dir}/_sidebar.md`;
    if (!files.has(sidebarRel)) throw new Error(`prerender: no ${sidebarRel} among the site's files`);
    const strings = ui[lang.code];
    const calloutTitles = { note: strings.calloutNote, tip: strings.calloutTip, important: strings.calloutImportant, warning: strings.calloutWarning, caution: strings.calloutCaution };
    const context = { htmlLang: lang.htmlLang, aliases, pages, calloutTitles };
    const sidebarHtml = renderMarkdown(md, files.get(sidebarRel), { ...context, route: first.entries[lang.code].route }).html;
    for (const page of manifest.pages) {
      const entry = page.entries[lang.code];
      const markdown = files.get(entry.relPath);
      if (markdown === undefined) throw new Error(`prerender: no ${entry.relPath} among the site's files`);
      // Each chart's static image, a file in the page's folder (./chart-images.js).
      let images = [];
      const srcOf = (figureId) => `${cleanPath(entry.route)}${figureId}.svg`;
      const { html, tokens } = renderMarkdown(md, markdown, { ...context, route: entry.route, codeLinks: codeLinks.get(entry.relPath) || null }, (parsed) => { images = addChartImages(parsed, { inlineText, htmlText, srcOf }); });
      for (const image of images) out.set(`${entry.route.slice(1)}/${image.id}.svg`, image.svg);
      const alternates = manifest.languages.map((l) => ({ hreflang: l.htmlLang, href: absoluteUrl(baseUrl, cleanPath(page.entries[l.code].route)) }));
      alternates.push({ hreflang: 'x-default', href: alternates[0].href });
      const canonical = absoluteUrl(baseUrl, cleanPath(entry.route));
      out.set(pageFile(entry.route), pageDocument(pageTemplate, {
        route: entry.route, htmlLang: lang.htmlLang, title: entry.title, description: describe(tokens, entry.title),
        canonical, alternates, root: rootFrom(entry.route), articleHtml: html, sidebarHtml,
        homeHref: cleanPath(first.entries[lang.code].route), menuLabel: strings.menu, navigationLabel: strings.siteNavigation,
      }));
      sitemap.push({ loc: canonical, alternates });
    }
  }

  const defaultUi = ui[manifest.languages[0].code];
  out.set('index.html', rootDocument(template, {
    heading: defaultUi.chooseLanguageTitle,
    choices: manifest.languages.map((l) => ({ htmlLang: l.htmlLang, name: l.name, title: first.entries[l.code].title, href: cleanPath(first.entries[l.code].route) })),
  }));
  out.set('404.html', notFoundDocument({
    basePath: new URL(baseUrl).pathname,
    csp: contentSecurityPolicy(template),
    stylesheets: stylesheetsOf(template),
    notices: manifest.languages.map((l) => ({
      htmlLang: l.htmlLang, title: ui[l.code].notFoundTitle, body: ui[l.code].notFoundBody,
      linkText: `${l.name}: ${first.entries[l.code].title}`, href: cleanPath(first.entries[l.code].route),
    })),
  }));
  out.set('sitemap.xml', sitemapXml(sitemap));
  return out;
}

module.exports = { prerenderSite, describe, truncate };
