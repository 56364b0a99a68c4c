// What a command printed against what its page says it prints (a block generated from
// examples/guide/<chapter>/expected/). Compared as the chapter tests compare (test-support/guide-tests.js):
// line endings, trailing blanks, colours and blank lines around ignored; the date of an HTTP answer and the
// order of its headers (Drogon keeps them in a hash map) ignored; Drogon's log lines without their
// date, time and thread id, which are those of the run. A command that ended is compared line for
// line. A program stopped with Ctrl+C (a terminal of its own) has printed what the page shows among
// the rest of its log: the page's lines must come in its output in that order.
'use strict';
// What else varies, per expected file: output-masks.json (a data file, validated as it is read).
const fs = require('node:fs');
const path = require('node:path');
const { normalizeOutput, maskDate, sortHeaderBlocks } = require('../test-support/guide-tests');

const LOG_STAMP = /^\d{8} \d\d:\d\d:\d\d\.\d{6} UTC \d+ /gm;
// Colours (SGR escape sequences, which Drogon's test framework writes even into a pipe): a terminal
// shows them as colour, not as text.
const COLOURS = /\x1b\[[0-9;]*m/g;
const MASKS_FILE = path.join(__dirname, 'output-masks.json');

let masksByFile = null;
/** The masks of an expected file (examples/guide/<rel>): [[RegExp, replacement]]. */
function masksFor(rel) {
  if (!masksByFile) {
    masksByFile = new Map();
    const { masks } = JSON.parse(fs.readFileSync(MASKS_FILE, 'utf8'));
    masks.forEach((m, i) => {
      const where = `${path.relative(process.cwd(), MASKS_FILE)}: masks[${i}]`;
      if (!Array.isArray(m.expected) || typeof m.replacement !== 'string' || typeof m.why !== 'string') throw new Error(`${where}: expected { expected: [files], pattern, flags, replacement, why }`);
      let re;
      try { re = new RegExp(m.pattern, m.flags); } catch (err) { throw new Error(`${where}: pattern: ${err.message}`); }
      for (const file of m.expected) masksByFile.set(file, [...(masksByFile.get(file) || []), [re, m.replacement]]);
    });
  }
  return masksByFile.get(rel) || [];
}

function comparable(text, masks = []) {
  const masked = masks.reduce((t, [re, replacement]) => t.replace(re, replacement), maskDate(normalizeOutput(text.replace(COLOURS, ''))).replace(LOG_STAMP, '<date time thread> '));
  return sortHeaderBlocks(masked);
}

/** null when output shows what expected shows; else a message with both. rel: the expected file (its masks). */
function outputDiffers(output, expected, { ended = true, rel = null } = {}) {
  const masks = rel ? masksFor(rel) : [];
  const got = comparable(output, masks);
  const want = comparable(expected, masks);
  if (ended ? got === want : inOrder(got.split('\n'), want.split('\n'))) return null;
  return `${ended ? 'printed' : 'its output did not show, in this order,'}:\n${ended ? got : want}\n--- the page shows${ended ? '' : ' (printed:)'}:\n${ended ? want : got}`;
}

function inOrder(lines, wanted) {
  let at = 0;
  for (const line of lines) if (at < wanted.length && line === wanted[at]) at += 1;
  return at === wanted.length;
}

module.exports = { outputDiffers, comparable, masksFor };
