// The page runner itself (examples/guide/page-runner/): what it reads of a page, the marks it checks
// before running anything, the one rewrite it makes for a prefix, and that it fails on a page changed
// to have a broken command: a command that fails, bash syntax in an sh block, an output other than
// the page's, a server that does not start. The broken pages are the quick start's page with a few
// blocks of its own, run against the real Drogon in a real namespace, as the page tests run pages.
// Covers: examples/guide/page-runner/read-page.js, examples/guide/page-runner/run-page.js,
//   examples/guide/page-runner/machine.js, examples/guide/page-runner/chapter-builds.js,
//   examples/guide/page-runner/compare-output.js, examples/guide/page-runner/installs.js,
//   examples/guide/page-runner/follow-pages.js, examples/guide/page-runner/cli.js,
//   examples/guide/page-runner/compiler-cache.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { guidePages, readPage, pageSteps } = require('./page-runner/read-page');
const { runPage, pageProblems, forInstall, folderCommand, markProblems, choicesOf } = require('./page-runner/run-page');
const { outputDiffers, masksFor } = require('./page-runner/compare-output');
const { installFor } = require('./page-runner/installs');
const { repoRoot } = require('./test-support/guide-tests');

const quickStart = () => guidePages().find((p) => p.id === 'quick-start');

test('every guide page reads as steps, its marks hold, and every language shows the same commands, marked alike', () => {
  const pages = guidePages();
  assert.ok(pages.length >= 30, `only ${pages.length} guide pages`);
  const problems = pages.flatMap((p) => pageProblems(p).problems);
  assert.deepEqual(problems, []);
  const steps = readPage(quickStart());
  const folder = steps.find((s) => s.kind === 'folder');
  assert.deepEqual(folder, { kind: 'folder', chapter: 'quick-start', base: 'examples/guide', buildCommand: 'cmake -S . -B build && cmake --build build', prefixOption: '-DCMAKE_PREFIX_PATH=$HOME/drogon' });
  const run = steps.find((s) => s.kind === 'commands' && s.region === 'run');
  assert.deepEqual([run.lang, run.text, run.run], ['sh', './build/hello 8080', { keepsRunning: true }]);
  // What runs is the page's text as rendered (entities decoded, highlighting removed), not the file's.
  const tryHeaders = steps.find((s) => s.region === 'try-headers');
  assert.equal(tryHeaders.text, "curl -i 'http://127.0.0.1:8080/hello?name=Drogon'");
});

test('a tutorial step\'s page: its folder is under examples/tutorial, and the files its changes show are not commands', () => {
  const database = guidePages().find((p) => p.id === 'tutorial-database');
  const steps = readPage(database);
  assert.deepEqual(steps.find((s) => s.kind === 'folder'), { kind: 'folder', chapter: '03-database', base: 'examples/tutorial', buildCommand: 'cmake -S . -B build && cmake --build build', prefixOption: '-DCMAKE_PREFIX_PATH=$HOME/drogon' });
  // migrate.sh, a new file of the step shown whole in an sh block, is a file, not a command.
  const commands = steps.filter((s) => s.kind === 'commands');
  assert.ok(commands.every((s) => s.region), commands.filter((s) => !s.region).map((s) => s.text.split('\n')[0]).join(', '));
  assert.deepEqual(commands.map((s) => s.region).slice(0, 4), ['migrate', 'models', 'build', 'run']);
  const expectedStep = steps.find((s) => s.kind === 'expected');
  assert.equal(expectedStep.file, `examples/tutorial/${expectedStep.rel}`);
  const html = '<!-- guide:changes examples/tutorial/x (generated) -->\n<pre data-lang="sh"><code>echo a file\n</code></pre>\n<!-- /guide:changes -->\n'
    + '<pre data-lang="sh"><code>echo a command\n</code></pre>\n';
  assert.deepEqual(pageSteps(html, { where: 'ENG/X.md' }).map((s) => s.text), ['echo a command']);
});

