// The API reference stage, as generate-pages.js calls it, after the guide's code blocks are expanded:
// reads the record of the guide's code names (docs/guide/code-names.json), finds which chapters use
// each declaration (from the expanded pages), and renders the reference pages' bodies in every
// language (zh-TW converted from zh-CN, like every page).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { loadRecord, RECORD_PATH } = require('../code-names/record-file');
const { blockNames, sourceReader } = require('../code-names/shown-names');
const { loadGuideConfig } = require('../guide/code-blocks');
const { loadPagesConfig, referenceEntries } = require('./entries');
const { renderReferencePages, loadStrings } = require('./render');

const GENERATOR = 'api-reference';

/**
 * Which pages' code uses each declaration: Map<declaration id, Set<page id>>, from the pages' bodies
 * in the first language (the code is the same in every language).
 */
function declarationUsage({ manifest, bodies, record, readSource, root, guideConfig }) {
  const usage = new Map();
  const first = manifest.languages[0].code;
  for (const page of manifest.pages) {
    const body = bodies[page.id] && bodies[page.id][first];
    if (typeof body !== 'string' || !/guide:(?:code|changes)/.test(body)) continue;
    for (const block of blockNames(body, { record, readSource, root, config: guideConfig, where: page.entries[first].relPath })) {
      for (const [, , id] of block.links) {
        if (!usage.has(id)) usage.set(id, new Set());
        usage.get(id).add(page.id);
      }
    }
  }
  return usage;
}

/**
 * Fills bodies[page][code] of the reference pages. Returns { active, record, reference, usage } for
 * the later stages (the links in the code need the entries' anchors); problems go to `problems`.
 */
function renderReferenceBodies({ root, manifest, bodies, converter, problems }) {
  const pages = manifest.pages.filter((p) => p.generatedBy === GENERATOR);
  let record;
  try {
    record = loadRecord(root);
  } catch (err) {
    problems.push(err.message);
    return { active: false };
  }
  if (pages.length === 0) return { active: false, record };
  if (!record) {
    problems.push(`${RECORD_PATH}: missing; the API reference pages are made from it (run \`npm run code-names\`)`);
    return { active: false };
  }
  const authored = manifest.languages.filter((l) => l.derivedFrom === null);
  const derived = manifest.languages.filter((l) => l.derivedFrom !== null);
  try {
    const readSource = sourceReader(root);
    const config = loadPagesConfig(root, manifest);
    const reference = referenceEntries(record, config);
    const usage = declarationUsage({ manifest, bodies, record, readSource, root, guideConfig: fs.existsSync(path.join(root, 'docs', 'guide', 'guide.json')) ? loadGuideConfig(root) : null });
    const strings = loadStrings(root, authored.map((l) => l.code));
    const byId = new Map(manifest.pages.map((p) => [p.id, p]));
    for (const lang of authored) {
      const rendered = renderReferencePages({
        root, code: lang.code, strings: strings[lang.code], reference, config, declarations: record.declarations, usage,
        pageRoute: (id) => byId.get(id).entries[lang.code].route,
        pageTitle: (id) => byId.get(id).entries[lang.code].title,
        pageOrder: (id) => byId.get(id).order,
      });
      for (const page of pages) {
        if (!rendered.has(page.id)) throw new Error(`docs/api-reference/pages.json: does not place reference page "${page.id}" of the manifest`);
        bodies[page.id][lang.code] = rendered.get(page.id);
      }
    }
    for (const lang of derived) {
      for (const page of pages) bodies[page.id][lang.code] = converter.convertMarkdown(bodies[page.id][lang.derivedFrom]);
    }
    return { active: true, record, reference, usage };
  } catch (err) {
    problems.push(err.message);
    return { active: false };
  }
}

module.exports = { renderReferenceBodies, declarationUsage, GENERATOR, templatePath: (pageId, code) => path.posix.join('docs', 'api-reference', `${pageId}.${code}.md`) };
