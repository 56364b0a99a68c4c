// docs/glossary.json: the project's technical terms in English, Simplified and Taiwan Chinese. It
// holds the vocabulary of the whole site (at least 150 terms, every family of issue 32), the
// converter's term rules come from it (no term is decided a second time in
// docs/zh-tw-overrides.json), and the file is validated with errors that name the field.
// Covers: docs/src/convert/overrides.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadGlossary, validateGlossary, termEntries, findAvoided, sourceKey } = require('../../src/convert/glossary');
const { loadOverrides, combine } = require('../../src/convert/overrides');
const { convertText } = require('../../src/convert/zh-tw');

const { terms } = loadGlossary();
const byCn = (zh) => terms.filter((t) => t['zh-CN'] === zh);
const avoidedTexts = (term, code) => ((term.avoid && term.avoid[code]) || []).map((s) => (typeof s === 'string' ? s : s.text));

test('at least 150 terms, each with English, then Simplified, then Taiwan, in that order', () => {
  assert.ok(terms.length >= 150, `${terms.length} terms`);
  for (const term of terms) assert.deepEqual(Object.keys(term).slice(0, 3), ['en', 'zh-CN', 'zh-TW'], term.en);
});

// The families issue 32 names: [zh-CN, zh-TW, an avoided zh-TW rendering].
const families = [
  ['源', '來源', '源'], ['跨域资源共享', '跨來源資源共用', '跨域資源共享'], ['类', '類別', '類'],
  ['行锁', '資料列鎖定', '行鎖'], ['处理程序', '處理常式', '處理程序'], ['默认处理程序', '預設處理常式', '預設處理程序'],
  ['设置', '設定', '設置'], ['标志', '旗標', '標誌'], ['声明', '宣告', '聲明瞭'], ['了', '了', '明瞭'], ['里', '裡', '里'],
  ['引用', '參考', '引用'], ['头', '標頭', '頭'], ['内连接', '內部聯結', '內連線'], ['左连接', '左聯結', '左連線'],
  ['开发包', '開發套件', '開發包'],
];

test('every term family of issue 32 is in the glossary with its avoided rendering', () => {
  for (const [cn, tw, avoided] of families) {
    const found = byCn(cn);
    assert.ok(found.length > 0, `no term for ${cn}`);
    assert.equal(found[0]['zh-TW'], tw, cn);
    assert.ok(avoidedTexts(found[0], 'zh-TW').includes(avoided), `${cn}: ${avoided} is not avoided`);
  }
  const handler = byCn('处理程序')[0];
  assert.match(handler.note, /處理常式/);
  assert.match(handler.note, /Microsoft/, 'the handler decision says where it comes from');
});

// A sample of the site's vocabulary, by field.
const fields = {
  http: ['请求', '响应', '状态码', '响应头', '重定向', '会话', '证书', '内容类型', '查询字符串', '预检请求'],
  cpp: ['类', '引用', '宏', '命名空间', '异常', '构造函数', '析构函数', '模板', '指针', '头文件'],
  database: ['数据库', '事务', '行锁', '内连接', '主键', '外键', '语句', '连接池', '列名', '回滚'],
  concurrency: ['线程', '进程', '协程', '事件循环', '互斥锁', '死锁', '异步', '并发', '阻塞', '回调'],
  build: ['构建', '编译器', '链接器', '开发包', '软件包', '环境变量', '共享库', '静态库', '依赖', '调试器'],
  benchmarking: ['吞吐量', '延迟', '中位数', '百分位', '置信区间', '方差', '标准差', '基准测试', '噪声', '每秒请求数'],
};

test('the glossary covers the site\'s fields: HTTP, C++, databases, concurrency, build tools, benchmarking and statistics', () => {
  for (const [field, words] of Object.entries(fields)) {
    const missing = words.filter((w) => byCn(w).length === 0);
    assert.deepEqual(missing, [], `${field}: no term for ${missing.join(', ')}`);
  }
});

test('the converter\'s term rules come from the glossary: each applied term is in its table as the glossary says', () => {
  const { applied, entries } = loadOverrides();
  const table = new Map(applied.map((e) => [sourceKey(e), e]));
  let count = 0;
  for (const entry of termEntries(terms)) {
    if (entry.decision === 'kept') {
      assert.ok(!table.has(sourceKey(entry)), `${entry.from} is kept but applied`);
      continue;
    }
    assert.equal(table.get(sourceKey(entry)).to, entry.to, entry.from);
    count++;
  }
  assert.ok(count >= 100, `${count} applied terms`);
  // No duplicated truth: one word in one context is decided once.
  const keys = entries.map(sourceKey);
  assert.equal(new Set(keys).size, keys.length);
});

test('a term decided in both files is refused, naming both places', () => {
  const term = termEntries([{ en: 'callback', 'zh-CN': '回调', 'zh-TW': '回呼', s2twp: '回撥', example: '回调' }]);
  const rule = { from: '回调', to: '回撥', decision: 'override', s2twp: '回撥', avoid: [], example: '回调', reason: 'r' };
  assert.throws(() => combine(term, [rule], { glossaryPath: 'g.json', path: 'o.json' }),
    /o\.json: entries\[0\]\.from: "回调" is decided twice: here and in g\.json: terms\[0\] \("callback"\); keep one/);
  assert.equal(combine(term, [{ ...rule, notAfter: '来' }]).entries.length, 2, 'the same word in another context is another rule');
});

