// The guide stage of the page generator: code on pages comes from files, byte for byte.
//
// An author writes, on its own line of an ENG or CHN page body,
//   <!-- guide:code examples/guide/quick-start/main.cc#handler -->
// (#region optional: without it the whole file; lang=... optional: else from the file name). The
// build replaces that line by a generated block: the same opening line with a note, a fenced block
// with the region's text (docs/src/guide/regions.js), and <!-- /guide:code -->. Guide pages (pages
// of the sections listed in docs/guide/guide.json) also get a "Tested with" note at the end of the body.
//
// Order in generate-pages.js: collapse (every generated block back to its one directive line, so a
// stale block is never carried over), convert CHN -> JB_TW (a directive line is an HTML comment, kept
// verbatim), then expand in every language from the files. The code therefore never passes through
// the zh-TW conversion, and all three languages show the same bytes.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { extractRegion } = require('./regions');
const { collapseFolderNote } = require('./example-folder');
const { collapsePortsNote } = require('./ports');
const { collapseUnshownNotes } = require('./unshown-parts');
const changes = require('./step-changes');
const { lexMarkdown } = require('../docsify/docsify-runtime');
const { GuideError } = require('./guide-error');
const { parseDirective, directiveLine } = require('./code-directive');

const GENERATED_NOTE = 'generated from that file by npm run build; edit the file, not this block';
const TESTED_WITH_NOTE = 'generated from docs/guide/tested-with.json by npm run build; do not edit';
const CODE_OPEN = /^([ \t]*)<!-- guide:code\b(.*?)-->[ \t]*$/;
const CODE_CLOSE = /^[ \t]*<!-- \/guide:code -->[ \t]*$/;
const TESTED_OPEN = /^<!-- guide:tested-with\b.*-->[ \t]*$/;
const TESTED_CLOSE = /^<!-- \/guide:tested-with -->[ \t]*$/;
// A line that starts like a guide marker (a mention inside a sentence or inline code is not one).
const ANY_GUIDE_MARKER = /^[ \t]*<!--\s*\/?guide:/;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;
const SAFE_PATH = /^[A-Za-z0-9._/-]+$/;

function readJson(root, rel) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8'));
  } catch (err) {
    throw new Error(`${rel}: cannot load: ${err.message}`);
  }
}

