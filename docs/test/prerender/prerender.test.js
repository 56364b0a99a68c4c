// docs/src/prerender: the built site has every page of every language as HTML at its clean URL, with
// its title, description, canonical link and hreflang alternates, the site's render-blocking styles and
// head script inline (the site's own files) with exactly their hashes added to the site's CSP, and no
// other inline script or style; every link and asset of a prerendered page resolves to a file of the site without
// JavaScript (anchors included); sitemap.xml lists every page in every language; 404.html and the
// root's <noscript> lead to each language. Data (titles, descriptions) is escaped.
// Covers: docs/src/prerender/prerender-site.js, docs/src/prerender/page-html.js,
//   docs/src/prerender/sitemap.js, docs/src/prerender/urls.js, docs/src/prerender/inline-head.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { buildSite } = require('../../src/build');
const { prerenderSite, truncate } = require('../../src/prerender/prerender-site');
const { pageDocument, rootDocument } = require('../../src/prerender/page-html');
const { cleanPath, pageFile, rootFrom } = require('../../src/prerender/urls');
const { buildAliases } = require('../../src/navigate/navigation');
const { inlineHead, hashSource } = require('../../src/prerender/inline-head');

let tmp;
let built;
let siteDir;
const template = fs.readFileSync(path.join(__dirname, '..', '..', 'site', 'index.html'), 'utf8');

test.before(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'drogon-prerender-'));
  siteDir = path.join(tmp, 'site');
  built = await buildSite({ siteDir, writeSources: false, quiet: true });
});
test.after(() => { if (tmp) fs.rmSync(tmp, { recursive: true, force: true }); });

const read = (rel) => fs.readFileSync(path.join(siteDir, rel), 'utf8');
const attr = (html, pattern) => (pattern.exec(html) || [])[1];
const unescape = (text) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
// The href and src attributes of the tags of a page. Only inside a tag: a code block's text (an HTML
// example such as <script src="/app.js">) keeps its quotes, but its < is escaped, so no tag starts there.
const linksOf = (html) => [...html.matchAll(/<[a-zA-Z](?:"[^"]*"|'[^']*'|[^'">])*>/g)]
  .flatMap(([tag]) => [...tag.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]));

