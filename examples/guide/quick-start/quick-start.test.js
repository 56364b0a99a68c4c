// The quick start page, followed word for word: in a fresh folder, the commands the page shows (from
// commands.sh) and the two files it shows (CMakeLists.txt, main.cc, as the page renders them),
// built against the Drogon of `npm run bench:setup`, then the page's curl commands, whose output must
// be what the page says you will see (expected/*.txt). The one change: port 8080 becomes a free test
// port in the commands (the program listens on its first argument, as the page says).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { guideState, pickPort, startProgram, runChecked, request, exampleRegion, normalizeOutput, checkCommand } = require('../test-support/guide-tests');

const withPort = (text, port) => text.replaceAll('8080', String(port));
const expected = (name) => normalizeOutput(exampleRegion(`quick-start/expected/${name}.txt`));

test('the quick start, followed word for word, answers as its page says', { timeout: 15 * 60 * 1000 }, async (t) => {
  const { state } = guideState(); // the Drogon prefix the setup built
  const port = await pickPort();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-quick-start-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
  // As the installation page ends: Drogon where CMake finds it. The setup's prefix is not a system
  // folder, so CMAKE_PREFIX_PATH (an environment variable CMake reads) says where it is.
  const env = { ...process.env, CMAKE_PREFIX_PATH: state.drogonPrefix };
  const bash = (region, cwd, options = {}) => runChecked(['bash', '-euo', 'pipefail', '-c', withPort(exampleRegion('quick-start/commands.sh', region), port)],
    { cwd, env, label: `commands.sh#${region}`, ...options });

  await bash('create', scratch);
  const app = path.join(scratch, 'hello');
  assert.ok(fs.statSync(app).isDirectory(), '"mkdir hello" made no folder');
  const main = exampleRegion('quick-start/main.cc');
  assert.match(exampleRegion('quick-start/commands.sh', 'run'), /^\.\/build\/hello 8080$/, 'the page no longer starts hello on 8080: update the page, commands.sh and this test');
  fs.writeFileSync(path.join(app, 'CMakeLists.txt'), `${exampleRegion('quick-start/CMakeLists.txt')}\n`);
  fs.writeFileSync(path.join(app, 'main.cc'), `${main}\n`);

  await bash('build', app, { timeoutMs: 10 * 60 * 1000 });
  assert.ok(fs.existsSync(path.join(app, 'build', 'hello')), 'the build made no build/hello');

  const server = await startProgram(['bash', '-c', withPort(exampleRegion('quick-start/commands.sh', 'run'), port)], { port, cwd: app, label: 'hello' });
  t.after(() => server.stop());

  // Each answer as the page shows it (the date header is the time of the request).
  for (const step of ['try-text', 'try-json', 'try-headers', 'try-method']) await checkCommand('quick-start', step, { port, cwd: app });
  // The page also says: without ?name= the message greets a stranger, and paths ignore case.
  const stranger = await request(`${server.url}/hello`);
  assert.equal(stranger.body, '{"message":"Hello, stranger!"}');
  const upper = await request(`${server.url}/HELLO?name=Drogon`);
  assert.equal(upper.body, '{"message":"Hello, Drogon!"}');
  // A HEAD request is answered by the GET handler, without the body.
  const head = await request(`${server.url}/`, { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
  assert.equal(head.headers['content-type'], 'text/plain; charset=utf-8');
  const missing = await request(`${server.url}/nothing-here`);
  assert.equal(missing.status, 404);

  // Ctrl+C (SIGINT to the terminal's process group) stops it.
  server.signal('SIGINT');
  const exit = await server.waitForExit(15000);
  assert.ok(exit, 'still running 15 s after SIGINT');
  assert.equal(exit.code, 0, `exit after SIGINT: ${JSON.stringify(exit)}`);
  // "You will see" the log line of main.cc, as the program built from the page's code prints it: all
  // of it but its first columns (the date, time and thread id), the source line at the end included.
  // (Read after the exit: through a pipe rather than a terminal, the log is flushed when the program ends.)
  const withoutStamp = (line) => line.replace(/^\d{8} \d\d:\d\d:\d\d\.\d{6} UTC \d+ /, '');
  const shown = expected('run');
  assert.match(shown, /^\d{8} \d\d:\d\d:\d\d\.\d{6} UTC \d+ INFO {2}.* - main\.cc:\d+$/, 'expected/run.txt is not one Drogon log line');
  const printed = normalizeOutput(server.output()).split('\n').map(withoutStamp);
  assert.ok(printed.includes(withPort(withoutStamp(shown), port)), `expected/run.txt says ${JSON.stringify(shown)}; the program built from the page printed:\n${server.output()}`);
  // The line number is that of the LOG_INFO line in main.cc as the page shows it (marker lines removed).
  const logAt = main.split('\n').findIndex((l) => l.includes('LOG_INFO')) + 1;
  assert.ok(shown.endsWith(` - main.cc:${logAt}`), `expected/run.txt names main.cc:${/\d+$/.exec(shown)[0]}, the page's main.cc logs at line ${logAt}`);
});
