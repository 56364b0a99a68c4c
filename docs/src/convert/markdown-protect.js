// Markdown protection for the zh-CN -> zh-TW conversion: every span that must stay byte-for-byte
// (code, URLs, link targets, HTML tags and comments, front matter) is swapped for one Private Use
// Area placeholder character before conversion and put back afterwards. Converting the page in one
// pass with placeholders (instead of converting the text pieces one by one) keeps OpenCC's phrase
// segmentation identical to convertText on the same line, so converted headings match converted anchors.
// Internal link targets are not just kept but rewritten /CHN/... -> /JB_TW/... (see rewriteLinkTarget).
'use strict';

const PROTECT_FIRST = 0xe400;
const PROTECT_LAST = 0xf8ff;
const PROTECTED_PLACEHOLDER = /[\ue400-\uf8ff]/g;

// Fences may sit inside list items (indented) and block quotes ('> ' prefixes).
const QUOTE_PREFIX = /^(?:[ \t]{0,3}>[ \t]?)*/;
const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})/;
const LIST_ITEM = /^[ \t]{0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const INDENTED = /^(?: {4}|\t)/;
const BLANK = /^[ \t]*\r?\n?$/;
const REF_DEFINITION = /^( {0,3}\[[^\]\n]+\]:[ \t]*)(<[^>\n]*>|\S+)(.*)$/;

// Inline candidates: a start that might open a protected span. Each is confirmed by a sticky regex.
const INLINE_START = /<|`|\\|\]\(|https?:\/\//g;
const HTML_COMMENT = /<!--[\s\S]*?-->/y;
const RAW_HTML_ELEMENT = /<(script|style|pre|code|textarea|kbd|samp)\b[^>]*>[\s\S]*?<\/\1\s*>/iy;
const AUTOLINK = /<(?:[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*)>/y;
const HTML_TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>/y;
const HTML_LINK_ATTRIBUTE = /(\s(?:href|src)\s*=\s*)("[^"]*"|'[^']*'|[^\s"'=<>`]+)/gi;
// Bare URL: up to whitespace or '<', as docsify's marked (GFM autolinks) links it, so Chinese
// glued to a URL is part of the link there too; trailing ASCII punctuation is prose.
const BARE_URL = /https?:\/\/[^\s<]+/y;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * Returns { text, saved }: text with each protected span replaced by a placeholder character,
 * saved[i] the (possibly link-rewritten) original of placeholder i.
 */
function protectMarkdown(markdown, { convertText }) {
  const saved = [];
  const hold = (span) => {
    if (saved.length > PROTECT_LAST - PROTECT_FIRST) {
      throw new Error(`convertMarkdown: more than ${PROTECT_LAST - PROTECT_FIRST + 1} protected spans in one page`);
    }
    saved.push(span);
    return String.fromCharCode(PROTECT_FIRST + saved.length - 1);
  };
  const rewrite = (target) => rewriteLinkTarget(target, convertText);

  const lines = markdown.split(/(?<=\n)/);
  const out = [];
  let textLines = [];
  const flushText = () => {
    if (textLines.length) out.push(protectInline(textLines.join(''), hold, rewrite));
    textLines = [];
  };
  const holdLines = (block) => {
    flushText();
    // The final newline stays outside the placeholder so later lines still start a line.
    const body = block.replace(/\r?\n$/, '');
    out.push(hold(body) + block.slice(body.length));
  };

  let i = 0;
  // Front matter: a leading '---' line up to the next '---' or '...' line.
  if (/^---[ \t]*\r?\n/.test(markdown)) {
    const end = lines.findIndex((line, n) => n > 0 && /^(?:---|\.\.\.)[ \t]*\r?\n?$/.test(line));
    if (end > 0) {
      holdLines(lines.slice(0, end + 1).join(''));
      i = end + 1;
    }
  }

  let previousBlank = true;
  let previousIndentedCode = false;
  let inList = false;
  while (i < lines.length) {
    const line = lines[i];
    const quote = QUOTE_PREFIX.exec(line)[0];
    const unquoted = line.slice(quote.length);
    const fence = FENCE_OPEN.exec(unquoted);
    if (fence && !(fence[1][0] === '`' && unquoted.slice(unquoted.indexOf(fence[1]) + fence[1].length).includes('`'))) {
      // Fenced code (also indented inside list items): up to a closing fence of the same kind, at
      // least as long, or to the end of the page (CommonMark runs an unclosed fence to the end).
      const closing = new RegExp(`^[ \\t]*${fence[1][0] === '`' ? '`' : '~'}{${fence[1].length},}[ \\t]*\\r?\\n?$`);
      let end = i + 1;
      const inQuote = quote.includes('>');
      const body = (n) => (inQuote ? lines[n].slice(QUOTE_PREFIX.exec(lines[n])[0].length) : lines[n]);
      // In a block quote the fence also ends where the quote ends (a line without '>').
      while (end < lines.length && !closing.test(body(end)) && !(inQuote && !lines[end].trimStart().startsWith('>'))) end += 1;
      if (inQuote && end < lines.length && !closing.test(body(end))) end -= 1;
      holdLines(lines.slice(i, Math.min(end + 1, lines.length)).join(''));
      i = end + 1;
      previousBlank = false;
      previousIndentedCode = false;
      continue;
    }
    const blank = BLANK.test(line);
    if (!blank && INDENTED.test(line) && !inList && (previousBlank || previousIndentedCode)) {
      holdLines(line);
      previousIndentedCode = true;
      previousBlank = false;
      i += 1;
      continue;
    }
    const reference = REF_DEFINITION.exec(line.replace(/\r?\n$/, ''));
    if (reference) {
      // [label]: target "title" -- label and title are converted on their own, like the label where
      // the reference is used ([text][label], [label]) is converted in its line: brackets are word
      // boundaries for OpenCC, so both come out the same and the reference still resolves.
      flushText();
      const body = line.replace(/\r?\n$/, '');
      out.push(hold(convertText(reference[1]) + rewrite(reference[2]) + convertText(reference[3])) + line.slice(body.length));
    } else {
      textLines.push(line);
    }
    if (!blank) {
      if (LIST_ITEM.test(line)) inList = true;
      else if (!/^[ \t]/.test(line)) inList = false;
    }
    previousIndentedCode = previousIndentedCode && blank;
    previousBlank = blank;
    i += 1;
  }
  flushText();
  return { text: out.join(''), saved };
}

