'use strict';
// A file's text, or '' when it cannot be read (a tool that wrote nothing, a /proc entry that is gone):
// what the bench shows of a log or an output in a message, where a missing file is itself the news.
const { readFileSync } = require('node:fs');

function readTextOrEmpty(path) {
  try { return readFileSync(path, 'utf8'); } catch { return ''; }
}

module.exports = { readTextOrEmpty };
