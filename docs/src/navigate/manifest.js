// Loads and validates docs/manifest.json: the one list of pages, sections and languages that every
// cross-language link is generated from. Derived languages (zh-TW) get their file names and titles
// from the source language through the OpenCC conversion, never typed.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const { inRepo, MANIFEST_FILE } = require('../../../shared/src/project-paths');

const defaultManifestPath = inRepo(MANIFEST_FILE);

// Page kinds whose body is generated rather than authored.
const generators = new Set(['benchmarks', 'benchmark-details', 'front-page', 'api-reference']);
// Where the site is published (canonical links, hreflang alternates, sitemap.xml): the manifest's
// "site.baseUrl" is the one place to change it; this default is used only when a manifest has none.
const DEFAULT_BASE_URL = 'https://drogonframework.github.io/drogon-docs/';
// Converters for derived languages: derived code -> source code it is converted from.
const derivations = { 'zh-TW': 'zh-CN' };

// A file name becomes a route segment and a file on disk: no path separators, URL syntax, markdown
// link syntax or whitespace, and no extension (docsify adds .md).
const unsafeFileChars = /[\s/\\?#%()[\]<>"'`|*:&]/u;

class ManifestError extends Error {
  constructor(source, field, message) {
    super(`${source}: ${field}: ${message}`);
    this.name = 'ManifestError';
    this.field = field;
  }
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  return typeof value;
}

function makeChecker(source) {
  const fail = (field, message) => { throw new ManifestError(source, field, message); };
  return {
    fail,
    object(value, field) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(field, `expected an object, got ${describe(value)}`);
      return value;
    },
    array(value, field) {
      if (!Array.isArray(value) || value.length === 0) fail(field, `expected a non-empty array, got ${describe(value)}`);
      return value;
    },
    string(value, field) {
      if (typeof value !== 'string' || value.trim() === '') fail(field, `expected a non-empty string, got ${describe(value)}`);
      if (value !== value.trim()) fail(field, `has leading or trailing whitespace: ${describe(value)}`);
      if (/[\r\n]/.test(value)) fail(field, 'must be one line');
      return value;
    },
    onlyKeys(value, allowed, field) {
      for (const key of Object.keys(value)) {
        if (key !== '$comment' && !allowed.includes(key)) {
          fail(`${field}.${key}`, `unknown field (allowed: ${allowed.join(', ')})`);
        }
      }
    },
  };
}

function checkFileName(check, name, field) {
  check.string(name, field);
  if (unsafeFileChars.test(name)) check.fail(field, `file name ${describe(name)} contains a character not allowed in a route (whitespace or one of / \\ ? # % ( ) [ ] < > " ' \` | * : &)`);
  if (name.startsWith('.') || name.startsWith('_')) check.fail(field, `file name ${describe(name)} must not start with "." or "_" (reserved for docsify files)`);
  if (/\.md$/i.test(name)) check.fail(field, `file name ${describe(name)} must be given without the .md extension`);
  return name;
}

