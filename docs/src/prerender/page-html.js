// The HTML documents of the prerendered site, made from the site's own index.html (after assemble
// filled in its CSP), so a prerendered page loads exactly the scripts, styles and policy the docsify
// site loads, and docsify takes over when JavaScript runs:
// - a page (site/<DIR>/<file>/index.html): <base href> at the site root, its <title>, meta
//   description, canonical link and hreflang alternates, the page and its language's sidebar
//   rendered into #app (docsify's own layout classes, so it looks the same before docsify replaces
//   it), and plugins/clean-url.js first, which hands the page's route to docsify's hash router;
// - the root index.html: its <noscript> offers each language's first page at its clean URL;
// - 404.html (GitHub Pages serves it for any unknown path, at any depth): a <base> at the site's
//   path from the configured base URL, and a link to each language's first page.
// Every string from the pages or the manifest is escaped here.
'use strict';
const { escapeHtml } = require('../../../shared/src/escape');
const { cleanPath } = require('./urls');

// The site's name, as docsify shows it (plugins/site-config.js "name") and as every page title ends
// (plugins/language.js).
const SITE_NAME = 'Drogon';
const CLEAN_URL_SCRIPT = 'plugins/clean-url.js';

function replaceOnce(html, pattern, replace, what) {
  const matches = html.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`)) || [];
  if (matches.length !== 1) {
    throw new Error(`prerender: docs/site/index.html must contain ${what} exactly once (found ${matches.length})`);
  }
  return html.replace(pattern, replace);
}

function alternateLinks(alternates) {
  return alternates.map((a) => `  <link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}">`).join('\n');
}

const ON_DEMAND = /<template class="on-demand-scripts" data-when-class="([\w-]+)">([\s\S]*?)<\/template>/g;
const DOCSIFY_SCRIPT = 'vendor/docsify/docsify.min.js';
const DEFERRED_SCRIPTS_LOADER = 'plugins/deferred-site-scripts.js';
const FIRST_SITE_SCRIPT = '<script src="navigation-map.js"></script>';

const scriptSrcs = (html) => [...html.matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1]);
const scriptTag = (src) => `<script src="${escapeHtml(src)}"></script>`;

// The on-demand <template>s (plugins/on-demand-scripts.js) whose data-when-class an element of the
// page has, as { className, scripts }: a guide page needs none (it never fetches Chart.js), the
// Benchmarks page needs the charts'.
const classAttribute = (className) => new RegExp(`\\sclass="(?:[^"]*\\s)?${className}(?:\\s[^"]*)?"`);
function onDemandGroupsShown(template, articleHtml) {
  return [...template.matchAll(ON_DEMAND)]
    .filter(([, className]) => classAttribute(className).test(articleHtml))
    .map(([, className, body]) => ({ className, scripts: scriptSrcs(body) }));
}

// The scripts a page preloads, as [{ src, low }]: every <script src> of the template outside its
// on-demand <template>s, at low priority (they run at the end of a long page). A page that shows an
// element of a template's data-when-class runs that template's scripts in its first screen
// (scriptsAfterFirstScreen) and the site's other scripts once they are done: it preloads only the
// template's libraries (vendor/: Chart.js, 205 KB, whose download and off-thread compile were the
// parser's longest wait), so the parser finds them ready. Its small plugins are fetched when the
// parser gets there: preloading them too drew the verdict table 8-13 ms later and the first chart no
// sooner (bench:page, 11 rounds in turn, on 2 cores), and the wait for clean-url.js is when the browser
// paints the first screen.
// (groups: onDemandGroupsShown's, when the caller has them already.)
function scriptsToPreload(template, articleHtml, groups = onDemandGroupsShown(template, articleHtml)) {
  if (groups.length) return groups.flatMap((g) => g.scripts).filter((src) => src.startsWith('vendor/')).map((src) => ({ src, low: false }));
  return [CLEAN_URL_SCRIPT, ...scriptSrcs(template.replace(ON_DEMAND, ''))].map((src) => ({ src, low: true }));
}

// A page whose own scripts draw over it (the Benchmarks page's charts: Chart.js and its plugins) runs
// them in its first screen: right after the first element that needs them and the table after it (a
// chart and the table its labels come from), clean-url.js first. The browser paints the first screen
// while it fetches them (a script there stops the parser, not the painting), runs them, draws the first
// chart over its static image, and only then parses the rest of the page (its folded data tables);
// the plugin draws the charts below once the page is parsed (plugins/benchmark-charts.js).
function scriptsAfterFirstScreen(articleHtml, groups, route) {
  const first = Math.min(...groups.map((g) => articleHtml.search(classAttribute(g.className))));
  const tableEnd = articleHtml.indexOf('</table>', first);
  if (tableEnd < 0) throw new Error(`prerender: ${route}: no <table> after its first .${groups[0].className} element (a chart reads its labels from the table after it)`);
  const at = tableEnd + '</table>'.length;
  const scripts = [CLEAN_URL_SCRIPT, ...groups.flatMap((g) => g.scripts)].map(scriptTag).join('\n');
  return `${articleHtml.slice(0, at)}\n${scripts}${articleHtml.slice(at)}`;
}

