// docs/src/search and shared/src/search-text.js: the search indexes of the real site, searched
// with the same code and the same MiniSearch the browser runs. On the Chinese sites a Simplified query
// finds Traditional text and the reverse: character by character (queries made by OpenCC itself from
// the pages' headings, not by our table), for every term of the conversion's rule table (docs/glossary.json
// and docs/zh-tw-overrides.json, without the rules that hold only after or before something) that the
// pages use, for OpenCC's Taiwan phrases (异步 / 非同步) and for every page title. English keeps its own index; the index holds no navigation blocks or chart data.
// Covers: docs/src/search/search-files.js, docs/src/search/documents.js, docs/src/search/fold-table.js,
//   shared/src/search-text.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const MiniSearch = require('minisearch');
const OpenCC = require('opencc-js');
const { FOLD_TABLE } = require('../../src/search/search-files');
const { searchIndexes } = require('../support/search-indexes');
const { loadOverrides } = require('../../src/convert/overrides');

// The rule table as the search folds it: a rule that holds only after or before something is not a
// phrase (one with exceptions only, notAfter or notBefore, is).
const foldedTerms = () => loadOverrides().entries.filter((e) => e.after === undefined && e.before === undefined);
const { createIndex, tokenize, excerpt } = require('../../../shared/src/search-text');

let files;
let markdownFiles;
let manifest;
let fold;
let indexes;
let data;

test.before(async () => {
  ({ manifest, markdown: markdownFiles, files, fold, indexes, data } = await searchIndexes({ maxResults: 1000 }));
});

// The sections (route, heading id) whose text or title holds a string.
function sectionsWith(code, text) {
  return data[code].sections.filter((s) => s[2].includes(text) || s[3].includes(text) || s[4].includes(text)).map((s) => `${data[code].pages[s[0]].route}#${s[1]}`);
}
const found = (code, query) => indexes[code].search(query).results.map((r) => `${r.route}#${r.id}`);

test('one index per language; the Chinese ones fold with the table, English not', () => {
  assert.deepEqual(manifest.languages.map((l) => data[l.code].fold), [null, FOLD_TABLE, FOLD_TABLE]);
  for (const lang of manifest.languages) {
    assert.equal(data[lang.code].pages.length, manifest.pages.length);
    assert.ok(data[lang.code].pages.every((p) => p.route.startsWith(`/${lang.dir}/`)), `${lang.code}: a page of another language`);
    const all = data[lang.code].sections.map((s) => s[3]).join('\n');
    // Chart data would arrive as an escaped JSON attribute; a page's code output may show a literal &quot; (Tutorial 6).
    assert.doesNotMatch(all, /data-chart|&quot;(?:labels|datasets|type)&quot;|<figure|<canvas/, `${lang.code}: markup or chart data in the index`);
    // The generated "Other languages" line is not page text.
    const label = `${require('../../src/navigate/ui-strings').loadUiStrings(manifest)[lang.code].otherLanguages}`;
    const others = manifest.languages.filter((l) => l.code !== lang.code).map((l) => l.name).join(' · ');
    assert.ok(!all.includes(`${label}: ${others}`) && !all.includes(`${label}：${others}`), `${lang.code}: navigation block indexed`);
  }
  // Code is searchable: API names live in code blocks, kept apart from the prose (the ranking weighs
  // them below it).
  assert.ok(found('en', 'PubSubService').some((r) => r.startsWith('/ENG/WebSocket')));
  const quickStart = data.en.sections.filter((s) => data.en.pages[s[0]].route === '/ENG/Quick-Start');
  assert.ok(quickStart.some((s) => s[4].includes('app().registerHandler(') && !s[3].includes('app().registerHandler(')), 'a code block in the prose of its section');
  assert.ok(data.en.sections.every((s) => s.length === 5 && typeof s[4] === 'string'));
});

