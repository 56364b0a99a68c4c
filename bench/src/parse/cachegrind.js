'use strict';
// A cachegrind output file (valgrind --tool=cachegrind --cachegrind-out-file=...) -> its totals.
// The file names its events ("events: Ir" with --cache-sim=no) and ends with "summary: <totals>"
// in the same order. Ir = instructions executed in user space by the program under valgrind.

function parseCachegrindOut(text) {
  const lines = text.split('\n');
  const eventsLine = lines.find((l) => l.startsWith('events:'));
  if (!eventsLine) throw new Error('not a cachegrind output file: no "events:" line');
  const events = eventsLine.slice('events:'.length).trim().split(/\s+/);
  const summaryLine = lines.find((l) => l.startsWith('summary:'));
  if (!summaryLine) throw new Error('cachegrind output has no "summary:" line (the program did not exit normally, or the file is cut short)');
  const values = summaryLine.slice('summary:'.length).trim().split(/\s+/);
  if (values.length !== events.length) throw new Error(`cachegrind summary has ${values.length} totals for ${events.length} events (${events.join(' ')})`);
  const totals = {};
  events.forEach((event, i) => {
    if (!/^\d+$/.test(values[i])) throw new Error(`cachegrind summary total of ${event} is not a whole number: ${values[i]}`);
    totals[event] = Number(values[i]);
    if (!Number.isSafeInteger(totals[event])) throw new Error(`cachegrind summary total of ${event} is too large to count exactly: ${values[i]}`);
  });
  const cmdLine = lines.find((l) => l.startsWith('cmd:'));
  return { command: cmdLine ? cmdLine.slice('cmd:'.length).trim() : null, events, totals };
}

// Instructions executed (Ir) of one cachegrind output.
function instructionsOf(text) {
  const parsed = parseCachegrindOut(text);
  if (parsed.totals.Ir === undefined) throw new Error(`cachegrind output counts ${parsed.events.join(' ')}, not Ir`);
  return parsed.totals.Ir;
}

module.exports = { parseCachegrindOut, instructionsOf };
