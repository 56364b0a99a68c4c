// Where a page load's main-thread time goes, from a Chromium trace (npm run bench:page -- --trace):
// the renderer's main thread of the page's last navigation, its CPU time (thread time: another
// process running on the same cores does not count) by kind of work, within windows of the load
// (e.g. until the verdict table, then until every chart is drawn). Each slice counts its own time,
// not its children's; a script's work is named after its file.
'use strict';

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'loading', 'toplevel'].join(',');

const KINDS = [
  [/^(ParseHTML|DecodedDataDocumentParser|ParseAuthorStyleSheet|CSSParserImpl)/, 'parse HTML and CSS'],
  [/^(UpdateLayoutTree|RecalculateStyles|Document::recalcStyle)/, 'style'],
  [/^(Layout|LocalFrameView::performLayout)$/, 'layout'],
  [/^(Paint|PrePaint|PaintImage|Commit|Layerize|UpdateLayer|CompositeLayers|Decode)/, 'paint and commit'],
  [/^(MinorGC|MajorGC|V8\.GC)/, 'garbage collection'],
];
const SCRIPT = /^(EvaluateScript|FunctionCall|v8\.|V8\.|TimerFire|FireAnimationFrame|FireIdleCallback|EventDispatch|RunMicrotasks|CompileScript|XHR|BlinkScheduler_PerformMicrotaskCheckpoint|FlushInstructionCache)/;

// A slice's kind: one of KINDS, "script <file>" for JavaScript (the nearest file in its stack), or
// "other" (navigation, tasks, IPC).
function kindOf(name, url) {
  for (const [pattern, kind] of KINDS) if (pattern.test(name)) return kind;
  if (SCRIPT.test(name)) return `script ${url ? url.replace(/^[a-z]+:\/\/[^/]+\//, '').replace(/[?#].*/, '') : '(no file)'}`;
  return 'other';
}

/**
 * events: the trace's events (Tracing.dataCollected values); windows: [{ label, from, to }] in ms
 * after the navigation's start. Returns [{ label, busy, kinds: [[kind, ms], ...] largest first }].
 * Throws when the trace has no navigation of an http(s) page.
 */
function mainThreadTime(events, windows) {
  const starts = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && /^https?:/.test(e.args?.data?.documentLoaderURL || ''));
  if (!starts.length) throw new Error('trace: no navigationStart of an http(s) page');
  const nav = starts[starts.length - 1];
  const slices = events.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Nesting by time: each slice's own CPU is its CPU less its children's. A task's thread time is its
  // CPU; the slices inside it (most have no thread time of their own) run at the same share of their
  // wall time, so that the parts add up to the task.
  const open = [];
  const rows = slices.map((e) => {
    while (open.length && open[open.length - 1].end <= e.ts) open.pop();
    const parent = open[open.length - 1] || null;
    const url = e.args?.data?.url || e.args?.data?.stackTrace?.[0]?.url || (parent && parent.url) || '';
    const running = parent ? parent.running : (typeof e.tdur === 'number' && e.dur > 0 ? Math.min(e.tdur / e.dur, 1) : 1);
    const cpu = e.dur * running;
    const row = { ts: e.ts, dur: e.dur, end: e.ts + e.dur, cpu, own: cpu, running, kind: kindOf(e.name, url), url, parent };
    if (parent) parent.own -= cpu;
    open.push(row);
    return row;
  });
  return windows.map(({ label, from, to }) => {
    const a = nav.ts + from * 1000;
    const b = nav.ts + to * 1000;
    const kinds = new Map();
    let busy = 0;
    for (const r of rows) {
      const overlap = Math.min(r.end, b) - Math.max(r.ts, a);
      if (overlap <= 0 || r.dur <= 0) continue;
      const share = overlap / r.dur; // a slice cut by the window counts in part (its children by their own share)
      if (!r.parent) busy += (r.cpu * share) / 1000;
      kinds.set(r.kind, (kinds.get(r.kind) || 0) + (r.own * share) / 1000);
    }
    return { label, busy, kinds: [...kinds].filter(([, ms]) => ms >= 0.5).sort((x, y) => y[1] - x[1]) };
  });
}

/** Runs load() with the page traced; resolves to the trace's events. */
async function traceLoad(page, load) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
  try {
    await load();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  return events;
}

module.exports = { mainThreadTime, traceLoad, kindOf, TRACE_CATEGORIES };
