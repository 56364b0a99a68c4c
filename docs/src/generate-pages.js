// The generate stage, in memory: reads the authored page bodies (ENG, CHN), renders the Benchmarks
// body from the results file (RESULTS_FILE), derives JB_TW from CHN by conversion, adds the navigation
// blocks and sidebars from the manifest. Returns every file's content; writes nothing, so build.js
// writes only after everything validated and check.js compares against the committed files.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { loadManifest } = require('./navigate/manifest');
const { loadUiStrings } = require('./navigate/ui-strings');
const nav = require('./navigate/navigation');
const guide = require('./guide/guide-bodies');
const { fillBenchParts } = require('./benchmarks/methodology');
const { readBenchSettings } = require('./benchmarks/bench-settings');
const { checkResultsSize } = require('../../shared/src/results-file');
const { loadHistory } = require('../../shared/src/results-history');
const { inRepo, RESULTS_FILE, HISTORY_DIR, MANIFEST_FILE } = require('../../shared/src/project-paths');
const { renderBenchmarkPages } = require('./benchmarks/render');
const { renderReferenceBodies, GENERATOR: REFERENCE_GENERATOR } = require('./api-reference/reference-bodies');

// The Benchmarks string table of a language: the generated parts of authored pages use its words and number formats.
function benchmarkStrings(code) {
  return JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'benchmarks', `strings.${code}.json`), 'utf8'));
}

const repoRoot = path.join(__dirname, '..', '..');

