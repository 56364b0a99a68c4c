#!/usr/bin/env node
// docsify-aware link checker. Resolves every markdown link the way docsify 5 does with our config
// (hash router, relativePath: false, alias), and checks ?id= / # anchors against heading slugs made
// with docsify 5's rules (docs/src/docsify/slug.js) from headings lexed by docsify's own marked build.
//
//   node docs/src/link-check/link-check.js     checks the committed ENG/, CHN/, JB_TW/ pages and sidebars
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { lexMarkdown } = require('../docsify/docsify-runtime');
const { lineNumbers } = require('../../../shared/src/line-numbers');
const { extractHeadings } = require('../docsify/slug');

const externalScheme = /^(https?:|mailto:|ftp:|tel:)/i;

// docsify: a route ending in "/" is that folder's README; ".md"/".html" kept; otherwise ".md" added.
function routeToFile(route, aliases = {}) {
  const aliased = Object.prototype.hasOwnProperty.call(aliases, route) ? aliases[route] : route;
  if (aliased.endsWith('/')) return `${aliased.slice(1)}README.md`;
  if (/\.(md|html)$/.test(aliased)) return aliased.slice(1);
  return `${aliased.slice(1)}.md`;
}

function fileToRoute(relPath) {
  const name = relPath.replace(/\\/g, '/');
  if (/(^|\/)README\.md$/.test(name)) return `/${name.replace(/README\.md$/, '')}`;
  return `/${name.replace(/\.md$/, '')}`;
}

// Resolves "." and ".." the way the browser does when docsify fetches the file.
function resolveDots(route) {
  const out = [];
  const segments = route.split('/').slice(1);
  segments.forEach((seg, i) => {
    if (seg === '..') out.pop();
    else if (seg !== '.') out.push(seg);
    else if (i === segments.length - 1) out.push('');
  });
  return `/${out.join('/')}`;
}

/**
 * Resolves one link href as docsify 5 does for a page at currentRoute.
 * Returns { external: true } | { error } | { route, file, id } (id null when none).
 */
function resolveLink(href, currentRoute, aliases = {}) {
  if (externalScheme.test(href) || href.startsWith('//')) return { external: true };
  if (/[:]|\/\//.test(href)) {
    return { error: 'docsify treats a link containing ":" or "//" as external; it would not open the page inside the site' };
  }
  let pathPart;
  let query = '';
  if (href.startsWith('#')) {
    pathPart = currentRoute;
    query = `id=${href.slice(1)}`;
  } else {
    const replaced = href.replace('#', '?id='); // docsify's replaceSlug: first "#" only
    const q = replaced.indexOf('?');
    pathPart = q >= 0 ? replaced.slice(0, q) : replaced;
    query = q >= 0 ? replaced.slice(q + 1) : '';
    pathPart = pathPart.replace(/\.md$/, '');
    if (pathPart === '') pathPart = currentRoute; // "?id=x": same page
    if (!pathPart.startsWith('/')) pathPart = `/${pathPart}`; // relativePath: false -> from the site root
    pathPart = resolveDots(pathPart.replace(/\/{2,}/g, '/'));
  }
  let id = null;
  for (const param of query.split('&')) {
    if (!param) continue;
    const [key, ...rest] = param.replace(/\+/g, ' ').split('=');
    if (key !== 'id' || rest.length === 0) continue;
    try {
      id = decodeURIComponent(rest.join('='));
    } catch {
      return { error: `malformed percent-encoding in anchor "${rest.join('=')}"` };
    }
    // docsify lowercases "id=value" when it builds the link (stringifyQuery): only ASCII letters
    // change, because the value is percent-encoded first.
    id = id.replace(/[A-Z]/g, (c) => c.toLowerCase());
  }
  let route;
  try {
    route = decodeURIComponent(pathPart);
  } catch {
    return { error: `malformed percent-encoding in path "${pathPart}"` };
  }
  return { route, file: routeToFile(route, aliases), id };
}