function validateLanguages(check, raw) {
  const languages = check.array(raw, 'languages').map((lang, i) => {
    const field = `languages[${i}]`;
    check.object(lang, field);
    check.onlyKeys(lang, ['code', 'dir', 'htmlLang', 'name', 'derivedFrom'], field);
    const entry = {
      code: check.string(lang.code, `${field}.code`),
      dir: check.string(lang.dir, `${field}.dir`),
      htmlLang: check.string(lang.htmlLang, `${field}.htmlLang`),
      name: check.string(lang.name, `${field}.name`),
      derivedFrom: lang.derivedFrom === undefined ? null : check.string(lang.derivedFrom, `${field}.derivedFrom`),
    };
    if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(entry.dir)) check.fail(`${field}.dir`, `folder name ${describe(entry.dir)} must be letters, digits, _ or -`);
    if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(entry.htmlLang)) check.fail(`${field}.htmlLang`, `${describe(entry.htmlLang)} is not a BCP 47 language tag`);
    return entry;
  });
  for (const key of ['code', 'dir']) {
    const seen = new Set();
    languages.forEach((lang, i) => {
      if (seen.has(lang[key])) check.fail(`languages[${i}].${key}`, `duplicate ${key} ${describe(lang[key])}`);
      seen.add(lang[key]);
    });
  }
  languages.forEach((lang, i) => {
    if (lang.derivedFrom === null) return;
    const field = `languages[${i}].derivedFrom`;
    if (derivations[lang.code] !== lang.derivedFrom) {
      const known = Object.entries(derivations).map(([to, from]) => `${to} from ${from}`).join(', ');
      check.fail(field, `no converter derives ${lang.code} from ${describe(lang.derivedFrom)} (known: ${known})`);
    }
    if (!languages.some((l) => l.code === lang.derivedFrom && l.derivedFrom === null)) {
      check.fail(field, `${describe(lang.derivedFrom)} is not an authored language of this manifest`);
    }
  });
  if (languages[0].derivedFrom !== null) check.fail('languages[0]', 'the first (default) language must be authored, not derived');
  return languages;
}

// The repository the pages' "Edit this page" links point into: { url, branch } (optional; without
// it the site shows no edit links). Edit links are <url>/edit/<branch>/<path> (GitHub's form).
function validateRepository(check, raw) {
  check.object(raw, 'repository');
  check.onlyKeys(raw, ['url', 'branch'], 'repository');
  const url = check.string(raw.url, 'repository.url');
  if (!/^https:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(url) || url.endsWith('/')) check.fail('repository.url', `${describe(url)} must be an https:// URL without a trailing slash, query or fragment`);
  const branch = check.string(raw.branch, 'repository.branch');
  if (!/^[A-Za-z0-9._/-]+$/.test(branch) || branch.includes('..') || branch.startsWith('/') || branch.endsWith('/')) check.fail('repository.branch', `${describe(branch)} is not a plain branch name`);
  return { url, branch };
}

// Per-language text map: authored languages required, derived languages must not be typed.
function checkPerLanguage(check, value, languages, field, checkValue) {
  const out = {};
  for (const lang of languages) {
    if (lang.derivedFrom !== null) {
      if (value[lang.code] !== undefined) {
        check.fail(`${field}.${lang.code}`, `${lang.code} is derived from ${lang.derivedFrom} by conversion; remove it (it is never typed)`);
      }
      continue;
    }
    if (value[lang.code] === undefined) check.fail(`${field}.${lang.code}`, 'missing');
    out[lang.code] = checkValue(value[lang.code], `${field}.${lang.code}`);
  }
  return out;
}

function loadConverter() {
  // Required lazily: a manifest without derived languages does not need OpenCC.
  return require('../convert/zh-tw.js');
}

