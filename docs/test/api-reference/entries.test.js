// docs/src/api-reference/entries.js: the reference's entries from the record: what the guide's code
// uses, grouped (overloads together, a class with all its public members, an enum with its values),
// each on the page its header belongs to, with anchors the links in the code point at.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { referenceEntries, loadPagesConfig, slug } = require('../../src/api-reference/entries');
const { loadManifest } = require('../../src/navigate/manifest');

const repoRoot = path.join(__dirname, '..', '..', '..');
const config = { index: 'api-reference', pages: [{ id: 'api-http', patterns: [/^drogon\/Http.*$/] }, { id: 'api-other', patterns: [/.*/] }] };

const decl = (qualified, kind, file, line, extra = {}) => ({ name: qualified.split('::').pop(), qualified, kind, origin: file.startsWith('trantor') ? 'trantor' : 'drogon', file, line, signature: `${kind} ${qualified}`, ...extra });
const record = {
  files: { 'examples/guide/a/main.cc': {
    3: ['h', [0, 'drogon'], [8, 'drogon::HttpResponse::setBody~2'], [20, 'drogon::k200OK'], [30, 'drogon::app'], [40, 'METHOD_ADD'], [50, 'std::string'], [60, 'drogon::HttpResponse::Inner::deep']],
  } },
  unresolved: [],
  declarations: {
    drogon: { name: 'drogon', qualified: 'drogon', kind: 'namespace', origin: 'drogon' },
    'drogon::HttpResponse': decl('drogon::HttpResponse', 'class', 'drogon/HttpResponse.h', 10, { members: ['drogon::HttpResponse::setBody', 'drogon::HttpResponse::setBody~2', 'drogon::HttpResponse::body', 'drogon::HttpResponse::Inner'] }),
    'drogon::HttpResponse::setBody': decl('drogon::HttpResponse::setBody', 'method', 'drogon/HttpResponse.h', 20, { parent: 'drogon::HttpResponse' }),
    'drogon::HttpResponse::setBody~2': decl('drogon::HttpResponse::setBody', 'method', 'drogon/HttpResponse.h', 21, { parent: 'drogon::HttpResponse' }),
    'drogon::HttpResponse::body': decl('drogon::HttpResponse::body', 'method', 'drogon/HttpResponse.h', 22, { parent: 'drogon::HttpResponse' }),
    'drogon::HttpResponse::Inner': decl('drogon::HttpResponse::Inner', 'class', 'drogon/HttpResponse.h', 23, { parent: 'drogon::HttpResponse' }),
    'drogon::HttpResponse::Inner::deep': decl('drogon::HttpResponse::Inner::deep', 'method', 'drogon/HttpResponse.h', 24, { parent: 'drogon::HttpResponse::Inner' }),
    'drogon::HttpStatusCode': decl('drogon::HttpStatusCode', 'enum', 'drogon/HttpTypes.h', 5, { members: ['drogon::k200OK'] }),
    'drogon::k200OK': decl('drogon::HttpStatusCode::k200OK', 'enumerator', 'drogon/HttpTypes.h', 6, { parent: 'drogon::HttpStatusCode' }),
    'drogon::app': decl('drogon::app', 'function', 'drogon/HttpAppFramework.h', 30),
    'drogon::app~2': decl('drogon::app', 'function', 'drogon/HttpAppFramework.h', 31),
    METHOD_ADD: { ...decl('METHOD_ADD', 'macro', 'drogon/HttpController.h', 2), qualified: 'METHOD_ADD' },
    'std::string': { name: 'string', qualified: 'std::string', kind: 'type alias', origin: 'std', url: 'https://en.cppreference.com/w/cpp/string/basic_string' },
  },
};

test('entries: classes with all their public members, enums with values, overloads together, macros; no std', () => {
  const { entries, anchorOf, namespaces, indexPage } = referenceEntries(record, config);
  assert.deepEqual(entries.map((e) => [e.qualified, e.kind, e.page, e.anchor]), [
    ['drogon::app', 'function', 'api-http', 'drogon-app'],
    ['METHOD_ADD', 'macro', 'api-http', 'method-add'],
    ['drogon::HttpResponse', 'class', 'api-http', 'drogon-httpresponse'],
    ['drogon::HttpStatusCode', 'enum', 'api-http', 'drogon-httpstatuscode'],
  ]);
  const app = entries[0];
  assert.deepEqual(app.decls, ['drogon::app', 'drogon::app~2'], 'every overload, used or not');
  const response = entries[2];
  assert.deepEqual(response.members.map((m) => [m.name, m.decls.length, m.anchor]), [
    ['setBody', 2, 'drogon-httpresponse-setbody'], ['body', 1, 'drogon-httpresponse-body'], ['Inner', 1, 'drogon-httpresponse-inner']]);
  // Where each used declaration is described: a member at its own anchor, an enum value at its enum,
  // a member of a nested class at its outermost class.
  assert.deepEqual(anchorOf.get('drogon::HttpResponse::setBody~2'), { page: 'api-http', anchor: 'drogon-httpresponse-setbody' });
  assert.deepEqual(anchorOf.get('drogon::k200OK'), { page: 'api-http', anchor: 'drogon-httpstatuscode' });
  assert.deepEqual(anchorOf.get('drogon::HttpResponse::Inner::deep'), { page: 'api-http', anchor: 'drogon-httpresponse' });
  assert.equal(anchorOf.get('std::string'), undefined);
  assert.deepEqual([...namespaces], [['drogon', 'namespace-drogon']]);
  assert.equal(indexPage, 'api-reference');
  assert.equal(slug('operator=='), 'operator');
});

test('the repository\'s pages.json places every reference page of the manifest, and only those', () => {
  const manifest = loadManifest();
  const loaded = loadPagesConfig(repoRoot, manifest);
  const referencePages = manifest.pages.filter((p) => p.generatedBy === 'api-reference').map((p) => p.id);
  assert.deepEqual([loaded.index, ...loaded.pages.map((p) => p.id)].sort(), referencePages.sort());
  // Every header of Drogon or trantor finds a page (the last patterns take the rest).
  for (const header of ['drogon/HttpAppFramework.h', 'drogon/orm/DbClient.h', 'drogon/utils/Utilities.h', 'drogon/SomethingNew.h', 'trantor/net/EventLoop.h']) {
    assert.ok(loaded.pages.some((p) => p.patterns.some((re) => re.test(header))), header);
  }
  assert.throws(() => loadPagesConfig(repoRoot, { ...manifest, pages: manifest.pages.filter((p) => p.id !== 'api-redis') }), /pages\[\d+\]\.id: expected the id of a reference page/);
});
