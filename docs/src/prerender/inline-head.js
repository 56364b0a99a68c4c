// A prerendered page carries what holds back its first paint inside its own HTML: the head's
// render-blocking stylesheets (those without a media attribute) become <style> elements and the head's
// scripts <script> elements, with their SHA-256 hashes added to the page's Content-Security-Policy
// (style-src, script-src), which still allows no other inline style or script. Each one was a request
// the browser made only once it had parsed the head, and the first frame waited for the last of them:
// inline, the verdict table of the Benchmarks page was on screen about 25 ms sooner (interleaved
// loads, 2-core machine). A reader arrives on one such page and docsify shows every page after it without loading
// another document, so nothing is lost to caching. The root index.html and 404.html keep their links.
'use strict';
const crypto = require('node:crypto');
const { escapeHtml } = require('../../../shared/src/escape');
const { contentSecurityPolicy } = require('./page-html');

const CSP_META = /<meta http-equiv="Content-Security-Policy" content="[^"]+">/;

const hashSource = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

// The policy with sources added to its directives: { 'style-src': [...], 'script-src': [...] }.
function withSources(policy, added) {
  const directives = policy.split(';').map((d) => d.trim()).filter(Boolean);
  for (const [name, sources] of Object.entries(added)) {
    if (!sources.length) continue;
    const at = directives.findIndex((d) => d.split(/\s+/)[0] === name);
    if (at < 0) throw new Error(`prerender: the Content-Security-Policy of docs/site/index.html has no ${name} to allow the inline head`);
    directives[at] = `${directives[at]} ${sources.join(' ')}`;
  }
  return directives.join('; ');
}

/**
 * template: the assembled index.html; siteFile(rel): the text of a file of the assembled site.
 * Returns the template with its head's render-blocking stylesheets and scripts inline and its policy
 * allowing exactly those. Throws naming the file when one cannot sit inside its element.
 */
function inlineHead(template, siteFile) {
  const headEnd = template.indexOf('</head>');
  if (headEnd < 0) throw new Error('prerender: docs/site/index.html has no </head>');
  const added = { 'style-src': [], 'script-src': [] };
  const inline = (rel, tag) => {
    const text = siteFile(rel).replace(/\r\n?/g, '\n');
    if (new RegExp(`</${tag}`, 'i').test(text)) throw new Error(`prerender: ${rel} contains "</${tag}", so it cannot be inlined in a <${tag}> element`);
    added[tag === 'style' ? 'style-src' : 'script-src'].push(hashSource(text));
    return `<${tag}>${text}</${tag}>`;
  };
  let head = template.slice(0, headEnd)
    .replace(/<link rel="stylesheet" href="([^"]+)">/g, (m, href) => inline(href, 'style'))
    .replace(/<script src="([^"]+)"><\/script>/g, (m, src) => inline(src, 'script'));
  const policy = withSources(contentSecurityPolicy(head), added);
  head = head.replace(CSP_META, () => `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy)}">`);
  return head + template.slice(headEnd);
}

module.exports = { inlineHead, hashSource };
