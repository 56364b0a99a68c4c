// The front end's declarations as the record keeps them: where each comes from (Drogon, trantor, the
// standard library, the example itself, or another library), the file a reader sees (the header as
// a reader includes it, `drogon/HttpResponse.h`; the example's file in the repository), a readable
// id (the qualified name; overloads numbered in the order the header declares them), and what the
// API reference and the links need (comment, members, "since", the cppreference address).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const cppreference = require('./cppreference');
const changelog = require('./changelog');
const { GUIDE_BUILD_DIR } = require('../../../shared/src/project-paths');

const ORIGINS = ['drogon', 'trantor', 'std', 'example', 'other'];
// Kinds the example declares inside a function: recorded, never linked (their declaration is in the
// block the reader is looking at).
const LOCAL_KINDS = new Set(['local', 'parameter', 'template parameter', 'label']);
// The C library's headers: what they declare is documented by cppreference under std::.
// (clang's own stddef.h and stdint.h among them.)
const C_LIBRARY = /^\/usr\/include\/(?:[^/]+\.h|x86_64-linux-gnu\/.*\.h)$|\/clang\/[\d.]+\/include\/[^/]+\.h$/;

/**
 * Classifies one raw declaration (clang-names.py's record). context: { root (repository), includeRoot
 * (Drogon's installed include folder, with a trailing /) }. Returns { origin, file } where file is
 * the header as included (library), the repository path (example), or the path under /usr/include.
 */
function placeOf(raw, { root, includeRoot }) {
  const file = raw.file || '';
  if (raw.kind === 'namespace') {
    const top = raw.qualified[0];
    if (top === 'drogon' || top === 'drogon_model') return { origin: top === 'drogon' ? 'drogon' : 'example', file: null };
    if (top === 'trantor') return { origin: 'trantor', file: null };
    if (top === 'std') return { origin: 'std', file: null };
  }
  if (file.startsWith(includeRoot)) {
    const rel = file.slice(includeRoot.length);
    return { origin: rel.startsWith('trantor/') ? 'trantor' : rel.startsWith('drogon/') ? 'drogon' : 'other', file: rel };
  }
  const repoRel = path.relative(root, file);
  // The guide's build folder is in the checkout, but what it generates (views' classes) is no file of
  // the repository to link to: it is placed as any header outside the examples is.
  const built = repoRel.split(path.sep)[0] === GUIDE_BUILD_DIR;
  if (!built && !repoRel.startsWith('..') && !path.isAbsolute(repoRel)) return { origin: 'example', file: repoRel.split(path.sep).join('/') };
  const underUsr = file.startsWith('/usr/include/') ? file.slice('/usr/include/'.length) : path.basename(file);
  if (raw.qualified[0] === 'std' || cppreference.publicHeader(file)) return { origin: 'std', file: underUsr };
  return { origin: 'other', file: underUsr };
}

function qualifiedName(raw, origin) {
  const parts = origin === 'std' ? cppreference.normalise(raw.qualified) : raw.qualified;
  return (parts.length ? parts : [raw.name]).join('::');
}

/**
 * Builds the record's declarations from the merged raw ones. raw: Map<key, record>; keys: the keys
 * the record needs (referenced by an occurrence), whose library parents and members are added.
 * context: { root, includeRoot, cppIndex, changelogs: { drogon: lines, trantor: lines }, written:
 * Map<key, name as the code writes it> }. Returns { declarations: { id: record }, idOf: Map<key, id> }.
 */
// clang writes a lambda's type with the absolute path of its file ("(lambda at /home/me/drogon-docs/
// examples/...:14:52)"): the record keeps it relative to the repository, the same in every checkout.
function withoutCheckout(text, root) {
  if (typeof text !== 'string' || !root) return text;
  let real = path.resolve(root);
  try { real = fs.realpathSync(root); } catch { /* a root that is not on disk (a test's): as given */ }
  const roots = [...new Set([path.resolve(root), real])].map((r) => `${r}${path.sep}`);
  return roots.reduce((t, r) => t.split(r).join(''), text);
}

