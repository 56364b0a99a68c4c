// The links in each page's C++ code, from the record of the guide's code names and the API
// reference's anchors: per page, per block (by its key), [start, length, target] for every name that
// has somewhere to go, and the page's targets: a Drogon or trantor name goes to its entry in the
// reference (in the page's language), a standard name to cppreference, the example's own name to its
// definition in the repository. A local variable or parameter, a name of another library and a name
// clang could not resolve stay plain text. The prerender links the HTML with it; the site serves it
// as code-links/<DIR>/<file>.json for docsify (plugins/code-links.js), with each target's signature
// for the tooltip.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { blockNames, sourceReader } = require('../code-names/shown-names');
const { LOCAL_KINDS } = require('../code-names/declarations');
const { repositoryUrl } = require('../guide/example-folder');
const { loadGuideConfig } = require('../guide/code-blocks');

const HAS_CPP_BLOCK = /^[ \t>]*(?:`{3,}|~{3,})[ \t]*(?:cpp|diff)\b/m;

/** The site path of a page's link data: "/ENG/Quick-Start" -> "code-links/ENG/Quick-Start.json". */
function linkDataPath(route) {
  return `code-links${route}.json`;
}

// Where a declaration's name links to, in one language: { r: route, i: anchor } or { u: url }, or null.
function targetOf(decl, id, { code, manifest, codeNames, repository }) {
  const { reference } = codeNames;
  if (decl.origin === 'drogon' || decl.origin === 'trantor') {
    if (!reference) return null;
    let place = null;
    if (decl.kind === 'namespace') {
      const anchor = reference.namespaces.get(decl.qualified);
      if (anchor) place = { page: reference.indexPage, anchor };
    } else {
      place = reference.anchorOf.get(id) || null;
    }
    if (!place) return null;
    const page = manifest.pages.find((p) => p.id === place.page);
    return { r: page.entries[code].route, i: place.anchor };
  }
  if (decl.origin === 'std') return decl.url ? { u: decl.url } : null;
  if (decl.origin === 'example' && !LOCAL_KINDS.has(decl.kind) && decl.file && decl.line) {
    return { u: `${repositoryUrl(repository, 'blob', decl.file)}#L${decl.line}` };
  }
  return null;
}

// What the tooltip says where the name is declared.
function whereOf(decl) {
  if (decl.origin === 'std') return decl.header ? `<${decl.header}>` : null;
  if (decl.origin === 'example') return `${decl.file}:${decl.line}`;
  return decl.file || null;
}

/**
 * The link data of every page with a C++ block, in every language: { pages: Map<relPath,
 * { blocks, targets }>, summary: { linked, byOrigin, stale, unresolved, pages } }. files: the site's
 * Markdown (pages expanded); codeNames: generate-pages' result (record, reference).
 */
function pageCodeLinks({ manifest, files, codeNames, root }) {
  const pages = new Map();
  const summary = { linked: 0, byOrigin: {}, stale: 0, unresolved: 0, pages: 0 };
  const { record } = codeNames;
  if (!record) return { pages, summary };
  const readSource = sourceReader(root);
  const config = fs.existsSync(path.join(root, 'docs', 'guide', 'guide.json')) ? loadGuideConfig(root) : null;
  const repository = manifest.repository;
  const firstCode = manifest.languages[0].code;
  for (const page of manifest.pages) {
    for (const lang of manifest.languages) {
      const entry = page.entries[lang.code];
      const markdown = files.get(entry.relPath);
      if (markdown === undefined || !HAS_CPP_BLOCK.test(markdown)) continue;
      const targets = [];
      const targetIndex = new Map();
      const blocks = {};
      for (const block of blockNames(markdown, { record, readSource, root, config, where: entry.relPath })) {
        const links = [];
        for (const [start, length, id] of block.links) {
          const decl = record.declarations[id];
          if (!targetIndex.has(id)) {
            const to = targetOf(decl, id, { code: lang.code, manifest, codeNames, repository });
            targetIndex.set(id, to ? targets.push({ n: decl.name, ...(decl.signature ? { s: decl.signature } : {}), ...(whereOf(decl) ? { w: whereOf(decl) } : {}), ...to }) - 1 : null);
          }
          const t = targetIndex.get(id);
          if (t === null) continue;
          links.push([start, length, t]);
          if (lang.code === firstCode) {
            summary.linked += 1;
            summary.byOrigin[decl.origin] = (summary.byOrigin[decl.origin] || 0) + 1;
          }
        }
        if (links.length && !blocks[block.key]) blocks[block.key] = links.sort((a, b) => a[0] - b[0]); // a block shown twice has one entry
        if (lang.code === firstCode) {
          summary.stale += block.stale;
          summary.unresolved += block.unresolved;
        }
      }
      pages.set(entry.relPath, { route: entry.route, blocks, targets });
      if (lang.code === firstCode) summary.pages += 1;
    }
  }
  return { pages, summary };
}

/**
 * The links of every page's code as Markdown of their own, for the link checker: Map<site path of the
 * page's link data, one [name](route?id=anchor) per line for every target on this site>.
 */
function linkCheckFiles(pages) {
  const files = new Map();
  for (const data of pages.values()) {
    const lines = data.targets.filter((t) => t.r).map((t) => `[${t.n.replace(/[\\[\]]/g, '\\$&')}](${t.r}${t.i ? `?id=${t.i}` : ''})`);
    if (lines.length) files.set(linkDataPath(data.route), `${lines.join('\n\n')}\n`);
  }
  return files;
}

module.exports = { pageCodeLinks, linkDataPath, linkCheckFiles, targetOf };
