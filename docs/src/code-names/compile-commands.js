// The guide build's compile commands (CMake's compile_commands.json, which examples/guide/CMakeLists.txt
// asks for) as clang's front end takes them: the compiler, its output and input removed, and only the
// options that decide what the code means (macros, include folders, the language standard) kept, so
// a g++-only option never stops clang. Which translation units to parse for the files the pages show.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

class CompileCommandsError extends Error {}

const HEADER = /\.(h|hh|hpp|hxx)$/;

// Options kept, with whether their value may be a separate argument.
const KEPT = [['-D', true], ['-U', true], ['-I', true], ['-isystem', true], ['-iquote', true], ['-idirafter', true],
  ['-include', true], ['-std=', false]];

// A shell-quoted command line (CMake writes "command" this way) split into arguments.
function splitCommand(command) {
  const args = [];
  let current = null;
  let quote = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < command.length) current += command[++i];
      else current += c;
    } else if (c === '"' || c === '\'') {
      quote = c;
      current = current === null ? '' : current;
    } else if (c === '\\' && i + 1 < command.length) {
      current = (current === null ? '' : current) + command[++i];
    } else if (/\s/.test(c)) {
      if (current !== null) args.push(current);
      current = null;
    } else {
      current = (current === null ? '' : current) + c;
    }
  }
  if (quote) throw new CompileCommandsError(`unterminated ${quote} in a compile command: ${command}`);
  if (current !== null) args.push(current);
  return args;
}

/** The arguments clang needs, from one compile command's argv (compiler first). */
function frontEndArgs(argv, directory) {
  const out = ['-x', 'c++'];
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i];
    const rule = KEPT.find(([prefix]) => arg.startsWith(prefix));
    if (!rule) continue;
    const [prefix, separate] = rule;
    let value = arg.slice(prefix.length);
    if (value === '' && separate) value = argv[++i];
    if (value === undefined) throw new CompileCommandsError(`${arg} without a value in a compile command`);
    if (['-I', '-isystem', '-iquote', '-idirafter', '-include'].includes(prefix) && !path.isAbsolute(value)) value = path.resolve(directory, value);
    out.push(prefix === '-std=' ? arg : prefix, ...(prefix === '-std=' ? [] : [value]));
  }
  return out;
}

/**
 * Map<absolute source path, { directory, args }> from a build folder's compile_commands.json. copyOf:
 * { copy, source } when the build is of a copy of a folder of the repository (a tutorial step is built
 * out of the repository, as a reader's copy: examples/tutorial/test-support/): the copy's files and
 * include folders are read as the repository's own, which they equal; what the build generates (its
 * build/ folder) stays where it is.
 */
function loadCompileCommands(buildDir, { copyOf = null } = {}) {
  const file = path.join(buildDir, 'compile_commands.json');
  let entries;
  try {
    entries = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CompileCommandsError(`${file}: ${err.code === 'ENOENT' ? 'missing (examples/guide/CMakeLists.txt sets CMAKE_EXPORT_COMPILE_COMMANDS; run node scripts/build-guide.js)' : err.message}`);
  }
  if (!Array.isArray(entries)) throw new CompileCommandsError(`${file}: expected an array of compile commands`);
  const commands = new Map();
  entries.forEach((entry, i) => {
    if (!entry || typeof entry.file !== 'string' || typeof entry.directory !== 'string') {
      throw new CompileCommandsError(`${file}: entry ${i} has no "file" or "directory"`);
    }
    const argv = Array.isArray(entry.arguments) ? entry.arguments : splitCommand(String(entry.command || ''));
    if (argv.length === 0) throw new CompileCommandsError(`${file}: entry ${i} (${entry.file}) has no command`);
    const source = path.resolve(entry.directory, entry.file);
    const place = copyOf ? inRepository(copyOf, buildDir) : (p) => p;
    commands.set(place(source), { directory: entry.directory, args: frontEndArgs(argv, entry.directory).map(place) });
  });
  return commands;
}

// An absolute path of a copy's file as the repository's path; the copy's build folder and anything
// outside the copy unchanged.
function inRepository({ copy, source }, buildDir) {
  const prefix = `${path.resolve(copy)}${path.sep}`;
  const built = `${path.resolve(buildDir)}${path.sep}`;
  return (p) => {
    if (typeof p !== 'string' || !path.isAbsolute(p)) return p;
    const resolved = path.resolve(p);
    if (`${resolved}${path.sep}` === prefix) return path.resolve(source);
    if (!resolved.startsWith(prefix) || `${resolved}${path.sep}`.startsWith(built)) return p;
    return path.join(path.resolve(source), resolved.slice(prefix.length));
  };
}

/**
 * The translation units to parse for the shown files (absolute paths): each shown source file, asked
 * about every shown file of its folder (its own lines and the headers it may include); the other
 * compiled files of those chapters as fallbacks, for a shown header no shown source includes.
 * A shown source the build does not compile (drogon_ctl's output as the page quotes it, built by its
 * chapter's test in a project of its own) is parsed with the command of a compiled file of the same
 * chapter (chapterOf; else of any compiled file), plus its own folder as an include folder; `borrowed`
 * says which.
 * Returns { units, fallbacks, borrowed: [{ file, from }], notCompiled: [shown sources with neither] }.
 */
function translationUnits(commands, shownFiles, chapterOf = (f) => path.dirname(f)) {
  const folders = new Map();
  for (const file of shownFiles) {
    const dir = path.dirname(file);
    if (!folders.has(dir)) folders.set(dir, []);
    folders.get(dir).push(file);
  }
  const shownChapters = new Set(shownFiles.map(chapterOf));
  const sorted = [...commands].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const units = [];
  const fallbacks = [];
  for (const [source, command] of sorted) {
    const shownHere = folders.get(path.dirname(source));
    if (shownHere && shownHere.includes(source)) units.push({ file: source, directory: command.directory, args: command.args, interest: shownHere });
    // Any other compiled file of the chapter may include a shown header (models/Books.cc includes
    // the chapter's TitleConvert.h).
    else if (shownChapters.has(chapterOf(source))) fallbacks.push({ file: source, directory: command.directory, args: command.args, interest: shownHere || [] });
  }
  const borrowed = [];
  const notCompiled = [];
  for (const file of shownFiles.filter((f) => !HEADER.test(f) && !commands.has(f))) {
    const unit = borrowedUnit(commands, file, chapterOf, folders.get(path.dirname(file)));
    if (!unit) {
      notCompiled.push(file);
      continue;
    }
    units.push(unit);
    borrowed.push({ file, from: unit.from });
  }
  return { units, fallbacks, borrowed, notCompiled };
}

/**
 * A unit for a source file the build does not compile, with the command of a compiled file of its
 * chapter, else of the first compiled file (every chapter is compiled against the same Drogon with the
 * same options), or null when nothing is compiled at all.
 */
function borrowedUnit(commands, file, chapterOf, interest) {
  // Sources the build generates (views compiled from templates) are not the examples' own.
  const sources = [...commands.keys()].sort().filter((source) => !chapterOf(source).startsWith('..'));
  const lender = sources.find((source) => chapterOf(source) === chapterOf(file)) || sources[0];
  if (!lender) return null;
  const command = commands.get(lender);
  return { file, from: lender, directory: command.directory, args: [...command.args, '-I', path.dirname(file)], interest };
}

module.exports = { HEADER, loadCompileCommands, translationUnits, borrowedUnit, frontEndArgs, splitCommand, CompileCommandsError };
