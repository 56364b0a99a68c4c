// docs/src/link-check/link-check.js: docsify 5 link resolution, anchors against docsify slugs, and detection of
// broken page links and anchors (with file:line) in a temp copy of the site's content.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { checkLinks, resolveLink, routeToFile, collectLinks } = require('../../src/link-check/link-check');
const { buildAliases } = require('../../src/navigate/navigation');
const { linkCheckGenerated } = require('../../src/build');
const { generatePages } = require('../../src/generate-pages');
const { generatedContentCopy } = require('../support/content-copy');

test('links resolve as docsify 5 resolves them (hash router, relativePath: false)', () => {
  const aliases = { '/ENG/': '/ENG/Overview' };
  const at = '/ENG/Overview';
  assert.deepEqual(resolveLink('/ENG/Methodology', at), { route: '/ENG/Methodology', file: 'ENG/Methodology.md', id: null });
  assert.deepEqual(resolveLink('/ENG/Methodology.md', at), { route: '/ENG/Methodology', file: 'ENG/Methodology.md', id: null });
  assert.deepEqual(resolveLink('/ENG/Methodology?id=Bottleneck', at), { route: '/ENG/Methodology', file: 'ENG/Methodology.md', id: 'bottleneck' });
  assert.deepEqual(resolveLink('/ENG/Methodology#bottleneck', at), { route: '/ENG/Methodology', file: 'ENG/Methodology.md', id: 'bottleneck' });
  assert.deepEqual(resolveLink('#languages', at), { route: '/ENG/Overview', file: 'ENG/Overview.md', id: 'languages' });
  // relativePath: false: a relative link starts from the site root, not from the page's folder.
  assert.deepEqual(resolveLink('Methodology', at), { route: '/Methodology', file: 'Methodology.md', id: null });
  assert.deepEqual(resolveLink('./ENG/../CHN/概述', at).file, 'CHN/概述.md');
  assert.deepEqual(resolveLink('/CHN/%E6%A6%82%E8%BF%B0?id=%E8%AF%AD%E8%A8%80', at), { route: '/CHN/概述', file: 'CHN/概述.md', id: '语言' });
  assert.equal(resolveLink('/ENG/', at, aliases).file, 'ENG/Overview.md');
  assert.equal(routeToFile('/'), 'README.md');
  assert.deepEqual(resolveLink('https://github.com/drogonframework/drogon', at), { external: true });
  assert.deepEqual(resolveLink('mailto:a@b.c', at), { external: true });
  assert.match(resolveLink('/ENG/A?id=x:y', at).error, /treats a link containing ":"/);
  assert.match(resolveLink('/ENG/%E0%A4%A', at).error, /malformed percent-encoding/);
});

test('collectLinks finds links in paragraphs, lists, tables, blockquotes and emphasis, with lines', () => {
  const md = ['# T', '', 'a [one](/ENG/A) b', '', '- item [two](/ENG/B)', '', '| x | y |', '|---|---|', '| [three](/ENG/C) | z |', '',
    '> quote **[four](/ENG/D)**', '', '```', '[not](/ENG/Code)', '```', '', 'and `[nor](/ENG/Span)`', '', '![img](pic.png)'].join('\n');
  assert.deepEqual(collectLinks(md).map((l) => [l.href, l.line, l.kind]), [
    ['/ENG/A', 3, 'link'], ['/ENG/B', 5, 'link'], ['/ENG/C', 9, 'link'], ['/ENG/D', 11, 'link'], ['pic.png', 19, 'image'],
  ]);
});

