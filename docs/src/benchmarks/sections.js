// The sections of the Benchmarks page, one function each, filled into
// docs/benchmarks/benchmarks.<lang>.md. The page is what a reader needs in ten seconds plus the
// charts; every chart keeps its data table (folded), and the full tables, command lines, server list,
// notes and environment are on the generated "Benchmark details" page (details.js), linked from here.
// Every data string is escaped (escape.js) and every number formatted for the language.
//
// ctx (render.js createContext): { lang, strings, fmt, layout, results, trend, handler, routes,
//        t(path, values), fill(template, values), serverName(id), serverPlainName(id), scenarioLabel(id),
//        list(items), esc(text), pageLink(page, text, id) }
'use strict';
const { codeSpan, escapeHtmlInMarkdown, oneLine, table } = require('../../../shared/src/escape');
const { chartFigure } = require('./charts');
const { scenarioSentence, endpointSentence, countSentences, countedCaseText, exitText, localize, sideText } = require('./sentences');
const { utcMinute } = require('./format');
const figures = require('../../../shared/src/benchmark-figures');
const { sourceDrawer, downloadLink, scenarioCommands, sweepCommands, instructionCommands, fixedRateCommands, syscallCommands } = require('./provenance');
const { paragraphs, folded, wholeNumber, msFromUs, latencyMs, latencyChartMs } = require('./markdown-blocks');
const { verdictTable } = require('./verdicts');

const serverIndex = figures.serverColor;

// Palette slots (docs/site/plugins/benchmark-charts.js): servers use 0..3.
// The percentiles labelled on a latency curve's axis (the others are drawn, not labelled).
const LABELLED_PERCENTILES = ['p50', 'p90', 'p99', 'p999'];
// The two ratios of the at-a-glance chart (requests per second, per second of server CPU).
const METRIC_COLORS = [4, 5];

// A chart's data table, folded under the chart, and the link to the full tables on the details page.
function dataTable(ctx, tableMarkdown) {
  return folded(ctx.strings.dataTable, tableMarkdown, 'bench-data');
}

// Sentences run on in one paragraph: a space between them in English, none in Chinese.
function sentences(ctx, ...parts) {
  return parts.filter(Boolean).join(ctx.strings.sentenceSeparator);
}

function moreDetails(ctx, id) {
  return ctx.t('moreDetails', { link: ctx.pageLink('benchmark-details', ctx.strings.fullTables, id) });
}

// The first line: which machine, when, which profile and which servers.
function summary(ctx) {
  const { results } = ctx;
  const env = results.environment;
  return ctx.t('summary', {
    date: ctx.fmt.date(env.date), cpu: ctx.esc(env.cpuModel), cores: ctx.fmt.integer(env.cpuCores),
    memory: ctx.fmt.gib(env.memoryBytes), os: ctx.esc(env.os), profile: ctx.esc(results.profile),
    servers: ctx.list(figures.comparedServers(results).map((s) => ctx.t('serverVersion', { server: ctx.esc(s.name), version: ctx.esc(s.version) }))),
    details: ctx.pageLink('benchmark-details', ctx.strings.details.title), download: downloadLink(ctx),
  });
}

/**
 * At a glance: the verdict table of the key scenarios (pipelined, keep-alive, new connection per
 * request: the first of each kind in the file) and the chart of its ratios with their intervals.
 * The table is the chart's accessible table: its metric columns are the chart's series.
 */
function glance(ctx) {
  const verdicts = verdictTable(ctx);
  if (verdicts.message) return verdicts.message;
  const { pair, keys, ratios, intervals } = verdicts;
  const plainNames = { reference: ctx.serverPlainName(pair.reference), other: ctx.serverPlainName(pair.other) };
  const figure = chartFigure({
    // Caption and fallback are HTML text (escaped by chartFigure), so they take the names as they are.
    id: 'ratios', caption: ctx.t('glance.caption', plainNames), fallback: ctx.t('glance.fallback', plainNames),
    spec: {
      kind: 'bar', scale: 'logarithmic', seriesIn: 'columns', keyColumns: 1, locale: ctx.fmt.locale,
      horizontal: true, base: 1, reference: 1,
      series: figures.METRICS.map((m, j) => ({
        values: ratios.map((r) => (r[j] ? r[j].ratio : null)),
        ...(intervals ? { min: ratios.map((r) => (r[j] && r[j].hasCi ? r[j].ciLow : null)), max: ratios.map((r) => (r[j] && r[j].hasCi ? r[j].ciHigh : null)) } : {}),
        color: METRIC_COLORS[j],
      })),
    },
  });
  return paragraphs(
    verdicts.intro,
    figure,
    verdicts.table,
    sourceDrawer(ctx, scenarioCommands(keys.map((k) => k.scenario))),
  );
}

