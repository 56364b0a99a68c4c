'use strict';
// pool/comparable.js: what counts as the same measured quantity, and a run's estimate on the log scale.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { configurationOf, quantityOf, comparisonKey, runEstimate, normalQuantile } = require('../../src/pool/comparable');

const results = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'test', 'fixtures', 'results-quick-v2-a.json'), 'utf8'));

test('a command line as configuration: no machine paths, no open-files limit; CPUs and flags kept', () => {
  assert.equal(configurationOf('ulimit -n 20000 && taskset -c 0 /root/.cache/drogon-docs-bench/build/x/drogon_benchmark --threads 1 --address 127.0.0.1 --port 18080'),
    'taskset -c 0 drogon_benchmark --threads 1 --address 127.0.0.1 --port 18080');
  assert.equal(configurationOf('ulimit -n 65536 && taskset -c 0 /usr/sbin/nginx -p /tmp/drogon-bench-0/nginx-module-18081 -c /tmp/drogon-bench-0/nginx-module-18081/nginx.conf'),
    'taskset -c 0 nginx -p nginx-module-18081 -c nginx.conf');
});

test('the quantity changes with connections, pipelining, threads, a server\'s version or configuration; not with rounds, durations or blocks', () => {
  const scenario = results.scenarios.find((s) => s.id === 'pipelined-c256');
  const [comparison] = scenario.comparisons;
  const q = quantityOf(results, scenario, comparison);
  const variant = (change) => { const r = structuredClone(results); change(r, r.scenarios.find((s) => s.id === 'pipelined-c256')); return r; };
  const same = (change) => { const r = variant(change); return quantityOf(r, r.scenarios.find((s) => s.id === 'pipelined-c256'), comparison) === q; };
  assert.ok(same((r, s) => { s.repetitions = 60; s.durationSeconds = 5; s.warmupSeconds = 3; s.blocks = 3; }));
  assert.ok(same((r) => { r.servers[0].commandLine = r.servers[0].commandLine.replace(/ulimit -n \d+/, 'ulimit -n 65536'); }));
  assert.ok(!same((r, s) => { s.connections = 1024; }));
  assert.ok(!same((r, s) => { s.pipelineDepth = 4; }));
  assert.ok(!same((r) => { r.method.serverThreads = 2; }));
  assert.ok(!same((r) => { r.servers.find((x) => x.id === 'drogon').version = '1.9.14'; }));
  assert.ok(!same((r) => { const d = r.servers.find((x) => x.id === 'drogon'); d.commandLine = d.commandLine.replace('--threads 1', '--threads 2'); }));
  assert.equal(comparisonKey('p', comparison), `p|${comparison.metric}|${comparison.reference}|${comparison.other}`);
});

test('a run\'s estimate: logRatio and its standard error where the run has them, else from its 95 % interval', () => {
  assert.deepEqual(runEstimate({ ratio: 2, ciLow: 1.9, ciHigh: 2.1, logRatio: 0.69, logStandardError: 0.02 }, 0.95), { y: 0.69, se: 0.02, from: 'bootstrap' });
  const e = runEstimate({ ratio: 2, ciLow: 2 / Math.exp(0.0392), ciHigh: 2 * Math.exp(0.0392) }, 0.95);
  assert.ok(Math.abs(e.y - Math.log(2)) < 1e-12 && Math.abs(e.se - 0.0392 / 1.959964) < 1e-6 && e.from === 'interval');
  assert.equal(runEstimate({ ratio: 2, ciLow: null, ciHigh: null, logRatio: 0.69, logStandardError: null }, 0.95), null);
  assert.ok(Math.abs(normalQuantile(0.975) - 1.959964) < 1e-6 && Math.abs(normalQuantile(0.005) + 2.575829) < 1e-6);
});
