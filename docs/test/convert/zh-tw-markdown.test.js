// convertMarkdown: what is protected from conversion, how internal links are rewritten, and that
// converted headings (and so docsify's anchors) agree with convertText on every CHN page.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { convertText, convertMarkdown } = require('../../src/convert/zh-tw');
const { extractHeadings } = require('../../src/docsify/slug');

const chnDir = path.join(__dirname, '..', '..', '..', 'CHN');

test('prose, headings, list items, table cells and link texts are converted', () => {
  const md = '# 默认配置\n\n每个线程一个连接。\n\n- 线程池\n\n| 列 | 内存 |\n|---|---|\n| 线程 | 默认 |\n\n[性能测试说明](https://example.com/)\n';
  assert.equal(convertMarkdown(md),
    '# 預設設定\n\n每個執行緒一個連線。\n\n- 執行緒池\n\n| 列 | 記憶體 |\n|---|---|\n| 執行緒 | 預設 |\n\n[效能測試說明](https://example.com/)\n');
});

test('fenced code blocks (``` and ~~~, with info string, indented in lists, unclosed) are kept verbatim', () => {
  const fences = [
    // [markdown, the part that must come out unchanged]
    ['```bash\n# 默认线程\necho 线程\n```\n', '```bash\n# 默认线程\necho 线程\n```\n'],
    ['~~~\n内存\n~~~\n', '~~~\n内存\n~~~\n'],
    ['````md\n```\n线程\n```\n````\n', '````md\n```\n线程\n```\n````\n'],
    ['- 步骤：线程\n\n  ```sh\n  echo 默认\n  ```\n', '  ```sh\n  echo 默认\n  ```\n'],
  ];
  for (const [fence, code] of fences) {
    const out = convertMarkdown('前文线程\n\n' + fence + '\n后文线程\n');
    assert.ok(out.startsWith('前文執行緒\n\n'), out);
    assert.ok(out.endsWith('\n後文執行緒\n'), out);
    assert.ok(out.includes(code), `fence changed:\n${out}`);
  }
  assert.ok(convertMarkdown(fences[3][0]).startsWith('- 步驟：執行緒'));
  // Fences inside block quotes; an unclosed one ends with the quote.
  assert.equal(convertMarkdown('> 注意线程\n> ```sh\n> echo 线程\n> ```\n> 后文线程\n'), '> 注意執行緒\n> ```sh\n> echo 线程\n> ```\n> 後文執行緒\n');
  assert.equal(convertMarkdown('> ```\n> 线程\n后文线程\n'), '> ```\n> 线程\n後文執行緒\n');
  // An unclosed fence runs to the end of the page, as in CommonMark.
  assert.equal(convertMarkdown('线程\n```\n线程\n默认'), '執行緒\n```\n线程\n默认');
});

test('indented code is kept, but indented list continuation text is converted', () => {
  assert.equal(convertMarkdown('说明：\n\n    缩进代码 线程\n    默认\n\n线程\n'), '說明：\n\n    缩进代码 线程\n    默认\n\n執行緒\n');
  assert.equal(convertMarkdown('- 列表项\n\n    续行 线程\n'), '- 列表項\n\n    續行 執行緒\n');
  // A paragraph's lazy continuation line is prose, not code.
  assert.equal(convertMarkdown('段落 线程\n    续行 默认\n'), '段落 執行緒\n    續行 預設\n');
});

test('inline code spans (any backtick count) are kept; an unmatched backtick is just text', () => {
  assert.equal(convertMarkdown('使用 `默认线程` 和 ``代码 ` 仓库`` 配置'), '使用 `默认线程` 和 ``代码 ` 仓库`` 設定');
  assert.equal(convertMarkdown('一个 ` 反引号 线程'), '一個 ` 反引號 執行緒');
  assert.equal(convertMarkdown('转义的 \\`线程\\` 不是代码'), '跳脫的 \\`執行緒\\` 不是程式碼');
  assert.equal(convertMarkdown('| `a|b` | 默认 |\n|---|---|\n| `线程` | 线程 |'), '| `a|b` | 預設 |\n|---|---|\n| `线程` | 執行緒 |');
});

