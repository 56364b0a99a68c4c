#!/usr/bin/env node
// npm run bench:compare -- OLD.json NEW.json [--markdown | --json] [--fail-on-regression]
// Prints the same comparison the bench workflow writes as its job summary and PR body (--markdown),
// plain text for a terminal by default, or the structured object (--json).
//
// Exit codes:
//   0  compared (also when a regression is flagged: the flag is printed, and the bench workflow still
//      opens its pull request, where a person decides)
//   1  a results file is missing, unreadable or invalid against the results schema
//   2  wrong usage
//   3  a regression was flagged and --fail-on-regression was given (for gating, off by default)
'use strict';
const { loadResultsFile } = require('../../shared/src/results-file');
const { compareResults } = require('./compare/compare');
const { toMarkdown, toText } = require('./compare/report');

const USAGE = 'usage: npm run bench:compare -- OLD.json NEW.json [--markdown | --json] [--fail-on-regression]';
const EXIT_INVALID_INPUT = 1;
const EXIT_USAGE = 2;
const EXIT_REGRESSION = 3;

function parseArgs(argv) {
  const options = { format: 'text', failOnRegression: false, files: [] };
  for (const arg of argv) {
    if (arg === '--markdown') options.format = 'markdown';
    else if (arg === '--json') options.format = 'json';
    else if (arg === '--fail-on-regression') options.failOnRegression = true;
    else if (arg === '-h' || arg === '--help') options.help = true;
    else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else options.files.push(arg);
  }
  if (!options.help && options.files.length !== 2) {
    throw new Error(`expected two results files (OLD and NEW), got ${options.files.length}`);
  }
  return options;
}

function main(argv) {
  let options;
  try { options = parseArgs(argv); } catch (err) {
    process.stderr.write(`error: ${err.message}\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  if (options.help) { process.stdout.write(`${USAGE}\n`); return 0; }
  let oldResults;
  let newResults;
  try {
    oldResults = loadResultsFile(options.files[0]);
    newResults = loadResultsFile(options.files[1]);
  } catch (err) {
    process.stderr.write(`error: ${err.message}\n`);
    return EXIT_INVALID_INPUT;
  }
  const report = compareResults(oldResults, newResults);
  if (options.format === 'markdown') process.stdout.write(toMarkdown(report));
  else if (options.format === 'json') process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else process.stdout.write(toText(report));
  if (report.regressions.length > 0) {
    process.stderr.write(`note: ${report.regressions.length} regression(s) flagged beyond the run-to-run noise\n`);
    if (options.failOnRegression) return EXIT_REGRESSION;
  }
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));

module.exports = { main, EXIT_INVALID_INPUT, EXIT_USAGE, EXIT_REGRESSION };
