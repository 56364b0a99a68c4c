// The whole program, one click away: every guide page links, visibly, to its chapter's folder under
// examples/guide/ in the repository (docs/manifest.json `repository`), and says how that folder builds
// on its own; every code block from a program file says which file (and lines) it comes from, linked.
// Both are generated here from docs/guide/guide.json and strings.json, never typed on a page.
//
// A page's folder is the folder most of its guide:code directives include from; guide.json
// `chapterFolders` names it where that is not one folder (a tie, or no directive).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { parseRegions, MARKER_LINE } = require('./regions');
const { CPP_FILE, scopeAtLine, includedHeaders } = require('./cpp-scope');

const FOLDER_OPEN = /^<!-- guide:example-folder\b.*-->[ \t]*$/;
const FOLDER_CLOSE = /^<!-- \/guide:example-folder -->[ \t]*$/;
const FOLDER_NOTE = 'generated from docs/guide/guide.json and strings.json by npm run build; do not edit';
const DIRECTIVE_FILE = /^[ \t]*<!-- guide:(?:code|changes) (\S+)/;

/** The chapter folder (its name under its section's examples folder) a page's collapsed English body
 *  includes from most (guide:code and guide:changes directives alike). */
function chapterFolder(page, body, config) {
  const override = config.chapterFolders[page.id];
  if (override) return override;
  const dir = config.examplesDirOf(page.section);
  const counts = new Map();
  for (const line of body.split('\n')) {
    const m = DIRECTIVE_FILE.exec(line);
    const file = m ? m[1].split('#')[0] : '';
    if (!file.startsWith(`${dir}/`)) continue;
    const name = file.slice(dir.length + 1).split('/')[0];
    counts.set(name, (counts.get(name) || 0) + 1);
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0 || (ranked.length > 1 && ranked[0][1] === ranked[1][1])) {
    const found = ranked.map(([f, n]) => `${f} (${n})`).join(', ') || 'no guide:code directive';
    throw new Error(`docs/guide/guide.json: chapterFolders: page "${page.id}" includes from ${found}; name its folder under ${dir}/ there`);
  }
  return ranked[0][0];
}

// The examples folder a file is under (the longest of the configured ones that holds it).
function examplesDirOfFile(config, file) {
  return config.examplesDirs.filter((dir) => file.startsWith(`${dir}/`)).sort((a, b) => b.length - a.length)[0] || config.examplesDir;
}

/** Link targets in the repository: a folder (tree) or a file (blob), optionally lines a-b. */
function repositoryUrl(repository, kind, rel, lines) {
  const encoded = rel.split('/').map(encodeURIComponent).join('/');
  return `${repository.url}/${kind}/${repository.branch}/${encoded}${lines ? `#L${lines[0]}-L${lines[1]}` : ''}`;
}

// Per build (per loaded config): converted strings and regions' line numbers, asked for once per
// block in every language.
const caches = new WeakMap();
function cacheOf(config) {
  if (!caches.has(config)) caches.set(config, { strings: new Map(), lines: new Map() });
  return caches.get(config);
}

// A language's string `key` of strings.json: zh-TW (not typed) is converted from zh-CN.
function stringFor(config, code, key, convertText) {
  const cache = cacheOf(config).strings;
  const id = `${code}\0${key}`;
  if (!cache.has(id)) {
    const { strings } = config;
    const own = strings[code] && strings[code][key];
    if (typeof own === 'string') cache.set(id, own);
    else if (code === 'zh-TW' && strings['zh-CN'] && typeof strings['zh-CN'][key] === 'string') cache.set(id, convertText(strings['zh-CN'][key]));
    else throw new Error(`${config.stringsSource}: ${code}.${key}: missing`);
  }
  return cache.get(id);
}

function fill(template, values, where) {
  return template.replace(/\{([A-Za-z]+)\}/g, (all, key) => {
    if (!(key in values)) throw new Error(`${where}: unknown placeholder {${key}}`);
    return values[key];
  });
}

/** The folder note of a page, as lines (a quote between its marker lines). */
function folderNoteLines({ root, config, folder, dir = config.examplesDir, code, repository, installationRoute, convertText }) {
  const rel = `${dir}/${folder}`;
  if (!fs.existsSync(path.join(root, rel))) throw new Error(`docs/guide/guide.json: the folder ${rel}/ of a guide page does not exist`);
  const builds = fs.existsSync(path.join(root, rel, 'CMakeLists.txt'));
  const key = builds ? 'exampleFolder' : 'exampleFiles';
  const text = fill(stringFor(config, code, key, convertText), {
    folderLink: `[${rel}/](${repositoryUrl(repository, 'tree', rel)})`,
    cmakeLink: `[\`CMakeLists.txt\`](${repositoryUrl(repository, 'blob', `${rel}/CMakeLists.txt`)})`,
    buildCommand: `\`${config.folderBuildCommand}\``,
    prefixOption: '`-DCMAKE_PREFIX_PATH=$HOME/drogon`',
    installation: installationRoute,
  }, `${config.stringsSource}: ${code}.${key}`);
  return [`<!-- guide:example-folder (${FOLDER_NOTE}) -->`, `> ${text}`, '<!-- /guide:example-folder -->'];
}

