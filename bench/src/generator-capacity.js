#!/usr/bin/env node
'use strict';
// How fast can each open-loop load generator send on one CPU here? Starts the hello-world Drogon
// server (1 thread, pinned to the first server CPU), measures its closed-loop maximum with wrk, then
// asks oha (--latency-correction), h2load (--rps) and, when VEGETA names a binary, vegeta for each
// target rate and prints target against achieved. Figures for choosing the fixed-rate generator; it
// asserts nothing. Run under `flock /tmp/drogon-docs-bench-ports.lock`.
// Usage: node bench/src/generator-capacity.js [seconds=5] [rates=25000,50000,100000,150000,190000]
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { tmpdir } = require('node:os');
const { loadBenchState } = require('./plan/setup-check');
const { planCpus } = require('./plan/cpu-plan');
const { spawnGroup, stopGroup, sleep } = require('../../shared/src/process-group');
const { runFixedRate } = require('./measure/open-loop');

const PORT = 18097;

function run(argv, input) {
  const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', input, timeout: 120000, maxBuffer: 64 << 20 });
  return `${r.stdout || ''}${r.stderr || ''}`;
}

async function main() {
  const seconds = Number(process.argv[2] || 5);
  const rates = (process.argv[3] || '25000,50000,100000,150000,190000').split(',').map(Number);
  const { state } = loadBenchState();
  const cpu = planCpus();
  const serverCpu = cpu.serverCpus.split(',')[0] || '0';
  const clientCpu = cpu.clientCpus.split(',')[0] || '0';
  const server = spawnGroup(['taskset', '-c', serverCpu, state.drogonServerBinary, '--threads', '1', '--address', '127.0.0.1', '--port', String(PORT)],
    { label: 'drogon hello', stdio: 'ignore' });
  const url = `http://127.0.0.1:${PORT}/benchmark`;
  try {
    await sleep(1000);
    const wrk = run(['taskset', '-c', clientCpu, 'wrk', '-t1', '-c100', `-d${seconds}s`, url]);
    console.log(`wrk closed loop (1 thread, 100 connections): ${(/Requests\/sec:\s*([\d.]+)/.exec(wrk) || [])[1]} req/s`);
    console.log('generator | target req/s | achieved req/s | p50 µs | p99 µs | note');
    for (const rate of rates) {
      const oha = await runFixedRate({ binary: state.ohaBinary, toolVersion: state.ohaVersion, url, rate, durationSeconds: seconds,
        connections: 100, cpus: clientCpu, logPath: join(tmpdir(), `generator-capacity-oha-${rate}.json`) });
      console.log(`oha ${state.ohaVersion} | ${rate} | ${Math.round(oha.achievedRate)} | ${oha.latencyUs?.p50} | ${oha.latencyUs?.p99} | ${oha.held ? 'held' : oha.notHeldReason || oha.failureReason}`);
      const h2 = run(['taskset', '-c', clientCpu, 'h2load', '--h1', '-c100', '-t1', `--rps=${Math.round(rate / 100)}`, '-D', String(seconds), url]);
      const h2rate = (/finished in [\d.]+s, ([\d.]+) req\/s/.exec(h2) || [])[1];
      const h2lat = /time for request:\s+(\S+)\s+(\S+)\s+(\S+)/.exec(h2) || [];
      console.log(`h2load | ${rate} | ${Math.round(Number(h2rate))} | mean ${h2lat[3]} | max ${h2lat[2]} | latency from send time (no correction)`);
      if (process.env.VEGETA) {
        const attack = spawnSync('taskset', ['-c', clientCpu, process.env.VEGETA, 'attack', `-rate=${rate}/s`, `-duration=${seconds}s`, '-max-connections=100'],
          { input: `GET ${url}\n`, env: { ...process.env, GOMAXPROCS: '1' }, maxBuffer: 1 << 30, timeout: 120000 });
        const report = JSON.parse(spawnSync(process.env.VEGETA, ['report', '-type=json'], { input: attack.stdout, encoding: 'utf8', maxBuffer: 1 << 28 }).stdout);
        console.log(`vegeta | ${rate} | ${Math.round(report.throughput)} (sent ${Math.round(report.rate)}) | ${Math.round(report.latencies['50th'] / 1e3)} | ${Math.round(report.latencies['99th'] / 1e3)} | success ${report.success}`);
      }
    }
  } finally {
    await stopGroup(server.pgid, 3000);
  }
}

main().catch((err) => { console.error(err.message); process.exit(1); });
