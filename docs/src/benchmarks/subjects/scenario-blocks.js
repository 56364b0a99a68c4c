// Subject: the scenarios (closed loop: wrk and ab against every server, in rounds). One sentence per
// scenario ("Every scenario"), latency as percentile curves, and on the details page every result,
// requests per second, latency percentiles, efficiency and bottleneck, and the notes on the results
// (scenario-notes.js);
// Methodology's table of profiles and the figures it quotes from bench/scenarios.json about them.
'use strict';
const { codeSpan, escapeMarkdownText, table } = require('../../../../shared/src/escape');
const lookup = require('../../../../shared/src/figures/results-lookup');
const verdicts = require('../../../../shared/src/figures/verdict-figures');
const latencyFigures = require('../../../../shared/src/figures/scenario-figures');
const { shownRatio } = require('../../../../shared/src/figures/pooled-figures');
const { chartFigure, LABELLED_PERCENTILES } = require('../chart-figure');
const { sentence, param, fill, localize } = require('../sentences');
const {
  paragraphs, folded, dataTable, joinSentences, moreDetails, valueWithRange, latencyMs, latencyChartMs, DETAIL_PERCENTILES, secondsText,
} = require('../markdown-blocks');
const { notes } = require('./scenario-notes');
const { sourceDrawer, runCommands } = require('../source-drawer');
const { readerCommand } = require('../reader-paths');
const { defineSubject } = require('./subject');

// The hello-world part: the JSON application has its own subject (json-blocks.js).
const helloServers = (results) => results.servers.filter((s) => !lookup.isJsonServer(s));

/**
 * The sentence about one scenario: { key, params, pace, metric }. pair: { reference, other } from
 * lookup.mainPair(results), or null when the file compares fewer than two servers.
 */
function scenarioSentence(results, scenario, pair) {
  if (!pair) return { ...sentence('scenario.noPair'), pace: null, metric: null };
  for (const id of [pair.reference, pair.other]) {
    const result = lookup.resultFor(scenario, id);
    if (!result || !result.summary) return { ...sentence('scenario.noResult', { server: param.server(id) }), pace: null, metric: null };
  }
  const { pace, sides } = verdicts.paceOf(scenario, [pair.reference, pair.other]);
  const metric = verdicts.quotedMetric(pace);
  // Pooled over comparable runs where the file has them (pooled-figures.js), else this run's own.
  const ratio = shownRatio(results, scenario, metric, pair);
  const params = { comparison: param.comparison(pair, metric, ratio), tool: param.text(scenario.tool) };
  if (pace === 'mixed') params.sides = param.sides(sides);
  return { ...sentence(`pace.${pace}`, params), pace, metric };
}

// One sentence per hello-world scenario, every such scenario of the file in its order, with what other
// subjects add to it (ctx.blockSentences: a cause from the counts, a server that exited).
// The key scenarios come first; with many scenarios (the default profile), the others are folded
// under them (layout.json: sentencesUnfolded), so the page stays within four screens.
function conclusion(ctx) {
  const pair = lookup.mainPair(ctx.results);
  const item = (scenario) => ctx.t('conclusionItem', {
    scenario: ctx.scenarioLabel(scenario.id),
    sentence: joinSentences(ctx, localize(scenarioSentence(ctx.results, scenario, pair), ctx), ...ctx.blockSentences(scenario)),
  });
  const keys = lookup.keyScenarios(ctx.results).map((k) => k.scenario);
  // The JSON endpoints have their own sentences, in "Drogon and Go" (json()).
  const ordered = [...keys, ...lookup.helloScenarios(ctx.results).filter((sc) => !keys.includes(sc))];
  // Scenarios of the profile that did not run (format 2), with the bench's reason.
  const skipped = (ctx.results.skippedScenarios || []).map((sc) => ctx.t('skippedItem', {
    id: codeSpan(sc.id), connections: ctx.fmt.integer(sc.connections), reason: ctx.esc(sc.reason),
  }));
  if (ordered.length === 0 && skipped.length === 0) return ctx.strings.glance.noScenarios;
  const items = [...ordered.map(item), ...skipped];
  const unfolded = ctx.layout.sentencesUnfolded;
  if (items.length <= unfolded) return items.join('\n');
  const shown = Math.min(keys.length, unfolded);
  const rest = items.slice(shown);
  return paragraphs(items.slice(0, shown).join('\n'),
    folded(ctx.t('moreScenarios', { count: ctx.fmt.integer(rest.length) }), rest.join('\n'), 'bench-more'));
}

