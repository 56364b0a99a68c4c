// A guide page as its reader gets it, turned into the steps the page runner takes: the page's Markdown
// (what docsify fetches) rendered to HTML by the prerender stage (what a reader without JavaScript
// gets, and the same markdown-it rules), then read back in order. What runs is the text of the
// page's <pre> blocks, never the files they were generated from; the generated comments around a
// block (<!-- guide:code examples/guide/<chapter>/commands.sh#<region> ... -->) say which region it
// is and what its reader does with it (docs/src/guide/code-blocks.js: untested, keeps-running,
// stops=, install=).
//
// Steps, in page order:
//   { kind: 'folder', chapter, base, buildCommand, prefixOption }  the folder note under the title: copy
//                                                           the chapter's folder (base/chapter: examples/guide/<chapter>,
//                                                           or a tutorial step's examples/tutorial/<step>), build it
//   { kind: 'commands', lang, text, region, run, heading }  a sh or bash block
//   { kind: 'file', rel, region, lang, text }              a file (or part of one) the page shows
//   { kind: 'expected', rel, file, text }                  what a command prints (<chapter>/expected/<region>.txt, file: from the repository's root)
//   { kind: 'note', text, heading }                        a "not run by the tests" note
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { createMarkdown, renderMarkdown } = require('../../../docs/src/prerender/markdown');
const { loadManifest } = require('../../../docs/src/navigate/manifest');
const { buildAliases } = require('../../../docs/src/navigate/navigation');
const { loadGuideConfig } = require('../../../docs/src/guide/code-blocks');
const { parseDirective } = require('../../../docs/src/guide/code-directive');
const { examplesDirOfFile } = require('../../../docs/src/guide/example-folder');
const { convertText } = require('../../../docs/src/convert/zh-tw');

const repoRoot = path.join(__dirname, '..', '..', '..');
const SHELLS = new Set(['sh', 'bash']);
// How a note saying that the blocks before it are not run starts, per language (the note's bold
// label): not run by any test, or not by the page runner (another test runs them). zh-TW is the
// conversion of zh-CN, as the build converts the page.
const UNTESTED_LABELS = { en: ["Not run by this site's tests", 'Not run by the page runner'], 'zh-CN': ['本站的测试没有运行', '页面运行器没有运行'] };
UNTESTED_LABELS['zh-TW'] = UNTESTED_LABELS['zh-CN'].map(convertText);

// The text of HTML the prerender wrote (Prism's spans removed, entities decoded).
function htmlText(html) {
  return html.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos|#39);/gi, (all, e) => {
    const named = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[e.toLowerCase()];
    if (named) return named;
    return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}

let context = null;
function siteContext(root) {
  if (context && context.root === root) return context;
  const manifest = loadManifest({ manifestPath: path.join(root, 'docs', 'manifest.json') });
  const pages = new Map();
  for (const page of manifest.pages) for (const lang of manifest.languages) pages.set(page.entries[lang.code].route, { htmlLang: lang.htmlLang });
  context = { root, manifest, pages, aliases: buildAliases(manifest), md: createMarkdown(), config: loadGuideConfig(root) };
  return context;
}

/** The guide pages of the manifest: [{ id, entries }] (entries by language code: relPath, route, title). */
function guidePages(root = repoRoot) {
  const { manifest, config } = siteContext(root);
  return manifest.pages.filter((p) => config.sections.has(p.section));
}

/** The page's HTML as the prerender stage renders it. */
function renderPage(page, code, { root = repoRoot, markdown } = {}) {
  const { manifest, pages, aliases, md } = siteContext(root);
  const lang = manifest.languages.find((l) => l.code === code);
  const entry = page.entries[code];
  const text = markdown === undefined ? fs.readFileSync(path.join(root, entry.relPath), 'utf8') : markdown;
  return renderMarkdown(md, text, { route: entry.route, htmlLang: lang.htmlLang, aliases, pages }).html;
}

