// What a reader sees of every page of the manifest, in every language, in both renderers: the
// prerendered HTML at its clean URL (with scripts off: markdown-it at build time) and docsify in the
// browser (its own marked). The text is the page's #main as Chromium lays it out (innerText, every
// <details> opened, code blocks and inline code left out), and it must hold
// - no Markdown that was not rendered: `**`, `__` against a letter, `](`, an alert marker such as
//   `[!NOTE]`, a backtick;
// - on Chinese pages, no space between two Chinese characters, or between a Chinese character and
//   full-width punctuation (Chromium draws a line break inside a Chinese sentence as a space, and a
//   space typed to make `**...。**` close stays one).
// One browser, one served site, the pages in sequence; each finding names the renderer, the page and
// the text around it.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startSite, launchBrowser, showRoute } = require('./support/browser');

const HAN = '\\p{sc=Han}';
const { FULL_WIDTH_PUNCTUATION } = require('../../shared/src/cjk-markdown/east-asian-width');
const CHINESE = `(?:${HAN}|${FULL_WIDTH_PUNCTUATION})`;

// [kind, pattern, applies to Chinese pages only]. A placeholder (U+FFFC) stands where code was.
const CHECKS = [
  ['raw **', /\*\*/gu],
  ['raw __', /(?<![\p{L}\p{N}_])__(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}])__(?![\p{L}\p{N}_])/gu],
  ['raw ](', /\]\(/gu],
  ['raw alert marker', /\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]/giu],
  ['raw backtick', /`/gu],
  ['space between Chinese characters', new RegExp(`(?<=${HAN})[ \\u00a0]+(?=${HAN})`, 'gu'), true],
  ['space between a Chinese character and full-width punctuation',
    new RegExp(`(?<=${HAN})[ \\u00a0]+(?=${FULL_WIDTH_PUNCTUATION})|(?<=${FULL_WIDTH_PUNCTUATION})[ \\u00a0]+(?=${HAN})`, 'gu'), true],
  ['space between full-width punctuation', new RegExp(`(?<=${FULL_WIDTH_PUNCTUATION})[ \\u00a0]+(?=${FULL_WIDTH_PUNCTUATION})`, 'gu'), true],
];

/** Findings in one page's text: [{ kind, at: the text around it, the space shown as ␣ }]. */
function findProblems(text, { chinese }) {
  const found = [];
  for (const [kind, pattern, chineseOnly] of CHECKS) {
    if (chineseOnly && !chinese) continue;
    for (const m of text.matchAll(pattern)) {
      const before = text.slice(Math.max(0, m.index - 24), m.index).split('\n').pop();
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 24).split('\n')[0];
      found.push({ kind, at: `${before}[${m[0].replace(/ /g, '␣').replace(/\u00a0/g, '⍽')}]${after}`.replace(/\uFFFC/g, '‹code›') });
    }
  }
  return found;
}

// In the page: #main's text as laid out, every <details> open, each code block or inline code one
// placeholder character (so the text around code is judged, never the code).
function readMain() {
  const main = document.querySelector('#main');
  if (!main) return null;
  for (const details of main.querySelectorAll('details')) details.open = true;
  for (const code of main.querySelectorAll('pre, code')) {
    if (code.isConnected) code.replaceWith(document.createTextNode('\uFFFC'));
  }
  return main.innerText;
}

const cleanUrl = (route) => `${route.slice(1).split('/').map(encodeURIComponent).join('/')}/`;

// The text of a route's #main in one renderer: 'prerendered' (its HTML at the clean URL; the caller
// has turned scripts off) or 'docsify'.
async function renderedText(page, renderer, route) {
  if (renderer === 'prerendered') {
    const response = await page.goto(`${site.url}${cleanUrl(route)}`);
    assert.equal(response.status(), 200, `${renderer} ${route}: HTTP ${response.status()}`);
  } else {
    await showRoute(page, site.url, route); // the next page by the address, as a reader's link does
  }
  const text = await page.evaluate(readMain);
  assert.ok(text, `${renderer} ${route}: no #main`);
  return text;
}

let site;
let browser;
let map;

test.before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  map = JSON.parse(fs.readFileSync(path.join(site.siteDir, 'navigation-map.json'), 'utf8'));
});

test.after(async () => {
  if (browser) await browser.close();
  if (site) await site.close();
});

test('findProblems: each kind is found, and written Chinese with code, English and numbers is not', () => {
  const zh = { chinese: true };
  assert.deepEqual(findProblems('**完整程序：**本站', zh).map((f) => f.kind), ['raw **', 'raw **']);
  assert.deepEqual(findProblems('见 [说明](x) 和 `a` 与 __init 或 > [!NOTE]', zh).map((f) => f.kind).sort(),
    ['raw ](', 'raw __', 'raw alert marker', 'raw backtick', 'raw backtick'].sort());
  assert.deepEqual(findProblems('完整程序： 本站', zh).map((f) => f.at), ['完整程序：[␣]本站']);
  assert.deepEqual(findProblems('异步的 网络', zh).map((f) => f.kind), ['space between Chinese characters']);
  assert.deepEqual(findProblems('函数。 （见下）', zh).map((f) => f.kind), ['space between full-width punctuation']);
  assert.deepEqual(findProblems('运行 \uFFFC 之后，用 Drogon 1.9 处理 100 个请求（p99）。\n下一段', zh), []);
  assert.deepEqual(findProblems('异步的 网络', { chinese: false }), []);
  assert.deepEqual(findProblems('a * b, snake_case, x__y is not a marker; [1] (2)', { chinese: false }), []);
});

