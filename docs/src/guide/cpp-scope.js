// Where a fragment of a C++ file goes: the function, lambda or class its first line sits in, and the
// headers the file includes. A guide page shows regions of example programs; its caption says
// "inside main()" or "outside any function" and which headers, so a reader can place the fragment
// (issue 28: "where each snippet goes and which headers it needs").
//
// Not a C++ parser: it reads braces, skipping comments, string, character and raw string literals and
// preprocessor lines, and names a brace by the text before it. The guide's files are ordinary code;
// docs/test/guide/cpp-scope.test.js checks every region of every example file gets an answer.
'use strict';

const CPP_FILE = /\.(cc|cpp|cxx|h|hpp|hh)$/;
const CONTROL = /^(?:else\s+)?(?:if|for|while|switch|do|else|try|catch)\b/;
const LAMBDA_TAIL = /\[[^[\]]*\]\s*(?:\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?\s*(?:mutable\s*)?(?:noexcept\s*)?(?:->\s*[\w:<>,\s*&]+)?$/;
const CLASS_HEAD = /(?:^|\s)(?:template\s*<[^{]*>\s*)?(class|struct|union|enum(?:\s+class)?)\s+(?:\w+\s+)*?([A-Za-z_]\w*)\s*(?:final\s*)?(?::[^(){}]*)?$/;
const NAMESPACE = /^(?:inline\s+)?namespace\b\s*([\w:]*)/;
const EXTERN = /^extern\s+"[^"]*"$/;

/** Code with comments, literals and preprocessor lines blanked out (same length, newlines kept). */
function blankNonCode(text) {
  let out = '';
  let i = 0;
  const n = text.length;
  const keepNewlines = (s) => s.replace(/[^\n]/g, ' ');
  let lineStart = true;
  while (i < n) {
    const c = text[i];
    if (lineStart && /^[ \t]*#/.test(text.slice(i, text.indexOf('\n', i) < 0 ? n : text.indexOf('\n', i)))) {
      // A preprocessor line, with its backslash continuations.
      let end = i;
      for (;;) {
        const nl = text.indexOf('\n', end);
        if (nl < 0) { end = n; break; }
        if (text[nl - 1] === '\\') { end = nl + 1; continue; }
        end = nl;
        break;
      }
      out += keepNewlines(text.slice(i, end));
      i = end;
      continue;
    }
    lineStart = false;
    if (c === '\n') { out += c; i += 1; lineStart = true; continue; }
    if (c === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i);
      const end = nl < 0 ? n : nl;
      out += keepNewlines(text.slice(i, end));
      i = end;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      const end = close < 0 ? n : close + 2;
      out += keepNewlines(text.slice(i, end));
      i = end;
      continue;
    }
    const raw = /^(?:u8|u|U|L)?R"([^()\\\s]{0,16})\(/.exec(text.slice(i, i + 24));
    if (raw && (i === 0 || !/\w/.test(text[i - 1]))) {
      const close = text.indexOf(`)${raw[1]}"`, i + raw[0].length);
      const end = close < 0 ? n : close + raw[1].length + 2;
      out += `"${keepNewlines(text.slice(i + 1, end - 1))}"`;
      i = end;
      continue;
    }
    // A quote after a digit is a digit separator (1'000), not a character literal.
    if (c === '"' || (c === '\'' && !/[0-9A-Fa-f]/.test(text[i - 1] || ''))) {
      let j = i + 1;
      while (j < n && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out += c + keepNewlines(text.slice(i + 1, j)) + (j < n ? c : '');
      i = j + 1;
      continue;
    }
    out += c;
    i += 1;
  }
  return out;
}

// The name of a function from the text before its body: the identifier (qualified, or an operator)
// before the first parenthesis at the top level, once template parameters are set aside.
function functionName(head) {
  const body = head.replace(/^template\s*<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>\s*/, '');
  const m = /((?:[A-Za-z_]\w*\s*::\s*)*(?:operator\s*(?:\(\)|[^\s(]+)|~?[A-Za-z_]\w*))\s*\(/.exec(body);
  if (!m) return null;
  const name = m[1].replace(/\s+/g, '');
  return ['return', 'sizeof', 'decltype', 'static_assert'].includes(name) ? null : name;
}

/** What a brace opens, from the code between the previous `;`, `{` or `}` and itself. */
function classifyHead(rawHead) {
  const head = rawHead.replace(/\s+/g, ' ').trim();
  if (head === '' || /[=,(]$|^return\b/.test(head)) return { kind: 'init' };
  if (CONTROL.test(head)) return { kind: 'block' };
  if (EXTERN.test(head)) return { kind: 'namespace', name: '' };
  const ns = NAMESPACE.exec(head);
  if (ns) return { kind: 'namespace', name: ns[1] };
  if (LAMBDA_TAIL.test(head)) return { kind: 'lambda' };
  const cls = CLASS_HEAD.exec(head);
  if (cls) return { kind: 'class', keyword: cls[1].replace(/\s+/g, ' '), name: cls[2] };
  if (/\)[^()]*$/.test(head)) {
    const name = functionName(head);
    if (name) return { kind: 'function', name };
  }
  return { kind: 'init' };
}

/**
 * The scope at the start of a 0-based line of a C++ file: the innermost named function (with
 * `inLambda` when a lambda lies between), else the innermost class, else file scope.
 */
function scopeAtLine(text, line) {
  const code = blankNonCode(text);
  let offset = 0;
  for (let k = 0; k < line; k++) {
    const nl = code.indexOf('\n', offset);
    if (nl < 0) throw new Error(`line ${line + 1} is past the end of the file`);
    offset = nl + 1;
  }
  const stack = [];
  let headStart = 0;
  for (let i = 0; i < offset; i++) {
    const c = code[i];
    if (c === '{') {
      stack.push(classifyHead(code.slice(headStart, i)));
      headStart = i + 1;
    } else if (c === '}') {
      stack.pop();
      headStart = i + 1;
    } else if (c === ';') {
      headStart = i + 1;
    }
  }
  let inLambda = false;
  let cls = null;
  for (let k = stack.length - 1; k >= 0; k--) {
    const s = stack[k];
    if (s.kind === 'lambda') inLambda = true;
    if (s.kind === 'function') {
      const owner = stack.slice(0, k).reverse().find((o) => o.kind === 'class');
      const name = owner && !s.name.includes('::') ? `${owner.name}::${s.name}` : s.name;
      return { kind: 'function', name, inLambda };
    }
    if (s.kind === 'class' && !cls) cls = s;
  }
  if (inLambda) return { kind: 'lambda' };
  if (cls) return { kind: 'class', keyword: cls.keyword, name: cls.name };
  return { kind: 'file' };
}

/** The headers a file includes, in order, as written (`<drogon/drogon.h>`, `"Books.h"`). */
function includedHeaders(text) {
  return [...text.matchAll(/^[ \t]*#[ \t]*include[ \t]*([<"][^>"\n]+[>"])/gm)].map((m) => m[1]);
}

module.exports = { CPP_FILE, scopeAtLine, includedHeaders, blankNonCode, classifyHead };
