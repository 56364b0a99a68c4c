'use strict';
// Issue 29: data is escaped for the context it lands in. Every page kind the results or the bench
// settings fill (Benchmarks, Benchmark details, the front page's headline, the Methodology parts) is
// rendered twice from the same real files: once with a plain value in every free string field, once
// with a value holding an image link, emphasis, a code span, a blank line and a tag. Rendered by both
// renderers of the site (docsify's own compiler and marked, docs/src/docsify/docsify-runtime.js; the
// prerender's markdown-it, docs/src/prerender/markdown.js), the two must make the same elements (none
// from the data), and the hostile value must read verbatim wherever it is shown.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { renderBenchmarkPages } = require('../../src/benchmarks/render');
const { fillBenchParts } = require('../../src/benchmarks/methodology');
const { benchSettings } = require('../../src/benchmarks/bench-settings');
const { convertMarkdown } = require('../../src/convert/zh-tw');
const { loadDocsifyRuntime } = require('../../src/docsify/docsify-runtime');
const { createMarkdown, renderMarkdown } = require('../../src/prerender/markdown');
const { SHORT_COMMIT } = require('../../src/benchmarks/source-drawer');
const { hostileResults } = require('../fixtures/hostile-results');

const repoRoot = path.join(__dirname, '..', '..', '..');
const fixtures = path.join(__dirname, '..', 'fixtures');
const load = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

const VALUE = 'Z29 ![x](https://example.invalid/x.png) **b** `c`\n\n<b>bold</b> 29Z';
const PLAIN = 'Z29 plain words 29Z';
// What a reader sees of VALUE: HTML folds the blank line to a space like any run of white space.
const SHOWN = VALUE.replace(/\s+/g, ' ');

// docsify's compiler as the site configures it (noEmoji), with a router enough for links and ids.
function docsifyRender(markdown, route) {
  const { DocsifyCompiler, docsifySlugify } = loadDocsifyRuntime();
  const router = {
    getCurrentPath: () => route,
    toURL: (p, q) => `#${p}${q && q.id ? `?id=${q.id}` : ''}`,
    parse: () => ({ file: `${route.slice(1)}.md`, path: route, query: {} }),
    getBasePath: () => '/',
  };
  docsifySlugify.clear();
  return new DocsifyCompiler({ noEmoji: true }, router).compile(markdown);
}

const markdownIt = createMarkdown();
const RENDERERS = {
  docsify: docsifyRender,
  'markdown-it': (markdown, route) => renderMarkdown(markdownIt, markdown, { route, htmlLang: 'en', aliases: {}, pages: new Map() }).html,
};