function protectInline(text, hold, rewrite) {
  let out = '';
  let copied = 0;
  INLINE_START.lastIndex = 0;
  let match;
  while ((match = INLINE_START.exec(text)) !== null) {
    const at = match.index;
    const start = match[0];
    let span = null;
    let replacement = null;
    let end = at;
    if (start === '\\') {
      // A backslash escape: the escaped character is literal text (e.g. \` does not open code).
      INLINE_START.lastIndex = at + 2;
      continue;
    } else if (start === '`') {
      const run = /`+/y;
      run.lastIndex = at;
      const ticks = run.exec(text)[0];
      const closeAt = findClosingBackticks(text, at + ticks.length, ticks.length);
      if (closeAt < 0) {
        INLINE_START.lastIndex = at + ticks.length;
        continue;
      }
      end = closeAt + ticks.length;
      span = text.slice(at, end);
    } else if (start === '<') {
      for (const re of [HTML_COMMENT, RAW_HTML_ELEMENT, AUTOLINK, HTML_TAG]) {
        re.lastIndex = at;
        const m = re.exec(text);
        if (m) {
          span = m[0];
          end = at + span.length;
          if (re === HTML_TAG) replacement = span.replace(HTML_LINK_ATTRIBUTE, (all, name, value) => name + rewriteQuoted(value, rewrite));
          if (re === RAW_HTML_ELEMENT) {
            // Keep the element's content, but its opening tag's link attributes still follow the page.
            replacement = span.replace(/^<[^>]*>/, (tag) => tag.replace(HTML_LINK_ATTRIBUTE, (all, name, value) => name + rewriteQuoted(value, rewrite)));
          }
          break;
        }
      }
    } else if (start === '](') {
      const parsed = parseInlineDestination(text, at + 2);
      if (parsed) {
        // Only the target is held: '](' stays text, and so does the title, which is prose (a tooltip).
        end = parsed.destinationEnd;
        out += text.slice(copied, at + 2);
        copied = at + 2;
        span = text.slice(at + 2, end);
        replacement = parsed.leading + rewrite(parsed.destination);
      }
    } else {
      BARE_URL.lastIndex = at;
      const m = BARE_URL.exec(text);
      span = m[0].replace(/[.,;:!?'*]+$/, '');
      // A closing parenthesis/bracket without its opener belongs to the prose around the URL.
      while (/[)\]]$/.test(span) && count(span, span.endsWith(')') ? '(' : '[') < count(span, span.slice(-1))) span = span.slice(0, -1);
      end = at + span.length;
    }
    if (span === null) {
      INLINE_START.lastIndex = at + start.length;
      continue;
    }
    out += text.slice(copied, at < copied ? copied : at) + hold(replacement === null ? span : replacement);
    copied = end;
    INLINE_START.lastIndex = end;
  }
  return out + text.slice(copied);
}

function count(text, ch) {
  return text.split(ch).length - 1;
}

function findClosingBackticks(text, from, length) {
  const run = /`+/g;
  run.lastIndex = from;
  let m;
  while ((m = run.exec(text)) !== null) {
    if (m[0].length === length) return m.index;
  }
  return -1;
}

// CommonMark inline link destination after '](': optional spaces, <dest> or a dest with balanced
// parentheses, optional title, ')'. Returns null when it is not a link (the text stays prose).
function parseInlineDestination(text, from) {
  let i = from;
  while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n') i += 1;
  const leading = text.slice(from, i);
  const destinationStart = i;
  if (text[i] === '<') {
    const close = text.indexOf('>', i);
    if (close < 0 || text.slice(i, close).includes('\n')) return null;
    i = close + 1;
  } else {
    let depth = 0;
    while (i < text.length) {
      const ch = text[i];
      if (ch === '\\' && i + 1 < text.length) { i += 2; continue; }
      if (/\s/.test(ch)) break;
      if (ch === '(') depth += 1;
      else if (ch === ')') {
        if (depth === 0) break;
        depth -= 1;
      }
      i += 1;
    }
  }
  const destination = text.slice(destinationStart, i);
  const destinationEnd = i;
  const rest = /^[ \t\n]*(?:(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\))[ \t\n]*)?\)/.exec(text.slice(i));
  if (!rest) return null;
  return { leading, destination, destinationEnd, end: i + rest[0].length };
}

