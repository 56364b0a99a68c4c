// shared/src/code-links.js: links put into Prism's highlighted HTML without changing the code's text
// or Prism's markup elsewhere; a link whose name is not where the data says is not made.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const Prism = require('prismjs');
require('prismjs/components/')(['cpp']);
const { blockKey, htmlText, linkHighlighted, linkBlock, linkPage } = require('../src/code-links');

const code = 'auto resp = drogon::HttpResponse::newHttpResponse();\nif (a < b && c) std::string s = "x <y> & z";';
const html = Prism.highlight(code, Prism.languages.cpp, 'cpp');
const at = (name, from = 0) => code.indexOf(name, from);

test('htmlText gives the code back from Prism\'s markup; blockKey ignores a final line break only', () => {
  assert.equal(htmlText(html), code);
  assert.equal(blockKey(code), blockKey(`${code}\n`));
  assert.notEqual(blockKey(code), blockKey(`${code} `));
  assert.match(blockKey(code), /^[0-9a-f]{8}-\d+$/);
  assert.equal(htmlText('a &lt;b&gt; &amp;&#39;&#x41;&nbsp;'), 'a <b> &\'A\u00a0');
});

test('links wrap exactly their names; the text and the rest of the markup stay as they were', () => {
  const links = [[at('drogon'), 6, 0], [at('HttpResponse'), 12, 1], [at('newHttpResponse'), 15, 2], [at('string'), 6, 3]];
  const names = ['drogon', 'HttpResponse', 'newHttpResponse', 'string'];
  const r = linkHighlighted(html, links, names, (t, name) => `<a href="#${t}" data-name="${name}">`);
  assert.equal(r.linked, 4);
  assert.equal(r.skipped, 0);
  assert.equal(htmlText(r.html), code, 'the code reads the same');
  for (const [i, name] of names.entries()) assert.ok(r.html.includes(`<a href="#${i}" data-name="${name}">${name}</a>`), name);
  // Without links, the markup is byte for byte Prism's.
  assert.equal(linkHighlighted(html, [], [], () => '<a>').html, html);
  // The string literal's entities are kept as Prism wrote them.
  assert.ok(r.html.includes('&lt;y>'));
});

test('a link is refused where the text is not its name, where it would cross a tag, or when the anchor says none', () => {
  const r = linkHighlighted(html, [
    [at('resp'), 4, 0], // plain text: fine
    [at('drogon') + 1, 6, 1], // off by one: "rogon:" is not "drogon"
    [at('drogon'), 8, 2], // runs into the "::" span
    [at('string'), 6, 3], // the anchor gives none
  ], ['resp', 'drogon', 'drogon::', 'string'], (t) => (t === 3 ? null : `<a data-t="${t}">`));
  assert.equal(r.linked, 1);
  assert.equal(r.skipped, 3);
  assert.ok(r.html.includes('<a data-t="0">resp</a>'));
  assert.equal(htmlText(r.html), code);
});

test('linkBlock finds the block by its key; data for other text links nothing', () => {
  const data = { blocks: { [blockKey(code)]: [[at('drogon'), 6, 0]] }, targets: [{ n: 'drogon', r: '/ENG/API-Reference', i: 'namespace-drogon' }] };
  const hrefOf = (t) => ({ href: `#${t.r}?id=${t.i}` });
  const r = linkBlock(html, data, hrefOf);
  assert.equal(r.linked, 1);
  assert.ok(r.html.includes('<a class="code-link" href="#/ENG/API-Reference?id=namespace-drogon" data-code-link="0">drogon</a>'));
  const other = Prism.highlight(`${code}\n// changed`, Prism.languages.cpp, 'cpp');
  assert.equal(linkBlock(other, data, hrefOf).html, other);
  // An external target opens in a new tab, like the site's other external links; hrefs are escaped.
  const external = linkBlock(html, { ...data, targets: [{ n: 'drogon', u: 'https://x.test/a?b=1&c="2"' }] }, (t) => ({ href: t.u, external: true }));
  assert.ok(external.html.includes('href="https://x.test/a?b=1&amp;c=&quot;2&quot;" data-code-link="0" target="_blank" rel="noopener">drogon</a>'));
});

test('linkPage links every C++ block of a page as docsify and the prerender write it', () => {
  const page = `<p>x</p><pre data-lang="cpp" class="language-cpp"><code class="lang-cpp language-cpp" tabindex="0">${html}</code></pre><pre data-lang="sh"><code>${html}</code></pre>`;
  const data = { blocks: { [blockKey(code)]: [[at('string'), 6, 0]] }, targets: [{ n: 'string', u: 'https://en.cppreference.com/w/cpp/string/basic_string' }] };
  const r = linkPage(page, data, (t) => ({ href: t.u, external: true }));
  assert.equal(r.linked, 1, 'only the cpp block');
  assert.equal((r.html.match(/class="code-link"/g) || []).length, 1);
});

test('linkPage links a diff of C++ (a tutorial step\'s change) through Prism\'s diff markup', () => {
  require('prismjs/components/prism-diff');
  const diff = '@@ -1,1 +1,1 @@\n-int f();\n+std::string f();';
  const highlighted = Prism.highlight(diff, Prism.languages.diff, 'diff');
  const page = `<pre data-lang="diff" class="language-diff"><code class="lang-diff language-diff">${highlighted}</code></pre>`;
  const data = { blocks: { [blockKey(diff)]: [[diff.indexOf('string'), 6, 0]] }, targets: [{ n: 'string', u: 'https://en.cppreference.com/w/cpp/string/basic_string' }] };
  const r = linkPage(page, data, (t) => ({ href: t.u, external: true }));
  assert.equal(r.linked, 1);
  assert.match(r.html, /\+<\/span>(?:<[^>]*>)*std::<a class="code-link" href="https:\/\/en\.cppreference\.com\/w\/cpp\/string\/basic_string"[^>]*>string<\/a> f\(\);/);
  assert.equal(htmlText(r.html.replace(/^<pre[^>]*><code[^>]*>|<\/code><\/pre>$/g, '')), diff);
});
