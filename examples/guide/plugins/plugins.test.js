// The plugins page: with the page's config.json (port replaced by a free test port), the plugins
// start in dependency order, serve the handler, the built-in SlashRemover redirects, and the plugins
// stop in reverse order at Ctrl+C; the output is what expected/*.txt shows.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { guideBinary, pickPort, startProgram, exampleRegion, checkCommand, logMessages, examplesDir } = require('../test-support/guide-tests');

test('plugins start in dependency order, serve, and stop in reverse order', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('plugins_example');
  const port = await pickPort();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-plugins-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const config = fs.readFileSync(path.join(examplesDir, 'plugins', 'config.json'), 'utf8');
  assert.equal(config.split('8080').length, 2, 'config.json should name port 8080 once');
  fs.writeFileSync(path.join(scratch, 'config.json'), config.replace('8080', String(port)));

  const run = exampleRegion('plugins/commands.sh', 'run').replace('./build/plugins_example', binary);
  const server = await startProgram(['bash', '-c', `exec ${run}`], { port, cwd: scratch, label: 'plugins_example' });
  t.after(() => server.stop());
  await checkCommand('plugins', 'try-welcome', { port });
  await checkCommand('plugins', 'try-slash', { port });

  server.signal('SIGINT');
  const exit = await server.waitForExit(15000);
  assert.ok(exit, 'still running 15 s after SIGINT');
  assert.equal(exit.code, 0);
  const expected = logMessages(exampleRegion('plugins/expected/log.txt'));
  assert.equal(expected.length, 5, 'expected/log.txt should hold five log lines');
  assert.deepEqual(logMessages(server.output()), expected);
});

test('drogon_ctl create plugin writes an empty plugin', { timeout: 60000 }, async (t) => {
  const { guideState, runChecked } = require('../test-support/guide-tests');
  const { state } = guideState();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-ctl-plugin-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  await runChecked([state.drogonCtl, 'create', 'plugin', 'Greeter'], { cwd: dir, label: 'drogon_ctl create plugin' });
  const header = fs.readFileSync(path.join(dir, 'Greeter.h'), 'utf8');
  assert.match(header, /class Greeter : public drogon::Plugin<Greeter>/);
  assert.match(header, /void initAndStart\(const Json::Value &config\) override;/);
  assert.match(header, /void shutdown\(\) override;/);
});