// The pieces of the HTML in order: comments, code blocks, headings and quotes' first strong text.
const PIECES = /<!--([\s\S]*?)-->|<pre data-lang="([^"]*)"[^>]*><code[^>]*>([\s\S]*?)<\/code><\/pre>|<h([1-6])[^>]*>([\s\S]*?)<\/h\4>|<blockquote>\s*<p><strong>([\s\S]*?)<\/strong>([\s\S]*?)<\/p>/g;

/**
 * The steps of a rendered page (see the top of this file). where: named in errors (the page's file).
 * Throws when a block of commands is not one the runner knows how to run.
 */
function pageSteps(html, { where, code = 'en', config = siteContext(repoRoot).config }) {
  const steps = [];
  let directive = null;
  let heading = '';
  let folderNote = null;
  let changes = false; // in a tutorial step's changes (guide:changes): files shown, not commands
  for (const m of html.matchAll(PIECES)) {
    const [, comment, lang, codeHtml, , headingHtml, strong, rest] = m;
    if (comment !== undefined) {
      const body = comment.trim();
      if (body.startsWith('guide:changes ')) changes = true;
      else if (body === '/guide:changes') changes = false;
      else if (body.startsWith('guide:code ')) directive = parseDirective(body.slice('guide:code '.length), where);
      else if (body.startsWith('guide:example-folder')) folderNote = { start: m.index };
      else if (body.startsWith('/guide:example-folder') && folderNote) {
        steps.push(folderStep(html.slice(folderNote.start, m.index), config, where));
        folderNote = null;
      } else if (body === '/guide:code') directive = null;
      continue;
    }
    if (headingHtml !== undefined) {
      heading = htmlText(headingHtml).trim();
      continue;
    }
    if (strong !== undefined) {
      const label = htmlText(strong).trim();
      if (UNTESTED_LABELS[code].some((l) => label.startsWith(l))) steps.push({ kind: 'note', text: `${label}${htmlText(rest)}`.replace(/\s+/g, ' ').trim(), heading });
      continue;
    }
    // A file a tutorial step adds or changes (a shell script among them): the step's folder has it.
    if (changes) continue;
    const text = htmlText(codeHtml).replace(/\n$/, '');
    // The file relative to its examples folder (examples/guide, or the tutorial's examples/tutorial).
    const rel = directive ? directive.file.slice(`${examplesDirOfFile(config, directive.file)}/`.length) : null;
    if (SHELLS.has(lang) && (!directive || rel.endsWith('/commands.sh'))) {
      steps.push({ kind: 'commands', lang, text, region: directive ? directive.region : null, run: directive ? directive.run : {}, heading });
    } else if (directive && /^[^/]+\/expected\//.test(rel)) {
      steps.push({ kind: 'expected', rel, file: directive.file, text });
    } else if (directive) {
      steps.push({ kind: 'file', rel, region: directive.region, lang, text });
    }
  }
  return steps;
}

// The folder note: which chapter, and, for a folder that builds, the command and the prefix option.
function folderStep(noteHtml, config, where) {
  const links = config.examplesDirs.map((dir) => ({ base: dir, m: new RegExp(`${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/([a-z0-9-]+)/?"`).exec(noteHtml) }));
  const found = links.find((l) => l.m);
  if (!found) throw new Error(`${where}: the folder note names no folder under ${config.examplesDirs.join('/ or ')}/`);
  const link = found.m;
  const codes = [...noteHtml.matchAll(/<code>([\s\S]*?)<\/code>/g)].map((c) => htmlText(c[1]));
  const buildCommand = codes.find((c) => c === config.folderBuildCommand) || null;
  const prefixOption = codes.find((c) => c.startsWith('-DCMAKE_PREFIX_PATH=')) || null;
  return { kind: 'folder', chapter: link[1], base: found.base, buildCommand, prefixOption };
}

/** The steps of one guide page in one language (default English), read as its reader gets it. */
function readPage(page, code = 'en', { root = repoRoot, markdown } = {}) {
  const where = page.entries[code].relPath;
  return pageSteps(renderPage(page, code, { root, markdown }), { where, code, config: siteContext(root).config });
}

module.exports = { readPage, pageSteps, guidePages, renderPage, htmlText, UNTESTED_LABELS };
