// Markdown to HTML at build time with markdown-it, rendering what docsify renders in the browser
// (raw HTML kept, GFM tables and autolinks, docsify's heading ids and link rules), for readers and
// crawlers without JavaScript:
// - heading ids are docsify's slugs (docs/src/docsify/slug.js, `:id=` honoured and removed from the text);
// - links resolve as docsify resolves them (docs/src/link-check: routes from the site root, `#x` on the
//   same page, `':ignore'` left as a file path), then point at the clean URL of the page they open
//   (urls.js), relative to the site root that the page's <base> names; a link to a page in another
//   language carries hreflang;
// - code blocks are highlighted with the same Prism languages the site loads, in docsify's markup, and
//   the names in a guide sample link to their declarations (env.codeLinks, shared/src/code-links.js);
// - note, tip and warning boxes (GitHub's alert syntax, "> [!NOTE]") with markdown-it-github-alerts,
//   written as docsify 5 writes its callouts (<div class="callout note">) with the title that
//   plugins/callouts.js adds there, in the page's language (env.calloutTitles; English without one);
// - Chinese text as docsify shows it with the site's rules (shared/src/cjk-markdown/): `**` next to
//   Chinese punctuation opens and closes (markdown-it-cjk-friendly, the rule docsify's marked gets
//   from emphasis.js), and a line break inside a Chinese sentence joins the lines (line-breaks.js).
// The text helpers (inlineText, htmlText) give the plain text the descriptions and the search index use.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const MarkdownIt = require('markdown-it');
// An ES module; node 20.19 and later load it with require().
const githubAlerts = require('markdown-it-github-alerts').default;
const cjkFriendly = require('markdown-it-cjk-friendly').default;
const cjkLineBreaks = require('../../../shared/src/cjk-markdown/line-breaks');
const { createSlugger, headingConfigId } = require('../docsify/slug');
const { resolveLink } = require('../link-check/link-check');
const { cleanPath } = require('./urls');
const { escapeHtml } = require('../../../shared/src/escape');
const { inRepo, SITE_SOURCE_DIR } = require('../../../shared/src/project-paths');
const { linkBlock } = require('../../../shared/src/code-links');

const externalHref = /^([a-z][a-z0-9+.-]*:|\/\/)/i;
// docsify's link and heading options (getAndRemoveConfig): " :name" or " :name=value".
const docsifyOptions = /(?:^|\s):([\w-]+:?)=?([\w-%]+)?/g;

let prism = null;
// Prism with the languages of docs/site/prism-languages.json (the browser loads the same ones).
function loadPrism() {
  if (prism) return prism;
  const Prism = require('prismjs');
  const loadLanguages = require('prismjs/components/');
  const { languages } = JSON.parse(fs.readFileSync(path.join(inRepo(SITE_SOURCE_DIR), 'prism-languages.json'), 'utf8'));
  loadLanguages.silent = true;
  loadLanguages(languages);
  prism = Prism;
  return prism;
}

function docsifyLinkOptions(title) {
  const options = {};
  const text = (title || '').replace(docsifyOptions, (m, key, value) => {
    options[key] = value === undefined ? true : value;
    return '';
  }).trim();
  return { options, text };
}

// A site-root-relative path, percent-encoded as a URL path (segments keep their "/").
function encodePath(rel) {
  return rel.split('/').map((segment) => encodeURIComponent(segment)).join('/');
}

/**
 * Where a markdown href points on the prerendered site: { href, hreflang, external }.
 * env: { route (the page the link is on), aliases, pages: Map<route, { htmlLang }>, htmlLang }.
 */