// Every link and image in a markdown text, in order, with its line: [{ kind, href, line }]
// (kind: 'link', 'image', 'html-link', or 'ignored-link' for a docsify ':ignore' link).
function collectLinks(markdown) {
  const found = [];
  const lineAt = lineNumbers(markdown);
  let cursor = 0;
  const record = (token, kind, fromIndex) => {
    const at = token.raw ? markdown.indexOf(token.raw, fromIndex) : -1;
    // docsify's link options sit in the title: ':ignore' leaves the href as it is (a file, not a route).
    const ignored = kind === 'link' && typeof token.title === 'string' && /(^|\s):ignore(\s|$)/.test(token.title);
    found.push({ kind: ignored ? 'ignored-link' : kind, href: token.href, line: lineAt(at >= 0 ? at : fromIndex), text: token.text });
    return at >= 0 ? at + token.raw.length : fromIndex;
  };
  const visit = (tokens, start) => {
    let pos = start;
    for (const token of tokens || []) {
      if (token.type === 'html' && token.raw) {
        // Raw HTML links: docsify does not rewrite them (see checkLinks).
        const at = markdown.indexOf(token.raw, pos);
        const base = at >= 0 ? at : pos;
        for (const m of token.raw.matchAll(/<a\s[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
          found.push({ kind: 'html-link', href: m[1] ?? m[2], line: lineAt(base + m.index), text: '' });
        }
        if (at >= 0) pos = at + token.raw.length;
        continue;
      }
      if (token.type === 'link' || token.type === 'image') {
        pos = record(token, token.type, pos);
        if (token.type === 'link') visit(token.tokens, pos);
        continue;
      }
      const at = token.raw ? markdown.indexOf(token.raw, pos) : -1;
      const inner = at >= 0 ? at : pos;
      visit(token.tokens, inner);
      if (token.type === 'list') for (const item of token.items) visit(item.tokens, inner);
      if (token.type === 'table') {
        for (const cell of token.header) visit(cell.tokens, inner);
        for (const row of token.rows) for (const cell of row) visit(cell.tokens, inner);
      }
      if (at >= 0 && !['list', 'blockquote'].includes(token.type)) pos = at + token.raw.length;
    }
  };
  for (const token of lexMarkdown(markdown)) {
    const at = token.raw ? markdown.indexOf(token.raw, cursor) : -1;
    visit([token], at >= 0 ? at : cursor);
    if (at >= 0) cursor = at + token.raw.length;
  }
  return found;
}

/**
 * files: Map<relPath, markdown> of every markdown file the site serves (pages, sidebars, root page).
 * aliases: docsify alias map (route -> route). assetExists(relPath): for links to non-markdown files.
 * Returns problems: [{ file, line, href, message }], sorted by file and line.
 */
function checkLinks({ files, aliases = {}, assetExists = () => false }) {
  const headingCache = new Map();
  const slugsOf = (relPath) => {
    if (!headingCache.has(relPath)) headingCache.set(relPath, extractHeadings(files.get(relPath)).map((h) => h.slug));
    return headingCache.get(relPath);
  };
  const problems = [];
  for (const [relPath, markdown] of files) {
    const isSidebar = /(^|\/)_sidebar\.md$/.test(relPath);
    const currentRoute = fileToRoute(relPath);
    for (const { href, line, kind } of collectLinks(markdown)) {
      const report = (message) => problems.push({ file: relPath, line, href, message });
      if (typeof href !== 'string' || href.trim() === '') { report(`empty ${kind} target`); continue; }
      if (isSidebar && href.startsWith('#')) { report('a same-page anchor in a sidebar depends on the page shown; link to /<DIR>/<page>?id=... instead'); continue; }
      if (kind === 'html-link') {
        if (externalScheme.test(href) || href.startsWith('//')) continue;
        if (!href.startsWith('#/')) { report('a raw HTML <a href> is not rewritten by docsify: write a markdown link, or href="#/<DIR>/<page>"'); continue; }
      }
      if (kind === 'ignored-link') {
        // Not routed: the browser resolves it against the site root (index.html), so it must be a file there.
        if (externalScheme.test(href) || href.startsWith('//')) continue;
        let assetPath;
        try { assetPath = decodeURIComponent(resolveDots(`/${href.replace(/^\//, '').replace(/[?#].*$/, '')}`).slice(1)); } catch { report('malformed percent-encoding in link'); continue; }
        if (!assetExists(assetPath)) report(`no file ${assetPath} in the site (an ':ignore' link is not routed)`);
        continue;
      }
      const target = resolveLink(kind === 'html-link' ? href.slice(1) : href, currentRoute, aliases);
      if (target.external) continue;
      if (target.error) { report(target.error); continue; }
      if (kind === 'image') {
        // docsify resolves a relative image against the page's folder (links: against the site root).
        const src = href.replace(/[?#].*$/, '');
        const parent = currentRoute.slice(0, currentRoute.lastIndexOf('/') + 1);
        let assetPath;
        try { assetPath = decodeURIComponent(resolveDots(src.startsWith('/') ? src : parent + src).slice(1)); } catch { report('malformed percent-encoding in image path'); continue; }
        if (!assetExists(assetPath)) report(`no file ${assetPath} in the site`);
        continue;
      }
      if (!target.file.endsWith('.md')) {
        if (!assetExists(target.file)) report(`no file ${target.file} in the site`);
        continue;
      }
      if (!files.has(target.file)) { report(`no page ${target.file} (route ${target.route})`); continue; }
      if (target.id !== null) {
        const slugs = slugsOf(target.file);
        if (!slugs.includes(target.id)) {
          const known = slugs.length ? slugs.slice(0, 12).join(', ') + (slugs.length > 12 ? ', ...' : '') : '(none)';
          report(`no heading with id "${target.id}" in ${target.file} (its heading ids: ${known})`);
        }
      }
    }
  }
  return problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
}

function formatProblems(problems) {
  return problems.map((p) => `${p.file}:${p.line}: ${p.message}  [link: ${p.href}]`).join('\n');
}

// Reads the committed markdown of the language folders listed in the manifest (and any extra files).
function readCommittedFiles(root, dirs) {
  const files = new Map();
  for (const dir of dirs) {
    let names = [];
    try { names = fs.readdirSync(path.join(root, dir)); } catch { continue; }
    for (const name of names.sort()) {
      if (name.endsWith('.md')) files.set(`${dir}/${name}`, fs.readFileSync(path.join(root, dir, name), 'utf8'));
    }
  }
  return files;
}

function main() {
  const root = path.join(__dirname, '..', '..', '..');
  const { loadManifest } = require('../navigate/manifest');
  const { buildAliases } = require('../navigate/navigation');
  const manifest = loadManifest();
  const files = readCommittedFiles(root, manifest.languages.map((l) => l.dir));
  const problems = checkLinks({
    files, aliases: buildAliases(manifest),
    assetExists: (rel) => fs.existsSync(path.join(root, rel)) && fs.statSync(path.join(root, rel)).isFile(),
  });
  if (problems.length) {
    console.error(`link check: ${problems.length} broken link(s) or anchor(s):\n${formatProblems(problems)}`);
    process.exit(1);
  }
  console.log(`link check: ${files.size} files, no broken links or anchors`);
}

if (require.main === module) main();

module.exports = { checkLinks, collectLinks, resolveLink, routeToFile, fileToRoute, formatProblems, readCommittedFiles };
