// Step 4 (accounts): the page's sign-up, sign-in and sign-out against the step's program, then the
// refusals a real application needs: the password is in neither the database nor the log, the
// session cookie is HttpOnly and SameSite=Lax, and the eleventh sign-in of a minute is refused.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const guide = require('../../guide/test-support/guide-tests');
const { benchHome } = require('../../../shared/src/bench-state');
const { readerFolder, startStep, migrate, checkModels, checkStepRegion, MASKS } = require('../test-support/tutorial-tests');

const STEP = '04-users';
const PASSWORD = 'correct horse battery';

test('step 4: accounts, sessions, and what is refused', { timeout: 30 * 60 * 1000 }, async (t) => {
  const dir = await readerFolder(t, STEP, { port: 0 });
  await migrate(STEP, dir);
  assert.deepEqual(await checkModels(STEP, dir), ['Books.cc', 'Books.h', 'Users.cc', 'Users.h', 'model.json']);
  const { port, program } = await startStep(t, STEP, { dir });
  const signup = await checkStepRegion(STEP, 'try-signup', { port, cwd: dir, masks: [MASKS.cookie] });
  // The session cookie: HttpOnly, SameSite=Lax, for the whole site.
  assert.match(signup, /^Set-Cookie: session=[0-9a-f-]{36}; Path=\/; SameSite=Lax; HttpOnly\r?$/m);
  await checkStepRegion(STEP, 'try-signin', { port, cwd: dir });
  await checkStepRegion(STEP, 'try-refusals', { port, cwd: dir });
  await checkStepRegion(STEP, 'try-hash', { port, cwd: dir });
  // Four sign-ups and sign-ins so far this minute: six more guesses are answered, then 429.
  await checkStepRegion(STEP, 'try-guessing', { port, cwd: dir });
  await program.stop();
  // Stopped (SIGTERM) soon after sign-ins, it leaves with status 0: main()'s quick_exit.
  const exit = await program.exited;
  assert.ok(exit.code === 0 && !exit.signal, `step 4's program exit: ${JSON.stringify(exit)}`);
  // The password is stored and logged nowhere: not in the database file, not in the program's output.
  const database = fs.readFileSync(path.join(dir, 'readinglist.db'));
  assert.ok(!database.includes(PASSWORD), 'the password is in readinglist.db');
  assert.ok(!program.output().includes(PASSWORD), 'the password is in the log');
  assert.match(program.output(), /INFO  failed sign-in for ann from 127\.0\.0\.1/);
  const { stdout } = await guide.runChecked(['sqlite3', 'readinglist.db', 'SELECT password_hash FROM users'], { cwd: dir });
  assert.match(stdout.trim(), /^\$argon2id\$v=19\$m=65536,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
});

test('step 4: the packages the page installs are the setup\'s, so the tests build against them too', () => {
  const setup = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'bench', 'setup.sh'), 'utf8');
  const setupPackages = new Set(/^debian_packages=\(([^)]*)\)/m.exec(setup)[1].split(/\s+/).filter(Boolean));
  const command = guide.exampleRegion('04-users/commands.sh', 'deps', path.join(__dirname, '..'));
  const packages = /apt-get install -y (.*)$/m.exec(command)[1].split(/\s+/);
  assert.deepEqual(packages, ['libsodium-dev', 'pkg-config']);
  for (const p of packages) assert.ok(setupPackages.has(p), `${p} is on the page but bench/setup.sh does not install it`);
});

// The page explains Drogon 1.9.13's crash at exit after a session id change with these lines of
// Drogon's source: they must still say so (a new Drogon moves or fixes them).
test('step 4: the Drogon lines the page cites for the crash at exit say what the page says', (t) => {
  const { state } = guide.guideState();
  const root = path.join(benchHome(), 'src', path.basename(state.drogonPrefix), `drogon-${state.drogonSourceVersion.replace(/-[^-]*$/, '')}`);
  if (!fs.existsSync(root)) {
    t.skip(`${root}: Drogon's source is not unpacked here (npm run bench:setup does it)`);
    return;
  }
  const lines = (file, from, to) => fs.readFileSync(path.join(root, file), 'utf8').split('\n').slice(from - 1, to).join('\n');
  assert.match(lines('lib/src/SessionManager.cc', 124, 127), /^\s*sessionMapPtr_->runAfter\(10, \[this, oldId = std::move\(oldId\)\]\(\) \{\n.*\n\s*sessionMapPtr_->erase\(oldId\);\n\s*\}\);$/);
  assert.match(lines('lib/src/HttpAppFrameworkImpl.cc', 190, 190), /^\s*sessionManagerPtr_\.reset\(\);$/);
  assert.match(lines('lib/src/SessionManager.h', 44, 44), /^\s*sessionMapPtr_\.reset\(\);$/);
  assert.match(lines('lib/inc/drogon/CacheMap.h', 157, 160), /^\s*for \(auto iter = wheels_\.rbegin\(\); iter != wheels_\.rend\(\); \+\+iter\)\n\s*\{\n\s*iter->clear\(\);\n\s*\}$/);
  assert.match(lines('lib/inc/drogon/CacheMap.h', 46, 49), /^\s*~CallbackEntry\(\)\n\s*\{\n\s*cb_\(\);\n\s*\}$/);
  // The pages name the same lines.
  for (const page of ['ENG/Tutorial-4-Users.md', 'CHN/教程4-账户.md']) {
    const text = fs.readFileSync(path.join(__dirname, '..', '..', '..', page), 'utf8');
    for (const cited of ['SessionManager.cc', 'HttpAppFrameworkImpl.cc', 'SessionManager.h', 'CacheMap.h']) assert.ok(text.includes(cited), `${page} no longer cites ${cited}`);
    assert.match(text, /124–127/);
    assert.match(text, /157–160/);
  }
});
