// The context fields of the zh-TW conversion's rules: validated with errors that name the field, and
// turned into lookarounds that do not consume the neighbours they look at.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { validateContext, withContext, hasContext, describeContext, escapeRegExp } = require('../../src/convert/rule-context');

test('a context becomes lookarounds around the word, so the characters around it stay for OpenCC', () => {
  const source = withContext(escapeRegExp('了'), { after: '明', notAfter: '简单明', before: '[，。]', notBefore: '然' });
  const pattern = new RegExp(source, 'gu');
  assert.deepEqual([...'声明了。简单明了。'.matchAll(pattern)].map((m) => m.index), [2]);
  assert.equal('声明了。'.replace(pattern, 'X'), '声明X。');
  assert.equal(withContext('a', {}), 'a');
});

test('\\p{Co} in a context matches the placeholders of inline code', () => {
  const pattern = new RegExp(withContext('头', { after: '[A-Za-z`\\p{Co}] ?' }), 'u');
  assert.ok(pattern.test('\ue400 头'));
  assert.ok(pattern.test('close 头'));
  assert.ok(!pattern.test('开头'));
});

test('bad contexts are refused with the field named', () => {
  assert.throws(() => validateContext({ after: '' }, 'x'), /x\.after: must be a non-empty string/);
  assert.throws(() => validateContext({ before: 3 }, 'x'), /x\.before: must be a non-empty string/);
  assert.throws(() => validateContext({ notAfter: '[' }, 'x'), /x\.notAfter: not a regular expression/);
  assert.throws(() => validateContext({ notBefore: '(a|b)' }, 'x'), /x\.notBefore: must not hold capturing groups \(use \(\?:\.\.\.\)\), has 1/);
  assert.doesNotThrow(() => validateContext({ notBefore: '(?:a|b)', after: '\\p{Co}' }, 'x'));
});

test('hasContext and describeContext', () => {
  assert.equal(hasContext({ from: '源' }), false);
  assert.equal(hasContext({ from: '源', notAfter: '资' }), true);
  assert.equal(describeContext({ after: 'a', notBefore: 'b' }), ' after /a/ notBefore /b/');
  assert.equal(describeContext({}), '');
});