// Latency as percentile curves (HdrHistogram style): x = 1 / (1 - p) on a log axis, labelled with
// the percentiles; one scenario at a time (a selector picks it), one curve per server.
function latencyChart(ctx) {
  const { results } = ctx;
  const rows = [];
  const series = [];
  results.scenarios.forEach((sc, group) => {
    for (const curve of latencyFigures.latencyCurves(results, sc)) {
      const byKey = new Map(curve.points.map((pt) => [pt.key, pt.us]));
      rows.push([ctx.scenarioLabel(sc.id), ctx.serverName(curve.server),
        ...latencyFigures.PERCENTILES.map((pc) => (byKey.has(pc.key) ? latencyMs(ctx, sc, byKey.get(pc.key)) : ctx.strings.dash))]);
      series.push({
        values: latencyFigures.PERCENTILES.map((pc) => (byKey.has(pc.key) ? latencyChartMs(sc, byKey.get(pc.key)) : null)),
        color: lookup.serverColor(results, curve.server), group,
      });
    }
  });
  if (series.length === 0) return ctx.strings.latency.none;
  // First drawn: the first key scenario with latency figures (pipelined runs have none).
  const key = lookup.keyScenarios(results).find(({ scenario }) => latencyFigures.latencyCurves(results, scenario).length > 0);
  const header = [...ctx.strings.latency.header, ...latencyFigures.PERCENTILES.map((pc) => ctx.t('latency.percentileHeader', { p: ctx.fmt.share(pc.p) }))];
  const figure = chartFigure({
    id: 'latency', caption: ctx.strings.latency.caption, fallback: ctx.strings.latency.fallback, selectLabel: ctx.strings.selectScenario,
    spec: {
      kind: 'line', scale: 'linear', seriesIn: 'rows', keyColumns: 2, locale: ctx.fmt.locale,
      x: latencyFigures.PERCENTILES.map((pc) => 1 / (1 - pc.p)), xScale: 'logarithmic',
      xTicks: latencyFigures.PERCENTILES.filter((pc) => LABELLED_PERCENTILES.includes(pc.key)).map((pc) => ({ value: 1 / (1 - pc.p), label: ctx.fmt.share(pc.p) })),
      series,
      groups: { selected: key ? results.scenarios.indexOf(key.scenario) : 0 },
    },
  });
  return paragraphs(figure,
    dataTable(ctx, table(header, rows, header.map((_, i) => (i > 1 ? 'right' : null)))),
    sourceDrawer(ctx, runCommands(results.scenarios)),
    joinSentences(ctx, withoutLatency(ctx), moreDetails(ctx, 'latency')));
}

// One line naming the scenarios that have no latency figures, and why: pipelined runs have none
// (format 2: wrk times a batch of pipelined requests, not a request; the bench writes latencyUs null).
function withoutLatency(ctx) {
  const { results } = ctx;
  const missing = results.scenarios.filter((sc) => sc.results.some((r) => r.summary) && latencyFigures.latencyCurves(results, sc).length === 0);
  if (missing.length === 0) return null;
  const pipelined = missing.filter((sc) => (sc.pipelineDepth || 1) > 1);
  const other = missing.filter((sc) => (sc.pipelineDepth || 1) === 1);
  return joinSentences(ctx,
    // (The selector lists the scenarios that have latency; the pipelined ones are named by kind.)
    pipelined.length ? ctx.t('latency.pipelinedNone', { depth: ctx.fmt.integer(pipelined[0].pipelineDepth) }) : null,
    other.length ? ctx.t('latency.otherNone', { scenarios: ctx.list(other.map((sc) => ctx.scenarioLabel(sc.id))) }) : null);
}

// A results cell: "max/min" kQPS, with failed runs named.
function resultsCell(ctx, result) {
  const counts = lookup.runCounts(result);
  if (!result || !result.summary) return ctx.t('results.allFailed', { total: ctx.fmt.integer(counts.total) });
  const rps = result.summary.requestsPerSecond;
  const value = ctx.t('results.maxMin', { max: ctx.fmt.kqps(rps.max), min: ctx.fmt.kqps(rps.min) });
  if (counts.failed === 0) return value;
  return ctx.t('results.someFailed', { value, failed: ctx.fmt.integer(counts.failed), total: ctx.fmt.integer(counts.total) });
}

