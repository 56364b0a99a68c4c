'use strict';
// Unit-test inputs for the subjects of the Benchmarks pages (docs/src/benchmarks/subjects/), called
// directly with small literal results: test data for the section logic, not benchmark figures (no page
// shows them). Real results are rendered end to end by docs/test/benchmarks/render.test.js.
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { createContext, manifestRoutes } = require('../../src/benchmarks/render');

const stringsOf = (lang) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'benchmarks', `strings.${lang}.json`), 'utf8'));
const layout = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'benchmarks', 'layout.json'), 'utf8'));

function result(server, side) {
  return {
    server, runs: [], notes: [],
    summary: {
      requestsPerSecond: { median: 10 }, requestsPerServerCpuSecond: { median: 10 }, latencyUs: { p50: 100, p75: 200, p90: 300, p99: 400, p999: 500 },
      errors: { connect: 0, read: 0, write: 0, status: 0, timeout: 0 },
    },
    bottleneck: { side, serverCpuUtilization: 1, clientCpuUtilization: 1 },
  };
}

const comparison = (metric, ratio, ciLow, ciHigh, verdict) => ({ metric, reference: 'drogon', other: 'nginx', pairs: 5, ratio, ciLow, ciHigh, verdict });

function literalResults() {
  return {
    schemaVersion: 2,
    startedAt: '2026-01-01T00:00:00Z', finishedAt: '2026-01-01T00:01:00Z',
    environment: { date: '2026-01-01', gitCommit: 'c'.repeat(40) },
    servers: [{ id: 'drogon', name: 'Drogon', version: '1' }, { id: 'nginx', name: 'nginx', version: '2' }, { id: 'ret', name: 'nginx return', version: '2', baseline: true }],
    scenarios: [
      { id: 'ka', tool: 'wrk', connections: 100, keepAlive: true, pipelineDepth: 1, results: [result('drogon', 'client'), result('nginx', 'client'), result('ret', 'client')],
        comparisons: [comparison('requestsPerSecond', 1.01, 0.98, 1.04, 'within-noise'), comparison('requestsPerServerCpuSecond', 0.8, 0.75, 0.85, 'slower')] },
      { id: 'pipe', tool: 'wrk', connections: 100, keepAlive: true, pipelineDepth: 16, results: [result('drogon', 'server'), result('nginx', 'server')],
        comparisons: [comparison('requestsPerSecond', 3.6, 3.5, 3.75, 'faster'), comparison('requestsPerServerCpuSecond', 3.5, 3.4, 3.7, 'faster')] },
      { id: 'close', tool: 'ab', connections: 100, keepAlive: false, pipelineDepth: 1, results: [result('drogon', 'both'), result('nginx', 'client')],
        comparisons: [comparison('requestsPerSecond', 0.9, null, null, 'within-noise'), comparison('requestsPerServerCpuSecond', 0.7, null, null, 'within-noise')]
          .map((c) => ({ ...c, pairs: 1, reason: 'too few paired rounds' })) },
    ],
    sweep: {
      tool: 'ab', keepAlive: true, levels: [1, 10, 100], runsPerLevel: 3, durationSeconds: 2, commandLine: 'ab -k -c {concurrency} {url}',
      results: [
        { server: 'drogon', points: [{ concurrency: 1, okRuns: 3, best: 12, median: 11, runs: [] }, { concurrency: 10, okRuns: 3, best: 52, median: 50, runs: [] }, { concurrency: 100, okRuns: 0, best: null, median: null, runs: [] }] },
        { server: 'nginx', points: [{ concurrency: 1, okRuns: 3, best: 9, median: 8, runs: [] }, { concurrency: 10, okRuns: 3, best: 41, median: 40, runs: [] }, { concurrency: 100, okRuns: 3, best: 71, median: 70, runs: [] }] },
      ],
    },
    instructions: {
      tool: 'valgrind', valgrindVersion: '3.19.0', valgrindCommand: 'valgrind --tool=cachegrind', userSpaceOnly: true, method: '(Ir(2N) - Ir(N)) / N', repeats: 3,
      cases: [
        { id: 'keepalive', requests: 100, connections: 10, pipelineDepth: 1, loadTool: 'h2load', loadCommand: 'h2load',
          results: [{ server: 'drogon', repeats: [], perRequest: 1000, spread: 0 }, { server: 'nginx', repeats: [], perRequest: 1400, spread: 0 }],
          comparisons: [{ reference: 'drogon', other: 'nginx', ratio: 1.4 }] },
        { id: 'pipelined', requests: 100, connections: 10, pipelineDepth: 16, loadTool: 'h2load', loadCommand: 'h2load',
          results: [{ server: 'drogon', repeats: [], perRequest: 500, spread: 0 }, { server: 'nginx', repeats: [], perRequest: null, spread: null, failureReason: 'x' }] },
      ],
    },
  };
}

