// What a command printed against what its page says it prints (a block generated from
// examples/guide/<chapter>/expected/). Compared as the chapter tests compare (test-support/guide-tests.js):
// line endings, trailing blanks and blank lines around ignored; the date of an HTTP answer and the
// order of its headers (Drogon keeps them in a hash map) ignored; Drogon's log lines without their
// date, time and thread id, which are those of the run. A command that ended is compared line for
// line. A program stopped with Ctrl+C (a terminal of its own) has printed what the page shows among
// the rest of its log: the page's lines must come in its output in that order.
'use strict';
const { normalizeOutput, maskDate, sortHeaderBlocks } = require('../test-support/guide-tests');

const LOG_STAMP = /^\d{8} \d\d:\d\d:\d\d\.\d{6} UTC \d+ /gm;

function comparable(text) {
  return sortHeaderBlocks(maskDate(normalizeOutput(text)).replace(LOG_STAMP, '<date time thread> '));
}

/** null when output shows what expected shows; else a message with both. */
function outputDiffers(output, expected, { ended = true } = {}) {
  const got = comparable(output);
  const want = comparable(expected);
  if (ended ? got === want : inOrder(got.split('\n'), want.split('\n'))) return null;
  return `${ended ? 'printed' : 'its output did not show, in this order,'}:\n${ended ? got : want}\n--- the page shows${ended ? '' : ' (printed:)'}:\n${ended ? want : got}`;
}

function inOrder(lines, wanted) {
  let at = 0;
  for (const line of lines) if (at < wanted.length && line === wanted[at]) at += 1;
  return at === wanted.length;
}

module.exports = { outputDiffers, comparable };
