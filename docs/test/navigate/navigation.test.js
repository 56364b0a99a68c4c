// docs/src/navigate/navigation.js: sidebars, "Other languages" headers and Previous/Next footers come from
// the manifest alone; page files split back into body and blocks; titles checked.
// Covers: docs/src/navigate/ui-strings.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadManifest } = require('../../src/navigate/manifest');
const { loadUiStrings } = require('../../src/navigate/ui-strings');
const nav = require('../../src/navigate/navigation');
const { collectLinks } = require('../../src/link-check/link-check');
const { lexMarkdown } = require('../../src/docsify/docsify-runtime');

const manifest = loadManifest();
const ui = loadUiStrings(manifest);
const linksOf = (markdown) => collectLinks(markdown).map((l) => ({ text: l.text, href: l.href }));

test('each sidebar lists every page of its language, numbered in manifest order, under its section', () => {
  for (const lang of manifest.languages) {
    const sidebar = nav.renderSidebar(manifest, lang.code);
    const links = linksOf(sidebar);
    // Link texts are Markdown source: a title's Markdown characters (drogon_ctl's _) come escaped.
    assert.deepEqual(links, manifest.pages.map((p, i) => ({ text: `${i + 1}. ${nav.escapeMarkdownText(p.entries[lang.code].title)}`, href: p.entries[lang.code].route })), lang.code);
    // Sections appear in manifest order, each followed by its own pages.
    const lines = sidebar.split('\n');
    for (const section of manifest.sections) {
      const at = lines.indexOf(`- ${nav.escapeMarkdownText(section.title[lang.code])}`);
      assert.ok(at >= 0, `${lang.code}: section ${section.id} missing`);
      const first = manifest.pages.find((p) => p.section === section.id);
      assert.ok(lines[at + 1].includes(`(${first.entries[lang.code].route})`), `${lang.code}: first page of ${section.id} not under it`);
    }
  }
});

test('the header links the same page in every other language, by the manifest language names', () => {
  for (const page of manifest.pages) {
    for (const lang of manifest.languages) {
      const header = nav.renderHeaderBlock(manifest, ui, page.id, lang.code);
      assert.ok(header.startsWith(nav.markers.header.open) && header.endsWith(nav.markers.header.close));
      const expected = manifest.languages.filter((l) => l.code !== lang.code).map((l) => ({ text: l.name, href: page.entries[l.code].route }));
      assert.deepEqual(linksOf(header), expected, `${page.id} ${lang.code}`);
      assert.ok(header.includes(ui[lang.code].otherLanguages));
    }
  }
});

test('the footer links Previous and Next in manifest order; the first page has no Previous, the last no Next', () => {
  const last = manifest.pages.length - 1;
  manifest.pages.forEach((page, i) => {
    for (const lang of manifest.languages) {
      const footer = nav.renderFooterBlock(manifest, ui, page.id, lang.code);
      const expected = [];
      const title = (p) => nav.escapeMarkdownText(p.entries[lang.code].title);
      if (i > 0) expected.push({ text: `${i}. ${title(manifest.pages[i - 1])}`, href: manifest.pages[i - 1].entries[lang.code].route });
      if (i < last) expected.push({ text: `${i + 2}. ${title(manifest.pages[i + 1])}`, href: manifest.pages[i + 1].entries[lang.code].route });
      assert.deepEqual(linksOf(footer), expected, `${page.id} ${lang.code}`);
      assert.equal(footer.includes(ui[lang.code].previous), i > 0);
      assert.equal(footer.includes(ui[lang.code].next), i < last);
    }
  });
});

