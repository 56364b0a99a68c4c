// Where a load's main-thread time went (docs/src/page-load-trace.js), on a captured real trace of the
// Benchmarks page (docs/test/fixtures/page-load-trace.json) and on small made-up traces whose answer
// is known.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { mainThreadTime, kindOf } = require('../src/page-load-trace');

const captured = require('./fixtures/page-load-trace.json');

test('a captured load: the windows add up, and the charts plugin\'s work is named after its file', () => {
  const [before, after] = mainThreadTime(captured.traceEvents, [
    { label: 'until the verdict table', from: 0, to: captured.verdict },
    { label: 'verdict table -> every chart', from: captured.verdict, to: captured.charts },
  ]);
  for (const w of [before, after]) {
    const sum = w.kinds.reduce((total, [, ms]) => total + ms, 0);
    assert.ok(w.busy > 10, `${w.label}: ${w.busy} ms busy`);
    // Each kind counts its own time: together they are the busy time (less the parts under 0.5 ms).
    assert.ok(Math.abs(sum - w.busy) < 0.05 * w.busy, `${w.label}: kinds add up to ${sum} of ${w.busy} ms`);
  }
  assert.ok(before.busy + after.busy <= captured.charts, 'more CPU than wall time on one thread');
  const kinds = Object.fromEntries(after.kinds);
  assert.ok(kinds['script plugins/benchmark-charts.js'] > 20, JSON.stringify(after.kinds));
  assert.ok(kinds.layout > 0 && kinds.style > 0 && kinds['paint and commit'] > 0, JSON.stringify(after.kinds));
  assert.ok(!Object.keys(kinds).some((k) => /localhost/.test(k)), 'a script kind keeps its origin');
});

test('made-up slices: own time is the slice less its children, cut at the window, thread time first', () => {
  const nav = { name: 'navigationStart', ph: 'R', ts: 1000000, pid: 1, tid: 2, args: { data: { isLoadingMainFrame: true, documentLoaderURL: 'http://localhost:3000/ENG/Benchmarks/' } } };
  const slice = (name, fromMs, durMs, extra = {}) => ({ name, ph: 'X', ts: nav.ts + fromMs * 1000, dur: durMs * 1000, pid: 1, tid: 2, ...extra });
  const events = [
    nav,
    slice('RunTask', 10, 20, { tdur: 16000 }), // 4 ms of it the thread did not run
    slice('FunctionCall', 12, 10, { args: { data: { url: 'http://localhost:3000/plugins/a.js?v=1' } } }),
    slice('Layout', 14, 4), // inside the call: style of its own, not the script's
    slice('Layout', 40, 20), // half in the first window
    slice('ParseHTML', 0, 5, { pid: 9 }), // another process
  ];
  const [first, second] = mainThreadTime(events, [{ label: 'a', from: 0, to: 50 }, { label: 'b', from: 50, to: 100 }]);
  const round = (kinds) => Object.fromEntries(kinds.map(([k, ms]) => [k, Math.round(ms * 1000) / 1000]));
  assert.equal(first.busy, 16 + 10);
  // The task ran 16 of its 20 ms: its call 8 of 10, the layout in it 3.2 of 4.
  assert.deepEqual(round(first.kinds), { layout: 3.2 + 10, other: 16 - 8, 'script plugins/a.js': 8 - 3.2 });
  assert.deepEqual(Object.fromEntries(second.kinds), { layout: 10 });
  assert.throws(() => mainThreadTime(events.slice(1), []), /no navigationStart of an http\(s\) page/);
});

test('kinds of slices', () => {
  assert.equal(kindOf('UpdateLayoutTree', ''), 'style');
  assert.equal(kindOf('MinorGC', ''), 'garbage collection');
  assert.equal(kindOf('EvaluateScript', 'http://127.0.0.1:8080/vendor/chart.umd.min.js#x'), 'script vendor/chart.umd.min.js');
  assert.equal(kindOf('FunctionCall', ''), 'script (no file)');
  assert.equal(kindOf('Receive mojo message', ''), 'other');
});
