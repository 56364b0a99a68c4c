// docs/src/code-names/compile-commands.js: CMake's compile commands as clang's front end takes them,
// and which translation units answer for the files the pages show.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { splitCommand, frontEndArgs, loadCompileCommands, translationUnits } = require('../../src/code-names/compile-commands');

test('a shell-quoted command splits as the shell would', () => {
  assert.deepEqual(splitCommand('g++ -DX="a b" -I/x\\ y \'-DQ=it\'"s" -c f.cc'), ['g++', '-DX=a b', '-I/x y', '-DQ=its', '-c', 'f.cc']);
  assert.throws(() => splitCommand('g++ "-DX'), /unterminated/);
});

test('only what decides the meaning of the code is kept, relative folders made absolute', () => {
  const args = frontEndArgs(['/usr/bin/g++', '-DHAS_YAML_CPP', '-D', 'A=1', '-isystem', '/p/include', '-Iinc', '-std=gnu++20', '-fcoroutines',
    '-Wall', '-g', '-o', 'x.o', '-c', '/src/main.cc'], '/build/x');
  assert.deepEqual(args, ['-x', 'c++', '-D', 'HAS_YAML_CPP', '-D', 'A=1', '-isystem', '/p/include', '-I', '/build/x/inc', '-std=gnu++20']);
  assert.throws(() => frontEndArgs(['g++', '-isystem'], '/'), /without a value/);
});

test('units: each shown source, fallbacks for headers, borrowed commands for sources the build does not compile', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-'));
  try {
    const ex = (rel) => path.join('/repo/examples/guide', rel);
    fs.writeFileSync(path.join(dir, 'compile_commands.json'), JSON.stringify([
      { directory: '/b/a', command: `g++ -I/inc -std=c++20 -c ${ex('a/main.cc')}`, file: ex('a/main.cc') },
      { directory: '/b/a', arguments: ['g++', '-I/inc', '-c', ex('a/other.cc')], file: ex('a/other.cc') },
      { directory: '/b/a', arguments: ['g++', '-c', ex('a/models/m.cc')], file: ex('a/models/m.cc') },
      { directory: '/b/v', command: 'g++ -c /b/v/generated.cc', file: '/b/v/generated.cc' },
    ]));
    const commands = loadCompileCommands(dir);
    assert.deepEqual(commands.get(ex('a/main.cc')).args, ['-x', 'c++', '-I', '/inc', '-std=c++20']);
    const chapterOf = (f) => path.relative('/repo/examples/guide', f).split(path.sep)[0];
    const shown = [ex('a/main.cc'), ex('a/Thing.h'), ex('a/gen/made.cc'), ex('b/alone.cc')];
    const { units, fallbacks, borrowed, notCompiled } = translationUnits(commands, shown, chapterOf);
    assert.deepEqual(units.map((u) => u.file), [ex('a/main.cc'), ex('a/gen/made.cc'), ex('b/alone.cc')]);
    assert.deepEqual(units[0].interest, [ex('a/main.cc'), ex('a/Thing.h')]);
    // Any other compiled file of a chapter with a shown file: it may include the chapter's shown header.
    assert.deepEqual(fallbacks.map((u) => u.file), [ex('a/models/m.cc'), ex('a/other.cc')]);
    // Borrowed from its chapter, else from the first compiled example (never a file the build generates).
    assert.deepEqual(borrowed, [{ file: ex('a/gen/made.cc'), from: ex('a/main.cc') }, { file: ex('b/alone.cc'), from: ex('a/main.cc') }]);
    assert.deepEqual(units[1].args.slice(-2), ['-I', ex('a/gen')]);
    assert.deepEqual(notCompiled, []);
    assert.deepEqual(translationUnits(new Map(), [ex('b/alone.cc')], chapterOf).notCompiled, [ex('b/alone.cc')]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a missing or broken compile_commands.json is named', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-'));
  try {
    assert.throws(() => loadCompileCommands(dir), /compile_commands\.json: missing .*CMAKE_EXPORT_COMPILE_COMMANDS/);
    fs.writeFileSync(path.join(dir, 'compile_commands.json'), '[{"file": "x.cc"}]');
    assert.throws(() => loadCompileCommands(dir), /entry 0 has no "file" or "directory"/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a build of a copy (a tutorial step built out of the repository) reads as the repository\'s files; its build folder stays', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-'));
  try {
    const copy = '/cache/tutorial/03-database/src';
    const build = path.join(dir, 'build');
    fs.mkdirSync(build);
    fs.writeFileSync(path.join(build, 'compile_commands.json'), JSON.stringify([
      { directory: build, command: `g++ -I${copy} -I${copy}/models -I${build}/views -isystem /usr/include/jsoncpp -std=gnu++17 -c ${copy}/controllers/BooksApi.cc`, file: `${copy}/controllers/BooksApi.cc` },
      { directory: build, command: `g++ -I${copy} -c ${build}/views/Home.cc`, file: `${build}/views/Home.cc` },
      { directory: build, command: `g++ -I${copy}-old -c ${copy}-old/x.cc`, file: `${copy}-old/x.cc` },
    ]));
    const commands = loadCompileCommands(build, { copyOf: { copy, source: '/repo/examples/tutorial/03-database' } });
    assert.deepEqual([...commands.keys()], ['/repo/examples/tutorial/03-database/controllers/BooksApi.cc', `${build}/views/Home.cc`, `${copy}-old/x.cc`]);
    assert.deepEqual(commands.get('/repo/examples/tutorial/03-database/controllers/BooksApi.cc').args,
      ['-x', 'c++', '-I', '/repo/examples/tutorial/03-database', '-I', '/repo/examples/tutorial/03-database/models', '-I', `${build}/views`, '-isystem', '/usr/include/jsoncpp', '-std=gnu++17']);
    // A folder whose name only begins like the copy's is not the copy.
    assert.deepEqual(commands.get(`${copy}-old/x.cc`).args, ['-x', 'c++', '-I', `${copy}-old`]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
