// How every program of the guide and the tutorial gets its port, said once and on every page. The
// rule: a program takes the port it listens on as its first argument (`./build/hello 8080`), or,
// started with a configuration file, from `port` in that file's `listeners`. docs/guide/ports.json
// lists, per chapter folder (examples/guide/<chapter>, examples/tutorial/<step>), each program with
// the ports its page uses and where each comes from, or why the page has none; the "Ports" note under
// a guide page's title is generated from it (strings.json), and docs/test/guide/ports.test.js checks
// it against the pages' commands and the folders' files, so the note cannot drift.
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
// A chapter folder, as its path in the repository: examples/guide/quick-start, examples/tutorial/01-project.
const FOLDER = /^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)+$/;
const PROGRAM = /^[A-Za-z0-9_.-]+$/;
const REL_FILE = /^[A-Za-z0-9_][A-Za-z0-9_./-]*$/;
const KEY = /^[a-z_]+$/;
// What a program connects to, when it is not another program of its chapter (strings.json peer*).
const SERVICES = ['redis', 'postgresql'];
// Why a chapter's page starts no program that listens (strings.json portsWithout<Reason>).
const WITHOUT_REASONS = ['install'];

/**
 * One entry: { program, ports: [n...], then where they come from:
 *   argument: n        the program's n-th command-line argument (listening: always the first)
 *   file: "x.json"     a configuration file of the folder, under `key` (default "listeners"); with
 *                      byDefault: true, the program reads it from its folder when no argument names one
 *   source: "main.cc"  set in that source file (a project drogon_ctl generates)
 *   free: "main.cc"    (no ports) it listens on port 0 in that source file: a free port the system picks
 * alsoIn: [files of the folder that name the same port, such as nginx's upstream], to change too;
 * and, for a port the program connects to rather than listens on, peer: "redis" | "postgresql" |
 * another program of the chapter; url: the address as the argument gives it, when it is one. }
 */
function validateEntry(entry, where, programs) {
  const fail = (message) => { throw new Error(`${where}: ${message}`); };
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) fail('expected an object');
  const known = ['program', 'ports', 'argument', 'file', 'key', 'byDefault', 'source', 'free', 'peer', 'url', 'alsoIn'];
  for (const k of Object.keys(entry)) if (!known.includes(k)) fail(`unknown field "${k}" (known: ${known.join(', ')})`);
  if (typeof entry.program !== 'string' || !PROGRAM.test(entry.program)) fail('program: expected the name of a program (letters, digits, _ . -)');
  const kinds = ['argument', 'file', 'source', 'free'].filter((k) => entry[k] !== undefined);
  if (kinds.length !== 1) fail(`expected exactly one of argument, file, source, free (got ${kinds.join(', ') || 'none'})`);
  const kind = kinds[0];
  if (kind === 'free') {
    if (entry.ports !== undefined) fail('ports: a program on a free port (free) has none to list');
    if (['peer', 'key', 'url', 'byDefault', 'alsoIn'].some((k) => entry[k] !== undefined)) fail('free: only with program');
    if (typeof entry.free !== 'string' || !REL_FILE.test(entry.free) || entry.free.includes('..')) fail('free: expected a source file of the chapter folder');
    return { ...entry, kind, ports: [] };
  }
  if (!Array.isArray(entry.ports) || entry.ports.length === 0 || entry.ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) fail('ports: expected a non-empty array of ports (1-65535)');
  if (new Set(entry.ports).size !== entry.ports.length) fail('ports: a port is listed twice');
  if (kind === 'argument' && (!Number.isInteger(entry.argument) || entry.argument < 1 || entry.argument > 9)) fail('argument: expected 1-9');
  if (kind !== 'argument' && (typeof entry[kind] !== 'string' || !REL_FILE.test(entry[kind]) || entry[kind].includes('..'))) fail(`${kind}: expected a file of the chapter folder`);
  if (entry.key !== undefined && (kind !== 'file' || typeof entry.key !== 'string' || !KEY.test(entry.key))) fail('key: expected a configuration key (lowercase and _), with file only');
  if (entry.byDefault !== undefined && (entry.byDefault !== true || kind !== 'file')) fail('byDefault: expected true, with file only');
  if (entry.alsoIn !== undefined && (!Array.isArray(entry.alsoIn) || entry.alsoIn.length === 0 || entry.alsoIn.some((f) => typeof f !== 'string' || !REL_FILE.test(f) || f.includes('..')))) fail('alsoIn: expected a non-empty array of files of the chapter folder');
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

