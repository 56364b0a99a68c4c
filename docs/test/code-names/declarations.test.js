// docs/src/code-names/declarations.js: where each declaration comes from, the header as a reader
// includes it, readable ids with overloads numbered, and what the reference and the links need.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { buildDeclarations, placeOf, withoutCheckout } = require('../../src/code-names/declarations');
const { loadIndex } = require('../../src/code-names/cppreference');

const root = '/repo';
const includeRoot = '/prefix/include/';
const inc = (rel) => `${includeRoot}${rel}`;

test('origin and file: Drogon and trantor by the installed header, the example by the repository, std, other', () => {
  const place = (file, qualified = ['x'], kind = 'function') => placeOf({ file, qualified, kind }, { root, includeRoot });
  assert.deepEqual(place(inc('drogon/HttpResponse.h')), { origin: 'drogon', file: 'drogon/HttpResponse.h' });
  assert.deepEqual(place(inc('trantor/net/EventLoop.h')), { origin: 'trantor', file: 'trantor/net/EventLoop.h' });
  assert.deepEqual(place('/repo/examples/guide/a/main.cc'), { origin: 'example', file: 'examples/guide/a/main.cc' });
  assert.deepEqual(place('/usr/include/c++/12/bits/basic_string.h', ['std', 'basic_string']), { origin: 'std', file: 'c++/12/bits/basic_string.h' });
  assert.deepEqual(place('/usr/include/jsoncpp/json/value.h', ['Json', 'Value']), { origin: 'other', file: 'jsoncpp/json/value.h' });
  assert.deepEqual(place('/anywhere', ['drogon'], 'namespace'), { origin: 'drogon', file: null });
  // What the guide's build generates in the checkout (.build/) is no file of the repository.
  assert.deepEqual(place('/repo/.build/guide-prefix/views/BookList.h', ['BookList'], 'class'), { origin: 'other', file: 'BookList.h' });
});

test('ids, overloads, members, comments, since and cppreference addresses', () => {
  const raw = new Map([
    ['k:class', { name: 'HttpResponse', kind: 'class', qualified: ['drogon', 'HttpResponse'], file: inc('drogon/HttpResponse.h'), line: 10, column: 7, signature: 'class HttpResponse', comment: 'A response.', members: ['k:set1', 'k:set2', 'k:private'] }],
    ['k:set2', { name: 'setBody', kind: 'method', qualified: ['drogon', 'HttpResponse', 'setBody'], file: inc('drogon/HttpResponse.h'), line: 30, column: 5, signature: 'void setBody(std::string &&body)', parent: 'k:class', access: 'public' }],
    ['k:set1', { name: 'setBody', kind: 'method', qualified: ['drogon', 'HttpResponse', 'setBody'], file: inc('drogon/HttpResponse.h'), line: 20, column: 5, signature: 'void setBody(const std::string &body)', parent: 'k:class', access: 'public', comment: 'Set the body.' }],
    ['k:string', { name: 'string', kind: 'type alias', qualified: ['std', '__cxx11', 'string'], file: '/usr/include/c++/12/bits/stringfwd.h', line: 79, column: 33, signature: 'typedef basic_string<char> string' }],
    ['k:local', { name: 'resp', kind: 'local', qualified: ['main', 'resp'], file: '/repo/examples/guide/a/main.cc', line: 12, column: 10, signature: 'auto resp' }],
    ['k:main', { name: 'main', kind: 'function', qualified: ['main'], file: '/repo/examples/guide/a/main.cc', line: 5, column: 5, signature: 'int main()' }],
  ]);
  const changelogs = { drogon: [{ version: '1.2.0', text: 'Add the setBody method.' }], trantor: [] };
  const { declarations, idOf } = buildDeclarations(raw, ['k:set2', 'k:string', 'k:local', 'k:main'], {
    root, includeRoot, cppIndex: loadIndex(), changelogs, written: new Map([['k:string', 'std::string']]),
  });
  // The used overload brings its class, and the class all its recorded members.
  assert.equal(idOf.get('k:set1'), 'drogon::HttpResponse::setBody');
  assert.equal(idOf.get('k:set2'), 'drogon::HttpResponse::setBody~2');
  assert.deepEqual(declarations['drogon::HttpResponse'].members, ['drogon::HttpResponse::setBody', 'drogon::HttpResponse::setBody~2']);
  assert.equal(declarations['drogon::HttpResponse::setBody'].parent, 'drogon::HttpResponse');
  assert.equal(declarations['drogon::HttpResponse::setBody'].comment, 'Set the body.');
  assert.deepEqual(declarations['drogon::HttpResponse::setBody'].since, { version: '1.2.0', changelog: 'Add the setBody method.' });
  assert.equal(declarations['drogon::HttpResponse'].file, 'drogon/HttpResponse.h');
  // std: cppreference by the name as written, the header a reader includes.
  assert.equal(declarations['std::string'].url, 'https://en.cppreference.com/w/cpp/string/basic_string');
  assert.equal(declarations['std::string'].header, 'string');
  // The example's own names by file and line; a local keeps only where it is.
  assert.deepEqual(declarations['examples/guide/a/main.cc:12:resp'], { name: 'resp', kind: 'local', origin: 'example', file: 'examples/guide/a/main.cc', line: 12 });
  assert.equal(declarations['examples/guide/a/main.cc:5:main'].signature, 'int main()');
  assert.equal(Object.keys(declarations).length, 6);
});

test('a signature names the repository\'s files relative to it, as in every checkout (clang writes a lambda\'s type with its absolute path)', () => {
  const root = path.join(__dirname, '..', '..', '..');
  const lambda = `count_if<>(It, It, (lambda at ${root}/examples/tutorial/04-users/src/AccountInput.cc:14:52))`;
  assert.equal(withoutCheckout(lambda, root), 'count_if<>(It, It, (lambda at examples/tutorial/04-users/src/AccountInput.cc:14:52))');
  assert.equal(withoutCheckout('f(int, (lambda at /elsewhere/a.cc:1:2))', root), 'f(int, (lambda at /elsewhere/a.cc:1:2))');
  assert.equal(withoutCheckout('g(int)', '/not/on/disk'), 'g(int)');
});
