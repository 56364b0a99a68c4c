// Subject: pooling over runs (issue 25). The figures of the Benchmarks page are pooled over comparable
// runs where the results file carries them (shared/src/figures/pooled-figures.js); this subject shows
// what they rest on: on the details page the runs (when, commit, file, sha256), the history files left
// out and why, and every pooled comparison beside the run's own figure; in Methodology the two coverage
// figures of the calibration (bench/src/pool/calibration.js, what `npm run bench:calibration` prints).
'use strict';
const { codeSpan, table } = require('../../../../shared/src/escape');
const pooledFigures = require('../../../../shared/src/figures/pooled-figures');
const { utcMinute } = require('../format');
const { folded, paragraphs } = require('../markdown-blocks');
const { fill } = require('../sentences');
const { readerText } = require('../reader-paths');
const { defineSubject } = require('./subject');

const ratioText = (ctx, value) => ctx.fill(ctx.strings.comparison.ratio, { value: ctx.fmt.ratio(value) });
const intervalText = (ctx, low, high) => ctx.fill(ctx.strings.comparison.interval, { low: ctx.fmt.ratio(low), high: ctx.fmt.ratio(high) });

// Where the run's own figure fell against the earlier runs' prediction interval (pooled.comparisons[].newest).
function newestText(ctx, newest) {
  const own = ratioText(ctx, newest.ratio);
  if (!newest.place) return own;
  return ctx.t(`pooled.place.${newest.place}`, { own, interval: intervalText(ctx, newest.earlierLow, newest.earlierHigh) });
}

// One row per pooled comparison: scenario, metric, pair, the pooled figure, runs, spread between runs, this run.
function comparisonRows(ctx) {
  const { results } = ctx;
  return results.pooled.comparisons.map((c) => [
    ctx.scenarioLabel(c.scenario), ctx.strings.glance.metrics[c.metric],
    ctx.t('details.pairOf', { reference: ctx.serverName(c.reference), other: ctx.serverName(c.other) }),
    ctx.t('pooled.figure', {
      value: ratioText(ctx, c.ratio), interval: intervalText(ctx, c.low, c.high),
      verdict: ctx.fill(ctx.strings.comparison.verdicts[c.verdict], { reference: ctx.serverName(c.reference), other: ctx.serverName(c.other) }),
    }),
    ctx.fmt.integer(c.runs.length),
    // The between-run standard deviation of the log ratio, as a share of the ratio (about exp(sd) - 1).
    ctx.fmt.percent(Math.expm1(c.betweenRunSd)),
    newestText(ctx, c.newest),
  ]);
}

// Issue 33: the machines the pooled runs come from, with their attributes and how each is named.
function machinesTable(ctx, machines) {
  if (!machines.length) return null;
  return table(ctx.strings.pooled.machinesHeader, machines.map((m) => [
    codeSpan(m.id, { inTable: true }), codeSpan(m.kernel, { inTable: true }), ctx.fmt.integer(m.memoryBytes),
    m.hypervisor ? ctx.esc(m.hypervisor) : ctx.strings.pooled.machineUnknown, ctx.fmt.integer(m.runs),
    m.inferred ? ctx.strings.pooled.machineInferred : ctx.strings.pooled.machineNamed,
  ]));
}

/** The details page's "Pooled over runs": the runs, the files left out, every pooled comparison. */
function pooled(ctx) {
  const { results } = ctx;
  const pool = pooledFigures.poolSummary(results);
  const excluded = pool.excluded.length ? paragraphs(
    ctx.t('pooled.excludedIntro', { count: ctx.fmt.integer(pool.excluded.length) }),
    pool.excluded.map((x) => `- ${codeSpan(x.file)}: ${ctx.esc(readerText(x.reason))}`).join('\n'),
  ) : null;
  if (!results.pooled) return ctx.t('pooled.none', { minRuns: ctx.fmt.integer(pooledFigures.MIN_RUNS) });
  if (!pool.pooled) return paragraphs(ctx.t('pooled.tooFew', { runs: ctx.fmt.integer(pool.runs.length), minRuns: ctx.fmt.integer(results.pooled.minRuns) }), excluded);
  const runsTable = table(ctx.strings.pooled.runsHeader, pool.runs.map((run) => [
    utcMinute(run.startedAt), codeSpan(run.gitCommit.slice(0, 12), { inTable: true }), codeSpan(run.source, { inTable: true }),
    run.sha256 ? codeSpan(run.sha256, { inTable: true }) : ctx.strings.source.thisFile,
  ]));
  const unusual = results.pooled.comparisons.filter((c) => c.newest.place && c.newest.place !== 'inside').length;
  return paragraphs(
    ctx.t('pooled.intro', {
      runs: ctx.fmt.integer(pool.runs.length), minRuns: ctx.fmt.integer(results.pooled.minRuns),
      confidence: ctx.fmt.share(results.pooled.confidence),
      hardwareClass: codeSpan(results.pooled.hardwareClass || results.pooled.fingerprint),
      machines: ctx.fmt.integer(pool.machines.length),
      methodology: ctx.pageLink('methodology', ctx.strings.pooled.methodologyLink, 'figures-from-several-runs'),
    }),
    runsTable,
    machinesTable(ctx, pool.machines),
    excluded,
    ctx.t('pooled.comparisonsIntro', { count: ctx.fmt.integer(results.pooled.comparisons.length), unusual: ctx.fmt.integer(unusual) }),
    folded(ctx.t('pooled.comparisonsSummary', { count: ctx.fmt.integer(results.pooled.comparisons.length) }),
      table(ctx.strings.pooled.comparisonsHeader, comparisonRows(ctx)), 'bench-more'),
  );
}

// Methodology's coverage figures: "307 of 456 (67 %)", from the results file's calibration; a dash
// when the file has none (a partial run).
function coverage(which, { whenNone = null } = {}) {
  return (ctx) => {
    const pooled = ctx.results && ctx.results.pooled;
    const c = pooled && pooled.calibration && pooled.calibration[which];
    if (c && !c.total && whenNone) return ctx.strings.pooled[whenNone];
    if (!c || !c.total) return ctx.strings.dash;
    // (Methodology's ctx has no t(): it fills from the string table itself.)
    return fill(ctx.strings.pooled.coverage, { contained: ctx.fmt.integer(c.contained), total: ctx.fmt.integer(c.total), share: ctx.fmt.percent(c.contained / c.total) }, 'pooled.coverage');
  };
}

module.exports = {
  subject: defineSubject({
    name: 'pooling',
    sections: { 'benchmark-details': { pooled } },
    methodology: {
      values: {
        poolMinRuns: (ctx) => ctx.fmt.integer(pooledFigures.MIN_RUNS),
        calibrationOwn: coverage('ownInterval'),
        calibrationPooled: coverage('pooledInterval'),
        // Issue 33: intervals made without any run of one machine, against that machine's runs; and the
        // folds where one other machine only was left (its own interval instead).
        calibrationLeaveOneMachineOut: coverage('leaveOneMachineOut', { whenNone: 'coverageNoMachines' }),
        calibrationOneOtherMachine: coverage('oneOtherMachine'),
        poolMachines: (ctx) => {
          const pooled = ctx.results && ctx.results.pooled;
          return pooled && pooled.machines ? ctx.fmt.integer(pooled.machines.length) : ctx.strings.dash;
        },
      },
    },
  }),
  pooled, comparisonRows,
};
