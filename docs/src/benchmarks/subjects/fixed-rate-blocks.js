// Subject: fixed-rate latency (issue 9's open-loop block): oha offers each group of servers fractions of
// the slowest server's closed-loop maximum on a clock, with latency measured from when each request was
// due. The chart of latency against load, every level on the details page, Methodology's column and
// figures. A level the load generator did not hold is never drawn or quoted as the server's latency.
'use strict';
const { codeSpan, escapeMarkdownText, oneLine, table } = require('../../../../shared/src/escape');
const lookup = require('../../../../shared/src/figures/results-lookup');
const latencyFigures = require('../../../../shared/src/figures/scenario-figures');
const loadFigures = require('../../../../shared/src/figures/fixed-rate-figures');
const { chartFigure, LABELLED_PERCENTILES } = require('../chart-figure');
const { fill } = require('../sentences');
const {
  paragraphs, strong, dataTable, joinSentences, moreDetails, msFromUs, valueWithRange, DETAIL_PERCENTILES, msCell, secondsText,
} = require('../markdown-blocks');
const { sourceDrawer } = require('../source-drawer');
const { readerCommand } = require('../reader-paths');
const { defineSubject } = require('./subject');

// The percentiles of the latency-against-load chart, one selector entry per group and percentile.
const LOAD_PERCENTILES = latencyFigures.PERCENTILES.filter((pc) => LABELLED_PERCENTILES.includes(pc.key));

/** The distinct exact commands of the fixed-rate runs (every group, level and server), in the file's order. */
function fixedRateCommands(block) {
  const seen = new Set();
  for (const group of block.groups) {
    for (const level of group.levels) for (const result of level.results) for (const run of result.runs) seen.add(run.command);
  }
  return [...seen];
}

// A fixed-rate group's name: its endpoint, or "hello world" when each server answers on its own path.
function loadGroupLabel(ctx, group) {
  return group.path === null
    ? ctx.t('latencyLoad.groupOwnPaths', { method: ctx.esc(group.method) })
    : ctx.t('latencyLoad.group', { method: ctx.esc(group.method), path: ctx.esc(group.path) });
}

// One cell of the latency-against-load table: the latency (held), or why there is none.
function loadCell(ctx, point, key) {
  if (point.state === 'held') return ctx.fmt.ms(point.latencyUs[key]);
  if (point.state === 'failed') return ctx.strings.latencyLoad.failed;
  return point.achieved === null ? ctx.strings.latencyLoad.notHeld
    : ctx.t('latencyLoad.notHeldAchieved', { achieved: ctx.fmt.integer(point.achieved), rate: ctx.fmt.integer(point.rate) });
}

/**
 * Latency against load (issue 9's fixed-rate block): latency percentiles against the offered rate,
 * open loop (oha on a clock, latency from when each request was due). One group of servers and one
 * percentile at a time (a selector); x is each level's target rate, so the groups keep their own
 * axes. A level the load generator did not hold is never drawn as the server's latency: its point is
 * left out (the line breaks) and marked on the chart, and the table says what was achieved.
 */