test('search text is what a reader sees of Chinese: `**` next to punctuation rendered, no line break inside a sentence', () => {
  const { pageSections } = require('../../src/search/documents');
  const { createMarkdown } = require('../../src/prerender/markdown');
  const tokens = createMarkdown().parse('# 标题\n\n> **完整程序：**本站仓库中的\n> 目录。\n\n从底层开始就是异步的。\n网络 I/O', {});
  assert.deepEqual(pageSections(tokens, '标题'), [{ id: null, title: '标题', text: '完整程序：本站仓库中的目录。 从底层开始就是异步的。网络 I/O', code: '' }]);
  // The real pages: no ** next to Chinese in their text outside code (the index holds code too, and
  // Contributing quotes `**完整程序：**本站` as code).
  const md = createMarkdown();
  for (const lang of manifest.languages.filter((l) => l.code !== 'en')) {
    const raw = [];
    manifest.pages.forEach((page, index) => {
      const tokens = md.parse(markdownFiles.get(page.entries[lang.code].relPath), {});
      const code = tokens.flatMap((t) => (t.type === 'inline' ? t.children.filter((c) => c.type === 'code_inline') : [t]))
        .filter((t) => t.type === 'code_inline' || t.type === 'fence' || t.type === 'code_block').map((t) => t.content);
      for (const section of data[lang.code].sections.filter((s) => s[0] === index)) {
        const prose = code.reduce((text, c) => text.split(c).join(' '), section[3]);
        if (/\*\*\p{sc=Han}|[\p{sc=Han}\u3001-\u303f\uff01-\uff65]\*\*/u.test(prose)) raw.push(`${page.entries[lang.code].route}#${section[1]}`);
      }
    });
    assert.deepEqual(raw, [], `${lang.code}: sections whose text shows ** next to Chinese`);
  }
});

test('folding: the same function for index and query, and it settles (folding twice changes nothing)', () => {
  for (const code of ['zh-CN', 'zh-TW']) {
    for (const section of data[code].sections) {
      const once = fold(section[3]);
      assert.equal(fold(once), once, `${code} ${data[code].pages[section[0]].route}#${section[1]}`);
    }
  }
});

test('every term of the rule table: its zh-CN and zh-TW forms fold to the same text', () => {
  for (const e of foldedTerms()) {
    assert.equal(fold(e.from), fold(e.to), `${e.decision} ${e.from} -> ${e.to}`);
  }
});

test('OpenCC\'s Taiwan phrases fold too, except where the term table decides the word', async () => {
  const { loadDict } = require('../../src/search/fold-table');
  const twPhrases = await loadDict('TWPhrases', { chars: false });
  const decided = new Set(foldedTerms().map((e) => fold.chars(e.from)));
  let checked = 0;
  for (const [from, to] of twPhrases) {
    if (decided.has(fold.chars(from))) continue;
    assert.equal(fold(from), fold(to), `${from} -> ${to}`);
    checked++;
  }
  assert.ok(checked > 500, `only ${checked} phrases checked`);
  // s2twp writes 进程 as 程序, the term table as 行程: "process" must not fold with "program" (程序 / 程式).
  assert.equal(fold('進程'), fold('行程'));
  assert.equal(fold('程序'), fold('程式'));
  assert.notEqual(fold('进程'), fold('程序'));
});

test('page titles across scripts: each Simplified title finds its page on the Traditional site, and the reverse', () => {
  for (const page of manifest.pages) {
    const cn = page.entries['zh-CN'];
    const tw = page.entries['zh-TW'];
    assert.ok(found('zh-TW', cn.title).some((r) => r.startsWith(`${tw.route}#`)), `"${cn.title}" does not find ${tw.route}`);
    assert.ok(found('zh-CN', tw.title).some((r) => r.startsWith(`${cn.route}#`)), `"${tw.title}" does not find ${cn.route}`);
  }
});

