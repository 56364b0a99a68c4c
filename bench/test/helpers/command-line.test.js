'use strict';
// Command templates, shell quoting and the `times` wrapper that measures the load generator's CPU.
const test = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const { fillTemplate, shellLine, wrapTimed, wrapExec, parseTimesOutput } = require('../../src/helpers/command-line');

test('templates fill placeholders and splice array values', () => {
  const argv = fillTemplate(['wrk', '-c{connections}', '{modeArgs}', '{url}'], { connections: 100, modeArgs: ['-H', 'Connection: close'], url: 'http://127.0.0.1:1/x' }, 'here');
  assert.deepEqual(argv, ['wrk', '-c100', '-H', 'Connection: close', 'http://127.0.0.1:1/x']);
  assert.deepEqual(fillTemplate(['ab', '{modeArgs}', 'u'], { modeArgs: [] }, 'here'), ['ab', 'u']);
  assert.throws(() => fillTemplate(['wrk', '{nope}'], {}, 'tools.wrk.command'), /tools\.wrk\.command: unknown placeholder \{nope\}/);
});

test('shell lines quote what the shell would split', () => {
  assert.equal(shellLine(['wrk', '-H', 'Connection: close', '{url}']), "wrk -H 'Connection: close' {url}");
  assert.equal(shellLine(["it's"]), "'it'\\''s'");
});

test('the timed wrapper reports the CPU time its child used, from a real bash', () => {
  // The child burns 0.3 s of its own CPU time (not of wall-clock time, which a loaded machine stretches
  // while giving it less CPU); `times` in the wrapper must see at least that.
  const argv = wrapTimed([process.execPath, '-e', 'const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; }; while (cpu() < 0.3);']);
  const res = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8' });
  assert.equal(res.status, 0, res.stderr);
  const cpu = parseTimesOutput(res.stderr);
  // times counts in clock ticks (10 ms): allow one tick under.
  assert.ok(cpu >= 0.29 && cpu < 3, `child CPU seconds ${cpu}`);
});

test('the wrappers raise the open-files soft limit to the hard limit and keep the exit status', () => {
  const res = spawnSync('bash', ['-c', 'ulimit -Hn'], { encoding: 'utf8' });
  const hard = res.stdout.trim();
  const exec = wrapExec(['bash', '-c', 'ulimit -Sn']);
  assert.equal(spawnSync(exec[0], exec.slice(1), { encoding: 'utf8' }).stdout.trim(), hard);
  const timed = wrapTimed(['bash', '-c', 'exit 7']);
  const failed = spawnSync(timed[0], timed.slice(1), { encoding: 'utf8' });
  assert.equal(failed.status, 7);
  assert.notEqual(parseTimesOutput(failed.stderr), null);
  assert.equal(parseTimesOutput('no times here'), null);
});