// One sentence per hello-world scenario (sentences.js), every such scenario of the file in its order.
// The key scenarios come first; with many scenarios (the default profile), the others are folded
// under them (layout.json: sentencesUnfolded), so the page stays within four screens.
function conclusion(ctx) {
  const pair = figures.mainPair(ctx.results);
  const item = (scenario) => ctx.t('conclusionItem', {
    scenario: ctx.scenarioLabel(scenario.id),
    sentence: sentences(ctx, localize(scenarioSentence(ctx.results, scenario, pair), ctx), ...causeSentences(ctx, scenario), exitsText(ctx, scenario.id)),
  });
  const keys = figures.keyScenarios(ctx.results).map((k) => k.scenario);
  // The JSON endpoints have their own sentences, in "Drogon and Go" (json()).
  const ordered = [...keys, ...figures.helloScenarios(ctx.results).filter((sc) => !keys.includes(sc))];
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

// Why, where the system-call counts show it: the counted hello-world case measured like this scenario
// (figures.scenarioForCase) gives the kind of call that differs most. The full sentences of every
// case (totals, instructions per connection, kernel share) are under Where the time goes.
function causeSentences(ctx, scenario) {
  const data = figures.syscallTable(ctx.results);
  const entry = data && data.cases.find((e) => !e.json && figures.scenarioForCase(ctx.results, e.case)?.id === scenario.id);
  if (!entry) return [];
  return countSentences(ctx.results, entry).filter((s) => s.key === 'timeGoes.difference').map((s) => localize(s, ctx));
}

// The servers that exited during a block (a scenario, a JSON endpoint), from results.serverExits: one
// sentence each, next to that block's sentence, so a restart is never silent. null when none did.
function exitsText(ctx, blockId) {
  const exits = (ctx.results.serverExits || []).filter((x) => x.block === blockId);
  return sentences(ctx, ...exits.map((x) => exitText(ctx, x)));
}

// Requests per second against concurrency (the bench's sweep): one line per server over a
// logarithmic concurrency axis. The table (folded) has a row per server and a column per level.
function sweep(ctx) {
  const data = figures.sweepSeries(ctx.results);
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
      series: data.series.map((line) => ({ values: line.median.map(wholeNumber), color: serverIndex(results, line.server) })),
    },
  });
  return paragraphs(
    figure, dataTable(ctx, table(header, rows, header.map((_, i) => (i > 0 ? 'right' : null)))),
    sourceDrawer(ctx, sweepCommands(results.sweep)),
  );
}

// Latency as percentile curves (HdrHistogram style): x = 1 / (1 - p) on a log axis, labelled with
// the percentiles; one scenario at a time (a selector picks it), one curve per server.
function latency(ctx) {
  const { results } = ctx;
  const rows = [];
  const series = [];
  results.scenarios.forEach((sc, group) => {
    for (const curve of figures.latencyCurves(results, sc)) {
      const byKey = new Map(curve.points.map((pt) => [pt.key, pt.us]));
      rows.push([ctx.scenarioLabel(sc.id), ctx.serverName(curve.server),
        ...figures.PERCENTILES.map((pc) => (byKey.has(pc.key) ? latencyMs(ctx, sc, byKey.get(pc.key)) : ctx.strings.dash))]);
      series.push({
        values: figures.PERCENTILES.map((pc) => (byKey.has(pc.key) ? latencyChartMs(sc, byKey.get(pc.key)) : null)),
        color: serverIndex(results, curve.server), group,
      });
    }
  });
  if (series.length === 0) return ctx.strings.latency.none;
  // First drawn: the first key scenario with latency figures (pipelined runs have none).
  const key = figures.keyScenarios(results).find(({ scenario }) => figures.latencyCurves(results, scenario).length > 0);
  const header = [...ctx.strings.latency.header, ...figures.PERCENTILES.map((pc) => ctx.t('latency.percentileHeader', { p: ctx.fmt.share(pc.p) }))];
  const figure = chartFigure({
    id: 'latency', caption: ctx.strings.latency.caption, fallback: ctx.strings.latency.fallback, selectLabel: ctx.strings.selectScenario,
    spec: {
      kind: 'line', scale: 'linear', seriesIn: 'rows', keyColumns: 2, locale: ctx.fmt.locale,
      x: figures.PERCENTILES.map((pc) => 1 / (1 - pc.p)), xScale: 'logarithmic',
      xTicks: figures.PERCENTILES.filter((pc) => LABELLED_PERCENTILES.includes(pc.key)).map((pc) => ({ value: 1 / (1 - pc.p), label: ctx.fmt.share(pc.p) })),
      series,
      groups: { selected: key ? results.scenarios.indexOf(key.scenario) : 0 },
    },
  });
  return paragraphs(figure,
    dataTable(ctx, table(header, rows, header.map((_, i) => (i > 1 ? 'right' : null)))),
    sourceDrawer(ctx, scenarioCommands(results.scenarios)),
    sentences(ctx, withoutLatency(ctx), moreDetails(ctx, 'latency')));
}

