// The configuration file page: the page's config.json (with its port replaced by a free test port)
// configures the listener, threads, sessions, server header, body size limit and custom values the
// page names; a bad file stops the program with the message the page shows.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { guideBinary, pickPort, startProgram, runCommand, exampleRegion, normalizeOutput, checkCommand, examplesDir } = require('../test-support/guide-tests');

const sessionId = [/JSESSIONID=[0-9a-f-]{36}/g, 'JSESSIONID=<id>'];

test('the settings of config.json take effect, as the page shows', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('config_example');
  const port = await pickPort();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-config-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const config = fs.readFileSync(path.join(examplesDir, 'configuration', 'config.json'), 'utf8');
  assert.equal(config.split('8080').length, 2, 'config.json should name port 8080 once');
  fs.writeFileSync(path.join(scratch, 'config.json'), config.replace('8080', String(port)));

  const run = exampleRegion('configuration/commands.sh', 'run').replace('./build/config_example', binary);
  const server = await startProgram(['bash', '-c', `exec ${run}`], { port, cwd: scratch, label: 'config_example' });
  t.after(() => server.stop());
  await checkCommand('configuration', 'try-root', { port, cwd: scratch, masks: [sessionId] });
  await checkCommand('configuration', 'try-body-limit', { port, cwd: scratch });
  await server.stop();
  // "log_level": "WARN" hides Drogon's INFO lines: the only line left is the WARN at shutdown.
  assert.doesNotMatch(server.output(), / INFO /);
});

test('a bad configuration file stops the program with a message', { timeout: 60000 }, async (t) => {
  const binary = await guideBinary('config_example');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-config-bad-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const command = exampleRegion('configuration/commands.sh', 'bad-config').replace('./build/config_example', binary);
  const run = await runCommand(['bash', '-c', command], { cwd: scratch, label: 'config_example bad.json' });
  assert.equal(run.code, 1);
  assert.equal(normalizeOutput(run.stderr), normalizeOutput(exampleRegion('configuration/expected/bad-config.txt')));
  // A missing file and a file that is not JSON are reported the same way.
  const missing = await runCommand([binary, 'missing.json'], { cwd: scratch, label: 'config_example missing.json' });
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /^cannot load missing\.json: Config file missing\.json not found!/);
  fs.writeFileSync(path.join(scratch, 'broken.json'), '{ "app": ');
  const broken = await runCommand([binary, 'broken.json'], { cwd: scratch, label: 'config_example broken.json' });
  assert.equal(broken.code, 1);
  assert.match(broken.stderr, /^cannot load broken\.json: Error reading config file broken\.json: \* Line 1, Column 10/);
});

test('drogon_ctl create project writes a config.json with the same sections', { timeout: 60000 }, async (t) => {
  const { guideState, runChecked } = require('../test-support/guide-tests');
  const { state } = guideState();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-project-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
  await runChecked([state.drogonCtl, 'create', 'project', 'demo'], { cwd: scratch, label: 'drogon_ctl create project' });
  const text = fs.readFileSync(path.join(scratch, 'demo', 'config.json'), 'utf8');
  for (const key of ['"listeners"', '"app"', '"number_of_threads"', '"log_level"', '"custom_config"']) assert.ok(text.includes(key), `no ${key}`);
});
