// docs/src/page-info/section-parity.js: every English section against its Simplified Chinese section
// (inline code, numbers, links, generated parts, the heading outline), on the committed pages, their
// templates and string tables, with docs/section-parity-exceptions.json; and the rules on small
// documents, including the case that made it: ENG/AOP "Try it" naming the creation advice's header
// where CHN/AOP did not.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { loadManifest } = require('../../src/navigate/manifest');
const { buildAliases } = require('../../src/navigate/navigation');
const { copySiteContent } = require('../support/content-copy');
const {
  sectionParity, compareDocuments, numbersIn, translatedMetavariables, loadExceptions, applyExceptions,
  formatFinding, EXCEPTIONS,
} = require('../../src/page-info/section-parity');

const repoRoot = path.join(__dirname, '..', '..', '..');

function siteParity(root = repoRoot) {
  const manifest = loadManifest({ manifestPath: path.join(root, 'docs', 'manifest.json') });
  return sectionParity({ root, manifest, aliases: buildAliases(manifest) });
}

// Two one-file documents compared as pages (links resolve against an empty site).
function compare(enBody, zhBody, pages = { byRelPath: new Map() }) {
  const doc = (rel, body) => ({ rel, text: body, body });
  return compareDocuments('page', doc('ENG/Page.md', enBody), doc('CHN/页面.md', zhBody), pages, {});
}

test('every English section of the site has its code, numbers and links in the Chinese section (or a listed exception)', () => {
  const { findings, sections, tokens } = siteParity();
  // What was compared: every page and string key; the counts guard against a parser that sees nothing.
  assert.ok(sections > 500, `only ${sections} section pairs compared`);
  assert.ok(tokens > 3000, `only ${tokens} English tokens compared`);
  const { unexplained, unused } = applyExceptions(findings, loadExceptions(repoRoot));
  assert.equal(unexplained.length, 0,
    `Chinese sections that do not say what the English ones say (translate the missing part, or list a justified exception in ${EXCEPTIONS}):\n${unexplained.map(formatFinding).join('\n')}`);
  assert.deepEqual(unused, [], `exceptions in ${EXCEPTIONS} that match no difference any more (remove them)`);
});

test('a sentence dropped from a Chinese section is found in that section, naming both files and lines', (t) => {
  const copy = copySiteContent();
  t.after(() => copy.remove());
  const file = path.join(copy.root, 'CHN', '路由.md');
  const text = fs.readFileSync(file, 'utf8');
  // Drop a code span of prose after the first "## " heading, one the page names only once.
  const lines = text.split('\n');
  const h2 = lines.findIndex((l) => l.startsWith('## '));
  const once = (l) => [...l.matchAll(/`([^`]+)`/g)].map((m) => m[1]).find((c) => text.split(`\`${c}\``).length === 2);
  const at = lines.findIndex((l, i) => i > h2 && !/^(<!--|```|>)/.test(l) && once(l));
  const span = once(lines[at]);
  lines[at] = lines[at].replace(`\`${span}\``, '');
  fs.writeFileSync(file, lines.join('\n'));
  const { findings } = siteParity(copy.root);
  const found = findings.filter((f) => f.subject === 'routing');
  assert.ok(found.some((f) => f.kind === 'code' && f.token === span && f.only === 'en'), JSON.stringify(found));
  const line = found.find((f) => f.token === span);
  assert.match(formatFinding(line), /^routing § ".+" \(ENG\/Routing\.md:\d+ ↔ CHN\/路由\.md:\d+\): the Chinese section lacks inline code /);
});

test('the AOP case: an English section naming a header the Chinese section leaves out', () => {
  const en = '# AOP\n\nIntro.\n\n## Try it\n\nEvery answer below has the creation advice\'s\n`x-content-type-options` header, and `x-trace`:\n';
  const zh = '# AOP 切面\n\n简介。\n\n## 试一试\n\n下面的响应带有 `x-trace`：\n';
  const findings = compare(en, zh);
  assert.deepEqual(findings.map((f) => [f.section, f.kind, f.token, f.only]), [['Try it', 'code', 'x-content-type-options', 'en']]);
  assert.match(findings[0].where, /^ENG\/Page\.md:5 ↔ CHN\/页面\.md:5$/);
  const fixed = zh.replace('带有', '都带有创建通知加上的 `x-content-type-options` 头，以及');
  assert.deepEqual(compare(en, fixed), []);
});

test('sections pair by order: the same token in another section does not count', () => {
  const en = '# T\n\n## A\n\nUses `a`.\n\n## B\n\nUses `b`.\n';
  const zh = '# T\n\n## 甲\n\n用到 `a` 和 `b`。\n\n## 乙\n\n没有。\n';
  const findings = compare(en, zh);
  assert.deepEqual(findings.map((f) => [f.section, f.token, f.only]), [['A', 'b', 'zh-CN'], ['B', 'b', 'en']]);
});

