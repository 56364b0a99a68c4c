// The record of every name the pages' C++ blocks show (docs/guide/code-names.json): for each shown
// line of each file, the identifiers on it and the declaration each refers to, as clang's front end
// resolved them on the guide build's real compile commands; the declarations (file, line, kind, full
// signature; for Drogon and trantor the header comment, the public members of their classes and
// "since"; for the standard library the cppreference page); the names it could not resolve, with the
// pages that show them. `npm run build` reads this file and needs no compiler.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { loadManifest } = require('../navigate/manifest');
const { loadGuideConfig } = require('../guide/code-blocks');
const { shownCode, lineRanges } = require('./shown-code');
const { loadCompileCommands, translationUnits, borrowedUnit, HEADER } = require('./compile-commands');
const { parseUnits } = require('./clang-names');
const { buildDeclarations } = require('./declarations');
const cppreference = require('./cppreference');
const { readAddingLines } = require('./changelog');
const { lineHash, FORMAT, RecordError } = require('./record-file');

// A byte column (clang's, 1-based) as an index into the line's JavaScript string.
function charIndex(lineText, byteColumn) {
  return Buffer.from(lineText, 'utf8').subarray(0, byteColumn - 1).toString('utf8').length;
}

// The ChangeLog.md files of the Drogon and trantor sources the setup unpacked next to its prefix.
function changelogFiles(state, benchHome) {
  const srcDir = path.join(benchHome, 'src', path.basename(state.drogonPrefix));
  const found = {};
  let entries = [];
  try {
    entries = fs.readdirSync(srcDir);
  } catch (err) {
    throw new RecordError(`code names: cannot read the sources the setup unpacked (${srcDir}): ${err.code || err.message}; run \`npm run bench:setup\``);
  }
  for (const name of entries) {
    const m = /^(drogon|trantor)-/.exec(name);
    if (m && fs.existsSync(path.join(srcDir, name, 'ChangeLog.md'))) found[m[1]] = path.join(srcDir, name, 'ChangeLog.md');
  }
  for (const lib of ['drogon', 'trantor']) if (!found[lib]) throw new RecordError(`code names: no ${lib}-*/ChangeLog.md under ${srcDir}`);
  return found;
}

/**
 * Makes the record. options: root, buildDir (the guide build, with compile_commands.json), copies
 * (builds of copies of repository folders: [{ buildDir, copy, source }], the tutorial's steps), state
 * (the setup's state.json), benchHome, log, jobs. Returns { record, problems } where problems lists
 * what must fail the regeneration (a unit clang cannot parse, a shown file nothing compiles).
 */
