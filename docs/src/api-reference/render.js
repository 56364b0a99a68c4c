// The API reference's pages, in one language: each page's template (docs/api-reference/<page>.<lang>.md:
// its title and introduction) with its entries where the line <!-- api:entries --> is, or on the index
// page every entry by namespace where <!-- api:index --> is. An entry: its signatures as the header
// declares them, the header as a reader includes it, the header comment's text, "since" where the
// ChangeLog says so, the guide chapters whose code uses it, and a class's public members (an enum's
// values). Entries are in English (they are Drogon's own text); the words around them come from
// docs/api-reference/strings.json. Every string from the headers is escaped for Markdown
// (shared/src/escape.js).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { escapeMarkdownText, codeSpan, fencedCode } = require('../../../shared/src/escape');

const STRINGS = path.join('docs', 'api-reference', 'strings.json');
const ENTRIES_MARK = '<!-- api:entries -->';
const INDEX_MARK = '<!-- api:index -->';
const STRING_KEYS = ['header', 'kindInNamespace', 'kindOf', 'since', 'usedIn', 'members', 'bases', 'namespace', 'macros', 'noEntries', 'kinds'];

class RenderError extends Error {}

function fill(template, values, where) {
  return template.replace(/\{([A-Za-z]+)\}/g, (all, key) => {
    if (!(key in values)) throw new RenderError(`${where}: unknown placeholder {${key}}`);
    return values[key];
  });
}

/** docs/api-reference/strings.json: { [authored code]: strings }, each with every key (zh-TW: converted). */
function loadStrings(root, codes) {
  let raw;
  try {
    raw = JSON.parse(fs.readFileSync(path.join(root, STRINGS), 'utf8'));
  } catch (err) {
    throw new RenderError(`${STRINGS}: cannot load: ${err.message}`);
  }
  for (const code of codes) {
    const table = raw[code];
    if (!table || typeof table !== 'object') throw new RenderError(`${STRINGS}: no strings for ${code}`);
    for (const key of STRING_KEYS) if (table[key] === undefined) throw new RenderError(`${STRINGS}: ${code}.${key}: missing`);
  }
  return raw;
}

function readTemplate(root, pageId, code) {
  const rel = path.join('docs', 'api-reference', `${pageId}.${code}.md`);
  try {
    return { rel, text: fs.readFileSync(path.join(root, rel), 'utf8').replace(/\r\n/g, '\n').trim() };
  } catch (err) {
    throw new RenderError(`${rel}: cannot read the template of reference page "${pageId}": ${err.code || err.message}`);
  }
}

