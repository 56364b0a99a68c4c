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
//   first, on the Chinese sites too (through the pages' English titles);
// - typos are forgiven only in words the index lacks: each word of the English headings finds first
//   a section that holds a form of it (timer never finds "time" first);
// and on small indexes made for each rule: a result need not hold every word; a heading that is one
// word of the query ranks below a section holding them all; prose above code; API reference
// entries two tiers below their heading's, after the guide there (and documents.js marks the pages
// the manifest says the API reference generates); the tutorial's steps (searchOrder) after the
// chapters of their tier.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const MiniSearch = require('minisearch');
const { createIndex } = require('../../../shared/src/search-text');
const { stem } = require('../../../shared/src/search-rank');
const { searchIndexes } = require('../support/search-indexes');
const { languageDocuments } = require('../../src/search/documents');
const { createMarkdown } = require('../../src/prerender/markdown');

let manifest;
let indexes;
let data;

test.before(async () => {
  ({ manifest, indexes, data } = await searchIndexes({ maxResults: 1000 }));
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
      const route = pages[s[0]].route;
      // An API reference entry ranks below the guide: its heading finds it first among the
      // reference's results ("Plugin" finds the Plugins chapter, then the class Plugin).
      const top = pages[s[0]].reference
        ? indexes[lang.code].search(s[2]).results.find((r) => pages.find((p) => p.route === r.route).reference)
        : first(lang.code, s[2]);
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

test('typos are forgiven only in words the index lacks: each word of the English headings first finds a section holding a form of it', () => {
  const { sections } = data.en;
  const words = new Set();
  for (const s of sections) for (const w of s[2].toLowerCase().match(/[a-z]{4,}/g) || []) words.add(w);
  let checked = 0;
  for (const word of words) {
    const top = indexes.en.search(word).results[0];
    const section = sections.find((s) => data.en.pages[s[0]].route === top.route && s[1] === top.id);
    const text = `${section[2]} ${data.en.pages[section[0]].title} ${section[3]} ${section[4]}`.toLowerCase();
    const root = stem(word);
    assert.ok(text.includes(word) || text.includes(root), `"${word}" first finds ${top.title}, which holds no form of it`);
    checked += 1;
  }
  assert.ok(checked > 300, `only ${checked} words`);
  assert.ok(indexes.en.search('HttpControler').results.some((r) => r.route === '/ENG/HttpController'), 'a typo in a word the index lacks is forgiven');
});

// A small index of one language without folding: pages [{ title, reference, order }], sections [[page, title, text, code]].
async function smallIndex(pages, sections) {
  return createIndex(MiniSearch, {
    pages: pages.map((p, i) => ({ route: `/X/p${i}`, title: p.title, ...(p.reference ? { reference: true } : {}), ...(p.order ? { order: p.order } : {}) })),
    sections: sections.map(([page, title, text, code], i) => [page, title === pages[page].title ? null : `s${i}`, title, text, code || '']),
  }, null, { maxResults: 10 });
}
const titles = (index, query) => index.search(query).results.map((r) => r.title);

test('a query of several words: results need not hold them all; a heading that is one of the words ranks below a section that holds them all', async () => {
  const index = await smallIndex([{ title: 'Guide' }], [
    [0, 'Guide', 'An introduction.'],
    [0, 'Alpha', 'Alpha is a word on its own here.'],
    [0, 'Other things', 'This section speaks of alpha and of beta, the two words of the query.'],
    [0, 'Gamma', 'Beta alone.'],
  ]);
  assert.deepEqual(titles(index, 'alpha beta').slice(0, 2), ['Guide › Other things', 'Guide › Alpha'], 'the section holding both first');
  assert.deepEqual(titles(index, 'alpha delta'), ['Guide › Alpha', 'Guide › Other things'], 'delta is nowhere: the sections with alpha, its heading first');
  assert.equal(index.search('delta').total, 0);
});

test('prose explains, code names: the same word in a section\'s prose ranks above it in another\'s code', async () => {
  const index = await smallIndex([{ title: 'Guide' }], [
    [0, 'Guide', 'Nothing here.'],
    [0, 'One', 'A section about waiting.', 'auto timer = loop->runAfter(1.0, f); // timer'],
    [0, 'Two', 'A timer runs the function later, on the loop.', 'loop->runAfter(1.0, f);'],
  ]);
  assert.deepEqual(titles(index, 'timer'), ['Guide › Two', 'Guide › One']);
  assert.deepEqual(titles(index, 'runAfter').length, 2, 'code is searched');
});

test('API reference entries (pages marked reference): two tiers below their heading\'s, after the guide there', async () => {
  const index = await smallIndex([{ title: 'Sessions' }, { title: 'Session', reference: true }, { title: 'Guide' }, { title: 'setBody', reference: true }], [
    [0, 'Sessions', 'Turn sessions on and keep values between requests.'],
    [1, 'Session', 'class drogon::Session: values kept between the requests of one client.'],
    [2, 'Guide', 'The handler calls setBody on its response.', 'resp->setBody("hello");'],
    [3, 'setBody', 'void HttpResponse::setBody(const std::string &body): the body of the response.'],
  ]);
  assert.deepEqual(titles(index, 'session'), ['Sessions', 'Session'], 'the chapter first, though the entry\'s heading is the query');
  assert.deepEqual(titles(index, 'setBody'), ['setBody', 'Guide'], 'the entry before a chapter that only uses the name');
});

test('the search file marks the API reference\'s pages (manifest generatedBy "api-reference") reference: true, and no other page', () => {
  const en = { code: 'en' };
  const page = (id, generatedBy) => ({ id, section: 's', ...(generatedBy ? { generatedBy } : {}), entries: { en: { relPath: `ENG/${id}.md`, route: `/ENG/${id}`, title: id } } });
  const small = { languages: [en], sections: [{ id: 's' }], pages: [page('Sessions'), page('HttpResponse', 'api-reference'), page('Benchmarks', 'benchmarks')] };
  const files = new Map([
    ['ENG/Sessions.md', '# Sessions\n\nTurn sessions on.\n'],
    ['ENG/HttpResponse.md', '# HttpResponse\n\nThe response a handler returns.\n\n## setBody\n\nSets the body.\n'],
    ['ENG/Benchmarks.md', '# Benchmarks\n\nFigures.\n'],
  ]);
  const docs = languageDocuments({ manifest: small, lang: en, md: createMarkdown(), files });
  assert.deepEqual(docs.pages.map((p) => p.reference), [undefined, true, undefined]);
  assert.deepEqual(docs.sections.filter((s) => docs.pages[s[0]].reference).map((s) => s[2]), ['HttpResponse', 'setBody']);
  for (const lang of manifest.languages) {
    const marked = manifest.pages.filter((p) => p.generatedBy === 'api-reference').length;
    assert.equal(data[lang.code].pages.filter((p) => p.reference).length, marked, `${lang.code}: the real search file marks exactly the reference's pages`);
  }
});

test('the pages of a later manifest section (searchOrder: the tutorial) after the others whose headings say the query as closely', async () => {
  const index = await smallIndex([{ title: '6. HTML pages', order: 1 }, { title: 'Views' }], [
    [0, '6. HTML pages', 'The step renders HTML pages from templates.'],
    [1, 'Views', 'A view is compiled from a file.'],
    [1, 'A template', 'The template holds HTML with placeholders.'],
  ]);
  assert.deepEqual(titles(index, 'html template')[0], 'Views › A template');
  assert.deepEqual(titles(index, 'html pages')[0], '6. HTML pages', 'a heading that says the query more closely still comes first');
  // On the real indexes: the tutorial's steps carry their section's order, the chapters none.
  for (const lang of manifest.languages) {
    const tutorial = data[lang.code].pages.filter((p) => p.order === 1);
    assert.equal(tutorial.length, manifest.pages.filter((p) => p.section === 'tutorial').length, lang.code);
    assert.ok(data[lang.code].pages.every((p) => p.order === undefined || p.order === 1));
  }
});
