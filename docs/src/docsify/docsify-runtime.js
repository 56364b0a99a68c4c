// Loads docsify 5's own browser bundle (node_modules/docsify/dist/docsify.js) in a sandbox, to reuse
// the exact markdown lexer (the marked build docsify ships) that the site renders pages with. The
// link checker tokenizes headings with it, so an anchor resolves here exactly when it does in the
// browser. The sandbox offers only what the bundle touches while loading; docsify itself never
// starts (its DOMContentLoaded listener never fires), so no DOM is needed. Its marked gets the site's
// CJK rules (shared/src/cjk-markdown/), as plugins/site-config.js gives them in the browser.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { useMarked } = require('../../../shared/src/cjk-markdown/use-marked');

const bundlePath = path.join(__dirname, '..', '..', '..', 'node_modules', 'docsify', 'dist', 'docsify.js');
let loaded = null;

function loadDocsifyRuntime() {
  if (loaded) return loaded;
  let source;
  try {
    source = fs.readFileSync(bundlePath, 'utf8');
  } catch (err) {
    throw new Error(`docsify runtime: cannot read ${bundlePath} (run npm ci): ${err.message}`);
  }
  const noop = () => {};
  const document = {
    readyState: 'loading', // docsify waits for DOMContentLoaded, which never comes here
    documentElement: {},
    addEventListener: noop,
    querySelector: () => null,
    getElementsByTagName: () => [],
  };
  const window = { document, location: { href: 'http://localhost/' }, navigator: { userAgent: 'node' }, addEventListener: noop };
  window.window = window;
  window.self = window;
  class Element { matches() { return false; } closest() { return null; } }
  const sandbox = vm.createContext({
    window, document, self: window, navigator: window.navigator, location: window.location, Element,
    getComputedStyle: () => ({ getPropertyValue: () => '' }),
    setTimeout, clearTimeout, console, URL, URLSearchParams,
  });
  try {
    vm.runInContext(source, sandbox, { filename: bundlePath });
  } catch (err) {
    throw new Error(`docsify runtime: loading ${bundlePath} in the sandbox failed: ${err.message}`);
  }
  if (!window.marked || typeof window.marked.lexer !== 'function' || !window.Docsify || typeof window.Docsify.slugify !== 'function') {
    throw new Error(`docsify runtime: ${bundlePath} did not expose window.marked.lexer and window.Docsify.slugify`);
  }
  useMarked(window.marked);
  loaded = { marked: window.marked, docsifySlugify: window.Docsify.slugify, DocsifyCompiler: window.DocsifyCompiler, version: window.Docsify.version };
  return loaded;
}

// The tokens of texts lexed before: the build lexes each page several times (navigation, link check,
// code blocks, slugs, section parity), and the tests generate the pages many times in one process.
// Frozen, so that no reader of the tokens can change what the next one gets.
const lexed = new Map();
const LEXED_KEPT = 4000;

function deepFreeze(value) {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze(value[key]);
  }
  return value;
}

// marked tokens of a markdown text, as docsify's compiler would lex them (frozen: see above).
function lexMarkdown(markdown) {
  let tokens = lexed.get(markdown);
  if (!tokens) {
    tokens = deepFreeze(loadDocsifyRuntime().marked.lexer(markdown));
    if (lexed.size >= LEXED_KEPT) lexed.clear();
    lexed.set(markdown, tokens);
  }
  return tokens;
}

module.exports = { loadDocsifyRuntime, lexMarkdown, bundlePath };
