'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { lineNumbers } = require('../src/line-numbers');

test('the line of every index is the count of newlines before it, plus one', () => {
  for (const text of ['', 'one line', 'a\nb\n\nc\n', '\n\n\n', '# 标题\n\n正文，第二行\r\nthird\n']) {
    const lineAt = lineNumbers(text);
    for (let i = 0; i <= text.length + 2; i++) {
      assert.equal(lineAt(i), text.slice(0, i).split('\n').length, `${JSON.stringify(text)} at ${i}`);
    }
  }
});
