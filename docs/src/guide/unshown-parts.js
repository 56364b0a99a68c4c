// What a page does not show of a file it shows in part. A reader who assembles a program from a
// page's fragments needs the rest too: the `using` lines, the helpers, the start and the end of
// main(). After the last fragment of such a file, the page gets a generated note that names every
// part it leaves out, with its lines, and quotes the short ones ("lines 120–121, the end of
// `main()`: `app().addListener(...).run(); }`"), so shown and named parts cover the whole file
// (docs/test/guide/unshown-parts.test.js checks it on every page). The #include lines are named by
// the fragments' captions (example-folder.js), so they are not repeated.
//
// Parts of a C++ file are named by what they belong to, read with cpp-scope.js's blankNonCode: the
// items at file scope (and inside namespaces and classes) are statements, functions, classes and
// preprocessor lines; lines inside a function body belong to that function.
'use strict';
const path = require('node:path');
const { parseRegions, MARKER_LINE } = require('./regions');
const { CPP_FILE, blankNonCode, classifyHead } = require('./cpp-scope');
const { codeSpan } = require('../../../shared/src/escape');
const { lineNumbers } = require('../../../shared/src/line-numbers');

const REST_OPEN = /^([ \t]*)<!-- guide:unshown\b.*-->[ \t]*$/;
const REST_CLOSE = /^[ \t]*<!-- \/guide:unshown -->[ \t]*$/;
const REST_NOTE = 'generated from the file by npm run build; do not edit';
// A part this short is quoted in the note (all its code lines, joined by spaces).
const QUOTE_MAX_LINES = 6;
const QUOTE_MAX_CHARS = 320;

