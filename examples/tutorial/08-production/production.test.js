// Step 8 (production): the page's release build (the one build of the step, -O3 -DNDEBUG); the
// drogon_test program passes; the program refuses to start without its secret, and with it hashes with
// the pepper (the same password gives a hash that checks only with that pepper); the page's install,
// followed word for word as root in a namespace that looks like a Debian machine with nginx (as the
// guide's Deployment chapter is tested), answers through nginx as the page shows; the systemd unit and
// the production configuration agree on their folders.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const guide = require('../../guide/test-support/guide-tests');
const { startDebianNamespace } = require('../../guide/test-support/debian-namespace');
const { tutorialDir, readerFolder, startStep, migrate, checkStepRegion } = require('../test-support/tutorial-tests');

const STEP = '08-production';
const COLOURS = [/\x1b\[[0-9;]*m/g, ''];

test('step 8: tests pass, and the secret comes from the environment', { timeout: 30 * 60 * 1000 }, async (t) => {
  const dir = await readerFolder(t, STEP, { port: 0 });
  // The page's release build is the step's build: optimised, without assertions.
  const flags = fs.readFileSync(path.join(dir, 'build', 'CMakeFiles', 'readinglist_app.dir', 'flags.make'), 'utf8');
  assert.match(flags, /^CXX_FLAGS = .*-O3 -DNDEBUG/m, flags);
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

// Drogon's error lines, and the createPath failures it logs at start.
const ERROR_LINE = /^\d{8} [\d:.]+ UTC \d+ (ERROR|FATAL) |Permission denied/m;

test('step 8, word for word on Debian: the release build under systemd, nginx in front', { timeout: 30 * 60 * 1000 }, async (t) => {
  if (process.getuid() !== 0) {
    t.skip('the page\'s commands run as root, and the namespace needs root');
    return;
  }
  const dir = await readerFolder(t, STEP);
  const ns = await startDebianNamespace(guide.scratchDir(t, 'tutorial-deploy-ns-'));
  t.after(() => ns.stop());
  const sh = async (script, label) => {
    const r = await ns.run(`cd '${dir}'\n${script}`, { label, timeoutMs: 180000 });
    assert.equal(r.code, 0, `${label} failed (exit ${r.code}):\n${r.stdout}${r.stderr}`);
    return r.stdout;
  };
  const region = (name) => sh(guide.exampleRegion(`${STEP}/commands.sh`, name, tutorialDir), `${STEP}/commands.sh#${name}`);

  // The machine as the reader has it: Debian's nginx installed and running with its default site.
  assert.ok(fs.existsSync(ns.file('/etc/nginx/sites-enabled/default')), 'this machine has no default nginx site to start from');
  await sh('systemctl start nginx', 'systemctl start nginx (as after apt install nginx)');
  // The page's apt-get install finds its packages installed (the setup installs them) and current:
  // apt's package lists are emptied in the namespace's copy of /var, so that a newer version in this
  // machine's lists (which would need the network the namespace has not) cannot turn it into a download.
  await sh('find /var/lib/apt/lists -maxdepth 1 -type f -delete', 'apt lists: installed packages only');
  await region('install');
  // systemctl start returns before the program listens; a reader types the next command later.
  await sh('for i in $(seq 300); do curl -s -o /dev/null http://127.0.0.1:8080/ && exit 0; sleep 0.1; done; exit 1', 'the service listens');
  const notes = ns.file('/run/systemctl-standin/notes');
  if (fs.existsSync(notes)) t.diagnostic(`systemctl stand-in: ${fs.readFileSync(notes, 'utf8').trim()}`);

  // The page's requests, through nginx, and the log it shows.
  guide.assertRegionOutput(STEP, 'try-deployed', await region('try-deployed'), { base: tutorialDir });
  // Drogon writes its log file within a second or so (and makes it with the first line); a reader
  // types the next command later.
  const logFile = ns.file('/var/log/readinglist/readinglist.log');
  const logged = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');
  for (let i = 0; i < 100 && !logged().includes('failed sign-in'); i++) await guide.sleep(100);
  const shown = await region('show-log');
  assert.deepEqual(guide.logMessages(shown), guide.logMessages(guide.exampleRegion(`${STEP}/expected/show-log.txt`, null, tutorialDir)), shown);

  // The secret: root's only, and what the service got (ann's hash checks with it, not with another).
  assert.equal((await sh('stat -c "%U %a" /etc/readinglist /etc/readinglist/secrets', 'stat secrets')).trim(), 'root 700\nroot 600');
  // The style sheet comes from nginx, straight from the disk.
  assert.equal(await sh("curl -s -H 'Host: readinglist.example.com' http://127.0.0.1/style.css", 'GET /style.css'), fs.readFileSync(path.join(tutorialDir, STEP, 'public', 'style.css'), 'utf8'));
  assert.match(await sh("curl -sI -H 'Host: readinglist.example.com' http://127.0.0.1/style.css", 'HEAD /style.css'), /^server: nginx/im);
  // Hodor counts sign-ins per client as nginx saw it (RealIpResolver): 10 a minute from 127.0.0.2,
  // then 429 for it, while 127.0.0.3 still signs in.
  const signins = await sh(`signin() { curl -s -o /dev/null -w '%{http_code}\n' --interface "$1" -H 'Host: readinglist.example.com' -H 'Content-Type: application/json' \
  -d '{"name": "ann", "password": "'"$2"'"}' http://127.0.0.1/api/signin; }
for i in $(seq 10); do signin 127.0.0.2 wrong-password-$i; done
signin 127.0.0.2 'correct horse battery'
signin 127.0.0.3 'correct horse battery'`, 'sign-ins from two clients');
  assert.deepEqual(signins.trim().split('\n'), [...Array(10).fill('401'), '429', '200'], signins);
  // The log names the client nginx passed on, not nginx.
  const failedSignins = () => guide.logMessages(logged()).filter((m) => /failed sign-in/.test(m));
  for (let i = 0; i < 100 && failedSignins().length < 11; i++) await guide.sleep(100);
  const failed = failedSignins();
  assert.deepEqual(failed, ['INFO  failed sign-in for ann from 127.0.0.1', ...Array(10).fill('INFO  failed sign-in for ann from 127.0.0.2')], logged());

  // The program's data and log are where the unit lets its user write, and nothing else is its.
  const owned = (await sh('find /etc /srv /var /run /home -xdev -user readinglist 2>/dev/null || true', 'find -user readinglist')).trim().split('\n').filter(Boolean);
  assert.ok(owned.includes('/var/lib/readinglist/readinglist.db'), owned.join('\n'));
  assert.deepEqual(owned.filter((p) => !/^\/var\/(log|lib)\/readinglist(\/|$)/.test(p)), []);
  // The password is in neither the database nor the log.
  const db = fs.readFileSync(ns.file('/var/lib/readinglist/readinglist.db'));
  assert.ok(!db.includes('correct horse battery'), 'the password is in the database in clear');

  // Stopped as systemd stops it (SIGTERM), within 10 s of a sign-in: it leaves with status 0.
  await sh('systemctl stop readinglist', 'systemctl stop readinglist');
  assert.equal(fs.readFileSync(ns.file('/run/systemctl-standin/readinglist.status'), 'utf8').trim(), '0', 'the program\'s exit status');
  const logDir = ns.file('/var/log/readinglist');
  for (const file of [...fs.readdirSync(logDir).map((f) => path.join(logDir, f)), ns.file('/run/systemctl-standin/readinglist.journal')]) {
    const text = fs.readFileSync(file, 'utf8');
    assert.doesNotMatch(text, ERROR_LINE, `${file}:\n${text.slice(0, 3000)}`);
    assert.ok(!text.includes('correct horse battery'), `${file}: the password in clear`);
  }
  t.diagnostic('the page followed word for word: answers through nginx as shown, no error logged');
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
