'use strict';
// bench/src/compare/report.js (with report-format.js): the Markdown escapes data strings.
// Covers: bench/src/judge/report-format.js
const test = require('node:test');
const assert = require('node:assert/strict');
const { compareResults } = require('../../src/compare/compare');
const { toMarkdown, escapeMarkdown } = require('../../src/compare/report');
const { realRunA, clone, quietServer } = require('../support/compare-fixtures');

test('Markdown escapes data strings (server names, fields) so they cannot break the table or inject HTML', () => {
  const hostile = clone(realRunA);
  hostile.servers.find((s) => s.id === quietServer).name = 'Drogon | <script>alert(1)</script> *bold* [x](y)';
  const markdown = toMarkdown(compareResults(realRunA, hostile));
  assert.doesNotMatch(markdown, /<script>/);
  assert.match(markdown, /Drogon \\\| &lt;script&gt;alert\(1\)&lt;\/script&gt; \\\*bold\\\* \\\[x\\\]\(y\)/);
  assert.equal(escapeMarkdown('a|b\nc'), 'a\\|b c');
  // Each table row keeps its column count.
  const tableRows = markdown.split('\n').filter((l) => l.startsWith('| '));
  const columns = (l) => l.split(/(?<!\\)\|/).length;
  assert.ok(tableRows.every((l) => columns(l) === columns(tableRows[0])), 'every table row has the same number of cells');
});
