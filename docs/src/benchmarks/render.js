// Render stage: the bodies (en, zh-CN) of the pages generated from the results JSON, as a pure
// function of the results, its history and the handler source: "benchmarks" (the Benchmarks page),
// "benchmark-details" (the Benchmark details page) and "front-page" (the front page's benchmark
// headline), named as the manifest's generatedBy names them. Stages: validate (schema, then
// cross-references) -> fill each page's template (docs/benchmarks/<page>.<lang>.md) with the sections
// of the subjects (subject-list.js) and the pages' own (page-sections.js), in the language's string
// table (docs/benchmarks/strings.<lang>.json).
// The zh-TW pages are convertMarkdown() of the zh-CN bodies (done by the build, not here).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { validateResults } = require('./validate');
const { createFormatter, spacedList } = require('./format');
const { escapeMarkdownText, oneLine } = require('../../../shared/src/escape');
const { inRepo, MANIFEST_FILE } = require('../../../shared/src/project-paths');
const { readBenchmarkHandler } = require('./handler');
const { fill, jsonEndpointText } = require('./sentences');
const { readBenchSettings } = require('./bench-settings');
const { readerText } = require('./reader-paths');
const { subjectSections, blockSentences, failedRuns } = require('./subject-list');
const { PAGE_SECTIONS, PLACED_SECTIONS } = require('./page-sections');

// The generated pages, as the manifest's generatedBy names them.
const GENERATED_PAGES = ['benchmarks', 'benchmark-details', 'front-page'];

const repoRoot = path.join(__dirname, '..', '..', '..');
const benchmarksDir = path.join(__dirname, '..', '..', 'benchmarks');
const LANGUAGES = ['en', 'zh-CN'];
const TOKEN_LINE = /^\{\{(\w+)\}\}$/;

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${path.relative(repoRoot, file)}: ${err.message}`);
  }
}

// The bench's English note templates (bench/scenarios.json "notes"): the details page reads a note's
// figures back from its text with them, to word the note in another language.
function readNoteTemplates(root) {
  return readBenchSettings(root).noteTemplates;
}

function readTemplate(page, lang) {
  return fs.readFileSync(path.join(benchmarksDir, `${page}.${lang}.md`), 'utf8');
}

/**
 * Routes of the site's pages per authored language, { [page id]: { [lang]: '/ENG/File' } }, from
 * docs/manifest.json (the build passes the ones of the manifest it loaded).
 */
function manifestRoutes(manifestPath = inRepo(MANIFEST_FILE)) {
  const manifest = readJson(manifestPath);
  const dirs = new Map(manifest.languages.map((l) => [l.code, l.dir]));
  const routes = {};
  for (const page of manifest.pages) {
    routes[page.id] = Object.fromEntries(LANGUAGES.map((lang) => [lang, `/${dirs.get(lang)}/${page[lang].file}`]));
  }
  return routes;
}

// Scenario labels: "100 connections, keep-alive"; the tool is added where two scenarios would read the same.
function scenarioLabels(results, strings, fmt) {
  const mode = (sc) => {
    if ((sc.pipelineDepth || 1) > 1) return fill(strings.scenario.pipelined, { depth: fmt.integer(sc.pipelineDepth) }, 'scenario.pipelined');
    return sc.keepAlive ? strings.scenario.keepAlive : strings.scenario.newConnection;
  };
  const base = new Map(results.scenarios.map((sc) => [sc.id, sc.kind === 'json' ? jsonEndpointText(strings, fmt, sc) : fill(strings.scenario.label, {
    connections: fmt.integer(sc.connections), mode: mode(sc),
  }, 'scenario.label')]));
  const counts = new Map();
  for (const label of base.values()) counts.set(label, (counts.get(label) || 0) + 1);
  return new Map(results.scenarios.map((sc) => {
    const label = base.get(sc.id);
    return [sc.id, counts.get(label) > 1
      ? fill(strings.scenario.labelWithTool, { label, tool: escapeMarkdownText(sc.tool) }, 'scenario.labelWithTool')
      : label];
  }));
}

function createContext(lang, strings, inputs) {
  const fmt = createFormatter(strings.format);
  const labels = scenarioLabels(inputs.results, strings, fmt);
  const names = new Map(inputs.results.servers.map((s) => [s.id, escapeMarkdownText(s.name)]));
  const listFormat = new Intl.ListFormat(fmt.locale, { type: 'conjunction', style: 'long' });
  const lookup = (key) => {
    const value = key.split('.').reduce((node, part) => (node ? node[part] : undefined), strings);
    if (typeof value !== 'string') throw new Error(`docs/benchmarks/strings.${lang}.json: ${key} missing`);
    return value;
  };
  const ctx = {
    ...inputs,
    lang,
    strings,
    fmt,
    // Data text as Markdown text, with no path of the machine that ran the bench (reader-paths.js).
    esc: (text) => escapeMarkdownText(readerText(text)),
    // Free English text of the results (a variant's reason for not being built) in this language: the
    // reviewed translation of exactly that text (strings "dataTranslations"), else the English text
    // marked as English, so a changed reason never shows an outdated translation.
    dataText: (text) => {
      const english = readerText(text);
      const table = strings.dataTranslations || {};
      if (lang === 'en') return escapeMarkdownText(english);
      if (Object.prototype.hasOwnProperty.call(table, english) && english !== '$comment') return escapeMarkdownText(table[english]);
      return `<span lang="en">${escapeMarkdownText(english)}</span>`;
    },
    fill: (template, values) => fill(template, values, `strings.${lang}.json`),
    t: (key, values = {}) => fill(lookup(key), values, `strings.${lang}.json: ${key}`),
    serverName: (id) => names.get(id),
    // For HTML text (chart captions), which escapes on its own: the name on one line, unescaped.
    serverPlainName: (id) => oneLine(inputs.results.servers.find((s) => s.id === id).name),
    scenarioLabel: (id) => labels.get(id),
    list: (items) => spacedList(listFormat, items),
    // A link to a page of the site (manifest id) in this language, optionally to one of its fixed :id= anchors.
    pageLink: (page, text, id) => {
      const route = inputs.routes[page] && inputs.routes[page][lang];
      if (!route) throw new Error(`benchmarks: no route for the page "${page}" in ${lang} (docs/manifest.json)`);
      return `[${text}](${route}${id ? `?id=${id}` : ''})`;
    },
  };
  // Where the subjects meet (subject-list.js): what each says after a scenario's sentence, every failed run.
  ctx.blockSentences = (scenario) => blockSentences(ctx, scenario);
  ctx.failedRuns = () => failedRuns(ctx);
  return ctx;
}

// Fills the template: every {{section}} sits alone on its line and must exist; every section is in the
// template, or one the page's own sections place (ctx.section) when the results call for it.
function fillTemplate(template, sections, ctx, name, placed = []) {
  const used = new Set();
  const pageCtx = { ...ctx };
  pageCtx.section = (section) => {
    if (!sections[section]) throw new Error(`docs/benchmarks/${name}: no section ${section}`);
    used.add(section);
    return sections[section](pageCtx);
  };
  const lines = template.replace(/\r\n?/g, '\n').split('\n').map((line) => {
    const token = TOKEN_LINE.exec(line.trim());
    if (!token) {
      if (/\{\{|\}\}/.test(line)) throw new Error(`docs/benchmarks/${name}: a {{section}} must sit alone on its line: ${line}`);
      return line;
    }
    if (!(token[1] in sections)) throw new Error(`docs/benchmarks/${name}: unknown section {{${token[1]}}}`);
    return pageCtx.section(token[1]);
  });
  const unknown = placed.filter((section) => !sections[section]);
  if (unknown.length) throw new Error(`docs/benchmarks/${name}: the page places sections no subject has: ${unknown.join(', ')}`);
  const unused = Object.keys(sections).filter((section) => !used.has(section) && !placed.includes(section));
  if (unused.length) throw new Error(`docs/benchmarks/${name}: sections missing: ${unused.map((n) => `{{${n}}}`).join(', ')}`);
  // Trailing spaces would be Markdown hard breaks; one final newline.
  return `${lines.join('\n').replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').trim()}\n`;
}

