'use strict';
// shared/src/search-rank.js: the query's parts, runs covered by pairs, and the tiers results are
// ordered by (the order on the site's real indexes: docs/test/search/search-ranking.test.js).
const test = require('node:test');
const assert = require('node:assert/strict');
const { queryParts, covers, saysOnly, joinedWords, tier } = require('../src/search-rank');
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
