// docs/src/navigate/manifest.js: loading the real manifest, deriving zh-TW through the converter, and clear
// errors that name the field for every kind of bad input.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { loadManifest, validateManifest, pagesForLanguage, routeFor, languageByDir, DEFAULT_BASE_URL } = require('../../src/navigate/manifest');
const { convertText } = require('../../src/convert/zh-tw');

const manifestPath = path.join(__dirname, '..', '..', 'manifest.json');
const rawManifest = () => JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

test('the real manifest loads; zh-TW names and titles are the conversion of zh-CN', () => {
  const manifest = loadManifest();
  assert.deepEqual(manifest.languages.map((l) => l.dir), ['ENG', 'CHN', 'JB_TW']);
  const raw = rawManifest();
  for (const page of manifest.pages) {
    const source = raw.pages.find((p) => p.id === page.id)['zh-CN'];
    assert.equal(page.entries['zh-TW'].file, convertText(source.file));
    assert.equal(page.entries['zh-TW'].title, convertText(source.title));
    assert.equal(page.entries['zh-TW'].route, `/JB_TW/${convertText(source.file)}`);
    assert.equal(page.entries.en.relPath, `ENG/${page.entries.en.file}.md`);
  }
  for (const section of manifest.sections) assert.equal(section.title['zh-TW'], convertText(section.title['zh-CN']));
  // A section's place among search results of one tier: 0 unless the manifest says otherwise.
  for (const section of manifest.sections) assert.equal(section.searchOrder, raw.sections.find((s) => s.id === section.id).searchOrder || 0);
});

test('pages come in manifest order, numbered 1..n; helpers give routes /<DIR>/<file>', () => {
  const manifest = loadManifest();
  const orders = manifest.pages.map((p) => p.order);
  assert.deepEqual(orders, [...orders].sort((a, b) => a - b));
  assert.deepEqual(manifest.pages.map((p) => p.number), manifest.pages.map((_, i) => i + 1));
  const en = pagesForLanguage(manifest, 'en');
  assert.equal(en[0].route, `/ENG/${en[0].file}`);
  assert.equal(routeFor(manifest, manifest.pages[0].id, 'zh-CN'), `/CHN/${manifest.pages[0].entries['zh-CN'].file}`);
  assert.equal(languageByDir(manifest, 'JB_TW').htmlLang, 'zh-TW');
  assert.throws(() => routeFor(manifest, 'no-such-page', 'en'), /unknown page id "no-such-page"/);
});

