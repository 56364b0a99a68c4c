// The guide in the real site (docsify 5 in Debian's Chromium): every code block a guide page shows in
// the browser is the text of its file region, in all three languages, the generated notes (ports, the
// parts of a file a page leaves out) render as quotes, and the search of each language finds guide
// pages in that language. The tutorial's step pages, in every language: every block of the page
// renders as code with its text, the change blocks as diffs (their + and - lines coloured), the step's
// folder link is there, and no raw Markdown or HTML shows in the text.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startSite, launchBrowser, watchProblems, gotoRoute, showRoute } = require('../support/browser');
const { generatePages } = require('../../src/generate-pages');
const { includedBlocks, loadGuideConfig } = require('../../src/guide/code-blocks');
const { repoRoot } = require('../support/content-copy');

let site;
let browser;
let map;

test.before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  map = JSON.parse(fs.readFileSync(path.join(site.siteDir, 'navigation-map.json'), 'utf8'));
});

test.after(async () => {
  if (browser) await browser.close();
  if (site) await site.close();
});

test('the code a guide page shows in the browser is its files\' code, in every language', { timeout: 400000 }, async () => {
  const { manifest, files } = generatePages({ root: repoRoot });
  // The pages of every guide section: the guide's chapters and the tutorial's steps.
  const { sections } = loadGuideConfig(repoRoot);
  const guidePages = manifest.pages.filter((p) => sections.has(p.section));
  assert.ok(guidePages.length >= 40, `only ${guidePages.length} guide pages`);
  const page = await browser.newPage();
  let compared = 0;
  let notes = 0;
  for (const entry of guidePages) {
    for (const lang of manifest.languages) {
      const { route, relPath } = entry.entries[lang.code];
      const expected = includedBlocks(files.get(relPath)).map((b) => b.code);
      await showRoute(page, site.url, route); // the next page by the address, as a reader's link does
      const shown = await page.$$eval('.markdown-section pre code', (els) => els.map((el) => el.textContent.replace(/\n$/, '')));
      // Typed blocks (commands) are on the page too: every included block must be among them, in order.
      let at = 0;
      for (const code of expected) {
        const found = shown.indexOf(code, at);
        assert.ok(found >= 0, `${relPath}: the browser does not show this block as in its file:\n${code.slice(0, 200)}`);
        at = found + 1;
        compared += 1;
      }
      // The generated notes (ports, the parts a page leaves out of a file) render as quotes with
      // their bold title and their code, no Markdown left over.
      const text = files.get(relPath);
      const noteFiles = [...text.matchAll(/^[ \t]*<!-- guide:unshown examples\/[a-z]+\/(\S+) /gm)].map((m) => m[1]);
      const quotes = await page.$$eval('.markdown-section blockquote', (els) => els.map((el) => ({
        text: el.textContent, strong: el.querySelector('strong') ? el.querySelector('strong').textContent : '', codes: [...el.querySelectorAll('code')].map((c) => c.textContent),
      })));
      for (const file of noteFiles) {
        const quote = quotes.find((q) => q.strong.includes(file));
        assert.ok(quote, `${relPath}: no quote with a bold title naming ${file}`);
        assert.ok(quote.codes.includes(file) && !quote.text.includes('**') && !quote.text.includes('`'), `${relPath}: the note on ${file} renders as ${JSON.stringify(quote.text.slice(0, 300))}`);
        notes += 1;
      }
      // The ports note: its bold title, then its text with the code spans rendered (its ports, or why none).
      const portsNote = /<!-- guide:ports [^\n]*-->\n> \*\*([^*\n]+)\*\*/.exec(text);
      assert.ok(portsNote, `${relPath}: no ports note in the page`);
      assert.ok(quotes.some((q) => q.strong === portsNote[1] && q.codes.length > 0 && !q.text.includes('**') && !q.text.includes('`')), `${relPath}: the ports note does not render as a quote with its bold title ${portsNote[1]} and its code`);
    }
  }
  assert.ok(compared > 300, `only ${compared} blocks compared`);
  assert.ok(notes > 100, `only ${notes} notes on what a page leaves out`);
  await page.close();
});

// The fenced blocks of a page's Markdown, in order: { lang, code }. The tutorial's pages put every fence
// at the start of a line, and no fence inside another.
function fencedBlocks(markdown) {
  return [...markdown.matchAll(/^```([\w+-]*)\n([\s\S]*?)\n```$/gm)].map((m) => ({ lang: m[1], code: m[2] }));
}