function latencyLoad(ctx) {
  const { results } = ctx;
  const block = results.fixedRate;
  const data = loadFigures.latencyAgainstLoad(results);
  if (!data) {
    if (!block) return ctx.strings.latencyLoad.none;
    // Fixed-rate groups ran without a basis (no closed-loop maximum to take fractions of).
    return ctx.t('latencyLoad.noLevels', {
      groups: block.groups.map((g) => ctx.t('latencyLoad.groupFailure', { group: loadGroupLabel(ctx, g), reason: ctx.esc(g.failureReason || '') })).join(ctx.strings.listSeparator),
    });
  }
  const rows = [];
  const series = [];
  data.groups.forEach((g, gi) => {
    const groupName = loadGroupLabel(ctx, g.group);
    LOAD_PERCENTILES.forEach((pc, pi) => {
      for (const line of g.series) {
        // Each level's point of this server, in the order of the table's columns (undefined: not run).
        const points = data.fractions.map((fraction) => line.points.find((pt) => pt.fraction === fraction));
        rows.push([ctx.t('latencyLoad.groupPercentile', { group: groupName, p: ctx.fmt.share(pc.p) }), ctx.serverName(line.server),
          ...points.map((point) => (point ? loadCell(ctx, point, pc.key) : ctx.strings.dash))]);
        series.push({
          values: points.map((point) => (point && point.state === 'held' ? msFromUs(point.latencyUs[pc.key]) : null)),
          x: points.map((point) => (point ? point.rate : null)),
          notHeld: points.map((point) => Boolean(point && point.state === 'not-held')),
          color: lookup.serverColor(results, line.server),
          group: gi * LOAD_PERCENTILES.length + pi,
        });
      }
    });
  });
  const header = [...ctx.strings.latencyLoad.header, ...data.fractions.map((f) => ctx.t('latencyLoad.levelHeader', { fraction: ctx.fmt.share(f) }))];
  // First drawn: the JSON group's p99 where the file has it (every level there is usually held), else the first group's.
  const firstGroup = Math.max(0, data.groups.findIndex((g) => g.group.id === 'json'));
  const selected = firstGroup * LOAD_PERCENTILES.length + LOAD_PERCENTILES.findIndex((pc) => pc.key === 'p99');
  const figure = chartFigure({
    id: 'latency-load', fallback: ctx.strings.latencyLoad.fallback, selectLabel: ctx.strings.latencyLoad.select,
    caption: ctx.t('latencyLoad.caption', {
      tool: oneLine(block.tool), version: oneLine(block.toolVersion), rounds: ctx.fmt.integer(block.repetitions),
      duration: ctx.fmt.decimal(block.durationSeconds, 0), connections: ctx.fmt.integer(block.connections),
    }),
    spec: {
      kind: 'line', scale: 'linear', seriesIn: 'rows', keyColumns: 2, locale: ctx.fmt.locale, xScale: 'linear',
      series, groups: { selected },
    },
  });
  // What 100 % was, per group, and the target rates (the x values): inside the folded table.
  const basis = data.groups.map((g) => `- ${ctx.t('latencyLoad.basis', {
    group: loadGroupLabel(ctx, g.group), server: ctx.serverName(g.group.basis.slowestServer), maximum: ctx.fmt.integer(g.group.basis.maximum),
    scenario: ctx.scenarioLabel(g.group.basis.scenario) ?? codeSpan(g.group.basis.scenario),
    rates: g.levels.map((l) => ctx.t('latencyLoad.rate', { fraction: ctx.fmt.share(l.fraction), rate: ctx.fmt.integer(l.rate) })).join(ctx.strings.listSeparator),
  })}`).join('\n');
  // One line under the chart: what a cross means, when a level was not held (the table names them).
  const anyNotHeld = data.groups.some((g) => g.series.some((line) => line.points.some((pt) => pt.state === 'not-held')));
  const held = ctx.t(anyNotHeld ? 'latencyLoad.notHeldLine' : 'latencyLoad.allHeld', { ratio: ctx.fmt.share(block.holdRatio) });
  return paragraphs(figure,
    joinSentences(ctx, held, moreDetails(ctx, 'latency-against-load')),
    dataTable(ctx, paragraphs(basis, table(header, rows, header.map((_, i) => (i > 1 ? 'right' : null))))),
    sourceDrawer(ctx, fixedRateCommands(block)));
}

// Percentiles of the fixed-rate tables: the closed-loop ones and the slowest answer.
const FIXED_RATE_PERCENTILES = [...DETAIL_PERCENTILES, 'max'];

