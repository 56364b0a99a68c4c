// How every program of the guide gets its port, said once and on every page. The rule: a program
// takes the port it listens on as its first argument (`./build/hello 8080`), or, started with a
// configuration file, from `port` in that file's `listeners`. docs/guide/ports.json lists, per chapter
// folder, each program with the ports its page uses and where each comes from; the "Ports" note under
// a guide page's title is generated from it (strings.json), and docs/test/guide/ports.test.js checks
// it against the chapter's commands.sh and configuration files, so the note cannot drift.
//
// The page runner moves a page to free ports with the same data: each port of a chapter's entries is
// a number the page's commands use (replace it there), and an entry with a `file` names the
// configuration file of the folder that holds it (replace it there too).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const PORTS_FILE = path.join('docs', 'guide', 'ports.json');
const PORTS_OPEN = /^<!-- guide:ports\b.*-->[ \t]*$/;
const PORTS_CLOSE = /^<!-- \/guide:ports -->[ \t]*$/;
const PORTS_NOTE = 'generated from docs/guide/ports.json and strings.json by npm run build; do not edit';
const FOLDER = /^[a-z0-9][a-z0-9-]*$/;
const PROGRAM = /^[A-Za-z0-9_.-]+$/;
const REL_FILE = /^[A-Za-z0-9_][A-Za-z0-9_./-]*$/;
const KEY = /^[a-z_]+$/;
// What a program connects to, when it is not another program of its chapter (strings.json peer*).
const SERVICES = ['redis', 'postgresql'];

/**
 * One entry: { program, ports: [n...], then where they come from:
 *   argument: n        the program's n-th command-line argument (listening: always the first)
 *   file: "x.json"     a configuration file of the folder, under `key` (default "listeners")
 *   source: "main.cc"  set in that source file (a project drogon_ctl generates)
 * and, for a port the program connects to rather than listens on, peer: "redis" | "postgresql" |
 * another program of the chapter; url: the address as the argument gives it, when it is one. }
 */
function validateEntry(entry, where, programs) {
  const fail = (message) => { throw new Error(`${where}: ${message}`); };
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) fail('expected an object');
  const known = ['program', 'ports', 'argument', 'file', 'key', 'source', 'peer', 'url'];
  for (const k of Object.keys(entry)) if (!known.includes(k)) fail(`unknown field "${k}" (known: ${known.join(', ')})`);
  if (typeof entry.program !== 'string' || !PROGRAM.test(entry.program)) fail('program: expected the name of a program (letters, digits, _ . -)');
  if (!Array.isArray(entry.ports) || entry.ports.length === 0 || entry.ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) fail('ports: expected a non-empty array of ports (1-65535)');
  if (new Set(entry.ports).size !== entry.ports.length) fail('ports: a port is listed twice');
  const kinds = ['argument', 'file', 'source'].filter((k) => entry[k] !== undefined);
  if (kinds.length !== 1) fail(`expected exactly one of argument, file, source (got ${kinds.join(', ') || 'none'})`);
  const kind = kinds[0];
  if (kind === 'argument' && (!Number.isInteger(entry.argument) || entry.argument < 1 || entry.argument > 9)) fail('argument: expected 1-9');
  if (kind !== 'argument' && (typeof entry[kind] !== 'string' || !REL_FILE.test(entry[kind]) || entry[kind].includes('..'))) fail(`${kind}: expected a file of the chapter folder`);
  if (entry.key !== undefined && (kind !== 'file' || typeof entry.key !== 'string' || !KEY.test(entry.key))) fail('key: expected a configuration key (lowercase and _), with file only');
  if (entry.peer === undefined) {
    if (kind === 'argument' && entry.argument !== 1) fail('argument: a program listens on its first argument (the guide\'s rule)');
    if (entry.key !== undefined && entry.key !== 'listeners') fail('key: a program listens on the ports of "listeners"');
    if (entry.url !== undefined) fail('url: only for a port the program connects to (with peer)');
  } else {
    if (typeof entry.peer !== 'string' || !(SERVICES.includes(entry.peer) || (programs.includes(entry.peer) && entry.peer !== entry.program))) {
      fail(`peer: expected ${SERVICES.join(', ')} or another program of the chapter (${programs.filter((p) => p !== entry.program).join(', ') || 'none'})`);
    }
    if (kind === 'file' && (entry.key === undefined || entry.key === 'listeners')) fail('key: a port the program connects to comes from a key other than "listeners" (redis_clients, db_clients)');
    if (entry.url !== undefined && (typeof entry.url !== 'string' || !/^https?:\/\/[A-Za-z0-9.-]+:(\d+)$/.test(entry.url) || Number(/:(\d+)$/.exec(entry.url)[1]) !== entry.ports[0] || entry.ports.length !== 1 || kind !== 'argument')) {
      fail('url: expected http(s)://host:port with the entry\'s one port, given as an argument');
    }
  }
  return { ...entry, kind, key: kind === 'file' ? entry.key || 'listeners' : undefined };
}

