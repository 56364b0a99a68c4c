// The parts of authored pages (Methodology) that quote bench/scenarios.json, generated at build time
// so they cannot drift: `npm run check` regenerates them and fails when the committed page differs.
//
// In a page, a generated part sits between two HTML comments (invisible when rendered):
//   <!-- bench:profiles -->            a block: the comments on their own lines, Markdown between
//                                      (blank lines around it)
//   <!-- /bench:profiles -->
//   ... a threshold of <!-- bench:saturationThreshold -->90%<!-- /bench:saturationThreshold --> ...   (inline)
// An inline value never starts a line: an HTML comment there starts an HTML block (CommonMark, in
// markdown-it and docsify's marked alike), so the line would show as raw HTML, its Markdown unrendered
// (a `code` span keeps its backticks), and end the paragraph.
// The build replaces what is between them. The names are those of BLOCKS and VALUES: each subject of
// the Benchmarks pages generates its own (subject-list.js), and the table of measurements is made of
// their columns, one row per profile that measures any of them.
'use strict';
const { table, codeSpan } = require('../../../shared/src/escape');
const { createFormatter, spacedList } = require('./format');
const { methodologyParts } = require('./subject-list');

const MARKER = /<!-- bench:([A-Za-z]+) -->([\s\S]*?)<!-- \/bench:\1 -->/g;
const OPEN = /<!-- bench:([A-Za-z]+) -->/g;

const parts = methodologyParts();

// Methodology's table of measurements: a column per measuring part of the subjects, a row per profile
// with any (many-connections, timed runs only, has none).
function measurementsTable(ctx, settings) {
  const rows = settings.profiles.map((p) => [p, parts.measurements.map((column) => column(ctx, p))])
    .filter(([, cells]) => cells.some((cell) => cell !== null))
    .map(([p, cells]) => [codeSpan(p.id, { inTable: true }), ...cells.map((cell) => cell ?? ctx.strings.dash)]);
  return table(ctx.strings.methodology.measurementsHeader, rows);
}

// The generated blocks, by name: Markdown of the page's language.
const BLOCKS = { ...parts.blocks, measurements: measurementsTable };
// The generated inline values, by name: text of the page's language.
const VALUES = parts.values;

/**
 * A page body with every bench:NAME part regenerated for the language (strings: the language's
 * Benchmarks string table). where names the page in errors. Returns the body unchanged when it has
 * no such part; getSettings() is called only when it has one. results: the results file the
 * generated pages describe (validated), which the subjects read as ctx.results as on those pages; null
 * when the site has none.
 */
function fillBenchParts(body, { strings, where, getSettings, results = null }) {
  const opened = [...body.matchAll(OPEN)].map((m) => m[1]);
  if (opened.length === 0) return body;
  const closedCount = [...body.matchAll(MARKER)].length;
  if (closedCount !== opened.length) throw new Error(`${where}: a <!-- bench:NAME --> part is not closed by <!-- /bench:NAME --> (names: ${opened.join(', ')})`);
  const settings = getSettings();
  const fmt = createFormatter(strings.format);
  const listFormat = new Intl.ListFormat(fmt.locale, { type: 'conjunction', style: 'long' });
  const ctx = { strings, fmt, list: (items) => spacedList(listFormat, items), results };
  return body.replace(MARKER, (all, name, inside, offset) => {
    const block = /^\n[\s\S]*\n$/.test(inside) || inside === '\n';
    if (BLOCKS[name]) {
      if (!block) throw new Error(`${where}: <!-- bench:${name} --> is a block: put the comments on their own lines`);
      // Blank lines around: the comments are HTML blocks of their own, and the table one of its own.
      return `<!-- bench:${name} -->\n\n${BLOCKS[name](ctx, settings)}\n\n<!-- /bench:${name} -->`;
    }
    if (VALUES[name]) {
      if (inside.includes('\n')) throw new Error(`${where}: <!-- bench:${name} --> is a value: keep it on one line`);
      const line = body.slice(body.lastIndexOf('\n', offset - 1) + 1, offset);
      if (/^\s*$/.test(line)) {
        throw new Error(`${where}:${body.slice(0, offset).split('\n').length}: <!-- bench:${name} --> starts a line, which makes the line raw HTML (Markdown unrendered) and ends the paragraph: put a word before it`);
      }
      return `<!-- bench:${name} -->${VALUES[name](ctx, settings)}<!-- /bench:${name} -->`;
    }
    throw new Error(`${where}: unknown generated part bench:${name} (known: ${[...Object.keys(BLOCKS), ...Object.keys(VALUES)].join(', ')})`);
  });
}

/** The body with every generated part emptied (markers kept): the authored text alone, for the translation record. */
function emptyBenchParts(body) {
  return body.replace(MARKER, (all, name) => `<!-- bench:${name} --><!-- /bench:${name} -->`);
}

module.exports = { fillBenchParts, emptyBenchParts, BLOCKS, VALUES };
