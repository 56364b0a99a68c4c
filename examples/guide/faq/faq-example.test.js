// The FAQ's own program (faq_example): the configured database and Redis clients are null before
// app().run() and ready in a beginning advice and in handlers; a single-page application served from
// document_root with index.html for the application's own paths; the session cookie marked Secure.
// Against a real SQLite3 file and a real scratch Redis, started once for this file.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { guideBinary, pickPort, startProgram, startRedis, checkCommand, assertRegionOutput, exampleRegion, request, scratchDir, examplesDir } = require('../test-support/guide-tests');

const chapterDir = path.join(examplesDir, 'faq');
const SESSION_ID = [/JSESSIONID=[0-9a-f-]{36}/g, 'JSESSIONID=<a random id>'];

// The page's config.json and public/ in a scratch folder, with the test's ports (editConfig: a
// variant of the file).
function prepare(t, port, redisPort, editConfig = (text) => text) {
  const work = scratchDir(t, 'guide-faq-');
  fs.cpSync(path.join(chapterDir, 'public'), path.join(work, 'public'), { recursive: true });
  const config = fs.readFileSync(path.join(chapterDir, 'config.json'), 'utf8');
  for (const s of ['"port": 8080', '"port": 6379']) assert.equal(config.split(s).length, 2, `config.json should name ${s} once`);
  fs.writeFileSync(path.join(work, 'config.json'), editConfig(config.replace('"port": 8080', `"port": ${port}`).replace('"port": 6379', `"port": ${redisPort}`)));
  return work;
}

async function start(t, binary, work, port) {
  const run = exampleRegion('faq/commands.sh', 'run');
  assert.equal(run, './build/faq_example config.json');
  const program = await startProgram([binary, 'config.json'], { port, cwd: work, label: 'faq_example' });
  t.after(() => program.stop());
  return program;
}

test('faq_example: clients after app().run(), a single-page application, a Secure session cookie', { timeout: 10 * 60 * 1000 }, async (t) => {
  const [binary, redis] = await Promise.all([guideBinary('faq_example'), startRedis()]);
  t.after(() => redis.close());
  assert.match(exampleRegion('faq/commands.sh', 'redis-server'), /--bind 127\.0\.0\.1 /);

  const port = await pickPort();
  const program = await start(t, binary, prepare(t, port, redis.port), port);
  // The two lines main() and the beginning advice printed before the server listened.
  const lines = program.output().split('\n').filter((l) => /^(before app\(\)\.run\(\)|in a beginning advice):/.test(l));
  assertRegionOutput('faq', 'run', lines.join('\n'));

  await checkCommand('faq', 'try-visits', { port });
  assert.equal((await redis.cli('GET', 'hits')).trim(), '1');
  await checkCommand('faq', 'try-spa', { port });
  // index.html for an application path under any depth, not for other methods.
  assert.equal((await request(`${program.url}/books/42/reviews`)).body, fs.readFileSync(path.join(chapterDir, 'public/index.html'), 'utf8'));
  assert.equal((await request(`${program.url}/books/42`, { method: 'POST' })).status, 404);
  await checkCommand('faq', 'try-cookie', { port, masks: [SESSION_ID] });
  // A request that carries the session cookie starts no new session: no Set-Cookie.
  const first = await request(`${program.url}/api/session`);
  const cookie = first.headers['set-cookie'][0].split(';')[0];
  assert.equal((await request(`${program.url}/api/session`, { headers: { cookie } })).headers['set-cookie'], undefined);
  await program.stop();

  // session_same_site "None": Drogon itself adds Secure (once, with the advice too).
  const nonePort = await pickPort();
  const none = await start(t, binary, prepare(t, nonePort, redis.port, (c) => c.replace('"session_same_site": "Lax"', '"session_same_site": "None"')), nonePort);
  const setCookie = (await request(`${none.url}/api/session`)).headers['set-cookie'];
  assert.equal(setCookie.length, 1);
  assert.match(setCookie[0], /^JSESSIONID=[0-9a-f-]{36}; Path=\/; SameSite=None; Secure; HttpOnly$/);
});