function contextFor(lang, results) {
  return createContext(lang, stringsOf(lang), { results, trend: null, handler: null, layout, routes: manifestRoutes(), source: { sha256: 'a'.repeat(64) } });
}

function chartOf(markdown, id) {
  const m = new RegExp(`<figure class="bench-chart" id="bench-figure-${id}" data-chart="([^"]*)">`).exec(markdown);
  assert.ok(m, `no chart ${id}`);
  return JSON.parse(m[1].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#(\d+);/g, (all, code) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&'));
}

function tableRows(markdown) {
  return markdown.split('\n').filter((l) => l.startsWith('| ')).slice(1).map((l) => l.slice(2, -2).split(' | '));
}

// A fixed-rate block (issue 9) of literal unit-test data: the hello group at two levels, where the
// load generator held 25 % for every server, did not hold 90 % for Drogon, and nginx-return answered
// nothing at 90 %.
function fixedRateBlock() {
  const lat = (base) => ({ p50: base, p75: base * 2, p90: base * 3, p99: base * 4, p999: base * 5, max: base * 6 });
  const held = (rate, achieved, latency) => ({ runs: [{ round: 1, status: 'ok', targetRate: rate, achievedRate: achieved, held: true, notHeldReason: null, latencyUs: latency, command: `oha -q ${rate} a` }],
    summary: { runs: 1, okRuns: 1, heldRuns: 1, held: true, achievedRate: { min: achieved, median: achieved, max: achieved }, latencyUs: latency } });
  const notHeld = (rate, achieved) => ({ runs: [{ round: 1, status: 'ok', targetRate: rate, achievedRate: achieved, held: false, notHeldReason: `achieved ${achieved} req/s of ${rate}`, latencyUs: lat(9000), command: `oha -q ${rate} b` }],
    summary: { runs: 1, okRuns: 1, heldRuns: 0, held: false, achievedRate: { min: achieved, median: achieved, max: achieved }, latencyUs: null } });
  const failed = (rate) => ({ runs: [{ round: 1, status: 'failed', targetRate: rate, failureReason: 'server did not answer', command: `oha -q ${rate} c` }],
    summary: { runs: 1, okRuns: 0, heldRuns: 0, held: false, achievedRate: null, latencyUs: null } });
  return {
    tool: 'oha', toolVersion: '1.16.0', openLoop: true, latencyCorrection: true, holdRatio: 0.98, fractions: [0.25, 0.9],
    durationSeconds: 3, warmupSeconds: 1, repetitions: 1, connections: 100, clientThreads: 1,
    groups: [{
      id: 'hello', servers: ['drogon', 'nginx', 'ret'], reference: 'drogon', method: 'GET', path: null, bodyFile: null, commandLine: 'oha -q {rate} {url}',
      basis: { scenario: 'ka', metric: 'median', slowestServer: 'nginx', maximum: 400, medians: [] },
      levels: [
        { fraction: 0.25, rate: 100, rounds: [], results: [{ server: 'drogon', ...held(100, 99, lat(100)) }, { server: 'nginx', ...held(100, 99.5, lat(200)) }, { server: 'ret', ...held(100, 99, lat(50)) }] },
        { fraction: 0.9, rate: 360, rounds: [], results: [{ server: 'drogon', ...notHeld(360, 300) }, { server: 'nginx', ...held(360, 359, lat(1000)) }, { server: 'ret', ...failed(360) }] },
      ],
    }],
  };
}

// The JSON part (issue 9) of literal unit-test data: /json and /dbop with 10 operations, three variants,
// one of them excluded by the conformance check, and a variant that could not be built.
function withJson(results) {
  const jsonResult = (server, side, rps, latency) => ({
    ...result(server, side),
    runs: [{ status: 'ok', command: `wrk ${server}` }],
    summary: { requestsPerSecond: { min: rps - 10, median: rps, max: rps + 10 }, requestsPerServerCpuSecond: { median: rps }, latencyUs: latency, errors: {} },
  });
  const excluded = { server: 'gin', runs: [{ status: 'failed', failureReason: 'conformance: request "json": $.message differs', command: 'wrk gin' }], summary: null, bottleneck: { side: 'unknown', serverCpuUtilization: null, clientCpuUtilization: null }, notes: [] };
  const lat = { p50: 40, p75: 50, p90: 60, p99: 490, p999: 3500 };
  results.servers.push({ id: 'dj', name: 'Drogon + jsoncpp', version: '1', framework: 'drogon', jsonLibrary: 'jsoncpp', jsonLibraryVersion: '1.9.5' },
    { id: 'ds', name: 'Drogon + simdjson', version: '1', framework: 'drogon', jsonLibrary: 'simdjson', jsonLibraryVersion: '3' },
    { id: 'gin', name: 'gin + sonic', version: '1', framework: 'gin', jsonLibrary: 'sonic', jsonLibraryVersion: '1' });
  const cmp = (metric, other, ratio, ciLow, ciHigh, verdict) => ({ metric, reference: 'dj', other, pairs: 5, ratio, ciLow, ciHigh, verdict });
  results.scenarios.push(
    { id: 'json-json', kind: 'json', endpoint: '/json', method: 'GET', path: '/json', reference: 'dj', clientThreads: 3, connections: 6, keepAlive: true, tool: 'wrk', pipelineDepth: 1, durationSeconds: 3, repetitions: 5,
      results: [jsonResult('dj', 'server', 1000, lat), jsonResult('ds', 'server', 1100, lat), excluded],
      comparisons: [cmp('requestsPerSecond', 'ds', 0.91, 0.88, 0.94, 'slower'), cmp('requestsPerServerCpuSecond', 'ds', 0.92, 0.9, 0.95, 'slower')] },
    { id: 'json-dbop-n10', kind: 'json', endpoint: '/dbop', method: 'POST', path: '/dbop/bench/users', operations: 10, reference: 'dj', clientThreads: 3, connections: 6, keepAlive: true, tool: 'wrk', pipelineDepth: 1, durationSeconds: 3, repetitions: 5,
      results: [jsonResult('dj', 'both', 500, lat), jsonResult('ds', 'both', 600, lat), excluded],
      comparisons: [cmp('requestsPerSecond', 'ds', 0.83, 0.8, 0.86, 'slower'), cmp('requestsPerServerCpuSecond', 'ds', 1.0, 0.97, 1.03, 'within-noise')] },
  );
  results.notBuilt = [{ id: 'drogon-glaze', name: 'Drogon + glaze', jsonLibrary: 'glaze', reason: 'needs GCC 13' }];
  results.conformance = { ok: false, reference: 'dj', requests: 38, table: 't', servers: ['dj', 'ds', 'gin'], failures: [], excluded: [{ server: 'gin', reason: 'request "json": $.message differs' }], report: 'bench/logs/x/conformance.txt' };
  return results;
}

const noteTemplatesOf = () => JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'bench', 'scenarios.json'), 'utf8')).notes;

module.exports = { stringsOf, layout, result, literalResults, contextFor, chartOf, tableRows, fixedRateBlock, withJson, noteTemplatesOf, createContext, manifestRoutes };
