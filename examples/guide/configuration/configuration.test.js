// The configuration file page: the page's config.json (with its port replaced by a free test port)
// configures the listener, threads, sessions, server header, body size limit and custom values the
// page names; config.yaml does the same in YAML; the older db_clients names of legacy.json work on a
// real PostgreSQL; a bad file stops the program with the message the page shows.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { guideBinary, pickPort, startProgram, runCommand, exampleRegion, normalizeOutput, checkCommand, examplesDir, startPostgres, request, waitForCount, sortHeaderBlocks } = require('../test-support/guide-tests');

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

// YAML: Drogon built with yaml-cpp (build-drogon.sh's BUILD_YAML_CONFIG=ON, libyaml-cpp-dev) reads
// config.yaml as it reads config.json: the same answer, but its own greeting.
test('config.yaml configures the program as config.json does', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('config_example');
  const port = await pickPort();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-config-yaml-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const yaml = fs.readFileSync(path.join(examplesDir, 'configuration', 'config.yaml'), 'utf8');
  assert.equal(yaml.split('8080').length, 2, 'config.yaml should name port 8080 once');
  fs.writeFileSync(path.join(scratch, 'config.yaml'), yaml.replace('8080', String(port)));
  const run = exampleRegion('configuration/commands.sh', 'run-yaml').replace('./build/config_example', binary);
  const server = await startProgram(['bash', '-c', `exec ${run}`], { port, cwd: scratch, label: 'config_example config.yaml' });
  t.after(() => server.stop());
  const shown = await checkCommand('configuration', 'try-root-yaml', { port, cwd: scratch, masks: [sessionId] });
  // The same answer as from config.json but the greeting: every other setting took effect.
  const comparable = (text) => sortHeaderBlocks(normalizeOutput(text).replace(/^date: .*$/m, 'date: <date>').replace(sessionId[0], sessionId[1]));
  assert.equal(comparable(shown.replace('config.yaml', 'config.json')), comparable(exampleRegion('configuration/expected/try-root.txt')));
  await server.stop();
  assert.doesNotMatch(server.output(), / INFO /);
  // A key without a value is a YAML null, which Drogon cannot convert: the whole file is refused.
  const command = exampleRegion('configuration/commands.sh', 'bad-yaml').replace('./build/config_example', binary);
  const bad = await runCommand(['bash', '-c', command], { cwd: scratch, label: 'config_example empty.yaml' });
  assert.equal(bad.code, 1);
  assert.equal(normalizeOutput(bad.stderr), normalizeOutput(exampleRegion('configuration/expected/bad-yaml.txt')));
});

// The older names of two db_clients keys: connection_number opens that many connections (counted by
// PostgreSQL), characterSet sets the connection's client_encoding (asked by the program).
test('legacy.json: connection_number and characterSet still work', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('config_example');
  const pg = await startPostgres({ dbname: 'guide' });
  t.after(() => pg.stop());
  const port = await pickPort();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-config-legacy-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const legacy = fs.readFileSync(path.join(examplesDir, 'configuration', 'legacy.json'), 'utf8');
  for (const value of ['8080', '"localhost"', '5432']) assert.equal(legacy.split(value).length, 2, `legacy.json should name ${value} once`);
  fs.writeFileSync(path.join(scratch, 'legacy.json'), legacy.replace('8080', String(port))
    .replace('"localhost"', JSON.stringify(pg.socketDir)).replace('5432', String(pg.port)));
  const run = exampleRegion('configuration/commands.sh', 'run-legacy').replace('./build/config_example', binary);
  const server = await startProgram(['bash', '-c', `exec ${run}`], { port, cwd: scratch, label: 'config_example legacy.json' });
  t.after(() => server.stop());
  await checkCommand('configuration', 'try-db', { port, cwd: scratch });
  const wanted = Number(/"connection_number": (\d+)/.exec(legacy)[1]);
  const count = async () => Number((await pg.psql("SELECT count(*) FROM pg_stat_activity WHERE datname = 'guide' AND pid <> pg_backend_pid()")).trim());
  await waitForCount(count, wanted, { what: 'connections of the program PostgreSQL counts' });
  // Without db_clients (config.json's case), /db says so instead of failing.
  fs.writeFileSync(path.join(scratch, 'plain.json'), `{ "listeners": [ { "address": "127.0.0.1", "port": ${port} } ] }`);
  await server.stop();
  const plain = await startProgram([binary, 'plain.json'], { port, cwd: scratch, label: 'config_example plain.json' });
  t.after(() => plain.stop());
  const none = await request(`${plain.url}/db`);
  assert.deepEqual([none.status, none.body], [404, 'no db_client in custom_config\n']);
});
