// Section parity: each English section against its Simplified Chinese section. A whole-page hash
// (translation-status.js) says a page was translated once; it cannot see a sentence the translation
// dropped. Here every page is cut into sections at its headings (the title's section holds the intro),
// the English and Chinese sections are paired by order, and within each pair these must match:
//   - inline code (`x`): the same set of spans;
//   - numbers written in digits, outside code (thousands separators ignored: 1,051 = 1051);
//   - link targets: an internal link as the page it opens and the section its anchor names (so
//     /ENG/Routing?id=groups and /CHN/路由?id=分组 match), an external one as its URL;
//   - what the generator fills in: guide:code directives and bench:NAME parts, in order, and the
//     {{placeholders}} of a generated page's template.
// The heading outline (count and levels) must match too. Sets, not counts: a translation may name a
// token twice where the English names it once. Fenced code and generated blocks are not compared:
// they come from one source for every language.
//
// Sources: each authored page's ENG and CHN body; for a generated page, its templates
// (docs/benchmarks/<page>.<lang>.md). String tables (docs/benchmarks/strings.*.json,
// docs/guide/strings.json, docs/ui-strings.json) are compared key by key with the same rules plus
// their {placeholders}.
//
// Pages are read from `root` (the content); templates and string tables from this checkout, where the
// generator reads them.
//
// Justified differences are listed in docs/section-parity-exceptions.json, each with its reason; an
// exception that no longer matches a finding is itself reported, so the list stays true.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { lexMarkdown } = require('../docsify/docsify-runtime');
const { createSlugger, headingConfigId } = require('../docsify/slug');
const { resolveLink } = require('../link-check/link-check');
const { splitPage } = require('../navigate/navigation');
const { collapseBody } = require('../guide/code-blocks');
const { emptyBenchParts } = require('../benchmarks/methodology');
const { editSource } = require('./sources');

const EXCEPTIONS = 'docs/section-parity-exceptions.json';
const KINDS = ['outline', 'code', 'number', 'link', 'generated', 'placeholder'];
const KIND_NAMES = { code: 'inline code', number: 'number', link: 'link', generated: 'generated part', placeholder: 'placeholder' };
const STRING_TABLES = [
  { file: 'docs/benchmarks/strings.{lang}.json', perLanguageFile: true },
  { file: 'docs/guide/strings.json' },
  { file: 'docs/ui-strings.json' },
];

