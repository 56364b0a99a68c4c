'use strict';
// Fixed-rate (open-loop) measurement with oha: the parser on captured real output, the held / not
// held judgement, the command line, the levels; then real runs against a real JSON server
// (bench/test/fixtures/oha-*.json were captured by runFixedRate itself on this machine).
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync, mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { parseOhaJson, judgeLevel, ohaArgv, fixedRateLevels, runFixedRate } = require('../../src/measure/open-loop');
const { requireJsonSetup, startJsonServer } = require('../support/json-servers');

const fixture = (name) => readFileSync(join(__dirname, '..', 'fixtures', name), 'utf8');

test('parses oha JSON: responses, achieved rate, percentiles p50-p99.9 in microseconds', () => {
  const f = parseOhaJson(fixture('oha-get-json-2000.json'));
  assert.equal(f.responses, 5999);
  assert.equal(f.okResponses, 5999);
  assert.equal(f.non2xx, 0);
  assert.equal(f.errorCount, 0);
  assert.equal(f.elapsedSeconds, 3.001257248);
  assert.ok(Math.abs(f.achievedRate - 5999 / 3.001257248) < 1e-9);
  assert.deepEqual(f.latencyUs, { p50: 216.2, p75: 3421, p90: 16675.6, p99: 42434.6, p999: 50932.5, max: 51054.1 });
  const post = parseOhaJson(fixture('oha-post-dbop-n10-2000.json'));
  assert.equal(post.responses, 5834);
  assert.equal(post.latencyUs.p999, 6549);
});

test('a level is held only when the achieved rate reaches 98 % of the target with no errors', () => {
  assert.deepEqual(judgeLevel(2000, parseOhaJson(fixture('oha-get-json-2000.json'))), { held: true, notHeldReason: null });
  assert.deepEqual(judgeLevel(2000, parseOhaJson(fixture('oha-post-dbop-n10-2000.json'))),
    { held: false, notHeldReason: 'achieved 1937 req/s of 2000 (96.8 %, below 98 %)' });
  const overload = judgeLevel(400000, parseOhaJson(fixture('oha-get-json-400000.json')));
  assert.equal(overload.held, false);
  assert.match(overload.notHeldReason, /^achieved 26814 req\/s of 400000 \(6\.7 %/);
  const refused = parseOhaJson(fixture('oha-closed-port.json'));
  assert.equal(refused.responses, 0);
  assert.deepEqual(refused.latencyUs, { p50: null, p75: null, p90: null, p99: null, p999: null, max: null });
  assert.match(judgeLevel(1000, refused).notHeldReason, /1000 request errors \(Connection refused \(os error 111\): 1000\)/);
  const non2xx = { ...parseOhaJson(fixture('oha-get-json-2000.json')), non2xx: 3 };
  assert.match(judgeLevel(2000, non2xx).notHeldReason, /^3 answers were not 2xx$/);
});

test('bad oha output is an error naming the source and the missing field', () => {
  assert.throws(() => parseOhaJson('oha: error', 'run.log'), /run\.log: not JSON/);
  const report = JSON.parse(fixture('oha-get-json-2000.json'));
  delete report.latencyPercentiles['p99.9'];
  assert.throws(() => parseOhaJson(JSON.stringify(report), 'run.log'), /run\.log: oha's JSON has no number at latencyPercentiles\.p99\.9/);
});

test('the command schedules on a clock with latency correction, and targets loopback only', () => {
  const argv = ohaArgv({ binary: 'oha', url: 'http://127.0.0.1:18091/dbop/bench/users', method: 'POST', bodyFile: 'b.json', rate: 5000, durationSeconds: 10, connections: 50 });
  assert.deepEqual(argv, ['oha', '-q', '5000', '-z', '10s', '-c', '50', '-w', '--latency-correction', '--no-tui', '--output-format', 'json',
    '--worker-threads', '1', '-m', 'POST', '-D', 'b.json', '-T', 'application/json', 'http://127.0.0.1:18091/dbop/bench/users']);
  assert.throws(() => ohaArgv({ binary: 'oha', url: 'http://192.0.2.1:80/', rate: 1, durationSeconds: 1, connections: 1 }), /not a loopback http URL/);
  assert.throws(() => ohaArgv({ binary: 'oha', url: 'http://127.0.0.1:1/', rate: 0.5, durationSeconds: 1, connections: 1 }), /rate must be an integer >= 1, got 0\.5/);
});

test('levels run from 25 % to 90 % of the slowest server\'s maximum', () => {
  assert.deepEqual(fixedRateLevels(201234), [
    { fraction: 0.25, rate: 50300 }, { fraction: 0.5, rate: 100600 }, { fraction: 0.75, rate: 150900 }, { fraction: 0.9, rate: 181100 },
  ]);
  assert.throws(() => fixedRateLevels(0), /measured maximum > 0/);
});

test('real fixed-rate runs: a GET and a POST against a real JSON server, and a refused port', async () => {
  const { data, state } = requireJsonSetup();
  assert.ok(state.ohaBinary, 'ohaBinary in the bench state (npm run bench:setup)');
  const def = data.servers.find((s) => s.id === 'drogon-yyjson');
  const server = await startJsonServer(data, def, { state, threads: 1, cpus: '' });
  const logDir = mkdtempSync(join(tmpdir(), 'open-loop-test-'));
  try {
    const common = { binary: state.ohaBinary, toolVersion: state.ohaVersion, rate: 500, durationSeconds: 2, connections: 4 };
    const get = await runFixedRate({ ...common, url: `${server.url}/json`, logPath: join(logDir, 'get.json') });
    const post = await runFixedRate({ ...common, url: `${server.url}/dbop/open-loop/users`, method: 'POST',
      bodyFile: join(__dirname, '..', '..', 'json', 'bodies', 'dbop-n1.json'), logPath: join(logDir, 'post.json') });
    for (const r of [get, post]) {
      assert.equal(r.status, 'ok', r.failureReason);
      assert.equal(r.openLoop, true);
      assert.equal(r.targetRate, 500);
      assert.match(r.command, /oha -q 500 -z 2s -c 4 -w --latency-correction/);
      assert.ok(r.responses > 0 && r.non2xx === 0 && Object.keys(r.errors).length === 0, JSON.stringify(r));
      const l = r.latencyUs;
      assert.ok(l.p50 > 0 && l.p50 <= l.p75 && l.p75 <= l.p90 && l.p90 <= l.p99 && l.p99 <= l.p999 && l.p999 <= l.max, JSON.stringify(l));
      assert.equal(typeof r.held, 'boolean'); // held or not depends on the machine's load: not asserted
      assert.equal(r.held, r.notHeldReason === null);
    }
    const refused = await runFixedRate({ ...common, durationSeconds: 1, url: 'http://127.0.0.1:18098/json', logPath: join(logDir, 'refused.json') });
    assert.equal(refused.status, 'ok');
    assert.equal(refused.held, false);
    assert.match(refused.notHeldReason, /request errors \(Connection refused/);
    const missing = await runFixedRate({ ...common, binary: join(logDir, 'no-such-oha'), url: `${server.url}/json`, logPath: join(logDir, 'missing.json') });
    assert.equal(missing.status, 'failed');
    assert.match(missing.failureReason, /could not start .*no-such-oha|exited with/);
  } finally {
    await server.stop();
    rmSync(logDir, { recursive: true, force: true });
  }
});