// A line of Drogon's own text (a header comment, a ChangeLog entry): its `code spans` as code spans
// (Drogon writes them as Markdown does), everything else escaped text. A backtick without its pair
// stays text.
function drogonTextLine(line) {
  return line.split(/`([^`]+)`/).map((part, i) => (i % 2 ? codeSpan(part) : part && escapeMarkdownText(part))).join('');
}

// A paragraph of a header comment: its lines joined, except that a line that starts a list item or a
// Doxygen command (@param, -, 1.) keeps its own line.
function commentParagraph(para) {
  const lines = para.split('\n').map((l) => l.trim()).filter(Boolean);
  const out = [];
  for (const line of lines) {
    if (out.length && !/^(?:[@\\][a-z]+\b|[-*•]\s|\d+[.)]\s)/i.test(line)) out[out.length - 1] += ` ${line}`;
    else out.push(line);
  }
  return out.map(drogonTextLine).join('  \n');
}

// The header comment as Markdown: Doxygen's @code … @endcode (or \code … \endcode) as a code block,
// the rest as paragraphs at blank lines. A @code without its @endcode runs to the comment's end.
// Doxygen reads a @code block as C++, and so does the page.
function commentMarkdown(comment) {
  const parts = [];
  let text = [];
  let code = null;
  const flushText = () => {
    parts.push(...text.join('\n').split(/\n\s*\n/).map(commentParagraph).filter(Boolean));
    text = [];
  };
  for (const line of comment.split('\n')) {
    if (code === null && /^\s*[@\\]code\b/.test(line)) {
      flushText();
      code = [];
    } else if (code !== null && /^\s*[@\\]endcode\b/.test(line)) {
      if (code.some((l) => l.trim())) parts.push(fencedCode(code.join('\n'), 'cpp'));
      code = null;
    } else if (code !== null) code.push(line);
    else text.push(line);
  }
  if (code !== null && code.some((l) => l.trim())) parts.push(fencedCode(code.join('\n'), 'cpp'));
  flushText();
  return parts.join('\n\n');
}

/**
 * Renders the reference's pages in one language: Map<page id, Markdown body>. context: { root, code
 * (authored language), strings (that language's table), reference (referenceEntries), config
 * (loadPagesConfig), declarations (the record's), usage: Map<declaration id, Set<page id>>, pageRoute:
 * (page id) -> route in this language, pageTitle: (page id) -> title, pageOrder: (page id) -> order }.
 */
function renderReferencePages(context) {
  const { root, code, strings: s, reference, config, declarations: decls, usage, pageRoute, pageTitle, pageOrder } = context;
  const kind = (k) => (s.kinds && s.kinds[k]) || k;
  const anchorLink = (text, page, anchor) => `[${escapeMarkdownText(text)}](${pageRoute(page)}?id=${anchor})`;

  const usedBy = (ids) => {
    const pages = new Set();
    for (const id of ids) for (const p of usage.get(id) || []) pages.add(p);
    return [...pages].sort((a, b) => pageOrder(a) - pageOrder(b));
  };
  const usedLine = (ids) => {
    const pages = usedBy(ids);
    if (pages.length === 0) return null;
    return fill(s.usedIn, { pages: pages.map((p) => `[${escapeMarkdownText(pageTitle(p))}](${pageRoute(p)})`).join(', ') }, `${STRINGS}: ${code}.usedIn`);
  };
  const sinceText = (ids) => {
    const found = ids.map((id) => decls[id].since).filter(Boolean);
    if (found.length === 0) return null;
    const library = decls[ids[0]].origin === 'trantor' ? 'trantor' : 'Drogon';
    return fill(s.since, { library, version: escapeMarkdownText(found[0].version), entry: drogonTextLine(found[0].changelog) }, `${STRINGS}: ${code}.since`);
  };
  const comments = (ids) => {
    const seen = new Set();
    const out = [];
    for (const id of ids) {
      const c = decls[id].comment;
      if (c && !seen.has(c)) {
        seen.add(c);
        out.push(commentMarkdown(c));
      }
    }
    return out.filter(Boolean);
  };
  const heading = (level, text, anchor) => `${'#'.repeat(level)} ${escapeMarkdownText(text)} :id=${anchor}`;

  function renderEnumValues(entry) {
    const values = entry.members.filter((m) => m.kind === 'enumerator').flatMap((m) => m.decls.map((id) => decls[id].signature));
    const head = decls[entry.decls[0]].signature;
    return fencedCode(`${head}\n{\n${values.map((v) => `    ${v},`).join('\n')}\n};`, 'cpp');
  }

  function renderMember(entry, member) {
    const d0 = decls[member.decls[0]];
    const lines = [heading(3, `${entry.name}::${member.name}`, member.anchor), ''];
    lines.push(fencedCode([...new Set(member.decls.map((id) => decls[id].signature))].join('\n'), 'cpp'), '');
    const info = [codeSpan(d0.file), escapeMarkdownText(fill(s.kindOf, { kind: kind(member.kind), owner: entry.name }, `${STRINGS}: ${code}.kindOf`))];
    const since = sinceText(member.decls);
    if (since) info.push(since);
    lines.push(info.join(' · '), '');
    for (const c of comments(member.decls)) lines.push(c, '');
    const used = usedLine(member.decls);
    if (used) lines.push(used, '');
    return lines.join('\n');
  }

  function renderEntry(entry) {
    const lines = [heading(2, entry.name, entry.anchor), ''];
    if (entry.kind === 'enum') lines.push(renderEnumValues(entry), '');
    else lines.push(fencedCode([...new Set(entry.decls.map((id) => decls[id].signature))].join('\n'), 'cpp'), '');
    const kindText = entry.namespace
      ? fill(s.kindInNamespace, { kind: kind(entry.kind), namespace: entry.namespace }, `${STRINGS}: ${code}.kindInNamespace`)
      : kind(entry.kind);
    const info = [`${escapeMarkdownText(s.header)} ${codeSpan(`#include <${entry.header}>`)}`, escapeMarkdownText(kindText)];
    const since = sinceText(entry.decls);
    if (since) info.push(since);
    lines.push(info.join(' · '), '');
    const bases = [...new Set(entry.decls.flatMap((id) => decls[id].bases || []))];
    if (bases.length) lines.push(`${escapeMarkdownText(s.bases)}: ${bases.map((b) => codeSpan(b)).join(', ')}`, '');
    for (const c of comments(entry.decls)) lines.push(c, '');
    const memberIds = entry.members.flatMap((m) => m.decls);
    const used = usedLine([...entry.decls, ...memberIds]);
    if (used) lines.push(used, '');
    const members = entry.members.filter((m) => m.kind !== 'enumerator');
    if (members.length) {
      lines.push(`**${escapeMarkdownText(s.members)}**: ${members.map((m) => anchorLink(m.name, entry.page, m.anchor)).join(', ')}`, '');
      for (const m of members) lines.push(renderMember(entry, m));
    }
    return lines.join('\n');
  }

  function renderIndex() {
    const lines = [];
    const byNamespace = new Map();
    for (const entry of reference.entries) {
      const ns = entry.namespace || '';
      if (!byNamespace.has(ns)) byNamespace.set(ns, []);
      byNamespace.get(ns).push(entry);
    }
    const namespaces = [...byNamespace.keys()].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));
    for (const ns of namespaces) {
      const anchor = ns ? reference.namespaces.get(ns) : 'macros';
      const title = ns ? fill(s.namespace, { namespace: ns }, `${STRINGS}: ${code}.namespace`) : s.macros;
      lines.push(heading(2, title, anchor), '');
      const entries = byNamespace.get(ns).slice().sort((a, b) => a.name.localeCompare(b.name) || a.qualified.localeCompare(b.qualified));
      for (const e of entries) {
        lines.push(`- ${anchorLink(e.name, e.page, e.anchor)}: ${escapeMarkdownText(kind(e.kind))}, ${codeSpan(e.header)} (${escapeMarkdownText(pageTitle(e.page))})`);
      }
      lines.push('');
    }
    // A namespace the code names whose entries all live elsewhere still gets its anchor.
    for (const [ns, anchor] of [...reference.namespaces].sort()) {
      if (!byNamespace.has(ns)) lines.push(heading(2, fill(s.namespace, { namespace: ns }, `${STRINGS}: ${code}.namespace`), anchor), '', escapeMarkdownText(s.noEntries), '');
    }
    return lines.join('\n').trim();
  }

  const bodies = new Map();
  const indexTemplate = readTemplate(root, config.index, code);
  if (!indexTemplate.text.includes(INDEX_MARK)) throw new RenderError(`${indexTemplate.rel}: has no line ${INDEX_MARK}`);
  bodies.set(config.index, indexTemplate.text.replace(INDEX_MARK, renderIndex()));
  for (const page of config.pages) {
    const template = readTemplate(root, page.id, code);
    if (!template.text.includes(ENTRIES_MARK)) throw new RenderError(`${template.rel}: has no line ${ENTRIES_MARK}`);
    const entries = reference.entries.filter((e) => e.page === page.id);
    const body = entries.length ? entries.map(renderEntry).join('\n').trim() : escapeMarkdownText(s.noEntries);
    bodies.set(page.id, template.text.replace(ENTRIES_MARK, body));
  }
  return bodies;
}

module.exports = { renderReferencePages, loadStrings, commentMarkdown, RenderError, STRINGS };