// Latency against load: how the levels were set and run, then every level of every group and server
// (target and achieved rate, runs held, percentiles of the held runs), and why a level was not held.
function fixedRateTables(ctx) {
  const block = ctx.results.fixedRate;
  const d = ctx.strings.details.fixedRate;
  if (!block) return ctx.strings.latencyLoad.none;
  const blocks = [ctx.t('details.fixedRate.intro', {
    tool: ctx.esc(block.tool), version: ctx.esc(block.toolVersion), connections: ctx.fmt.integer(block.connections),
    threads: ctx.fmt.integer(block.clientThreads), fractions: ctx.list(block.fractions.map((f) => ctx.fmt.share(f))),
    duration: ctx.fmt.decimal(block.durationSeconds, 0), warmup: ctx.fmt.decimal(block.warmupSeconds, 0),
    rounds: ctx.fmt.integer(block.repetitions), ratio: ctx.fmt.share(block.holdRatio),
  })];
  const reasons = [];
  for (const group of block.groups) {
    const name = group.path === null ? ctx.t('latencyLoad.groupOwnPaths', { method: ctx.esc(group.method) })
      : ctx.t('latencyLoad.group', { method: ctx.esc(group.method), path: ctx.esc(group.path) });
    if (!group.basis) {
      blocks.push(ctx.t('latencyLoad.groupFailure', { group: strong(name), reason: ctx.esc(group.failureReason || '') }));
      continue;
    }
    blocks.push(ctx.t('details.fixedRate.group', {
      group: strong(name), servers: ctx.list(group.servers.map((id) => ctx.serverName(id))),
      maximum: ctx.fmt.integer(group.basis.maximum), server: ctx.serverName(group.basis.slowestServer),
      scenario: ctx.scenarioLabel(group.basis.scenario) ?? codeSpan(group.basis.scenario), command: codeSpan(readerCommand(group.commandLine)),
    }));
    const rows = [];
    for (const level of group.levels) {
      for (const r of level.results) {
        const s = r.summary;
        rows.push([
          ctx.t('details.fixedRate.level', { fraction: ctx.fmt.share(level.fraction), rate: ctx.fmt.integer(level.rate) }),
          ctx.serverName(r.server),
          s.achievedRate ? valueWithRange(ctx, s.achievedRate, ctx.fmt.integer) : ctx.strings.dash,
          ctx.t('details.fixedRate.held', { held: ctx.fmt.integer(s.heldRuns), total: ctx.fmt.integer(s.runs) }),
          ...FIXED_RATE_PERCENTILES.map((p) => msCell(ctx, s.latencyUs, p)),
        ]);
        for (const run of r.runs) {
          const why = run.status === 'failed' ? run.failureReason : (run.held ? null : run.notHeldReason);
          if (why) {
            reasons.push(`- ${ctx.t('details.fixedRate.reason', {
              group: name, fraction: ctx.fmt.share(level.fraction), server: ctx.serverName(r.server), round: ctx.fmt.integer(run.round), reason: ctx.esc(why),
            })}`);
          }
        }
      }
    }
    blocks.push(table(d.header, rows, d.header.map((_, i) => (i > 1 ? 'right' : null))));
  }
  if (reasons.length) blocks.push(d.reasonsIntro, reasons.join('\n'));
  blocks.push(sourceDrawer(ctx, fixedRateCommands(block)));
  return paragraphs(...blocks);
}

// Methodology's table of measurements: the fixed-rate levels of a profile (null: none).
function measurementsCell(ctx, p) {
  const m = ctx.strings.methodology;
  return p.fixedRate ? fill(m.fixedRate, {
    tool: escapeMarkdownText(p.fixedRate.tool), fractions: ctx.list(p.fixedRate.fractions.map((f) => ctx.fmt.share(f))),
    groups: ctx.list(p.fixedRate.groups.map((g) => fill(m.fixedRateGroup, {
      group: g.path ? `${escapeMarkdownText(g.method)} ${escapeMarkdownText(g.path)}` : m.helloWorld, basis: codeSpan(g.basisScenario, { inTable: true }),
    }, 'methodology.fixedRateGroup'))),
    rounds: ctx.fmt.integer(p.fixedRate.repetitions), duration: secondsText(ctx, p.fixedRate.durationSeconds), warmup: secondsText(ctx, p.fixedRate.warmupSeconds),
  }, 'methodology.fixedRate') : null;
}

function defaultFixedRate(settings) {
  const profile = settings.profiles.find((p) => p.id === 'default');
  if (!profile || !profile.fixedRate) throw new Error('methodology: the default profile of bench/scenarios.json has no fixedRate block to quote');
  return profile.fixedRate;
}

module.exports = {
  subject: defineSubject({
    name: 'fixedRate',
    sections: {
      benchmarks: { latencyLoad },
      'benchmark-details': { fixedRate: fixedRateTables },
    },
    methodology: {
      values: {
        // The default profile's fixed-rate levels (fractions of the basis maximum) and rounds per level.
        fixedRateFractions: (ctx, s) => ctx.list(defaultFixedRate(s).fractions.map((f) => ctx.fmt.share(f))),
        fixedRateRounds: (ctx, s) => ctx.fmt.integer(defaultFixedRate(s).repetitions),
      },
      measurements: [measurementsCell],
    },
    ownRun: (ctx) => {
      const load = loadFigures.latencyAgainstLoad(ctx.results);
      return { fixedRate: load ? { groups: load.groups.map((g) => g.group.id), percentiles: LOAD_PERCENTILES.map((pc) => pc.key) } : null };
    },
  }),
  latencyLoad, fixedRateTables, fixedRateCommands,
};
