// The whole program one click away (docs/src/guide/example-folder.js): every guide page, in every
// language, links visibly to its chapter's folder in the repository and, when the folder builds, gives
// the one command that builds it; every block from a program file names its file and lines, linked;
// all generated, so a moved region or a hand edit fails `npm run check`.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { runCheck } = require('../../src/check');
const { generatePages } = require('../../src/generate-pages');
const { includedBlocks, loadGuideConfig } = require('../../src/guide/code-blocks');
const { chapterFolder, isProgramFile } = require('../../src/guide/example-folder');
const { parseRegions } = require('../../src/guide/regions');
const { generatedContentCopy, regenerate, repoRoot } = require('../support/content-copy');

const config = loadGuideConfig(repoRoot);
const generated = generatePages({ root: repoRoot });
const { manifest } = generated;
const guidePages = manifest.pages.filter((p) => p.section === 'guide');
const { url, branch } = manifest.repository;
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('every guide page, in every language, shows a link to its example folder under its title and first paragraph', () => {
  assert.ok(guidePages.length >= 30, `only ${guidePages.length} guide pages`);
  const buildable = [];
  for (const page of guidePages) {
    for (const lang of manifest.languages) {
      const text = generated.files.get(page.entries[lang.code].relPath);
      // Between the title and the first section, after the paragraph that follows the title (the
      // page's description), if there is one.
      const top = /\n# [^\n]+\n\n([\s\S]*?)(?:\n## |$)/.exec(text)[1];
      const note = /(^|\n\n)<!-- guide:example-folder [^\n]*-->\n> ([^\n]+)\n<!-- \/guide:example-folder -->(?:\n\n\S|\n*$)/.exec(top);
      assert.ok(note, `${page.entries[lang.code].relPath}: no example-folder note between the title and the first section`);
      const before = top.slice(0, note.index).trim();
      assert.ok(before === '' || !/\n\n/.test(before), `${page.entries[lang.code].relPath}: more than one paragraph before the note`);
      note[1] = note[2];
      const link = new RegExp(`\\[examples/guide/([a-z0-9-]+)/\\]\\(${escape(`${url}/tree/${branch}/examples/guide/`)}([a-z0-9-]+)\\)`).exec(note[1]);
      assert.ok(link && link[1] === link[2], `${page.entries[lang.code].relPath}: the note does not link to its folder: ${note[1]}`);
      const folder = path.join(repoRoot, 'examples', 'guide', link[1]);
      assert.ok(fs.statSync(folder).isDirectory(), `${link[1]}: no such folder`);
      const builds = fs.existsSync(path.join(folder, 'CMakeLists.txt'));
      assert.equal(note[1].includes(`\`${config.folderBuildCommand}\``), builds, `${page.entries[lang.code].relPath}: the build command is ${builds ? 'missing' : 'given for a folder without CMakeLists.txt'}`);
      if (builds && lang.code === 'en') buildable.push(link[1]);
    }
  }
  // The chapters whose pages show a program: all but installation, its other systems and the FAQ.
  assert.ok(buildable.length >= 28, `only ${buildable.length} pages give a build command`);
  assert.ok(buildable.includes('quick-start') && buildable.includes('redis'));
});

test('a block from a program file names its file and the lines it shows, linked at the branch; commands and outputs do not', () => {
  let captions = 0;
  for (const page of guidePages) {
    for (const lang of manifest.languages) {
      for (const block of includedBlocks(generated.files.get(page.entries[lang.code].relPath))) {
        const [file, region] = block.directive.split(/\s+/)[0].split('#');
        if (!isProgramFile(file)) {
          assert.equal(block.caption, null, `${page.id} ${lang.code}: ${block.directive} has a caption`);
          continue;
        }
        assert.ok(block.caption, `${page.id} ${lang.code}: ${block.directive} has no caption`);
        const target = /\]\((\S+)\)/.exec(block.caption)[1];
        if (!region) {
          assert.equal(target, `${url}/blob/${branch}/${file}`);
        } else {
          const m = new RegExp(`^${escape(`${url}/blob/${branch}/${file}`)}#L(\\d+)-L(\\d+)$`).exec(target);
          assert.ok(m, `${page.id}: ${block.caption}`);
          // The linked lines hold the region's first and last shown lines.
          const { lines, regions } = parseRegions(fs.readFileSync(path.join(repoRoot, file), 'utf8'), file);
          const { start, end } = regions.get(region);
          assert.ok(Number(m[1]) > start && Number(m[2]) <= end, `${block.directive}: lines ${m[1]}-${m[2]} outside the region (${start + 2}-${end})`);
          const shown = block.code.split('\n');
          assert.equal(lines[Number(m[1]) - 1].trim(), shown[0].trim(), `${block.directive}: line ${m[1]}`);
          assert.equal(lines[Number(m[2]) - 1].trim(), shown[shown.length - 1].trim(), `${block.directive}: line ${m[2]}`);
          assert.ok(block.caption.includes(`${m[1]}–${m[2]}`), block.caption);
        }
        captions += 1;
      }
    }
  }
  assert.ok(captions > 300, `only ${captions} captions`);
});

test('a page\'s folder is the one most of its directives include from; a tie needs chapterFolders', () => {
  const page = { id: 'x' };
  const body = (files) => files.map((f) => `<!-- guide:code examples/guide/${f} -->`).join('\n');
  const plain = { ...config, chapterFolders: {} };
  assert.equal(chapterFolder(page, body(['a/main.cc', 'b/x.sh', 'a/CMakeLists.txt']), plain), 'a');
  assert.throws(() => chapterFolder(page, body(['a/main.cc', 'b/main.cc']), plain), /chapterFolders: page "x" includes from a \(1\), b \(1\)/);
  assert.throws(() => chapterFolder(page, '# X\n', plain), /page "x" includes from no guide:code directive/);
  assert.equal(chapterFolder(page, body(['a/main.cc', 'b/main.cc']), { ...config, chapterFolders: { x: 'b' } }), 'b');
});

test('a region moved in its file, or a hand edit of a note, fails the check until the build', (t) => {
  const copy = generatedContentCopy();
  t.after(() => copy.remove());
  const page = copy.generated.manifest.pages.find((p) => p.id === 'quick-start');
  const main = path.join(copy.root, 'examples/guide/quick-start/main.cc');
  fs.writeFileSync(main, `// one more line on top\n${fs.readFileSync(main, 'utf8')}`);
  const moved = runCheck({ root: copy.root }).problems;
  assert.ok(moved.some((p) => p.startsWith(`${page.entries.en.relPath}: `)), moved.join('\n'));
  regenerate(copy.root);
  assert.deepEqual(runCheck({ root: copy.root }).problems, []);
  const rel = page.entries['zh-CN'].relPath;
  const file = path.join(copy.root, rel);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('**完整程序**：', '**完整的程序**：'));
  const edited = runCheck({ root: copy.root }).problems;
  assert.ok(edited.some((p) => p.startsWith(`${rel}: `)), edited.join('\n'));
});