/** docs/guide/guide.json and strings.json under root, validated. */
function loadGuideConfig(root) {
  const rel = path.join('docs', 'guide', 'guide.json');
  const raw = readJson(root, rel);
  const fail = (field, message) => { throw new Error(`${rel}: ${field}: ${message}`); };
  const stringList = (field) => {
    const v = raw[field];
    if (!Array.isArray(v) || v.length === 0 || v.some((s) => typeof s !== 'string' || s === '')) fail(field, 'expected a non-empty array of strings');
    return v;
  };
  const config = {
    sections: new Set(stringList('sections')),
    examplesDir: raw.examplesDir,
    fenceLanguageByFile: raw.fenceLanguageByFile,
    sourceLanguages: new Set(stringList('sourceLanguages')),
    typedLanguages: new Set(stringList('typedLanguages')),
    looksLikeCpp: null,
    chapterFolders: raw.chapterFolders === undefined ? {} : raw.chapterFolders,
    folderBuildCommand: raw.folderBuildCommand,
    examplesDirBySection: raw.examplesDirBySection === undefined ? {} : raw.examplesDirBySection,
  };
  if (!config.chapterFolders || typeof config.chapterFolders !== 'object' || Array.isArray(config.chapterFolders)
    || Object.values(config.chapterFolders).some((f) => typeof f !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(f))) {
    fail('chapterFolders', 'expected an object of page id -> folder name under examplesDir');
  }
  if (typeof config.folderBuildCommand !== 'string' || config.folderBuildCommand.trim() === '' || /[`\n]/.test(config.folderBuildCommand)) {
    fail('folderBuildCommand', 'expected the one-line command that builds a chapter folder');
  }
  if (typeof config.examplesDir !== 'string' || !SAFE_PATH.test(config.examplesDir) || config.examplesDir.includes('..')) fail('examplesDir', 'expected a relative folder path');
  const bySection = config.examplesDirBySection;
  if (!bySection || typeof bySection !== 'object' || Array.isArray(bySection)
    || Object.entries(bySection).some(([section, dir]) => !config.sections.has(section) || typeof dir !== 'string' || !SAFE_PATH.test(dir) || dir.includes('..'))) {
    fail('examplesDirBySection', 'expected an object of guide section -> relative folder path');
  }
  // Every folder a page may include code from, and the one of each section's pages.
  config.examplesDirs = [config.examplesDir, ...Object.values(bySection)];
  config.examplesDirOf = (section) => bySection[section] || config.examplesDir;
  if (!config.fenceLanguageByFile || typeof config.fenceLanguageByFile !== 'object') fail('fenceLanguageByFile', 'expected an object');
  for (const lang of config.typedLanguages) if (config.sourceLanguages.has(lang)) fail('typedLanguages', `"${lang}" is also a source language`);
  try {
    config.looksLikeCpp = new RegExp(raw.looksLikeCpp);
  } catch (err) {
    fail('looksLikeCpp', `not a regular expression: ${err.message}`);
  }
  const stringsRel = path.join('docs', 'guide', 'strings.json');
  const strings = readJson(root, stringsRel);
  config.strings = strings;
  config.stringsSource = stringsRel;
  return config;
}

// Tracks fenced code an author wrote (e.g. a page that shows a directive as an example): lines inside
// it are text, never markers. Call with each line outside a generated block; returns true when the
// line is part of a fence (its opening and closing lines included).
function fenceTracker() {
  let open = null;
  return (line) => {
    const m = FENCE.exec(line);
    if (open) {
      if (m && m[1][0] === open[0] && m[1].length >= open.length && line.trim() === m[1]) open = null;
      return true;
    }
    if (m) {
      open = m[1];
      return true;
    }
    return false;
  };
}

/**
 * Removes every generated part of a body: each guide:code block becomes its bare directive line,
 * the example-folder, ports and unshown-parts notes and the tested-with block disappear. Throws GuideError for a malformed or unclosed block.
 */
function collapseBody(body, where) {
  const lines = collapseFolderNote(collapsePortsNote(collapseUnshownNotes(body, where), where), where).split('\n');
  const out = [];
  const inFence = fenceTracker();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (inFence(line)) {
      out.push(line);
      continue;
    }
    const open = CODE_OPEN.exec(line);
    if (open) {
      const directive = parseDirective(open[2], `${where}: ${line.trim()}`);
      out.push(directiveLine(open[1], directive, null));
      // A generated block runs to the next guide:code marker, which must be its closing line.
      let j = i + 1;
      while (j < lines.length && !ANY_GUIDE_MARKER.test(lines[j])) j++;
      if (j < lines.length && CODE_CLOSE.test(lines[j])) i = j;
      continue;
    }
    const changesOpen = changes.CHANGES_OPEN.exec(line);
    if (changesOpen) {
      out.push(changes.directiveLine(changesOpen[1], changes.parseTarget(changesOpen[2], `${where}: ${line.trim()}`), null));
      // A generated block runs to its closing line (it holds code, never a guide marker).
      let j = i + 1;
      while (j < lines.length && !ANY_GUIDE_MARKER.test(lines[j])) j++;
      if (j < lines.length && changes.CHANGES_CLOSE.test(lines[j])) i = j;
      continue;
    }
    if (CODE_CLOSE.test(line)) throw new GuideError(where, `"<!-- /guide:code -->" without its opening line (line ${i + 1} of the body)`);
    if (changes.CHANGES_CLOSE.test(line)) throw new GuideError(where, `"<!-- /guide:changes -->" without its opening line (line ${i + 1} of the body)`);
    if (TESTED_OPEN.test(line)) {
      let j = i + 1;
      while (j < lines.length && !TESTED_CLOSE.test(lines[j])) {
        if (ANY_GUIDE_MARKER.test(lines[j])) break;
        j++;
      }
      if (j >= lines.length || !TESTED_CLOSE.test(lines[j])) throw new GuideError(where, 'the guide:tested-with block is not closed by <!-- /guide:tested-with -->');
      if (out.length && out[out.length - 1].trim() === '') out.pop();
      i = j;
      continue;
    }
    if (ANY_GUIDE_MARKER.test(line)) throw new GuideError(where, `malformed guide marker ${JSON.stringify(line.trim())} (expected <!-- guide:code examples/guide/<chapter>/<file>#<region> -->)`);
    out.push(line);
  }
  return out.join('\n');
}

function fenceLanguage(file, config) {
  const base = path.posix.basename(file);
  if (config.fenceLanguageByFile[base]) return config.fenceLanguageByFile[base];
  const ext = path.posix.extname(base);
  return config.fenceLanguageByFile[ext] || null;
}

/** The text a directive includes: { code, lang }, read from root. */
function resolveInclude(directive, { root, config, where }) {
  const { file, region } = directive;
  const prefixes = config.examplesDirs.map((dir) => `${dir}/`);
  if (!SAFE_PATH.test(file) || file.split('/').some((s) => s === '..' || s === '.' || s === '') || !prefixes.some((p) => file.startsWith(p))) {
    throw new GuideError(where, `guide:code ${JSON.stringify(file)}: code on a page comes from a file under ${prefixes.join(' or ')} (a plain relative path)`);
  }
  let text;
  try {
    text = fs.readFileSync(path.join(root, file), 'utf8');
  } catch (err) {
    throw new GuideError(where, `guide:code: cannot read ${file}: ${err.code || err.message}`);
  }
  let code;
  try {
    code = extractRegion(text, file, region);
  } catch (err) {
    throw new GuideError(where, `guide:code: ${err.message}`);
  }
  const lang = directive.lang || fenceLanguage(file, config);
  if (!lang) throw new GuideError(where, `guide:code: no fence language for ${file} (add its extension to fenceLanguageByFile in docs/guide/guide.json, or write lang=...)`);
  return { code, lang };
}

// caption: a line shown above the code (which file it comes from), or null.
function renderCodeBlock(indent, directive, { code, lang }, caption = null) {
  const longestRun = Math.max(0, ...(code.match(/`+/g) || []).map((r) => r.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  const pad = (l) => (l === '' ? '' : indent + l);
  return [
    directiveLine(indent, directive, GENERATED_NOTE),
    ...(caption ? [pad(caption), ''] : []),
    pad(`${fence}${lang}`),
    ...code.split('\n').map(pad),
    pad(fence),
    `${indent}<!-- /guide:code -->`,
  ].join('\n');
}

function fill(template, values, where) {
  return template.replace(/\{([A-Za-z]+)\}/g, (all, key) => {
    if (!(key in values)) throw new Error(`${where}: unknown placeholder {${key}}`);
    return values[key];
  });
}

// Escapes a data value for Markdown prose (it is shown as typed).
function escapeValue(text) {
  return String(text).replace(/[\\`*_[\]<>&|~]/g, '\\$&');
}

/** The tested-with note of one language, or throws naming the strings file. */
function testedWithText(config, code, testedWith, convertText) {
  const { strings } = config;
  const table = strings[code] || (code === 'zh-TW' ? null : undefined);
  let template;
  if (table && typeof table.testedWith === 'string') template = table.testedWith;
  else if (code === 'zh-TW' && strings['zh-CN'] && typeof strings['zh-CN'].testedWith === 'string') template = convertText(strings['zh-CN'].testedWith);
  else throw new Error(`${config.stringsSource}: ${code}.testedWith: missing`);
  const values = {};
  for (const [k, v] of Object.entries(testedWith)) if (k !== '$comment') values[k] = escapeValue(v);
  return fill(template, values, `${config.stringsSource}: ${code}.testedWith`);
}

/**
 * Expands a collapsed body: every directive line becomes its generated block; on a guide page the
 * tested-with block ends the body. Throws GuideError naming the page and directive.
 */
function expandBody(body, { root, config, where, testedWithLine, captionFor = () => null, changesFor = null }) {
  const lines = body.split('\n');
  const out = [];
  const inFence = fenceTracker();
  for (const line of lines) {
    const fenced = inFence(line);
    const changesOpen = fenced ? null : changes.CHANGES_OPEN.exec(line);
    if (changesOpen) {
      const target = changes.parseTarget(changesOpen[2], `${where}: ${line.trim()}`);
      if (!changesFor) throw new GuideError(where, `guide:changes ${target}: only a page of a guide section shows a step's changes`);
      const pad = (l) => (l === '' ? '' : changesOpen[1] + l);
      out.push(changes.directiveLine(changesOpen[1], target, changes.CHANGES_NOTE), ...changesFor(target).map(pad), `${changesOpen[1]}<!-- /guide:changes -->`);
      continue;
    }
    const open = fenced ? null : CODE_OPEN.exec(line);
    if (!open) {
      out.push(line);
      continue;
    }
    const directive = parseDirective(open[2], `${where}: ${line.trim()}`);
    const included = resolveInclude(directive, { root, config, where: `${where}: ${line.trim()}` });
    out.push(renderCodeBlock(open[1], directive, included, captionFor(directive)));
  }
  if (testedWithLine) {
    // At the end of the body, so the note never shifts the lines an author wrote.
    while (out.length && out[out.length - 1].trim() === '') out.pop();
    out.push('', `<!-- guide:tested-with (${TESTED_WITH_NOTE}) -->`, `> ${testedWithLine}`, '<!-- /guide:tested-with -->');
  }
  return out.join('\n');
}

// Walks marked tokens (lists and quotes nest their tokens).
function* codeTokens(tokens) {
  for (const token of tokens || []) {
    if (token.type === 'code') yield token;
    if (token.tokens) yield* codeTokens(token.tokens);
    if (token.items) for (const item of token.items) yield* codeTokens(item.tokens);
  }
}

/**
 * On a guide page (collapsed body: included code is a directive line, not a block), every code block
 * an author typed must be a fenced block of a typed language (commands, plain output) and must not
 * look like C++. Returns a list of problems.
 */
function checkTypedBlocks(body, { config, where }) {
  const problems = [];
  for (const token of codeTokens(lexMarkdown(body))) {
    const lang = (token.lang || '').trim().split(/\s+/)[0].toLowerCase();
    const first = JSON.stringify((token.text.split('\n')[0] || '').slice(0, 60));
    const include = `include it with <!-- guide:code ${config.examplesDir}/<chapter>/<file>#<region> -->`;
    if (token.codeBlockStyle === 'indented') {
      problems.push(`${where}: an indented code block (${first}); on a guide page, use a fenced block (${[...config.typedLanguages].join(', ')}) or ${include}`);
    } else if (config.sourceLanguages.has(lang)) {
      problems.push(`${where}: a typed \`\`\`${lang} block (${first}); code on a guide page comes from a file under ${config.examplesDir}/: ${include}`);
    } else if (!config.typedLanguages.has(lang)) {
      problems.push(`${where}: a fenced block ${lang ? `of language "${lang}"` : 'without a language'} (${first}); on a guide page, type only ${[...config.typedLanguages].join(', ')} blocks, or ${include}`);
    } else if (config.looksLikeCpp.test(token.text)) {
      problems.push(`${where}: a typed \`\`\`${lang} block holds C++ (${first}); code on a guide page comes from a file under ${config.examplesDir}/: ${include}`);
    }
  }
  return problems;
}

/** The included blocks of a page's text, in order: [{ directive, line, closeLine (1-based lines of its
 *  opening and closing markers), indent, code, caption, lang }] (for drift messages, notes and tests). */
function includedBlocks(text) {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const blocks = [];
  const inFence = fenceTracker();
  for (let i = 0; i < lines.length; i++) {
    const open = inFence(lines[i]) ? null : CODE_OPEN.exec(lines[i]);
    if (!open) continue;
    let j = i + 1;
    while (j < lines.length && !ANY_GUIDE_MARKER.test(lines[j])) j++;
    const inner = lines.slice(i + 1, j).map((l) => l.slice(Math.min(open[1].length, /^[ \t]*/.exec(l)[0].length)));
    // A caption (and its blank line) may come before the fence; drop the fence lines: what is left
    // is the code as shown.
    const fenceAt = inner.findIndex((l) => /^`{3,}/.test(l));
    const fenced = fenceAt < 0 ? [] : inner.slice(fenceAt);
    const code = fenced.length >= 2 && /^`{3,}$/.test(fenced[fenced.length - 1]) ? fenced.slice(1, -1).join('\n') : null;
    const caption = fenceAt > 0 ? inner.slice(0, fenceAt).join('\n').trim() : null;
    blocks.push({ directive: open[2].replace(/\([^()]*\)\s*$/, '').trim(), line: i + 1, closeLine: j + 1, indent: open[1], code, caption, lang: fenced.length ? fenced[0].replace(/^`+/, '') : null });
    i = j;
  }
  return blocks;
}

/** Why a committed page's included code differs from a fresh generation, or null. */
function describeCodeDrift(committed, generated) {
  const a = includedBlocks(committed);
  const b = includedBlocks(generated);
  const messages = [];
  for (let k = 0; k < Math.max(a.length, b.length); k++) {
    if (!a[k] || !b[k] || a[k].directive !== b[k].directive) {
      messages.push(`its guide:code blocks do not match its directives (block ${k + 1}: committed ${a[k] ? a[k].directive : 'none'}, generated ${b[k] ? b[k].directive : 'none'})`);
      break;
    }
    if (a[k].code !== b[k].code || a[k].lang !== b[k].lang) {
      messages.push(`the code block of guide:code ${a[k].directive} differs from that file (the page shows code the file no longer has, or the block was edited by hand)`);
    } else if (a[k].caption !== b[k].caption) {
      messages.push(`the caption of guide:code ${a[k].directive} differs from a fresh generation (the region moved in its file, or the caption was edited by hand)`);
    }
  }
  return messages.length ? messages.join('; ') : null;
}

module.exports = {
  loadGuideConfig, collapseBody, expandBody, checkTypedBlocks, testedWithText, includedBlocks, describeCodeDrift,
  fenceLanguage, GuideError, GENERATED_NOTE,
};
