// docs/src/code-names/cppreference.js: a standard name's cppreference page, from Debian's
// cppreference-doc-en-html index (installed by scripts/ensure-deps.sh), or its header's page.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { loadIndex, lookup, publicHeader, normalise } = require('../../src/code-names/cppreference');

const index = loadIndex();

test('names of the index go to their own page, libstdc++\'s internal names as readers write them', () => {
  const page = (qualified, header, written) => lookup(index, { qualified, header, written });
  assert.deepEqual(page(['std', '__cxx11', 'basic_string', 'substr'], 'string'), { url: 'https://en.cppreference.com/w/cpp/string/basic_string/substr', exact: true });
  assert.deepEqual(page(['std', 'chrono', '_V2', 'steady_clock', 'now'], 'chrono'), { url: 'https://en.cppreference.com/w/cpp/chrono/steady_clock/now', exact: true });
  assert.deepEqual(page(['std', '__atomic_base', 'load'], 'atomic'), { url: 'https://en.cppreference.com/w/cpp/atomic/atomic/load', exact: true });
  // Two pages of one name: the one of the declaring header.
  assert.equal(page(['std', 'move'], 'utility').url, 'https://en.cppreference.com/w/cpp/utility/move');
  assert.equal(page(['std', 'move'], 'algorithm').url, 'https://en.cppreference.com/w/cpp/algorithm/move');
  // The C library, documented under std::; a library namespace with a page of its own.
  assert.equal(page(['atoi'], 'cstdlib').url, 'https://en.cppreference.com/w/cpp/string/byte/atoi');
  assert.equal(page(['std', 'chrono'], 'chrono').url, 'https://en.cppreference.com/w/cpp/chrono');
  // As the code writes it, when the declaration's own name is not in the index.
  assert.equal(page(['std', '__cxx11', 'basic_string'], 'string', 'std::string').url, 'https://en.cppreference.com/w/cpp/string/basic_string');
});

test('a name the index does not have: its class\'s page, else its header\'s (C++20 names), else none', () => {
  assert.deepEqual(lookup(index, { qualified: ['std', 'vector', 'no_such_member'], header: 'vector' }), { url: 'https://en.cppreference.com/w/cpp/container/vector', exact: false });
  assert.deepEqual(lookup(index, { qualified: ['std', 'coroutine_handle'], header: 'coroutine' }), { url: 'https://en.cppreference.com/w/cpp/header/coroutine', exact: false });
  assert.equal(lookup(index, { qualified: ['not_standard_at_all'], header: null }), null);
});

test('the public header of a libstdc++ file (its @headername), of a C header, or none', () => {
  const texts = { '/usr/include/c++/12/bits/basic_string.h': ' *  Do not attempt to use it directly. @headername{string}' };
  const read = (f) => texts[f];
  assert.equal(publicHeader('/usr/include/c++/12/bits/basic_string.h', read), 'string');
  assert.equal(publicHeader('/usr/include/c++/12/coroutine', read), 'coroutine');
  assert.equal(publicHeader('/usr/include/stdlib.h', read), 'cstdlib');
  assert.equal(publicHeader('/usr/include/jsoncpp/json/value.h', read), null);
  // The real headers of this machine say it too.
  assert.equal(publicHeader('/usr/include/c++/12/bits/move.h'), 'utility');
  assert.deepEqual(normalise(['std', '__cxx11', 'basic_string', 'npos']), ['std', 'basic_string', 'npos']);
  assert.deepEqual(normalise(['std', '__n4861', 'suspend_never']), ['std', 'suspend_never']);
});

test('a missing index is named with the package that provides it', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cppref-'));
  try {
    assert.throws(() => loadIndex(path.join(dir, 'none.devhelp2')), /cppreference-doc-en-html/);
    fs.writeFileSync(path.join(dir, 'empty.devhelp2'), '<book></book>');
    assert.throws(() => loadIndex(path.join(dir, 'empty.devhelp2')), /no <keyword> entries/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
