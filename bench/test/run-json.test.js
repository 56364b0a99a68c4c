'use strict';
// The JSON part of the runner against the real servers: a deliberately wrong server (a real Drogon JSON
// server behind a proxy that adds 1 to one field) fails conformance with the diff and is never
// benchmarked (its scenario runs, fixed-rate runs and instruction counts are failed with that reason,
// and no load tool ever ran against it); and the hello-world fixed-rate group, measured against the
// closed-loop maximum of the same run; a POST scenario; and a variant the machine cannot run, listed as
// not built. Needs `npm run bench:setup`; run under
// `flock /tmp/drogon-docs-bench-ports.lock` (ports 18090-18099, and the shifted hello-world ports).
// Covers: bench/src/parts/json-rounds/conformance-check.js
const test = require('node:test');
const assert = require('node:assert/strict');
const { mkdtempSync, rmSync, readFileSync, writeFileSync, existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');
const { requireJsonSetup } = require('./support/json-servers');
const { requireBenchSetup } = require('./support/bench-setup');
const { scenariosWithPortShift, runBench, leftoverProcesses } = require('./support/bench-run');
const { validateResults } = require('../../shared/src/results-file');
const { isPortFree } = require('../src/servers/ports');
const { SERVERS_FILE } = require('../src/plan/json-servers');

const WRONG_PORT = 18096;
const WRONG_BACKEND_PORT = 18097;

function tempDir(t) {
  const dir = mkdtempSync(join(tmpdir(), 'json-run-test-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function assertNothingLeft(ports) {
  assert.deepEqual(leftoverProcesses(ports), [], 'no bench process may outlive the runner');
  for (const [id, port] of Object.entries(ports)) assert.ok(await isPortFree(port), `port ${port} of ${id} is free again`);
}

test('a JSON server that differs fails conformance with the diff through the runner, and is never benchmarked', async (t) => {
  requireJsonSetup();
  const dir = tempDir(t);
  const { path } = scenariosWithPortShift(dir, 1000);
  // A JSON servers file with the reference and the wrong server, which runs its own real backend.
  const servers = JSON.parse(readFileSync(SERVERS_FILE, 'utf8'));
  const reference = servers.servers.find((s) => s.id === 'drogon-jsoncpp');
  servers.servers.push({
    ...reference,
    id: 'wrong-fields',
    name: 'Drogon + jsoncpp behind a proxy that adds 1 to a field',
    port: WRONG_PORT,
    command: [process.execPath, join(__dirname, 'support', 'wrong-json-server.js'), '--backend', '{binary}', '--backend-port', String(WRONG_BACKEND_PORT), '--port', '{port}'],
  });
  writeFileSync(join(dir, 'json-servers.json'), JSON.stringify(servers));
  const data = JSON.parse(readFileSync(path, 'utf8'));
  data.json.serversFile = join(dir, 'json-servers.json');
  data.profiles.quick.json.servers = ['drogon-jsoncpp', 'wrong-fields'];
  data.profiles.quick.instructions = { requests: 500, repeats: 1, cases: ['keepalive'] };
  data.profiles.quick.json.instructions = { cases: ['json-json'] }; // N and repeats: the profile's
  data.profiles.quick.syscalls = { requests: 96, repeats: 1, cases: ['json-json'] };
  writeFileSync(path, JSON.stringify(data));
  const out = join(dir, 'results', 'wrong.json');
  const logs = join(dir, 'logs');
  const res = await runBench(['--profile', 'quick', '--seed', '9', '--scenarios-file', path, '--parts', 'json,fixedRate,instructions,syscalls',
    '--servers', 'drogon-jsoncpp,wrong-fields', '--output', out, '--logs-dir', logs]).done;
  assert.equal(res.code, 0, `${res.stdout}\n${res.stderr}`);
  const diff = /conformance: request "dbop-n1": \$\.json\.results\[0\]\.fields: 6 from drogon-jsoncpp, 7 from wrong-fields \(full report: .*conformance\.txt\)/;
  assert.match(res.stdout, /^\[1\/\d+\] conformance: 1 of 2 servers FAILED and will not be benchmarked: wrong-fields/m);
  assert.match(res.stdout, new RegExp(`^  wrong-fields: ${diff.source}`, 'm'));

  const results = JSON.parse(readFileSync(out, 'utf8'));
  validateResults(results);
  assert.deepEqual(results.method.parts, ['json', 'fixedRate', 'instructions', 'syscalls']);
  const c = results.conformance;
  assert.equal(c.ok, false);
  assert.equal(c.reference, 'drogon-jsoncpp');
  assert.deepEqual(c.servers, ['drogon-jsoncpp', 'wrong-fields']);
  assert.deepEqual(c.excluded.map((e) => e.server), ['wrong-fields']);
  assert.match(c.excluded[0].reason, diff);
  assert.ok(c.failures.every((f) => f.server === 'wrong-fields'), JSON.stringify(c.failures));
  assert.deepEqual(c.failures[0].lines, ['$.json.results[0].fields: 6 from drogon-jsoncpp, 7 from wrong-fields']);
  assert.match(readFileSync(join(logs, 'conformance.txt'), 'utf8'), /request "dbop-n1" \(POST \/dbop\/\{db\}\/users, body bench\/json\/bodies\/dbop-n1\.json\), server wrong-fields:\n {4}\$\.json\.results\[0\]\.fields: 6 from drogon-jsoncpp, 7 from wrong-fields/);

  // The scenario: the reference measured, the wrong server failed with the diff in every round.
  const scenario = results.scenarios.find((s) => s.id === 'json-json');
  const byServer = Object.fromEntries(scenario.results.map((r) => [r.server, r]));
  assert.ok(byServer['drogon-jsoncpp'].runs.every((r) => r.status === 'ok'));
  assert.ok(byServer['wrong-fields'].runs.length > 0);
  for (const run of byServer['wrong-fields'].runs) {
    assert.equal(run.status, 'failed');
    assert.match(run.failureReason, diff);
  }
  assert.equal(byServer['wrong-fields'].summary, null);
  assert.deepEqual(scenario.comparisons.map((x) => [x.reference, x.other, x.pairs, x.verdict]),
    [['drogon-jsoncpp', 'wrong-fields', 0, 'within-noise'], ['drogon-jsoncpp', 'wrong-fields', 0, 'within-noise']]);
  // fixed rate and instruction counts: the same
  const level = results.fixedRate.groups[0].levels[0];
  assert.match(level.results.find((r) => r.server === 'wrong-fields').runs[0].failureReason, diff);
  assert.equal(level.results.find((r) => r.server === 'drogon-jsoncpp').runs[0].status, 'ok');
  const counts = results.instructions.cases[0].results;
  assert.match(counts.find((r) => r.server === 'wrong-fields').failureReason, diff);
  assert.ok(counts.find((r) => r.server === 'drogon-jsoncpp').perRequest > 1000);
  // system calls too: the reference counted under strace, the wrong server never started for it
  const traced = results.syscalls.cases[0].results;
  assert.match(traced.find((r) => r.server === 'wrong-fields').failureReason, diff);
  assert.ok(traced.find((r) => r.server === 'drogon-jsoncpp').total > 2, JSON.stringify(traced[0]));
  // Never benchmarked: no load generator's output exists for it, and its only server log is the conformance one.
  const files = readdirSync(logs).filter((f) => f.includes('wrong-fields'));
  assert.deepEqual(files, ['conformance.wrong-fields.server1.log'], 'only the conformance start of the wrong server');
  await assertNothingLeft({ reference: reference.port, wrong: WRONG_PORT, backend: WRONG_BACKEND_PORT });
});

test('the hello-world fixed-rate group: levels from the slowest closed-loop median of the same run, open loop, every server each round', async (t) => {
  requireBenchSetup();
  requireJsonSetup();
  const dir = tempDir(t);
  const { path, ports } = scenariosWithPortShift(dir, 1000);
  const data = JSON.parse(readFileSync(path, 'utf8'));
  data.profiles.quick.fixedRate = { groups: ['hello'], fractions: [0.25, 0.5], durationSeconds: 1, warmupSeconds: 0, repetitions: 2, pauseBetweenRunsSeconds: 0.1 };
  writeFileSync(path, JSON.stringify(data));
  const out = join(dir, 'results', 'hello-fixed.json');
  const res = await runBench(['--profile', 'quick', '--seed', '11', '--scenarios-file', path, '--parts', 'scenarios,fixedRate', '--scenarios', 'c100-keepalive',
    '--servers', 'drogon,nginx-return', '--output', out, '--logs-dir', join(dir, 'logs')]).done;
  assert.equal(res.code, 0, `${res.stdout}\n${res.stderr}`);
  const results = JSON.parse(readFileSync(out, 'utf8'));
  validateResults(results);
  assert.equal(results.conformance, undefined, 'no JSON server, no conformance');
  const fr = results.fixedRate;
  assert.equal(fr.tool, 'oha');
  assert.equal(fr.openLoop, true);
  assert.equal(fr.latencyCorrection, true);
  const [group] = fr.groups;
  assert.equal(group.id, 'hello');
  assert.deepEqual(group.servers, ['drogon', 'nginx-return']);
  // 100 % is the slower server's median in c100-keepalive of this run
  const medians = results.scenarios[0].results.map((r) => r.summary.requestsPerSecond.median);
  assert.equal(group.basis.scenario, 'c100-keepalive');
  assert.equal(group.basis.maximum, Math.min(...medians));
  assert.deepEqual(group.levels.map((l) => [l.fraction, l.rate]), [0.25, 0.5].map((f) => [f, Math.max(100, Math.round((group.basis.maximum * f) / 100) * 100)]));
  assert.match(group.commandLine, /oha -q \{rate\} -z 1s -c 100 -w --latency-correction .* -m GET \{url\}$/);
  for (const level of group.levels) {
    assert.equal(level.rounds.length, 2);
    for (const r of level.results) {
      assert.equal(r.runs.length, 2, `${level.fraction} ${r.server}`);
      for (const run of r.runs) {
        assert.equal(run.status, 'ok', run.failureReason);
        assert.equal(run.targetRate, level.rate);
        assert.match(run.command, new RegExp(`oha -q ${level.rate} .*http://127\\.0\\.0\\.1:${ports[r.server]}/benchmark$`));
        assert.equal(level.rounds[run.round - 1].order[run.positionInRound - 1], r.server);
        assert.equal(run.held, run.notHeldReason === null);
        assert.ok(run.responses > 0);
      }
      // the summary's latency comes from held runs only (none held: none shown)
      assert.equal(r.summary.heldRuns, r.runs.filter((x) => x.held).length);
      assert.equal(r.summary.latencyUs === null, r.summary.heldRuns === 0);
    }
  }
  assert.match(res.stdout, /fixed-rate hello: 100 % = [\d,]+ req\/s \((drogon|nginx-return), the slowest in c100-keepalive\)/);
  assert.match(res.stdout, /\[\d+\/\d+\] fixed-rate hello 25 % \([\d,]+ req\/s\) (drogon|nginx-return) round 1\/2: achieved [\d,]+ of [\d,]+ req\/s, (p99 .* \(held\)|NOT HELD: .*) - /);
  await assertNothingLeft(ports);
});

test('a POST JSON scenario through the runner: wrk sends the body file with post-body.lua, every answer is a 2xx JSON summary', async (t) => {
  requireJsonSetup();
  const dir = tempDir(t);
  const out = join(dir, 'dbop.json');
  const servers = ['drogon-yyjson', 'gin-sonic', 'drogon-jsoncpp', 'gin-simdjson-go'];
  const res = await runBench(['--scenarios', 'json-dbop-n10', '--servers', servers.join(','), '--repetitions', '2', '--duration', '1', '--warmup', '0',
    '--seed', '5', '--output', out, '--logs-dir', join(dir, 'logs')]).done;
  assert.equal(res.code, 0, `${res.stdout}\n${res.stderr}`);
  const results = JSON.parse(readFileSync(out, 'utf8'));
  validateResults(results);
  assert.deepEqual(results.method.parts, ['json']);
  assert.equal(results.conformance.ok, true);
  assert.deepEqual(results.conformance.servers, ['drogon-jsoncpp', 'drogon-yyjson', 'gin-sonic', 'gin-simdjson-go'], 'the reference is checked first');
  const [scenario] = results.scenarios;
  assert.deepEqual([scenario.id, scenario.endpoint, scenario.method, scenario.operations, scenario.bodyFile],
    ['json-dbop-n10', '/dbop', 'POST', 10, 'bench/json/bodies/dbop-n10.json']);
  assert.match(scenario.commandLine, /^wrk -t\d+ -c\d+ -d1s -s bench\/wrk\/post-body\.lua \{url\} -- bench\/json\/bodies\/dbop-n10\.json$/);
  for (const r of scenario.results) {
    for (const run of r.runs) {
      assert.equal(run.status, 'ok', `${r.server}: ${run.failureReason}`);
      assert.match(run.command, /http:\/\/127\.0\.0\.1:1809\d\/dbop\/bench\/users -- bench\/json\/bodies\/dbop-n10\.json$/);
      assert.equal(run.errors.status, 0, `${r.server}: no 4xx/5xx answers`);
      // an N = 10 summary is several hundred bytes of JSON; a 400 error would be far shorter
      assert.ok(run.bytes / run.requests > 500, `${r.server}: ${run.bytes / run.requests} bytes per answer`);
    }
  }
  assert.deepEqual(scenario.comparisons.map((c) => [c.metric, c.reference, c.other, c.pairs]), [
    ['requestsPerSecond', 'drogon-jsoncpp', 'drogon-yyjson', 2], ['requestsPerSecond', 'drogon-jsoncpp', 'gin-sonic', 2],
    ['requestsPerSecond', 'drogon-jsoncpp', 'gin-simdjson-go', 2],
    ['requestsPerServerCpuSecond', 'drogon-jsoncpp', 'drogon-yyjson', 2], ['requestsPerServerCpuSecond', 'drogon-jsoncpp', 'gin-sonic', 2],
    ['requestsPerServerCpuSecond', 'drogon-jsoncpp', 'gin-simdjson-go', 2]]);
  const simdjsonGo = results.servers.find((x) => x.id === 'gin-simdjson-go');
  assert.deepEqual([simdjsonGo.framework, simdjsonGo.jsonLibrary], ['gin', 'simdjson-go']);
  assert.match(simdjsonGo.jsonLibraryVersion, /^v0\.4\.\d+$/);
  await assertNothingLeft({ yyjson: 18092, sonic: 18094, jsoncpp: 18090, simdjsonGo: 18095 });
});

test('a JSON variant this machine cannot run (its supportCheck fails) is listed as not built with the reason, and the run goes on without it', async (t) => {
  requireJsonSetup();
  const dir = tempDir(t);
  // As on a CPU without AVX2 and CLMUL: the check command prints why and exits 1.
  const reason = 'simdjson-go needs an x86-64 CPU with AVX2 and CLMUL; this one (a test) lacks CLMUL';
  const servers = JSON.parse(readFileSync(SERVERS_FILE, 'utf8'));
  servers.servers.find((s) => s.id === 'gin-simdjson-go').supportCheck = ['sh', '-c', `echo '${reason}'; exit 1`];
  writeFileSync(join(dir, 'json-servers.json'), JSON.stringify(servers));
  const data = JSON.parse(readFileSync(join(__dirname, '..', 'scenarios.json'), 'utf8'));
  data.json.serversFile = join(dir, 'json-servers.json');
  writeFileSync(join(dir, 'scenarios.json'), JSON.stringify(data));
  const out = join(dir, 'not-built.json');
  const res = await runBench(['--scenarios-file', join(dir, 'scenarios.json'), '--scenarios', 'json-json', '--servers', 'drogon-jsoncpp,gin-simdjson-go',
    '--repetitions', '1', '--duration', '1', '--warmup', '0', '--seed', '6', '--output', out, '--logs-dir', join(dir, 'logs')]).done;
  assert.equal(res.code, 0, `${res.stdout}\n${res.stderr}`);
  assert.match(res.stdout, new RegExp(`^bench: gin-simdjson-go is not run on this machine: ${reason.replace(/[()]/g, '\\$&')}$`, 'm'));
  const results = JSON.parse(readFileSync(out, 'utf8'));
  validateResults(results);
  assert.deepEqual(results.conformance.servers, ['drogon-jsoncpp']);
  assert.deepEqual(results.scenarios[0].results.map((r) => r.server), ['drogon-jsoncpp']);
  assert.ok(!results.servers.some((x) => x.id === 'gin-simdjson-go'), 'never started');
  const entry = results.notBuilt.find((n) => n.id === 'gin-simdjson-go');
  assert.deepEqual(entry, { id: 'gin-simdjson-go', name: 'gin + simdjson-go', framework: 'gin', jsonLibrary: 'simdjson-go', version: entry.version, reason });
  assert.match(entry.version, /^v0\.4\.\d+$/);
  assert.ok(results.notBuilt.some((n) => n.id === 'drogon-glaze'), 'glaze is still listed');
  await assertNothingLeft({ jsoncpp: 18090, simdjsonGo: 18095 });
});
