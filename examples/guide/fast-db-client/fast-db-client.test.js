// The FastDbClient page, against a real PostgreSQL 15 (Debian's, in a scratch folder, started once
// for this file) reached through a proxy on a loopback port that delays every packet by 1 ms each
// way, the round trip of a database on another machine. The page's commands run with the proxy's
// port in place of 5432 and a test port in place of 8080; psql reaches the scratch server. Checked:
// the connections each client opens (pg_stat_activity), what auto_batch does to the statements sent
// with a failing one, the two kinds of timeout, and the throughput figures the page quotes: the test
// measures them again (best of three runs per client) and asserts the order the page claims, never
// an exact rate.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { guideBinary, pickPort, startProgram, startPostgres, startLatencyProxy, runRegion, assertRegionOutput, exampleRegion, normalizeOutput, examplesDir, sleep } = require('../test-support/guide-tests');

const chapterDir = path.join(examplesDir, 'fast-db-client');
const DELAY_MS = 1; // each way, as the page says

// A region of commands.sh as the page shows it, with the test's ports.
function command(region, port, pgPort) {
  return exampleRegion('fast-db-client/commands.sh', region).replaceAll('8080', String(port)).replaceAll('5432', String(pgPort));
}

// replace: more of the page's values for the test's (psql's address: the scratch server's socket folder).
async function runTry(region, port, pgPort, env, replace = {}) {
  return (await runRegion('fast-db-client', region, { replace: { 8080: port, 5432: pgPort, ...replace }, env })).stdout;
}

// The times in an answer vary from run to run; the page shows one run's (checkOutput masks them).
const checkOutput = (region, stdout) => assertRegionOutput('fast-db-client', region, stdout, { masks: [[/"waited_ms":\d+/g, '"waited_ms":<ms>']] });

const jsonLines = (text) => text.trim().split('\n').map((line) => JSON.parse(line));

