// Escaping for every data string (from the results JSON or the handler source) that lands in the
// generated Benchmarks page, for the context it lands in: Markdown text (escapeMarkdownText, codeSpan,
// fencedCode, table) or an HTML block of the page (escapeHtmlInMarkdown). docsify renders raw HTML in
// Markdown without sanitizing it, so a CPU model like `<img src=x onerror=alert(1)>` must reach the
// page as text, and a `|` or a newline must not break a table row. escapeHtml is for HTML documents
// (the prerendered pages), where Markdown plays no part.
'use strict';

const HTML_ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// C0/C1 control characters (except tab and line breaks, folded to spaces below) have no business in
// a page; U+2028/U+2029 are line breaks to some parsers.
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const LINE_BREAKS = /\r\n|[\r\n\t\u2028\u2029]/g;

function assertString(value, what) {
  if (typeof value !== 'string') throw new TypeError(`${what}: expected a string, got ${value === null ? 'null' : typeof value}`);
}

/** One line of text: control characters removed, line breaks and tabs folded to single spaces. */
function oneLine(value) {
  assertString(value, 'oneLine');
  return value.replace(CONTROL_CHARS, '').replace(LINE_BREAKS, ' ');
}

/** Text for an HTML text node or a double-quoted attribute value. */
function escapeHtml(value) {
  assertString(value, 'escapeHtml');
  return value.replace(/[&<>"']/g, (ch) => HTML_ENTITIES[ch]);
}

/** Text for an HTML text node only (Markdown text): quotes need no escaping outside attributes. */
function escapeHtmlText(value) {
  assertString(value, 'escapeHtmlText');
  return value.replace(/[&<>]/g, (ch) => HTML_ENTITIES[ch]);
}

// GFM's automatic links (marked's "url" rule) start at "scheme://", at "www." and at an e-mail
// address's "@", and in Chinese text they run on into the full-width punctuation after them. Written
// as character references, those characters look the same but no link can start: data never
// becomes a link, whatever follows it.
const AUTOLINK_TRIGGERS = [
  [/:\/\//g, ':&#47;&#47;'],
  [/\b(www)\./gi, '$1&#46;'],
  // Only where marked's e-mail rule could match: "Xeon @ 2.50GHz" stays as it is.
  [/(?<=[a-zA-Z0-9.!#$%&'*+/=?_`{|}~-])@/g, '&#64;'],
];

/** Text in which GFM finds no automatic link (visible text unchanged). */
function neutraliseAutolinks(text) {
  return AUTOLINK_TRIGGERS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

// Characters Markdown acts on in text (emphasis, code, links and images, strikethrough, tables,
// backslash escapes) and the line breaks that would end an HTML block (a blank line) or start a new
// block, each as a character reference: in an HTML block they are text either way, and should the
// block ever be broken (a template that puts a blank line in it), they still are.
const MARKDOWN_IN_HTML = /[!\[\]*_`~\\|\r\n]/g;

/**
 * Text for an HTML block of a Markdown page (a <summary>, a <figcaption>, a chart's fallback, an
 * attribute value): HTML-escaped, and nothing that either docsify's marked or markdown-it could read
 * as Markdown, line breaks included (kept, as &#10;), and no automatic link.
 */
function escapeHtmlInMarkdown(value) {
  assertString(value, 'escapeHtmlInMarkdown');
  const reference = (ch) => `&#${ch.charCodeAt(0)};`;
  const text = escapeHtml(value.replace(CONTROL_CHARS, '')).replace(MARKDOWN_IN_HTML, reference)
    // What counts only at the start of a line (an indented code block, a heading, a list, a rule):
    // the start of the value is the one place a line can start, its own line breaks being references.
    .replace(/^[ \t]+/, (lead) => lead.replace(/[ \t]/g, reference))
    .replace(/^[#+=-]/, reference)
    .replace(/^(\d{1,9})([.)])/, (all, digits, mark) => `${digits}${reference(mark)}`);
  return neutraliseAutolinks(text);
}

/**
 * Inline Markdown text (paragraphs, list items, table cells): one line, HTML-escaped, and every
 * character that could open Markdown structure (emphasis, code, links, automatic links, tables,
 * strikethrough) is escaped, so the reader sees the string exactly as it is in the JSON.
 */
function escapeMarkdownText(value) {
  let text = neutraliseAutolinks(escapeHtmlText(oneLine(value)).replace(/[\\`*_[\]|~]/g, (ch) => `\\${ch}`));
  // Structure that only counts at the start of a line (headings, list items, block quotes, rules).
  text = text.replace(/^(\s*)([#+=-])(?=[#+=\s-]|$)/, '$1\\$2').replace(/^(\s*\d{1,9})([.)])(?=\s|$)/, '$1\\$2');
  return text;
}

function longestRun(text, ch) {
  let longest = 0;
  let current = 0;
  for (const c of text) {
    current = c === ch ? current + 1 : 0;
    if (current > longest) longest = current;
  }
  return longest;
}

/**
 * A Markdown code span showing `value` verbatim (on one line). In a table cell (inTable) a `|` is
 * written `\|`; GFM cannot express a backslash directly before a pipe inside a table, so such a
 * string becomes an HTML <code> element with entities instead.
 */
function codeSpan(value, { inTable = false } = {}) {
  const text = oneLine(value);
  if (inTable && /\\\|/.test(text)) {
    // Between the tags Markdown still applies: every character it could act on becomes an entity.
    return `<code>${escapeHtml(text).replace(/[\\`*_[\]|~]/g, (ch) => `&#${ch.charCodeAt(0)};`)}</code>`;
  }
  const body = inTable ? text.replace(/\|/g, '\\|') : text;
  const fence = '`'.repeat(longestRun(text, '`') + 1);
  // CommonMark strips one space on each side when both are present, so padding is invisible; it
  // is needed when the content starts or ends with a backtick or a space.
  const pad = /^[` ]|[` ]$/.test(body) ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

/** A fenced code block showing `source` verbatim, with a fence longer than any backtick run in it. */
function fencedCode(source, language) {
  assertString(source, 'fencedCode');
  if (!/^[a-z0-9+-]*$/.test(language)) throw new Error(`fencedCode: bad language name ${JSON.stringify(language)}`);
  const text = source.replace(CONTROL_CHARS, '').replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  const fence = '`'.repeat(Math.max(3, longestRun(text, '`') + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

/** A table row from already-escaped cells; refuses a cell that would break the row. */
function tableRow(cells) {
  for (const cell of cells) {
    if (/[\r\n]/.test(cell)) throw new Error(`tableRow: cell contains a line break: ${JSON.stringify(cell)}`);
  }
  return `| ${cells.join(' | ')} |`;
}

function table(header, rows, align) {
  const separator = header.map((_, i) => (align && align[i] === 'right' ? '---:' : '---'));
  return [tableRow(header), `|${separator.join('|')}|`, ...rows.map(tableRow)].join('\n');
}

module.exports = { oneLine, escapeHtml, escapeHtmlText, escapeHtmlInMarkdown, escapeMarkdownText, neutraliseAutolinks, codeSpan, fencedCode, tableRow, table };
