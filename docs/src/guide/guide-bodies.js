// The guide stage, as generate-pages.js calls it: collapse the authored bodies before the zh-TW
// conversion, expand every language's body after it (see code-blocks.js for why in that order).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const blocks = require('./code-blocks');
const { loadTestedWith } = require('./tested-with');
const { machinePathProblems } = require('./machine-paths');
const folder = require('./example-folder');
const ports = require('./ports');
const unshown = require('./unshown-parts');
const { codeSpan } = require('../../../shared/src/escape');
const { renderChanges, coverage, CHANGES_OPEN, parseTarget } = require('./step-changes');

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
  problems.push(...uncoveredChanges({ root, manifest, bodies, authored, config, folders }));
  let portsData = null;
  try {
    portsData = ports.loadPorts(root);
  } catch (err) {
    problems.push(err.message);
  }
  return { active: true, config, folders, ports: portsData, texts: new Map() };
}

// A step page (a page of a section with its own examples folder, whose folder is a step, NN-name)
// shows every change of its step, in every authored language: each changed file is under one of its
// guide:changes directives.
function uncoveredChanges({ root, manifest, bodies, authored, config, folders }) {
  const problems = [];
  for (const page of manifest.pages) {
    const dir = config.examplesDirBySection[page.section];
    if (!dir || !folders[page.id] || !/^\d{2}-/.test(folders[page.id])) continue;
    const step = `${dir}/${folders[page.id]}`;
    for (const lang of authored) {
      const body = bodies[page.id][lang.code];
      if (body === undefined) continue;
      const where = page.entries[lang.code].relPath;
      try {
        const targets = body.split('\n').map((l) => CHANGES_OPEN.exec(l)).filter(Boolean).map((m) => parseTarget(m[2], where));
        const { shown, changed } = coverage(root, step, targets);
        const missing = changed.filter((f) => !shown.has(f));
        if (missing.length) problems.push(`${where}: the page does not show how ${missing.join(', ')} changed in ${step} (add <!-- guide:changes ${step} --> or one per file)`);
      } catch (err) {
        problems.push(err.message);
      }
    }
  }
  return problems;
}

// Where the folder note's "Installation" link goes, in each language.
function installationRoute(manifest, code) {
  const page = manifest.pages.find((p) => p.id === 'installation');
  if (!page || !page.entries[code]) throw new Error('docs/manifest.json: the guide\'s folder notes link to the "installation" page, which it does not list');
  return page.entries[code].route;
}

// After the last fragment of each program file a page shows only in part, the note naming what it
// leaves out (unshown-parts.js). texts: the parts computed in this build, by file and regions.
function addUnshownNotes(body, { root, config, code, repository, convertText, texts }) {
  const say = (key, values = {}) => folder.fill(folder.stringFor(config, code, key, convertText), values, `${config.stringsSource}: ${code}.${key}`);
  const lines = body.split('\n');
  const included = blocks.includedBlocks(body).map((b) => {
    const [file, region] = b.directive.split(/\s+/)[0].split('#');
    return { file, region: region || null, closeIndex: b.closeLine - 1, indent: b.indent };
  }).filter((b) => folder.isProgramFile(b.file));
  const noteFor = (file, regionNames) => {
    // The same parts in every language: computed once per file and set of regions.
    const key = `${file}#${[...regionNames].sort().join(',')}`;
    if (!texts.has(key)) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      texts.set(key, unshown.unshownParts(text, file, unshown.shownLinesOf(text, file, regionNames)));
    }
    const parts = texts.get(key);
    if (parts.length === 0) return null;
    const shown = file.slice(folder.examplesDirOfFile(config, file).length + 1);
    return unshown.noteText(parts, { fileLabel: codeSpan(shown), wholeLink: `[${say('unshownWhole')}](${folder.repositoryUrl(repository, 'blob', file)})` }, say);
  };
  return unshown.insertUnshownNotes(lines, included, noteFor).join('\n');
}

/** Step after conversion: every language's body gets its code blocks and, on guide pages, the
 *  tested-with note and the check that no path of the machine shows. */
function expandGuideBodies(context, { root, manifest, bodies, converter, problems }) {
  if (!context.active) return;
  const { config, folders } = context;
  const { repository } = manifest;
  // The tested-with note of each language and examples folder (a section's pages come from its own).
  const lines = {};
  if (manifest.pages.some((p) => isGuidePage(p, config))) {
    try {
      const testedWith = loadTestedWith(root);
      for (const dir of config.examplesDirs) {
        for (const lang of manifest.languages) lines[`${lang.code}\0${dir}`] = blocks.testedWithText(config, lang.code, { ...testedWith, examplesDir: dir }, converter.convertText);
      }
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
        const dir = config.examplesDirOf(page.section);
        let expanded = blocks.expandBody(body, {
          root, config, where,
          testedWithLine: guidePage ? lines[`${code}\0${dir}`] : null,
          captionFor: guidePage ? (directive) => folder.sourceCaption({ root, config, directive, code, repository, convertText }) : undefined,
          changesFor: guidePage ? (target) => changesMarkdown({ root, config, target, code, repository, convertText, where }) : null,
        });
        if (guidePage) expanded = addUnshownNotes(expanded, { root, config, code, repository, convertText, texts: context.texts });
        if (guidePage && folders[page.id]) {
          const note = folder.folderNoteLines({ root, config, folder: folders[page.id], dir, code, repository, installationRoute: installationRoute(manifest, code), convertText });
          // How to change the ports of the chapter's programs (docs/guide/ports.json, by the folder's path), under the folder note.
          const say = (key, values = {}) => folder.fill(folder.stringFor(config, code, key, convertText), values, `${config.stringsSource}: ${code}.${key}`);
          const portsNote = context.ports ? ports.portsNoteLines(context.ports, `${dir}/${folders[page.id]}`, say) : [];
          expanded = folder.insertFolderNote(expanded, portsNote.length ? [...note, '', ...portsNote] : note, where);
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

// The generated change blocks of a tutorial step (docs/src/guide/step-changes.js), in one language.
function changesMarkdown({ root, config, target, code, repository, convertText, where }) {
  const say = (key, values = {}) => folder.fill(folder.stringFor(config, code, key, convertText), values, `${config.stringsSource}: ${code}.${key}`);
  return renderChanges({
    root, target, where, say,
    fileLink: (rel, shown) => `[\`${shown}\`](${folder.repositoryUrl(repository, 'blob', rel)})`,
    fenceLanguage: (file) => blocks.fenceLanguage(file, config),
  });
}

module.exports = { collapseGuideBodies, expandGuideBodies, isGuidePage, describeCodeDrift: blocks.describeCodeDrift };