function validateManifest(raw, { source = 'docs/manifest.json', converter } = {}) {
  const check = makeChecker(source);
  check.object(raw, '(root)');
  check.onlyKeys(raw, ['repository', 'languages', 'sections', 'pages', 'site'], '(root)');
  const repository = raw.repository === undefined ? null : validateRepository(check, raw.repository);
  const languages = validateLanguages(check, raw.languages);
  const site = validateSite(check, raw.site);
  const derivedLanguages = languages.filter((l) => l.derivedFrom !== null);
  const convert = derivedLanguages.length ? (converter || loadConverter()) : null;
  const derive = (text, field) => {
    let converted;
    try {
      converted = convert.convertText(text);
    } catch (err) {
      check.fail(field, `conversion failed: ${err.message}`);
    }
    return converted;
  };

  const sections = check.array(raw.sections, 'sections').map((section, i) => {
    const field = `sections[${i}]`;
    check.object(section, field);
    check.onlyKeys(section, ['id', 'title', 'searchOrder'], field);
    const id = check.string(section.id, `${field}.id`);
    check.object(section.title, `${field}.title`);
    const title = checkPerLanguage(check, section.title, languages, `${field}.title`, (v, f) => check.string(v, f));
    for (const lang of derivedLanguages) title[lang.code] = derive(title[lang.derivedFrom], `${field}.title.${lang.code}`);
    // searchOrder: where the section's pages come among search results whose headings say the query
    // as closely (0, the default, first; the tutorial's steps after the chapters: shared/src/search-rank.js).
    const searchOrder = section.searchOrder === undefined ? 0 : section.searchOrder;
    if (!Number.isInteger(searchOrder) || searchOrder < 0) check.fail(`${field}.searchOrder`, `expected a non-negative integer, got ${describe(section.searchOrder)}`);
    return { id, title, searchOrder };
  });
  const sectionIds = new Set();
  sections.forEach((s, i) => {
    if (sectionIds.has(s.id)) check.fail(`sections[${i}].id`, `duplicate section id ${describe(s.id)}`);
    sectionIds.add(s.id);
  });

  const pageKeys = ['id', 'order', 'section', 'generatedBy', ...languages.map((l) => l.code)];
  const pages = check.array(raw.pages, 'pages').map((page, i) => {
    const field = `pages[${i}]`;
    check.object(page, field);
    check.onlyKeys(page, pageKeys, field);
    const id = check.string(page.id, `${field}.id`);
    if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) check.fail(`${field}.id`, `${describe(id)} must be lowercase letters, digits and -`);
    if (!Number.isInteger(page.order) || page.order < 0) check.fail(`${field}.order`, `expected a non-negative integer, got ${describe(page.order)}`);
    const section = check.string(page.section, `${field}.section`);
    if (!sectionIds.has(section)) check.fail(`${field}.section`, `unknown section ${describe(section)} (known: ${[...sectionIds].join(', ')})`);
    let generatedBy = null;
    if (page.generatedBy !== undefined) {
      generatedBy = check.string(page.generatedBy, `${field}.generatedBy`);
      if (!generators.has(generatedBy)) check.fail(`${field}.generatedBy`, `unknown generator ${describe(generatedBy)} (known: ${[...generators].join(', ')})`);
    }
    const entries = checkPerLanguage(check, page, languages, field, (entry, f) => {
      check.object(entry, f);
      check.onlyKeys(entry, ['file', 'title'], f);
      return { file: checkFileName(check, entry.file, `${f}.file`), title: check.string(entry.title, `${f}.title`) };
    });
    for (const lang of derivedLanguages) {
      const src = entries[lang.derivedFrom];
      entries[lang.code] = {
        file: checkFileName(check, derive(src.file, `${field}.${lang.code}.file`), `${field}.${lang.code}.file (derived from ${describe(src.file)})`),
        title: derive(src.title, `${field}.${lang.code}.title`),
      };
    }
    return { id, order: page.order, section, generatedBy, entries, index: i };
  });

  // Uniqueness: ids, orders, and file names per language (also after conversion).
  const unique = (key, fieldOf) => {
    const seen = new Map();
    pages.forEach((p) => {
      const k = key(p);
      if (seen.has(k)) check.fail(fieldOf(p), `duplicate ${describe(k)} (also used by pages[${seen.get(k)}])`);
      seen.set(k, p.index);
    });
  };
  unique((p) => p.id, (p) => `pages[${p.index}].id`);
  unique((p) => p.order, (p) => `pages[${p.index}].order`);
  for (const lang of languages) {
    unique((p) => p.entries[lang.code].file.normalize('NFC').toLowerCase(), (p) => `pages[${p.index}].${lang.code}.file`);
  }

  // Sidebar groups pages by section; numbering follows order. Both agree only if each section's
  // pages are contiguous in order and sections come in the order of the sections list.
  pages.sort((a, b) => a.order - b.order);
  const sectionRank = new Map(sections.map((s, i) => [s.id, i]));
  for (let i = 1; i < pages.length; i++) {
    const prev = pages[i - 1];
    const cur = pages[i];
    if (sectionRank.get(cur.section) < sectionRank.get(prev.section)) {
      check.fail(`pages[${cur.index}].section`, `page ${describe(cur.id)} (order ${cur.order}) is in section ${describe(cur.section)}, which comes before section ${describe(prev.section)} of page ${describe(prev.id)} (order ${prev.order}); keep each section's pages contiguous and sections in the order of "sections"`);
    }
  }
  const unusedSection = sections.find((s) => !pages.some((p) => p.section === s.id));
  if (unusedSection) check.fail(`sections[${sections.indexOf(unusedSection)}]`, `section ${describe(unusedSection.id)} has no pages`);

  const finishedPages = pages.map((p, i) => {
    const entries = {};
    for (const lang of languages) {
      const { file, title } = p.entries[lang.code];
      entries[lang.code] = { file, title, route: `/${lang.dir}/${file}`, relPath: `${lang.dir}/${file}.md` };
    }
    return { id: p.id, order: p.order, number: i + 1, section: p.section, generatedBy: p.generatedBy, entries };
  });
  return { source, repository, languages, sections, pages: finishedPages, site };
}

