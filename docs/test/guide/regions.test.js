// docs/src/guide/regions.js: what a page shows of an example file, and the errors that name file:line.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { extractRegion, parseRegions } = require('../../src/guide/regions');

const source = [
  '#include <drogon/drogon.h>',
  '',
  'int main()',
  '{',
  '    // [guide:body]',
  '    int a = 1;',
  '    // [guide:inner]',
  '    if (a) {',
  '        a = 2;   ',
  '    }',
  '    // [/guide:inner]',
  '    return a;',
  '    // [/guide:body]',
  '}',
  '',
].join('\n');

test('a region is dedented, loses nested marker lines and trailing spaces', () => {
  assert.equal(extractRegion(source, 'x.cc', 'body'), 'int a = 1;\nif (a) {\n    a = 2;\n}\nreturn a;');
  assert.equal(extractRegion(source, 'x.cc', 'inner'), 'if (a) {\n    a = 2;\n}');
});

test('the whole file is the file without its marker lines', () => {
  assert.equal(extractRegion(source, 'x.cc', null), '#include <drogon/drogon.h>\n\nint main()\n{\n    int a = 1;\n    if (a) {\n        a = 2;\n    }\n    return a;\n}');
});

test('markers in other comment syntaxes: #, <%-- --%>, <!-- -->, /* */', () => {
  const text = ['# [guide:a]', 'x', '# [/guide:a]', '<%-- [guide:b] --%>', 'y', '<%-- [/guide:b] --%>', '<!-- [guide:c] -->', 'z', '<!-- [/guide:c] -->', '/* [guide:d] */', 'w', '/* [/guide:d] */'].join('\n');
  assert.deepEqual(['a', 'b', 'c', 'd'].map((r) => extractRegion(text, 'f', r)), ['x', 'y', 'z', 'w']);
});

test('errors name the file, the line and the problem', () => {
  const cases = [
    [['// [guide:a]', 'x'], /^f:1: region "a" is never closed/],
    [['// [guide:a]', '// [/guide:a]', '// [guide:a]', '// [/guide:a]'], /^f:3: region "a" is defined twice \(first at line 1\)/],
    [['// [/guide:a]'], /^f:1: end of region "a" without its start/],
    [['// [guide:a]', '// [guide:b]', '// [/guide:a]', '// [/guide:b]'], /^f:3: region "a" ends before region "b"/],
    [['x(); // [guide:a]'], /^f:1: malformed region marker/],
    [['// [guide:A_b]', '// [/guide:A_b]'], /^f:1: region name "A_b" must be lowercase/],
  ];
  for (const [lines, message] of cases) assert.throws(() => parseRegions(lines.join('\n'), 'f'), { message });
  assert.throws(() => extractRegion(source, 'x.cc', 'nope'), { message: /^x\.cc: no region "nope" \(regions: body, inner\)/ });
  assert.throws(() => extractRegion('// [guide:e]\n\n// [/guide:e]\n', 'f', 'e'), { message: /region "e" is empty/ });
  assert.throws(() => extractRegion('a\n\tb\n', 'f', null), { message: /contains a tab/ });
});