test('a Simplified query on the Traditional site finds the pages that hold the Traditional form, and the reverse (the term table)', () => {
  let checked = 0;
  for (const e of foldedTerms().filter((x) => x.decision !== 'guard' && x.from !== x.to)) {
    const twSections = sectionsWith('zh-TW', e.to);
    if (twSections.length) {
      const hits = found('zh-TW', e.from);
      assert.ok(twSections.some((s) => hits.includes(s)), `Simplified "${e.from}" on zh-TW: none of ${twSections.slice(0, 3).join(', ')} (with "${e.to}") found`);
      checked++;
    }
    const cnSections = sectionsWith('zh-CN', e.from);
    if (cnSections.length) {
      const hits = found('zh-CN', e.to);
      assert.ok(cnSections.some((s) => hits.includes(s)), `Traditional "${e.to}" on zh-CN: none of ${cnSections.slice(0, 3).join(', ')} (with "${e.from}") found`);
      checked++;
    }
  }
  assert.ok(checked > 100, `only ${checked} terms checked`);
});

test('character by character: every heading of the Traditional pages, written in Simplified by OpenCC, finds its section; and the reverse', () => {
  const toSimplified = OpenCC.Converter({ from: 'tw', to: 'cn' });
  const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' }); // characters and variants only, no Taiwan phrases
  let changed = 0;
  for (const [code, convert] of [['zh-TW', toSimplified], ['zh-CN', toTraditional]]) {
    for (const section of data[code].sections) {
      const heading = section[2];
      const query = convert(heading);
      if (query !== heading) changed++;
      const route = `${data[code].pages[section[0]].route}#${section[1]}`;
      assert.ok(found(code, query).includes(route), `${code}: "${query}" (OpenCC of "${heading}") does not find ${route}`);
    }
  }
  assert.ok(changed > 100, `only ${changed} headings differ between the scripts`);
});

test('English keeps its own index: its words are not folded and its results stay in English', () => {
  const hits = indexes.en.search('threading model').results;
  assert.ok(hits.length > 0 && hits.every((r) => r.route.startsWith('/ENG/')));
  assert.equal(indexes.en.search('執行緒模型').total, 0);
  assert.ok(indexes.en.search('HttpControler').results.some((r) => r.route === '/ENG/HttpController'), 'a typo in a word of letters is forgiven');
});

test('tokenize and excerpt', () => {
  assert.deepEqual(tokenize('Drogon 的 HttpController：线程模型'), ['Drogon', '的', 'HttpController', '线程', '程模', '模型', '型']);
  assert.deepEqual(tokenize('C++20 / app().run()'), ['C', '20', 'app', 'run']);
  assert.equal(excerpt(`${'甲'.repeat(50)}五六${'乙'.repeat(50)}`, '五六', null, 12), '…甲甲甲甲五六乙乙乙乙乙乙…');
  assert.equal(excerpt('執行緒模型很重要', '执行绪', fold.chars, 20), '執行緒模型很重要', 'found after folding characters');
});

test('phrases are segmented as a reader would, and a word inside a longer phrase is still found', async () => {
  // 一行程式碼 is "one line of code": 行程 ("process") must not be cut out of it.
  assert.equal(fold('一行程式碼'), fold('一行代码'));
  assert.notEqual(fold('一行程式碼'), fold('一进程式码'));
  // A folded 内存 followed by 取 stays 内存 + 取 on every later pass.
  assert.equal(fold(fold('峰值記憶體取自')), fold('峰值内存取自'));
  // 回應標頭 folds as a whole, and 標頭 inside it is indexed on its own too.
  const sections = [[0, '', '回應', '伺服器在回應標頭中宣告允許的來源。'], [0, 'b', '其他', '這一段沒有那個詞。']];
  const index = await createIndex(MiniSearch, { pages: [{ route: '/JB_TW/x', title: 'x' }], sections }, fold);
  assert.deepEqual(index.search('头部').results.map((r) => r.id), ['']);
  assert.deepEqual(index.search('响应头').results.map((r) => r.id), ['']);
  assert.deepEqual(index.search('伺服器').results.map((r) => r.id), ['']);
});