/** docs/guide/ports.json under root, validated: { chapters: { folder: [entry...] }, withoutPorts: { program: why } }. Throws naming the field. */
function loadPorts(root) {
  const file = path.join(root, PORTS_FILE);
  let raw;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${PORTS_FILE}: cannot load: ${err.message}`);
  }
  if (!raw || typeof raw.chapters !== 'object' || Array.isArray(raw.chapters)) throw new Error(`${PORTS_FILE}: chapters: expected an object of chapter folder -> entries`);
  const withoutPorts = raw.withoutPorts === undefined ? {} : raw.withoutPorts;
  if (!withoutPorts || typeof withoutPorts !== 'object' || Array.isArray(withoutPorts)
    || Object.entries(withoutPorts).some(([k, v]) => !PROGRAM.test(k) || typeof v !== 'string' || v.trim() === '')) {
    throw new Error(`${PORTS_FILE}: withoutPorts: expected an object of program -> why it needs no port`);
  }
  const chapters = {};
  for (const [folder, entries] of Object.entries(raw.chapters)) {
    const where = `${PORTS_FILE}: chapters.${folder}`;
    if (!FOLDER.test(folder)) throw new Error(`${where}: not a chapter folder name`);
    if (!Array.isArray(entries) || entries.length === 0) throw new Error(`${where}: expected a non-empty array`);
    const programs = [...new Set(entries.map((e) => e && e.program))];
    chapters[folder] = entries.map((e, i) => validateEntry(e, `${where}[${i}]`, programs));
  }
  return { chapters, withoutPorts };
}

/** The ports a chapter's page uses, each once: what a runner moves to free ports. */
function chapterPorts(ports, folder) {
  return [...new Set((ports.chapters[folder] || []).flatMap((e) => e.ports))];
}

/**
 * The ports note of a chapter folder in one language, as lines (a quote between its marker lines), or
 * [] when the folder's programs use no port. say(key, values) fills strings.json's string of that key.
 * Entries of one program (started the same way) make one sentence part: "`x` listens on ... and
 * connects to ...".
 */
function portsNoteLines(ports, folder, say) {
  const entries = ports.chapters[folder];
  if (!entries) return [];
  const list = (numbers) => numbers.map(String).join(say('portsAnd'));
  const parts = [];
  for (const e of entries) {
    const subjectKey = e.kind === 'file' ? 'portSubjectFile' : e.kind === 'source' ? 'portSubjectSource' : 'portSubject';
    const subject = say(subjectKey, { program: `\`${e.program}\``, file: e.kind === 'file' ? `\`${e.file}\`` : '' });
    const values = {
      ports: list(e.ports),
      ordinal: e.kind === 'argument' ? say(`ordinal${e.argument}`) : '',
      file: e.kind === 'source' ? `\`${path.posix.basename(e.source)}\`` : '',
      key: e.key ? `\`${e.key}\`` : '',
      url: e.url ? `\`${e.url}\`` : '',
      peer: e.peer === undefined ? '' : SERVICES.includes(e.peer) ? say(`peer${e.peer[0].toUpperCase()}${e.peer.slice(1)}`) : `\`${e.peer}\``,
    };
    const predicateKey = e.peer === undefined
      ? { argument: 'portListenArgument', file: 'portListenFile', source: 'portListenSource' }[e.kind]
      : e.url ? 'portConnectUrl' : { argument: 'portConnectArgument', file: 'portConnectFile', source: 'portConnectSource' }[e.kind];
    const predicate = say(predicateKey, values);
    const last = parts[parts.length - 1];
    if (last && last.subject === subject) last.predicates.push(predicate);
    else parts.push({ subject, predicates: [predicate] });
  }
  const sentences = parts.map((p) => say('portPart', { subject: p.subject, predicates: p.predicates.join(say('portPredicateAnd')) }));
  const text = say('portsNote', { list: sentences.join(say('portsSeparator')) });
  return [`<!-- guide:ports (${PORTS_NOTE}) -->`, `> ${text}`, '<!-- /guide:ports -->'];
}

/** Removes the generated ports note (and the blank line after it) from a body, wherever it is. */
function collapsePortsNote(body, where) {
  const lines = body.split('\n');
  const open = lines.findIndex((l) => PORTS_OPEN.test(l));
  if (open < 0) return body;
  const close = lines.findIndex((l, i) => i > open && PORTS_CLOSE.test(l));
  if (close < 0) throw new Error(`${where}: the guide:ports block is not closed by <!-- /guide:ports -->`);
  const after = lines[close + 1] === '' ? close + 2 : close + 1;
  const before = open > 0 && lines[open - 1] === '' && after >= lines.length ? open - 1 : open;
  return [...lines.slice(0, before), ...lines.slice(after)].join('\n');
}

module.exports = { loadPorts, chapterPorts, portsNoteLines, collapsePortsNote, PORTS_FILE, PORTS_OPEN, SERVICES };