function rewriteQuoted(value, rewrite) {
  const quote = value[0] === '"' || value[0] === "'" ? value[0] : '';
  const inner = quote ? value.slice(1, -1) : value;
  return quote + rewrite(inner) + quote;
}

/**
 * Link target in a zh-CN page -> the same target for the zh-TW page:
 *  /CHN/<path>[.md][?id=a|#a] and #/CHN/...  -> /JB_TW/<convertText(path)>, anchor converted
 *  #anchor, ?id=anchor (same page)           -> anchor converted
 *  relative page links (no extension or .md) -> path segments converted, ../CHN/ -> ../JB_TW/
 * Anything else (other languages, external URLs, images, assets) is returned unchanged.
 * URL-encoded parts are decoded, converted and re-encoded.
 */
function rewriteLinkTarget(target, convertText) {
  if (target.startsWith('<') && target.endsWith('>')) return '<' + rewriteLinkTarget(target.slice(1, -1), convertText) + '>';
  if (target === '' || SCHEME.test(target) || target.startsWith('//')) return target;
  const absolute = /^(#?\/)CHN(\/[^?#]*)?(\?[^#]*)?(#.*)?$/.exec(target);
  if (absolute) {
    return absolute[1] + 'JB_TW' + convertPath(absolute[2] || '', convertText) + convertQuery(absolute[3] || '', convertText) + convertHash(absolute[4] || '', convertText);
  }
  if (target.startsWith('#')) return convertHash(target, convertText);
  if (target.startsWith('?')) return convertQuery(target, convertText);
  if (target.startsWith('/')) return target;
  const relative = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(target);
  const path = relative[1];
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  if (/\.(?!md$)[A-Za-z0-9]+$/.test(lastSegment)) return target;
  const fromChn = path.replace(/^((?:\.\.\/)+)CHN(?=\/|$)/, '$1JB_TW');
  return convertPath(fromChn, convertText) + convertQuery(relative[2] || '', convertText) + convertHash(relative[3] || '', convertText);
}

function convertPath(path, convertText) {
  return path.split('/').map((segment) => (segment === '.' || segment === '..' ? segment : convertComponent(segment, convertText))).join('/');
}

function convertQuery(query, convertText) {
  if (!query) return query;
  return '?' + query.slice(1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    return eq > 0 && pair.slice(0, eq) === 'id' ? 'id=' + convertComponent(pair.slice(eq + 1), convertText) : pair;
  }).join('&');
}

function convertHash(hash, convertText) {
  if (!hash) return hash;
  const inner = hash.slice(1);
  // docsify hash routes (#/CHN/...) are page links, not anchors.
  if (inner.startsWith('/')) return '#' + rewriteLinkTarget(inner, convertText);
  return '#' + convertComponent(inner, convertText);
}

// Decodes %XX, converts, and re-encodes when the original was encoded, so the form is preserved.
function convertComponent(component, convertText) {
  if (/%[0-9A-Fa-f]{2}/.test(component)) {
    let decoded;
    try {
      decoded = decodeURIComponent(component);
    } catch {
      return convertText(component);
    }
    const converted = convertText(decoded);
    return converted === decoded ? component : encodeURIComponent(converted);
  }
  return convertText(component);
}

function restoreProtected(text, saved) {
  return text.replace(PROTECTED_PLACEHOLDER, (ch) => {
    const span = saved[ch.charCodeAt(0) - PROTECT_FIRST];
    if (span === undefined) throw new Error(`convertMarkdown: unknown placeholder U+${ch.charCodeAt(0).toString(16)} after conversion`);
    return span;
  });
}

/**
 * A page's prose, line by line, as a reader of its text sees it: [{ line, text }] with line the
 * line number in the page and text that line with every protected span (code, URLs, link targets,
 * HTML) as its placeholder character, so a search of the text never matches inside code. For the
 * tests that scan the pages' words (the glossary's avoided renderings).
 */
function proseLines(markdown) {
  const { text, saved } = protectMarkdown(markdown, { convertText: (s) => s });
  const lines = [];
  let line = 1;
  text.split('\n').forEach((piece) => {
    lines.push({ line, text: piece });
    line += 1;
    for (const ch of piece.match(PROTECTED_PLACEHOLDER) || []) line += saved[ch.charCodeAt(0) - PROTECT_FIRST].split('\n').length - 1;
  });
  return lines;
}

module.exports = { protectMarkdown, restoreProtected, rewriteLinkTarget, proseLines, PROTECT_FIRST, PROTECT_LAST };