/** Removes the generated folder note (and the blank line after it) from a body, wherever it is. */
function collapseFolderNote(body, where) {
  const lines = body.split('\n');
  const open = lines.findIndex((l) => FOLDER_OPEN.test(l));
  if (open < 0) return body;
  const close = lines.findIndex((l, i) => i > open && FOLDER_CLOSE.test(l));
  if (close < 0) throw new Error(`${where}: the guide:example-folder block is not closed by <!-- /guide:example-folder -->`);
  const after = lines[close + 1] === '' ? close + 2 : close + 1;
  return [...lines.slice(0, open), ...lines.slice(after)].join('\n');
}

// A line that starts something other than a paragraph (heading, quote, list, fence, table, HTML).
const NOT_PARAGRAPH = /^\s*(#|>|[-*+] |\d+\. |```|~~~|\||<)/;

/**
 * Puts the note's lines under the page's title (its first `# ` line): after the paragraph that
 * follows the title, which stays the page's description (docs/src/prerender/), or right under the
 * title when something else follows it.
 */
function insertFolderNote(body, noteLines, where) {
  const lines = body.split('\n');
  const title = lines.findIndex((l) => /^# /.test(l));
  if (title < 0) throw new Error(`${where}: no "# " title line to put the example folder's link under`);
  let at = title + 1;
  while (at < lines.length && lines[at] === '') at++;
  if (at < lines.length && !NOT_PARAGRAPH.test(lines[at])) {
    while (at < lines.length && lines[at].trim() !== '') at++;
    const rest = lines.slice(at);
    while (rest.length && rest[0] === '') rest.shift();
    return [...lines.slice(0, at), '', ...noteLines, '', ...rest].join('\n');
  }
  const rest = lines.slice(title + 1);
  while (rest.length && rest[0] === '') rest.shift();
  return [...lines.slice(0, title + 1), '', ...noteLines, '', ...rest].join('\n');
}

// Program files get a caption; the page's commands (commands.sh) and the outputs it shows
// (expected/) are what the reader types and sees, not parts of the program.
function isProgramFile(file) {
  return path.posix.basename(file) !== 'commands.sh' && !file.split('/').includes('expected');
}

/** 1-based first and last lines of a region's shown text in its file (blank edges and markers, nested ones too, excluded). */
function regionLines(text, file, region) {
  const { lines, regions } = parseRegions(text, file);
  const found = regions.get(region);
  let first = found.start + 1;
  let last = found.end - 1;
  const hidden = (line) => line.trim() === '' || MARKER_LINE.test(line);
  while (first < last && hidden(lines[first])) first++;
  while (last > first && hidden(lines[last])) last--;
  return [first + 1, last + 1];
}

/** The caption line of an included block ("From <file>, lines a-b:"), or null for commands and outputs. */
function sourceCaption({ root, config, directive, code, repository, convertText }) {
  const { file, region } = directive;
  if (!isProgramFile(file)) return null;
  const shown = file.slice(examplesDirOfFile(config, file).length + 1);
  if (!region) {
    return fill(stringFor(config, code, 'fromFile', convertText), { fileLink: `[\`${shown}\`](${repositoryUrl(repository, 'blob', file)})` }, `${config.stringsSource}: ${code}.fromFile`);
  }
  const cache = cacheOf(config).lines;
  const id = `${file}#${region}`;
  if (!cache.has(id)) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const lines = regionLines(text, file, region);
    cache.set(id, { lines, placement: CPP_FILE.test(file) ? placementOf(text, file, lines) : null });
  }
  const { lines, placement } = cache.get(id);
  const values = { fileLink: `[\`${shown}\`](${repositoryUrl(repository, 'blob', file, lines)})`, first: String(lines[0]), last: String(lines[1]) };
  if (!placement) return fill(stringFor(config, code, 'fromRegion', convertText), values, `${config.stringsSource}: ${code}.fromRegion`);
  const say = (key, v = {}) => fill(stringFor(config, code, key, convertText), v, `${config.stringsSource}: ${code}.${key}`);
  const { scope, headers } = placement;
  const scopeText = scope.kind === 'function' ? say(scope.inLambda ? 'scopeLambda' : 'scopeFunction', { name: scope.name })
    : scope.kind === 'lambda' ? say('scopeLambdaOnly')
      : scope.kind === 'class' ? say('scopeClass', { keyword: scope.keyword, name: scope.name })
        : say('scopeFile');
  const headersText = headers.length ? say('headers', { list: headers.map((h) => `\`${h}\``).join(say('headerSeparator')) }) : '';
  return say('fromRegionPlaced', { ...values, scope: scopeText, headers: headersText });
}

// Where a region of a C++ file goes (docs/src/guide/cpp-scope.js): the scope of its first shown line,
// and the file's headers unless the region shows them itself.
function placementOf(text, file, [first, last]) {
  const scope = scopeAtLine(text, first - 1);
  const shownLines = text.split('\n').slice(first - 1, last).join('\n');
  const all = includedHeaders(text);
  const shownHeaders = includedHeaders(shownLines);
  const headers = all.filter((h) => !shownHeaders.includes(h));
  if (headers.some((h) => h.includes('`'))) throw new Error(`${file}: an #include with a backtick cannot be named in a caption`);
  return { scope, headers };
}

module.exports = { chapterFolder, examplesDirOfFile, stringFor, fill, folderNoteLines, collapseFolderNote, insertFolderNote, sourceCaption, repositoryUrl, isProgramFile, FOLDER_OPEN };
