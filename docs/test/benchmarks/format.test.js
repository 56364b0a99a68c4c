'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { createFormatter, utcMinute } = require('../../src/benchmarks/format');

const en = createFormatter({ locale: 'en-US', proseCounts: 'full' });
const zh = createFormatter({ locale: 'zh-CN', proseCounts: 'compact' });

test('integers and decimals use the locale grouping', () => {
  assert.equal(en.integer(115993.4), '115,993');
  assert.equal(zh.integer(115993.6), '115,994');
  assert.equal(en.decimal(8.6, 2), '8.60');
  assert.equal(en.decimal(1234.5, 1), '1,234.5');
});

test('kQPS has one decimal, from requests per second', () => {
  assert.equal(en.kqps(115993), '116.0');
  assert.equal(en.kqps(18427), '18.4');
  assert.equal(zh.kqps(561000), '561.0');
});

test('counts in sentences: full in English, 万 in Chinese from ten thousand up', () => {
  assert.equal(en.proseCount(115993), '115,993');
  assert.equal(zh.proseCount(115993), '11.60万');
  assert.equal(zh.proseCount(18427), '1.84万');
  assert.equal(zh.proseCount(9999), '9,999');
});

test('percent, milliseconds, GiB, MiB', () => {
  assert.equal(en.percent(0.0321), '3.2%');
  assert.equal(zh.percent(0.99), '99.0%');
  assert.equal(en.ms(1527), '1.53');
  assert.equal(en.ms(418), '0.42');
  assert.equal(en.gib(24 * 2 ** 30), '24.0');
  assert.equal(en.mib(8 * 2 ** 20), '8.0');
});

test('dates are calendar days in the page language, independent of the time zone', () => {
  assert.equal(en.date('2025-11-22'), 'November 22, 2025');
  assert.equal(zh.date('2025-11-22'), '2025年11月22日');
  assert.throws(() => en.date('22.11.2025'), /expected YYYY-MM-DD/);
});

test('date-times are shown in UTC to the minute', () => {
  assert.equal(utcMinute('2025-11-22T02:28:59.900Z'), '2025-11-22 02:28 UTC');
  assert.equal(utcMinute('2025-11-22T10:28:00+08:00'), '2025-11-22 02:28 UTC');
  assert.throws(() => utcMinute('yesterday'), /bad date-time/);
});

test('non-numbers are refused instead of printed as NaN', () => {
  assert.throws(() => en.integer(Number.NaN), /finite number/);
  assert.throws(() => en.percent('3'), /finite number/);
  assert.throws(() => createFormatter({ locale: 'en-US', proseCounts: 'words' }), /proseCounts/);
});

test('Chinese lists put a space between 和 and Latin names, not around punctuation or Chinese words', () => {
  const { spacedList } = require('../../src/benchmarks/format');
  const zh = new Intl.ListFormat('zh-CN', { type: 'conjunction', style: 'long' });
  const en = new Intl.ListFormat('en-US', { type: 'conjunction', style: 'long' });
  assert.equal(spacedList(zh, ['Drogon', 'nginx']), 'Drogon 和 nginx');
  assert.equal(spacedList(zh, ['Drogon', 'nginx', 'nginx return 200']), 'Drogon、nginx 和 nginx return 200');
  assert.equal(spacedList(zh, ['读', '写']), '读和写');
  assert.equal(spacedList(zh, ['服务器（甲）', 'GET /json（乙）']), '服务器（甲）和 GET /json（乙）');
  assert.equal(spacedList(zh, ['a「b」', '「c」d']), 'a「b」和「c」d');
  assert.equal(spacedList(en, ['a', 'b', 'c']), 'a, b, and c');
});

test('dateRange: two calendar days as one range, per language (the pooled runs\' days on the Benchmarks page)', () => {
  const { createFormatter } = require('../../src/benchmarks/format');
  const en = createFormatter(require('../../benchmarks/strings.en.json').format);
  // (Intl puts thin spaces around the dash.)
  assert.match(en.dateRange('2026-11-23', '2026-11-27'), /^November 23\s–\s27, 2026$/);
  assert.match(en.dateRange('2026-11-23', '2026-12-02'), /^November 23\s–\sDecember 2, 2026$/);
  const zh = createFormatter(require('../../benchmarks/strings.zh-CN.json').format);
  assert.match(zh.dateRange('2026-11-23', '2026-11-27'), /2026.*11.*23.*27/);
  assert.throws(() => en.dateRange('2026-11-23', 'soon'), /dateRange: expected YYYY-MM-DD, got "soon"/);
});