function resolveHref(rawHref, title, env) {
  const { options } = docsifyLinkOptions(title);
  if (externalHref.test(rawHref)) return { href: rawHref, external: !/^mailto:/i.test(rawHref) };
  if (options.ignore) return { href: rawHref }; // a file, not a route: the browser resolves it from the site root
  const target = resolveLink(rawHref, env.route, env.aliases);
  if (target.external) return { href: rawHref, external: true };
  if (target.error) return { href: rawHref };
  const anchor = target.id === null ? '' : `#${encodeURIComponent(target.id)}`;
  const route = Object.prototype.hasOwnProperty.call(env.aliases, target.route) ? env.aliases[target.route] : target.route;
  const page = env.pages.get(route);
  if (page) {
    return { href: `${cleanPath(route)}${anchor}`, hreflang: page.htmlLang !== env.htmlLang ? page.htmlLang : null };
  }
  if (route === '/') return { href: `./${anchor}` };
  if (!target.file.endsWith('.md')) return { href: encodePath(target.file) };
  // A route with no prerendered page: docsify's own route, which shows its missing-page notice.
  return { href: `./#${encodePath(target.route)}` };
}

// Where a name in code links to on the prerendered site: a page's clean URL, or another site.
function codeLinkHref(target) {
  if (target.u) return { href: target.u, external: true };
  if (target.r) return { href: `${cleanPath(target.r)}${target.i ? `#${encodeURIComponent(target.i)}` : ''}` };
  return null;
}

// Raw HTML may link to a docsify route (href="#/DIR/page"): point it at the clean URL too.
function rewriteHtmlLinks(html, env) {
  return html.replace(/(\shref\s*=\s*)(["'])#(\/[^"']*)\2/gi, (m, lead, quote, route) => {
    const { href } = resolveHref(route.replace('?id=', '#'), '', env);
    return `${lead}${quote}${escapeHtml(href)}${quote}`;
  });
}

// Heading ids and docsify's `:id=` removal, after inline parsing: the slug is made from the heading's
// raw text as docsify makes it (one slugger per page, so repeats get -1, -2 ...).
function headingIds(state) {
  const slug = state.env.slugger || (state.env.slugger = createSlugger());
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].type !== 'heading_open') continue;
    const inline = tokens[i + 1];
    const raw = inline.content;
    tokens[i].attrSet('id', slug(headingConfigId(raw) || raw));
    if (/(?:^|\s):[\w-]/.test(raw)) {
      for (const child of inline.children) {
        if (child.type === 'text') child.content = child.content.replace(docsifyOptions, '').replace(/\s+$/, '');
      }
    }
  }
}

// Table cell alignment as docsify writes it (align="right"), not markdown-it's style attribute,
// which the CSP (style-src 'self') would refuse.
function tableAlign(state) {
  for (const token of state.tokens) {
    if (token.type !== 'th_open' && token.type !== 'td_open') continue;
    const style = token.attrGet('style');
    const m = style && /^text-align:(left|right|center)$/.exec(style);
    if (!m) continue;
    token.attrs = token.attrs.filter(([name]) => name !== 'style');
    token.attrSet('align', m[1]);
  }
}

// The alert types docsify 5 styles as callouts, with their English titles.
const CALLOUT_TITLES = { note: 'Note', tip: 'Tip', important: 'Important', warning: 'Warning', caution: 'Caution' };

function callouts(md) {
  md.use(githubAlerts, { markers: Object.keys(CALLOUT_TITLES).map((t) => t.toUpperCase()) });
  md.renderer.rules.alert_open = (tokens, idx, options, env) => {
    const { type } = tokens[idx].meta;
    const title = (env.calloutTitles && env.calloutTitles[type]) || CALLOUT_TITLES[type];
    return `<div class="callout ${escapeHtml(type)}"><p class="callout-title">${escapeHtml(title)}</p>\n`;
  };
}

