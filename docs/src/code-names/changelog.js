// "Since": the release whose ChangeLog entry added a name (Drogon's and trantor's ChangeLog.md, from
// the sources the setup unpacked). Only where the ChangeLog says so: a line of an "API changes" or
// "Added" section that adds, implements, supports or introduces the name itself (not a parameter,
// an option or another overload of it); the oldest such release wins. Distinctive names only: a
// common word (get, send, run) in a line is no evidence.
'use strict';
const fs = require('node:fs');

const VERSION_HEADING = /^## \[([^\]]+)\]/;
const SECTION_HEADING = /^### (.*)$/;
const ADDING_SECTION = /API change|Added/i;
const ADDING_VERB = /^(?:Add|Added|Adds|Implement|Implemented|Support|Introduce|Introduced|New)\b/i;
const NOT_THE_NAME_ITSELF = /\b(?:overloads?|parameters?|options?|arguments?|constructors?)\b/i;

/** The lines of a ChangeLog.md that add something: [{ version, text }], newest first. */
function addingLines(text) {
  const lines = [];
  let version = null;
  let section = '';
  for (const raw of text.split('\n')) {
    const v = VERSION_HEADING.exec(raw);
    if (v) {
      version = v[1] === 'Unreleased' ? null : v[1];
      section = '';
      continue;
    }
    const s = SECTION_HEADING.exec(raw);
    if (s) {
      section = s[1];
      continue;
    }
    const item = /^\s*[-*] (.*)$/.exec(raw);
    if (!item || !version || !ADDING_SECTION.test(section)) continue;
    const line = item[1].trim();
    if (ADDING_VERB.test(line) && !NOT_THE_NAME_ITSELF.test(line)) lines.push({ version, text: line });
  }
  return lines;
}

function readAddingLines(file) {
  return addingLines(fs.readFileSync(file, 'utf8'));
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// A name a ChangeLog line can mention without meaning something else: camelCase with a hump
// (newHttpJsonResponse), a macro (METHOD_ADD), snake_case (sync_wait), a CamelCase class of two words.
function distinctive(name) {
  return /^[a-z]+[A-Z]\w{2,}$/.test(name) || /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name) || /^[a-z]+_[a-z_]+$/.test(name)
    || /^[A-Z][a-z0-9]+[A-Z]\w+$/.test(name);
}

/**
 * The release that added a name, by its ChangeLog: { version, text } or null. name: the simple
 * name; owner: its class's name, if it is a member (HttpRequest for HttpRequest::clearHeaders).
 */
function since(lines, { name, owner = null }) {
  const patterns = [];
  if (owner) patterns.push(new RegExp(`\\b${escapeRegExp(owner)}::${escapeRegExp(name)}\\b`));
  patterns.push(new RegExp(`\`${escapeRegExp(name)}(?:\\(\\))?\``));
  if (distinctive(name)) patterns.push(new RegExp(`(?<![\\w:])${escapeRegExp(name)}(?![\\w])`));
  let found = null;
  for (const line of lines) if (patterns.some((p) => p.test(line.text))) found = line; // newest first: the last is the oldest
  return found;
}

module.exports = { addingLines, readAddingLines, since, distinctive };