class GenerateError extends Error {
  constructor(problems) {
    super(`generate: ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'GenerateError';
    this.problems = problems;
  }
}

// The results file: parsed, and the sha256 of its bytes (the pages show it; the site publishes those
// bytes). A file too large to be a results file is not parsed at all; its size limit proper is checked
// after the schema (renderBenchmarkBodies), so an oversized field is named by its path first.
function readResults(resultsPath, root) {
  const shown = path.relative(root, resultsPath);
  let bytes;
  try {
    bytes = fs.readFileSync(resultsPath);
  } catch (err) {
    throw new Error(`benchmarks: cannot read ${shown} (run \`npm run bench\` to produce it): ${err.code || err.message}`);
  }
  checkResultsSize(bytes.length, `benchmarks: ${shown}`, { parse: true });
  try {
    return { results: JSON.parse(bytes.toString('utf8')), sha256: crypto.createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length, shown };
  } catch (err) {
    throw new Error(`benchmarks: ${shown} is not valid JSON: ${err.message}`);
  }
}

// Renders the bodies of the generated pages { [generatedBy]: { [code]: markdown } } for the authored
// languages from the results file read by readResults. The generator and the history loader are code of this checkout; root only moves the data
// (pages, manifest, results, history), so tests can run the stage on a temp copy of the content.
function renderBenchmarkBodies({ root, source, authoredCodes, routes }) {
  const { results, sha256, bytes, shown } = source;
  const history = loadHistory(inRepo(HISTORY_DIR, root));
  const bodies = renderBenchmarkPages({ results, resultsSha256: sha256, routes, history });
  checkResultsSize(bytes, `benchmarks: ${shown}`);
  for (const [page, byLang] of Object.entries(bodies)) {
    for (const code of authoredCodes) {
      if (typeof byLang?.[code] !== 'string' || byLang[code].trim() === '') {
        throw new Error(`benchmarks: renderBenchmarkPages returned no ${code} body for ${page}`);
      }
    }
  }
  return bodies;
}

/**
 * options: root (repository root; pages are read from <root>/<DIR>/), manifestPath, uiStringsPath,
 * resultsPath, converter ({ convertText, convertMarkdown }; default docs/src/convert/zh-tw.js).
 * Returns { manifest, ui, files: Map<relPath, content>, bodies, navigationMap, siteRoot: Map, timings,
 * codeNames (the record of the guide's code names and the API reference's entries, for the links in the code),
 * resultsPath (the results file the generated pages describe, which the site publishes; null without such pages) }.
 * Throws GenerateError listing every problem found (missing pages, title mismatches, bad blocks).
 */
function generatePages(options = {}) {
  const root = options.root || repoRoot;
  const timings = {};
  const time = (name, fn) => { const t = process.hrtime.bigint(); const r = fn(); timings[name] = Number(process.hrtime.bigint() - t) / 1e6; return r; };
  const converter = options.converter || require('./convert/zh-tw.js');
  const manifest = time('manifest', () => loadManifest({ manifestPath: options.manifestPath || inRepo(MANIFEST_FILE, root), converter }));
  const ui = loadUiStrings(manifest, { uiStringsPath: options.uiStringsPath || path.join(root, 'docs', 'ui-strings.json'), converter });
  const authored = manifest.languages.filter((l) => l.derivedFrom === null);
  const derived = manifest.languages.filter((l) => l.derivedFrom !== null);
  const problems = [];

  // 1. Bodies of the authored languages: generated (benchmarks) or read from the page file.
  const bodies = {};
  let generatedBodies = null;
  // The results file the generated pages describe: the subjects read it (the pages, and the parts of
  // Methodology that quote it) as their ctx.results.
  let results = null;
  // Generated from the results (benchmarks, the front page); the API reference is rendered after the
  // guide's code blocks (3b), from the record of their names.
  const generatedPages = manifest.pages.filter((p) => p.generatedBy && p.generatedBy !== REFERENCE_GENERATOR);
  if (generatedPages.length) {
    // Routes of every page by id: the generated pages link to each other and to authored pages.
    const routes = Object.fromEntries(manifest.pages.map((p) => [p.id,
      Object.fromEntries(authored.map((l) => [l.code, p.entries[l.code].route]))]));
    generatedBodies = time('benchmarks', () => {
      const source = readResults(options.resultsPath || inRepo(RESULTS_FILE, root), root);
      results = source.results;
      return renderBenchmarkBodies({ root, source, authoredCodes: authored.map((l) => l.code), routes });
    });
  }
  let settings = null;
  const benchSettingsOnce = () => { settings = settings || readBenchSettings(root); return settings; };
  time('read', () => {
    for (const page of manifest.pages) {
      bodies[page.id] = {};
      for (const lang of authored) {
        const entry = page.entries[lang.code];
        if (page.generatedBy === REFERENCE_GENERATOR) continue;
        if (page.generatedBy) {
          const generated = generatedBodies[page.generatedBy];
          if (!generated) throw new Error(`benchmarks: docs/src/benchmarks/render.js does not generate "${page.generatedBy}" (page "${page.id}" of the manifest)`);
          bodies[page.id][lang.code] = generated[lang.code].trim();
          continue;
        }
        let text;
        try {
          text = fs.readFileSync(path.join(root, entry.relPath), 'utf8');
        } catch (err) {
          problems.push(`${entry.relPath}: missing (page "${page.id}" of ${manifest.source}): ${err.code || err.message}`);
          continue;
        }
        try {
          // Parts that quote bench/scenarios.json (Methodology) are regenerated, in the page's language.
          bodies[page.id][lang.code] = fillBenchParts(nav.splitPage(text, entry.relPath).body, {
            strings: benchmarkStrings(lang.code), where: entry.relPath, getSettings: benchSettingsOnce, results,
          });
        } catch (err) {
          problems.push(err.message);
        }
      }
    }
  });

  // 1b. Guide: generated code blocks back to their directive lines (expanded again in 2b, after the
  // conversion, so code never passes through it); guide pages checked for typed code.
  const guideContext = time('guide', () => guide.collapseGuideBodies({ root, manifest, bodies, authored, problems }));

  // 2. Derived languages: conversion of the source language's body.
  time('convert', () => {
    for (const page of manifest.pages) {
      for (const lang of derived) {
        const source = bodies[page.id][lang.derivedFrom];
        if (source === undefined) continue; // already reported
        try {
          bodies[page.id][lang.code] = converter.convertMarkdown(source);
        } catch (err) {
          problems.push(`${page.entries[lang.code].relPath}: converting ${page.entries[lang.derivedFrom].relPath} failed: ${err.message}`);
        }
      }
    }
  });

  // 2b. Guide: code blocks from examples/guide/ and the tested-with note, in every language.
  time('guideExpand', () => guide.expandGuideBodies(guideContext, { root, manifest, bodies, converter, problems }));

  // 2c. API reference: its pages from the record of the guide's code names, with the chapters that use each entry.
  const codeNames = time('apiReference', () => renderReferenceBodies({ root, manifest, bodies, converter, problems }));

  // 3. Titles, then navigation blocks and sidebars.
  const files = new Map();
  time('navigation', () => {
    for (const page of manifest.pages) {
      for (const lang of manifest.languages) {
        const body = bodies[page.id][lang.code];
        if (body === undefined) continue;
        const entry = page.entries[lang.code];
        const titleProblem = nav.checkTitle(body, entry.title);
        if (titleProblem) {
          const origin = page.generatedBy === REFERENCE_GENERATOR ? ' (body generated by docs/src/api-reference/render.js)'
            : page.generatedBy ? ' (body generated by docs/src/benchmarks/render.js)'
            : lang.derivedFrom ? ` (converted from ${page.entries[lang.derivedFrom].relPath})` : '';
          problems.push(`${entry.relPath}${origin}: ${titleProblem}`);
        }
        files.set(entry.relPath, nav.assemblePage(
          nav.renderHeaderBlock(manifest, ui, page.id, lang.code), body,
          nav.renderFooterBlock(manifest, ui, page.id, lang.code)));
      }
    }
    for (const lang of manifest.languages) files.set(`${lang.dir}/_sidebar.md`, nav.renderSidebar(manifest, lang.code));
  });
  if (problems.length) throw new GenerateError(problems);

  const siteRoot = new Map([
    ['README.md', nav.renderLanguageChooser(manifest, ui)],
    ['_sidebar.md', nav.renderRootSidebar(manifest)],
  ]);
  const navigationMap = time('navigationMap', () => nav.buildNavigationMap(manifest, ui, bodies));
  const resultsPath = generatedPages.length ? (options.resultsPath || inRepo(RESULTS_FILE, root)) : null;
  return { manifest, ui, files, bodies, navigationMap, siteRoot, timings, resultsPath, codeNames };
}

module.exports = { generatePages, GenerateError };