// One line naming the scenarios that have no latency figures, and why: pipelined runs have none
// (format 2: wrk times a batch of pipelined requests, not a request; the bench writes latencyUs null).
function withoutLatency(ctx) {
  const { results } = ctx;
  const missing = results.scenarios.filter((sc) => sc.results.some((r) => r.summary) && figures.latencyCurves(results, sc).length === 0);
  if (missing.length === 0) return null;
  const pipelined = missing.filter((sc) => (sc.pipelineDepth || 1) > 1);
  const other = missing.filter((sc) => (sc.pipelineDepth || 1) === 1);
  return sentences(ctx,
    // (The selector lists the scenarios that have latency; the pipelined ones are named by kind.)
    pipelined.length ? ctx.t('latency.pipelinedNone', { depth: ctx.fmt.integer(pipelined[0].pipelineDepth) }) : null,
    other.length ? ctx.t('latency.otherNone', { scenarios: ctx.list(other.map((sc) => ctx.scenarioLabel(sc.id))) }) : null);
}

// The percentiles of the latency-against-load chart, one selector entry per group and percentile.
const LOAD_PERCENTILES = figures.PERCENTILES.filter((pc) => LABELLED_PERCENTILES.includes(pc.key));

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
  const data = figures.latencyAgainstLoad(results);
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
          color: serverIndex(results, line.server),
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
    sentences(ctx, held, moreDetails(ctx, 'latency-against-load')),
    dataTable(ctx, paragraphs(basis, table(header, rows, header.map((_, i) => (i > 1 ? 'right' : null))))),
    sourceDrawer(ctx, fixedRateCommands(block)));
}

// "Drogon and Go" (issue 9): the JSON application's endpoints x variants in the shape of the published
// Go/C++ comparison (requests per second and the latency distribution), a chart of the requests per
// second, one sentence per endpoint (sentences.js, the reference against each variant), the variants
// that could not be built and the conformance check, one line each. Full tables on the details page.
function json(ctx) {
  const { results } = ctx;
  const data = figures.jsonTable(results);
  if (!data) return ctx.strings.json.none;
  const first = data.endpoints[0].scenario;
  const reference = first.reference;
  const intro = ctx.t('json.intro', {
    count: ctx.fmt.integer(data.servers.length), reference: ctx.serverName(reference),
    threads: ctx.fmt.integer(first.clientThreads), connections: ctx.fmt.integer(first.connections),
    rounds: ctx.fmt.integer(first.repetitions ?? results.method.repetitions), duration: ctx.fmt.decimal(first.durationSeconds ?? results.method.durationSeconds, 0),
  });
  // The variants that could not be built: one line, their reasons folded under it.
  const notBuilt = (results.notBuilt || []).length ? folded(
    // (A summary is HTML text: the names escaped for HTML, not Markdown.)
    ctx.t('json.notBuilt', { names: ctx.list(results.notBuilt.map((v) => escapeHtmlInMarkdown(oneLine(v.name)))) }),
    results.notBuilt.map((v) => `- ${ctx.t('json.notBuiltItem', { name: ctx.esc(v.name), reason: ctx.esc(v.reason) })}`).join('\n'),
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
        color: serverIndex(results, id),
      })),
    },
  });
  // One sentence per endpoint; with many endpoints (the default profile) the first ones shown, the others folded.
  const endpointItems = data.endpoints.map((e) => ctx.t('conclusionItem', {
    scenario: endpointLabel(e), sentence: sentences(ctx, localize(endpointSentence(results, e.scenario), ctx), exitsText(ctx, e.scenario.id)),
  }));
  const unfolded = ctx.layout.endpointSentencesUnfolded;
  const sentenceBlock = endpointItems.length <= unfolded ? endpointItems.join('\n')
    : paragraphs(endpointItems.slice(0, unfolded - 1).join('\n'),
      folded(ctx.t('moreEndpoints', { count: ctx.fmt.integer(endpointItems.length - unfolded + 1) }), endpointItems.slice(unfolded - 1).join('\n'), 'bench-more'));
  // The chart and the sentences side by side where the page is wide enough (site.css .bench-pair); the
  // table after them is the chart's table (benchmark-charts.js: the first table after the figure).
  return paragraphs(
    sentences(ctx, intro, moreDetails(ctx, 'drogon-and-go')),
    [conformanceNote, notBuilt].filter(Boolean).join('\n'),
    '<div class="bench-pair">\n<div class="bench-cell">',
    figure,
    '</div>\n<div class="bench-cell">',
    sentenceBlock,
    '</div>\n</div>',
    dataTable(ctx, table(header, rows, header.map((_, i) => (i > 0 ? 'right' : null)))),
    sourceDrawer(ctx, scenarioCommands(figures.jsonScenarios(results))),
  );
}