// A test of the test: a Chinese page that shows what the site's CJK rules prevent. In place of a real
// page, the browser gets this fixture, rendered once with the rules and once as plain CommonMark
// renders it (docsify with its plain marked, the prerender with a plain markdown-it). Without the
// rules the check must find the `**` that did not close and the line breaks drawn as spaces, in both
// renderers; with them, only the bold that is really left open.
const FIXTURE = [
  '# 渲染检查的夹具',
  '',
  '> **完整程序：**本站仓库中的目录。',
  '',
  '从底层开始就是',
  '异步的。',
  '网络 I/O 不会阻塞线程。',
  '',
  '**这一句的粗体没有闭合：本站。',
  '',
].join('\n');
const FIXTURE_WITHOUT_RULES = ['raw **', 'raw **', 'raw **', 'space between Chinese characters',
  'space between a Chinese character and full-width punctuation'];
const FIXTURE_WITH_RULES = ['raw **'];

test('the check fails on a Chinese page whose ** did not close or whose line breaks show, in both renderers', { timeout: 120000 }, async () => {
  const MarkdownIt = require('markdown-it');
  const { createMarkdown, renderMarkdown } = require('../src/prerender/markdown');
  const lang = map.languages.find((l) => l.code === 'zh-CN');
  const route = map.pages[0].languages[lang.code].route;
  const results = {};
  for (const rules of [false, true]) {
    const page = await browser.newPage();
    const cdp = await browser.context.newCDPSession(page);
    const articleHtml = rules
      ? renderMarkdown(createMarkdown(), FIXTURE, { route, htmlLang: lang.htmlLang, aliases: {}, pages: new Map() }).html
      : new MarkdownIt({ html: true }).render(FIXTURE);
    const served = [];
    // docsify fetches the page's Markdown: the fixture instead.
    await page.route((url) => decodeURIComponent(url.pathname) === `${route}.md`, (request) => {
      served.push('markdown');
      return request.fulfill({ status: 200, contentType: 'text/markdown; charset=utf-8', body: FIXTURE });
    });
    // The prerendered page: its own HTML with the fixture as its article.
    await page.route((url) => decodeURIComponent(url.pathname) === `/${decodeURIComponent(cleanUrl(route))}`, async (request) => {
      const html = await (await request.fetch()).text();
      const body = html.replace(/(<article id="main"[^>]*>)[\s\S]*?(<\/article>)/, (m, open, close) => `${open}\n${articleHtml}${close}`);
      assert.notEqual(body, html, `${route}: the prerendered page has no <article id="main">`);
      served.push('html');
      return request.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
    });
    // Without the rules, docsify's marked as it comes.
    if (!rules) {
      await page.route((url) => url.pathname.endsWith('/plugins/cjk-markdown.js'), (request) => request.fulfill({
        status: 200, contentType: 'text/javascript; charset=utf-8', body: 'window.CjkMarkdown = { useMarked: function (marked) { return marked; } };',
      }));
    }
    for (const renderer of ['prerendered', 'docsify']) {
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: renderer === 'prerendered' });
      const text = await renderedText(page, renderer, route);
      assert.match(text, /渲染检查的夹具/, `${renderer}: the fixture was not shown`);
      results[`${renderer} ${rules ? 'with' : 'without'} the rules`] = findProblems(text, { chinese: true }).map((f) => f.kind).sort();
    }
    assert.deepEqual(served.sort(), ['html', 'markdown']);
    await page.close();
  }
  assert.deepEqual(results, {
    'prerendered without the rules': FIXTURE_WITHOUT_RULES,
    'docsify without the rules': FIXTURE_WITHOUT_RULES,
    'prerendered with the rules': FIXTURE_WITH_RULES,
    'docsify with the rules': FIXTURE_WITH_RULES,
  });
});

test('every page in every language, prerendered and in docsify: no unrendered Markdown, no space inside Chinese text', { timeout: 1800000 }, async (t) => {
  const started = Date.now();
  const findings = [];
  const counts = {};
  const count = (renderer, lang, kind) => {
    const key = `${renderer} ${lang.dir}`;
    counts[key] = counts[key] || {};
    counts[key][kind] = (counts[key][kind] || 0) + 1;
  };
  const page = await browser.newPage();
  const cdp = await browser.context.newCDPSession(page);
  let visited = 0;
  for (const renderer of ['prerendered', 'docsify']) {
    // Prerendered: the HTML as a reader without JavaScript gets it (scripts off for this page only).
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: renderer === 'prerendered' });
    for (const lang of map.languages) {
      const chinese = lang.code !== 'en';
      for (const entry of map.pages) {
        const { route } = entry.languages[lang.code];
        const text = await renderedText(page, renderer, route);
        assert.ok(text.length > 200, `${renderer} ${route}: no page text`);
        for (const { kind, at } of findProblems(text, { chinese })) {
          findings.push(`${renderer} ${route}: ${kind}: ${at}`);
          count(renderer, lang, kind);
        }
        visited += 1;
      }
    }
    await page.goto('about:blank');
  }
  await page.close();
  const summary = Object.entries(counts).map(([key, kinds]) => `${key}: ${Object.entries(kinds).map(([k, n]) => `${n} ${k}`).join(', ')}`);
  t.diagnostic(`${visited} page views in ${((Date.now() - started) / 1000).toFixed(1)} s; findings by renderer and language: ${summary.length ? summary.join('; ') : 'none'}`);
  assert.equal(visited, 2 * map.languages.length * map.pages.length);
  assert.deepEqual(findings, [], `${findings.length} problem(s) in the text readers see:\n${findings.join('\n')}`);
});
