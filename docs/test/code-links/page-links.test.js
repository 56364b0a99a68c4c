// docs/src/code-links/page-links.js: where each name of a page's code links, in the page's language:
// a Drogon name to its reference entry, a standard name to cppreference, the example's own name to
// its line in the repository; a local variable, another library's name and an unresolved name stay
// text; every link on this site becomes a link the checker follows.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pageCodeLinks, linkDataPath, linkCheckFiles } = require('../../src/code-links/page-links');
const { loadGuideConfig, expandBody } = require('../../src/guide/code-blocks');
const { lineHash } = require('../../src/code-names/record-file');
const { blockKey } = require('../../../shared/src/code-links');

const repoRoot = path.join(__dirname, '..', '..', '..');
const file = 'examples/guide/a/main.cc';
const line = 'auto r = drogon::app().getLoop(); std::string s; Json::Value v;';

test('targets per language; locals, other libraries and unresolved names stay text', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'links-'));
  try {
    fs.mkdirSync(path.join(root, 'examples/guide/a'), { recursive: true });
    fs.writeFileSync(path.join(root, file), `${line}\n`);
    const body = expandBody(`# P\n\n<!-- guide:code ${file} -->\n`, { root, config: loadGuideConfig(repoRoot), where: 'ENG/P.md' });
    const at = (name) => line.indexOf(name);
    const record = {
      files: { [file]: { 1: [lineHash(line), [at('r ='), `${file}:1:r`], [at('drogon'), 'drogon'], [at('app'), 'drogon::app'], [at('getLoop'), 'drogon::HttpAppFramework::getLoop'],
        [at('string'), 'std::string'], [at('Json'), 'Json'], [at('Value'), 'Json::Value']] } },
      unresolved: [],
      declarations: {
        [`${file}:1:r`]: { name: 'r', kind: 'local', origin: 'example', file, line: 1 },
        drogon: { name: 'drogon', qualified: 'drogon', kind: 'namespace', origin: 'drogon' },
        'drogon::app': { name: 'app', qualified: 'drogon::app', kind: 'function', origin: 'drogon', file: 'drogon/HttpAppFramework.h', line: 9, signature: 'HttpAppFramework &app()' },
        'drogon::HttpAppFramework::getLoop': { name: 'getLoop', qualified: 'drogon::HttpAppFramework::getLoop', kind: 'method', origin: 'drogon', file: 'drogon/HttpAppFramework.h', line: 99, signature: 'trantor::EventLoop *getLoop() const' },
        'std::string': { name: 'string', qualified: 'std::string', kind: 'type alias', origin: 'std', header: 'string', url: 'https://en.cppreference.com/w/cpp/string/basic_string', signature: 'typedef basic_string<char> string' },
        Json: { name: 'Json', qualified: 'Json', kind: 'namespace', origin: 'other' },
        'Json::Value': { name: 'Value', qualified: 'Json::Value', kind: 'class', origin: 'other', file: 'jsoncpp/json/value.h' },
      },
    };
    const reference = {
      indexPage: 'api-reference',
      namespaces: new Map([['drogon', 'namespace-drogon']]),
      anchorOf: new Map([['drogon::app', { page: 'api-app', anchor: 'drogon-app' }], ['drogon::HttpAppFramework::getLoop', { page: 'api-app', anchor: 'drogon-httpappframework-getloop' }]]),
    };
    const entries = (en, zh) => ({ en: { route: `/ENG/${en}`, relPath: `ENG/${en}.md` }, 'zh-CN': { route: `/CHN/${zh}`, relPath: `CHN/${zh}.md` } });
    const manifest = {
      languages: [{ code: 'en' }, { code: 'zh-CN' }],
      repository: { url: 'https://github.com/o/r', branch: 'main' },
      pages: [{ id: 'p', entries: entries('P', '页') }, { id: 'api-reference', entries: entries('API', '参考') }, { id: 'api-app', entries: entries('API-App', '应用') }],
    };
    const files = new Map([['ENG/P.md', body], ['CHN/页.md', body], ['ENG/API.md', '# API\n'], ['CHN/参考.md', '# x\n']]);
    const { pages, summary } = pageCodeLinks({ manifest, files, codeNames: { record, reference }, root });
    assert.deepEqual([...pages.keys()], ['ENG/P.md', 'CHN/页.md'], 'only pages with C++ blocks');
    const en = pages.get('ENG/P.md');
    const links = en.blocks[blockKey(line)];
    assert.deepEqual(links.map(([s, l, t]) => [line.slice(s, s + l), en.targets[t].r || en.targets[t].u, en.targets[t].i || null]), [
      ['drogon', '/ENG/API', 'namespace-drogon'],
      ['app', '/ENG/API-App', 'drogon-app'],
      ['getLoop', '/ENG/API-App', 'drogon-httpappframework-getloop'],
      ['string', 'https://en.cppreference.com/w/cpp/string/basic_string', null],
    ]);
    assert.equal(en.targets.find((t) => t.n === 'app').s, 'HttpAppFramework &app()');
    assert.equal(en.targets.find((t) => t.n === 'string').w, '<string>');
    const zh = pages.get('CHN/页.md');
    assert.deepEqual(zh.targets.filter((t) => t.r).map((t) => t.r), ['/CHN/参考', '/CHN/应用', '/CHN/应用'], 'the reference in the page\'s language');
    assert.deepEqual(summary, { linked: 4, byOrigin: { drogon: 3, std: 1 }, stale: 0, unresolved: 0, pages: 1 });
    assert.equal(linkDataPath('/CHN/页'), 'code-links/CHN/页.json');
    const checked = linkCheckFiles(pages);
    assert.equal(checked.get('code-links/ENG/P.json'), '[drogon](/ENG/API?id=namespace-drogon)\n\n[app](/ENG/API-App?id=drogon-app)\n\n[getLoop](/ENG/API-App?id=drogon-httpappframework-getloop)\n');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('an example\'s own function links to its line in the repository', () => {
  const { targetOf } = require('../../src/code-links/page-links');
  const to = targetOf({ name: 'main', kind: 'function', origin: 'example', file: 'examples/guide/a/main.cc', line: 5 }, 'x', { code: 'en', manifest: {}, codeNames: {}, repository: { url: 'https://github.com/o/r', branch: 'main' } });
  assert.deepEqual(to, { u: 'https://github.com/o/r/blob/main/examples/guide/a/main.cc#L5' });
  assert.equal(targetOf({ name: 'x', kind: 'parameter', origin: 'example', file: 'a', line: 1 }, 'x', { codeNames: {} }), null);
});
