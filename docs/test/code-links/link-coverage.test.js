// How many of the names in the guide's code are links, measured on what a reader without JavaScript
// gets: the prerendered HTML of the guide's pages, the tutorial's included (its C++ blocks and its
// diffs of C++ files), built into a temp folder. Printed, and held to
// issue 35's bar: at least 90 % of the Drogon and trantor names, at least 80 % of the std:: names; the
// Chinese guide carries the same links (to its own reference pages).
// - Drogon and trantor names: every identifier of a C++ block that clang resolved to a declaration of
//   Drogon or trantor (namespaces drogon and trantor included), plus every identifier it could not
//   resolve whose text is the name of such a declaration (counted as not linked).
// - std:: names: every `std::name` of a block outside comments and string literals, by its text;
//   linked when `name` is.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { buildSite } = require('../../src/build');
const { blockNames, sourceReader } = require('../../src/code-names/shown-names');
const { loadGuideConfig } = require('../../src/guide/code-blocks');
const { blockKey, htmlText } = require('../../../shared/src/code-links');
const { pageFile } = require('../../src/prerender/urls');

const repoRoot = path.join(__dirname, '..', '..', '..');
const LIBRARIES = new Set(['drogon', 'trantor']);
let siteDir;
let generated;

test.before(async () => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'link-coverage-'));
  ({ generated } = await buildSite({ siteDir, writeSources: false, quiet: true }));
});
test.after(() => fs.rmSync(siteDir, { recursive: true, force: true }));

// The C++ blocks of a prerendered page: [{ text, linkAt: Map<start, href>, quiet: boolean[] (comment or string) }].
function htmlBlocks(html) {
  const blocks = [];
  for (const m of html.matchAll(/<pre data-lang="(cpp|diff)"[^>]*><code[^>]*>([\s\S]*?)<\/code><\/pre>/g)) {
    const inner = m[2];
    const text = htmlText(inner);
    const linkAt = new Map();
    const quiet = [];
    const stack = [];
    let offset = 0;
    for (const piece of inner.match(/<[^>]*>|[^<]+/g) || []) {
      if (piece.startsWith('</')) stack.pop();
      else if (piece.startsWith('<')) {
        const href = /^<a class="code-link" href="([^"]*)"/.exec(piece);
        stack.push(href ? { href: href[1] } : { quiet: /class="token (?:comment|string)/.test(piece) });
        if (href) linkAt.set(offset, href[1]);
      } else {
        const length = htmlText(piece).length;
        const isQuiet = stack.some((s) => s.quiet);
        for (let i = 0; i < length; i++) quiet.push(isQuiet);
        offset += length;
      }
    }
    blocks.push({ lang: m[1], text, key: blockKey(text), linkAt, quiet });
  }
  return blocks;
}

function guidePages(code) {
  const config = loadGuideConfig(repoRoot);
  return generated.manifest.pages.filter((p) => config.sections.has(p.section)).map((p) => ({ page: p, entry: p.entries[code] }));
}

function measure(code) {
  const { record } = generated.codeNames;
  const readSource = sourceReader(repoRoot);
  const libraryNames = new Set(Object.values(record.declarations).filter((d) => LIBRARIES.has(d.origin)).map((d) => d.name));
  const figures = { library: { linked: 0, total: 0 }, std: { linked: 0, total: 0 }, missed: [] };
  for (const { page, entry } of guidePages(code)) {
    const html = fs.readFileSync(path.join(siteDir, pageFile(entry.route)), 'utf8');
    const byKey = new Map(htmlBlocks(html).map((b) => [b.key, b]));
    const names = blockNames(generated.files.get(entry.relPath), { record, readSource, root: repoRoot, config: loadGuideConfig(repoRoot), where: entry.relPath });
    // A diff counts when it is a diff of C++ (a tutorial step's change the record describes).
    const cppKeys = new Set([...byKey.values()].filter((b) => b.lang === 'cpp').map((b) => b.key).concat(names.map((b) => b.key)));
    for (const block of names) {
      const shown = byKey.get(block.key);
      assert.ok(shown, `${entry.relPath}: a block of ${block.file} is not in the prerendered page`);
      for (const [start, length, id] of block.links) {
        if (!LIBRARIES.has(record.declarations[id].origin)) continue;
        figures.library.total += 1;
        if (shown.linkAt.has(start)) figures.library.linked += 1;
        else figures.missed.push(`${entry.relPath}: ${shown.text.slice(start, start + length)} (${id})`);
      }
    }
    // Unresolved names that are names of Drogon or trantor count as names not linked.
    for (const u of record.unresolved) {
      if (libraryNames.has(u.name) && u.pages.includes(page.entries.en.relPath)) {
        figures.library.total += 1;
        figures.missed.push(`${entry.relPath}: ${u.name} (unresolved at ${u.file}:${u.line})`);
      }
    }
    for (const shown of [...byKey.values()].filter((b) => cppKeys.has(b.key))) {
      for (const m of shown.text.matchAll(/\bstd::([A-Za-z_]\w*)/g)) {
        const start = m.index + 5;
        if (shown.quiet[m.index]) continue;
        figures.std.total += 1;
        if (shown.linkAt.has(start)) figures.std.linked += 1;
        else figures.missed.push(`${entry.relPath}: std::${m[1]}`);
      }
    }
  }
  return figures;
}