// The comment lines of a file that is not C++ or JSON, by its kind: not code, so they need no naming.
function commentLine(file) {
  const base = path.posix.basename(file);
  if (/\.sql$/.test(file)) return /^\s*--/;
  if (/\.(csp|html)$/.test(file)) return /^\s*<!--.*-->\s*$/;
  if (base === 'CMakeLists.txt' || /\.(cmake|ya?ml|sh|conf|service|nix|txt|ini|toml)$/.test(file) || base === 'Dockerfile') return /^\s*#/;
  return /^\s*(\/\/|#)/;
}

/** 0-based indexes of the code lines of a file: not blank, not only a comment, not a region marker.
 *  C++ and JSON (jsoncpp reads comments) are read with blankNonCode, so a block comment is no code. */
function codeLines(lines, file, blankedText = null) {
  if (CPP_FILE.test(file) || /\.json$/.test(file)) {
    const blanked = (blankedText ?? blankNonCode(lines.join('\n'))).split('\n');
    return lines.map((l, i) => ((blanked[i].trim() !== '' || /^\s*#/.test(l)) && !MARKER_LINE.test(l) ? i : -1)).filter((i) => i >= 0);
  }
  const comment = commentLine(file);
  return lines.map((l, i) => (l.trim() === '' || MARKER_LINE.test(l) || comment.test(l) ? -1 : i)).filter((i) => i >= 0);
}

/**
 * The items of a C++ file, as a tree: [{ kind: 'function'|'class'|'namespace'|'statement'|'preprocessor',
 * name, keyword, start, end (0-based lines), bodyStart, bodyEnd (function and container bodies),
 * children (namespace and class) }].
 */
function cppItems(text, blanked = null) {
  const code = blanked ?? blankNonCode(text);
  const lineAt = lineNumbers(code);
  const line = (at) => lineAt(at) - 1; // 0-based
  let i = 0;
  const n = code.length;
  const skipBraces = () => { // at '{': past its matching '}', returns the index of that '}'
    let depth = 0;
    for (; i < n; i++) {
      if (code[i] === '{') depth++;
      else if (code[i] === '}' && --depth === 0) return i++;
    }
    return n - 1;
  };
  // Reads items until the '}' that closes the container (or the end): returns them.
  const readContainer = () => {
    const items = [];
    for (;;) {
      while (i < n && /\s/.test(code[i])) i++;
      if (i >= n) return items;
      if (code[i] === '}') return items;
      const start = i;
      let headStart = i;
      let item = null;
      while (i < n && !item) {
        const c = code[i];
        if (c === ';') {
          item = { kind: 'statement', start: line(start), end: line(i) };
          i++;
        } else if (c === '{') {
          const head = classifyHead(code.slice(headStart, i));
          if (head.kind === 'namespace' || head.kind === 'class') {
            const bodyStart = line(i);
            i++;
            const children = readContainer();
            const close = i;
            i++;
            let end = line(close);
            if (head.kind === 'class') { // a class ends at its ';'
              while (i < n && code[i] !== ';') i++;
              end = line(Math.min(i, n - 1));
              i++;
            }
            item = { kind: head.kind, name: head.name, keyword: head.keyword, start: line(start), end, bodyStart, bodyEnd: line(close), children };
          } else if (head.kind === 'function') {
            const bodyStart = line(i);
            const close = skipBraces();
            item = { kind: 'function', name: head.name, start: line(start), end: line(close), bodyStart, bodyEnd: line(close) };
          } else {
            skipBraces(); // an initializer or a lambda: the statement goes on to its ';'
            headStart = i;
          }
        } else if (c === '}') {
          // A stray '}' (unbalanced code): end the item before it.
          item = { kind: 'statement', start: line(start), end: line(Math.max(start, i - 1)) };
        } else {
          i++;
        }
      }
      if (!item) item = { kind: 'statement', start: line(start), end: line(n - 1) };
      items.push(item);
    }
  };
  const items = readContainer();
  // Preprocessor lines are blanked above: each is an item of its own, at file scope.
  text.split('\n').forEach((l, k) => {
    if (/^\s*#/.test(l)) items.push({ kind: 'preprocessor', start: k, end: k, include: /^\s*#\s*include\b/.test(l) });
  });
  return items.sort((a, b) => a.start - b.start);
}

// The innermost item holding a line, with the chain of items above it: [outer, ..., inner].
function chainAt(items, k) {
  for (const item of items) {
    if (k < item.start || k > item.end) continue;
    if (item.children && k > item.bodyStart && k < item.bodyEnd) {
      const inner = chainAt(item.children, k);
      if (inner.length) return [item, ...inner];
    }
    return [item];
  }
  return [];
}

/**
 * The parts of a file a page does not show: [{ first, last (1-based), kind, names, quote, firstLine }],
 * where kind says what the part is ('items': whole functions or classes named in `names`; 'start' |
 * 'end' | 'middle' of the function or class names[0]; 'lines' otherwise) and quote is its code on one
 * line when it is short.
 * shownLines: a Set of the 0-based lines the page shows. #include lines are left out (the captions name them).
 */
function unshownParts(text, file, shownLines) {
  const lines = text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  const cpp = CPP_FILE.test(file);
  const blanked = cpp || /\.json$/.test(file) ? blankNonCode(lines.join('\n')) : null;
  const code = codeLines(lines, file, blanked).filter((k) => !shownLines.has(k));
  const items = cpp ? cppItems(lines.join('\n'), blanked) : [];
  const shownIn = (it) => rangeHasShown(shownLines, it.start, it.end);
  // What an omitted line belongs to: a function the page shows part of (its head and closing brace
  // included), a function or class it shows none of, or a statement-like line (a declaration, a
  // preprocessor line, the head or end of a namespace or of a class it shows part of).
  const unitOf = (k) => {
    if (!cpp) return { type: 'stmt' };
    const chain = chainAt(items, k);
    // The outermost function or class the page shows none of is named as a whole ...
    const whole = chain.find((it) => (it.kind === 'function' || it.kind === 'class') && !shownIn(it));
    if (whole) return { type: 'whole', item: whole };
    // ... else the line is part of the innermost function or class it sits in, or statement-like.
    const fn = [...chain].reverse().find((it) => it.kind === 'function' || it.kind === 'class');
    return fn ? { type: 'fn', fn } : { type: 'stmt' };
  };
  const groups = [];
  for (const k of code) {
    if (cpp && /^\s*#\s*include\b/.test(lines[k])) continue;
    const u = unitOf(k);
    const last = groups[groups.length - 1];
    const joins = last && !rangeHasShown(shownLines, last.last + 1, k - 1) && last.type === u.type && (u.type !== 'fn' || last.fn === u.fn);
    if (joins) {
      last.last = k;
      last.lines.push(k);
      if (u.item && !last.items.includes(u.item)) last.items.push(u.item);
    } else {
      groups.push({ type: u.type, first: k, last: k, lines: [k], fn: u.fn || null, items: u.item ? [u.item] : [] });
    }
  }
  return groups.map((g) => describe(g, lines, shownLines));
}

function rangeHasShown(shown, from, to) {
  for (let k = from; k <= to; k++) if (shown.has(k)) return true;
  return false;
}

// How a note names a function (`main()`) or a class (`class Books`).
const label = (it) => (it.kind === 'function' ? `${it.name}()` : `${it.keyword} ${it.name}`);

function describe(group, lines, shownLines) {
  const joined = group.lines.map((k) => lines[k].trim()).join(' ');
  const quote = group.lines.length <= QUOTE_MAX_LINES && joined.length <= QUOTE_MAX_CHARS ? joined : null;
  const part = { first: group.first + 1, last: group.last + 1, quote, names: [], kind: 'lines', firstLine: lines[group.first].trim() };
  if (group.type === 'fn') {
    const { fn } = group;
    part.names = [label(fn)];
    part.kind = !rangeHasShown(shownLines, fn.start, group.first - 1) ? 'start' : !rangeHasShown(shownLines, group.last + 1, fn.end) ? 'end' : 'middle';
  } else if (group.type === 'whole') {
    part.kind = 'items';
    part.names = group.items.map(label);
  }
  return part;
}

// ---- the note on a page ----

/** 0-based lines of `text` that the regions shown on a page show (markers and blank edges included). */
function shownLinesOf(text, file, regionNames) {
  const { regions } = parseRegions(text, file);
  const shown = new Set();
  for (const name of regionNames) {
    const r = regions.get(name);
    if (!r) continue;
    for (let k = r.start; k <= r.end; k++) shown.add(k);
  }
  return shown;
}

/** The note's text for one file: say(key, values) fills the strings.json string of that key. */
function noteText(parts, { fileLabel, wholeLink }, say) {
  const texts = parts.map((p) => {
    const where = p.first === p.last ? say('unshownLine', { line: String(p.first) }) : say('unshownLines', { first: String(p.first), last: String(p.last) });
    const names = p.names.map((nm) => codeSpan(nm));
    const quote = p.quote ? codeSpan(p.quote) : null;
    let what;
    if (p.kind === 'start' || p.kind === 'end' || p.kind === 'middle') {
      what = say({ start: 'unshownStartOf', end: 'unshownEndOf', middle: 'unshownPartOf' }[p.kind], { name: codeSpan(p.names[0]) });
    } else if (p.kind === 'items') {
      what = names.length > 1 ? `${names.slice(0, -1).join(say('unshownComma'))}${say('unshownAnd')}${names[names.length - 1]}` : names[0];
    } else {
      what = null;
    }
    if (what && quote) return say('unshownNamedQuoted', { where, what, quote });
    if (what) return say('unshownNamed', { where, what });
    if (quote) return say('unshownQuoted', { where, quote });
    return say('unshownBeginning', { where, quote: codeSpan(p.firstLine.length > 80 ? `${p.firstLine.slice(0, 77)}...` : p.firstLine) });
  });
  return say('unshownNote', { file: fileLabel, whole: wholeLink, parts: texts.join(say('unshownSeparator')) });
}

/**
 * Puts the note after the last block of each file a page shows only in part. blocks: the page's
 * included blocks in order, [{ file, region, closeIndex, indent }] (closeIndex: the index in `lines`
 * of the block's closing marker line). noteFor(file, regions) gives the note's text or null.
 * Returns the new lines.
 */
function insertUnshownNotes(lines, blocks, noteFor) {
  const byFile = new Map();
  for (const b of blocks) {
    if (!byFile.has(b.file)) byFile.set(b.file, { regions: new Set(), whole: false, last: b });
    const f = byFile.get(b.file);
    if (b.region) f.regions.add(b.region);
    else f.whole = true;
    if (b.closeIndex > f.last.closeIndex) f.last = b;
  }
  const inserts = [];
  for (const [file, f] of byFile) {
    if (f.whole || f.regions.size === 0) continue;
    const text = noteFor(file, [...f.regions]);
    if (!text) continue;
    const pad = f.last.indent;
    inserts.push({ after: f.last.closeIndex, lines: ['', `${pad}<!-- guide:unshown ${file} (${REST_NOTE}) -->`, `${pad}> ${text}`, `${pad}<!-- /guide:unshown -->`] });
  }
  const out = [...lines];
  for (const ins of inserts.sort((a, b) => b.after - a.after)) out.splice(ins.after + 1, 0, ...ins.lines);
  return out;
}

/** Removes every generated note (and the blank line before it) from a body. */
function collapseUnshownNotes(body, where) {
  const lines = body.split('\n');
  const out = [];
  for (let k = 0; k < lines.length; k++) {
    if (!REST_OPEN.test(lines[k])) {
      out.push(lines[k]);
      continue;
    }
    let close = k + 1;
    while (close < lines.length && !REST_CLOSE.test(lines[close])) {
      if (REST_OPEN.test(lines[close])) break;
      close++;
    }
    if (close >= lines.length || !REST_CLOSE.test(lines[close])) throw new Error(`${where}: a guide:unshown note is not closed by <!-- /guide:unshown -->`);
    if (out.length && out[out.length - 1].trim() === '') out.pop();
    k = close;
  }
  return out.join('\n');
}

module.exports = { unshownParts, cppItems, codeLines, shownLinesOf, noteText, insertUnshownNotes, collapseUnshownNotes, REST_OPEN };