/** The {{sections}} of one generated page: the subjects' and the page's own. */
function pageSections(page) {
  const sections = { ...subjectSections(page) };
  for (const [name, fn] of Object.entries(PAGE_SECTIONS[page])) {
    if (sections[name]) throw new Error(`benchmarks: the section {{${name}}} of ${page} is both a subject's and the page's`);
    sections[name] = fn;
  }
  return sections;
}

/**
 * { benchmarks: { en, 'zh-CN' }, 'benchmark-details': { en, 'zh-CN' } }: Markdown bodies of the
 * generated pages (each starting with the page title; the navigation blocks are added by
 * docs/src/navigate/navigation.js). Throws, naming the field, when `results` or a `history` entry does not
 * match the results schema; nothing is written here.
 * options.root: repository root holding examples/benchmark (tests may point elsewhere);
 * options.resultsSha256: sha256 (hex) of the results file's bytes, shown as its provenance;
 * options.routes: routes of the site's pages by manifest id (default: from docs/manifest.json);
 * options.noteTemplates: the bench's note templates by code (default: from <root>/bench/scenarios.json).
 */
function renderBenchmarkPages({ results, resultsSha256, history = [], root = repoRoot, routes = manifestRoutes(), noteTemplates = readNoteTemplates(root) }) {
  if (typeof resultsSha256 !== 'string' || !/^[0-9a-f]{64}$/.test(resultsSha256)) {
    throw new Error('benchmarks: resultsSha256 (the sha256 of the results file\'s bytes, 64 hex digits) is required for the provenance lines');
  }
  validateResults(results, 'results');
  if (!Array.isArray(history)) throw new Error('history: expected an array of results');
  history.forEach((entry, i) => validateResults(entry, `history[${i}]`));
  const inputs = {
    results,
    history,
    handler: readBenchmarkHandler(root),
    layout: readJson(path.join(benchmarksDir, 'layout.json')),
    routes,
    source: { sha256: resultsSha256 },
    noteTemplates,
  };
  const pages = {};
  for (const page of GENERATED_PAGES) pages[page] = {};
  for (const lang of LANGUAGES) {
    const strings = readJson(path.join(benchmarksDir, `strings.${lang}.json`));
    const ctx = createContext(lang, strings, inputs);
    for (const page of GENERATED_PAGES) {
      pages[page][lang] = fillTemplate(readTemplate(page, lang), pageSections(page), ctx, `${page}.${lang}.md`, PLACED_SECTIONS[page]);
    }
  }
  return pages;
}

module.exports = { renderBenchmarkPages, manifestRoutes, createContext, GENERATED_PAGES, LANGUAGES };
