// Subject: the trend. Median requests per second of every scenario and compared server over the runs in
// bench/results/history/ and the latest, with a break wherever the environment fingerprint, the
// profile or the thread counts changed (and what changed, by the rule of
// shared/src/environment-changes.js); drawn only when enough runs are comparable with the latest.
'use strict';
const { codeSpan, table } = require('../../../../shared/src/escape');
const { environmentChanges } = require('../../../../shared/src/environment-changes');
const lookup = require('../../../../shared/src/figures/results-lookup');
const { chartFigure } = require('../chart-figure');
const { utcMinute } = require('../format');
const { paragraphs, folded, dataTable, wholeNumber } = require('../markdown-blocks');
const { sourceDrawer, runCommands } = require('../source-drawer');
const { defineSubject } = require('./subject');

/** The servers the page compares (not baselines), and the baselines, in the JSON's order. */
function splitServers(results) {
  return {
    compared: results.servers.filter((s) => s.baseline !== true),
    baselines: results.servers.filter((s) => s.baseline === true),
  };
}

// A quick-profile run (short runs) or another thread count measures something else than the run
// before it, on the same machine too: that also breaks the trend line.
const SETUP_FIELDS = ['profile', 'method.serverThreads', 'method.loadGeneratorThreads'];

function setupChangesBetween(before, after) {
  const get = (results, field) => field.split('.').reduce((node, key) => node[key], results);
  return SETUP_FIELDS.filter((field) => get(before, field) !== get(after, field))
    .map((field) => ({ field, from: get(before, field), to: get(after, field) }));
}

// One results file is one history entry: the same start time and commit is the same run.

// One results file is one history entry: the same start time and commit is the same run.
function entryKey(results) {
  return `${results.startedAt}|${results.environment.gitCommit}`;
}

/**
 * The trend over history: entries (history plus the latest results when it is not already there),
 * oldest first; one series per scenario and compared server of the latest results that ran in it, with the median
 * requests/s of each entry (null when that entry lacks the scenario or the server had no summary);
 * breaks: [{ index, changes }] where the environment fingerprint, the profile or the thread counts
 * differ from the entry before (changes: [{ field, from, to }], empty when only the fingerprint differs);
 * comparable: how many entries (the latest included) share the latest's fingerprint and setup.
 */
function buildTrend(latest, history) {
  const byKey = new Map();
  for (const entry of [...history, latest]) byKey.set(entryKey(entry), entry);
  const entries = [...byKey.values()].sort((x, y) => (x.startedAt < y.startedAt ? -1 : x.startedAt > y.startedAt ? 1
    : entryKey(x) < entryKey(y) ? -1 : entryKey(x) > entryKey(y) ? 1 : 0));
  const { compared } = splitServers(latest);
  const series = [];
  for (const scenario of latest.scenarios) {
    // The compared servers that ran in this scenario (a JSON endpoint: the JSON variants).
    for (const server of compared.filter((s) => lookup.resultFor(scenario, s.id))) {
      const values = entries.map((entry) => {
        const sameScenario = entry.scenarios.find((s) => s.id === scenario.id);
        const result = sameScenario && lookup.resultFor(sameScenario, server.id);
        return result && result.summary ? result.summary.requestsPerSecond.median : null;
      });
      series.push({ scenarioId: scenario.id, serverId: server.id, values });
    }
  }
  const breaks = [];
  for (let i = 1; i < entries.length; i += 1) {
    const before = entries[i - 1];
    const after = entries[i];
    const setupChanges = setupChangesBetween(before, after);
    if (before.environment.fingerprint !== after.environment.fingerprint || setupChanges.length > 0) {
      breaks.push({ index: i, changes: [...environmentChanges(before.environment, after.environment), ...setupChanges] });
    }
  }
  // Runs the latest can be compared with: the same machine fingerprint and the same setup (itself included).
  const comparable = entries.filter((entry) => entry.environment.fingerprint === latest.environment.fingerprint
    && setupChangesBetween(entry, latest).length === 0).length;
  return { entries, series, breaks, comparable };
}

function changeText(ctx, change) {
  const fields = ctx.strings.trend.fields;
  const field = change.field.startsWith('versions.')
    ? ctx.fill(fields.version, { name: ctx.esc(change.field.slice('versions.'.length)) })
    : fields[change.field];
  const value = (v) => {
    if (v === null || v === undefined) return ctx.strings.trend.absent;
    return typeof v === 'number' ? ctx.fmt.integer(v) : ctx.esc(v);
  };
  return ctx.t('trend.change', { field, from: value(change.from), to: value(change.to) });
}

