'use strict';
// shared/src/search-rank.js: the query's parts, runs covered by pairs, the shares of the query a
// result holds, phrases, kinds, and the order of results (the order on the site's real indexes:
// docs/test/search/search-ranking.test.js and search-queries.test.js).
const test = require('node:test');
const assert = require('node:assert/strict');
const {
  queryParts, contentParts, stem, wordMatches, covers, saysOnly, joinedWords, tier, partHeld, share, rarity, phrase, kindOf, compare,
} = require('../src/search-rank');
const { tokenize } = require('../src/search-text');

const termsOf = (text) => tokenize(text).map((t) => t.toLowerCase());
const tierOf = (query, doc) => tier(queryParts(query), query, { page: '', alias: '', first: false, ...doc }, termsOf);

test('a query in parts: words, single CJK characters, runs with their pairs', () => {
  assert.deepEqual(queryParts('Event loop 线 上传文件'), [
    { term: 'event' }, { term: 'loop' }, { term: '线', cjk: true },
    { chars: ['上', '传', '文', '件'], pairs: ['上传', '传文', '文件'] },
  ]);
  const [run] = queryParts('上传文件');
  assert.equal(covers(run, new Set(['上传', '文件'])), true, '文件上传 holds 上传 and 文件');
  assert.equal(covers(run, new Set(['文件'])), false, '上 and 传 are not covered');
  assert.equal(covers(queryParts('文件的上传')[0], new Set(['文件', '上传'])), true, '的 needs no pair');
});

test('a heading says only the query: its words up to a short ending, small words, the query\'s characters', () => {
  const says = (query, heading) => saysOnly(queryParts(query), heading, termsOf(heading));
  assert.equal(says('database', 'Databases'), true);
  assert.equal(says('configuration file', 'The configuration file'), true);
  assert.equal(says('上传文件', '文件上传'), true);
  assert.equal(says('database', 'FastDbClient and database throughput'), false);
  assert.equal(says('config', 'Configuration reference'), false, 'a long ending is another word');
  assert.equal(says('data', 'Databases'), false);
  assert.equal(says('上传', 'app：上传'), false);
  assert.equal(says('上传', '文件上传'), false, '文件 is not in the query');
  assert.deepEqual(joinedWords(queryParts('http client')), [{ term: 'httpclient' }]);
  assert.equal(joinedWords(queryParts('client')), null);
});

test('tiers: the heading is the query, says only it, holds it, with the page title, the rest; a page before its parts', () => {
  assert.equal(tierOf('coroutines', { title: 'Coroutines' }), 10);
  assert.equal(tierOf('coroutines', { title: 'Coroutines', first: true }), 11);
  assert.equal(tierOf('coroutine', { title: 'Coroutines' }), 8);
  assert.equal(tierOf('database', { title: '数据库', alias: 'Databases', first: true }), 9, 'through the page\'s English title');
  assert.equal(tierOf('http client', { title: 'HttpClient', first: true }), 9, 'neighbouring words read as one');
  assert.equal(tierOf('websocket', { title: 'WebSocketController', first: true }), 7);
  assert.equal(tierOf('websocket', { title: 'How do I send a message to every WebSocket client?' }), 6);
  assert.equal(tierOf('mutex', { title: 'A mutex for coroutines', page: 'Coroutines' }), 6);
  assert.equal(tierOf('coroutine mutex', { title: 'Mutexes', page: 'Coroutines' }), 4, 'heading and page title together');
  assert.equal(tierOf('mutex', { title: 'Locks', page: 'Coroutines', first: true }), 2, 'a page\'s parts first only by its heading');
});

test('a query\'s content: the words that only say how the reader asks are left out, unless there is nothing else', () => {
  const terms = (query) => contentParts(queryParts(query)).map((p) => p.term || p.chars.join(''));
  assert.deepEqual(terms('how do I read the json from a request body'), ['read', 'json', 'request', 'body']);
  assert.deepEqual(terms('the'), ['the']);
  assert.deepEqual(terms('在 Ubuntu 上安装'), ['在', 'ubuntu', '上安装'], 'CJK characters and runs always count');
});

test('stems: a light suffix is left out so the stem\'s prefix finds the other forms; short stems and -er are kept', () => {
  assert.equal(stem('handling'), 'handl');
  assert.equal(stem('route'), 'rout');
  assert.equal(stem('caches'), 'cach');
  assert.equal(stem('files'), 'file', 'fil- would be too short: -s instead of -es');
  assert.equal(stem('configuration'), 'configur');
  assert.equal(stem('gracefully'), 'graceful');
  assert.equal(stem('timer'), 'timer', 'tim- is too short, and -er is never removed (server: serv-)');
  assert.equal(stem('server'), 'server');
  assert.equal(stem('http2'), 'http2', 'a word with digits is a name');
  assert.equal(wordMatches('handling', 'handler'), true);
  assert.equal(wordMatches('route', 'routing'), true);
  assert.equal(wordMatches('timer', 'time'), false);
  assert.equal(wordMatches('test', 'testing'), true, 'a prefix');
});