test('every page in every language: title, description, canonical, hreflang alternates, language, CSP, base', () => {
  const { manifest } = built.generated;
  const siteCsp = unescape(attr(read('index.html'), /http-equiv="Content-Security-Policy" content="([^"]+)"/));
  // The head's render-blocking stylesheets and its script, inline: the site's own files, whose hashes
  // (and no other) the page's CSP adds to the site's.
  const inlineStyles = ['vendor/docsify/themes/core.min.css', 'site-bundle.css'].map(read);
  const inlineScripts = ['plugins/theme.js'].map(read);
  const csp = siteCsp.replace("style-src 'self'", `style-src 'self' ${inlineStyles.map(hashSource).join(' ')}`)
    .replace("script-src 'self'", `script-src 'self' ${inlineScripts.map(hashSource).join(' ')}`);
  assert.notEqual(csp, siteCsp);
  for (const page of manifest.pages) {
    for (const lang of manifest.languages) {
      const entry = page.entries[lang.code];
      const html = read(pageFile(entry.route));
      const where = `${lang.code} ${entry.route}`;
      assert.equal(unescape(attr(html, /<title>([^<]*)<\/title>/)), `${entry.title} · Drogon`, where);
      assert.equal(attr(html, /<html lang="([^"]+)">/), lang.htmlLang, where);
      const description = unescape(attr(html, /<meta name="description" content="([^"]*)">/));
      assert.ok(description.length > 20 && Array.from(description).length <= 160, `${where}: description "${description}"`);
      // Markup left over would show as <tags>, `code`, **emphasis** or ](links); a literal * (as in
      // the header name Access-Control-*) is text.
      assert.doesNotMatch(description, /[<>`]|\]\(|\*\*|(^|\s)\*\S[^*]*\*(\s|$)/, `${where}: markup in the description`);
      assert.equal(attr(html, /<link rel="canonical" href="([^"]+)">/), `${manifest.site.baseUrl}${cleanPath(entry.route)}`, where);
      const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]]);
      assert.deepEqual(alternates, [
        ...manifest.languages.map((l) => [l.htmlLang, `${manifest.site.baseUrl}${cleanPath(page.entries[l.code].route)}`]),
        ['x-default', `${manifest.site.baseUrl}${cleanPath(page.entries.en.route)}`],
      ], where);
      assert.equal(unescape(attr(html, /http-equiv="Content-Security-Policy" content="([^"]+)"/)), csp, `${where}: CSP`);
      assert.equal(attr(html, /<base href="([^"]+)">/), rootFrom(entry.route), where);
      assert.deepEqual([...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]), inlineScripts, `${where}: inline scripts`);
      assert.deepEqual([...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]), inlineStyles, `${where}: inline styles`);
      assert.doesNotMatch(html, /\sstyle=/, `${where}: style attribute`);
      assert.match(html, /<script src="plugins\/clean-url\.js"><\/script>\s*<script src="(?:navigation-map|vendor\/chart\.umd\.min)\.js">/, `${where}: clean-url.js runs first`);
      // The page itself is in the HTML: its title heading and its text.
      assert.match(html, new RegExp(`<h1 id="[^"]*">${entry.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/&/g, '&amp;').replace(/'/g, '(?:\'|&#39;)')}</h1>`), `${where}: title heading`);
    }
  }
});

test('the inline head: a stylesheet or script that would end its element early, or a policy without the directive, is an error', () => {
  const head = (csp) => `<html><head><meta http-equiv="Content-Security-Policy" content="${csp}"><link rel="stylesheet" href="a.css"><script src="t.js"></script></head><body></body></html>`;
  const files = { 'a.css': 'p{color:red}', 't.js': 'var x = 1;' };
  const out = inlineHead(head("default-src 'self'; script-src 'self'; style-src 'self'"), (rel) => files[rel]);
  assert.match(out, /<style>p\{color:red\}<\/style><script>var x = 1;<\/script><\/head>/);
  assert.equal(unescape(attr(out, /content="([^"]+)"/)), `default-src 'self'; script-src 'self' ${hashSource('var x = 1;')}; style-src 'self' ${hashSource('p{color:red}')}`);
  assert.throws(() => inlineHead(head("default-src 'self'; script-src 'self'; style-src 'self'"), (rel) => (rel === 'a.css' ? 'p::after{content:"</style>"}' : '')), /a\.css contains "<\/style"/);
  assert.throws(() => inlineHead(head("default-src 'self'; style-src 'self'"), (rel) => files[rel]), /has no script-src/);
  assert.throws(() => inlineHead('<html><head><link rel="stylesheet" href="a.css"></head></html>', (rel) => files[rel]), /no Content-Security-Policy/);
});

test('descriptions are the first paragraph after the title, cut at a word', () => {
  const html = read('ENG/Overview/index.html');
  const description = unescape(attr(html, /<meta name="description" content="([^"]*)">/));
  const body = read('ENG/Overview.md').split(/^# .*$/m)[1].trim().split(/\n\n/)[0].replace(/\s+/g, ' ');
  assert.ok(body.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, '').startsWith(description.replace(/…$/, '')), description);
  assert.equal(truncate('word '.repeat(50).trim(), 20), 'word word word word…');
  assert.equal(Array.from(truncate('字'.repeat(300))).length, 160);
  assert.equal(truncate('short'), 'short');
  const { describe } = require('../../src/prerender/prerender-site');
  const { createMarkdown } = require('../../src/prerender/markdown');
  const tokens = createMarkdown().parse('# Title\n\n```\ncode only\n```\n\n<!-- nav:footer (x) -->\n\n**Next**: [b](/ENG/b)\n<!-- /nav:footer -->\n', {});
  assert.equal(describe(tokens, 'Title'), 'Title', 'the footer is not a description');
});

test('without JavaScript every link and asset of every prerendered page resolves to a file of the site, anchors included', () => {
  const { manifest } = built.generated;
  // A tag's links are found (a > in a quoted value does not end the tag); a code block's text is not one.
  assert.deepEqual(linksOf('<a title="a>b" href="/x">x</a><pre><code>&lt;script src="/app.js"&gt;</code></pre><img src="i.svg">'), ['/x', 'i.svg']);
  const idsOf = new Map();
  const ids = (rel) => {
    if (!idsOf.has(rel)) idsOf.set(rel, new Set([...read(rel).matchAll(/\sid="([^"]+)"/g)].map((m) => unescape(m[1]))));
    return idsOf.get(rel);
  };
  let checked = 0;
  for (const page of manifest.pages) {
    for (const lang of manifest.languages) {
      const rel = pageFile(page.entries[lang.code].route);
      const html = read(rel);
      const pageUrl = new URL(cleanPath(page.entries[lang.code].route), 'http://site.test/');
      const base = new URL(attr(html, /<base href="([^"]+)">/), pageUrl);
      for (const raw of linksOf(html)) {
        const href = unescape(raw);
        if (/^(https?:|mailto:)/.test(href) && !href.startsWith(manifest.site.baseUrl)) continue;
        // Canonical and alternate links name the published site: the same path under this one.
        const url = href.startsWith(manifest.site.baseUrl) ? new URL(href.slice(manifest.site.baseUrl.length), 'http://site.test/') : new URL(href, base);
        assert.equal(url.origin, 'http://site.test', `${rel}: ${href} leaves the site`);
        assert.ok(!url.hash.startsWith('#/'), `${rel}: ${href} needs JavaScript (a docsify route)`);
        let target = decodeURIComponent(url.pathname).slice(1);
        if (target === '' || target.endsWith('/')) target += 'index.html';
        assert.ok(fs.existsSync(path.join(siteDir, target)), `${rel}: ${href} -> no file site/${target}`);
        if (url.hash && target.endsWith('.html')) {
          assert.ok(ids(target).has(decodeURIComponent(url.hash.slice(1))), `${rel}: ${href} -> no id ${decodeURIComponent(url.hash)} in ${target}`);
        }
        checked++;
      }
    }
  }
  assert.ok(checked > 3000, `only ${checked} links checked`);
});

test('sitemap.xml lists every page in every language once, each with its alternates', () => {
  const { manifest } = built.generated;
  const xml = read('sitemap.xml');
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const expected = manifest.languages.flatMap((l) => manifest.pages.map((p) => `${manifest.site.baseUrl}${cleanPath(p.entries[l.code].route)}`));
  assert.deepEqual([...locs].sort(), [...expected].sort());
  assert.equal(new Set(locs).size, locs.length);
  assert.equal([...xml.matchAll(/<xhtml:link rel="alternate" hreflang="/g)].length, locs.length * (manifest.languages.length + 1));
  assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/);
});

test('404.html works at any depth under the site\'s path; the root\'s <noscript> leads to each language', () => {
  const { manifest } = built.generated;
  const notFound = read('404.html');
  assert.equal(attr(notFound, /<base href="([^"]+)">/), new URL(manifest.site.baseUrl).pathname);
  assert.doesNotMatch(notFound, /<script/);
  const root = read('index.html');
  const noscript = /<body>[\s\S]*?<noscript>([\s\S]*?)<\/noscript>/.exec(root)[1];
  for (const lang of manifest.languages) {
    const href = cleanPath(manifest.pages[0].entries[lang.code].route);
    assert.ok(noscript.includes(`href="${href}"`), `root <noscript> lacks ${href}`);
    assert.ok(notFound.includes(`href="${href}"`), `404.html lacks ${href}`);
    assert.ok(fs.existsSync(path.join(siteDir, decodeURIComponent(href), 'index.html')));
  }
  assert.match(root, /<div id="app">Loading…<\/div>/, 'the root stays docsify\'s shell');
});

test('the base URL comes from the manifest: another site.baseUrl moves every canonical link and the sitemap', () => {
  const { manifest, ui } = built.generated;
  const moved = { ...manifest, site: { baseUrl: 'https://docs.example.org/drogon/' } };
  const files = new Map([...built.generated.files, ...built.generated.siteRoot]);
  const out = prerenderSite({ manifest: moved, ui, files, aliases: buildAliases(manifest), template });
  const page = manifest.pages[3].entries['zh-CN'];
  assert.equal(attr(out.get(pageFile(page.route)), /<link rel="canonical" href="([^"]+)">/), `https://docs.example.org/drogon/${cleanPath(page.route)}`);
  assert.ok([...out.get('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].every((m) => m[1].startsWith('https://docs.example.org/drogon/')));
  assert.equal(attr(out.get('404.html'), /<base href="([^"]+)">/), '/drogon/');
});

test('titles, descriptions and routes are escaped; a template without a needed element is a clear error', () => {
  const hostile = '"><script>alert(1)</script>&\'';
  const html = pageDocument(template, {
    route: '/ENG/x"><script>', htmlLang: 'en', title: hostile, description: hostile, canonical: `https://example.org/${hostile}`,
    alternates: [{ hreflang: 'en', href: `https://example.org/${hostile}` }], root: '../../', articleHtml: '<p>ok</p>', sidebarHtml: '', homeHref: hostile, menuLabel: hostile, navigationLabel: hostile,
  });
  assert.doesNotMatch(html, /<script>alert/);
  assert.match(html, /<title>&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;&amp;&#39; · Drogon<\/title>/);
  assert.match(html, /<meta name="description" content="&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;&amp;&#39;">/);
  assert.match(html, /<meta name="docsify-route" content="\/ENG\/x&quot;&gt;&lt;script&gt;">/);
  const chooser = rootDocument(template, { heading: hostile, choices: [{ htmlLang: 'en', name: hostile, title: hostile, href: hostile }] });
  assert.doesNotMatch(chooser, /<script>alert/);
  assert.throws(() => pageDocument(template.replace('<div id="app">Loading…</div>', ''), { route: '/ENG/x', htmlLang: 'en', title: 't', description: 'd', canonical: 'c', alternates: [], root: '../../', articleHtml: '', sidebarHtml: '', homeHref: '' }),
    /docs\/site\/index.html must contain <div id="app">...<\/div> exactly once \(found 0\)/);
});

test('a prerendered page preloads the site\'s scripts at low priority; one that runs a template\'s on-demand scripts in its first screen, only that template\'s libraries', () => {
  const { scriptsToPreload } = require('../../src/prerender/page-html');
  const html = template;
  const guide = scriptsToPreload(html, '<p>text</p>');
  assert.equal(guide[0].src, 'plugins/clean-url.js');
  assert.ok(guide.every((s) => s.low), 'a guide page preloads at low priority');
  const srcs = guide.map((s) => s.src);
  assert.ok(srcs.includes('vendor/docsify/docsify.min.js') && srcs.includes('plugins/on-demand-scripts.js'));
  assert.ok(!srcs.some((src) => /chart|benchmark/.test(src)), `a page without charts preloads ${srcs.join(', ')}`);
  assert.deepEqual(scriptsToPreload(html, '<figure class="bench-chart" id="x">'), [{ src: 'vendor/chart.umd.min.js', low: false }]);
  assert.deepEqual(scriptsToPreload(html, '<p class="not-bench-chart">'), guide);
});

test('a page that draws charts runs their scripts in its first screen, after the first chart\'s table, and the site\'s others once they are drawn, docsify last', () => {
  const { pageDocument } = require('../../src/prerender/page-html');
  const page = { route: '/ENG/x', htmlLang: 'en', title: 't', description: 'd', canonical: 'c', alternates: [], root: '../../', sidebarHtml: '', homeHref: '', menuLabel: 'Menu', navigationLabel: 'Pages' };
  const scriptsOf = (html) => [...html.matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1]);
  const guide = pageDocument(template, { ...page, articleHtml: '<p>text</p>' });
  const article = '<h1>B</h1>\n<figure class="bench-chart" id="x"></figure>\n<table><tr><td>1</td></tr></table>\n<p>more</p>\n<figure class="bench-chart" id="y"></figure>\n<table><tr><td>2</td></tr></table>';
  const charts = pageDocument(template, { ...page, articleHtml: article });
  const inTemplates = (html) => [...html.matchAll(/<template class="([\w-]+)"[^>]*>([\s\S]*?)<\/template>/g)].map((m) => [m[1], scriptsOf(m[2])]);
  const outside = (html) => scriptsOf(html.replace(/<template[\s\S]*?<\/template>/g, ''));
  // A guide page: as index.html, clean-url.js first; the charts only in the on-demand template.
  assert.deepEqual(outside(guide).slice(0, 3), ['plugins/theme.js', 'plugins/clean-url.js', 'navigation-map.js']);
  assert.ok(!outside(guide).some((src) => /chart/.test(src)));
  // The Benchmarks page: clean-url.js and the charts' scripts right after the first chart's table, in
  // the article; at the end, the loader; the site's scripts wait.
  assert.deepEqual(outside(charts), ['plugins/theme.js', 'plugins/clean-url.js', 'vendor/chart.umd.min.js', 'plugins/benchmark-charts.js', 'plugins/benchmark-own-run.js', 'plugins/deferred-site-scripts.js']);
  const inArticle = /<article id="main" class="markdown-section">([\s\S]*?)<\/article>/.exec(charts)[1];
  const first = inArticle.indexOf('<script');
  assert.ok(first > inArticle.indexOf('<td>1</td></tr></table>') && first < inArticle.indexOf('<p>more</p>'), inArticle);
  assert.deepEqual(scriptsOf(inArticle), ['plugins/clean-url.js', 'vendor/chart.umd.min.js', 'plugins/benchmark-charts.js', 'plugins/benchmark-own-run.js']);
  assert.deepEqual([...charts.matchAll(/<link rel="preload" href="([^"]+)" as="script"([^>]*)>/g)].map((m) => m[1] + m[2]), ['vendor/chart.umd.min.js'],
    'Chart.js preloaded, at the default priority, and nothing else');
  assert.ok(charts.indexOf('<link rel="preload"') < charts.indexOf('</head>'));
  const templates = Object.fromEntries(inTemplates(charts));
  const site = outside(guide).filter((src) => !['plugins/theme.js', 'plugins/clean-url.js'].includes(src));
  assert.deepEqual(templates['deferred-site-scripts'], [...site.filter((src) => !/docsify\.min/.test(src)), 'vendor/docsify/docsify.min.js']);
  assert.deepEqual(templates['on-demand-scripts'], ['vendor/chart.umd.min.js', 'plugins/benchmark-charts.js', 'plugins/benchmark-own-run.js'], 'the on-demand template stays, for the pages docsify shows next');
  // A chart needs the table after it (its labels): a page whose first chart has none is an error.
  assert.throws(() => pageDocument(template, { ...page, articleHtml: '<figure class="bench-chart" id="x"></figure>' }), /\/ENG\/x: no <table> after its first \.bench-chart element/);
});
