// Which lines of which C++ files the site's pages show: every `<!-- guide:code file#region -->` block
// of every page, in every language, whose fence language is cpp, and every C++ file a tutorial page's
// `<!-- guide:changes step -->` block shows whole (a new or rewritten file; a diff is not linked). The compiler is asked about these
// lines only (docs/src/code-names/clang-names.js), so the record covers exactly what readers see, and a
// new sample on any page (a guide chapter, a tutorial step) is covered once the record is regenerated.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { includedBlocks, parseDirective, fenceLanguage } = require('../guide/code-blocks');
const { regionLines, MARKER_LINE } = require('../guide/regions');
const { CHANGES_OPEN, CHANGES_CLOSE, parseTarget, splitTarget, stepFiles } = require('../guide/step-changes');

const LINKED_LANGUAGE = 'cpp';

/**
 * Map<file (repository-relative), { lines: Set<1-based line>, uses: [{ pageId, code, relPath, line, region }] }>
 * for every C++ block of the committed pages of the manifest's languages.
 */
function shownCode({ root, manifest, config }) {
  const shown = new Map();
  for (const page of manifest.pages) {
    for (const lang of manifest.languages) {
      const entry = page.entries[lang.code];
      let text;
      try {
        text = fs.readFileSync(path.join(root, entry.relPath), 'utf8');
      } catch {
        continue; // a page not generated yet: `npm run build` reports it
      }
      for (const block of changesBlocks(text, { root, config, where: entry.relPath })) {
        if (!shown.has(block.file)) shown.set(block.file, { lines: new Set(), uses: [] });
        const record = shown.get(block.file);
        for (const { line } of block.shown) record.lines.add(line);
        record.uses.push({ pageId: page.id, code: lang.code, relPath: entry.relPath, line: block.line, region: null });
      }
      for (const block of includedBlocks(text)) {
        const directive = parseDirective(block.directive, `${entry.relPath}:${block.line}`);
        const fence = directive.lang || fenceLanguage(directive.file, config);
        if (fence !== LINKED_LANGUAGE) continue;
        if (!shown.has(directive.file)) shown.set(directive.file, { lines: new Set(), uses: [] });
        const record = shown.get(directive.file);
        const source = fs.readFileSync(path.join(root, directive.file), 'utf8');
        for (const { line } of regionLines(source, directive.file, directive.region)) record.lines.add(line);
        record.uses.push({ pageId: page.id, code: lang.code, relPath: entry.relPath, line: block.line, region: directive.region });
      }
    }
  }
  return shown;
}

/**
 * The C++ blocks of a page's guide:changes blocks that show a file of the step whole, as the build
 * generated them (docs/src/guide/step-changes.js): [{ file (repository-relative), code, line (the
 * fence's, 1-based), shown ([{ text, line, cut }] as regions.js regionLines gives a region's lines) }]. A block is matched to a file
 * by its text, so a stale page's block matches nothing and stays plain code.
 */
function changesBlocks(markdown, { root, config, where = 'page' }) {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const out = [];
  const wholeFiles = new Map(); // step folder -> Map<text, { file, shown }>
  const filesOf = (folder) => {
    if (!wholeFiles.has(folder)) {
      const byText = new Map();
      for (const rel of stepFiles(root, folder)) {
        const file = `${folder}/${rel}`;
        if (fenceLanguage(file, config) !== LINKED_LANGUAGE) continue;
        // As step-changes.js shows a file: as it is, without its region marker lines and final newlines.
        const shown = fs.readFileSync(path.join(root, file), 'utf8').replace(/\r\n/g, '\n').split('\n')
          .map((text, i) => ({ text, line: i + 1, cut: 0 })).filter((l) => !MARKER_LINE.test(l.text));
        while (shown.length && shown[shown.length - 1].text === '') shown.pop();
        byText.set(shown.map((l) => l.text).join('\n'), { file, shown });
      }
      wholeFiles.set(folder, byText);
    }
    return wholeFiles.get(folder);
  };
  for (let i = 0; i < lines.length; i++) {
    const open = CHANGES_OPEN.exec(lines[i]);
    if (!open) continue;
    let folder = null;
    try {
      folder = splitTarget(root, parseTarget(open[2], `${where}:${i + 1}`), `${where}:${i + 1}`).folder;
    } catch {
      folder = null; // a broken directive: the page build reports it
    }
    const indent = open[1].length;
    for (i += 1; i < lines.length && !CHANGES_CLOSE.test(lines[i]); i++) {
      const fence = /^(`{3,})([^`\s]*)[ \t]*$/.exec(lines[i].slice(Math.min(indent, /^[ \t]*/.exec(lines[i])[0].length)));
      if (!fence) continue;
      const start = i;
      const body = [];
      for (i += 1; i < lines.length && lines[i].trim() !== fence[1] && !CHANGES_CLOSE.test(lines[i]); i++) body.push(lines[i].slice(Math.min(indent, /^[ \t]*/.exec(lines[i])[0].length)));
      if (fence[2] !== LINKED_LANGUAGE || !folder) continue;
      const code = body.join('\n');
      const match = filesOf(folder).get(code);
      if (match) out.push({ file: match.file, code, line: start + 1, shown: match.shown });
    }
  }
  return out;
}

/** A set of line numbers as sorted [first, last] ranges. */
function lineRanges(lines) {
  const sorted = [...lines].sort((a, b) => a - b);
  const ranges = [];
  for (const line of sorted) {
    const lastRange = ranges[ranges.length - 1];
    if (lastRange && line === lastRange[1] + 1) lastRange[1] = line;
    else ranges.push([line, line]);
  }
  return ranges;
}

module.exports = { shownCode, changesBlocks, lineRanges, LINKED_LANGUAGE };