/** docs/guide/ports.json under root, validated: { chapters: { folder: [entry...] }, withoutPorts: { folder: reason } }. Throws naming the field. */
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
    || Object.entries(withoutPorts).some(([k, v]) => !FOLDER.test(k) || !WITHOUT_REASONS.includes(v))) {
    throw new Error(`${PORTS_FILE}: withoutPorts: expected an object of chapter folder -> why its page starts no program (${WITHOUT_REASONS.join(', ')})`);
  }
  const chapters = {};
  for (const [folder, entries] of Object.entries(raw.chapters)) {
    const where = `${PORTS_FILE}: chapters.${folder}`;
    if (!FOLDER.test(folder)) throw new Error(`${where}: not a chapter folder name`);
    if (!Array.isArray(entries) || entries.length === 0) throw new Error(`${where}: expected a non-empty array`);
    const programs = [...new Set(entries.map((e) => e && e.program))];
    chapters[folder] = entries.map((e, i) => validateEntry(e, `${where}[${i}]`, programs));
    if (withoutPorts[folder]) throw new Error(`${where}: also in withoutPorts`);
  }
  return { chapters, withoutPorts };
}

/** The ports a chapter's page uses, each once: what a runner moves to free ports. */
function chapterPorts(ports, folder) {
  return [...new Set((ports.chapters[folder] || []).flatMap((e) => e.ports))];
}

/**
 * The ports note of a chapter folder in one language, as lines (a quote between its marker lines), or
 * [] when ports.json says nothing of the folder; for a folder of withoutPorts, the note says why. say(key, values) fills strings.json's string of that key.
 * Entries of one program (started the same way) make one sentence part: "`x` listens on ... and
 * connects to ...".
 */
function portsNoteLines(ports, folder, say) {
  const note = (list) => [`<!-- guide:ports (${PORTS_NOTE}) -->`, `> ${say('portsNote', { list })}`, '<!-- /guide:ports -->'];
  const reason = Object.hasOwn(ports.withoutPorts, folder) ? ports.withoutPorts[folder] : undefined;
  if (reason) return note(say(`portsWithout${reason[0].toUpperCase()}${reason.slice(1)}`));
  const entries = ports.chapters[folder];
  if (!entries) return [];
  const list = (numbers) => numbers.map(String).join(say('portsAnd'));
  const parts = [];
  for (const e of entries) {
    const subjectKey = e.kind === 'file' ? (e.byDefault ? 'portSubjectDefaultFile' : 'portSubjectFile') : e.kind === 'source' ? 'portSubjectSource' : 'portSubject';
    const subject = say(subjectKey, { program: `\`${e.program}\``, file: e.kind === 'file' ? `\`${e.file}\`` : '' });
    const values = {
      ports: list(e.ports),
      ordinal: e.kind === 'argument' ? say(`ordinal${e.argument}`) : '',
      file: e.kind === 'source' || e.kind === 'free' ? `\`${path.posix.basename(e[e.kind])}\`` : '',
      key: e.key ? `\`${e.key}\`` : '',
      url: e.url ? `\`${e.url}\`` : '',
      peer: e.peer === undefined ? '' : SERVICES.includes(e.peer) ? say(`peer${e.peer[0].toUpperCase()}${e.peer.slice(1)}`) : `\`${e.peer}\``,
    };
    const predicateKey = e.peer === undefined
      ? { argument: 'portListenArgument', file: 'portListenFile', source: 'portListenSource', free: 'portListenFree' }[e.kind]
      : e.url ? 'portConnectUrl' : { argument: 'portConnectArgument', file: 'portConnectFile', source: 'portConnectSource' }[e.kind];
    const also = e.alsoIn ? say('portAlsoIn', { files: e.alsoIn.map((f) => `\`${path.posix.basename(f)}\``).join(say('portsAnd')) }) : '';
    const predicate = say(predicateKey, values) + also;
    const last = parts[parts.length - 1];
    if (last && last.subject === subject) last.predicates.push(predicate);
    else parts.push({ subject, predicates: [predicate] });
  }
  const sentences = parts.map((p) => say('portPart', { subject: p.subject, predicates: p.predicates.join(say('portPredicateAnd')) }));
  return note(sentences.join(say('portsSeparator')));
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

module.exports = { loadPorts, chapterPorts, portsNoteLines, collapsePortsNote, PORTS_FILE, PORTS_OPEN, SERVICES, WITHOUT_REASONS };