function results(ctx) {
  const servers = helloServers(ctx.results);
  const scenarios = lookup.helloScenarios(ctx.results);
  const [commandHeader, descriptionHeader, serverHeader] = ctx.strings.results.header;
  const header = [commandHeader, descriptionHeader, ...servers.map((s) => ctx.fill(serverHeader, { server: ctx.esc(s.name) }))];
  const rows = scenarios.map((sc) => [
    codeSpan(readerCommand(sc.commandLine), { inTable: true }), ctx.scenarioLabel(sc.id),
    ...servers.map((s) => resultsCell(ctx, lookup.resultFor(sc, s.id))),
  ]);
  return paragraphs(ctx.strings.results.intro, table(header, rows), sourceDrawer(ctx, runCommands(scenarios)));
}

// A table with one value column per server: median (min–max) of a summary figure.
function perServerRangeTable(ctx, { section, pick, format }) {
  const servers = helloServers(ctx.results);
  const scenarios = lookup.helloScenarios(ctx.results);
  const [scenarioHeader, serverHeader] = ctx.strings[section].header;
  const header = [scenarioHeader, ...servers.map((s) => ctx.fill(serverHeader, { server: ctx.esc(s.name) }))];
  const rows = scenarios.map((sc) => [ctx.scenarioLabel(sc.id), ...servers.map((s) => {
    const result = lookup.resultFor(sc, s.id);
    return result && result.summary ? valueWithRange(ctx, pick(result.summary), format) : ctx.strings.dash;
  })]);
  return table(header, rows, header.map((_, i) => (i > 0 ? 'right' : null)));
}

function throughput(ctx) {
  return paragraphs(ctx.strings.details.throughputIntro,
    perServerRangeTable(ctx, { section: 'throughput', pick: (summary) => summary.requestsPerSecond, format: ctx.fmt.integer }),
    sourceDrawer(ctx, runCommands(lookup.helloScenarios(ctx.results))));
}

// Every percentile the bench records, in milliseconds, per scenario and server.
function latencyTable(ctx) {
  const servers = helloServers(ctx.results);
  const scenarios = lookup.helloScenarios(ctx.results);
  const rows = [];
  for (const sc of scenarios) {
    for (const s of servers) {
      const summary = lookup.resultFor(sc, s.id)?.summary ?? null;
      rows.push([ctx.scenarioLabel(sc.id), ctx.serverName(s.id),
        ...DETAIL_PERCENTILES.map((p) => (summary && summary.latencyUs && typeof summary.latencyUs[p] === 'number' ? latencyMs(ctx, sc, summary.latencyUs[p]) : ctx.strings.dash))]);
    }
  }
  const header = ctx.strings.details.latencyHeader;
  return paragraphs(ctx.strings.details.latencyIntro, table(header, rows, header.map((_, i) => (i > 1 ? 'right' : null))),
    sourceDrawer(ctx, runCommands(scenarios)));
}

function efficiency(ctx) {
  const { method } = ctx.results;
  const servers = helloServers(ctx.results);
  const scenarios = lookup.helloScenarios(ctx.results);
  const sides = ctx.strings.efficiency.sides;
  const cpu = (value) => (value === null ? ctx.strings.dash : ctx.fmt.percent(value));
  const rows = [];
  for (const sc of scenarios) {
    for (const s of servers) {
      const result = lookup.resultFor(sc, s.id);
      if (!result) continue;
      const summary = result.summary;
      rows.push([ctx.scenarioLabel(sc.id), ctx.serverName(s.id), sides[result.bottleneck.side],
        cpu(result.bottleneck.serverCpuUtilization), cpu(result.bottleneck.clientCpuUtilization),
        summary ? ctx.fmt.decimal(summary.serverCpuMicrosPerRequest, 2) : ctx.strings.dash,
        summary ? ctx.fmt.mib(summary.serverPeakRssBytes) : ctx.strings.dash]);
    }
  }
  const header = ctx.strings.efficiency.bottleneckHeader;
  return paragraphs(
    ctx.strings.efficiency.intro,
    perServerRangeTable(ctx, { section: 'efficiency', pick: (summary) => summary.requestsPerServerCpuSecond, format: ctx.fmt.integer }),
    ctx.t('efficiency.bottleneckIntro', { threshold: ctx.fmt.percent(method.saturationThreshold) }),
    table(header, rows, header.map((_, i) => (i > 2 ? 'right' : null))),
    sourceDrawer(ctx, runCommands(scenarios)),
  );
}

/** The failed runs of the scenarios (every scenario and server, JSON endpoints too), for the notes. */
function failedRuns(ctx) {
  const lines = [];
  for (const sc of ctx.results.scenarios) {
    for (const s of ctx.results.servers) {
      const result = lookup.resultFor(sc, s.id);
      if (!result) continue;
      for (const run of result.runs.filter((r) => r.status === 'failed')) {
        lines.push(`- ${ctx.t('notes.failedRun', {
          scenario: ctx.scenarioLabel(sc.id), server: ctx.serverName(s.id), repetition: ctx.fmt.integer(run.repetition), reason: ctx.esc(run.failureReason),
        })}`);
      }
    }
  }
  return lines;
}

