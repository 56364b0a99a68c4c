// The rule table of the zh-TW conversion: one test per entry (the terms of docs/glossary.json and the
// rules of docs/zh-tw-overrides.json, as overrides.js combines them), plus sentences written for
// this test only (not taken from the data files) for the core terms.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const OpenCC = require('opencc-js');
const { convertText } = require('../../src/convert/zh-tw');
const { loadOverrides, validateOverrides } = require('../../src/convert/overrides');
const { findAvoided } = require('../../src/convert/glossary');
const { hasContext, describeContext } = require('../../src/convert/rule-context');

const plainS2twp = OpenCC.Converter({ from: 'cn', to: 'twp' });
const { entries } = loadOverrides();
const allowed = [...new Set(entries.map((e) => e.to))];

test('the rule table holds reviewed decisions of every kind, including the field-notes candidates', () => {
  const sources = new Set(entries.map((e) => e.from));
  for (const candidate of ['文件', '文档', '进程', '对象', '回调', '插件', '实例', '头文件', '内存储', '线程', '默认']) {
    assert.ok(sources.has(candidate), `no decision recorded for ${candidate}`);
  }
  for (const kind of ['override', 'guard', 'kept']) {
    assert.ok(entries.some((e) => e.decision === kind), `no "${kind}" entry`);
  }
});

for (const entry of entries) {
  test(`${entry.decision}: ${entry.from} -> ${entry.to}${describeContext(entry)}`, () => {
    // The recorded s2twp rendering is what OpenCC really gives: an opencc-js upgrade that changes
    // a reviewed term makes this fail, so the decision is looked at again.
    assert.equal(plainS2twp(entry.from), entry.s2twp, `s2twp(${entry.from}) changed`);
    if (entry.decision === 'kept' && entry.term === undefined) assert.fail('"kept" entries are glossary terms');
    if (entry.decision === 'override') {
      assert.ok(entry.s2twp !== entry.to || hasContext(entry), 'an "override" entry must change what s2twp gives, or apply in a context only');
    }
    const converted = convertText(entry.example);
    assert.ok(converted.includes(entry.to), `"${converted}" lacks ${entry.to}`);
    for (const wrong of entry.avoid) {
      assert.deepEqual(findAvoided(converted, wrong, allowed), [], `"${converted}" contains ${wrong.text || wrong}`);
    }
    // The word alone converts as decided, unless the rule needs its context.
    if (!hasContext(entry)) assert.equal(convertText(entry.from), entry.to);
  });
}

// Fresh sentences, independent of the data file's examples.
const freshSentences = [
  ['默认情况下，每个线程处理一个连接。', ['預設', '執行緒', '連線'], ['默認', '線程']],
  ['线程池的大小默认等于 CPU 核数。', ['執行緒池', '預設'], ['線程', '默認']],
  ['如果不修改默认值，服务器会为每个核心启动一个线程。', ['預設值', '伺服器', '執行緒'], ['默認', '線程']],
  ['主进程会为每个子进程分配一个端口。', ['主行程', '子行程', '埠'], ['程序']],
  ['请把头文件和源文件分开存放。', ['標頭檔', '原始檔'], ['標頭檔案']],
  ['这个对象的回调在另一个线程里执行。', ['物件', '回呼', '執行緒'], ['回撥', '對象']],
  ['用户数据只在境内存储，不会离开本地内存。', ['境內儲存', '記憶體'], ['記憶體儲']],
  ['创建一个实例，然后加载插件。', ['實例', '外掛'], ['例項']],
  ['打开文档所在的文件夹，找到那个文件。', ['文件', '資料夾', '檔案'], ['檔案夾']],
  ['程序崩溃时进程会退出。', ['程式', '行程'], ['程序']],
];

for (const [sentence, wanted, unwanted] of freshSentences) {
  test(`fresh sentence: ${sentence}`, () => {
    const converted = convertText(sentence);
    for (const term of wanted) assert.ok(converted.includes(term), `"${converted}" lacks ${term}`);
    for (const term of unwanted) assert.ok(!converted.includes(term), `"${converted}" contains ${term}`);
  });
}

test('overrides do not hit inside the longer words they are guarded from', () => {
  assert.equal(convertText('架构建议'), '架構建議');
  assert.equal(convertText('推进程度'), '推進程度');
  assert.equal(convertText('改进程序'), '改進程式');
  assert.equal(convertText('响应式布局'), '響應式佈局');
  assert.equal(convertText('扩展名和文件扩展名'), '副檔名和副檔名');
  assert.equal(convertText('反复现象和重复现有'), '反覆現象和重複現有');
  assert.equal(convertText('影响应用，反响应该'), '影響應用，反響應該');
  assert.equal(convertText('在内存储存数据'), '在記憶體儲存資料');
  assert.equal(convertText('国内存储'), '國內儲存');
});

test('an override next to ASCII, punctuation and line breaks still applies, and conversion is line-local', () => {
  assert.equal(convertText('`回调`'), '`回呼`');
  assert.equal(convertText('A回调B\n回调'), 'A回呼B\n回呼');
  assert.equal(convertText('回调回调'), '回呼回呼');
  assert.equal(convertText(''), '');
  assert.equal(convertText('plain ASCII stays'), 'plain ASCII stays');
});

test('convertText rejects non-strings and reserved placeholder characters with a clear error', () => {
  assert.throws(() => convertText(undefined), /convertText: expected a string, got undefined/);
  assert.throws(() => convertText(42), /convertText: expected a string, got number/);
  assert.throws(() => convertText('a\ue123b'), /Private Use Area character \(U\+E123\) at index 1/);
});

test('the rules file is validated with errors that name the field', () => {
  const good = { from: '回调', to: '回呼', decision: 'override', s2twp: '回撥', reason: 'r', example: '回调函数', avoid: [] };
  assert.throws(() => validateOverrides({}), /field "entries" must be an array/);
  assert.throws(() => validateOverrides({ entries: [{ ...good, decision: 'maybe' }] }), /entries\[0\]\.decision: must be one of override, guard/);
  assert.throws(() => validateOverrides({ entries: [{ ...good, decision: 'kept' }] }), /entries\[0\]\.decision: "kept" decisions are terms: record them in docs\/glossary\.json/);
  assert.throws(() => validateOverrides({ entries: [{ ...good, to: '' }] }), /entries\[0\]\.to: must be a non-empty string/);
  assert.throws(() => validateOverrides({ entries: [{ ...good, s2twp: undefined }] }), /entries\[0\]\.s2twp: must be a non-empty string/);
  assert.throws(() => validateOverrides({ entries: [{ ...good, example: '没有' }] }), /entries\[0\]\.example: must contain the source term/);
  assert.throws(() => validateOverrides({ entries: [good, { ...good }] }), /entries\[1\]\.from: "回调" duplicates entries\[0\]/);
  assert.throws(() => validateOverrides({ entries: [{ ...good, avoid: 'x' }] }), /entries\[0\]\.avoid: must be an array/);
  assert.throws(() => validateOverrides({ entries: [{ ...good, from: 'abc', example: 'abc' }] }), /entries\[0\]\.from: "abc" holds no Chinese character/);
  assert.throws(() => validateOverrides({ entries: [{ ...good, after: '[' }] }), /entries\[0\]\.after: not a regular expression/);
  // The same word in two contexts is two rules.
  assert.equal(validateOverrides({ entries: [good, { ...good, before: '函' }] }).entries.length, 2);
});
