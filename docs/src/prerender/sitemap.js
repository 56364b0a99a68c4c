// sitemap.xml (sitemaps.org 0.9): every page in every language at its clean URL, each with its
// hreflang alternates (Google's xhtml:link form) and an x-default pointing at the first language.
'use strict';
// HTML's escapes are XML's too (&#39; is a character reference).
const { escapeHtml: escapeXml } = require('../../../shared/src/escape');

/** entries: [{ loc, alternates: [{ hreflang, href }] }] -> the sitemap's text. */
function sitemapXml(entries) {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const { loc, alternates } of entries) {
    lines.push('  <url>', `    <loc>${escapeXml(loc)}</loc>`);
    for (const a of alternates) lines.push(`    <xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`);
    lines.push('  </url>');
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

module.exports = { sitemapXml };