// site.baseUrl: an absolute http(s) URL of the folder the site is served from, ending in "/", without
// query or fragment (pages' canonical URLs are this plus their clean path).
function validateSite(check, raw) {
  if (raw === undefined) return { baseUrl: DEFAULT_BASE_URL };
  check.object(raw, 'site');
  check.onlyKeys(raw, ['baseUrl'], 'site');
  const baseUrl = check.string(raw.baseUrl, 'site.baseUrl');
  let url;
  try {
    url = new URL(baseUrl);
  } catch {
    check.fail('site.baseUrl', `${describe(baseUrl)} is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') check.fail('site.baseUrl', `${describe(baseUrl)} must start with https:// or http://`);
  if (url.search || url.hash || url.username || url.password) check.fail('site.baseUrl', `${describe(baseUrl)} must have no query, fragment or credentials`);
  if (!url.pathname.endsWith('/')) check.fail('site.baseUrl', `${describe(baseUrl)} must end with "/" (the folder the site is served from)`);
  if (url.href !== baseUrl) check.fail('site.baseUrl', `${describe(baseUrl)} is not in normal form; write ${describe(url.href)}`);
  return { baseUrl };
}

function loadManifest({ manifestPath = defaultManifestPath, converter } = {}) {
  const source = path.relative(process.cwd(), manifestPath) || manifestPath;
  let text;
  try {
    text = fs.readFileSync(manifestPath, 'utf8');
  } catch (err) {
    throw new ManifestError(source, '(file)', `cannot read: ${err.message}`);
  }
  let raw;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ManifestError(source, '(file)', `invalid JSON: ${err.message}`);
  }
  return validateManifest(raw, { source, converter });
}

function languageByCode(manifest, code) {
  const lang = manifest.languages.find((l) => l.code === code);
  if (!lang) throw new Error(`unknown language code ${describe(code)}`);
  return lang;
}

function languageByDir(manifest, dir) {
  return manifest.languages.find((l) => l.dir === dir) || null;
}

// Pages of one language in manifest order: { id, number, section, generatedBy, file, title, route, relPath }.
function pagesForLanguage(manifest, code) {
  languageByCode(manifest, code);
  return manifest.pages.map((p) => ({ id: p.id, number: p.number, section: p.section, generatedBy: p.generatedBy, ...p.entries[code] }));
}

function routeFor(manifest, pageId, code) {
  const page = manifest.pages.find((p) => p.id === pageId);
  if (!page) throw new Error(`unknown page id ${describe(pageId)}`);
  languageByCode(manifest, code);
  return page.entries[code].route;
}

module.exports = {
  loadManifest, validateManifest, ManifestError, pagesForLanguage, routeFor, languageByCode, languageByDir,
  defaultManifestPath, DEFAULT_BASE_URL,
};