test('the page is read as the prerender renders it: entities and Prism markup give back the text', () => {
  const html = '<h2 id="x">Try &amp; see</h2>\n<!-- guide:code examples/guide/x/commands.sh#a keeps-running (note) -->\n'
    + '<pre data-lang="sh" class="language-sh"><code class="lang-sh language-sh"><span class="token function">curl</span> -d <span class="token string">\'a=&lt;b&gt;&amp;c\'</span> x <span class="token operator">&gt;</span> y\n</code></pre>\n<!-- /guide:code -->\n'
    + '<blockquote>\n<p><strong>Not run by this site\'s tests:</strong> no Windows here.</p>\n</blockquote>\n'
    + '<pre data-lang="bash" class="language-bash"><code class="lang-bash language-bash">echo $((1 + 1))\n</code></pre>\n';
  const steps = pageSteps(html, { where: 'ENG/X.md' });
  assert.deepEqual(steps.map((s) => [s.kind, s.lang, s.text, s.heading]), [
    ['commands', 'sh', "curl -d 'a=<b>&c' x > y", 'Try & see'],
    ['note', undefined, "Not run by this site's tests: no Windows here.", 'Try & see'],
    ['commands', 'bash', 'echo $((1 + 1))', 'Try & see'],
  ]);
});

test('marks: an untested block needs a note after it, a note needs an untested block, stops= a terminal', () => {
  const commands = (region, run = {}, heading = 'H') => ({ kind: 'commands', lang: 'sh', text: `echo ${region}`, region, run, heading });
  const note = (heading = 'H') => ({ kind: 'note', text: 'Not run by this site\'s tests: x', heading });
  assert.deepEqual(markProblems([commands('a', { untested: true }), note()], 'P'), []);
  assert.match(markProblems([commands('a', { untested: true }), commands('b', {}, 'H2'), note('H2')], 'P').join('\n'), /#a is marked untested, but no note/);
  assert.match(markProblems([commands('a'), note()], 'P').join('\n'), /follows no block marked untested/);
  assert.deepEqual(markProblems([note()], 'P'), []); // about code that is not shell commands
  assert.match(markProblems([commands('b', { stops: 'a' })], 'P').join('\n'), /stops=a, but no block above it keeps running/);
  assert.deepEqual(markProblems([commands('a', { keepsRunning: true }), commands('b', { stops: 'a' })], 'P'), []);
  assert.deepEqual(choicesOf([commands('a', { choice: 'sqlite3' }), commands('b', { choice: 'postgresql' }), commands('c')]), ['sqlite3', 'postgresql']);
  assert.deepEqual(choicesOf([commands('c')]), [null]);
});

test('with a prefix, each configuring cmake gets the folder note\'s option; nothing else changes', () => {
  const prefix = { name: 'prefix' };
  const option = '-DCMAKE_PREFIX_PATH=$HOME/drogon';
  assert.equal(forInstall('cmake -S . -B build && cmake --build build', prefix, option), 'cmake -S . -B build -DCMAKE_PREFIX_PATH=$HOME/drogon && cmake --build build');
  assert.equal(forInstall('cd build\ncmake ..\nmake', prefix, option), 'cd build\ncmake .. -DCMAKE_PREFIX_PATH=$HOME/drogon\nmake');
  assert.equal(forInstall('cmake -S . -B b -DCMAKE_PREFIX_PATH=/opt/x', prefix, option), 'cmake -S . -B b -DCMAKE_PREFIX_PATH=/opt/x');
  assert.equal(forInstall('ctest --test-dir build', prefix, option), 'ctest --test-dir build');
  assert.equal(forInstall('cmake -S . -B build', { name: 'usr-local' }, option), 'cmake -S . -B build');
});

test('a page\'s first blocks that only build the copy again (a release build) are part of its built copy; a block that repeats the folder note\'s command, or anything else first, is not', () => {
  const folder = { kind: 'folder', chapter: 'x', buildCommand: 'cmake -S . -B build && cmake --build build', prefixOption: '-DCMAKE_PREFIX_PATH=$HOME/drogon' };
  const block = (text, run = {}) => ({ kind: 'commands', lang: 'sh', text, run });
  const release = block('cmake -S . -B build -DCMAKE_BUILD_TYPE=Release\ncmake --build build');
  const usrLocal = { name: 'usr-local' };
  assert.equal(folderCommand([folder, release, block('./build/x 8080', { keepsRunning: true })], folder, usrLocal),
    'cmake -S . -B build && cmake --build build\ncmake -S . -B build -DCMAKE_BUILD_TYPE=Release\ncmake --build build');
  assert.equal(folderCommand([folder, release], folder, { name: 'prefix' }),
    'cmake -S . -B build -DCMAKE_PREFIX_PATH=$HOME/drogon && cmake --build build\ncmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=$HOME/drogon\ncmake --build build');
  assert.equal(folderCommand([folder, block('cmake -S . -B build\ncmake --build build'), release], folder, usrLocal).split('\n').length, 3);
  assert.equal(folderCommand([folder, block('ls build'), release], folder, usrLocal), folder.buildCommand);
  assert.equal(folderCommand([folder, block('cmake -S . -B build -DX=$(pwd) && cmake --build build')], folder, usrLocal), folder.buildCommand);
  assert.equal(folderCommand([folder, block('cmake -S . -B build -DCMAKE_BUILD_TYPE=Release', { untested: true })], folder, usrLocal), folder.buildCommand);
  // The pages as they are: Deployment's and the tutorial's last step's release builds.
  for (const id of ['deployment', 'tutorial-production']) {
    const steps = readPage(guidePages().find((p) => p.id === id));
    const command = folderCommand(steps, steps.find((s) => s.kind === 'folder'), usrLocal);
    assert.match(command, /\ncmake -S \. -B build -DCMAKE_BUILD_TYPE=Release/, id);
  }
});

test('outputs: dates, log stamps and header order aside, a command prints what the page shows; a stopped program printed it among the rest', () => {
  const page = 'HTTP/1.1 200 OK\ncontent-length: 2\ndate: Mon, 23 Nov 2026 11:08:25 GMT\nserver: drogon/1.9.13\n\nok';
  assert.equal(outputDiffers('HTTP/1.1 200 OK\r\nserver: drogon/1.9.13\r\ndate: Sat, 28 Nov 2026 17:00:00 GMT\r\ncontent-length: 2\r\n\r\nok\n', page), null);
  assert.match(outputDiffers('HTTP/1.1 200 OK\ncontent-length: 2\n\nok', page), /printed:/);
  const log = '20261127 07:49:54.925591 UTC 10240 INFO  Server running - main.cc:32';
  assert.equal(outputDiffers('20261128 17:38:06.336841 UTC 206 INFO  Server running - main.cc:32\nmore\n', log, { ended: false }), null);
  assert.notEqual(outputDiffers('20261128 17:38:06.336841 UTC 206 INFO  Server running - main.cc:33\n', log, { ended: false }), null);
});

test('what varies from run to run is masked per expected file, and every file the masks name exists', () => {
  const { masks } = JSON.parse(fs.readFileSync(path.join(__dirname, 'page-runner', 'output-masks.json'), 'utf8'));
  const named = masks.flatMap((m) => m.expected);
  // A file under examples/guide, or under examples/tutorial for a tutorial step's output.
  assert.deepEqual(named.filter((rel) => ![__dirname, path.join(__dirname, '..', 'tutorial')].some((dir) => fs.existsSync(path.join(dir, rel)))), []);
  const page = 'Set-Cookie: JSESSIONID=0b1c8a63-7e4f-4a4e-9c53-2fa8a4f3c5d1; path=/';
  const run = 'Set-Cookie: JSESSIONID=9f0e1d2c-3b4a-4958-8776-655443322110; path=/';
  assert.equal(outputDiffers(run, page, { rel: 'sessions/expected/try-first.txt' }), null);
  assert.notEqual(outputDiffers(run, page, { rel: 'quick-start/expected/try-text.txt' }), null); // no mask there
  assert.equal(masksFor('quick-start/expected/try-text.txt').length, 0);
});

// A page made of the quick start's folder note and blocks of its own: what the page tests run, cut to
// what each case needs (the chapter's built copy serves every case: nothing is compiled here).
function brokenPage(blocks) {
  const original = fs.readFileSync(path.join(repoRoot, quickStart().entries.en.relPath), 'utf8');
  const note = /<!-- guide:example-folder[\s\S]*?<!-- \/guide:example-folder -->/.exec(original)[0];
  return `# Quick start\n\n${note}\n\n## Try it\n\n${blocks.join('\n\n')}\n`;
}
const block = (region, text, { options = '', lang = 'sh' } = {}) => `<!-- guide:code examples/guide/quick-start/commands.sh#${region}${options ? ` ${options}` : ''} -->\n\`\`\`${lang}\n${text}\n\`\`\`\n<!-- /guide:code -->`;
const expected = (region, text) => `<!-- guide:code examples/guide/quick-start/expected/${region}.txt -->\n\`\`\`text\n${text}\n\`\`\`\n<!-- /guide:code -->`;
const server = block('run', './build/hello', { options: 'keeps-running' });

test('a page changed to have a broken command fails, naming the block and what it printed', { timeout: 30 * 60 * 1000 }, async (t) => {
  if (process.getuid() !== 0) {
    t.skip('the page runner needs root (a namespace per page)');
    return;
  }
  const install = installFor('prefix');
  const page = quickStart();
  const follow = (blocks) => runPage(page, install, { markdown: brokenPage(blocks) });

  // The page as it should be passes: the server answers as shown.
  const good = await follow([server, block('try-text', 'curl -s http://127.0.0.1:8080/'), expected('try-text', 'Hello, world!')]);
  assert.deepEqual(good.choices[0].compared, ['quick-start/expected/try-text.txt']);

  await assert.rejects(follow([server, block('try-text', 'curl -s http://127.0.0.1:8080/ | grpe Hello'), expected('try-text', 'Hello, world!')]),
    /#try-text ended with exit 127[\s\S]*grpe: not found/);
  // sh means sh: process substitution is bash's. The same text in a bash block runs.
  await assert.rejects(follow([block('create', 'cat <(echo made)')]), /#create ended with exit 2[\s\S]*Syntax error: "\(" unexpected/);
  const bash = await follow([block('create', 'cat <(echo made)', { lang: 'bash' })]);
  assert.deepEqual(bash.choices[0].ran, ['#create']);
  await assert.rejects(follow([server, block('try-text', 'curl -s http://127.0.0.1:8080/'), expected('try-text', 'Hello, page!')]),
    /#try-text printed:\nHello, world!\n--- the page shows:\nHello, page!/);
  await assert.rejects(follow([block('run', './build/helo', { options: 'keeps-running' })]), /#run should keep running, but ended \(exit 127\)/);
  // The folder the reader is in carries over: after cd, ./build/hello is not there.
  await assert.rejects(follow([block('create', 'mkdir -p certs && cd certs'), server]), /#run should keep running, but ended \(exit 127\)[\s\S]*build\/hello: not found/);
});

test('a reader\'s compiles go through the compiler cache: a program built again in another folder is not compiled again', { timeout: 10 * 60 * 1000 }, async (t) => {
  if (process.getuid() !== 0) {
    t.skip('the page runner needs root (a namespace per page)');
    return;
  }
  // A program new to the cache, built in one folder and then in another, as two pages of the
  // tutorial build the same files; ccache's stats log says what each compile of main.cc was.
  const program = `int main() { return ${process.pid}${Date.now() % 100000}; }`;
  const build = (dir) => [
    `mkdir -p /root/${dir} && cd /root/${dir}`,
    `printf '%s\\n' '${program}' > main.cc`,
    "printf 'cmake_minimum_required(VERSION 3.16)\\nproject(p CXX)\\nadd_executable(p main.cc)\\n' > CMakeLists.txt",
    'cmake -S . -B build > /dev/null',
    `CCACHE_STATSLOG=/root/${dir}.stats cmake --build build > /dev/null`,
  ].join('\n');
  const page = quickStart();
  const summary = await runPage(page, installFor('prefix'), { markdown: brokenPage([
    block('first', `${build('cc-first')}\ngrep -x cache_miss /root/cc-first.stats`), expected('first', 'cache_miss'),
    block('again', `${build('cc-again')}\ngrep -x direct_cache_hit /root/cc-again.stats`), expected('again', 'direct_cache_hit'),
  ]) });
  assert.deepEqual(summary.choices[0].compared, ['quick-start/expected/first.txt', 'quick-start/expected/again.txt']);
});
