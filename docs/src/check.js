#!/usr/bin/env node
// `npm run check`: regenerates every page and sidebar in memory and fails on any difference with the
// committed ENG/ CHN/ JB_TW/ files (so a hand edit of JB_TW, a stale Benchmarks page or a drifted
// header/footer/sidebar fails), on a manifest page missing in a language, on files the manifest does
// not list, and on any broken link or anchor. Writes nothing. Chinese pages whose English page changed
// since their translation was recorded (docs/translations.json) are listed as warnings, not failures.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { generatePages } = require('./generate-pages');
const { linkCheckGenerated, siteMarkdown } = require('./build');
const { splitPage } = require('./navigate/navigation');
const { describeCodeDrift } = require('./guide/guide-bodies');
const { translationStatus } = require('./page-info/translation-status');
const { RESULTS_FILE } = require('../../shared/src/project-paths');

const repoRoot = path.join(__dirname, '..', '..');

function firstDifference(a, b) {
  const la = a.split('\n');
  const lb = b.split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    if (la[i] !== lb[i]) {
      const show = (s) => (s === undefined ? '(end of file)' : JSON.stringify(s.length > 100 ? `${s.slice(0, 100)}...` : s));
      return `line ${i + 1}: committed ${show(la[i])}, generated ${show(lb[i])}`;
    }
  }
  return 'line endings or trailing bytes';
}

// Which part of a page differs: header block, body, footer block.
function describePageDifference(rel, committed, generated) {
  let parts;
  try {
    const c = splitPage(committed, rel);
    const g = splitPage(generated, rel);
    parts = [];
    if (c.header !== g.header) parts.push(c.header === null ? 'the "Other languages" header block is missing' : 'the "Other languages" header block does not match the manifest');
    if (c.footer !== g.footer) parts.push(c.footer === null ? 'the Previous/Next footer block is missing' : 'the Previous/Next footer block does not match the manifest');
    if (c.body !== g.body) {
      // Included code first: a page whose code no longer matches its file in examples/ says so.
      const drift = describeCodeDrift(c.body, g.body);
      parts.push(drift || 'the body differs');
    }
  } catch (err) {
    return err.message;
  }
  return `${parts.join('; ') || 'whitespace differs'} (${firstDifference(committed, generated)})`;
}

/** Returns { problems: string[], warnings: string[], summary: string }. options: root, converter, resultsPath. */
function runCheck(options = {}) {
  const root = options.root || repoRoot;
  const problems = [];
  let generated;
  try {
    generated = generatePages({ root, converter: options.converter, resultsPath: options.resultsPath });
  } catch (err) {
    return { problems: err.problems || [err.message], warnings: [], summary: 'generation failed' };
  }
  const { manifest } = generated;
  const pageOf = new Map();
  for (const page of manifest.pages) for (const lang of manifest.languages) pageOf.set(page.entries[lang.code].relPath, { page, lang });

  // 1. Committed files equal a fresh generation; every manifest page exists in every language.
  for (const [rel, content] of generated.files) {
    const file = path.join(root, rel);
    const owner = pageOf.get(rel);
    let committed;
    try {
      committed = fs.readFileSync(file, 'utf8');
    } catch {
      problems.push(owner
        ? `${rel}: missing: page "${owner.page.id}" has no ${owner.lang.name} file (run \`npm run build\`)`
        : `${rel}: missing (run \`npm run build\`)`);
      continue;
    }
    if (committed === content) continue;
    if (!owner) {
      problems.push(`${rel}: sidebar does not match the manifest (${firstDifference(committed, content)}); run \`npm run build\``);
      continue;
    }
    const how = describePageDifference(rel, committed, content);
    if (owner.lang.derivedFrom) {
      const source = owner.page.entries[owner.lang.derivedFrom].relPath;
      problems.push(`${rel}: differs from the conversion of ${source}: ${how}. ${owner.lang.dir}/ is generated, never edited: change ${source} and run \`npm run build\``);
    } else if (owner.page.generatedBy === 'api-reference') {
      problems.push(`${rel}: differs from a fresh generation from docs/guide/code-names.json and docs/api-reference/: ${how}; run \`npm run build\``);
    } else if (owner.page.generatedBy) {
      problems.push(`${rel}: differs from a fresh generation from ${RESULTS_FILE}: ${how}; run \`npm run build\``);
    } else {
      problems.push(`${rel}: ${how}; run \`npm run build\``);
    }
  }

  // 2. No stray pages: every markdown file of a language folder is listed in the manifest.
  for (const lang of manifest.languages) {
    let names = [];
    try { names = fs.readdirSync(path.join(root, lang.dir)); } catch { continue; }
    for (const name of names.sort()) {
      const rel = `${lang.dir}/${name}`;
      if (name.endsWith('.md') && !generated.files.has(rel)) problems.push(`${rel}: not a page of ${manifest.source} (add it there, or delete it)`);
    }
  }

  // 3. Links and anchors, on the generated content (equal to the committed one when step 1 passed).
  const broken = linkCheckGenerated(generated, root);
  for (const p of broken) problems.push(`${p.file}:${p.line}: ${p.message}  [link: ${p.href}]`);

  // 4. Translation status: warnings only (a translation may lag behind for a while).
  let warnings = [];
  try {
    warnings = translationStatus({ root, manifest }).warnings;
  } catch (err) {
    problems.push(err.message);
  }

  const summary = `${manifest.pages.length} pages x ${manifest.languages.length} languages, ${siteMarkdown(generated).size} markdown files, ${broken.length} broken link(s)`;
  return { problems, warnings, summary };
}

if (require.main === module) {
  const started = process.hrtime.bigint();
  const { problems, warnings, summary } = runCheck();
  const ms = (Number(process.hrtime.bigint() - started) / 1e6).toFixed(0);
  for (const w of warnings) console.warn(`WARNING: ${w}`);
  if (problems.length) {
    console.error(`check FAILED (${problems.length} problem(s); ${summary}; ${ms} ms):`);
    for (const p of problems) console.error(`  - ${p}`);
    process.exit(1);
  }
  console.log(`check OK: ${summary}; committed pages and sidebars equal a fresh generation (${ms} ms)`);
}

module.exports = { runCheck };
