// Marked regions of example files. A region is the lines between a start marker and its end marker,
// each alone on a comment line in the file's own comment syntax:
//
//   // [guide:handler]          # [guide:build]          <%-- [guide:loop] --%>
//   ...                         ...                      ...
//   // [/guide:handler]         # [/guide:build]         <%-- [/guide:loop] --%>
//
// Regions may nest. What a page shows never contains a marker line (nested markers are dropped), and
// is dedented by the indentation its lines share, so a region inside a function reads as it would
// at the left margin. The whole file (no region name) is the file without its marker lines.
'use strict';

const NAME = /^[a-z0-9][a-z0-9-]*$/;
// A marker line: optional indentation, a comment opener, [guide:name] or [/guide:name], an optional
// comment closer, nothing else.
const MARKER_LINE = /^[ \t]*(?:\/\/|#|--|<!--|<%--|\/\*)[ \t]*\[(\/?)guide:([^\]\s]*)\][ \t]*(?:-->|--%>|\*\/)?[ \t]*$/;
// Anything that looks like a marker but is not one (typo, trailing text): an error, never silently code.
const MARKER_LIKE = /\[\/?guide:/;

class RegionError extends Error {
  constructor(file, line, message) {
    super(`${file}${line ? `:${line}` : ''}: ${message}`);
    this.name = 'RegionError';
    this.file = file;
    this.line = line;
  }
}

/**
 * Parses the regions of one file. Returns { lines, regions: Map<name, { start, end }> } where lines
 * are the file's lines and start/end are the indexes of the marker lines. Throws RegionError naming
 * file:line for an unknown or malformed marker, a duplicate name, an end without its start, a region
 * closed out of order, or a region never closed.
 */
function parseRegions(text, file) {
  const lines = text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  const regions = new Map();
  const open = [];
  lines.forEach((line, i) => {
    const marker = MARKER_LINE.exec(line);
    if (!marker) {
      if (MARKER_LIKE.test(line)) throw new RegionError(file, i + 1, `malformed region marker ${JSON.stringify(line.trim())} (a marker is alone on a comment line: // [guide:name] ... // [/guide:name])`);
      return;
    }
    const [, closing, name] = marker;
    if (!NAME.test(name)) throw new RegionError(file, i + 1, `region name ${JSON.stringify(name)} must be lowercase letters, digits and -`);
    if (!closing) {
      if (regions.has(name)) throw new RegionError(file, i + 1, `region "${name}" is defined twice (first at line ${regions.get(name).start + 1})`);
      regions.set(name, { start: i, end: null });
      open.push(name);
      return;
    }
    if (!regions.has(name)) throw new RegionError(file, i + 1, `end of region "${name}" without its start`);
    if (open[open.length - 1] !== name) {
      throw new RegionError(file, i + 1, open.includes(name)
        ? `region "${name}" ends before region "${open[open.length - 1]}" that starts inside it (regions nest, they do not overlap)`
        : `region "${name}" ends twice`);
    }
    open.pop();
    regions.get(name).end = i;
  });
  if (open.length) {
    const name = open[open.length - 1];
    throw new RegionError(file, regions.get(name).start + 1, `region "${name}" is never closed (expected a line // [/guide:${name}])`);
  }
  return { lines, regions };
}

/**
 * The lines a page shows for `file` (its content `text`) and `region` (null: the whole file), each
 * with where it comes from: [{ text, line (1-based line of the file), cut (columns the dedent removed) }].
 * Marker lines removed, dedented by the indentation the shown lines share, no leading or trailing
 * blank lines, no trailing whitespace on a line. The code-name links (docs/src/code-links/) map the
 * compiler's file positions onto a block's text with it.
 */
function regionLines(text, file, region) {
  const { lines, regions } = parseRegions(text, file);
  let first = 0;
  let last = lines.length - 1;
  if (region !== null && region !== undefined) {
    const found = regions.get(region);
    if (!found) {
      const known = [...regions.keys()];
      throw new RegionError(file, null, `no region "${region}" (${known.length ? `regions: ${known.join(', ')}` : 'the file has no regions'})`);
    }
    first = found.start + 1;
    last = found.end - 1;
  }
  let shown = [];
  for (let i = first; i <= last; i++) if (!MARKER_LINE.test(lines[i])) shown.push({ raw: lines[i], line: i + 1 });
  const indents = shown.filter((l) => l.raw.trim() !== '').map((l) => /^[ \t]*/.exec(l.raw)[0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  shown = shown.map(({ raw, line }) => {
    const lineCut = Math.min(cut, /^[ \t]*/.exec(raw)[0].length);
    return { text: raw.slice(lineCut).replace(/[ \t]+$/, ''), line, cut: lineCut };
  });
  while (shown.length && shown[0].text === '') shown.shift();
  while (shown.length && shown[shown.length - 1].text === '') shown.pop();
  if (shown.length === 0) throw new RegionError(file, null, region ? `region "${region}" is empty` : 'the file is empty');
  if (shown.some((l) => l.text.includes('\t'))) {
    throw new RegionError(file, null, `${region ? `region "${region}"` : 'the file'} contains a tab; indent examples with spaces so every page shows them alike`);
  }
  return shown;
}

/**
 * The text a page shows for `file` (its content `text`) and `region` (null: the whole file): marker
 * lines removed, dedented, no leading or trailing blank lines, no trailing whitespace on a line.
 */
function extractRegion(text, file, region) {
  return regionLines(text, file, region).map((l) => l.text).join('\n');
}

module.exports = { parseRegions, extractRegion, regionLines, RegionError, MARKER_LINE };
