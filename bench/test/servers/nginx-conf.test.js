'use strict';
// The nginx.conf the runner generates is accepted by the real nginx (nginx -t), with the real
// hello_world module loaded, and carries the settings that make nginx do the same work as Drogon.
const test = require('node:test');
const assert = require('node:assert/strict');
const { mkdtempSync, writeFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');
const { spawnSync } = require('node:child_process');
const { loadScenarios } = require('../../src/plan/load-scenarios');
const { prepareServer } = require('../../src/servers/servers');
const { requireBenchSetup } = require('../support/bench-setup');

const scenariosData = loadScenarios();
const cpu = { serverThreads: 3, serverCpus: '0', clientCpus: '1', clientThreads: 1 };

for (const id of ['nginx-module', 'nginx-return']) {
  test(`generated nginx.conf for ${id} passes nginx -t`, (t) => {
    const { state } = requireBenchSetup();
    const scratchDir = mkdtempSync(join(tmpdir(), `bench-nginx-conf-${id}-`));
    t.after(() => rmSync(scratchDir, { recursive: true, force: true }));
    const def = scenariosData.servers.find((s) => s.id === id);
    const prepared = prepareServer(def, { state, cpu, scenariosData, openFilesLimit: 4096, scratchDir });
    writeFileSync(prepared.configFile, prepared.config);

    assert.match(prepared.config, /^worker_processes 3;$/m, 'worker_processes = server threads');
    assert.match(prepared.config, /^\s+access_log off;$/m);
    assert.match(prepared.config, new RegExp(`^\\s+keepalive_requests ${scenariosData.nginx.keepaliveRequests};$`, 'm'));
    assert.match(prepared.config, /^daemon off;$/m);
    assert.match(prepared.config, new RegExp(`^\\s+listen 127\\.0\\.0\\.1:${def.port} backlog=`, 'm'));
    assert.match(prepared.config, new RegExp(`^pid ${scratchDir}/nginx\\.pid;$`, 'm'));
    if (id === 'nginx-module') assert.match(prepared.config, new RegExp(`^load_module ${state.nginxHelloModule};$`, 'm'));
    else assert.doesNotMatch(prepared.config, /load_module/);
    assert.deepEqual(prepared.argv.slice(0, 3), ['taskset', '-c', '0']);

    // nginx -t with the same -p/-c/-e as the runner uses (the argv after taskset), plus -t
    const argv = prepared.argv.slice(3);
    const res = spawnSync(argv[0], [...argv.slice(1), '-t'], { encoding: 'utf8' });
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stderr, /syntax is ok/);
    assert.match(res.stderr, /test is successful/);
  });
}

test('for valgrind: master_process off makes nginx one process, and nginx -t accepts that conf', (t) => {
  const { state } = requireBenchSetup();
  const scratchDir = mkdtempSync(join(tmpdir(), 'bench-nginx-conf-valgrind-'));
  t.after(() => rmSync(scratchDir, { recursive: true, force: true }));
  const def = scenariosData.servers.find((s) => s.id === 'nginx-module');
  const wrapArgv = (argv) => ['valgrind', '--tool=cachegrind', '--cache-sim=no', `--cachegrind-out-file=${scratchDir}/out`, ...argv];
  const prepared = prepareServer(def, { state, cpu, scenariosData, openFilesLimit: 4096, scratchDir, wrapArgv, masterProcess: false });
  writeFileSync(prepared.configFile, prepared.config);
  assert.match(prepared.config, /^master_process off;$/m);
  assert.deepEqual(prepared.argv.slice(0, 5), ['taskset', '-c', '0', 'valgrind', '--tool=cachegrind'], 'pinned, then valgrind, then nginx');
  const argv = prepared.argv.slice(7);
  assert.equal(argv[0], state.nginxBinary);
  const res = spawnSync(argv[0], [...argv.slice(1), '-t'], { encoding: 'utf8' });
  assert.equal(res.status, 0, res.stderr);
  assert.match(res.stderr, /test is successful/);
  const normal = prepareServer(def, { state, cpu, scenariosData, openFilesLimit: 4096, scratchDir });
  assert.match(normal.config, /^master_process on;$/m);
});