test('URLs are kept: autolinks, bare http(s) URLs (as far as docsify links them), link and image targets', () => {
  assert.equal(convertMarkdown('见 <https://example.com/线程> 和 <dev@example.com>。'), '見 <https://example.com/线程> 和 <dev@example.com>。');
  assert.equal(convertMarkdown('访问 https://github.com/x/wiki/默认 获取'), '存取 https://github.com/x/wiki/默认 取得');
  assert.equal(convertMarkdown('(见 https://a.com/b_(c)) 线程'), '(見 https://a.com/b_(c)) 執行緒');
  // The title is a tooltip, i.e. prose: converted.
  assert.equal(convertMarkdown('[线程](https://example.com/线程 "默认") ![内存](/assets/内存.png \'内存图\')'),
    '[執行緒](https://example.com/线程 "預設") ![記憶體](/assets/内存.png \'記憶體圖\')');
  assert.equal(convertMarkdown('[线程](/assets/a_(线程).png)线程'), '[執行緒](/assets/a_(线程).png)執行緒');
  assert.equal(convertMarkdown('[线程](<../资料/线程 文件.png>)'), '[執行緒](<../资料/线程 文件.png>)');
  // Reference labels are converted alike where used and where defined, so they still match.
  assert.equal(convertMarkdown('[线程][默认参考] [默认参考][] [默认参考]\n\n[默认参考]: https://example.com/线程 "默认"\n'),
    '[執行緒][預設參考] [預設參考][] [預設參考]\n\n[預設參考]: https://example.com/线程 "預設"\n');
});

test('HTML tags and attributes are kept, text between tags is converted, comments are verbatim', () => {
  assert.equal(convertMarkdown('<div class="线程" title="默认">默认 <b>线程</b></div>'), '<div class="线程" title="默认">預設 <b>執行緒</b></div>');
  assert.equal(convertMarkdown('<!-- nav:start 线程 -->\n内存\n<!-- 默认\n多行 -->\n'), '<!-- nav:start 线程 -->\n記憶體\n<!-- 默认\n多行 -->\n');
  assert.equal(convertMarkdown('<pre>线程\n默认</pre> 线程 <code>内存</code> <script>"线程"</script>'), '<pre>线程\n默认</pre> 執行緒 <code>内存</code> <script>"线程"</script>');
  assert.equal(convertMarkdown('<img src="/assets/图.png" alt="线程">'), '<img src="/assets/图.png" alt="线程">');
  // A lone '<' in prose is not a tag.
  assert.equal(convertMarkdown('延迟 < 1 毫秒，线程 > 2'), '延遲 < 1 毫秒，執行緒 > 2');
});

test('front matter and docsify heading ids are kept', () => {
  assert.equal(convertMarkdown('---\ntitle: 线程\n---\n# 线程\n'), '---\ntitle: 线程\n---\n# 執行緒\n');
  assert.equal(convertMarkdown('## 默认配置 :id=default-config\n'), '## 預設設定 :id=default-config\n');
});

test('internal /CHN/ links become /JB_TW/ links with converted file name and anchor', () => {
  const cases = [
    ['[a](/CHN/性能测试)', '[a](/JB_TW/效能測試)'],
    ['[a](/CHN/性能测试.md)', '[a](/JB_TW/效能測試.md)'],
    ['[a](/CHN/性能测试?id=测试方法)', '[a](/JB_TW/效能測試?id=測試方法)'],
    ['[a](/CHN/本地复现#默认配置)', '[a](/JB_TW/本地重現#預設設定)'],
    ['[a](/CHN/%E6%80%A7%E8%83%BD%E6%B5%8B%E8%AF%95?id=%E9%BB%98%E8%AE%A4)', `[a](/JB_TW/${encodeURIComponent('效能測試')}?id=${encodeURIComponent('預設')})`],
    ['[a](/CHN/Overview?id=abc)', '[a](/JB_TW/Overview?id=abc)'],
    ['[a](#/CHN/概述?id=入门)', '[a](#/JB_TW/概述?id=入門)'],
    ['[a](/CHN/)', '[a](/JB_TW/)'],
    ['[a](#默认配置)', '[a](#預設設定)'],
    ['[a](?id=默认配置)', '[a](?id=預設設定)'],
    ['[a](快速开始.md)', '[a](快速開始.md)'],
    ['[a](../CHN/快速开始)', '[a](../JB_TW/快速開始)'],
    ['[a](/CHN/快速开始 "打开快速开始")', '[a](/JB_TW/快速開始 "開啟快速開始")'],
    ['[a]: /CHN/快速开始?id=默认', '[a]: /JB_TW/快速開始?id=預設'],
    ['<a href="/CHN/概述?id=入门">概述</a>', '<a href="/JB_TW/概述?id=入門">概述</a>'],
  ];
  for (const [chn, tw] of cases) assert.equal(convertMarkdown(chn), tw, chn);
  // Other languages, external sites and assets are left alone.
  for (const kept of ['[a](/ENG/Overview?id=abc)', '[a](https://example.com/CHN/线程)', '[a](/assets/线程.png)', '[a](图表.svg)', '[a](mailto:a@b.c)']) {
    assert.equal(convertMarkdown(kept), kept);
  }
});

