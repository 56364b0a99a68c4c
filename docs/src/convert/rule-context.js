// Where a rule of the zh-TW conversion applies: the optional context fields of a glossary term or of
// an entry of docs/zh-tw-overrides.json. Each is the body of a regular expression (with the u flag)
// that the text around the Simplified word must match (after, before) or must not match (notAfter,
// notBefore). The rules match the Simplified page with its code spans already swapped for Private
// Use Area placeholders, so \p{Co} in a context means "inline code or a link target".
// Example: 头 -> 標頭 only after a Latin word or inline code: { "after": "[A-Za-z0-9`\\p{Co}] ?" }.
'use strict';

const CONTEXT_FIELDS = ['after', 'notAfter', 'before', 'notBefore'];

function hasContext(entry) {
  return CONTEXT_FIELDS.some((field) => entry[field] !== undefined);
}

/** Throws an error naming `at.field` when a context field is not a usable regular expression. */
function validateContext(entry, at) {
  for (const field of CONTEXT_FIELDS) {
    const source = entry[field];
    if (source === undefined) continue;
    if (typeof source !== 'string' || source === '') throw new Error(`${at}.${field}: must be a non-empty string (a regular expression)`);
    let groups;
    try {
      groups = new RegExp(`${source}|`, 'u').exec('').length - 1;
    } catch (err) {
      throw new Error(`${at}.${field}: not a regular expression: ${err.message}`);
    }
    // The converter tells its rules apart by their capture groups: a context must add none.
    if (groups !== 0) throw new Error(`${at}.${field}: must not hold capturing groups (use (?:...)), has ${groups}`);
  }
}

/** The regular-expression source of `termSource` (already escaped) with the entry's context around it. */
function withContext(termSource, entry) {
  let source = termSource;
  if (entry.after !== undefined) source = `(?<=${entry.after})${source}`;
  if (entry.notAfter !== undefined) source = `(?<!${entry.notAfter})${source}`;
  if (entry.before !== undefined) source = `${source}(?=${entry.before})`;
  if (entry.notBefore !== undefined) source = `${source}(?!${entry.notBefore})`;
  return source;
}

/** A short text naming an entry's context, for messages and test names ('' when it has none). */
function describeContext(entry) {
  return CONTEXT_FIELDS.filter((field) => entry[field] !== undefined).map((field) => ` ${field} /${entry[field]}/`).join('');
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

module.exports = { CONTEXT_FIELDS, hasContext, validateContext, withContext, describeContext, escapeRegExp };
