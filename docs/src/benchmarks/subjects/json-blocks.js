// Subject: JSON, the JSON application (issue 9): its endpoints x variants in the shape of the published
// Go/C++ comparison, on Drogon with jsoncpp (the reference), simdjson and yyjson and gin with
// encoding/json, sonic and simdjson-go. One sentence per endpoint (the reference against each variant,
// by the rules of sentences.js), a chart of requests per second, the variants not built and the
// conformance check; every figure on the details page; Methodology's table per profile.
'use strict';
const { codeSpan, escapeHtmlInMarkdown, escapeMarkdownText, oneLine, table } = require('../../../../shared/src/escape');
const lookup = require('../../../../shared/src/figures/results-lookup');
const verdicts = require('../../../../shared/src/figures/verdict-figures');
const { shownRatio, poolSummary } = require('../../../../shared/src/figures/pooled-figures');
const jsonFigures = require('../../../../shared/src/figures/json-figures');
const { chartFigure } = require('../chart-figure');
const { sentence, param, localize, jsonEndpointText } = require('../sentences');
const {
  paragraphs, folded, dataTable, joinSentences, moreDetails, wholeNumber, valueWithRange, DETAIL_PERCENTILES, msCell, secondsText,
} = require('../markdown-blocks');
const { sourceDrawer, runCommands } = require('../source-drawer');
const { readerCommand } = require('../reader-paths');
const { defineSubject } = require('./subject');

/**
 * The sentence about one JSON endpoint (issue 9): the scenario's reference (Drogon with jsoncpp)
 * against each other variant, with the same rules and templates as a hello-world scenario's: the pace
 * over every variant with a successful run, said once; the figure that pace allows; a lead only from
 * the bench's interval. A variant without a successful run is compared as "not measured".
 */
function endpointSentence(results, scenario) {
  const { reference } = scenario;
  const others = results.servers.map((s) => s.id).filter((id) => id !== reference && lookup.resultFor(scenario, id));
  if (others.length === 0) return { ...sentence('scenario.noPair'), pace: null, metric: null };
  const own = lookup.resultFor(scenario, reference);
  if (!own || !own.summary) return { ...sentence('scenario.noResult', { server: param.server(reference) }), pace: null, metric: null };
  const measured = [reference, ...others.filter((id) => lookup.resultFor(scenario, id).summary)];
  const { pace, sides } = verdicts.paceOf(scenario, measured);
  const metric = verdicts.quotedMetric(pace);
  const list = others.map((other) => {
    const pair = { reference, other };
    return param.comparison(pair, metric, shownRatio(results, scenario, metric, pair));
  });
  const params = { comparison: param.comparisons(list), tool: param.text(scenario.tool) };
  if (pace === 'mixed') params.sides = param.sides(sides);
  return { ...sentence(`pace.${pace}`, params), pace, metric };
}

