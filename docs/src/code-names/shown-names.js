// The names in a page's C++ blocks, as the committed record has them (no compiler: the build runs
// this). A block shows lines of a file (docs/src/guide/regions.js says which, and how far each is
// dedented); a line's names are used only while the line reads as it did when the record was made
// (its hash), so a sample changed since then shows its names as plain text, never a wrong link, and
// the build counts such lines until `npm run code-names` is run again.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { includedBlocks } = require('../guide/code-blocks');
const { parseDirective } = require('../guide/code-directive');
const { regionLines } = require('../guide/regions');
const { blockKey } = require('../../../shared/src/code-links');
const { lineHash } = require('./record-file');
const { LINKED_LANGUAGE, changesBlocks } = require('./shown-code');

/** A reader of example files under root, each read once. */
function sourceReader(root) {
  const cache = new Map();
  return (rel) => {
    if (!cache.has(rel)) cache.set(rel, fs.readFileSync(path.join(root, rel), 'utf8'));
    return cache.get(rel);
  };
}

/**
 * The C++ blocks of a page's Markdown with their names (guide:code blocks; with root and config, also
 * the files a guide:changes block shows whole): [{ key (shared/src/code-links.js blockKey),
 * file, region, links: [[start, length, declaration id]...] (offsets in the block's text), stale
 * (shown lines the record does not describe as they read now), unresolved (names clang could not
 * resolve on these lines) }].
 */
function blockNames(markdown, { record, readSource, root = null, config = null, where = 'page' }) {
  const out = [];
  const unresolvedAt = new Map();
  for (const u of record.unresolved) unresolvedAt.set(`${u.file}:${u.line}`, (unresolvedAt.get(`${u.file}:${u.line}`) || 0) + 1);
  const blocks = [];
  for (const block of includedBlocks(markdown)) {
    if (block.lang !== LINKED_LANGUAGE || block.code === null) continue;
    const { file, region } = parseDirective(block.directive, `${where}:${block.line}`);
    const shown = regionLines(readSource(file), file, region);
    if (shown.map((l) => l.text).join('\n') !== block.code) continue; // the page is stale: `npm run check` says so
    blocks.push({ file, region, code: block.code, shown });
  }
  // A tutorial step's files shown whole or as diffs (guide:changes); needs the repository and the guide's rules.
  if (root && config) for (const b of changesBlocks(markdown, { root, config, where })) blocks.push({ file: b.file, region: null, code: b.code, shown: b.shown });
  const linesOf = (file) => readSource(file).replace(/\r\n/g, '\n').split('\n');
  for (const { file, region, code, shown } of blocks) {
    const links = [];
    let stale = 0;
    let unresolved = 0;
    let offset = 0;
    // A line of a diff names its own file (this step's or the previous step's); a hunk header has none.
    for (const { text, line, cut, file: lineFile = file } of shown) {
      const source = line === null ? '' : linesOf(lineFile)[line - 1];
      if (source !== undefined && source.trim() !== '') {
        const recorded = record.files[lineFile];
        const entry = recorded && recorded[line];
        if (!entry || entry[0] !== lineHash(source)) stale += 1;
        else {
          for (const [column, id] of entry.slice(1)) {
            const decl = record.declarations[id];
            if (decl && column >= cut) links.push([offset + column - cut, decl.name.length, id]);
          }
          unresolved += unresolvedAt.get(`${lineFile}:${line}`) || 0;
        }
      }
      offset += text.length + 1;
    }
    out.push({ key: blockKey(code), file, region, links, stale, unresolved });
  }
  return out;
}

module.exports = { blockNames, sourceReader };