test('a different heading outline is one finding, and the bodies are still compared as a whole', () => {
  const en = '# T\n\n## A\n\n`a`\n\n## B\n\n`b`\n';
  const zh = '# T\n\n## 甲\n\n`a`\n';
  const findings = compare(en, zh);
  assert.equal(findings[0].kind, 'outline');
  assert.match(formatFinding(findings[0]), /English: # T \| ## A \| ## B\n\s+Chinese: # T \| ## 甲/);
  assert.deepEqual(findings.slice(1).map((f) => [f.kind, f.token]), [['code', 'b']]);
});

test('numbers: digits outside code, thousands separators ignored, code and fences not counted', () => {
  assert.deepEqual(numbersIn('1,051 tests, 95 % of 10 000; C++20; 1.9.13; 3, 4'), ['1051', '95', '10', '000', '20', '1.9.13', '3', '4']);
  const en = '# T\n\nIt passed 1,051 tests in 12 s.\n\n```sh\nsleep 99\n```\n';
  assert.deepEqual(compare(en, '# 标题\n\n它在 12 秒内通过了 1051 个测试。\n\n```sh\nsleep 99\n```\n'), []);
  const findings = compare(en, '# 标题\n\n它通过了 1051 个测试。\n');
  assert.deepEqual(findings.map((f) => [f.kind, f.token, f.only]), [['number', '12', 'en']]);
});

test('links: a missing link, and external URLs compared as written', () => {
  const en = '# T\n\nSee [the spec](https://example.org/spec) and [Drogon](https://github.com/drogonframework/drogon).\n';
  const zh = '# 标题\n\n见 [Drogon](https://github.com/drogonframework/drogon)。\n';
  assert.deepEqual(compare(en, zh).map((f) => [f.kind, f.token, f.only]), [['link', 'https://example.org/spec', 'en']]);
});

test('internal links match by the page and section they open, across languages', () => {
  const slugs = { 'ENG/Other.md': ['other', 'groups'], 'CHN/其他.md': ['其他', '分组'] };
  const pages = { byRelPath: new Map(Object.entries(slugs).map(([rel, list]) => [rel, { id: 'other', sectionOf: (slug) => (list.includes(slug) ? list.indexOf(slug) : undefined) }])) };
  const en = '# T\n\nSee [groups](/ENG/Other?id=groups) and [the page](/ENG/Other).\n';
  assert.deepEqual(compare(en, '# 标题\n\n见[分组](/CHN/其他?id=分组)和[那一页](/CHN/其他)。\n', pages), []);
  const findings = compare(en, '# 标题\n\n见[那一页](/CHN/其他?id=其他)和[那一页](/CHN/其他)。\n', pages);
  assert.deepEqual(findings.map((f) => [f.token, f.only]), [['page:other#1', 'en'], ['page:other#0', 'zh-CN']]);
  // On the site: the AOP pages link to other pages, and those links pair up.
  const { findings: site } = siteParity();
  assert.match(fs.readFileSync(path.join(repoRoot, 'CHN', 'AOP.md'), 'utf8'), /\]\(\/CHN\//);
  assert.ok(!site.some((f) => f.kind === 'link' && f.subject === 'aop'));
});

test('translated metavariables in a code span match the English ones; anything else does not', () => {
  assert.equal(translatedMetavariables('app.<date>-<time>.log', 'app.<日期>-<时间>.log'), true);
  assert.equal(translatedMetavariables('name={placeholder}', 'name={占位符}'), true);
  assert.equal(translatedMetavariables('#region', '#区域'), true);
  assert.equal(translatedMetavariables('x-content-type-options', 'x-trace'), false);
  assert.equal(translatedMetavariables('<date>', '<date>'), false); // no Chinese: not a translation
  assert.equal(translatedMetavariables('app.<date>.log', 'app.<日期>.txt'), false);
  assert.deepEqual(compare('# T\n\nFiles named `app.<date>.log`.\n', '# 标题\n\n文件名为 `app.<日期>.log`。\n'), []);
});

test('generated parts: guide code directives and bench parts must be the same, in the same sections', () => {
  const en = '# T\n\n## A\n\n<!-- guide:code examples/guide/x/main.cc#one -->\n\nRuns {{bench:rounds}} rounds.\n';
  assert.deepEqual(compare(en, '# 标题\n\n## 甲\n\n<!-- guide:code examples/guide/x/main.cc#one -->\n\n运行 {{bench:rounds}} 轮。\n'), []);
  const findings = compare(en, '# 标题\n\n## 甲\n\n运行若干轮。\n');
  assert.deepEqual(findings.map((f) => [f.kind, f.token]), [['placeholder', '{{bench:rounds}}'], ['generated', 'guide:code examples/guide/x/main.cc#one']]);
});

test('exceptions: each needs its fields and a reason; one that matches nothing is reported as unused', (t) => {
  const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'parity-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'docs'));
  const write = (exceptions) => fs.writeFileSync(path.join(dir, EXCEPTIONS), JSON.stringify({ exceptions }));
  const good = { subject: 'page', section: 'A', kind: 'code', token: 'b', only: 'zh-CN', reason: 'the Chinese sentence names it for clarity' };
  write([{ ...good, reason: '' }]);
  assert.throws(() => loadExceptions(dir), /exceptions\[0\]\.reason: say why/);
  write([{ ...good, kind: 'words' }]);
  assert.throws(() => loadExceptions(dir), /exceptions\[0\]\.kind: expected one of/);
  write([{ ...good, page: 'x' }]);
  assert.throws(() => loadExceptions(dir), /exceptions\[0\]\.page: unknown field/);
  write([good, { ...good, token: 'c' }]);
  const findings = compare('# T\n\n## A\n\n`a`\n', '# 标题\n\n## 甲\n\n`a` `b`\n');
  const { unexplained, unused } = applyExceptions(findings, loadExceptions(dir));
  assert.deepEqual(unexplained, []);
  assert.deepEqual(unused.map((e) => e.token), ['c']);
});
