// The Coz page: Debian's Coz runs the chapter's server as the page says (the server stops by itself
// after 30 s), drogon_ctl press loads it on loopback, and the profile.coz it writes holds experiments
// on lines of checksum() and throughput-point data for the page's progress point. strace checks the
// page's claim that Coz samples with the kernel's software task clock, not hardware counters. The
// same program without Coz answers and stops as usual: the progress point does nothing then.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { guideState, guideBinary, pickPort, startProgram, runCommand, runChecked, request, exampleRegion, normalizeOutput, checkCommand, examplesDir } = require('../test-support/guide-tests');

const region = (name) => exampleRegion('coz/commands.sh', name);
const expectedLines = (name) => normalizeOutput(exampleRegion(`coz/expected/${name}.txt`)).split('\n');

// The line numbers of checksum() in main.cc: where the page says the samples fall.
function checksumLines() {
  const lines = fs.readFileSync(path.join(examplesDir, 'coz', 'main.cc'), 'utf8').split('\n');
  const first = lines.findIndex((l) => l.startsWith('static uint64_t checksum(')) + 1;
  assert.ok(first > 0, 'main.cc has no checksum()');
  const last = lines.findIndex((l, i) => i >= first && l === '}') + 1;
  return { first, last };
}

const experimentLine = /^selected=main\.cc:(\d+) speedup=(0\.\d\d|1\.00)$/;
const progressLine = /^throughput-point name=report sent delta=(\d+)$/;

test('the expected profile lines the page shows are lines of checksum()', () => {
  const { first, last } = checksumLines();
  for (const line of expectedLines('experiments')) {
    const m = experimentLine.exec(line);
    assert.ok(m, `expected/experiments.txt: ${JSON.stringify(line)}`);
    assert.ok(Number(m[1]) >= first && Number(m[1]) <= last, `main.cc:${m[1]} is not in checksum() (lines ${first}-${last}): update the page and expected/experiments.txt`);
  }
  for (const line of expectedLines('progress')) assert.match(line, progressLine);
});

test('coz run profiles the server under load and writes progress-point data', { timeout: 10 * 60 * 1000 }, async (t) => {
  const { state } = guideState();
  const binary = await guideBinary('coz_example');
  const port = await pickPort();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-coz-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const env = { ...process.env, PATH: `${path.dirname(state.drogonCtl)}${path.delimiter}${process.env.PATH}` };

  const run = region('run');
  assert.equal(run, "coz run -s '%/main.cc' --- ./build/coz_example 8080 30");
  // Under strace, which reports only perf_event_open (seccomp filter: the server runs at full speed).
  const straceLog = path.join(scratch, 'perf-events.txt');
  const command = run.replace('./build/coz_example', binary).replace('8080', String(port));
  const started = Date.now();
  const coz = await startProgram(['strace', '-f', '--seccomp-bpf', '-e', 'trace=perf_event_open', '-o', straceLog, 'bash', '-c', `exec ${command}`],
    { port, cwd: scratch, env, label: 'coz run coz_example', readyTimeoutMs: 60000 });
  t.after(() => coz.stop());

  // The load: bounded by its request count and by a timeout.
  const load = await runCommand(['bash', '-euo', 'pipefail', '-c', region('load').replace('8080', String(port))], { env, label: 'coz/commands.sh#load', timeoutMs: 60000 });
  t.diagnostic(`press under coz: ${(/^TIMING:.*$/m.exec(load.stdout) || [load.stdout + load.stderr])[0]}`);

  // The server stops by itself after 30 s; Coz writes profile.coz when it ends.
  const exit = await coz.waitForExit(60000);
  assert.ok(exit, `coz run did not end within 60 s of the load; output:\n${coz.output()}`);
  assert.equal(exit.code, 0, `coz run ended with ${exit.code ?? exit.signal}; output:\n${coz.output()}`);
  const seconds = (Date.now() - started) / 1000;
  assert.ok(seconds >= 30, `the server stopped after ${seconds} s, not 30`);

  const profile = fs.readFileSync(path.join(scratch, 'profile.coz'), 'utf8');
  assert.match(profile, /^startup\ttime=\d+$/m);
  assert.match(profile, /^runtime\ttime=\d+$/m);
  const experiments = [...profile.matchAll(/^experiment\tselected=(.+):(\d+)\tspeedup=([\d.]+)\tduration=(\d+)\tselected-samples=(\d+)$/gm)];
  const deltas = [...profile.matchAll(/^throughput-point\tname=report sent\tdelta=(\d+)$/gm)].map((m) => Number(m[1]));
  t.diagnostic(`profile.coz: ${experiments.length} experiments, progress points per experiment: ${deltas.join(' ')}`);
  // The page shows the first lines of the experiments (grep -m N): the page's load lasts long enough for
  // that many (Coz experiments only while the server runs main.cc's lines, about half a second each).
  const pageShows = expectedLines('experiments').length;
  assert.ok(experiments.length >= pageShows, `${experiments.length} experiment(s) in profile.coz, the page shows ${pageShows}: the page's load (${region('load')}) ended too soon:\n${profile}`);
  assert.ok(deltas.some((d) => d > 0), `no experiment counted a progress point:\n${profile}`);
  // -s '%/main.cc': every experiment is on a line of main.cc; the most-sampled line is in checksum().
  for (const m of experiments) assert.equal(path.basename(m[1]), 'main.cc', `experiment outside main.cc: ${m[0]}`);
  const { first, last } = checksumLines();
  const inChecksum = experiments.filter((m) => Number(m[2]) >= first && Number(m[2]) <= last).length;
  assert.ok(inChecksum * 2 > experiments.length, `only ${inChecksum} of ${experiments.length} experiments on lines of checksum()`);
  const samples = [...profile.matchAll(/^samples\tlocation=(.+):(\d+)\tcount=(\d+)$/gm)].sort((a, b) => Number(b[3]) - Number(a[3]));
  assert.ok(samples.length > 0, 'no samples in profile.coz');
  assert.ok(Number(samples[0][2]) >= first && Number(samples[0][2]) <= last, `the most-sampled line is main.cc:${samples[0][2]}, not in checksum()`);

  // The page's two summaries of the profile, by their shape.
  const summary = async (name) => normalizeOutput((await runChecked(['bash', '-euo', 'pipefail', '-c', region(name)], { cwd: scratch, label: `coz/commands.sh#${name}` })).stdout).split('\n');
  const shown = await summary('experiments');
  assert.equal(shown.length, Math.min(3, experiments.length));
  for (const line of shown) assert.match(line, experimentLine);
  const progress = await summary('progress');
  assert.equal(progress.length, Math.min(3, deltas.length));
  for (const line of progress) assert.match(line, progressLine);

  // Coz's samples come from the software task clock: no hardware counter is needed.
  const calls = fs.readFileSync(straceLog, 'utf8').split('\n').filter((l) => l.includes('perf_event_open('));
  assert.ok(calls.length > 0, 'Coz opened no perf event');
  for (const call of calls) assert.match(call, /type=PERF_TYPE_SOFTWARE, .*config=PERF_COUNT_SW_TASK_CLOCK/, call);
  assert.ok(calls.every((c) => /\) = \d+$/.test(c.trim())), `a perf_event_open call failed:\n${calls.join('\n')}`);
});