// One scenario of the profile table: "wrk, 100 connections, keep-alive" (+ run lengths where they
// differ from the profile's).
function scenarioText(ctx, profile, sc) {
  const m = ctx.strings.methodology;
  let mode = sc.keepAlive ? m.keepAlive : m.newConnection;
  if (sc.pipelineDepth > 1) mode = fill(m.pipelined, { depth: ctx.fmt.integer(sc.pipelineDepth) }, 'methodology.pipelined');
  let text = fill(m.scenario, { tool: escapeMarkdownText(sc.tool), connections: ctx.fmt.integer(sc.connections), mode }, 'methodology.scenario');
  if (sc.durationSeconds !== profile.durationSeconds || sc.warmupSeconds !== profile.warmupSeconds || sc.repetitions !== profile.repetitions) {
    text = fill(m.scenarioOwnLengths, {
      scenario: text, duration: secondsText(ctx, sc.durationSeconds), warmup: secondsText(ctx, sc.warmupSeconds), repetitions: ctx.fmt.integer(sc.repetitions),
    }, 'methodology.scenarioOwnLengths');
  }
  return text;
}

// Methodology's table of profiles: each profile's scenarios and run lengths.
function profilesTable(ctx, settings) {
  const m = ctx.strings.methodology;
  return table(m.profilesHeader, settings.profiles.map((p) => [
    codeSpan(p.id, { inTable: true }), p.scenarios.map((sc) => scenarioText(ctx, p, sc)).join(ctx.strings.listSeparator),
    secondsText(ctx, p.durationSeconds), secondsText(ctx, p.warmupSeconds), ctx.fmt.integer(p.repetitions),
  ]));
}

function pipelined(settings) {
  const profile = settings.profiles.find((p) => p.id === 'default');
  const found = profile ? profile.scenarios.filter((sc) => sc.pipelineDepth > 1) : [];
  if (found.length === 0) throw new Error('methodology: the default profile of bench/scenarios.json has no pipelined scenario to quote');
  return found;
}

module.exports = {
  subject: defineSubject({
    name: 'scenarios',
    sections: {
      benchmarks: { conclusion, latency: latencyChart },
      'benchmark-details': { results, throughput, latency: latencyTable, efficiency, notes },
    },
    methodology: {
      blocks: { profiles: profilesTable },
      values: {
        saturationThreshold: (ctx, s) => ctx.fmt.share(s.saturationThreshold),
        spreadWarningThreshold: (ctx, s) => ctx.fmt.share(s.spreadWarningThreshold),
        contentionNoteThreshold: (ctx, s) => ctx.fmt.share(s.contentionNoteThreshold),
        nginxKeepaliveRequests: (ctx, s) => ctx.fmt.integer(s.nginxKeepaliveRequests),
        // The default profile's pipelined scenarios: their depth, and their connection counts as a list.
        pipelineDepth: (ctx, s) => ctx.fmt.integer(pipelined(s)[0].pipelineDepth),
        pipelinedConnections: (ctx, s) => ctx.list(pipelined(s).map((sc) => ctx.fmt.integer(sc.connections))),
        // The default profile's fewest rounds of any scenario.
        defaultMinRounds: (ctx, s) => ctx.fmt.integer(Math.min(...s.profiles.find((p) => p.id === 'default').scenarios.map((sc) => sc.repetitions))),
        // The default profile's pipelined rounds (as a list when the scenarios differ) and its blocks (issue 25).
        pipelinedRounds: (ctx, s) => ctx.list([...new Set(pipelined(s).map((sc) => sc.repetitions))].map((n) => ctx.fmt.integer(n))),
        defaultBlocks: (ctx, s) => ctx.fmt.integer(s.profiles.find((p) => p.id === 'default').blocks),
      },
    },
    failedRuns,
    // The scenarios the reader's run is matched to: the key ones (at a glance) and every one (latency).
    ownRun: (ctx) => ({
      keyScenarios: lookup.keyScenarios(ctx.results).map(({ scenario }) => ({ id: scenario.id, keepAlive: scenario.keepAlive, pipelineDepth: scenario.pipelineDepth || 1 })),
      scenarios: ctx.results.scenarios.map((sc) => ({ id: sc.id })),
    }),
  }),
  scenarioSentence, conclusion, latencyChart, latencyTable, results, throughput, efficiency, notes, failedRuns, profilesTable,
};