async function makeRecord({ root, buildDir, copies = [], state, benchHome, log = () => {}, jobs }) {
  const manifest = loadManifest({ manifestPath: path.join(root, 'docs', 'manifest.json') });
  const config = loadGuideConfig(root);
  const shown = shownCode({ root, manifest, config });
  const abs = (rel) => path.join(root, rel);
  const commands = loadCompileCommands(buildDir);
  for (const c of copies) for (const [file, command] of loadCompileCommands(c.buildDir, { copyOf: c })) commands.set(file, command);
  // A chapter is the first folder under an examples folder (examples/guide/quick-start,
  // examples/tutorial/03-database); a file outside them (a generated view) has none ("..").
  const exampleRoots = [config.examplesDir, ...Object.values(config.examplesDirBySection)].map((d) => path.join(root, d));
  const chapterOf = (file) => {
    for (const dir of exampleRoots) {
      const rel = path.relative(dir, file);
      if (!rel.startsWith('..') && !path.isAbsolute(rel)) return path.join(path.relative(root, dir), rel.split(path.sep)[0]);
    }
    return path.relative(exampleRoots[0], file);
  };
  const { units, fallbacks, borrowed, notCompiled } = translationUnits(commands, [...shown.keys()].map(abs), chapterOf);
  const problems = notCompiled.map((f) => `${path.relative(root, f)}: shown on a page, but neither it nor any file of its chapter is compiled by the guide build (examples/guide/CMakeLists.txt)`);
  for (const { file, from } of borrowed) log(`[code-names] ${path.relative(root, file)}: not compiled by the guide build; parsed with the command of ${path.relative(root, from)}`);
  const includeRoot = `${fs.realpathSync.native(path.join(state.drogonPrefix, 'include'))}/`;
  const requestFor = (unit) => ({
    file: unit.file,
    args: unit.args,
    interest: Object.fromEntries(unit.interest.map((f) => [f, lineRanges(shown.get(path.relative(root, f)).lines)])),
    libraryRoots: [includeRoot],
  });
  const cacheDir = path.join(benchHome, 'build', 'code-names');
  const answers = await parseUnits(units.map(requestFor), { cacheDir, jobs, log, root });
  const answered = units.map((u, i) => ({ unit: u, answer: answers[i] }));
  // Shown headers that no unit was asked about (a header of another folder): the other sources of
  // their chapter, then its shown sources again (controllers/BooksApi.cc includes src/JsonResponses.h),
  // until found.
  const found = () => new Set(answered.flatMap(({ answer }) => answer.files));
  const missingHeaders = [...shown.keys()].map(abs).filter((f) => HEADER.test(f) && !found().has(f));
  for (const unit of [...fallbacks, ...units]) {
    const stillMissing = missingHeaders.filter((f) => !found().has(f) && chapterOf(f) === chapterOf(unit.file));
    if (stillMissing.length === 0) continue;
    const [answer] = await parseUnits([requestFor({ ...unit, interest: stillMissing })], { cacheDir, jobs: 1, log, root });
    answered.push({ unit, answer });
  }
  // A header of a folder the build does not compile: parsed through the source file of its name there.
  for (const f of missingHeaders) {
    const source = f.replace(HEADER, '.cc');
    if (found().has(f) || !fs.existsSync(source)) continue;
    const unit = borrowedUnit(commands, source, chapterOf, [f]);
    if (!unit) continue;
    const [answer] = await parseUnits([requestFor(unit)], { cacheDir, jobs: 1, log, root });
    answered.push({ unit, answer });
    borrowed.push({ file: source, from: unit.from });
  }
  for (const f of missingHeaders) if (!found().has(f)) problems.push(`${path.relative(root, f)}: shown on a page, but no compiled file of its chapter includes it`);

  for (const { unit, answer } of answered) {
    for (const d of answer.diagnostics) {
      problems.push(`${path.relative(root, unit.file)}: clang cannot parse it: ${d.file ? `${path.relative(root, d.file)}:${d.line}:${d.column}: ` : ''}${d.severity}: ${d.message}`);
    }
  }

  // Occurrences of each shown file from the first unit that saw it; declarations from all, with their
  // files as real paths (libclang finds libstdc++ through /../lib/gcc/..., which only the file system
  // resolves: /lib is a link to /usr/lib).
  const realPaths = new Map();
  const realPath = (file) => {
    if (!file) return file;
    if (!realPaths.has(file)) {
      let real;
      try { real = fs.realpathSync.native(file); } catch { real = path.resolve(file); } // native: symbolic links before ".."
      realPaths.set(file, real);
    }
    return realPaths.get(file);
  };
  const raw = new Map();
  for (const { answer } of answered) {
    for (const [key, d] of Object.entries(answer.declarations)) {
      const known = raw.get(key);
      if (!known || (!known.members && d.members)) raw.set(key, { ...d, file: realPath(d.file) });
    }
  }
  // A shown file's names from the unit that is the file itself, else from the first unit that reads it.
  const occurrencesOf = new Map();
  for (const { unit, answer } of answered) {
    const byFile = new Map();
    for (const o of answer.occurrences) {
      if (!byFile.has(o[0])) byFile.set(o[0], []);
      byFile.get(o[0]).push(o);
    }
    for (const file of answer.files) {
      if (file === unit.file || !occurrencesOf.has(file)) occurrencesOf.set(file, byFile.get(file) || []);
    }
  }

  // The name as the code writes it, with its qualifier (std::chrono::seconds), for cppreference.
  const written = new Map();
  const textOf = new Map();
  const linesOf = (file) => {
    if (!textOf.has(file)) textOf.set(file, fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n').split('\n'));
    return textOf.get(file);
  };
  for (const [file, occurrences] of occurrencesOf) {
    for (const [, line, column, name, key] of occurrences) {
      if (!key || written.has(key)) continue;
      const before = linesOf(file)[line - 1].slice(0, charIndex(linesOf(file)[line - 1], column));
      const q = /((?:[A-Za-z_]\w*\s*::\s*)+)$/.exec(before);
      if (q) written.set(key, `${q[1].replace(/\s+/g, '')}${name}`);
    }
  }
  const changelogs = Object.fromEntries(Object.entries(changelogFiles(state, benchHome)).map(([lib, file]) => [lib, readAddingLines(file)]));
  const keys = [...occurrencesOf.values()].flatMap((os) => os.map((o) => o[4])).filter(Boolean);
  const { declarations, idOf } = buildDeclarations(raw, keys, { root, includeRoot, cppIndex: cppreference.loadIndex(), changelogs, written });

  const files = {};
  const unresolved = [];
  for (const rel of [...shown.keys()].sort()) {
    const file = abs(rel);
    const occurrences = occurrencesOf.get(file);
    if (!occurrences) continue;
    const lines = {};
    const text = linesOf(file);
    for (const line of [...shown.get(rel).lines].sort((a, b) => a - b)) lines[line] = [lineHash(text[line - 1])];
    for (const [, line, column, name, key, cursor] of occurrences) {
      if (!lines[line]) continue;
      const col = charIndex(text[line - 1], column);
      if (key && idOf.has(key)) {
        lines[line].push([col, idOf.get(key)]);
      } else {
        const pages = shown.get(rel).uses.filter((u) => u.code === manifest.languages[0].code).map((u) => u.relPath);
        unresolved.push({ file: rel, line, column: col + 1, name, cursor, pages: [...new Set(pages)] });
      }
    }
    // Every shown line that is not blank keeps its hash, names or not: a line the record does not
    // describe as it reads now is one the build cannot link (docs/src/code-names/shown-names.js).
    for (const line of Object.keys(lines)) if (text[line - 1].trim() === '') delete lines[line];
    files[rel] = lines;
  }
  const clangVersion = (answered.find(({ answer }) => answer.clang) || { answer: {} }).answer.clang || null;
  const record = {
    $comment: 'Generated by `npm run code-names` (scripts/record-code-names.js): for each C++ line a page shows, [hash of the line, [column, declaration id]...]; the declarations those ids name; the names clang could not resolve. Never edit by hand; `npm run build` reads it, the test docs/test/code-names/record.test.js regenerates it and fails when it is stale.',
    format: FORMAT,
    frontEnd: clangVersion,
    drogonVersion: state.drogonVersion,
    trantorVersion: state.trantorVersion,
    parsedWithCommandOf: Object.fromEntries(borrowed.map(({ file, from }) => [path.relative(root, file), path.relative(root, from)]).sort()),
    files,
    unresolved,
    declarations,
  };
  return { record, problems, units: answered.length };
}

module.exports = { makeRecord, charIndex };
