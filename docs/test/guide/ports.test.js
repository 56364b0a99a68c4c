// How every program of the guide and the tutorial gets its port (docs/src/guide/ports.js,
// docs/guide/ports.json): the data is checked against what a reader runs and reads (each page's
// commands and its folder's configuration and source files), every page of the guide's sections
// shows the generated note in every language (its ports, or why it has none), and bad data is refused
// with the field named. The programs themselves listening on the port of their first
// argument is what each chapter's test does when it starts them ([binary, port]).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { loadPorts, chapterPorts, portsNoteLines, collapsePortsNote, PORTS_FILE } = require('../../src/guide/ports');
const { generatePages } = require('../../src/generate-pages');
const { loadGuideConfig } = require('../../src/guide/code-blocks');
const { repoRoot } = require('../support/content-copy');

const ports = loadPorts(repoRoot);

// The words of a shell command line, quotes removed; stops at a shell operator (> & | ; ( )).
function shellWords(line) {
  const words = [];
  const re = /\s*(?:'([^']*)'|"((?:[^"\\]|\\.)*)"|([^\s'"><&|;()]+)|([><&|;()]))/g;
  let m;
  while ((m = re.exec(line)) && m[0].trim() !== '') {
    if (m[4] !== undefined) break;
    words.push(m[1] ?? m[2] ?? m[3]);
  }
  return words;
}

// The English pages as a fresh generation gives them (the guide's chapters, the tutorial's steps), and
// each page's chapter folder as the folder note links it (examples/guide/cors, examples/tutorial/01-project).
const generated = generatePages({ root: repoRoot });
const { sections } = loadGuideConfig(repoRoot);
const FOLDER_LINK = /\[(examples\/[a-z]+\/[a-z0-9-]+)\/\]/;
const guidePages = generated.manifest.pages.filter((p) => sections.has(p.section)).map((page) => {
  const text = generated.files.get(page.entries.en.relPath);
  return { page, text, folder: FOLDER_LINK.exec(text)[1] };
});