/** A markdown-it instance that renders pages as docsify does (see the top of this file). */
function createMarkdown() {
  const md = new MarkdownIt({ html: true, linkify: true });
  md.use(cjkFriendly);
  md.use(cjkLineBreaks.markdownIt);
  callouts(md);
  md.core.ruler.push('docsify_heading_ids', headingIds);
  md.core.ruler.push('docsify_table_align', tableAlign);

  const defaultLinkOpen = md.renderer.rules.link_open || ((tokens, idx, options, env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    const title = token.attrGet('title');
    const resolved = resolveHref(token.attrGet('href') || '', title, env);
    token.attrSet('href', resolved.href);
    const { text } = docsifyLinkOptions(title);
    if (title !== null) {
      if (text) token.attrSet('title', text);
      else token.attrs = token.attrs.filter(([name]) => name !== 'title');
    }
    if (resolved.hreflang) token.attrSet('hreflang', resolved.hreflang);
    if (resolved.external) {
      token.attrSet('target', '_blank');
      token.attrSet('rel', 'noopener');
    }
    return defaultLinkOpen(tokens, idx, options, env, self);
  };

  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    const src = token.attrGet('src') || '';
    if (!externalHref.test(src)) {
      // docsify resolves a relative image against the page's folder, an absolute one from the site
      // root; written relative to the site root (the page's <base>).
      const folder = encodePath(env.route.slice(0, env.route.lastIndexOf('/') + 1));
      const url = new URL(src, `http://site${folder}`);
      token.attrSet('src', `${url.pathname.slice(1)}${url.search}${url.hash}`);
    }
    token.attrSet('alt', self.renderInlineAsText(token.children, options, env));
    return self.renderToken(tokens, idx, options);
  };

  md.renderer.rules.fence = (tokens, idx, options, env) => {
    const token = tokens[idx];
    const lang = token.info.trim().split(/\s+/)[0] || 'markup';
    const Prism = loadPrism();
    const grammar = Prism.languages[lang];
    let code = grammar ? Prism.highlight(token.content, grammar, lang) : escapeHtml(token.content);
    // The names of a guide sample link to their declarations (env.codeLinks: docs/src/code-links/).
    if (env.codeLinks && grammar) code = linkBlock(code, env.codeLinks, codeLinkHref).html;
    const escapedLang = escapeHtml(lang);
    // tabindex="0" as docsify writes it: a block wider than the column scrolls, and the keyboard must
    // reach it there too (axe's scrollable-region-focusable) before or without docsify.
    return `<pre data-lang="${escapedLang}" class="language-${escapedLang}"><code class="lang-${escapedLang} language-${escapedLang}" tabindex="0">${code}</code></pre>\n`;
  };

  const defaultHtmlBlock = md.renderer.rules.html_block;
  const defaultHtmlInline = md.renderer.rules.html_inline;
  md.renderer.rules.html_block = (tokens, idx, options, env, self) => rewriteHtmlLinks(defaultHtmlBlock(tokens, idx, options, env, self), env);
  md.renderer.rules.html_inline = (tokens, idx, options, env, self) => rewriteHtmlLinks(defaultHtmlInline(tokens, idx, options, env, self), env);
  return md;
}

/**
 * Renders one markdown file of the site. context: { route, htmlLang, aliases, pages } (see resolveHref).
 * Returns { html, tokens } (tokens with heading ids set, for descriptions and the search index).
 */
function renderMarkdown(md, markdown, context, transform) {
  const env = { ...context, slugger: createSlugger() };
  const tokens = md.parse(markdown, env);
  // (transform: changes the parsed tokens in place before they are rendered, e.g. chart-images.js.)
  if (transform) transform(tokens);
  return { html: md.renderer.render(tokens, md.options, env), tokens };
}

// Plain text of an inline token: text and code as the reader sees them, line breaks as spaces.
function inlineText(token) {
  let out = '';
  for (const child of token.children || []) {
    if (child.type === 'text' || child.type === 'code_inline') out += child.content;
    else if (child.type === 'softbreak' || child.type === 'hardbreak') out += ' ';
    else if (child.type === 'image') out += inlineText(child);
  }
  return out;
}

const md0 = new MarkdownIt();
// Text of raw HTML: tags dropped (attributes such as a chart's data-chart are not text), entities decoded.
function htmlText(html) {
  return md0.utils.unescapeAll(html.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<[^>]*>/g, ' '));
}

module.exports = { createMarkdown, renderMarkdown, resolveHref, inlineText, htmlText, docsifyLinkOptions, CALLOUT_TITLES };