// The elements of a page, in order (names only: attributes carry ids and data that differ by design).
const elements = (html) => [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => m[0]);
// The text a reader sees: elements and comments dropped, character references decoded (both renderers
// write only these), white space folded.
const NAMED = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };
function decode(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name) => {
    if (name[0] === '#') return String.fromCodePoint(name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    assert.ok(NAMED[name] !== undefined, `unexpected character reference ${all}`);
    return NAMED[name];
  });
}
const textOf = (html) => decode(html.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ');

// The issue's worry: a template change that puts a blank line into an HTML block. Here, every element
// written on one line with text inside (a summary, a figure caption, a chart's fallback, a label) gets
// its text on a line of its own between blank lines: that text becomes a Markdown paragraph.
const BROKEN = /^(<(summary|figcaption|canvas|span|label|p)\b[^>\n]*>)([^\n]+?)(<\/\2>)$/gm;
const breakBlocks = (markdown) => markdown.replace(BROKEN, '$1\n\n$3\n\n$4');

/**
 * pages: [{ what, route, plain, hostile }] Markdown of one page kind in one language. Checks both
 * renderers, on the page as generated and with its HTML blocks broken; returns how often the value
 * was shown in all.
 */
function checkPages(pages) {
  let shown = 0;
  const broken = pages.filter((p) => breakBlocks(p.hostile) !== p.hostile).map((p) => ({
    what: `${p.what} (HTML blocks broken)`, route: p.route, plain: breakBlocks(p.plain), hostile: breakBlocks(p.hostile),
  }));
  for (const { what, route, plain, hostile } of [...pages, ...broken]) {
    for (const [renderer, render] of Object.entries(RENDERERS)) {
      const at = `${what}, ${renderer}`;
      const base = render(plain, route);
      const html = render(hostile, route);
      const [want, got] = [elements(base), elements(html)];
      const first = want.findIndex((e, i) => e !== got[i]);
      assert.equal(first, -1, `${at}: element ${first} is ${got[first]}, not ${want[first]} (made from data?): ${html.slice(Math.max(0, html.indexOf(got[first] || '') - 200), html.indexOf(got[first] || '') + 200)}`);
      assert.equal(got.length, want.length, `${at}: ${got.length} elements, ${want.length} with plain data`);
      const text = textOf(html);
      const starts = text.split('Z29 ').length - 1;
      // Verbatim wherever shown; the one field shown shortened, the commit (source drawers' summaries,
      // the trend table), shows its first characters verbatim.
      const shortened = text.split(`${SHOWN.slice(0, SHORT_COMMIT)} `).length - 1;
      assert.equal(text.split(SHOWN).length - 1 + shortened, starts, `${at}: the value is not shown verbatim everywhere: ${text.slice(text.indexOf('Z29 '), text.indexOf('Z29 ') + 120)}`);
      assert.equal(starts, textOf(base).split('Z29 ').length - 1, `${at}: shown as often as a plain value`);
      shown += starts;
    }
  }
  return shown;
}

function serverExit(results) {
  // TEST DATA: one server exit, so its sentence is rendered too (the real runs had none).
  results.serverExits = [{ server: results.servers[0].id, part: 'scenarios', block: results.scenarios[0].id, exitedAt: results.startedAt, code: null, signal: 'SIGKILL', log: 'bench/logs/exit.log', restarted: true }];
  return results;
}

test('Benchmarks, Benchmark details and the front page: no element from data, the value verbatim, in both renderers', () => {
  // The goldens' pair: the published run and its predecessor in the history (the trend).
  const results = serverExit(load(path.join(fixtures, 'results-quick-v3-b.json')));
  const history = load(path.join(fixtures, 'results-quick-v3-a.json'));
  const render = (value) => renderBenchmarkPages({ results: hostileResults(results, value), history: [hostileResults(history, value)], resultsSha256: '0'.repeat(64) });
  const [plain, hostile] = [render(PLAIN), render(VALUE)];
  const manifest = load(path.join(repoRoot, 'docs', 'manifest.json'));
  const pages = [];
  for (const page of Object.keys(plain)) {
    const entry = manifest.pages.find((p) => p.generatedBy === page);
    for (const lang of ['en', 'zh-CN', 'zh-TW']) {
      const of = (rendered) => (lang === 'zh-TW' ? convertMarkdown(rendered[page]['zh-CN']) : rendered[page][lang]);
      const route = `/${lang === 'en' ? 'ENG' : lang === 'zh-CN' ? 'CHN' : 'JB_TW'}/${entry[lang === 'zh-TW' ? 'zh-CN' : lang].file}`;
      pages.push({ what: `${page} ${lang}`, route, plain: of(plain), hostile: of(hostile) });
    }
  }
  assert.deepEqual([...new Set(pages.map((p) => p.what.split(' ')[0]))], ['benchmarks', 'benchmark-details', 'front-page']);
  const shown = checkPages(pages);
  assert.ok(shown > 200, `the value was shown ${shown} times`);
  // The Benchmarks pages have HTML blocks with data to break (the front page's headline has none).
  for (const page of pages.filter((p) => !p.what.startsWith('front-page'))) assert.notEqual(breakBlocks(page.hostile), page.hostile, page.what);
  // Every page kind shows it, in an HTML block too (a chart caption or a folded summary).
  for (const page of pages) assert.ok(page.hostile.includes('Z29 '), `${page.what}: no data field reached the page`);
  assert.match(hostile.benchmarks.en, /<summary>[^\n]*Z29 &#33;&#91;x&#93;/);
});

test('the Methodology parts from bench/scenarios.json: no element from data, the value verbatim, in both renderers', () => {
  const json = load(path.join(repoRoot, 'bench', 'scenarios.json'));
  const jsonServers = load(path.join(repoRoot, json.json.serversFile)).servers;
  // The settings' free text (tools, variant names, methods, paths, descriptions); ids keep theirs.
  const settingsWith = (value) => {
    const settings = benchSettings(json, { jsonServers });
    const put = (node) => {
      if (Array.isArray(node)) { node.forEach(put); return; }
      if (!node || typeof node !== 'object') return;
      for (const [key, v] of Object.entries(node)) {
        if (typeof v === 'string' && ['tool', 'name', 'method', 'path', 'description'].includes(key)) node[key] = value;
        else put(v);
      }
    };
    put(settings.profiles);
    return settings;
  };
  const strings = (lang) => load(path.join(repoRoot, 'docs', 'benchmarks', `strings.${lang}.json`));
  const pages = [];
  for (const [lang, dir] of [['en', 'ENG'], ['zh-CN', 'CHN']]) {
    for (const file of fs.readdirSync(path.join(repoRoot, dir)).filter((f) => f.endsWith('.md'))) {
      const body = fs.readFileSync(path.join(repoRoot, dir, file), 'utf8');
      if (!body.includes('<!-- bench:')) continue;
      const fill = (value) => fillBenchParts(body, { strings: strings(lang), where: file, getSettings: () => settingsWith(value) });
      const [plain, hostile] = [fill(PLAIN), fill(VALUE)];
      const route = `/${dir}/${file.replace(/\.md$/, '')}`;
      pages.push({ what: `${dir}/${file}`, route, plain, hostile });
      if (lang === 'zh-CN') pages.push({ what: `JB_TW of ${dir}/${file}`, route: `/JB_TW/${file}`, plain: convertMarkdown(plain), hostile: convertMarkdown(hostile) });
    }
  }
  assert.equal(pages.length, 3, pages.map((p) => p.what).join(', '));
  assert.ok(checkPages(pages) >= 6 * 3, 'the value reached every Methodology page in both renderers');
});