const repoRoot = path.join(__dirname, '..', '..', '..');
const GENERATED_MARK = /<!--\s*(guide:code\s+\S+)\s*(?:\(generated[^>]*)?-->/g;
const NUMBER = /\d+(?:[.,]\d+)*/g;

/** Numbers written in digits in a text: "1,051" -> "1051" (a comma between groups of three is a separator). */
function numbersIn(text) {
  return (text.match(NUMBER) || []).map((n) => (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(n) ? n.replace(/,/g, '') : n));
}

function emptyFeatures() {
  return { code: new Set(), number: new Set(), link: new Set(), generated: [], placeholder: new Set() };
}

/**
 * The sections of a Markdown body as docsify's lexer reads it:
 * [{ depth (0 before the first heading), heading, slug, tokens: top-level tokens }].
 */
function splitSections(markdown) {
  const slug = createSlugger();
  const sections = [{ depth: 0, heading: '', slug: null, tokens: [] }];
  for (const token of lexMarkdown(markdown)) {
    if (token.type === 'heading') {
      sections.push({ depth: token.depth, heading: token.text, slug: slug(headingConfigId(token.text) || token.text), tokens: [token] });
    } else {
      sections[sections.length - 1].tokens.push(token);
    }
  }
  // An empty lead-in (nothing but blank lines before the title) is no section of its own.
  if (sections.length > 1 && sections[0].tokens.every((t) => t.type === 'space')) sections.shift();
  return sections;
}

/** Adds the features of marked tokens to f. link(href) turns a link target into its comparable form. */
function collect(tokens, f, link) {
  for (const token of tokens || []) {
    switch (token.type) {
      case 'code':
        break; // fenced or indented code: one source for every language
      case 'codespan':
        f.code.add(unescapeCode(token.text));
        break;
      case 'link':
      case 'image':
        f.link.add(link(token.href));
        collect(token.tokens, f, link);
        break;
      case 'html':
        for (const m of token.raw.matchAll(GENERATED_MARK)) f.generated.push(m[1].replace(/\s+/, ' '));
        break;
      case 'text':
      case 'escape':
        if (token.tokens) collect(token.tokens, f, link);
        else addText(token.text, f);
        break;
      case 'list':
        for (const item of token.items) collect(item.tokens, f, link);
        break;
      case 'table':
        for (const cell of token.header) collect(cell.tokens, f, link);
        for (const row of token.rows) for (const cell of row) collect(cell.tokens, f, link);
        break;
      default:
        if (token.tokens) collect(token.tokens, f, link);
        else if (typeof token.text === 'string' && token.type !== 'space' && token.type !== 'hr') addText(token.text, f);
    }
  }
}

// marked keeps HTML entities of a code span escaped (&amp; &lt; &gt; &quot; &#39;).
function unescapeCode(text) {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

function addText(text, f) {
  const withoutPlaceholders = text.replace(/\{\{?\s*([\w.:-]+)\s*\}?\}/g, (all, name) => {
    f.placeholder.add(all.startsWith('{{') ? `{{${name}}}` : `{${name}}`);
    return ' ';
  });
  for (const n of numbersIn(withoutPlaceholders)) f.number.add(n);
}

/** Features of one section (its heading included). */
function sectionFeatures(section, link) {
  const f = emptyFeatures();
  collect(section.tokens, f, link);
  return f;
}

/**
 * The comparable form of a link target, seen from the page at fromRelPath: an internal link becomes
 * "page:<id>" plus "#<section index>" when it names an anchor; anything else stays as written.
 * pages: { byRelPath: Map<relPath, { id, sectionOf(slug) }> }.
 */
function linkKey(href, fromRelPath, pages, aliases) {
  if (typeof href !== 'string') return String(href);
  const route = `/${fromRelPath.replace(/\.md$/, '')}`;
  const target = resolveLink(href, route, aliases);
  if (target.external || target.error || !target.file) return href;
  const page = pages.byRelPath.get(target.file);
  if (!page) return href;
  if (target.id === null) return `page:${page.id}`;
  const index = page.sectionOf(target.id);
  return index === undefined ? `page:${page.id}#?${target.id}` : `page:${page.id}#${index}`;
}

/**
 * The body of an authored page as compared: navigation blocks out, guide code collapsed to its
 * directive lines, and each bench:NAME part (filled from bench/scenarios.json) as the placeholder
 * {{bench:NAME}}: text, not an HTML comment, so that a paragraph that starts with one is still read
 * as Markdown.
 */
function comparableBody(text, rel) {
  return emptyBenchParts(collapseBody(splitPage(text, rel).body, rel))
    .replace(/<!-- bench:([\w-]+) --><!-- \/bench:\1 -->/g, '{{bench:$1}}');
}

function lineOfHeading(text, heading, depth) {
  if (!heading) return 1;
  const lines = text.split('\n');
  const want = `${'#'.repeat(depth)} ${heading}`;
  const i = lines.findIndex((l) => l.trim() === want);
  return i < 0 ? 1 : i + 1;
}

const HAN_RUN = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]+/u;

/**
 * Whether a Chinese code span is the English one with its metavariables translated: every run of
 * Chinese in it stands for one English word (`<日期>` for `<date>`, `name={占位符}` for
 * `name={placeholder}`, `#区域` for `#region`), and everything else is the same.
 */
function translatedMetavariables(enToken, zhToken) {
  if (!HAN_RUN.test(zhToken)) return false;
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = zhToken.split(new RegExp(HAN_RUN.source, 'gu')).map(escape).join('[A-Za-z][A-Za-z_-]*');
  return new RegExp(`^${pattern}$`, 'u').test(enToken);
}

/** The differences between two feature sets: [{ kind, token, only: 'en' | 'zh-CN' }]. */
function diffFeatures(en, zh) {
  const out = [];
  for (const kind of ['code', 'number', 'link', 'placeholder']) {
    const enOnly = [...en[kind]].filter((t) => !zh[kind].has(t));
    let zhOnly = [...zh[kind]].filter((t) => !en[kind].has(t));
    for (const token of enOnly) {
      const match = kind === 'code' ? zhOnly.find((z) => translatedMetavariables(token, z)) : undefined;
      if (match !== undefined) zhOnly = zhOnly.filter((z) => z !== match);
      else out.push({ kind, token, only: 'en' });
    }
    for (const token of zhOnly) out.push({ kind, token, only: 'zh-CN' });
  }
  if (en.generated.join('\n') !== zh.generated.join('\n')) {
    const enSet = new Set(en.generated);
    const zhSet = new Set(zh.generated);
    const missing = en.generated.filter((g) => !zhSet.has(g));
    const extra = zh.generated.filter((g) => !enSet.has(g));
    for (const token of missing) out.push({ kind: 'generated', token, only: 'en' });
    for (const token of extra) out.push({ kind: 'generated', token, only: 'zh-CN' });
    if (!missing.length && !extra.length) out.push({ kind: 'generated', token: 'order', only: 'en' });
  }
  return out;
}

/**
 * Compares two documents. en, zh: { rel, text (as on disk, for line numbers), body (compared) }.
 * pages, aliases: for link keys. Returns findings [{ subject, section, kind, token, only, where }].
 */
function compareDocuments(subject, en, zh, pages, aliases, counts = { sections: 0, tokens: 0 }) {
  const enSections = splitSections(en.body);
  const zhSections = splitSections(zh.body);
  const findings = [];
  const where = (s, doc) => `${doc.rel}:${lineOfHeading(doc.text, s.heading, s.depth)}`;
  const outline = (list) => list.map((s) => s.depth).join(',');
  const linkFrom = (doc) => (href) => linkKey(href, doc.linkBase || doc.rel, pages, aliases);
  let pairs;
  if (outline(enSections) === outline(zhSections)) {
    pairs = enSections.map((s, i) => [s, zhSections[i]]);
  } else {
    const describe = (list) => list.filter((s) => s.depth).map((s) => `${'#'.repeat(s.depth)} ${s.heading}`).join(' | ');
    findings.push({
      subject, section: '', kind: 'outline', token: `${enSections.length} sections vs ${zhSections.length}`, only: 'en',
      where: `${en.rel} ↔ ${zh.rel}`,
      detail: `the headings differ in number or level:\n      English: ${describe(enSections)}\n      Chinese: ${describe(zhSections)}`,
    });
    // Still compare what can be compared: the whole bodies as one section each.
    const whole = (list) => ({ depth: 0, heading: '', tokens: list.flatMap((s) => s.tokens) });
    pairs = [[whole(enSections), whole(zhSections)]];
  }
  for (const [e, z] of pairs) {
    const enFeatures = sectionFeatures(e, linkFrom(en));
    counts.sections++;
    counts.tokens += enFeatures.code.size + enFeatures.number.size + enFeatures.link.size + enFeatures.placeholder.size + enFeatures.generated.length;
    for (const d of diffFeatures(enFeatures, sectionFeatures(z, linkFrom(zh)))) {
      findings.push({ subject, section: e.heading, ...d, where: `${where(e, en)} ↔ ${where(z, zh)}` });
    }
  }
  return findings;
}

/** Every leaf string of a JSON value: Map<key path, string> ($comment skipped). */
function leafStrings(value, prefix = '', out = new Map()) {
  if (typeof value === 'string') out.set(prefix, value);
  else if (Array.isArray(value)) value.forEach((v, i) => leafStrings(v, `${prefix}[${i}]`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) if (k !== '$comment') leafStrings(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}

function readJson(root, rel) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8'));
  } catch (err) {
    throw new Error(`section parity: cannot read ${rel}: ${err.message}`);
  }
}

/** Findings of the string tables, key by key (a key missing in one language is the generator's check, not ours). */
function stringTableFindings(root, pages, aliases, counts) {
  const findings = [];
  const featuresOf = (text) => {
    const f = emptyFeatures();
    collect(lexMarkdown(text), f, (href) => linkKey(href, 'ENG/x.md', pages, aliases));
    return f;
  };
  for (const table of STRING_TABLES) {
    let en;
    let zh;
    let subject;
    if (table.perLanguageFile) {
      subject = table.file.replace('{lang}', '*');
      en = leafStrings(readJson(root, table.file.replace('{lang}', 'en')));
      zh = leafStrings(readJson(root, table.file.replace('{lang}', 'zh-CN')));
    } else {
      subject = table.file;
      const all = readJson(root, table.file);
      en = leafStrings(all.en);
      zh = leafStrings(all['zh-CN']);
    }
    // A table's translations of English data texts: the key is the English text.
    for (const [key, zhText] of zh) {
      const m = /^dataTranslations\.(.*)$/s.exec(key);
      if (m && !en.has(key)) en.set(key, m[1]);
    }
    for (const [key, enText] of en) {
      if (!zh.has(key)) continue;
      const enFeatures = featuresOf(enText);
      counts.sections++;
      counts.tokens += enFeatures.code.size + enFeatures.number.size + enFeatures.link.size + enFeatures.placeholder.size;
      for (const d of diffFeatures(enFeatures, featuresOf(zh.get(key)))) {
        findings.push({ subject, section: key, ...d, where: `${subject} ${key}` });
      }
    }
  }
  return findings;
}

const isTemplate = (rel) => rel.startsWith('docs/');

/**
 * Every section-parity finding of the site: { findings, sections, tokens } (sections: the section
 * pairs compared; tokens: the English tokens they hold). root: the content (pages).
 */
function sectionParity({ root = repoRoot, manifest, aliases = {} }) {
  const [english, chinese] = manifest.languages.map((l) => l.code);
  const docs = new Map(); // relPath -> { text, body }
  const read = (rel) => {
    if (!docs.has(rel)) {
      let text;
      try {
        text = fs.readFileSync(path.join(isTemplate(rel) ? repoRoot : root, rel), 'utf8');
      } catch (err) {
        throw new Error(`section parity: cannot read ${rel}: ${err.code || err.message}`);
      }
      docs.set(rel, { text, body: isTemplate(rel) ? text : comparableBody(text, rel) });
    }
    return docs.get(rel);
  };
  // Every page in both languages, with the section index of each anchor, for link keys. Generated
  // pages are anchored by their committed page (a template's headings are the page's headings).
  const byRelPath = new Map();
  for (const page of manifest.pages) {
    for (const code of [english, chinese]) {
      const rel = page.entries[code].relPath;
      let sections = null;
      byRelPath.set(rel, {
        id: page.id,
        sectionOf: (slug) => {
          if (!sections) {
            const file = path.join(root, rel);
            sections = fs.existsSync(file) ? splitSections(comparableBody(fs.readFileSync(file, 'utf8'), rel)) : [];
          }
          const i = sections.findIndex((s) => s.slug === slug);
          return i < 0 ? undefined : i;
        },
      });
    }
  }
  const pages = { byRelPath };
  const findings = [];
  const counts = { sections: 0, tokens: 0 };
  for (const page of manifest.pages) {
    const pair = [english, chinese].map((code) => {
      const rel = editSource(manifest, page, code);
      return { rel, ...read(rel), linkBase: page.entries[code].relPath };
    });
    findings.push(...compareDocuments(page.id, pair[0], pair[1], pages, aliases, counts));
  }
  findings.push(...stringTableFindings(repoRoot, pages, aliases, counts));
  return { findings, ...counts };
}

/** The exceptions of docs/section-parity-exceptions.json, validated: [{ subject, section, kind, token, only, reason }]. */
function loadExceptions(root = repoRoot) {
  const raw = readJson(root, EXCEPTIONS);
  if (!raw || typeof raw !== 'object' || !Array.isArray(raw.exceptions)) throw new Error(`${EXCEPTIONS}: expected { "exceptions": [...] }`);
  return raw.exceptions.map((e, i) => {
    const at = `${EXCEPTIONS}: exceptions[${i}]`;
    for (const field of ['subject', 'section', 'kind', 'token', 'only', 'reason']) {
      if (typeof e[field] !== 'string') throw new Error(`${at}.${field}: expected a string`);
    }
    for (const key of Object.keys(e)) if (!['subject', 'section', 'kind', 'token', 'only', 'reason'].includes(key)) throw new Error(`${at}.${key}: unknown field`);
    if (!KINDS.includes(e.kind)) throw new Error(`${at}.kind: expected one of ${KINDS.join(', ')}, got ${JSON.stringify(e.kind)}`);
    if (e.only !== 'en' && e.only !== 'zh-CN') throw new Error(`${at}.only: expected "en" or "zh-CN"`);
    if (e.reason.trim().length < 10) throw new Error(`${at}.reason: say why the difference is right`);
    return e;
  });
}

const sameFinding = (a, b) => a.subject === b.subject && a.section === b.section && a.kind === b.kind && a.token === b.token && a.only === b.only;

/** { unexplained: findings no exception lists, unused: exceptions that match no finding }. */
function applyExceptions(findings, exceptions) {
  return {
    unexplained: findings.filter((f) => !exceptions.some((e) => sameFinding(f, e))),
    unused: exceptions.filter((e) => !findings.some((f) => sameFinding(f, e))),
  };
}

/** One line per finding, saying which side lacks what. */
function formatFinding(f) {
  if (f.kind === 'outline') return `${f.subject}: ${f.where}: ${f.detail}`;
  const lacks = f.only === 'en' ? 'the Chinese section lacks' : 'only the Chinese section has';
  const section = f.section ? ` § "${f.section}"` : '';
  return `${f.subject}${section} (${f.where}): ${lacks} ${KIND_NAMES[f.kind]} ${JSON.stringify(f.token)}`;
}

module.exports = {
  sectionParity, splitSections, translatedMetavariables, sectionFeatures, compareDocuments, diffFeatures, numbersIn, leafStrings,
  loadExceptions, applyExceptions, formatFinding, EXCEPTIONS,
};
