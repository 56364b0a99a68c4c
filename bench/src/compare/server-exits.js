'use strict';
// Server exits (issue 16, results.serverExits): every exit of the new run is listed; one the old run did
// not have at the same place (server, part, block) is flagged: a crash is a regression in its own right.
const { escapeMarkdown } = require('../judge/report-format');

// Exits of the new run that the old run did not have at the same place (server, part, block).
function newServerExits(oldResults, newResults) {
  const key = (x) => `${x.server}|${x.part}|${x.block}`;
  const before = new Set((oldResults.serverExits || []).map(key));
  return (newResults.serverExits || []).map((x) => ({ ...x, new: !before.has(key(x)) }));
}

// "drogon in scenarios c100-keepalive before round 2: killed by SIGKILL at 2026-11-24T14:02:03.000Z, started again (log ...)"
function exitText(x) {
  const how = x.signal ? `killed by ${x.signal}` : `exited with code ${x.code === null || x.code === undefined ? 'unknown' : x.code}`;
  return `${x.server} in ${x.part} ${x.block} ${x.round ? `before round ${x.round}` : 'after its last run'}: ${how} at ${x.exitedAt}, `
    + `${x.restarted ? 'started again' : 'not started again'} (log ${x.log})${x.new ? '' : '; the old run had such an exit too'}`;
}

/** A flagged exit, in one line. */
function flaggedExit(report, item) {
  const exit = report.serverExits.find((x) => x.server === item.server && x.part === item.part && x.block === item.block);
  return `server exit: ${exitText(exit)}`;
}

/** The new run's exits in Markdown (nothing without exits); the new ones marked. */
function exitsMarkdown(report, lines) {
  if (report.serverExits.length) {
    lines.push('', '### Server exits in the new run', '');
    for (const x of report.serverExits) lines.push(`- ${x.new ? '**new:** ' : ''}${escapeMarkdown(exitText(x))}`);
  }
}

/** The new run's exits as text. */
function exitsText(report, lines) {
  if (report.serverExits.length) {
    lines.push('', 'Server exits in the new run');
    for (const x of report.serverExits) lines.push(`  ${x.new ? 'NEW ' : ''}${exitText(x)}`);
  }
}

module.exports = { newServerExits, flaggedExit, exitsMarkdown, exitsText };
