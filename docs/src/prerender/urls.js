// Clean URLs of the prerendered pages. A docsify route /ENG/Overview is served without JavaScript at
// the folder ENG/Overview/ (site/ENG/Overview/index.html): a URL every static host serves as it is
// (GitHub Pages and nginx redirect ENG/Overview to ENG/Overview/), and a depth that is the same for
// every page, so a page's <base href="../../"> points at the site root wherever the site is mounted.
'use strict';

function assertRoute(route) {
  if (typeof route !== 'string' || !/^\/[^/]/.test(route) || route.endsWith('/') || route.includes('//')) {
    throw new Error(`prerender: "${route}" is not a page route (/<DIR>/<file>)`);
  }
}

/** "/CHN/概述" -> "CHN/%E6%A6%82%E8%BF%B0/": the page's URL relative to the site root (percent-encoded). */
function cleanPath(route) {
  assertRoute(route);
  return `${route.slice(1).split('/').map(encodeURIComponent).join('/')}/`;
}

/** "/CHN/概述" -> "CHN/概述/index.html": where the prerendered page is written under site/. */
function pageFile(route) {
  assertRoute(route);
  return `${route.slice(1)}/index.html`;
}

/** The relative path from a page's folder back to the site root: "../../" for /ENG/Overview. */
function rootFrom(route) {
  assertRoute(route);
  return '../'.repeat(route.slice(1).split('/').length);
}

/** The absolute URL of a site path ("" for the root) under the configured base URL. */
function absoluteUrl(baseUrl, sitePath) {
  return new URL(sitePath, baseUrl).href;
}

module.exports = { cleanPath, pageFile, rootFrom, absoluteUrl };