test('how much of a query a section holds: words by a form, runs by the share of characters their pairs cover, weighted', () => {
  const parts = queryParts('unit test 单元测试');
  assert.equal(partHeld(parts[0], []), 0);
  assert.equal(partHeld(parts[0], ['units']), 1);
  assert.equal(partHeld(parts[0], ['unix']), 0.5, 'a fuzzy match holds half');
  assert.equal(partHeld(parts[2], ['测试']), 0.5, '测 and 试 of 单元测试');
  assert.equal(partHeld(queryParts('文件的上传')[0], ['文件', '上传']), 1, 'a particle needs no pair');
  // unit (1) + test (1) + 单元测试 (4 characters: 2); the section holds test and half the run.
  assert.equal(share(parts, [[], ['testing'], ['测试']]), (1 + 2 * 0.5) / 4);
  // By rarity: a word held by 2 sections of 400 weighs more than one held by 200.
  const weights = rarity(queryParts('unit test'), (term) => (term === 'unit' ? 2 : 200), 400);
  assert.ok(weights[0].weight > 4 * weights[1].weight);
  assert.ok(share(queryParts('unit test'), [['unit'], []], weights) > 0.8);
  const run = rarity(queryParts('优雅关闭'), (pair) => ({ 优雅: 2, 雅关: 0, 关闭: 60 })[pair], 400)[0];
  assert.ok(partHeld(queryParts('优雅关闭')[0], ['优雅'], run.chars) > partHeld(queryParts('优雅关闭')[0], ['关闭'], run.chars), '优雅 is rarer than 关闭');
  assert.equal(run.chars[1], run.chars[0], '雅 weighs as 优雅: 雅关, which no section holds, is no word');
  assert.equal(run.chars[2], run.chars[3]);
});

test('a phrase: the query\'s parts in its order, next to each other (one token between at most)', () => {
  const holds = (query, text) => phrase(contentParts(queryParts(query)), termsOf(text));
  assert.equal(holds('rate limit', 'Hodor: rate limits'), true);
  assert.equal(holds('rate limit', 'How do I limit the request rate?'), false, 'another order');
  assert.equal(holds('redirect http to https', 'Redirect HTTP to HTTPS'), true);
  assert.equal(holds('http https', 'From HTTP to HTTPS'), true, 'a small word between');
  assert.equal(holds('http https', 'HTTP, then the HTTPS'), false, 'two words between');
  assert.equal(holds('数据库事务', '数据库事务的隔离'), true);
  assert.equal(holds('数据库事务', '数据库的事务'), false, 'pairs that do not follow each other');
});

test('page kinds: the API reference\'s pages (reference: true) are entries, the rest guide', () => {
  assert.equal(kindOf({ route: '/ENG/x', title: 'x' }), 0);
  assert.equal(kindOf({ route: '/ENG/api/x', title: 'x', reference: true }), 1);
});

test('the order: tier (an entry\'s two lower), kind, section order, phrase, the hierarchy\'s share, the page title\'s share, the rare words\' share, held, score', () => {
  const base = { kind: 0, order: 0, tier: 2, phrase: 0, hierarchy: 0.5, page: 0, rareHierarchy: 0.5, held: 1, score: 10 };
  const order = (...results) => results.map((r, i) => ({ ...base, ...r, name: i })).sort(compare).map((r) => r.name);
  assert.deepEqual(order({}, { tier: 6 }), [1, 0]);
  // "session": the entry Session (its heading is the query: 10) and the chapter Sessions (says only the query: 8).
  assert.deepEqual(order({ kind: 1, tier: 10, score: 99 }, { tier: 8 }), [1, 0], 'an entry two tiers lower');
  assert.deepEqual(order({ kind: 1, tier: 10, score: 99 }, { tier: 6 }), [1, 0], 'two tiers lower, after the guide in that tier');
  assert.deepEqual(order({ kind: 1, tier: 10 }, { tier: 4 }), [0, 1], 'but before a guide section whose heading says the query less closely still');
  assert.deepEqual(order({ kind: 1, tier: 2, phrase: 1, hierarchy: 1, score: 99 }, { tier: 2, hierarchy: 0 }), [1, 0], 'an entry after every guide result of its tier');
  // "html template": the tutorial's step "6. HTML pages" (its title holds html) and Views' "A template".
  assert.deepEqual(order({ order: 1, page: 0.5, score: 99 }, { page: 0 }), [1, 0], 'a page of a later section (searchOrder) after the others of its tier');
  assert.deepEqual(order({ order: 1, tier: 6 }, {}), [0, 1], 'but not after those of a lower tier');
  assert.deepEqual(order({}, { phrase: 1 }), [1, 0]);
  // "unit test": Deployment's "The systemd unit" (heading: unit; test in the text) and the page
  // Testing (its title holds test; unit nowhere).
  assert.deepEqual(order({ hierarchy: 0.5, page: 0, held: 1, score: 80 }, { hierarchy: 0.5, page: 0.5, held: 0.5, score: 60 }), [1, 0]);
  assert.deepEqual(order({ hierarchy: 0.5, rareHierarchy: 0.2 }, { hierarchy: 0.5, rareHierarchy: 0.8 }), [1, 0]);
  assert.deepEqual(order({ held: 0.5, score: 99 }, { held: 1 }), [1, 0]);
  assert.deepEqual(order({ score: 1 }, { score: 2 }), [1, 0]);
});
