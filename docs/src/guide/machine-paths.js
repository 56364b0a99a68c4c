// Paths of the machine a page was written or tested on, which no guide page may show: a home folder
// (/root, /home/<user>), a scratch folder under /tmp, the bench cache (~/.cache/drogon-docs-bench)
// or a work tree (/work/...). Expected outputs are captured on a real machine, so they are where such
// paths slip in. Paths a reader is meant to type or see everywhere (/usr/local, /usr/share/...,
// $HOME/drogon, /path/to/...) are not machine paths.
'use strict';

// A path starts at the beginning of a line or after a space, quote, bracket, '=' or ':' (so
// http://host/root or /usr/root are not matched).
const START = String.raw`(?:^|(?<=[\s\x60'"(\[=:,]))`;
const MACHINE_PATHS = [
  { what: 'a home folder', pattern: new RegExp(`${START}(?:/root|/home/[^\\s/\x60'")]+)(?=/|\\b|$)`, 'gm') },
  { what: 'a scratch folder', pattern: new RegExp(`${START}/tmp/[^\\s\x60'")]+`, 'gm') },
  { what: 'the bench cache', pattern: /\.cache\/drogon-docs-bench\b/g },
  { what: 'a work tree of this project', pattern: new RegExp(`${START}/work/[^\\s\x60'")]+`, 'gm') },
];

// Every pattern above needs one of these in the line: lines without any are not searched (most of
// the guide's lines; the patterns' look-behinds are slow on long pages).
const ANY_MACHINE_PATH = /\/(?:root|home\/|tmp\/|work\/)|\.cache\/drogon-docs-bench/;

/** Every machine path in `text`: [{ line, path, what }], in the order of the text. */
function findMachinePaths(text) {
  const found = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (!ANY_MACHINE_PATH.test(line)) return;
    for (const { what, pattern } of MACHINE_PATHS) {
      pattern.lastIndex = 0;
      for (const m of line.matchAll(pattern)) found.push({ line: i + 1, column: m.index + 1, path: m[0], what });
    }
  });
  return found.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Problems (one per path) for a page body: "<where>: line N shows a path of the machine ...". */
function machinePathProblems(text, where) {
  return findMachinePaths(text).map(({ line, path, what }) =>
    `${where}: line ${line} of the body shows ${what} of the machine it was captured on (${JSON.stringify(path)}); show a path every reader has (e.g. /path/to/..., $HOME/...) or mask it in the expected output`);
}

module.exports = { findMachinePaths, machinePathProblems };