test('a page splits back into the body it was assembled from, and re-assembly is stable', () => {
  const page = manifest.pages[1];
  const header = nav.renderHeaderBlock(manifest, ui, page.id, 'en');
  const footer = nav.renderFooterBlock(manifest, ui, page.id, 'en');
  const body = '# Quick start\n\nText with <!-- a comment --> and a [link](/ENG/Overview).\n\n## Step';
  const file = nav.assemblePage(header, body, footer);
  const split = nav.splitPage(file, 'ENG/Quick-Start.md');
  assert.equal(split.body, body);
  assert.equal(split.header, header);
  assert.equal(split.footer, footer);
  assert.equal(nav.assemblePage(split.header, split.body, split.footer), file);
  // A body without blocks (a freshly written page) is taken as is.
  assert.equal(nav.splitPage(`\n${body}\n\n`, 'x.md').body, body);
});

test('damaged navigation blocks are errors naming file and line', () => {
  const open = nav.markers.header.open;
  assert.throws(() => nav.splitPage(`${open}\nx\n\n# T\n`, 'ENG/A.md'), /ENG\/A\.md:1: "nav:header" block is not closed/);
  assert.throws(() => nav.splitPage(`# T\n\n${open}\nx\n<!-- /nav:header -->\n`, 'ENG/A.md'), /ENG\/A\.md:3: the nav:header block must be at the top/);
  assert.throws(() => nav.splitPage('# T\n<!-- /nav:footer -->\n', 'ENG/A.md'), /ENG\/A\.md:2: "nav:footer" closing marker without an opening marker/);
  const footer = nav.renderFooterBlock(manifest, ui, manifest.pages[0].id, 'en');
  assert.throws(() => nav.splitPage(`# T\n\n${footer}\n\nmore text\n`, 'ENG/A.md'), /the nav:footer block must be at the end/);
  assert.throws(() => nav.splitPage(`${open}\n<!-- /nav:header -->\n${open}\n<!-- /nav:header -->\n# T`, 'ENG/A.md'), /second "nav:header" block/);
});

test('checkTitle: the first heading must be an H1 equal to the manifest title', () => {
  assert.equal(nav.checkTitle('# Overview\n\ntext', 'Overview'), null);
  assert.match(nav.checkTitle('# Overveiw\n', 'Overview'), /differs from the manifest title "Overview"/);
  assert.match(nav.checkTitle('## Overview\n', 'Overview'), /first heading is level 2/);
  assert.match(nav.checkTitle('text only', 'Overview'), /no heading/);
  assert.equal(nav.checkTitle('# C\\+\\+ \\[draft\\]\n', 'C++ [draft]'), null);
});

test('titles with markdown or HTML syntax show as typed in generated links, never as markup', () => {
  const hostile = 'A [b](javascript:x) *c* <img src=x onerror=alert(1)> | d_e_ `f`';
  const escaped = `[${nav.escapeMarkdownText(hostile)}](/ENG/Overview)`;
  const tokens = lexMarkdown(escaped)[0].tokens;
  assert.equal(tokens.length, 1);
  assert.equal(tokens[0].type, 'link');
  assert.equal(tokens[0].href, '/ENG/Overview');
  assert.deepEqual(Array.from(tokens[0].tokens, (t) => t.type).filter((t) => t !== 'text' && t !== 'escape'), []);
  const plain = tokens[0].tokens.map((t) => t.text).join('');
  assert.equal(plain.replace(/\\(.)/g, '$1'), hostile);
});

test('the navigation map lists every page x language route, aliases and heading ids', () => {
  const bodies = Object.fromEntries(manifest.pages.map((p) => [p.id, Object.fromEntries(manifest.languages.map((l) => [l.code, `# ${p.entries[l.code].title}\n\n## Part\n`]))]));
  const map = nav.buildNavigationMap(manifest, ui, bodies);
  assert.equal(map.pages.length, manifest.pages.length);
  for (const page of map.pages) {
    for (const lang of manifest.languages) {
      assert.equal(page.languages[lang.code].route, manifest.pages.find((p) => p.id === page.id).entries[lang.code].route);
      assert.equal(page.languages[lang.code].headings[1].id, 'part');
    }
  }
  assert.equal(map.aliases['/ENG/'], manifest.pages[0].entries.en.route);
  assert.equal(map.ui['zh-TW'].next, ui['zh-TW'].next);
});