// The site's other scripts, on such a page, run once those are done: the charts are then drawn one
// after another on a quiet main thread, instead of between docsify's start (its code, then the
// relayout of the whole page it moves into its own layout) and the other plugins'. They are listed in
// a <template class="deferred-site-scripts">, docsify last, for plugins/deferred-site-scripts.js,
// which adds them once the page's held work is done (plugins/clean-url.js); docsify starts after
// every plugin has registered, as it does at DOMContentLoaded when they are plain scripts. The
// on-demand templates stay, for the pages docsify shows next.
function siteScriptsDeferred(html) {
  const from = html.indexOf(FIRST_SITE_SCRIPT);
  const to = html.lastIndexOf('</body>');
  if (from < 0 || to < from) throw new Error(`prerender: docs/site/index.html must load ${FIRST_SITE_SCRIPT} before </body>`);
  const region = html.slice(from, to);
  const site = scriptSrcs(region.replace(ON_DEMAND, ''));
  if (!site.includes(DOCSIFY_SCRIPT)) throw new Error(`prerender: docs/site/index.html must load ${DOCSIFY_SCRIPT} at the end of <body>`);
  const deferred = [...site.filter((src) => src !== DOCSIFY_SCRIPT), DOCSIFY_SCRIPT];
  const scripts = [
    ...(region.match(ON_DEMAND) || []),
    `<template class="deferred-site-scripts">${deferred.map(scriptTag).join('')}</template>`,
    scriptTag(DEFERRED_SCRIPTS_LOADER),
  ];
  return `${html.slice(0, from)}${scripts.join('\n  ')}\n${html.slice(to)}`;
}

/**
 * template: the built index.html. page: { route, htmlLang, title, description, canonical,
 * alternates: [{ hreflang, href }], root ("../../"), articleHtml, sidebarHtml, homeHref }.
 * articleHtml and sidebarHtml are rendered HTML (markdown-it); everything else is text.
 */
function pageDocument(template, page) {
  const groups = onDemandGroupsShown(template, page.articleHtml);
  const articleHtml = groups.length ? scriptsAfterFirstScreen(page.articleHtml, groups, page.route) : page.articleHtml;
  let html = template;
  html = replaceOnce(html, /<html lang="[^"]*">/, () => `<html lang="${escapeHtml(page.htmlLang)}">`, '<html lang="...">');
  // The <base> first, before any URL in the document: every relative URL (scripts, styles, the
  // pages' links) resolves from the site root, wherever the site is mounted.
  html = replaceOnce(html, /<meta charset="utf-8">/i, (m) => `${m}\n  <base href="${escapeHtml(page.root)}">`, '<meta charset="utf-8">');
  const head = [
    `<title>${escapeHtml(`${page.title} · ${SITE_NAME}`)}</title>`,
    `  <meta name="description" content="${escapeHtml(page.description)}">`,
    `  <meta name="docsify-route" content="${escapeHtml(page.route)}">`,
    `  <link rel="canonical" href="${escapeHtml(page.canonical)}">`,
    alternateLinks(page.alternates),
  ].join('\n');
  html = replaceOnce(html, /<title>[^<]*<\/title>/, () => head, '<title>');
  // Preloading a script starts its download at once instead of when the parser reaches it
  // (scriptsToPreload says which, and which at low priority: after the render-blocking styles).
  // (prerender.css, which undoes the theme's "Loading" box for the prerendered layout, is in the
  // site's stylesheet bundle.)
  const preloads = scriptsToPreload(template, page.articleHtml, groups)
    .map(({ src, low }) => `  <link rel="preload" href="${escapeHtml(src)}" as="script"${low ? ' fetchpriority="low"' : ''}>`);
  if (preloads.length) html = replaceOnce(html, /<\/head>/, () => `${preloads.join('\n')}\n</head>`, '</head>');
  html = replaceOnce(html, /<body>/, () => '<body class="ready sticky">', '<body> (without attributes)');
  // The page before the navigation: on a narrow screen without JavaScript (prerender.css) the text
  // comes first, under a line with the site's name and a link down to the navigation.
  const app = () => [
    '<main id="app" class="prerendered">',
    '    <section class="content">',
    `      <p class="prerendered-top"><a href="${escapeHtml(page.homeHref)}">${escapeHtml(SITE_NAME)}</a> <a href="${escapeHtml(`${cleanPath(page.route)}#site-navigation`)}">${escapeHtml(page.menuLabel)} ↓</a></p>`,
    '      <article id="main" class="markdown-section">',
    articleHtml.trim(),
    '      </article>',
    '    </section>',
    '    <aside class="sidebar show">',
    `      <h1 class="app-name"><a class="app-name-link" href="${escapeHtml(page.homeHref)}">${escapeHtml(SITE_NAME)}</a></h1>`,
    `      <nav class="sidebar-nav" id="site-navigation" aria-label="${escapeHtml(page.navigationLabel)}">`,
    page.sidebarHtml.trim(),
    '      </nav>',
    '    </aside>',
    '  </main>',
  ].join('\n');
  html = replaceOnce(html, /<div id="app">[^<]*<\/div>/, app, '<div id="app">...</div>');
  html = replaceOnce(html, /\s*<noscript>[\s\S]*?<\/noscript>/, () => '', '<noscript> in <body>');
  if (groups.length) return siteScriptsDeferred(html);
  // clean-url.js before every other script: docsify must start on the page's route.
  return replaceOnce(html, /<script src="navigation-map\.js"><\/script>/, (m) => `${scriptTag(CLEAN_URL_SCRIPT)}\n  ${m}`, '<script src="navigation-map.js">');
}