test('FastDbClient page: connections, pipelining, auto_batch and timeouts on a real PostgreSQL', { timeout: 10 * 60 * 1000 }, async (t) => {
  const [binary, pg] = await Promise.all([guideBinary('db_throughput'), startPostgres()]);
  let proxy = null;
  let server = null;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-fastdb-'));
  try {
    proxy = await startLatencyProxy({ target: { path: path.join(pg.socketDir, `.s.PGSQL.${pg.port}`) }, delayMs: DELAY_MS });
    const port = await pickPort();
    const config = fs.readFileSync(path.join(chapterDir, 'config.json'), 'utf8');
    assert.equal(config.split('"port": 5432').length - 1, 6, 'config.json: six clients on port 5432');
    fs.writeFileSync(path.join(work, 'config.json'), config.replaceAll('"port": 5432', `"port": ${proxy.port}`).replace('"port": 8080', `"port": ${port}`));
    const run = command('run', port, proxy.port).replace('./build/db_throughput', binary);
    server = await startProgram(['bash', '-c', `exec ${run}`], { port, cwd: work, label: 'db_throughput' });
    const psqlEnv = { ...process.env, ...pg.env };

    // Connections: the clients open them in the background; wait until all are there, then the
    // page's query must show exactly expected/try-connections.txt.
    const want = normalizeOutput(exampleRegion('fast-db-client/expected/try-connections.txt'));
    const deadline = Date.now() + 15000;
    let connections;
    for (;;) {
      connections = await runTry('try-connections', port, proxy.port, psqlEnv, { '-h 127.0.0.1': `-h ${pg.socketDir}` });
      if (normalizeOutput(connections) === want || Date.now() > deadline) break;
      await sleep(200);
    }
    checkOutput('try-connections', connections);

    // auto_batch: the statements sent after a failing one in the same batch fail with it.
    checkOutput('try-divide', await runTry('try-divide', port, proxy.port));

    // Throughput: the page's burst commands, three times; each client's best run counts.
    const measure = async (burstPort) => {
      const best = {};
      for (let round = 0; round < 3; round++) {
        for (const r of jsonLines(await runTry('try-burst', burstPort, proxy.port))) {
          assert.equal(r.failed, 0, `burst on ${r.client}: ${r.failed} queries failed`);
          assert.equal(r.queries, 400);
          best[r.client] = Math.max(best[r.client] || 0, r.per_second);
        }
      }
      return best;
    };
    const best = await measure(port);
    t.diagnostic(`queries per second, best of 3 bursts of 400, ${DELAY_MS} ms each way: ${JSON.stringify(best)}`);
    // What the page claims: four connections do several times the work of one (the round trip is
    // the limit, and four wait at once); one pipelined connection of a fast client does at least ten
    // times the work of one connection, and several times that of four; auto_batch in the same range.
    assert.ok(best.pool4 >= 2 * best.pool1, `pool4 ${best.pool4}/s is not at least twice pool1 ${best.pool1}/s`);
    assert.ok(best.fast >= 10 * best.pool1, `fast ${best.fast}/s is not at least ten times pool1 ${best.pool1}/s`);
    assert.ok(best.fast >= 3 * best.pool4, `fast ${best.fast}/s is not at least three times pool4 ${best.pool4}/s`);
    assert.ok(best.fast_batch >= 10 * best.pool1, `fast_batch ${best.fast_batch}/s is not at least ten times pool1 ${best.pool1}/s`);
    assert.ok(best.fast_batch >= best.fast / 5 && best.fast_batch <= best.fast * 5, `fast_batch ${best.fast_batch}/s and fast ${best.fast}/s are not of one order`);
    // One connection, one statement at a time: no run can beat one round trip per query.
    assert.ok(best.pool1 < 1000 / (2 * DELAY_MS), `pool1 ${best.pool1}/s is faster than one query per round trip`);

    // The same bursts straight over PostgreSQL's unix socket: round trips of microseconds, and the
    // fast client's lead over one connection shrinks (the CPUs are the limit now).
    const localPort = await pickPort();
    const localConfig = config.replaceAll('"host": "127.0.0.1",\n            "port": 5432', `"host": "${pg.socketDir}",\n            "port": ${pg.port}`)
      .replace('"port": 8080', `"port": ${localPort}`);
    assert.equal(localConfig.split(pg.socketDir).length - 1, 6, 'every client of local.json reaches the unix socket');
    fs.writeFileSync(path.join(work, 'local.json'), localConfig);
    const local = await startProgram([binary, 'local.json'], { port: localPort, cwd: work, label: 'db_throughput (unix socket)' });
    let near;
    try {
      near = await measure(localPort);
    } finally {
      await local.stop();
    }
    t.diagnostic(`queries per second, best of 3 bursts of 400, unix socket: ${JSON.stringify(near)}`);
    assert.ok(near.pool1 > 2 * best.pool1, `pool1 over the unix socket ${near.pool1}/s is not faster than across the delay ${best.pool1}/s`);
    assert.ok(near.fast / near.pool1 < (best.fast / best.pool1) / 3, `the fast client's lead did not shrink over the unix socket: ${near.fast / near.pool1} against ${best.fast / best.pool1}`);

    // Drogon's timeout: the client stops waiting after 0.5 s, the statement goes on on the server,
    // and the next statement of that one connection waits behind it and times out too.
    let started = Date.now();
    const timedOut = await runTry('try-timeout', port, proxy.port);
    const twoTimeouts = (Date.now() - started) / 1000;
    checkOutput('try-timeout', timedOut);
    for (const r of jsonLines(timedOut)) assert.ok(r.waited_ms >= 450 && r.waited_ms < 1500, `timeout client waited ${r.waited_ms} ms, expected about 500`);
    assert.ok(twoTimeouts < 2.5, `the two statements took ${twoTimeouts} s; the first one's 3 s would have been waited out`);
    assert.equal(await pg.psql("SELECT state || ' ' || query FROM pg_stat_activity WHERE application_name = 'timeout'", 'guide'), 'active SELECT pg_sleep($1)\n',
      'after Drogon\'s timeout, the statement still runs on the server');

    // statement_timeout: PostgreSQL cancels the statement, and the connection is free at once.
    const cancelled = await runTry('try-statement-timeout', port, proxy.port);
    checkOutput('try-statement-timeout', cancelled);
    const [first, second] = jsonLines(cancelled);
    assert.ok(first.waited_ms >= 450 && first.waited_ms < 1500, `statement_timeout: waited ${first.waited_ms} ms, expected about 500`);
    assert.ok(second.waited_ms < 300, `the next statement on that connection waited ${second.waited_ms} ms`);
    assert.equal(await pg.psql("SELECT state FROM pg_stat_activity WHERE application_name = 'statement_timeout'", 'guide'), 'idle\n');
  } finally {
    if (server) await server.stop();
    if (proxy) await proxy.stop();
    await pg.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
});
