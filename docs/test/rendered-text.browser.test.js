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
const { startSite, launchBrowser, gotoRoute } = require('./support/browser');

const HAN = '\\p{sc=Han}';
// Full-width punctuation: CJK symbols and punctuation, vertical and compatibility forms, full-width
// and half-width forms (，。：；！？、「」（）《》 ...).
const FULL_WIDTH_PUNCTUATION = '(?=[\\p{P}\\p{S}])[\\u3001-\\u303f\\ufe10-\\ufe19\\ufe30-\\ufe6b\\uff01-\\uff0f\\uff1a-\\uff20\\uff3b-\\uff40\\uff5b-\\uff65]';
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

test('every page in every language, prerendered and in docsify: no unrendered Markdown, no space inside Chinese text', { timeout: 600000 }, async (t) => {
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
        if (renderer === 'prerendered') {
          const response = await page.goto(`${site.url}${cleanUrl(route)}`);
          assert.equal(response.status(), 200, `${renderer} ${route}: HTTP ${response.status()}`);
        } else {
          await gotoRoute(page, site.url, route);
        }
        const text = await page.evaluate(readMain);
        assert.ok(text && text.length > 200, `${renderer} ${route}: no page text`);
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
