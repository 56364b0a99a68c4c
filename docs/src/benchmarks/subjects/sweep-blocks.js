// Subject: the concurrency sweep (ab -k at each level from 1 connection up, every server): requests per
// second against concurrency on a logarithmic axis, its failed runs in the details page's notes, and
// Methodology's column of the sweep per profile.
'use strict';
const { oneLine, table, escapeMarkdownText } = require('../../../../shared/src/escape');
const lookup = require('../../../../shared/src/figures/results-lookup');
const sweepFigures = require('../../../../shared/src/figures/sweep-figures');
const { chartFigure } = require('../chart-figure');
const { fill } = require('../sentences');
const { paragraphs, dataTable, wholeNumber, secondsText } = require('../markdown-blocks');
const { sourceDrawer } = require('../source-drawer');
const { defineSubject } = require('./subject');

/** The distinct exact commands of the sweep's runs. */
function sweepCommands(sweep) {
  const seen = new Set();
  for (const result of sweep.results) for (const point of result.points) for (const run of point.runs) seen.add(run.command);
  return [...seen];
}

// Requests per second against concurrency (the bench's sweep): one line per server over a
// logarithmic concurrency axis. The table (folded) has a row per server and a column per level.
function sweepChart(ctx) {
  const data = sweepFigures.sweepSeries(ctx.results);
  if (!data) return ctx.strings.sweep.none;
  const { results } = ctx;
  const header = [ctx.strings.sweep.header, ...data.levels.map((level) => ctx.fmt.integer(level))];
  const cell = (median, best) => (median === null ? ctx.strings.dash
    : ctx.t('sweep.cell', { median: ctx.fmt.integer(median), best: ctx.fmt.integer(best) }));
  const rows = data.series.map((line) => [ctx.serverName(line.server), ...line.median.map((m, i) => cell(m, line.best[i]))]);
  const figure = chartFigure({
    // Captions are HTML text (chartFigure escapes them): data goes in unescaped.
    id: 'sweep', fallback: ctx.strings.sweep.fallback,
    caption: ctx.t('sweep.caption', {
      tool: oneLine(results.sweep.tool), runs: ctx.fmt.integer(results.sweep.runsPerLevel), duration: ctx.fmt.decimal(results.sweep.durationSeconds, 0),
    }),
    spec: {
      kind: 'line', scale: 'linear', seriesIn: 'rows', keyColumns: 1, locale: ctx.fmt.locale,
      x: data.levels, xScale: 'logarithmic',
      series: data.series.map((line) => ({ values: line.median.map(wholeNumber), color: lookup.serverColor(results, line.server) })),
    },
  });
  return paragraphs(
    figure, dataTable(ctx, table(header, rows, header.map((_, i) => (i > 0 ? 'right' : null)))),
    sourceDrawer(ctx, sweepCommands(results.sweep)),
  );
}

/** The sweep's failed runs (format 2), named with their reasons, for the details page's notes. */
function failedRuns(ctx) {
  const lines = [];
  for (const r of (ctx.results.sweep && ctx.results.sweep.results) || []) {
    for (const point of r.points) {
      for (const run of point.runs.filter((x) => x.status === 'failed')) {
        lines.push(`- ${ctx.t('notes.failedSweepRun', {
          server: ctx.serverName(r.server), concurrency: ctx.fmt.integer(point.concurrency), round: ctx.fmt.integer(run.round), reason: ctx.esc(run.failureReason),
        })}`);
      }
    }
  }
  return lines;
}

// Methodology's table of measurements: the sweep of a profile (null: none).
function measurementsCell(ctx, p) {
  const m = ctx.strings.methodology;
  return p.sweep ? fill(m.sweep, {
    // (" · " between the levels: a comma would read as a thousands separator.)
    tool: escapeMarkdownText(p.sweep.tool), levels: p.sweep.levels.map((l) => ctx.fmt.integer(l)).join(' · '),
    runs: ctx.fmt.integer(p.sweep.runsPerLevel), duration: secondsText(ctx, p.sweep.durationSeconds),
  }, 'methodology.sweep') : null;
}

module.exports = {
  subject: defineSubject({
    name: 'sweep',
    sections: { benchmarks: { sweep: sweepChart } },
    methodology: { measurements: [measurementsCell] },
    failedRuns,
    ownRun: (ctx) => {
      const data = sweepFigures.sweepSeries(ctx.results);
      return { sweepLevels: data ? data.levels : null };
    },
  }),
  sweepChart, sweepCommands, failedRuns,
};