/**
 * The root index.html with its <noscript> linking each language's first page at its clean URL.
 * choices: [{ htmlLang, name, title, href }], heading: text.
 */
function rootDocument(template, { heading, choices }) {
  const items = choices.map((c) => `      <li lang="${escapeHtml(c.htmlLang)}"><a href="${escapeHtml(c.href)}" hreflang="${escapeHtml(c.htmlLang)}">${escapeHtml(c.name)}: ${escapeHtml(c.title)}</a></li>`);
  const noscript = [
    '<noscript>',
    '    <div class="prerendered-chooser markdown-section">',
    `      <h1>${escapeHtml(heading)}</h1>`,
    '      <ul>',
    ...items,
    '      </ul>',
    '    </div>',
    '  </noscript>',
  ].join('\n');
  // (Without JavaScript, prerender.css, in the site's stylesheet bundle, hides the "Loading" box.)
  return replaceOnce(template, /<noscript>[\s\S]*?<\/noscript>/, () => noscript, '<noscript> in <body>');
}

/**
 * 404.html. basePath: the path the site is served from ("/drogon-docs/"); csp: the site's policy;
 * stylesheets: site paths; notices: [{ htmlLang, title, body, linkText, href }].
 */
function notFoundDocument({ basePath, csp, stylesheets, notices }) {
  const sections = notices.map((n) => [
    `      <section lang="${escapeHtml(n.htmlLang)}">`,
    `        <h1>${escapeHtml(n.title)}</h1>`,
    `        <p>${escapeHtml(n.body)} <a href="${escapeHtml(n.href)}" hreflang="${escapeHtml(n.htmlLang)}">${escapeHtml(n.linkText)}</a></p>`,
    '      </section>',
  ].join('\n'));
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(notices[0].htmlLang)}">`,
    '<head>',
    '  <meta charset="utf-8">',
    // Served for unknown paths at any depth: links and styles resolve from the site's own path.
    `  <base href="${escapeHtml(basePath)}">`,
    '  <meta name="viewport" content="width=device-width, initial-scale=1">',
    `  <meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">`,
    '  <meta name="robots" content="noindex">',
    `  <title>${escapeHtml(`${notices[0].title} · ${SITE_NAME}`)}</title>`,
    '  <link rel="icon" href="favicon.svg" type="image/svg+xml">',
    ...stylesheets.map((href) => `  <link rel="stylesheet" href="${escapeHtml(href)}">`),
    '</head>',
    '<body>',
    '  <div class="prerendered-chooser markdown-section">',
    ...sections,
    '  </div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The site's CSP, as index.html declares it (404.html keeps the same policy). */
function contentSecurityPolicy(template) {
  const m = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(template);
  if (!m) throw new Error('prerender: docs/site/index.html has no Content-Security-Policy meta tag');
  return m[1].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

/** The stylesheets index.html links (site paths), in order. */
function stylesheetsOf(template) {
  return [...template.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);
}

module.exports = { pageDocument, scriptsToPreload, rootDocument, notFoundDocument, contentSecurityPolicy, stylesheetsOf, SITE_NAME, CLEAN_URL_SCRIPT };