test('conversion is deterministic, and what it protects survives a second pass', () => {
  const md = '# 默认配置\n\n每个[线程](/CHN/概述?id=线程)一个 `连接`。\n\n```\n线程\n```\n';
  const once = convertMarkdown(md);
  assert.equal(convertMarkdown(md), once);
  for (const file of chnPages()) {
    const chn = fs.readFileSync(path.join(chnDir, file), 'utf8');
    assert.equal(convertMarkdown(chn), convertMarkdown(chn), file);
  }
  // Code, URLs and already rewritten /JB_TW/ links come through a second pass unchanged.
  const twice = convertMarkdown(once);
  for (const kept of ['(/JB_TW/概述?id=執行緒)', '`连接`', '```\n线程\n```']) assert.ok(twice.includes(kept), kept);
});

test('conversion is NOT idempotent on prose, which is why JB_TW is always converted from CHN', () => {
  // zh-TW 文件 (document, from 文档) is also the zh-CN spelling of "file": s2twp cannot tell them
  // apart, so converting zh-TW output again changes it. The sync check must compare
  // JB_TW with convertMarkdown(CHN), never re-convert JB_TW.
  assert.equal(convertText('文档'), '文件');
  assert.equal(convertText(convertText('文档')), '檔案');
});

test('convertMarkdown rejects bad input with a clear error', () => {
  assert.throws(() => convertMarkdown(null), /convertMarkdown: expected a string, got null/);
  assert.throws(() => convertMarkdown('a\uf000'), /convertMarkdown: contains a Private Use Area character/);
  assert.throws(() => convertMarkdown('`a` '.repeat(6000)), /convertMarkdown: more than 5376 protected spans in one page/);
});

function chnPages() {
  let names = [];
  try { names = fs.readdirSync(chnDir); } catch { return []; }
  // Authored pages only: _sidebar.md is generated from the manifest and has no headings.
  return names.filter((name) => name.endsWith('.md') && !name.startsWith('_')).sort();
}

// Headings of a zh-CN page whose converted form disagrees with convertText: docsify derives the
// zh-TW anchor from the converted heading, and internal links carry convertText(zh-CN anchor).
function headingMismatches(chnMarkdown) {
  const before = extractHeadings(chnMarkdown);
  const after = extractHeadings(convertMarkdown(chnMarkdown));
  if (before.length !== after.length) return [`heading count ${before.length} -> ${after.length}`];
  const problems = [];
  before.forEach((heading, i) => {
    // Compare what the reader sees: a link's target is rewritten, not converted, so it is left out.
    const visible = (text) => text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    if (visible(after[i].text) !== convertText(visible(heading.text))) problems.push(`line ${heading.line}: "${after[i].text}" != convertText("${heading.text}")`);
    if (after[i].slug !== convertText(heading.slug)) problems.push(`line ${heading.line}: slug "${after[i].slug}" != convertText("${heading.slug}")`);
  });
  return problems;
}

test('headings, also with inline code, links and ids, convert exactly as convertText', () => {
  const md = [
    '# 默认配置', '## 使用 `setThreadNum` 设置线程数', '## 性能测试（长连接）', '### [回调](/CHN/概述) 与进程',
    '## 1. 内存与存储', '## 默认配置', '## 境内存储 :id=storage', '> ## 引用里的线程', '- ## 列表里的默认',
  ].join('\n\n');
  assert.deepEqual(headingMismatches(md), []);
  assert.equal(extractHeadings(convertMarkdown(md)).length, 9);
});

test('the heading check catches a heading whose code span would convert differently', () => {
  assert.equal(headingMismatches('## 设置 `默认值`\n').length, 2);
});

test('every heading of every CHN page converts exactly as convertText (so anchors still resolve)', () => {
  const pages = chnPages();
  assert.ok(pages.length > 0, `no pages in ${chnDir}`);
  for (const file of pages) {
    const chn = fs.readFileSync(path.join(chnDir, file), 'utf8');
    assert.ok(extractHeadings(chn).length > 0, `${file}: no headings`);
    assert.deepEqual(headingMismatches(chn), [], file);
  }
});

test('every internal link of every CHN page points into /JB_TW/ after conversion', () => {
  for (const file of chnPages()) {
    // Fenced code stays verbatim by design (Contributing shows a CHN link as an example), so it is left out.
    const tw = convertMarkdown(fs.readFileSync(path.join(chnDir, file), 'utf8')).replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
    const leftovers = tw.match(/\]\(\/CHN\/[^)]*\)|href="\/CHN\/[^"]*"/g);
    assert.equal(leftovers, null, `${file}: ${leftovers}`);
  }
});
