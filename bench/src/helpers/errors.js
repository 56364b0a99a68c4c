'use strict';
// Errors the runner reports without a stack trace, each with the exit code documented in run.js.
const { SETUP_HINT } = require('../../../shared/src/bench-state');

const EXIT = Object.freeze({
  ok: 0, // results validated and written (some runs may have failed: they are listed)
  internal: 1, // unexpected error (bug); nothing written
  usage: 2, // bad arguments, scenario file, setup state, missing tool, busy port: found before any run
  invalidResults: 3, // the results did not validate against the results schema: nothing written
  noSuccessfulRun: 4, // every run failed: nothing written, the previous results stay
  cleanup: 5, // results written, but a port or one of our processes was still busy after the run
  interrupted: 130, // SIGINT/SIGTERM (143 for SIGTERM): servers stopped, nothing written
});

class BenchError extends Error {
  constructor(message, exitCode = EXIT.usage) {
    super(message);
    this.name = 'BenchError';
    this.exitCode = exitCode;
  }
}

module.exports = { EXIT, BenchError, SETUP_HINT };