test('the tutorial\'s pages in the browser: code and change blocks render as code, with their language, and no raw markup', { timeout: 300000 }, async () => {
  const { manifest, files } = generatePages({ root: repoRoot });
  const steps = manifest.pages.filter((p) => p.section === 'tutorial');
  assert.ok(steps.length >= 8, `only ${steps.length} tutorial pages`);
  const page = watchProblems(await browser.newPage());
  let diffs = 0;
  // Every page and language is looked at; what is wrong is listed at the end.
  const wrong = [];
  const check = (ok, message) => { if (!ok) wrong.push(message); };
  for (const entry of steps) {
    for (const lang of manifest.languages) {
      const { route, relPath } = entry.entries[lang.code];
      const where = `${lang.code} ${route}`;
      const blocks = fencedBlocks(files.get(relPath));
      const folder = /examples\/tutorial\/(\d{2}-[\w-]+)/.exec(files.get(relPath))[1];
      await showRoute(page, site.url, route);
      const shown = await page.evaluate((step) => {
        const main = document.querySelector('#main');
        const prose = main.cloneNode(true);
        prose.querySelectorAll('pre, code').forEach((el) => el.remove());
        const folderLink = [...main.querySelectorAll('a')].find((a) => a.getAttribute('href').endsWith(`/tree/main/examples/tutorial/${step}`));
        return {
          pres: [...main.querySelectorAll('pre')].map((pre) => ({
            lang: pre.getAttribute('data-lang'),
            codeClass: pre.querySelector('code')?.className || '',
            text: pre.querySelector('code')?.textContent.replace(/\n$/, ''),
            // Prism's diff makes one token of a run of + (or -) lines, with a prefix token per line.
            inserted: pre.querySelectorAll('code .token.inserted-sign .token.prefix').length,
            deleted: pre.querySelectorAll('code .token.deleted-sign .token.prefix').length,
            coords: pre.querySelectorAll('code .token.coord').length,
          })),
          prose: prose.innerText,
          folderLinkVisible: !!folderLink && folderLink.getBoundingClientRect().height > 0,
        };
      }, folder);
      check(shown.pres.length === blocks.length, `${where}: ${blocks.length} fenced blocks in the page, ${shown.pres.length} code blocks in the browser`);
      blocks.forEach((block, i) => {
        if (!shown.pres[i]) return;
        const pre = shown.pres[i];
        check(pre.text === block.code, `${where}: block ${i + 1} (\`\`\`${block.lang}) shows other text`);
        if (block.lang) {
          check(pre.lang === block.lang, `${where}: block ${i + 1} has language ${pre.lang}, not ${block.lang}`);
          check(new RegExp(`\\blang(uage)?-${block.lang}\\b`).test(pre.codeClass), `${where}: block ${i + 1}'s code element is "${pre.codeClass}"`);
        }
        if (block.lang === 'diff') {
          // Every line that comes and goes is coloured as such; every hunk header is one.
          const lines = block.code.split('\n');
          check(pre.inserted === lines.filter((l) => l.startsWith('+')).length, `${where}: block ${i + 1}: ${pre.inserted} lines highlighted as inserted`);
          check(pre.deleted === lines.filter((l) => l.startsWith('-')).length, `${where}: block ${i + 1}: ${pre.deleted} lines highlighted as deleted`);
          check(pre.coords === lines.filter((l) => l.startsWith('@@')).length, `${where}: block ${i + 1}: ${pre.coords} hunk headers`);
          diffs += 1;
        }
      });
      check(shown.folderLinkVisible, `${where}: no visible link to examples/tutorial/${folder}`);
      // Markup that did not render: fences, comments (the generated blocks' markers), bold, links,
      // HTML tags or entities shown as text.
      const raw = /```|<!--|-->|\*\*|\]\(|<\/?[a-z][\w-]*[\s>]|&(?:lt|gt|amp|quot|#\d+);|\[\/?guide:/i.exec(shown.prose);
      check(raw === null, `${where}: raw markup in the text: ${raw && JSON.stringify(shown.prose.slice(Math.max(0, raw.index - 60), raw.index + 60))}`);
    }
  }
  assert.deepEqual(wrong, []);
  assert.ok(diffs >= 3 * 20, `only ${diffs} change blocks seen`);
  assert.deepEqual(page.problems, [], 'console errors or warnings on the tutorial pages');
  assert.deepEqual(page.failedResponses, []);
  await page.close();
});

test('the search of each language finds guide pages in that language', { timeout: 120000 }, async () => {
  const page = await browser.newPage();
  const target = map.pages.find((p) => p.id === 'websocket-controller');
  assert.ok(target, 'no websocket-controller page in the navigation map');
  for (const lang of map.languages) {
    const wanted = target.languages[lang.code];
    await gotoRoute(page, site.url, map.pages[0].languages[lang.code].route);
    let hrefs = [];
    const deadline = Date.now() + 20000;
    while (Date.now() < deadline) {
      // The index is built in the background after the first render: retype until it answers.
      await page.fill('.search input[type="search"]', '');
      await page.fill('.search input[type="search"]', 'PubSubService');
      await page.waitForTimeout(300);
      hrefs = await page.$$eval('.search .results-panel .matching-post a', (as) => as.map((a) => decodeURIComponent(a.getAttribute('href'))));
      if (hrefs.length) break;
    }
    assert.ok(hrefs.some((h) => h.startsWith(`#${wanted.route}`)), `${lang.code}: search for PubSubService did not find ${wanted.route} (results: ${hrefs.join(', ')})`);
    assert.ok(hrefs.every((h) => h.startsWith(`#/${lang.dir}/`)), `${lang.code}: results from another language: ${hrefs.join(', ')}`);
  }
  await page.close();
});