// User-space instructions per request (valgrind), one bar per server and case. A count is
// deterministic where time is not; kernel work is not in it.
function instructions(ctx) {
  // The hello-world cases; the JSON endpoints' counts are on the details page.
  const data = figures.instructionBars(ctx.results);
  if (!data) return ctx.strings.instructions.none;
  const { results } = ctx;
  const block = results.instructions;
  const pair = figures.mainPair(results);
  const caseLabel = (c) => ctx.t('instructions.case', {
    mode: ctx.strings.instructions.modes[c.id] ?? ctx.esc(c.id), tool: ctx.esc(c.loadTool),
    connections: ctx.fmt.integer(c.connections), depth: ctx.fmt.integer(c.pipelineDepth),
  });
  const ratioCell = (c) => {
    const comparison = pair && (c.comparisons || []).find((x) => x.reference === pair.reference && x.other === pair.other);
    return comparison && typeof comparison.ratio === 'number'
      ? ctx.fill(ctx.strings.comparison.ratio, { value: ctx.fmt.ratio(comparison.ratio) }) : ctx.strings.dash;
  };
  const header = [ctx.strings.instructions.header, ...data.servers.map((id) => ctx.serverName(id)),
    ...(pair ? [ctx.t('instructions.ratioHeader', { reference: ctx.serverName(pair.reference), other: ctx.serverName(pair.other) })] : [])];
  const rows = data.cases.map((c, i) => [caseLabel(c),
    ...data.perRequest.map((values) => (values[i] === null ? ctx.strings.dash : ctx.fmt.integer(values[i]))),
    ...(pair ? [ratioCell(c)] : [])]);
  const figure = chartFigure({
    id: 'instructions', fallback: ctx.strings.instructions.fallback,
    caption: ctx.t('instructions.caption', { tool: oneLine(block.tool), version: oneLine(block.valgrindVersion), repeats: ctx.fmt.integer(block.repeats) }),
    spec: {
      kind: 'bar', scale: 'linear', seriesIn: 'columns', keyColumns: 1, locale: ctx.fmt.locale,
      series: data.servers.map((id, j) => ({ values: data.perRequest[j].map(wholeNumber), color: serverIndex(results, id) })),
    },
  });
  return paragraphs(
    figure, dataTable(ctx, table(header, rows, header.map((_, i) => (i > 0 ? 'right' : null)))),
    sourceDrawer(ctx, instructionCommands({ ...block, cases: data.cases })),
  );
}

