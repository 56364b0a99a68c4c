'use strict';
// bench/src/compare/server-exits.js: server exits of the new run (issue 16).
const test = require('node:test');
const assert = require('node:assert/strict');
const { compareResults } = require('../../src/compare/compare');
const { toMarkdown } = require('../../src/compare/report');
const { clone, realV3 } = require('../support/compare-fixtures');

test('issue 16: a server exit of the new run is listed and flagged; one the old run had too is listed only', () => {
  const exit = { server: 'drogon', part: 'scenarios', block: 'c100-keepalive', round: 2, exitedAt: '2026-11-24T14:02:03.000Z', signal: 'SIGKILL', log: 'bench/logs/x/c100-keepalive.drogon.server1.log', restarted: true };
  const withExit = clone(realV3());
  withExit.serverExits = [exit];
  const report = compareResults(realV3(), withExit);
  assert.deepEqual(report.serverExits.map((x) => [x.server, x.block, x.new]), [['drogon', 'c100-keepalive', true]]);
  assert.ok(report.regressions.some((x) => x.kind === 'serverExit'));
  assert.match(toMarkdown(report), /### Server exits in the new run\n\n- \*\*new:\*\* drogon in scenarios c100-keepalive before round 2: killed by SIGKILL at 2026-11-24T14:02:03\.000Z, started again/);
  const both = compareResults(withExit, withExit);
  assert.equal(both.serverExits[0].new, false);
  assert.ok(!both.regressions.some((x) => x.kind === 'serverExit'));
});
