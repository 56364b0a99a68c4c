// The guide stage, as generate-pages.js calls it: collapse the authored bodies before the zh-TW
// conversion, expand every language's body after it (see code-blocks.js for why in that order).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const blocks = require('./code-blocks');
const { loadTestedWith } = require('./tested-with');
const { machinePathProblems } = require('./machine-paths');
const folder = require('./example-folder');

function isGuidePage(page, config) {
  return config.sections.has(page.section);
}

// A page without any guide marker and outside the guide sections needs nothing from this stage
// (and no guide data files), so content copies without docs/guide/ still generate.
function needsGuide(manifest, bodies, config) {
  if (config && manifest.pages.some((p) => isGuidePage(p, config))) return true;
  return manifest.pages.some((p) => Object.values(bodies[p.id] || {}).some((b) => typeof b === 'string' && /<!--\s*\/?guide:/.test(b)));
}

function loadConfigIfPresent(root) {
  return fs.existsSync(path.join(root, 'docs', 'guide', 'guide.json')) ? blocks.loadGuideConfig(root) : null;
}

/**
 * Step before conversion: each authored body loses its generated guide parts; guide pages are
 * checked for typed code. Returns the context expandGuideBodies needs. Problems go to `problems`.
 */
function collapseGuideBodies({ root, manifest, bodies, authored, problems }) {
  const config = loadConfigIfPresent(root);
  if (!needsGuide(manifest, bodies, config)) return { active: false };
  if (!config) {
    problems.push('docs/guide/guide.json: missing, but a page uses a guide:code block');
    return { active: false };
  }
  for (const page of manifest.pages) {
    for (const lang of authored) {
      const body = bodies[page.id][lang.code];
      if (body === undefined) continue;
      const where = page.entries[lang.code].relPath;
      try {
        bodies[page.id][lang.code] = blocks.collapseBody(body, where);
      } catch (err) {
        problems.push(err.message);
        continue;
      }
      if (isGuidePage(page, config)) problems.push(...blocks.checkTypedBlocks(bodies[page.id][lang.code], { config, where }));
    }
  }
  // Each guide page's chapter folder, from its English (first authored) body's directives.
  const folders = {};
  for (const page of manifest.pages) {
    const body = bodies[page.id][authored[0].code];
    if (!isGuidePage(page, config) || body === undefined) continue;
    try {
      folders[page.id] = folder.chapterFolder(page, body, config);
    } catch (err) {
      problems.push(err.message);
    }
  }
  return { active: true, config, folders };
}

// Where the folder note's "Installation" link goes, in each language.
function installationRoute(manifest, code) {
  const page = manifest.pages.find((p) => p.id === 'installation');
  if (!page || !page.entries[code]) throw new Error('docs/manifest.json: the guide\'s folder notes link to the "installation" page, which it does not list');
  return page.entries[code].route;
}

/** Step after conversion: every language's body gets its code blocks and, on guide pages, the
 *  tested-with note and the check that no path of the machine shows. */
function expandGuideBodies(context, { root, manifest, bodies, converter, problems }) {
  if (!context.active) return;
  const { config, folders } = context;
  const { repository } = manifest;
  let testedWith = null;
  const lines = {};
  if (manifest.pages.some((p) => isGuidePage(p, config))) {
    try {
      testedWith = loadTestedWith(root);
      for (const lang of manifest.languages) lines[lang.code] = blocks.testedWithText(config, lang.code, testedWith, converter.convertText);
    } catch (err) {
      problems.push(err.message);
      return;
    }
  }
  for (const page of manifest.pages) {
    for (const lang of manifest.languages) {
      const body = bodies[page.id][lang.code];
      if (body === undefined) continue;
      try {
        const where = page.entries[lang.code].relPath;
        const guidePage = isGuidePage(page, config);
        if (guidePage && !repository) throw new Error(`${where}: guide pages link to their files in the repository, and docs/manifest.json names none ("repository")`);
        const code = lang.code;
        const convertText = converter.convertText;
        let expanded = blocks.expandBody(body, {
          root, config, where,
          testedWithLine: guidePage ? lines[code] : null,
          captionFor: guidePage ? (directive) => folder.sourceCaption({ root, config, directive, code, repository, convertText }) : undefined,
        });
        if (guidePage && folders[page.id]) {
          const note = folder.folderNoteLines({ root, config, folder: folders[page.id], code, repository, installationRoute: installationRoute(manifest, code), convertText });
          expanded = folder.insertFolderNote(expanded, note, where);
        }
        bodies[page.id][lang.code] = expanded;
        // Outputs captured on a machine (included expected files) must not show its paths.
        if (isGuidePage(page, config)) problems.push(...machinePathProblems(bodies[page.id][lang.code], where));
      } catch (err) {
        problems.push(err.message);
      }
    }
  }
}

module.exports = { collapseGuideBodies, expandGuideBodies, isGuidePage, describeCodeDrift: blocks.describeCodeDrift };
