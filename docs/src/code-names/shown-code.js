// Which lines of which C++ files the site's pages show: every `<!-- guide:code file#region -->` block
// of every page, in every language, whose fence language is cpp. The compiler is asked about these
// lines only (docs/src/code-names/clang-names.js), so the record covers exactly what readers see, and a
// new sample on any page (a guide chapter, a tutorial step) is covered once the record is regenerated.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { includedBlocks, parseDirective, fenceLanguage } = require('../guide/code-blocks');
const { regionLines } = require('../guide/regions');

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

module.exports = { shownCode, lineRanges, LINKED_LANGUAGE };
