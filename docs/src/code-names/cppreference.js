// Where a standard library name is documented on cppreference.com. The names and their pages come
// from Debian's cppreference-doc-en-html (an offline copy of cppreference, with a devhelp index of
// every documented name); a name it does not list (it predates C++20: coroutines, std::format) is
// sent to the cppreference page of the header that declares it, which exists for every standard header.
// Used when the record is made (docs/src/code-names/); the committed record holds the addresses.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const INDEX = '/usr/share/devhelp/books/cppreference-doc-en-cpp/cppreference-doc-en-cpp.devhelp2';
const HTML_ROOT = '/usr/share/cppreference/doc/html';
const SITE = 'https://en.cppreference.com/w/';
const LIBSTDCXX = /^\/usr\/include\/(?:x86_64-linux-gnu\/)?c\+\+\/\d+\/(.*)$/;
const C_HEADER = /^\/usr\/include\/(?:x86_64-linux-gnu\/)?(?:bits\/|sys\/)?([a-z0-9_]+)\.h$/;
// The C headers of the standard library, by the name C++ gives them (<cstdlib> for stdlib.h).
const C_HEADERS = new Set(['assert', 'ctype', 'errno', 'fenv', 'float', 'inttypes', 'limits', 'locale', 'math', 'setjmp',
  'signal', 'stdarg', 'stddef', 'stdint', 'stdio', 'stdlib', 'string', 'time', 'uchar', 'wchar', 'wctype']);

class CppreferenceError extends Error {}

function decodeXml(text) {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, '\'').replace(/&amp;/g, '&');
}

function pageUrl(link) {
  return SITE + link.replace(/^en\//, '').replace(/\.html$/, '');
}

/** The devhelp index as Map<name, [{ link, qualifier }]> ("std::move (utility)": qualifier "utility"). */
function loadIndex(indexPath = INDEX) {
  let text;
  try {
    text = fs.readFileSync(indexPath, 'utf8');
  } catch (err) {
    throw new CppreferenceError(`${indexPath}: ${err.code || err.message} (Debian's cppreference-doc-en-html; scripts/ensure-deps.sh installs it)`);
  }
  const index = new Map();
  for (const m of text.matchAll(/<keyword type="[^"]*" name="([^"]+)" link="([^"]+)"/g)) {
    const full = decodeXml(m[1]);
    const q = /^(.*?) \(([^)]*)\)$/.exec(full);
    const name = q ? q[1] : full;
    if (!index.has(name)) index.set(name, []);
    index.get(name).push({ link: m[2].replace(/#.*$/, ''), qualifier: q ? q[2] : null });
  }
  if (index.size === 0) throw new CppreferenceError(`${indexPath}: no <keyword> entries`);
  return index;
}

/**
 * The public header a declaration's file belongs to, as a reader includes it (`string` for
 * bits/basic_string.h, `cstdlib` for stdlib.h), or null for a file outside the standard library.
 */
function publicHeader(file, readText = (f) => fs.readFileSync(f, 'utf8')) {
  const cxx = LIBSTDCXX.exec(file);
  if (cxx) {
    if (!cxx[1].includes('/')) return cxx[1];
    let head = '';
    try {
      head = readText(file).slice(0, 6000);
    } catch {
      return null;
    }
    const named = /@headername\{([^}]+)\}/.exec(head);
    return named ? named[1].split(',')[0].trim() : null;
  }
  const c = C_HEADER.exec(file);
  if (c && C_HEADERS.has(c[1])) return `c${c[1]}`;
  return null;
}

// Standard names as cppreference writes them: libstdc++'s inline and private namespaces left out
// (std::__cxx11::basic_string is std::basic_string, std::chrono::_V2::system_clock
// std::chrono::system_clock), and a member inherited from an internal base class named by the class
// readers use (std::__atomic_base::load is std::atomic::load). Another internal name stays, so the
// lookup falls back to the nearest page it can be sure of.
const INLINE_NAMESPACES = new Set(['__cxx11', '_V2', '__8', '__exception_ptr', '__debug', '__n4861']);
const INTERNAL_BASES = {
  __atomic_base: 'atomic', __atomic_float: 'atomic', __shared_ptr: 'shared_ptr', __shared_ptr_access: 'shared_ptr',
  __weak_ptr: 'weak_ptr', __basic_future: 'future', _Optional_base: 'optional', _Vector_base: 'vector', _Deque_base: 'deque',
};
function normalise(qualifiedParts) {
  return qualifiedParts.filter((p) => !INLINE_NAMESPACES.has(p)).map((p) => INTERNAL_BASES[p] || p);
}

/**
 * The cppreference page of a standard name: { url, exact } (exact: the name's own page; else its
 * class's, its library's or its header's), or null. qualified: the declaration's parts (['std',
 * '__cxx11', 'basic_string', 'empty']); written: the name as the code spells it with its qualifier
 * (std::string), when it has one; header: publicHeader of its file.
 */
function lookup(index, { qualified, written, header, htmlExists = (rel) => fs.existsSync(path.join(HTML_ROOT, rel)) }) {
  const parts = normalise(qualified);
  if (parts[0] !== 'std') parts.unshift('std'); // the C library, as std:: documents it
  const pick = (name) => {
    const entries = index.get(name);
    if (!entries) return null;
    const byHeader = entries.find((e) => e.qualifier && header && e.qualifier === header);
    return (byHeader || entries[0]).link;
  };
  const candidates = [parts.join('::')];
  if (qualified.length === 1) candidates.push(qualified[0]); // a macro of the C library (EXIT_SUCCESS)
  if (written && written !== candidates[0]) candidates.push(written);
  for (const name of candidates) {
    const link = pick(name);
    if (link) return { url: pageUrl(link), exact: true };
  }
  // A namespace of the library (std::chrono, std::filesystem) has a page of its own.
  const library = `en/cpp/${parts.slice(1).join('/')}.html`;
  if (parts.length === 2 && htmlExists(library)) return { url: pageUrl(library), exact: true };
  for (let n = parts.length - 1; n >= 2; n--) {
    const link = pick(parts.slice(0, n).join('::'));
    if (link) return { url: pageUrl(link), exact: false };
  }
  if (header) return { url: `${SITE}cpp/header/${header}`, exact: false };
  return null;
}

module.exports = { loadIndex, lookup, publicHeader, normalise, pageUrl, CppreferenceError, SITE };