test('how a term is applied: override where s2twp differs or a context limits it, guard when "always", else kept', () => {
  const base = { en: 'x', 'zh-CN': '甲', 'zh-TW': '甲', s2twp: '甲', example: '甲' };
  const decisions = termEntries([
    base,
    { ...base, en: 'y', 'zh-TW': '乙' },
    { ...base, en: 'z', convert: 'always' },
    { ...base, en: 'w', 'zh-TW': '乙', convert: 'never' },
    { ...base, en: 'v', 'zh-TW': '乙', notAfter: '丙' },
  ]).map((e) => e.decision);
  assert.deepEqual(decisions, ['kept', 'override', 'guard', 'kept', 'override']);
});

test('every term\'s example converts to its Taiwan rendering, with none of its avoided renderings', () => {
  const allowed = [...new Set(loadOverrides().entries.map((e) => e.to))];
  const failures = [];
  for (const term of terms) {
    const converted = convertText(term.example);
    if (!converted.includes(term['zh-TW'])) failures.push(`${term.en}: "${converted}" lacks ${term['zh-TW']}`);
    for (const spec of (term.avoid && term.avoid['zh-TW']) || []) {
      if (findAvoided(converted, spec, allowed).length > 0) failures.push(`${term.en}: "${converted}" has ${spec.text || spec}`);
    }
  }
  assert.deepEqual(failures, []);
});

test('the glossary is validated with errors that name the field', () => {
  const good = { en: 'callback', 'zh-CN': '回调', 'zh-TW': '回呼', s2twp: '回撥', example: '回调函数' };
  const bad = (change) => ({ terms: [{ ...good, ...change }] });
  assert.throws(() => validateGlossary({}), /field "terms" must be an array/);
  assert.throws(() => validateGlossary(bad({ 'zh-TW': '' })), /terms\[0\]\.zh-TW: must be a non-empty string/);
  assert.throws(() => validateGlossary(bad({ en: undefined })), /terms\[0\]\.en: must be a non-empty string/);
  assert.throws(() => validateGlossary(bad({ 'zh-CN': 'abc', example: 'abc' })), /terms\[0\]\.zh-CN: "abc" holds no Chinese character/);
  assert.throws(() => validateGlossary(bad({ example: '没有' })), /terms\[0\]\.example: must contain the zh-CN term "回调"/);
  assert.throws(() => validateGlossary(bad({ convert: 'sometimes' })), /terms\[0\]\.convert: must be "always" or "never"/);
  assert.throws(() => validateGlossary(bad({ avoid: ['回撥'] })), /terms\[0\]\.avoid: must be an object/);
  assert.throws(() => validateGlossary(bad({ avoid: { 'zh-HK': [] } })), /terms\[0\]\.avoid: unknown language "zh-HK"/);
  assert.throws(() => validateGlossary(bad({ avoid: { 'zh-TW': [{ text: '回撥', after: '(' }] } })), /terms\[0\]\.avoid\.zh-TW\[0\]\.after: not a regular expression/);
  assert.throws(() => validateGlossary(bad({ notBefore: '(x)' })), /terms\[0\]\.notBefore: must not hold capturing groups/);
  assert.throws(() => validateGlossary(bad({ example: '回调\ue000' })), /terms\[0\]\.example: Private Use Area/);
  assert.throws(() => validateGlossary(bad({ nativePass: { avoid: [], atMost: 0 } })), /terms\[0\]\.nativePass\.avoid: must be a non-empty array/);
  assert.throws(() => validateGlossary(bad({ nativePass: { avoid: ['x'], atMost: -1 } })), /terms\[0\]\.nativePass\.atMost: must be a whole number/);
  assert.throws(() => validateGlossary(bad({ nativePass: { avoid: ['x'], atMost: 0, pending: {} } })), /terms\[0\]\.nativePass\.pending\.hits/);
  assert.throws(() => validateGlossary({ terms: [good, { ...good, en: 'other' }] }), /terms\[1\]\.zh-CN: "回调" duplicates terms\[0\]/);
  assert.throws(() => validateGlossary({ terms: [good, { ...good, 'zh-CN': '回调函数' }] }), /terms\[1\]\.en: "callback" duplicates terms\[0\]/);
  assert.equal(validateGlossary({ terms: [good, { ...good, en: 'other', notAfter: '来' }] }).terms.length, 2);
});

test('findAvoided: a hit in context, not inside a longer allowed word', () => {
  assert.deepEqual(findAvoided('其他源和資源', '源', ['資源']), [{ index: 2, text: '源' }]);
  assert.deepEqual(findAvoided('Date 頭和開頭', { text: '頭', after: '[A-Za-z] ?' }), [{ index: 5, text: '頭' }]);
  assert.deepEqual(findAvoided('沒有', '源'), []);
});