// Median requests per second over the history, one scenario at a time, only when at least two runs
// are comparable with the latest (same fingerprint, profile and thread counts); else one sentence why.
function trendChart(ctx) {
  // (ctx.trend: a trend a test made; the pages compute it from the latest results and the history.)
  const { entries, series, breaks, comparable } = ctx.trend || buildTrend(ctx.results, ctx.history);
  if (series.length === 0) return ctx.strings.glance.noScenarios;
  if (comparable < ctx.layout.trendMinComparableRuns) {
    return ctx.t('trend.tooFew', { count: ctx.fmt.integer(comparable), needed: ctx.fmt.integer(ctx.layout.trendMinComparableRuns) });
  }
  const start = Math.max(0, entries.length - ctx.layout.trendMaxEntries);
  const shown = entries.slice(start);
  const shownBreaks = breaks.filter((b) => b.index > start).map((b) => ({ ...b, index: b.index - start }));
  // Runs are named by date and commit; two runs of the same commit on the same day also by their start time.
  const dayAndCommit = (entry) => `${entry.environment.date}|${entry.environment.gitCommit.slice(0, 7)}`;
  const shared = (entry) => shown.filter((other) => dayAndCommit(other) === dayAndCommit(entry)).length > 1;
  const entryLabel = (entry, inTable) => ctx.t(shared(entry) ? 'trend.entryAt' : 'trend.entry', {
    date: entry.environment.date, commit: codeSpan(entry.environment.gitCommit.slice(0, 7), { inTable }),
    time: utcMinute(entry.startedAt).slice(11),
  });
  const header = [...ctx.strings.trend.header, ...shown.map((entry, i) => {
    const label = entryLabel(entry, true);
    return shownBreaks.some((b) => b.index === i) ? ctx.t('trend.breakMark', { entry: label }) : label;
  })];
  const rows = series.map((line) => [ctx.scenarioLabel(line.scenarioId), ctx.serverName(line.serverId),
    ...line.values.slice(start).map((v) => (v === null ? ctx.strings.dash : ctx.fmt.integer(v)))]);
  const scenarioIndex = (id) => ctx.results.scenarios.findIndex((sc) => sc.id === id);
  const key = lookup.keyScenarios(ctx.results)[0];
  const figure = chartFigure({
    id: 'trend', fallback: ctx.strings.trend.fallback, selectLabel: ctx.strings.selectScenario,
    caption: ctx.t('trend.caption', { count: ctx.fmt.integer(shown.length), comparable: ctx.fmt.integer(comparable) }),
    spec: {
      kind: 'line', scale: 'linear', seriesIn: 'rows', keyColumns: 2, locale: ctx.fmt.locale,
      series: series.map((line) => ({
        values: line.values.slice(start).map(wholeNumber), color: lookup.serverColor(ctx.results, line.serverId), group: scenarioIndex(line.scenarioId),
      })),
      breaks: shownBreaks.map((b) => b.index),
      groups: { selected: key ? scenarioIndex(key.scenario.id) : 0 },
    },
  });
  const breakNotes = shownBreaks.map((b) => {
    const entry = shown[b.index];
    const before = shown[b.index - 1];
    const changes = b.changes.length
      ? b.changes.map((c) => changeText(ctx, c))
      : [ctx.t('trend.unknownChange', { from: codeSpan(before.environment.fingerprint), to: codeSpan(entry.environment.fingerprint) })];
    return ctx.t('trend.breakNote', { entry: entryLabel(entry, false), changes: changes.join(ctx.strings.listSeparator) });
  });
  return paragraphs(
    figure,
    dataTable(ctx, table(header, rows, header.map((_, i) => (i > 1 ? 'right' : null)))),
    // What changed at each break: one line, the notes folded under it (they can be long).
    breakNotes.length ? folded(ctx.t('trend.breaksSummary', { count: ctx.fmt.integer(breakNotes.length) }), breakNotes.join('\n\n'), 'bench-note') : null,
    // The history's runs are named in the table's header (date and commit); the commands are the latest's.
    sourceDrawer(ctx, runCommands(ctx.results.scenarios)),
  );
}

module.exports = {
  subject: defineSubject({
    name: 'trend',
    sections: { benchmarks: { trend: trendChart } },
  }),
  buildTrend, splitServers, trendChart,
};
