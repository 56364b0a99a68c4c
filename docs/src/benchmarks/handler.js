// The Drogon handler shown in the page's test plan, read at build time from examples/benchmark (the
// source the bench builds and runs), never pasted into a template.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const SOURCE_EXTENSIONS = new Set(['.cc', '.cpp', '.cxx', '.h', '.hpp']);
const RESPONSE_BODY = 'Hello, world!';

/**
 * { path (relative to root, with '/'), source }: the C++ source file under examples/benchmark that
 * builds the response body. Exactly one such file is expected; zero or several is an error that
 * names the folder, since the page must show the code that actually ran.
 */
function readBenchmarkHandler(root) {
  const dir = path.join(root, 'examples', 'benchmark');
  let names;
  try {
    names = fs.readdirSync(dir, { recursive: true }).map(String).sort();
  } catch (err) {
    throw new Error(`benchmark handler: cannot read ${path.relative(root, dir)}/ (${err.code || err.message})`);
  }
  const matches = names
    .filter((name) => SOURCE_EXTENSIONS.has(path.extname(name)))
    .filter((name) => !name.split(path.sep).includes('build'))
    .map((name) => ({ name, source: fs.readFileSync(path.join(dir, name), 'utf8') }))
    .filter(({ source }) => source.includes(RESPONSE_BODY));
  if (matches.length !== 1) {
    const found = matches.length ? `: ${matches.map((m) => m.name).join(', ')}` : '';
    throw new Error(`benchmark handler: expected one C++ source under examples/benchmark/ containing "${RESPONSE_BODY}", found ${matches.length}${found}`);
  }
  const [{ name, source }] = matches;
  return { path: ['examples', 'benchmark', ...name.split(path.sep)].join('/'), source };
}

module.exports = { readBenchmarkHandler };