// Each case: a mutation of the real manifest and the error it must give (field named).
const badCases = [
  ['missing title', (m) => { delete m.pages[1].en.title; }, /pages\[1\]\.en\.title: expected a non-empty string/],
  ['empty zh-CN file', (m) => { m.pages[0]['zh-CN'].file = ''; }, /pages\[0\]\.zh-CN\.file: expected a non-empty string/],
  ['missing language entry', (m) => { delete m.pages[2]['zh-CN']; }, /pages\[2\]\.zh-CN: missing/],
  ['typed zh-TW entry', (m) => { m.pages[0]['zh-TW'] = { file: 'x', title: 'x' }; }, /pages\[0\]\.zh-TW: zh-TW is derived from zh-CN by conversion; remove it/],
  ['duplicate id', (m) => { m.pages[1].id = m.pages[0].id; }, /pages\[1\]\.id: duplicate "home"/],
  ['duplicate order', (m) => { m.pages[1].order = m.pages[0].order; }, /pages\[1\]\.order: duplicate/],
  ['non-integer order', (m) => { m.pages[0].order = '1'; }, /pages\[0\]\.order: expected a non-negative integer, got "1"/],
  ['unknown section', (m) => { m.pages[0].section = 'nowhere'; }, /pages\[0\]\.section: unknown section "nowhere"/],
  ['file name with a space', (m) => { m.pages[0].en.file = 'Quick Start'; }, /pages\[0\]\.en\.file: file name "Quick Start" contains a character not allowed/],
  ['file name with .md', (m) => { m.pages[0].en.file = 'Overview.md'; }, /pages\[0\]\.en\.file: .*without the \.md extension/],
  ['file name with a slash', (m) => { m.pages[0].en.file = '../Overview'; }, /pages\[0\]\.en\.file: .*not allowed in a route/],
  ['reserved _ file name', (m) => { m.pages[0].en.file = '_sidebar'; }, /pages\[0\]\.en\.file: .*must not start with/],
  ['duplicate file in a language', (m) => { m.pages[1].en.file = m.pages[0].en.file; }, /pages\[\d\]\.en\.file: duplicate/],
  ['unknown page field', (m) => { m.pages[0].titel = 'x'; }, /pages\[0\]\.titel: unknown field/],
  ['unknown generator', (m) => { m.pages[0].generatedBy = 'magic'; }, /pages\[0\]\.generatedBy: unknown generator "magic"/],
  ['duplicate language dir', (m) => { m.languages[1].dir = 'ENG'; }, /languages\[1\]\.dir: duplicate dir "ENG"/],
  ['bad htmlLang', (m) => { m.languages[0].htmlLang = 'english please'; }, /languages\[0\]\.htmlLang: .*not a BCP 47/],
  ['derivation without converter', (m) => { m.languages[2].derivedFrom = 'en'; }, /languages\[2\]\.derivedFrom: no converter derives zh-TW from "en"/],
  ['repository URL not https', (m) => { m.repository.url = 'http://example.org/r'; }, /repository\.url: "http:\/\/example\.org\/r" must be an https:\/\/ URL/],
  ['repository URL with a trailing slash', (m) => { m.repository.url = 'https://example.org/r/'; }, /repository\.url: .*without a trailing slash/],
  ['repository branch with a space', (m) => { m.repository.branch = 'my branch'; }, /repository\.branch: "my branch" is not a plain branch name/],
  ['repository unknown field', (m) => { m.repository.owner = 'x'; }, /repository\.owner: unknown field/],
  ['section title missing', (m) => { delete m.sections[0].title.en; }, /sections\[0\]\.title\.en: missing/],
  ['sections out of order', (m) => { m.pages.find((p) => p.section === 'project').order = 5; }, /section "project", which comes before|comes before section/],
  ['section without pages', (m) => { m.sections.push({ id: 'empty', title: { en: 'E', 'zh-CN': 'E' } }); }, /sections\[\d+\]: section "empty" has no pages/],
  ['section search order not an integer', (m) => { m.sections[0].searchOrder = 'last'; }, /sections\[0\]\.searchOrder: expected a non-negative integer, got "last"/],
  ['section search order negative', (m) => { m.sections[0].searchOrder = -1; }, /sections\[0\]\.searchOrder: expected a non-negative integer/],
  ['pages not an array', (m) => { m.pages = {}; }, /pages: expected a non-empty array, got object/],
  ['title on two lines', (m) => { m.pages[0].en.title = 'a\nb'; }, /pages\[0\]\.en\.title: must be one line/],
  ['site base URL not absolute', (m) => { m.site.baseUrl = '/drogon-docs/'; }, /site\.baseUrl: "\/drogon-docs\/" is not an absolute URL/],
  ['site base URL without its folder slash', (m) => { m.site.baseUrl = 'https://example.org/docs'; }, /site\.baseUrl: .*must end with "\/"/],
  ['site base URL with a query', (m) => { m.site.baseUrl = 'https://example.org/?x=1'; }, /site\.baseUrl: .*no query, fragment or credentials/],
  ['site base URL not http(s)', (m) => { m.site.baseUrl = 'ftp://example.org/'; }, /site\.baseUrl: .*must start with https:\/\/ or http:\/\//],
  ['site base URL not normalized', (m) => { m.site.baseUrl = 'https://Example.org/a/../docs/'; }, /site\.baseUrl: .*not in normal form; write "https:\/\/example\.org\/docs\/"/],
  ['unknown site field', (m) => { m.site.url = 'https://example.org/'; }, /site\.url: unknown field/],
];

test('site.baseUrl: the published address, from the manifest (a default when the manifest has none)', () => {
  assert.equal(loadManifest().site.baseUrl, rawManifest().site.baseUrl);
  const raw = rawManifest();
  raw.site.baseUrl = 'https://docs.example.org/drogon/';
  assert.equal(validateManifest(raw).site.baseUrl, 'https://docs.example.org/drogon/');
  delete raw.site;
  assert.equal(validateManifest(raw).site.baseUrl, DEFAULT_BASE_URL);
});

for (const [name, mutate, expected] of badCases) {
  test(`manifest error names the field: ${name}`, () => {
    const raw = rawManifest();
    mutate(raw);
    assert.throws(() => validateManifest(raw, { source: 'manifest.json' }), (err) => {
      assert.equal(err.name, 'ManifestError');
      assert.match(err.message, /^manifest\.json: /);
      assert.match(err.message, expected);
      return true;
    });
  });
}

test('a manifest file that is not JSON gives an error naming the file', (t) => {
  const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'manifest-test-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'manifest.json');
  fs.writeFileSync(file, '{ "languages": [');
  assert.throws(() => loadManifest({ manifestPath: file }), /manifest\.json: \(file\): invalid JSON/);
});
