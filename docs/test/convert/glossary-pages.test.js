// The committed Chinese pages against docs/glossary.json: the text of CHN and JB_TW outside code
// (inline code, code blocks, URLs, link targets and HTML are left out, as the converter leaves them:
// markdown-protect.js) holds none of the glossary's avoided renderings, and a failure names page,
// line and term. A hit inside a longer word the converter writes on purpose is not one (資源 for 源).
//
// The native pass (issue 32, part 3): some Simplified renderings go only with a rewrite of the CHN
// prose (回答 for a response, 听到 for a message, "advice" left in English; an English gloss after the
// Chinese term, 通知（advice）, is not one). Their terms carry "nativePass" { avoid, atMost,
// pending: { hits } }. While "pending" is there, the second test only checks that the count does not
// grow beyond pending.hits (and reports it); once the pages are rewritten "pending" goes (as it has
// since the native pass of issue 32), and then at most atMost of them may remain.
// Covers: docs/src/convert/markdown-protect.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { proseLines } = require('../../src/convert/markdown-protect');
const { loadGlossary, findAvoided } = require('../../src/convert/glossary');
const { loadOverrides } = require('../../src/convert/overrides');

const repoRoot = path.join(__dirname, '..', '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'docs', 'manifest.json'), 'utf8'));
const { terms } = loadGlossary();
const { entries } = loadOverrides();

function dirOf(code) {
  const language = manifest.languages.find((l) => l.code === code);
  assert.ok(language, `no ${code} language in docs/manifest.json`);
  return language.dir;
}

function pages(code) {
  const dir = dirOf(code);
  const files = fs.readdirSync(path.join(repoRoot, dir)).filter((f) => f.endsWith('.md')).sort();
  assert.ok(files.length >= 20, `only ${files.length} pages in ${dir}`);
  return files.map((file) => ({ name: `${dir}/${file}`, lines: proseLines(fs.readFileSync(path.join(repoRoot, dir, file), 'utf8')) }));
}

const shown = (text) => text.replace(/[\ue000-\uf8ff]/g, '…').trim().slice(0, 70);
const specText = (spec) => (typeof spec === 'string' ? spec : spec.text);

// The words the converter writes on purpose, per side: a hit inside one of them is not a hit.
const allowed = {
  'zh-CN': [...new Set(entries.map((e) => e.from))],
  'zh-TW': [...new Set(entries.map((e) => e.to))],
};

function avoidedHits(code) {
  const found = [];
  for (const page of pages(code)) {
    for (const { line, text } of page.lines) {
      for (const term of terms) {
        for (const spec of (term.avoid && term.avoid[code]) || []) {
          for (const hit of findAvoided(text, spec, allowed[code])) {
            found.push(`${page.name}:${line}: ${specText(spec)} (glossary: ${term.en} is ${term[code]}): ${shown(text)}`);
          }
        }
      }
    }
  }
  return found;
}

for (const code of ['zh-CN', 'zh-TW']) {
  test(`${dirOf(code)} outside code holds none of the glossary's avoided ${code} renderings`, () => {
    const checked = terms.filter((t) => t.avoid && t.avoid[code]).length;
    if (code === 'zh-TW') assert.ok(checked >= 50, `only ${checked} terms name an avoided zh-TW rendering`);
    assert.deepEqual(avoidedHits(code), []);
  });
}

// The API reference's entries are Drogon's header comments, in English on every language's page
// (their headings and the words around them are translated, and checked above): an English word
// there is the header's, not a translation's.
const referenceFiles = new Set(manifest.pages.filter((p) => p.generatedBy === 'api-reference' && p['zh-CN']).map((p) => `${dirOf('zh-CN')}/${p['zh-CN'].file}.md`));

function nativeCount(spec) {
  const where = [];
  for (const page of pages('zh-CN').filter((p) => !referenceFiles.has(p.name))) {
    for (const { line, text } of page.lines) {
      for (const _ of findAvoided(text, spec)) where.push(`${page.name}:${line}: ${shown(text)}`);
    }
  }
  return where;
}

const native = terms.filter((t) => t.nativePass);

test('the native pass: its renderings are glossary terms, and the Simplified pages have no more of them than allowed', (t) => {
  assert.ok(native.length >= 3, 'the glossary names the renderings the native pass removes (回答, 听到, advice)');
  for (const term of native) {
    for (const spec of term.nativePass.avoid) {
      const word = specText(spec);
      const where = nativeCount(spec);
      if (term.nativePass.pending) {
        t.diagnostic(`native pass pending: ${word} (${term.en} is ${term['zh-CN']}) ${where.length} times in ${dirOf('zh-CN')}, at most ${term.nativePass.atMost} once rewritten`);
        assert.ok(where.length <= term.nativePass.pending.hits,
          `${word}: ${where.length} times, more than the ${term.nativePass.pending.hits} recorded in docs/glossary.json (nativePass.pending.hits of "${term.en}"):\n${where.join('\n')}`);
      } else {
        assert.ok(where.length <= term.nativePass.atMost,
          `${word} (${term.en} is ${term['zh-CN']}): ${where.length} times, at most ${term.nativePass.atMost}:\n${where.join('\n')}`);
      }
    }
  }
});

test('the scan sees a rendering in prose and not in code, a link target or a longer allowed word, and names the line', () => {
  const markdown = '# 标题\n\n```cpp\n// 聲明瞭\n```\n\n它聲明瞭 `聲明瞭` [資源](/JB_TW/源) 的資源和來源\n';
  const lines = proseLines(markdown);
  const hits = lines.flatMap(({ line, text }) => findAvoided(text, '聲明瞭').map(() => line));
  assert.deepEqual(hits, [7]);
  const origin = { text: '源', notAfter: '[資來]' };
  assert.deepEqual(lines.flatMap(({ text }) => findAvoided(text, origin)), []);
  assert.equal(findAvoided('其他源的請求', origin).length, 1);
  assert.deepEqual(findAvoided('響應式設計', '響應', ['響應式']), []);
  const advice = terms.find((term) => term.en === 'advice (AOP)').nativePass.avoid[0];
  assert.deepEqual(findAvoided('称为通知（advice），用发送前通知（pre-sending advice）', advice), []);
  assert.equal(findAvoided('在 beginning advice 中注册', advice).length, 1);
});
