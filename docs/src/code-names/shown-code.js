// Which lines of which C++ files the site's pages show: every `<!-- guide:code file#region -->` block
// of every page, in every language, whose fence language is cpp, and every C++ file a tutorial page's
// `<!-- guide:changes step -->` block shows, whole (a new or rewritten file) or as a diff (its lines in
// this step's file and, for the lines it removes, in the previous step's). The compiler is asked about these
// lines only (docs/src/code-names/clang-names.js), so the record covers exactly what readers see, and a
// new sample on any page (a guide chapter, a tutorial step) is covered once the record is regenerated.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { includedBlocks, fenceLanguage } = require('../guide/code-blocks');
const { parseDirective } = require('../guide/code-directive');
const { regionLines, MARKER_LINE } = require('../guide/regions');
const { CHANGES_OPEN, CHANGES_CLOSE, parseTarget, splitTarget, stepFiles, stepChanges } = require('../guide/step-changes');

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
        for (const { line, file = block.file } of block.shown) {
          if (line === null) continue;
          if (!shown.has(file)) shown.set(file, { lines: new Set(), uses: [] });
          const record = shown.get(file);
          record.lines.add(line);
          const use = { pageId: page.id, code: lang.code, relPath: entry.relPath, line: block.line, region: null };
          if (!record.uses.some((u) => u.pageId === use.pageId && u.code === use.code && u.line === use.line)) record.uses.push(use);
        }
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

// A C++ file as step-changes.js shows it: its lines without region marker lines, [{ text, line }].
function shownFileLines(root, file) {
  return fs.readFileSync(path.join(root, file), 'utf8').replace(/\r\n/g, '\n').split('\n')
    .map((text, i) => ({ text, line: i + 1 })).filter((l) => !MARKER_LINE.test(l.text));
}

// A diff block's lines against the files it compares (step-changes.js diffHunks): for each line of the
// block, { text, line, cut: -1 (the names start one column right, after the +, - or space), file }, or
// { text, line: null } for a hunk header; null when the block does not compare these two files.
function diffLines(code, before, after) {
  const out = [];
  let oldLine = 0;
  let newLine = 0;
  for (const text of code.split('\n')) {
    const hunk = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@$/.exec(text);
    if (hunk) {
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
      out.push({ text, line: null });
      continue;
    }
    const side = text[0] === '-' ? before : text[0] === '+' || text[0] === ' ' ? after : null;
    if (!side) return null;
    const at = text[0] === '-' ? oldLine++ : newLine++;
    if (text[0] === ' ') oldLine++;
    const shown = side.lines[at - 1];
    if (!shown || shown.text !== text.slice(1)) return null;
    out.push({ text, line: shown.line, cut: -1, file: side.file });
  }
  return out;
}

/**
 * The C++ blocks of a page's guide:changes blocks, as the build generated them
 * (docs/src/guide/step-changes.js): a file of the step shown whole (new or rewritten), or a changed
 * file's diff against the previous step. [{ file (repository-relative; a diff's file in this step),
 * code, line (the fence's, 1-based), lang, shown ([{ text, line, cut, file }] as regions.js
 * regionLines gives a region's lines; a diff's lines name their file, a hunk header has line null) }].
 * A block is matched to its file by its text, so a stale page's block matches nothing and stays plain.
 */
function changesBlocks(markdown, { root, config, where = 'page' }) {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const out = [];
  const folders = new Map(); // step folder -> { whole: Map<text, { file, shown }>, changed: [{ before, after }] }
  const filesOf = (folder) => {
    if (!folders.has(folder)) {
      const whole = new Map();
      for (const rel of stepFiles(root, folder)) {
        const file = `${folder}/${rel}`;
        if (fenceLanguage(file, config) !== LINKED_LANGUAGE) continue;
        // As step-changes.js shows a file: as it is, without its region marker lines and final newlines.
        const shown = shownFileLines(root, file).map((l) => ({ ...l, cut: 0 }));
        while (shown.length && shown[shown.length - 1].text === '') shown.pop();
        whole.set(shown.map((l) => l.text).join('\n'), { file, shown });
      }
      const changed = [];
      const { previous, changes } = stepChanges(root, folder);
      for (const c of changes) {
        if (c.kind !== 'changed' || fenceLanguage(c.file, config) !== LINKED_LANGUAGE) continue;
        const side = (dir) => ({ file: `${dir}/${c.file}`, lines: shownFileLines(root, `${dir}/${c.file}`) });
        changed.push({ before: side(previous), after: side(folder) });
      }
      folders.set(folder, { whole, changed });
    }
    return folders.get(folder);
  };
  const unindent = (line, indent) => line.slice(Math.min(indent, /^[ \t]*/.exec(line)[0].length));
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
      const fence = /^(`{3,})([^`\s]*)[ \t]*$/.exec(unindent(lines[i], indent));
      if (!fence) continue;
      const start = i;
      const body = [];
      for (i += 1; i < lines.length && unindent(lines[i], indent) !== fence[1] && !CHANGES_CLOSE.test(lines[i]); i++) body.push(unindent(lines[i], indent));
      if (i < lines.length && CHANGES_CLOSE.test(lines[i])) i--; // an unclosed fence: the block ends here
      if (!folder || (fence[2] !== LINKED_LANGUAGE && fence[2] !== 'diff')) continue;
      const code = body.join('\n');
      const files = filesOf(folder);
      if (fence[2] === LINKED_LANGUAGE) {
        const match = files.whole.get(code);
        if (match) out.push({ file: match.file, code, line: start + 1, lang: fence[2], shown: match.shown });
        continue;
      }
      for (const { before, after } of files.changed) {
        const shown = diffLines(code, before, after);
        if (shown) {
          out.push({ file: after.file, code, line: start + 1, lang: fence[2], shown });
          break;
        }
      }
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

module.exports = { shownCode, changesBlocks, diffLines, lineRanges, LINKED_LANGUAGE };