test('without Coz the program answers and stops by itself', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('coz_example');
  const port = await pickPort();
  const server = await startProgram([binary, String(port), '2'], { port, label: 'coz_example' });
  t.after(() => server.stop());
  const res = await request(`${server.url}/report`);
  assert.equal(res.status, 200);
  const report = JSON.parse(res.body);
  assert.equal(report.top.length, 10);
  assert.ok(report.top.every((v, i) => i === 0 || report.top[i - 1] >= v), 'top is sorted, largest first');
  const exit = await server.waitForExit(15000);
  assert.deepEqual(exit && { code: exit.code, signal: exit.signal }, { code: 0, signal: null });
});

// Why the page's compile options: a small program (a loop with a progress point, about 2 s) built
// with GCC 12's defaults stops Coz 0.2.2 at once (DWARF 5); with -gdwarf-4 alone, Coz cannot read the
// line table (location views) and runs no experiment.
test('Coz 0.2.2 needs -gdwarf-4 -gno-variable-location-views, as the page says', { timeout: 5 * 60 * 1000 }, async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-coz-dwarf-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'loop.cc'), [
    '#include <coz.h>',
    'volatile unsigned long sink;',
    'int main()',
    '{',
    '    for (int i = 0; i < 400; ++i)',
    '    {',
    '        for (unsigned long j = 0; j < 2000000; ++j)',
    '            sink = sink + j;',
    '        COZ_PROGRESS_NAMED("round");',
    '    }',
    '}',
    ''].join('\n'));
  const build = (out, flags) => runChecked(['g++', '-O1', ...flags, 'loop.cc', '-o', out], { cwd: dir, label: `g++ ${flags.join(' ')}` });
  await build('dwarf5', ['-g']);
  await build('dwarf4', ['-g', '-gdwarf-4']);

  const dwarf5 = await runCommand(['coz', 'run', '-o', 'dwarf5.coz', '---', './dwarf5'], { cwd: dir, label: 'coz run (DWARF 5)', timeoutMs: 60000 });
  assert.notEqual(dwarf5.code, 0);
  assert.match(dwarf5.stdout + dwarf5.stderr, /unknown compilation unit version 5/);

  const views = await runCommand(['coz', 'run', '-o', 'dwarf4.coz', '---', './dwarf4'], { cwd: dir, label: 'coz run (DWARF 4, location views)', timeoutMs: 120000 });
  assert.equal(views.code, 0, views.stdout + views.stderr);
  assert.match(views.stdout + views.stderr, /Ignoring DWARF format error when reading line table/);
  const profile = fs.readFileSync(path.join(dir, 'dwarf4.coz'), 'utf8');
  assert.match(profile, /^runtime\ttime=\d+$/m, 'the program ran to its end under Coz');
  assert.doesNotMatch(profile, /^experiment\t/m, `Coz ran experiments although it could not read the line table:\n${profile}`);
  // A second run adds to the same file.
  await runChecked(['coz', 'run', '-o', 'dwarf4.coz', '---', './dwarf4'], { cwd: dir, label: 'coz run again', timeoutMs: 120000 });
  assert.equal(fs.readFileSync(path.join(dir, 'dwarf4.coz'), 'utf8').match(/^startup\t/gm).length, 2, 'Coz appends to its profile');
});

test('coz plot names the viewer, which loads nothing from the network', { timeout: 60000 }, async () => {
  await checkCommand('coz', 'plot', {});
  const viewer = '/usr/share/coz-profiler/viewer';
  const html = fs.readFileSync(path.join(viewer, 'index.htm'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(refs.length > 0);
  for (const ref of refs) {
    assert.doesNotMatch(ref, /^(?:https?:)?\/\//, `the viewer loads ${ref} from the network`);
    assert.ok(fs.existsSync(path.join(viewer, ref)), `the viewer's ${ref} is missing`);
  }
});
