#!/usr/bin/env node
// `npm run build`: generate (benchmarks body -> navigation blocks -> JB_TW conversion) in memory,
// validate (titles, link check), then write the changed ENG/ CHN/ JB_TW/ files atomically, then
// assemble site/. Nothing is written unless every stage succeeded.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { generatePages } = require('./generate-pages');
const { checkLinks, formatProblems } = require('./link-check/link-check');
const { writeFilesAtomic } = require('../../shared/src/fs-atomic');
const { assembleSite, PUBLISHED_RESULTS } = require('./assemble/assemble-site');
const { buildAliases } = require('./navigate/navigation');
const { prerenderSite } = require('./prerender/prerender-site');
const { searchFiles } = require('./search/search-files');
const { buildPageInfo } = require('./page-info/build-page-info');
const { inRepo, SITE_DIR } = require('../../shared/src/project-paths');
const { pageCodeLinks, linkDataPath, linkCheckFiles } = require('./code-links/page-links');

const repoRoot = path.join(__dirname, '..', '..');

// Every markdown file the site serves, for the link checker and the assembler.
function siteMarkdown(generated) {
  return new Map([...generated.files, ...generated.siteRoot]);
}

// The links of the names in the pages' code (docs/src/code-links/), computed once per generation.
function codeLinksOf(generated, root) {
  if (!generated.codeLinks) generated.codeLinks = pageCodeLinks({ manifest: generated.manifest, files: siteMarkdown(generated), codeNames: generated.codeNames || {}, root });
  return generated.codeLinks;
}

function linkCheckGenerated(generated, root) {
  const languageDirs = generated.manifest.languages.map((l) => l.dir);
  return checkLinks({
    // The pages, and every page's code links as links of their own (a name must lead to an entry that exists).
    files: new Map([...siteMarkdown(generated), ...linkCheckFiles(codeLinksOf(generated, root).pages)]),
    aliases: buildAliases(generated.manifest),
    // Non-markdown targets: images copied from the language folders, and the published results JSON.
    assetExists: (rel) => (rel === PUBLISHED_RESULTS && generated.resultsPath !== null)
      || (languageDirs.includes(rel.split('/')[0]) && fs.existsSync(path.join(root, rel)) && fs.statSync(path.join(root, rel)).isFile()),
  });
}

/**
 * options: root (repository), siteDir (default <root>/site), writeSources (default true: update the
 * committed ENG/ CHN/ JB_TW/ files; false: only assemble the site from memory), quiet, converter,
 * resultsPath. Returns a summary; throws on any problem before anything is written.
 */
async function buildSite(options = {}) {
  const started = process.hrtime.bigint();
  const root = options.root || repoRoot;
  const siteDir = options.siteDir || inRepo(SITE_DIR, root);
  const writeSources = options.writeSources !== false;
  const log = options.quiet ? () => {} : (line) => console.log(line);

  const generated = generatePages({ root, converter: options.converter, resultsPath: options.resultsPath });
  log(`generate: ${generated.manifest.pages.length} pages x ${generated.manifest.languages.length} languages, ${generated.files.size} files (${Object.entries(generated.timings).map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')})`);

  const problems = linkCheckGenerated(generated, root);
  if (problems.length) {
    throw new Error(`link check: ${problems.length} broken link(s) or anchor(s); nothing was written:\n${formatProblems(problems)}`);
  }
  log(`link check: ${siteMarkdown(generated).size} files, no broken links or anchors`);
  const codeLinks = codeLinksOf(generated, root);
  const { summary } = codeLinks;
  log(`code links: ${summary.linked} names linked on ${summary.pages} pages (${Object.entries(summary.byOrigin).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}); `
    + `${summary.unresolved} name(s) clang could not resolve (docs/guide/code-names.json "unresolved"); `
    + `${summary.stale} shown line(s) not in the record${summary.stale ? ' (stale: run `npm run code-names`)' : ''}`);

  // Edit links, last-updated dates (git history) and translation status, for site/ only (computed
  // before anything is written: a bad docs/translations.json stops the build here).
  const pageInfo = buildPageInfo({ root, manifest: generated.manifest });
  for (const note of pageInfo.notes) log(`page info: ${note}`);

  let written = [];
  if (writeSources) {
    const changed = [];
    for (const [rel, content] of generated.files) {
      const target = path.join(root, rel);
      let current = null;
      try { current = fs.readFileSync(target, 'utf8'); } catch { /* new file */ }
      if (current !== content) changed.push({ path: target, content, rel });
    }
    writeFilesAtomic(changed);
    written = changed.map((c) => c.rel);
    log(written.length ? `write: ${written.length} file(s) updated: ${written.join(', ')}` : `write: all ${generated.files.size} files already up to date`);
  }

  const languageDirs = generated.manifest.languages.map((l) => l.dir);
  const markdown = siteMarkdown(generated);
  const search = await searchFiles({ manifest: generated.manifest, files: markdown });
  let prerendered = 0;
  // HTML at clean URLs (prerender) and the search files, written into site/ with the rest.
  const derivedFiles = ({ indexHtml, siteFile }) => {
    const pages = prerenderSite({ manifest: generated.manifest, ui: generated.ui, files: markdown, aliases: buildAliases(generated.manifest), template: indexHtml, codeLinks: codeLinks.pages, siteFile });
    prerendered = [...pages.keys()].filter((rel) => rel.endsWith('/index.html')).length;
    const linkData = [...codeLinks.pages.values()].map((d) => [linkDataPath(d.route), `${JSON.stringify({ blocks: d.blocks, targets: d.targets })}\n`]);
    return new Map([...pages, ...search, ...linkData]);
  };
  const { fileCount, warnings } = assembleSite({
    siteDir, files: markdown, navigationMap: generated.navigationMap, languageDirs, root, resultsPath: generated.resultsPath, derivedFiles,
    pageInfo: pageInfo.info,
  });
  for (const w of warnings) log(`warning: ${w}`);
  log(`prerender: ${prerendered} pages as HTML at clean URLs, sitemap.xml, 404.html; search: ${search.size} files`);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  log(`assemble: ${path.relative(process.cwd(), siteDir) || siteDir}/ (${fileCount} files, docsify ${require('../../node_modules/docsify/package.json').version}, Chart.js ${require('../../node_modules/chart.js/package.json').version})`);
  log(`build: done in ${ms.toFixed(0)} ms`);
  return { generated, written, siteDir, warnings, ms };
}

if (require.main === module) {
  buildSite().catch((err) => {
    console.error(`build failed: ${err.message}`);
    process.exit(1);
  });
}

module.exports = { buildSite, linkCheckGenerated, siteMarkdown };