// "Drogon and Go" (issue 9): the JSON application's endpoints x variants in the shape of the published
// Go/C++ comparison (requests per second and the latency distribution), a chart of the requests per
// second, one sentence per endpoint (sentences.js, the reference against each variant), the variants
// that could not be built and the conformance check, one line each. Full tables on the details page.
function jsonChart(ctx) {
  const { results } = ctx;
  const data = jsonFigures.jsonTable(results);
  if (!data) return ctx.strings.json.none;
  const first = data.endpoints[0].scenario;
  const reference = first.reference;
  const intro = ctx.t('json.intro', {
    count: ctx.fmt.integer(data.servers.length), reference: ctx.serverName(reference),
    threads: ctx.fmt.integer(first.clientThreads), connections: ctx.fmt.integer(first.connections),
    rounds: ctx.fmt.integer(first.repetitions ?? results.method.repetitions), duration: ctx.fmt.decimal(first.durationSeconds ?? results.method.durationSeconds, 0),
    intervals: poolSummary(results).pooled ? ctx.strings.json.intervalsPooled : ctx.strings.json.intervalsOwn,
  });
  // The variants that could not be built: one line, their reasons folded under it.
  const notBuilt = (results.notBuilt || []).length ? folded(
    // (A summary is HTML text: the names escaped for HTML, not Markdown.)
    ctx.t('json.notBuilt', { names: ctx.list(results.notBuilt.map((v) => escapeHtmlInMarkdown(oneLine(v.name)))) }),
    results.notBuilt.map((v) => `- ${ctx.t('json.notBuiltItem', { name: ctx.esc(v.name), reason: ctx.dataText(v.reason) })}`).join('\n'),
    'bench-note') : null;
  // The conformance check: one line, what was compared and who was excluded folded under it.
  const conformance = results.conformance;
  let conformanceNote = null;
  if (conformance) {
    const excluded = conformance.excluded || [];
    const passed = excluded.length === 0 && conformance.ok;
    // (Summaries are HTML text: names escaped for HTML.)
    const plainName = (id) => escapeHtmlInMarkdown(oneLine((results.servers.find((x) => x.id === id) || { name: id }).name));
    conformanceNote = folded(
      passed ? ctx.t('json.conformanceOk', { count: ctx.fmt.integer(conformance.servers.length), requests: ctx.fmt.integer(conformance.requests), reference: plainName(conformance.reference) })
        : ctx.t('json.conformanceFailed', { requests: ctx.fmt.integer(conformance.requests), reference: plainName(conformance.reference) }),
      ctx.t('json.conformanceDetail', {
        requests: ctx.fmt.integer(conformance.requests), reference: ctx.serverName(conformance.reference) ?? ctx.esc(conformance.reference),
        outcome: passed ? ctx.strings.json.conformanceAllEqual : ctx.t('json.conformanceExcluded', {
          excluded: excluded.length ? ctx.list(excluded.map((x) => ctx.t('json.excludedItem', { server: ctx.serverName(x.server) ?? ctx.esc(x.server), reason: ctx.esc(x.reason) })))
            : ctx.strings.dash,
        }),
      }),
      'bench-note');
  }
  const endpointLabel = (e) => ctx.scenarioLabel(e.scenario.id);
  const cellOf = (endpoint, id) => {
    const cell = endpoint.cells.find((c) => c.server === id);
    if (!cell) return ctx.strings.dash;
    if (!cell.summary) return ctx.t('results.allFailed', { total: ctx.fmt.integer(cell.runs.total) });
    const rps = ctx.fmt.integer(cell.summary.requestsPerSecond.median);
    const latency = cell.summary.latencyUs;
    if (!latency) return rps;
    return ctx.t('json.cell', { rps, p50: ctx.fmt.ms(latency.p50), p75: ctx.fmt.ms(latency.p75), p90: ctx.fmt.ms(latency.p90), p99: ctx.fmt.ms(latency.p99) });
  };
  const header = [ctx.strings.json.header, ...data.endpoints.map(endpointLabel)];
  const rows = data.servers.map((id) => [ctx.serverName(id), ...data.endpoints.map((e) => cellOf(e, id))]);
  const summaryOf = (endpoint, id) => {
    const cell = endpoint.cells.find((c) => c.server === id);
    return cell && cell.summary ? cell.summary.requestsPerSecond : null;
  };
  const figure = chartFigure({
    id: 'json', fallback: ctx.strings.json.fallback, caption: ctx.strings.json.caption,
    spec: {
      kind: 'bar', scale: 'linear', seriesIn: 'rows', keyColumns: 1, locale: ctx.fmt.locale,
      series: data.servers.map((id) => ({
        values: data.endpoints.map((e) => { const r = summaryOf(e, id); return r ? wholeNumber(r.median) : null; }),
        min: data.endpoints.map((e) => { const r = summaryOf(e, id); return r ? wholeNumber(r.min) : null; }),
        max: data.endpoints.map((e) => { const r = summaryOf(e, id); return r ? wholeNumber(r.max) : null; }),
        color: lookup.serverColor(results, id),
      })),
    },
  });
  // One sentence per endpoint; with many endpoints (the default profile) the first ones shown, the others folded.
  const endpointItems = data.endpoints.map((e) => ctx.t('conclusionItem', {
    scenario: endpointLabel(e), sentence: joinSentences(ctx, localize(endpointSentence(results, e.scenario), ctx), ...ctx.blockSentences(e.scenario)),
  }));
  const unfolded = ctx.layout.endpointSentencesUnfolded;
  const sentenceBlock = endpointItems.length <= unfolded ? endpointItems.join('\n')
    : paragraphs(endpointItems.slice(0, unfolded - 1).join('\n'),
      // (With 1 line to spare, every sentence is folded under it: "The 4 endpoints in sentences".)
      folded(ctx.t(unfolded > 1 ? 'moreEndpoints' : 'allEndpoints', { count: ctx.fmt.integer(endpointItems.length - unfolded + 1) }), endpointItems.slice(unfolded - 1).join('\n'), 'bench-more'));
  // The chart and the sentences side by side where the page is wide enough (site.css .bench-pair); the
  // table after them is the chart's table (benchmark-charts.js: the first table after the figure).
  return paragraphs(
    joinSentences(ctx, intro, moreDetails(ctx, 'drogon-and-go')),
    [conformanceNote, notBuilt].filter(Boolean).join('\n'),
    '<div class="bench-pair">\n<div class="bench-cell">',
    figure,
    '</div>\n<div class="bench-cell">',
    sentenceBlock,
    '</div>\n</div>',
    dataTable(ctx, table(header, rows, header.map((_, i) => (i > 0 ? 'right' : null)))),
    sourceDrawer(ctx, runCommands(lookup.jsonScenarios(results))),
  );
}