const percent = ({ linked, total }) => (total ? (100 * linked) / total : 0);
const line = (what, f) => `${what}: ${f.linked} of ${f.total} linked (${percent(f).toFixed(1)} %)`;

test('the prerendered English guide: at least 90 % of Drogon and trantor names and 80 % of std:: names are links', () => {
  const figures = measure('en');
  console.log(`ENG guide, prerendered: ${line('Drogon and trantor names', figures.library)}; ${line('std:: names', figures.std)}`);
  console.log(`  not linked (first 20 of ${figures.missed.length}): ${figures.missed.slice(0, 20).join('; ')}`);
  assert.ok(figures.library.total > 500, `only ${figures.library.total} Drogon and trantor names found: is the record empty?`);
  assert.ok(percent(figures.library) >= 90, line('Drogon and trantor names', figures.library));
  assert.ok(figures.std.total > 300, `only ${figures.std.total} std:: names found`);
  assert.ok(percent(figures.std) >= 80, line('std:: names', figures.std));
});

test('the Chinese guides carry the same links, to the reference pages of their own language', () => {
  const en = new Map(guidePages('en').map(({ page, entry }) => [page.id, entry]));
  const routeMap = new Map();
  for (const page of generated.manifest.pages) for (const lang of generated.manifest.languages) routeMap.set(page.entries[lang.code].route, page.entries.en.route);
  for (const code of ['zh-CN', 'zh-TW']) {
    let compared = 0;
    for (const { page, entry } of guidePages(code)) {
      const read = (e) => htmlBlocks(fs.readFileSync(path.join(siteDir, pageFile(e.route)), 'utf8'));
      const english = new Map(read(en.get(page.id)).map((b) => [b.key, b]));
      for (const block of read(entry)) {
        const match = english.get(block.key);
        if (!match) continue; // a block only this language shows
        // The same names linked to the same places: a page of this site in this language (its
        // English counterpart), or the same address elsewhere.
        const norm = (href, dir) => {
          if (/^https?:/.test(href)) return href;
          const [folder, anchor] = href.split('#');
          const route = `/${folder.replace(/\/$/, '').split('/').map(decodeURIComponent).join('/')}`;
          assert.ok(routeMap.has(route), `${entry.relPath}: a link to ${href}, no page of the site`);
          assert.ok(route.startsWith(`/${dir}/`), `${entry.relPath}: links to ${route}, not a page of ${dir}/`);
          return `${routeMap.get(route)}#${anchor}`;
        };
        const dir = entry.route.split('/')[1];
        assert.deepEqual([...block.linkAt].map(([s, h]) => [s, norm(h, dir)]), [...match.linkAt].map(([s, h]) => [s, norm(h, 'ENG')]), `${entry.relPath}: a block links differently from its English page`);
        compared += block.linkAt.size;
      }
    }
    console.log(`${code} guide: ${compared} links compared with the English guide's, all the same`);
    assert.ok(compared > 1000, `${code}: only ${compared} links compared`);
  }
});