// Every start of a program built by the chapter (./build/<name> ..., ./build/test/<name>) in the shell blocks of its page,
// as the reader sees them: { program, args, line }.
function programStarts(text) {
  const starts = [];
  for (const block of text.matchAll(/^(`{3,})(?:sh|bash)\n([\s\S]*?)\n\1$/gm)) {
    for (const line of block[2].split('\n')) {
      if (/^\s*#/.test(line)) continue;
      const words = shellWords(line);
      const at = words.findIndex((w) => /^\.\/build\/(?:[A-Za-z0-9_]+\/)*[A-Za-z0-9_]+$/.test(w));
      if (at >= 0) starts.push({ program: path.posix.basename(words[at]), args: words.slice(at + 1), line: line.trim() });
    }
  }
  return starts;
}

// jsoncpp reads comments in configuration files: the JSON without them.
function withoutComments(text) {
  return text.replace(/"(?:[^"\\]|\\.)*"|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m) => (m.startsWith('"') ? m : ''));
}

// The `port`s of a configuration key (listeners, redis_clients, db_clients) of a JSON or YAML file.
function portsOfKey(file, key) {
  const text = fs.readFileSync(file, 'utf8');
  if (/\.ya?ml$/.test(file)) {
    // The guide's YAML files: a top-level key, then a list of mappings indented under it.
    const block = new RegExp(`^${key}:\\n((?:[ \\t-].*\\n?)*)`, 'm').exec(text);
    return block ? [...block[1].matchAll(/^[ \t-]*port:[ \t]*(\d+)/gm)].map((m) => Number(m[1])) : [];
  }
  const json = JSON.parse(withoutComments(text));
  return (json[key] || []).filter((item) => item.port !== undefined).map((item) => item.port);
}

test('ports.json: every program a page starts has its ports there, and each listening port is the first argument of the command the page shows', () => {
  let checked = 0;
  for (const { page, text, folder } of guidePages) {
    const entries = ports.chapters[folder] || [];
    const starts = programStarts(text);
    for (const start of starts) {
      const where = `${page.entries.en.relPath}: ${start.line}`;
      const own = entries.filter((e) => e.program === start.program);
      assert.ok(own.length > 0, `${where}: ${start.program} has no entry in ${PORTS_FILE} chapters.${folder}`);
      if (own.some((e) => e.kind === 'free')) {
        assert.equal(own.length, 1, `${where}: ${start.program} listens on a free port and has other entries`);
        checked += 1;
        continue;
      }
      const first = start.args[0];
      const fileEntries = own.filter((e) => e.kind === 'file');
      if (first === undefined && (fileEntries.some((e) => e.byDefault) || own.some((e) => e.kind === 'source'))) {
        // Started without an argument: it reads the configuration file of its folder, or listens where
        // its source says (both checked below).
      } else if (fileEntries.length && first !== undefined && !/^\d+$/.test(first)) {
        // Started with a configuration file: its listeners are the entry's ports.
        // (A file the page makes itself, or one Drogon refuses, such as Configuration's bad.json, has none.)
        const file = path.join(repoRoot, folder, first);
        let listens = [];
        try { listens = portsOfKey(file, 'listeners'); } catch { /* not in the folder, or not valid */ }
        const entry = fileEntries.find((e) => e.file === first && e.peer === undefined);
        if (listens.length === 0) assert.equal(entry, undefined, `${where}: ${first} has no listeners, yet an entry`);
        else assert.ok(entry, `${where}: ${first} has listeners (${listens.join(', ')}) and no entry`);
      } else if (own.some((e) => e.peer === undefined)) {
        const listen = own.find((e) => e.kind === 'argument' && e.peer === undefined);
        assert.ok(listen, `${where}: no entry says where ${start.program} listens when started without a configuration file`);
        assert.ok(listen.ports.map(String).includes(first), `${where}: the first argument ${JSON.stringify(first)} is not one of ${listen.ports.join(', ')}, the ports its entry lists (the page shows the port it listens on)`);
      }
      // A port it connects to, given as an argument: that argument is the port, the url, or names the port.
      for (const e of own.filter((x) => x.kind === 'argument' && x.peer !== undefined && (fileEntries.length === 0 || /^\d+$/.test(first || '')))) {
        const arg = start.args[e.argument - 1];
        // Started without it, or with one naming no port at all (the database program on SQLite): nothing to check.
        if (arg === undefined || !/^\d+$|\bport=|:\/\//.test(arg)) continue;
        const port = String(e.ports[0]);
        assert.ok(arg === port || arg === e.url || new RegExp(`\\bport=${port}\\b`).test(arg), `${where}: argument ${e.argument} (${JSON.stringify(arg)}) does not give ${e.url || port}`);
      }
      checked += 1;
    }
    // Each listening-argument entry is the port of some start on the page.
    for (const e of entries.filter((x) => x.kind === 'argument' && x.peer === undefined)) {
      for (const port of e.ports) {
        assert.ok(starts.some((s) => s.program === e.program && s.args[0] === String(port)), `${PORTS_FILE}: chapters.${folder}: no command of ${page.entries.en.relPath} starts ${e.program} on ${port}`);
      }
    }
  }
  assert.ok(checked >= 50, `only ${checked} program starts checked`);
});

test('ports.json: a configuration file\'s listeners, database and Redis clients have the ports its entries list; a source sets its port, or port 0; the other files an entry names have its port', () => {
  for (const [folder, entries] of Object.entries(ports.chapters)) {
    assert.ok(fs.statSync(path.join(repoRoot, folder)).isDirectory(), `${PORTS_FILE}: chapters.${folder}: no such folder`);
    for (const e of entries) {
      const where = `${PORTS_FILE}: chapters.${folder}: ${e.program}`;
      if (e.kind === 'file') {
        const found = portsOfKey(path.join(repoRoot, folder, e.file), e.key);
        assert.deepEqual([...new Set(found)].sort(), [...e.ports].sort(), `${where}: ${e.file} ${e.key} has the ports ${found.join(', ') || 'none'}`);
      } else if (e.kind === 'source' || e.kind === 'free') {
        const text = fs.readFileSync(path.join(repoRoot, folder, e[e.kind]), 'utf8');
        for (const port of e.kind === 'free' ? [0] : e.ports) assert.match(text, new RegExp(`addListener\\([^)]*\\b${port}\\)`), `${where}: ${e[e.kind]} does not listen on ${port}`);
      }
      for (const file of e.alsoIn || []) {
        const text = fs.readFileSync(path.join(repoRoot, folder, file), 'utf8');
        for (const port of e.ports) assert.match(text, new RegExp(`:${port}\\b`), `${where}: ${file} does not name ${port}`);
      }
    }
  }
  for (const folder of Object.keys(ports.withoutPorts)) {
    assert.ok(fs.statSync(path.join(repoRoot, folder)).isDirectory(), `${PORTS_FILE}: withoutPorts.${folder}: no such folder`);
  }
});

test('every page of the guide and the tutorial shows the note under the folder note, in every language, naming each program, or saying why there is none', () => {
  const { manifest } = generated;
  let notes = 0;
  for (const page of manifest.pages.filter((p) => sections.has(p.section))) {
    for (const lang of manifest.languages) {
      const text = generated.files.get(page.entries[lang.code].relPath);
      const folder = FOLDER_LINK.exec(text)[1];
      const note = /<!-- \/guide:example-folder -->\n\n<!-- guide:ports [^\n]*-->\n> ([^\n]+)\n<!-- \/guide:ports -->\n/.exec(text);
      assert.ok(note, `${page.entries[lang.code].relPath}: no ports note right after the example-folder note`);
      notes += 1;
      if (ports.withoutPorts[folder]) continue;
      assert.ok(ports.chapters[folder], `${PORTS_FILE}: ${folder} (the folder of ${page.entries[lang.code].relPath}) is neither in chapters nor in withoutPorts`);
      for (const e of ports.chapters[folder]) {
        assert.ok(note[1].includes(`\`${e.program}\``), `${page.entries[lang.code].relPath}: the note does not name ${e.program}`);
        for (const port of e.ports) assert.ok(note[1].includes(String(port)), `${page.entries[lang.code].relPath}: the note does not give ${port}`);
        for (const file of e.alsoIn || []) assert.ok(note[1].includes(`\`${path.posix.basename(file)}\``), `${page.entries[lang.code].relPath}: the note does not name ${file}`);
      }
    }
  }
  assert.ok(notes >= 120, `only ${notes} notes`);
});