// The JSON application (issue 9) on the details page: the variants not built, the conformance check,
// every figure of every endpoint and variant (their instruction counts follow: count-blocks.js).
function jsonTables(ctx) {
  const { results } = ctx;
  const data = jsonFigures.jsonTable(results);
  if (!data) return ctx.strings.json.none;
  const d = ctx.strings.details.json;
  const blocks = [];
  if ((results.notBuilt || []).length) {
    blocks.push(d.notBuiltIntro, table(d.notBuiltHeader, results.notBuilt.map((v) => [
      ctx.esc(v.name), ctx.esc(v.jsonLibrary), v.version ? ctx.esc(v.version) : ctx.strings.dash, ctx.dataText(v.reason),
    ])));
  }
  const c = results.conformance;
  if (c) {
    blocks.push(ctx.t('details.json.conformance', {
      requests: ctx.fmt.integer(c.requests), servers: ctx.list(c.servers.map((id) => ctx.serverName(id) ?? ctx.esc(id))),
      reference: ctx.serverName(c.reference) ?? ctx.esc(c.reference), report: codeSpan(readerCommand(c.report)),
      verdict: c.ok ? d.conformancePassed : d.conformanceFailed,
    }));
    const failures = c.failures.map((f) => `- ${ctx.t('details.json.failure', {
      server: ctx.serverName(f.server) ?? ctx.esc(f.server), request: codeSpan(f.request), method: ctx.esc(f.method), path: codeSpan(f.path),
      lines: f.lines.map((line) => codeSpan(line)).join(ctx.strings.listSeparator),
    })}`);
    const excluded = (c.excluded || []).map((x) => `- ${ctx.t('details.json.excluded', { server: ctx.serverName(x.server) ?? ctx.esc(x.server), reason: ctx.esc(x.reason) })}`);
    if (failures.length || excluded.length) blocks.push([...failures, ...excluded].join('\n'));
  }
  const rows = [];
  const latencyRows = [];
  const sides = ctx.strings.efficiency.sides;
  const cpu = (value) => (value === null ? ctx.strings.dash : ctx.fmt.percent(value));
  for (const endpoint of data.endpoints) {
    const label = ctx.scenarioLabel(endpoint.scenario.id);
    for (const cell of endpoint.cells) {
      const result = lookup.resultFor(endpoint.scenario, cell.server);
      const summary = cell.summary;
      rows.push([label, ctx.serverName(cell.server), resultsRuns(ctx, result),
        summary ? valueWithRange(ctx, summary.requestsPerSecond, ctx.fmt.integer) : ctx.strings.dash,
        summary ? valueWithRange(ctx, summary.requestsPerServerCpuSecond, ctx.fmt.integer) : ctx.strings.dash,
        sides[result.bottleneck.side], cpu(result.bottleneck.serverCpuUtilization), cpu(result.bottleneck.clientCpuUtilization)]);
      latencyRows.push([label, ctx.serverName(cell.server), ...DETAIL_PERCENTILES.map((p) => msCell(ctx, summary && summary.latencyUs, p))]);
    }
  }
  const header = d.header;
  blocks.push(d.tableIntro, table(header, rows, header.map((_, i) => (i > 2 && i !== 5 ? 'right' : null))));
  const latencyHeader = ctx.strings.details.latencyHeader;
  blocks.push(d.latencyIntro, table(latencyHeader, latencyRows, latencyHeader.map((_, i) => (i > 1 ? 'right' : null))));
  blocks.push(sourceDrawer(ctx, runCommands(data.endpoints.map((e) => e.scenario))));
  return paragraphs(...blocks);
}

// "3 of 3 ok" for the runs of one result.
function resultsRuns(ctx, result) {
  const counts = lookup.runCounts(result);
  return ctx.t('details.json.runs', { ok: ctx.fmt.integer(counts.ok), total: ctx.fmt.integer(counts.total) });
}

// Methodology's table of the JSON application per profile: endpoints, variants, run lengths.
function profilesTable(ctx, settings) {
  const m = ctx.strings.methodology;
  return table(m.jsonHeader, settings.profiles.filter((p) => p.json).map((p) => [
    codeSpan(p.id, { inTable: true }),
    p.json.scenarios.map((sc) => jsonEndpointText(ctx.strings, ctx.fmt, sc)).join(ctx.strings.listSeparator),
    ctx.list(p.json.servers.map((s) => (s.name ? escapeMarkdownText(s.name) : codeSpan(s.id, { inTable: true })))),
    secondsText(ctx, p.json.durationSeconds), secondsText(ctx, p.json.warmupSeconds), ctx.fmt.integer(p.json.repetitions),
  ]));
}

module.exports = {
  subject: defineSubject({
    name: 'json',
    sections: {
      benchmarks: { json: jsonChart },
      'benchmark-details': { json: jsonTables },
    },
    methodology: { blocks: { json: profilesTable } },
    ownRun: (ctx) => {
      const scenarios = lookup.jsonScenarios(ctx.results);
      return { json: scenarios.length ? { scenarios: scenarios.map((sc) => sc.id) } : null };
    },
  }),
  endpointSentence, jsonChart, jsonTables,
};
