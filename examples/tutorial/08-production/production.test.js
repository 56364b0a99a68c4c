// Step 8 (production): the drogon_test program passes; the program refuses to start without its
// secret, and with it hashes with the pepper (the same password gives a hash that checks only with
// that pepper); the systemd unit and the production configuration agree on their folders.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const guide = require('../../guide/test-support/guide-tests');
const { readerFolder, startStep, migrate, checkStepRegion } = require('../test-support/tutorial-tests');

const STEP = '08-production';
const COLOURS = [/\x1b\[[0-9;]*m/g, ''];

test('step 8: tests pass, and the secret comes from the environment', { timeout: 30 * 60 * 1000 }, async (t) => {
  const dir = await readerFolder(t, STEP, { port: 0 });
  await checkStepRegion(STEP, 'test', { cwd: dir, masks: [COLOURS] });
  const env = { ...process.env };
  delete env.READINGLIST_PEPPER;
  const refused = await guide.runCommand([path.join(dir, 'build', 'readinglist')], { cwd: dir, env, label: 'readinglist without its secret' });
  assert.equal(refused.code, 1);
  assert.equal(refused.stderr, guide.exampleRegion(`${STEP}/expected/no-secret.txt`, null, path.join(__dirname, '..')) + '\n');
  await migrate(STEP, dir);
  const pepper = 'ab'.repeat(32);
  const { port, program } = await startStep(t, STEP, { dir, env: { READINGLIST_PEPPER: pepper } });
  const res = await guide.request(`http://127.0.0.1:${port}/api/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'ann', password: 'correct horse battery' }) });
  assert.equal(res.status, 201);
  await program.stop();
  // Started again with another pepper, the same password no longer signs in.
  const other = await startStep(t, STEP, { dir, env: { READINGLIST_PEPPER: 'cd'.repeat(32) } });
  const signin = await guide.request(`http://127.0.0.1:${other.port}/api/signin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'ann', password: 'correct horse battery' }) });
  assert.equal(signin.status, 401);
});

test('step 8: the unit, the nginx site and the production configuration agree', () => {
  const unit = fs.readFileSync(path.join(__dirname, 'deploy', 'readinglist.service'), 'utf8');
  const config = JSON.parse(fs.readFileSync(path.join(__dirname, 'deploy', 'production.json'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
  const value = (key) => new RegExp(`^${key}=(.*)$`, 'm').exec(unit)[1];
  assert.equal(config.app.log.log_path, `/var/log/${value('LogsDirectory')}`);
  assert.ok(config.db_clients[0].filename.startsWith(`/var/lib/${value('StateDirectory')}/`));
  assert.equal(value('ExecStart'), `${value('WorkingDirectory')}/readinglist ${value('WorkingDirectory')}/production.json`);
  assert.ok(value('ExecStartPre').endsWith(config.db_clients[0].filename));
  assert.equal(value('EnvironmentFile'), '/etc/readinglist/secrets');
  const nginx = fs.readFileSync(path.join(__dirname, 'deploy', 'readinglist.conf'), 'utf8');
  assert.match(nginx, new RegExp(`server 127\\.0\\.0\\.1:${config.listeners[0].port};`));
  assert.deepEqual(config.plugins.find((p) => p.name === 'drogon::plugin::RealIpResolver').config.trust_ips, ['127.0.0.1']);
  assert.equal(config.plugins.find((p) => p.name === 'drogon::plugin::Hodor').config.use_real_ip_resolver, true);
});