test('checkLinks: broken page links and anchors are reported with file and line; good ones pass', () => {
  const files = new Map([
    ['ENG/A.md', '# A\n\n## Results\n\n## Results\n\n## 性能 结果\n'],
    ['ENG/B.md', [
      '# B', '',
      '[ok](/ENG/A) [ok](/ENG/A?id=results-1) [ok](/ENG/A#性能-结果) [ok](#b) [ok](https://example.com)', '',
      '[missing page](/ENG/Nope)', '[missing anchor](/ENG/A?id=results-2)', '[wrong case file](/ENG/a)',
      '[relative from root](A)', '[bad image](missing.png)', '',
      '<p><a href="/ENG/A">raw html link</a> <a href="#/ENG/A?id=results">ok</a> <a href="#/ENG/Gone">gone</a></p>',
    ].join('\n')],
    ['ENG/_sidebar.md', '- [A](/ENG/A)\n- [local](#x)\n'],
  ]);
  const problems = checkLinks({ files, aliases: {}, assetExists: () => false });
  assert.deepEqual(problems.map((p) => `${p.file}:${p.line} ${p.href}`), [
    'ENG/B.md:5 /ENG/Nope', 'ENG/B.md:6 /ENG/A?id=results-2', 'ENG/B.md:7 /ENG/a', 'ENG/B.md:8 A', 'ENG/B.md:9 missing.png',
    'ENG/B.md:11 /ENG/A', 'ENG/B.md:11 #/ENG/Gone',
    'ENG/_sidebar.md:2 #x',
  ]);
  assert.match(problems[1].message, /no heading with id "results-2" in ENG\/A\.md \(its heading ids: a, results, results-1, 性能-结果\)/);
  assert.match(problems[0].message, /no page ENG\/Nope\.md/);
});

test('the site content has no broken links or anchors', () => {
  const generated = generatePages();
  const problems = linkCheckGenerated(generated, path.join(__dirname, '..', '..', '..'));
  assert.deepEqual(problems, []);
});

test('in a temp copy of the content, an added broken page link and a broken anchor are detected', (t) => {
  const copy = generatedContentCopy();
  t.after(() => copy.remove());
  const { manifest } = copy.generated;
  // The first authored page (a generated page's body does not come from its file).
  const at = manifest.pages.findIndex((p) => !p.generatedBy);
  const first = manifest.pages[at];
  const second = manifest.pages[at + 1];
  const file = path.join(copy.root, first.entries['zh-CN'].relPath);
  const text = fs.readFileSync(file, 'utf8');
  const brokenPage = `${second.entries['zh-CN'].route}-不存在`;
  const brokenAnchor = `${second.entries['zh-CN'].route}?id=没有这个标题`;
  const edited = text.replace(/^(# .*)$/m, `$1\n\n[坏链接](${brokenPage}) 和 [坏锚点](${brokenAnchor})`);
  assert.notEqual(edited, text);
  fs.writeFileSync(file, edited);
  const problems = linkCheckGenerated(generatePages({ root: copy.root }), copy.root);
  const line = edited.split('\n').findIndex((l) => l.includes('[坏链接]')) + 1;
  const rel = first.entries['zh-CN'].relPath;
  const inChn = problems.filter((p) => p.file === rel);
  assert.deepEqual(inChn.map((p) => [p.line, p.href]), [[line, brokenPage], [line, brokenAnchor]]);
  assert.match(inChn[1].message, /no heading with id "没有这个标题"/);
  // The JB_TW page is converted from CHN, so it carries the converted broken links too.
  assert.ok(problems.some((p) => p.file === first.entries['zh-TW'].relPath), 'JB_TW copy of the broken link not reported');
  assert.deepEqual(buildAliases(manifest)['/CHN/'], manifest.pages[0].entries['zh-CN'].route);
  assert.deepEqual(buildAliases(manifest)['/'], manifest.pages[0].entries.en.route);
});

test("a docsify ':ignore' link is a file at the site root, checked as one (the published results JSON)", () => {
  const files = new Map([['ENG/A.md', "# A\n\n[data](bench/results/latest.json ':ignore') and [gone](bench/missing.json ':ignore')\n"]]);
  const links = collectLinks(files.get('ENG/A.md'));
  assert.deepEqual(links.map((l) => l.kind), ['ignored-link', 'ignored-link']);
  const problems = checkLinks({ files, assetExists: (rel) => rel === 'bench/results/latest.json' });
  assert.deepEqual(problems.map((p) => p.href), ['bench/missing.json']);
  assert.match(problems[0].message, /no file bench\/missing\.json in the site/);
});
