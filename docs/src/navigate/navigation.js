// Navigation generated from the manifest only: each language's _sidebar.md, each page's header block
// ("Other languages") and footer block (Previous / Next) between HTML comment markers, the site's
// language chooser, and the navigation map the language switcher uses. No cross-language link is
// typed anywhere; numbering is the manifest's order.
'use strict';
const { lexMarkdown } = require('../docsify/docsify-runtime');
const { extractHeadings } = require('../docsify/slug');
const { fillTemplate } = require('./ui-strings');

const generatedNote = 'generated from docs/manifest.json by docs/src/navigate/navigation.js; do not edit';
const markers = {
  header: { open: `<!-- nav:header (${generatedNote}) -->`, close: '<!-- /nav:header -->' },
  footer: { open: `<!-- nav:footer (${generatedNote}) -->`, close: '<!-- /nav:footer -->' },
};
// Any line that opens or closes a block, whatever its note says (older notes are still recognized).
const markerLine = /^<!-- (\/?)nav:(header|footer)\b.*-->[ \t]*$/;

// Escapes text for a markdown inline context (link text, emphasis): it shows as typed, never as markup.
function escapeMarkdownText(text) {
  // Parentheses too: marked turns an escaped "\[b\](x)" inside link text back into a link.
  return String(text).replace(/[\\`*_[\]()<>&|~!#]/g, '\\$&').replace(/\r?\n/g, ' ');
}

function link(text, route) {
  // Routes are validated by the manifest (no whitespace, parentheses or brackets).
  return `[${escapeMarkdownText(text)}](${route})`;
}

function numbered(page, code) {
  return `${page.number}. ${page.entries[code].title}`;
}

// "**Next**: " / "**下一页**：" (the separator stays outside the emphasis: "**Next: **" is not bold).
function label(ui, key) {
  return `**${escapeMarkdownText(ui[key])}**${escapeMarkdownText(ui.labelSeparator)}`;
}

function findPage(manifest, pageId) {
  const page = manifest.pages.find((p) => p.id === pageId);
  if (!page) throw new Error(`navigation: unknown page id "${pageId}"`);
  return page;
}

function renderHeaderBlock(manifest, ui, pageId, code) {
  const page = findPage(manifest, pageId);
  const others = manifest.languages.filter((l) => l.code !== code)
    .map((l) => link(l.name, page.entries[l.code].route));
  return [markers.header.open, `${label(ui[code], 'otherLanguages')}${others.join(' · ')}`, markers.header.close].join('\n');
}

function renderFooterBlock(manifest, ui, pageId, code) {
  const page = findPage(manifest, pageId);
  const i = manifest.pages.indexOf(page);
  const parts = [];
  const prev = manifest.pages[i - 1];
  const next = manifest.pages[i + 1];
  if (prev) parts.push(`${label(ui[code], 'previous')}${link(numbered(prev, code), prev.entries[code].route)}`);
  if (next) parts.push(`${label(ui[code], 'next')}${link(numbered(next, code), next.entries[code].route)}`);
  const lines = [markers.footer.open, '', '---', ''];
  if (parts.length) lines.push(parts.join(' · '));
  lines.push(markers.footer.close);
  return lines.join('\n');
}

function renderSidebar(manifest, code) {
  const lines = [`<!-- ${generatedNote} -->`, ''];
  for (const section of manifest.sections) {
    const pages = manifest.pages.filter((p) => p.section === section.id);
    lines.push(`- ${escapeMarkdownText(section.title[code])}`);
    for (const page of pages) lines.push(`  - ${link(numbered(page, code), page.entries[code].route)}`);
  }
  return lines.join('\n') + '\n';
}

// The site root (/): a language chooser and its sidebar. Written into site/ only.
function renderLanguageChooser(manifest, ui) {
  const first = manifest.pages[0];
  const lines = [`<!-- ${generatedNote} -->`, '', `# ${escapeMarkdownText(ui[manifest.languages[0].code].chooseLanguageTitle)}`, ''];
  for (const lang of manifest.languages) {
    lines.push(`- ${link(lang.name, first.entries[lang.code].route)}: ${escapeMarkdownText(ui[lang.code].chooseLanguageBody)} ${link(first.entries[lang.code].title, first.entries[lang.code].route)}`);
  }
  return lines.join('\n') + '\n';
}

function renderRootSidebar(manifest) {
  const first = manifest.pages[0];
  const lines = [`<!-- ${generatedNote} -->`, ''];
  for (const lang of manifest.languages) lines.push(`- ${link(lang.name, first.entries[lang.code].route)}`);
  return lines.join('\n') + '\n';
}

// Splits a page file into its authored body and its navigation blocks. The header block must be at
// the top and the footer block at the bottom, each at most once; anything else is an error that
// names the file and line, so a damaged block is never silently kept or duplicated.
function splitPage(text, where) {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const found = [];
  lines.forEach((line, i) => {
    const m = markerLine.exec(line);
    if (m) found.push({ kind: m[2], closing: m[1] === '/', line: i });
  });
  const blocks = {};
  for (let i = 0; i < found.length; i++) {
    const mark = found[i];
    const at = `${where}:${mark.line + 1}`;
    if (mark.closing) throw new Error(`${at}: "nav:${mark.kind}" closing marker without an opening marker`);
    const close = found[i + 1];
    if (!close || close.kind !== mark.kind || !close.closing) throw new Error(`${at}: "nav:${mark.kind}" block is not closed by <!-- /nav:${mark.kind} -->`);
    if (blocks[mark.kind]) throw new Error(`${at}: second "nav:${mark.kind}" block`);
    blocks[mark.kind] = { start: mark.line, end: close.line };
    i++;
  }
  const isBlank = (from, to) => lines.slice(from, to).every((l) => l.trim() === '');
  let bodyStart = 0;
  let bodyEnd = lines.length;
  if (blocks.header) {
    if (!isBlank(0, blocks.header.start)) throw new Error(`${where}:${blocks.header.start + 1}: the nav:header block must be at the top of the page`);
    bodyStart = blocks.header.end + 1;
  }
  if (blocks.footer) {
    if (!isBlank(blocks.footer.end + 1, lines.length)) throw new Error(`${where}:${blocks.footer.end + 1}: the nav:footer block must be at the end of the page`);
    if (blocks.header && blocks.footer.start < blocks.header.end) throw new Error(`${where}:${blocks.footer.start + 1}: nav:footer block before nav:header block`);
    bodyEnd = blocks.footer.start;
  }
  return {
    body: lines.slice(bodyStart, bodyEnd).join('\n').trim(),
    header: blocks.header ? lines.slice(blocks.header.start, blocks.header.end + 1).join('\n') : null,
    footer: blocks.footer ? lines.slice(blocks.footer.start, blocks.footer.end + 1).join('\n') : null,
    bodyFirstLine: bodyStart + 1,
  };
}

function assemblePage(header, body, footer) {
  return `${header}\n\n${body.trim()}\n\n${footer}\n`;
}

// The page body's first heading must be an H1 equal to the manifest title. Returns an error
// message, or null.
function checkTitle(body, expectedTitle) {
  const first = lexMarkdown(body).find((t) => t.type === 'heading');
  if (!first) return `no heading; the page must start with "# ${expectedTitle}"`;
  const text = first.text.replace(/\\([!-/:-@[-`{-~])/g, '$1'); // CommonMark backslash escapes
  if (first.depth !== 1) return `first heading is level ${first.depth} "${first.text}"; expected "# ${expectedTitle}"`;
  if (text !== expectedTitle) return `first heading "# ${first.text}" differs from the manifest title "${expectedTitle}"`;
  return null;
}

// docsify alias: a language folder's root (/ENG/) opens that language's first page (the front page),
// and the site's root (/) the first language's (its sidebar stays the root one: the languages).
function buildAliases(manifest) {
  const first = manifest.pages[0];
  return {
    '/': first.entries[manifest.languages[0].code].route,
    ...Object.fromEntries(manifest.languages.map((l) => [`/${l.dir}/`, first.entries[l.code].route])),
  };
}

// Pages x languages -> route and title, with each page's heading slugs so the language switcher can
// keep ?id= when it resolves in the other language. bodies: { [pageId]: { [code]: markdown body } }.
function buildNavigationMap(manifest, ui, bodies) {
  return {
    generatedFrom: 'docs/manifest.json',
    languages: manifest.languages.map((l) => ({ code: l.code, dir: l.dir, htmlLang: l.htmlLang, name: l.name })),
    aliases: buildAliases(manifest),
    ui,
    pages: manifest.pages.map((page) => ({
      id: page.id,
      number: page.number,
      languages: Object.fromEntries(manifest.languages.map((l) => [l.code, {
        route: page.entries[l.code].route,
        title: page.entries[l.code].title,
        headings: bodies && bodies[page.id] && typeof bodies[page.id][l.code] === 'string'
          ? extractHeadings(bodies[page.id][l.code]).map((h) => ({ depth: h.depth, id: h.slug }))
          : [],
      }])),
    })),
  };
}

module.exports = {
  markers, renderHeaderBlock, renderFooterBlock, renderSidebar, renderLanguageChooser, renderRootSidebar,
  splitPage, assemblePage, checkTitle, buildNavigationMap, buildAliases, escapeMarkdownText, fillTemplate,
};
