// Ranking and Chinese matching of the site's search (shared/src/search-text.js, search-rank.js), on the real
// indexes, with the MiniSearch the browser runs:
// - a query's CJK run matches a section whose character pairs cover every character, in any order:
//   上传文件 finds the section 文件上传 first on both Chinese sites;
// - headings and titles rank above body text: 协程 and coroutine find Coroutines first on both
//   Chinese sites (coroutine through the page's English title), coroutine on the English site too;
//   every page's title finds that page first and every heading found once in its language finds its
//   section first, in every language;
// - a page before a section that merely names the query: database, session, benchmark, websocket and
//   http client find the pages Databases, Sessions, Benchmarks, WebSocketController and HttpClient
//   first, on the Chinese sites too (through the pages' English titles).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const MiniSearch = require('minisearch');
const { generatePages } = require('../../src/generate-pages');
const { siteMarkdown } = require('../../src/build');
const { searchFiles, FOLD_TABLE } = require('../../src/search/search-files');
const { createFolder, createIndex } = require('../../../shared/src/search-text');

let manifest;
const indexes = {};
const data = {};

test.before(async () => {
  const generated = generatePages({});
  manifest = generated.manifest;
  const files = await searchFiles({ manifest, files: siteMarkdown(generated) });
  const fold = createFolder(JSON.parse(files.get(FOLD_TABLE)));
  for (const lang of manifest.languages) {
    data[lang.code] = JSON.parse(files.get(`search/${lang.code}.json`));
    indexes[lang.code] = await createIndex(MiniSearch, data[lang.code], data[lang.code].fold ? fold : null, { maxResults: 1000 });
  }
});

const entry = (id, code) => manifest.pages.find((p) => p.id === id).entries[code];
const first = (code, query) => indexes[code].search(query).results[0];

test('上传文件 and 文件上传 find the file-upload section first on both Chinese sites', () => {
  for (const code of ['zh-CN', 'zh-TW']) {
    const { route } = entry('requests-responses', code);
    const section = data[code].sections.find((s) => data[code].pages[s[0]].route === route && /^文件上传$|^檔案上傳$/.test(s[2]));
    assert.ok(section, `${code}: no file-upload section on ${route}`);
    for (const query of ['上传文件', '文件上传', '上傳檔案']) {
      const top = first(code, query);
      assert.ok(top, `${code}: "${query}" finds nothing`);
      assert.deepEqual([top.route, top.id], [route, section[1]], `${code}: "${query}" first finds ${top.title}`);
    }
  }
});

test('协程 and coroutine find Coroutines first on both Chinese sites; coroutine on the English site too', () => {
  for (const code of ['zh-CN', 'zh-TW']) {
    const { route } = entry('coroutines', code);
    for (const query of ['协程', '協程', 'coroutine', 'Coroutines']) {
      const top = first(code, query);
      assert.ok(top, `${code}: "${query}" finds nothing`);
      assert.equal(top.route, route, `${code}: "${query}" first finds ${top.title}`);
    }
  }
  assert.equal(first('en', 'coroutine').route, entry('coroutines', 'en').route);
});

test('titles and headings rank above body text: each page title finds its page first, each heading found once its section', () => {
  for (const lang of manifest.languages) {
    const { pages, sections } = data[lang.code];
    for (const page of pages) {
      const top = first(lang.code, page.title);
      assert.equal(top && top.route, page.route, `${lang.code}: the title "${page.title}" first finds ${top && top.title}`);
    }
    const count = new Map();
    // (A page's first section is titled with the page's title.)
    const key = (title) => title.toLowerCase();
    for (const s of sections) count.set(key(s[2]), (count.get(key(s[2])) || 0) + 1);
    let checked = 0;
    for (const s of sections) {
      if (!s[1] || count.get(key(s[2])) !== 1) continue;
      const top = first(lang.code, s[2]);
      const route = pages[s[0]].route;
      assert.deepEqual(top && [top.route, top.id], [route, s[1]], `${lang.code}: the heading "${s[2]}" (${route}) first finds ${top && top.title}`);
      checked += 1;
    }
    assert.ok(checked > 200, `${lang.code}: only ${checked} unique headings`);
  }
});

test('a page before the sections that merely name the query, in every language', () => {
  const expected = { database: 'database', session: 'sessions', benchmark: 'benchmarks', websocket: 'websocket-controller', 'http client': 'http-client' };
  for (const lang of manifest.languages) {
    for (const [query, id] of Object.entries(expected)) {
      const top = first(lang.code, query);
      const want = entry(id, lang.code);
      assert.deepEqual(top && [top.route, top.id], [want.route, null], `${lang.code}: "${query}" first finds ${top && top.title}`);
    }
  }
});