test('the note says where each port comes from; the runner\'s list of a chapter\'s ports has each once', () => {
  const say = (key, values = {}) => `${key}(${Object.entries(values).map(([k, v]) => `${k}=${v}`).join(',')})`;
  const data = {
    chapters: {
      x: [
        { program: 'a', ports: [8080], kind: 'argument', argument: 1 },
        { program: 'a', ports: [6379], kind: 'argument', argument: 2, peer: 'redis' },
        { program: 'b', ports: [8080, 8443], kind: 'file', file: 'config.json', key: 'listeners' },
        { program: 'c', ports: [8080], kind: 'file', file: 'config.json', key: 'listeners', byDefault: true, alsoIn: ['deploy/site.conf'] },
        { program: 'd', ports: [], kind: 'free', free: 'test/main.cc' },
      ],
    },
    withoutPorts: { z: 'install' },
  };
  const lines = portsNoteLines(data, 'x', say);
  assert.equal(lines.length, 3);
  assert.match(lines[1], /^> portsNote\(list=portPart\(subject=portSubject\(program=`a`,file=\),predicates=portListenArgument\(ports=8080/);
  assert.match(lines[1], /portPredicateAnd\(\)portConnectArgument\(ports=6379,ordinal=ordinal2\(\),.*peer=peerRedis\(\)\)/);
  assert.match(lines[1], /portSubjectFile\(program=`b`,file=`config.json`\),predicates=portListenFile\(ports=8080portsAnd\(\)8443/);
  assert.match(lines[1], /portSubjectDefaultFile\(program=`c`,file=`config.json`\),predicates=portListenFile\(ports=8080,.*\)portAlsoIn\(files=`site.conf`\)/);
  assert.match(lines[1], /portSubject\(program=`d`,file=\),predicates=portListenFree\(ports=,ordinal=,file=`main.cc`/);
  assert.deepEqual(portsNoteLines(data, 'y', say), []);
  assert.match(portsNoteLines(data, 'z', say)[1], /^> portsNote\(list=portsWithoutInstall\(\)\)$/);
  assert.deepEqual(chapterPorts(data, 'x'), [8080, 6379, 8443]);
  // The note is removed from a body with the blank line after it.
  assert.equal(collapsePortsNote(['# T', '', ...lines, '', 'text'].join('\n'), 'x.md'), '# T\n\ntext');
  assert.throws(() => collapsePortsNote(['# T', lines[0], lines[1]].join('\n'), 'x.md'), /x\.md: the guide:ports block is not closed/);
});

test('bad ports data is refused with the field named', (t) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-ports-'));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  fs.mkdirSync(path.join(root, 'docs', 'guide'), { recursive: true });
  const load = (chapters, extra = {}) => {
    fs.writeFileSync(path.join(root, PORTS_FILE), JSON.stringify({ chapters, ...extra }));
    return loadPorts(root);
  };
  assert.throws(() => load({ 'examples/x': [{ program: 'a', ports: [8080], argument: 2 }] }), /chapters\.examples\/x\[0\]: argument: a program listens on its first argument/);
  assert.throws(() => load({ 'examples/x': [{ program: 'a', ports: [80800], argument: 1 }] }), /chapters\.examples\/x\[0\]: ports: expected a non-empty array of ports/);
  assert.throws(() => load({ 'examples/x': [{ program: 'a', ports: [8080], argument: 1, file: 'c.json' }] }), /exactly one of argument, file, source, free \(got argument, file\)/);
  assert.throws(() => load({ 'examples/x': [{ program: 'a', ports: [8080], free: 'main.cc' }] }), /chapters\.examples\/x\[0\]: ports: a program on a free port \(free\) has none to list/);
  assert.throws(() => load({ 'examples/x': [{ program: 'a', ports: [8080], argument: 1, byDefault: true }] }), /byDefault: expected true, with file only/);
  assert.throws(() => load({ 'examples/x': [{ program: 'a', ports: [8080], file: 'c.json', alsoIn: ['../n.conf'] }] }), /alsoIn: expected a non-empty array of files of the chapter folder/);
  assert.throws(() => load({ 'examples/x': [{ program: 'a', ports: [8080], argument: 1 }] }, { withoutPorts: { 'examples/x': 'install' } }), /chapters\.examples\/x: also in withoutPorts/);
  assert.throws(() => load({ 'examples/x': [{ program: 'a', ports: [8080], argument: 1, peer: 'mysql' }] }), /peer: expected redis, postgresql or another program of the chapter \(none\)/);
  assert.throws(() => load({ 'examples/x': [{ program: 'a', ports: [9090], argument: 2, peer: 'redis', url: 'http://h:9091' }] }), /url: expected http\(s\):\/\/host:port with the entry's one port/);
  assert.throws(() => load({ 'examples/x': [{ program: 'a', ports: [6379], file: 'c.json', peer: 'redis' }] }), /key: a port the program connects to comes from a key other than "listeners"/);
  assert.throws(() => load({ 'examples/x': [{ program: 'a', ports: [8080], file: '../c.json' }] }), /file: expected a file of the chapter folder/);
  assert.throws(() => load({ 'examples/x': [{ program: 'a', ports: [8080], argument: 1, where: 'x' }] }), /unknown field "where"/);
  assert.throws(() => load({ 'X y': [] }), /chapters\.X y: not a chapter folder name/);
  assert.throws(() => load({ cors: [{ program: 'a', ports: [8080], argument: 1 }] }), /chapters\.cors: not a chapter folder name/);
  assert.throws(() => load({}, { withoutPorts: { 'examples/a': 'nothing' } }), /withoutPorts: expected an object of chapter folder -> why its page starts no program \(install\)/);
  assert.deepEqual(load({ 'examples/x': [{ program: 'a', ports: [8080], file: 'c.json' }] }).chapters['examples/x'][0].key, 'listeners');
});