// Where the time goes (issue 16): system calls per request by kind (strace, lock-step client, N and
// 2N) for every counted case, one case at a time (a selector), beside the instruction counts; the
// sentences name, from these figures, where each pair differs and how much of each server's CPU time
// the kernel took in the matching timed runs. The folded data holds the chart's table and a table of
// the totals with instructions and the user / kernel split per request.
function timeGoes(ctx) {
  const { results } = ctx;
  const data = figures.syscallTable(results);
  if (!data) return ctx.strings.timeGoes.none;
  const t = ctx.strings.timeGoes;
  const block = results.syscalls;
  const caseLabels = data.cases.map((entry) => countedCaseText(ctx, entry.case));
  // The chart shows the first pipelined hello-world case first (where the servers differ most); its
  // sentence comes first too, the others after it in the file's order.
  const first = Math.max(0, data.cases.findIndex((entry) => entry.kind === 'pipelined' && !entry.json));
  const order = [first, ...data.cases.map((_, i) => i).filter((i) => i !== first)];
  const items = order.map((i) => {
    const parts = countSentences(results, data.cases[i]).map((s) => localize(s, ctx));
    return parts.length ? ctx.t('conclusionItem', { scenario: caseLabels[i], sentence: sentences(ctx, ...parts) }) : null;
  }).filter(Boolean);
  const categoryHeaders = data.categories.map((id) => t.categoryHeaders[id] ?? ctx.esc(id));
  const header = [t.header[0], t.header[1], ...categoryHeaders];
  const rows = [];
  const series = [];
  data.cases.forEach((entry, group) => {
    for (const row of entry.rows) {
      rows.push([caseLabels[group], ctx.serverName(row.server),
        ...data.categories.map((id) => (row.byCategory ? ctx.fmt.decimal(row.byCategory[id] ?? 0, 2) : ctx.strings.dash))]);
      series.push({
        values: data.categories.map((id) => (row.byCategory ? Math.round((row.byCategory[id] ?? 0) * 1000) / 1000 : null)),
        color: serverIndex(results, row.server), group,
      });
    }
  });
  // The totals beside the instructions and the user / kernel split of the matching timed scenario.
  const cpuCell = (split, key) => (split ? ctx.fmt.decimal(split[key], 2) : ctx.strings.dash);
  const totals = data.cases.flatMap((entry, i) => {
    const scenario = figures.scenarioForCase(results, entry.case);
    return entry.rows.map((row) => {
      const split = figures.cpuSplit(scenario, row.server);
      const instructions = figures.instructionsFor(results, entry.case.id, row.server);
      return [caseLabels[i], ctx.serverName(row.server),
        row.total === null ? ctx.strings.dash : ctx.fmt.decimal(row.total, 2),
        instructions === null ? ctx.strings.dash : ctx.fmt.integer(instructions),
        cpuCell(split, 'user'), cpuCell(split, 'kernel'), split ? ctx.fmt.percent(split.share) : ctx.strings.dash,
        scenario ? ctx.scenarioLabel(scenario.id) : ctx.strings.dash];
    });
  });
  const figure = chartFigure({
    id: 'time-goes', fallback: t.fallback, selectLabel: t.select,
    caption: ctx.t('timeGoes.caption', { tool: oneLine(block.tool), version: oneLine(block.straceVersion), repeats: ctx.fmt.integer(block.repeats) }),
    spec: {
      // Upright bars whatever the case's number of servers: six short kinds of call, compact.
      kind: 'bar', scale: 'linear', seriesIn: 'rows', keyColumns: 2, locale: ctx.fmt.locale, horizontal: false,
      series, groups: { selected: first },
    },
  });
  // With many cases (the default profile's five), the first ones shown and the others folded under them.
  const unfolded = ctx.layout.timeGoesUnfolded;
  const list = items.length <= unfolded ? items.join('\n')
    : paragraphs(items.slice(0, unfolded).join('\n'), folded(unfolded === 0 ? t.all : ctx.t('timeGoes.more', { count: ctx.fmt.integer(items.length - unfolded) }), items.slice(unfolded).join('\n'), 'bench-more'));
  return paragraphs(
    list,
    figure,
    dataTable(ctx, paragraphs(
      table(header, rows, header.map((_, i) => (i > 1 ? 'right' : null))),
      table(t.totalsHeader, totals, t.totalsHeader.map((_, i) => (i > 1 && i < 7 ? 'right' : null))),
    )),
    sourceDrawer(ctx, syscallCommands(block)),
  );
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
function trend(ctx) {
  const { entries, series, breaks, comparable } = ctx.trend;
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
  const key = figures.keyScenarios(ctx.results)[0];
  const figure = chartFigure({
    id: 'trend', fallback: ctx.strings.trend.fallback, selectLabel: ctx.strings.selectScenario,
    caption: ctx.t('trend.caption', { count: ctx.fmt.integer(shown.length), comparable: ctx.fmt.integer(comparable) }),
    spec: {
      kind: 'line', scale: 'linear', seriesIn: 'rows', keyColumns: 2, locale: ctx.fmt.locale,
      series: series.map((line) => ({
        values: line.values.slice(start).map(wholeNumber), color: serverIndex(ctx.results, line.serverId), group: scenarioIndex(line.scenarioId),
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
    sourceDrawer(ctx, scenarioCommands(ctx.results.scenarios)),
  );
}

// The file picker of "Compare with your own run" (docs/site/plugins/benchmark-own-run.js draws the
// reader's file). Its messages are hidden elements in the page's language; data-page tells the plugin
// how the published charts are laid out (scenario ids and kinds, sweep levels, instruction cases),
// so the reader's figures land beside the matching published ones.
function ownRun(ctx) {
  const { results } = ctx;
  const sweepData = figures.sweepSeries(results);
  const counts = figures.instructionBars(results);
  const load = figures.latencyAgainstLoad(results);
  const page = {
    locale: ctx.fmt.locale,
    keyScenarios: figures.keyScenarios(results).map(({ scenario }) => ({ id: scenario.id, keepAlive: scenario.keepAlive, pipelineDepth: scenario.pipelineDepth || 1 })),
    scenarios: results.scenarios.map((sc) => ({ id: sc.id })),
    metricColors: METRIC_COLORS,
    sweepLevels: sweepData ? sweepData.levels : null,
    json: figures.jsonScenarios(results).length ? { scenarios: figures.jsonScenarios(results).map((sc) => sc.id) } : null,
    fixedRate: load ? { groups: load.groups.map((g) => g.group.id), percentiles: LOAD_PERCENTILES.map((pc) => pc.key) } : null,
    instructionCases: counts ? counts.cases.map((c) => c.id) : null,
  };
  const m = ctx.strings.ownRun.messages;
  const html = [
    `<div class="bench-own-run" data-page="${escapeHtmlInMarkdown(JSON.stringify(page))}">`,
    `<label for="bench-own-file">${escapeHtmlInMarkdown(ctx.strings.ownRun.label)}</label>`,
    '<input type="file" id="bench-own-file" accept=".json,application/json">',
    '<p class="bench-own-status" role="status" aria-live="polite"></p>',
    ...Object.keys(m).sort().map((key) => `<span class="bench-msg" data-msg="${escapeHtmlInMarkdown(key)}" hidden>${escapeHtmlInMarkdown(m[key])}</span>`),
    '</div>',
  ].join('\n');
  return paragraphs(ctx.t('ownRun.intro', { how: ctx.pageLink('reproducing', ctx.strings.ownRun.how, 'compare-with-your-own-run') }), html);
}

// The last part of the page, with its headings (strings "headings"): the instruction counts, where
// the time goes, the concurrency sweep, the trend and the reader's own run, two by two. With
// system-call counts, the time goes (its sentences folded: the cause is in Every scenario) beside the
// instruction counts, and the sweep with the own run under it beside the trend; a file without them keeps the earlier pairs (sweep
// and instruction counts, trend and own run) and says nothing about counts it does not have. Issue
// 10's budget of 3,600 px is why the layout is chosen by height.
function measures(ctx) {
  const heading = (key) => `## ${ctx.strings.headings[key]}`;
  const cell = (...blocks) => paragraphs('<div class="bench-cell">', ...blocks, '</div>');
  const pair = (left, right) => ['<div class="bench-pair">', left, right, '</div>'].join('\n');
  if (figures.syscallTable(ctx.results)) {
    return paragraphs(
      pair(cell(heading('instructions'), instructions(ctx)), cell(heading('timeGoes'), timeGoes(ctx))),
      pair(cell(heading('sweep'), sweep(ctx), heading('ownRun'), ownRun(ctx)), cell(heading('trend'), trend(ctx))),
    );
  }
  return paragraphs(
    pair(cell(heading('sweep'), sweep(ctx)), cell(heading('instructions'), instructions(ctx))),
    pair(cell(heading('trend'), trend(ctx)), cell(heading('ownRun'), ownRun(ctx))),
  );
}

// The {{sections}} of the page's template, in no particular order (render.js fills each); sweep,
// instructions, timeGoes and trend are placed through measures.
const TEMPLATE_SECTIONS = ['summary', 'glance', 'conclusion', 'json', 'latency', 'latencyLoad', 'measures'];

module.exports = { TEMPLATE_SECTIONS, summary, glance, conclusion, json, latency, latencyLoad, measures, sweep, instructions, timeGoes, trend };
