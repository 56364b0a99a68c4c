// The Redis page, against a real Redis: Debian's redis-server, started once for this file in a
// scratch folder on a free port (nothing saved to disk) and stopped by its process group. The page's
// commands run with that port in place of 6379 and a test port in place of 8080; their output is
// expected/<region>.txt. Redis itself is then read with redis-cli, a second copy of the program is
// started with its client made in code (pub/sub: a message posted to one copy reaches both), and
// Redis is stopped and started again under them to check the timeout and the reconnection of the
// client and of the subscriber.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { guideBinary, pickPort, startProgram, startRedis, runChecked, exampleRegion, checkCommand, logMessages, request, requestJson, examplesDir, sleep } = require('../test-support/guide-tests');

const chapterDir = path.join(examplesDir, 'redis');

// A region of commands.sh as the page shows it, with the test's ports.
function command(region, port, redisPort, secondPort = port) {
  return exampleRegion('redis/commands.sh', region).replaceAll('8080', String(port)).replaceAll('8081', String(secondPort)).replaceAll('6379', String(redisPort));
}

// Polls GET /news of a copy until it has heard `count` messages (the subscriber gets a message a
// moment after PUBLISH has answered), at most 5 s.
async function waitForNews(url, count) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const res = await requestJson(`${url}/news`);
    if (res.json.news && res.json.news.length >= count) return res.json.news;
    assert.ok(Date.now() < deadline, `${url}/news did not get ${count} messages within 5 s: ${res.body}`);
    await sleep(50);
  }
}

// Runs a try-* region and checks its output against expected/<region>.txt.
const checkRegion = (region, port, redisPort) => checkCommand('redis', region, { port, replace: { 6379: redisPort } });

test('the Redis page\'s commands against a real redis-server', { timeout: 10 * 60 * 1000 }, async (t) => {
  const [binary, redis] = await Promise.all([guideBinary('redis_likes'), startRedis()]);
  t.after(() => redis.close());
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-redis-work-'));
  t.after(() => fs.rmSync(work, { recursive: true, force: true }));

  // The page's redis-server command is the one this test runs (plus the scratch folder and port).
  // It listens on the loopback interface only.
  assert.equal(exampleRegion('redis/commands.sh', 'redis-server'), "redis-server --port 6379 --bind 127.0.0.1 --save '' --appendonly no");

  // The configuration file of the page, with the test's ports.
  const port = await pickPort();
  const config = fs.readFileSync(path.join(chapterDir, 'config.json'), 'utf8');
  assert.match(config, /"port": 8080/);
  assert.match(config, /"port": 6379/);
  fs.writeFileSync(path.join(work, 'config.json'), config.replace('"port": 8080', `"port": ${port}`).replace('"port": 6379', `"port": ${redis.port}`));
  const run = command('run', port, redis.port).replace('./build/redis_likes', binary);
  const server = await startProgram(['bash', '-c', `exec ${run}`], { port, cwd: work, label: 'redis_likes (config.json)' });
  t.after(() => server.stop());

  for (const region of ['try-visits', 'try-likes', 'try-errors']) await checkRegion(region, port, redis.port);

  // What Redis holds now: the transaction added each user once; the page name with a space was one key.
  assert.deepEqual((await redis.cli('SMEMBERS', 'likes:7')).trim().split('\n').sort(), ['ann', 'bob']);
  assert.equal((await redis.cli('GET', 'visits:my page')).trim(), '1');
  assert.equal((await redis.cli('EXISTS', 'visits:my')).trim(), '0');
  // As the page says of EXEC: a failed command does not stop the others of the transaction.
  const exec = await runChecked(['bash', '-c', `printf 'MULTI\\nSADD likes:8 cy\\nSET after ran\\nEXEC\\n' | redis-cli -p ${redis.port}`], { label: 'redis-cli MULTI' });
  assert.match(exec.stdout, /WRONGTYPE[\s\S]*OK/);
  assert.equal((await redis.cli('GET', 'after')).trim(), 'ran');

  // A second copy, with the same client made in code (createRedisClient) instead of config.json.
  const codePort = await pickPort();
  const inCode = command('run-second', port, redis.port, codePort).replace('./build/redis_likes', binary);
  const codeServer = await startProgram(['bash', '-c', `exec ${inCode}`], { port: codePort, cwd: work, label: 'redis_likes (in code)' });
  try {
    const res = await requestJson(`${codeServer.url}/visits/in-code`, { method: 'POST' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { page: 'in-code', visits: 1 });

    // Pub/sub: both copies subscribed when they started (two receivers for each message); a message
    // posted to the first copy, and one published with redis-cli, reach both. A copy subscribes on a
    // connection of its own, a moment after it listens: wait until Redis counts both subscribers, or
    // the page's {"receivers":2} would race the second copy's SUBSCRIBE.
    const subscribedBy = Date.now() + 5000;
    while ((await redis.cli('PUBSUB', 'NUMSUB', 'news')).trim().split('\n')[1] !== '2') {
      assert.ok(Date.now() < subscribedBy, 'the two copies did not both subscribe to news within 5 s');
      await sleep(50);
    }
    await checkCommand('redis', 'try-news', { port, replace: { 6379: redis.port } });
    await waitForNews(server.url, 2);
    await waitForNews(codeServer.url, 2);
    await checkCommand('redis', 'try-news-read', { port, replace: { 6379: redis.port, 8081: codePort } });
    // Each copy's subscriber is a connection of its own, subscribed to one channel.
    const subscribed = (await redis.cli('CLIENT', 'LIST')).split('\n').filter((l) => / sub=1 /.test(l));
    assert.equal(subscribed.length, 2, `expected two subscribed connections:\n${subscribed.join('\n')}`);
  } finally {
    await codeServer.stop();
  }

  // Redis stops: with the 1 s timeout of config.json, a command fails after about a second (503)
  // instead of waiting for a connection.
  await redis.stop();
  let started = Date.now();
  await checkRegion('try-down', port, redis.port);
  const seconds = (Date.now() - started) / 1000;
  assert.ok(seconds >= 0.9 && seconds < 3, `a command with Redis down took ${seconds} s; expected about 1 s (the timeout)`);

  // Redis is back (empty: it saved nothing): the client reconnects by itself, no restart needed.
  // Drogon tries again every two seconds.
  await redis.start();
  started = Date.now();
  let last;
  for (;;) {
    last = await requestJson(`${server.url}/visits/home`, { method: 'POST' });
    if (last.status === 200) break;
    assert.ok(Date.now() - started < 5000, `no reconnection to Redis within 5 s; last answer ${last.status} ${last.body}`);
    await sleep(100);
  }
  assert.deepEqual(last.json, { page: 'home', visits: 1 });
  // The subscriber connects again too (also every two seconds) and subscribes anew: a message
  // published now reaches the one copy left.
  started = Date.now();
  while ((await redis.cli('PUBLISH', 'news', 'Back again')).trim() !== '1') {
    assert.ok(Date.now() - started < 5000, 'the subscriber did not subscribe again within 5 s of Redis coming back');
    await sleep(100);
  }
  assert.deepEqual((await waitForNews(server.url, 3)).slice(-1), ['Back again']);

  // The synchronous PING of the beginning advice answered (the log is complete once it stopped).
  await server.stop();
  assert.ok(logMessages(server.output()).includes('INFO  Redis answered PONG'), `no "Redis answered PONG" in the log:\n${server.output()}`);
});
