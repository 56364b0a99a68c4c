// The guide stage, as generate-pages.js calls it: collapse the authored bodies before the zh-TW
// conversion, expand every language's body after it (see code-blocks.js for why in that order).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const blocks = require('./code-blocks');
const { loadTestedWith } = require('./tested-with');
const { machinePathProblems } = require('./machine-paths');

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
  return { active: true, config };
}

/** Step after conversion: every language's body gets its code blocks and, on guide pages, the
 *  tested-with note and the check that no path of the machine shows. */
function expandGuideBodies(context, { root, manifest, bodies, converter, problems }) {
  if (!context.active) return;
  const { config } = context;
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
        bodies[page.id][lang.code] = blocks.expandBody(body, {
          root, config, where,
          testedWithLine: isGuidePage(page, config) ? lines[lang.code] : null,
        });
        // Outputs captured on a machine (included expected files) must not show its paths.
        if (isGuidePage(page, config)) problems.push(...machinePathProblems(bodies[page.id][lang.code], where));
      } catch (err) {
        problems.push(err.message);
      }
    }
  }
}

module.exports = { collapseGuideBodies, expandGuideBodies, isGuidePage, describeCodeDrift: blocks.describeCodeDrift };