function buildDeclarations(raw, keys, context) {
  const wanted = new Set();
  const add = (key) => {
    if (!key || wanted.has(key) || !raw.has(key)) return;
    wanted.add(key);
    const r = raw.get(key);
    add(r.parent);
    for (const m of r.members || []) add(m);
  };
  for (const key of keys) add(key);

  // Places and names, then ids: the qualified name, numbered from ~2 on for further declarations of
  // the same name (overloads) in header order; the example's own names by file and line.
  const entries = [...wanted].map((key) => {
    const r = raw.get(key);
    const place = placeOf(r, context);
    return { key, r, ...place, qualified: qualifiedName(r, place.origin) };
  });
  entries.sort((a, b) => (a.qualified < b.qualified ? -1 : a.qualified > b.qualified ? 1 : 0)
    || String(a.file).localeCompare(String(b.file)) || a.r.line - b.r.line || a.r.column - b.r.column);
  const idOf = new Map();
  const taken = new Map();
  for (const e of entries) {
    let id;
    if (e.origin === 'example' && e.r.kind !== 'namespace') id = `${e.file}:${e.r.line}:${e.r.name}`;
    else if (e.r.kind === 'namespace') id = e.qualified;
    else {
      const n = (taken.get(e.qualified) || 0) + 1;
      taken.set(e.qualified, n);
      id = n === 1 ? e.qualified : `${e.qualified}~${n}`;
    }
    if (!idOf.has(e.key)) idOf.set(e.key, id);
    e.id = id;
  }

  const declarations = {};
  for (const e of entries) {
    if (declarations[e.id]) continue; // a namespace seen at several places is one record
    const { r } = e;
    if (e.origin === 'example' && LOCAL_KINDS.has(r.kind)) {
      declarations[e.id] = { name: r.name, kind: r.kind, origin: e.origin, file: e.file, line: r.line };
      continue;
    }
    const d = { name: r.name, qualified: e.qualified, kind: r.kind, origin: e.origin };
    if (e.file) d.file = e.file;
    d.line = r.line;
    d.signature = withoutCheckout(r.signature, context.root);
    if (e.origin === 'drogon' || e.origin === 'trantor') {
      if (r.comment) d.comment = r.comment;
      if (r.access) d.access = r.access;
      if (r.parent && idOf.has(r.parent)) d.parent = idOf.get(r.parent);
      if (r.members) d.members = r.members.filter((m) => idOf.has(m)).map((m) => idOf.get(m));
      if (r.bases && r.bases.length) d.bases = r.bases;
      const owner = d.parent ? raw.get(r.parent).name : null;
      const found = changelog.since(context.changelogs[e.origin] || [], { name: r.name, owner });
      if (found) d.since = { version: found.version, changelog: found.text };
    }
    // The namespace std itself links nowhere: it is every standard header's (the names after std:: link).
    const isStd = r.kind === 'namespace' && e.qualified === 'std';
    if (!isStd && (e.origin === 'std' || (e.origin === 'other' && C_LIBRARY.test(r.file || '')))) {
      const header = cppreference.publicHeader(r.file);
      const place = cppreference.lookup(context.cppIndex, { qualified: r.qualified, written: context.written.get(e.key), header });
      if (header) d.header = header;
      if (place && (e.origin === 'std' || place.exact)) {
        d.origin = 'std';
        d.url = place.url;
        if (!place.exact) d.urlIsNearest = true;
      }
    }
    if (e.origin === 'example' && r.kind === 'namespace') delete d.file;
    declarations[e.id] = d;
  }
  return { declarations, idOf };
}

module.exports = { buildDeclarations, placeOf, withoutCheckout, ORIGINS, LOCAL_KINDS };
