// Subject: the counts (issue 16), user-space instructions (valgrind) and system calls by kind (strace)
// per request of the counted cases, sent by the lock-step client, N and 2N requests. The instruction
// chart, "Where the time goes" (calls by kind; its sentences: count-sentences.js), the cause added to a
// scenario's sentence, every count on the details page, Methodology's columns.
'use strict';
const { codeSpan, oneLine, table } = require('../../../../shared/src/escape');
const lookup = require('../../../../shared/src/figures/results-lookup');
const counts = require('../../../../shared/src/figures/count-figures');
const jsonFigures = require('../../../../shared/src/figures/json-figures');
const { chartFigure } = require('../chart-figure');
const { fill } = require('../sentences');
const { countSentences, countedCaseText, localizeCount } = require('./count-sentences');
const { paragraphs, folded, dataTable, joinSentences, wholeNumber } = require('../markdown-blocks');
const { sourceDrawer, runCommands } = require('../source-drawer');
const { readerCommand } = require('../reader-paths');
const { defineSubject } = require('./subject');

/** The commands of a count: the counting tool's (valgrind, strace), then each case's load command. */
const countCommands = (toolCommand, cases) => [...new Set([toolCommand, ...cases.map((c) => c.loadCommand)])];

// User-space instructions per request (valgrind), one bar per server and case. A count is
// deterministic where time is not; kernel work is not in it.
function instructionsChart(ctx) {
  // The hello-world cases; the JSON endpoints' counts are on the details page.
  const data = counts.instructionBars(ctx.results);
  if (!data) return ctx.strings.instructions.none;
  const { results } = ctx;
  const block = results.instructions;
  const pair = lookup.mainPair(results);
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
      series: data.servers.map((id, j) => ({ values: data.perRequest[j].map(wholeNumber), color: lookup.serverColor(results, id) })),
    },
  });
  return paragraphs(
    figure, dataTable(ctx, table(header, rows, header.map((_, i) => (i > 0 ? 'right' : null)))),
    sourceDrawer(ctx, countCommands(block.valgrindCommand, data.cases)),
  );
}

// Where the time goes (issue 16): system calls per request by kind (strace, lock-step client, N and
// 2N) for every counted case, one case at a time (a selector), beside the instruction counts; the
// sentences name, from these figures, where each pair differs and how much of each server's CPU time
// the kernel took in the matching timed runs. The folded data holds the chart's table and a table of
// the totals with instructions and the user / kernel split per request.
function timeGoesChart(ctx) {
  const { results } = ctx;
  const data = counts.syscallTable(results);
  if (!data) return ctx.strings.timeGoes.none;
  const t = ctx.strings.timeGoes;
  const block = results.syscalls;
  const caseLabels = data.cases.map((entry) => countedCaseText(ctx, entry.case));
  // The chart shows the first pipelined hello-world case first (where the servers differ most); its
  // sentence comes first too, the others after it in the file's order.
  const first = Math.max(0, data.cases.findIndex((entry) => entry.kind === 'pipelined' && !entry.json));
  const order = [first, ...data.cases.map((_, i) => i).filter((i) => i !== first)];
  const items = order.map((i) => {
    const parts = countSentences(results, data.cases[i]).map((s) => localizeCount(s, ctx));
    return parts.length ? ctx.t('conclusionItem', { scenario: caseLabels[i], sentence: joinSentences(ctx, ...parts) }) : null;
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
        color: lookup.serverColor(results, row.server), group,
      });
    }
  });
  // The totals beside the instructions and the user / kernel split of the matching timed scenario.
  const cpuCell = (split, key) => (split ? ctx.fmt.decimal(split[key], 2) : ctx.strings.dash);
  const totals = data.cases.flatMap((entry, i) => {
    const scenario = counts.scenarioForCase(results, entry.case);
    return entry.rows.map((row) => {
      const split = counts.cpuSplit(scenario, row.server);
      const instructions = counts.instructionsFor(results, entry.case.id, row.server);
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
    sourceDrawer(ctx, countCommands(block.straceCommand, block.cases)),
  );
}

// Why, where the system-call counts show it: the counted hello-world case measured like this scenario
// (counts.scenarioForCase) gives the kind of call that differs most. The full sentences of every
// case (totals, instructions per connection, kernel share) are under Where the time goes.
function causeSentences(ctx, scenario) {
  const data = counts.syscallTable(ctx.results);
  const entry = data && data.cases.find((e) => !e.json && counts.scenarioForCase(ctx.results, e.case)?.id === scenario.id);
  if (!entry) return [];
  return countSentences(ctx.results, entry).filter((s) => s.key === 'timeGoes.difference').map((s) => localizeCount(s, ctx));
}

// Where the time goes (issue 16): how the system calls were counted, every case and server by kind
// of call with the repeats' spread and every call by name, the counts that failed, and the user /
// kernel split of the server's CPU time per request in every timed scenario.
function timeGoesTables(ctx) {
  const { results } = ctx;
  const d = ctx.strings.details.timeGoes;
  const blocks = [];
  const data = counts.syscallTable(results);
  if (data) {
    const block = results.syscalls;
    blocks.push(ctx.t('details.timeGoes.intro', {
      tool: ctx.esc(block.tool), version: ctx.esc(block.straceVersion), command: codeSpan(readerCommand(block.straceCommand)),
      repeats: ctx.fmt.integer(block.repeats),
      categories: ctx.list(block.categories.map((c) => ctx.t('details.timeGoes.category', {
        category: ctx.strings.timeGoes.categoryHeaders[c.id] ?? ctx.esc(c.id), names: c.names.map((n) => codeSpan(n)).join(ctx.strings.timeGoes.nameSeparator),
      }))),
    }));
    const header = [d.header[0], d.header[1], ...data.categories.map((id) => ctx.strings.timeGoes.categoryHeaders[id] ?? ctx.esc(id)), ...d.header.slice(2)];
    const rows = [];
    const failed = [];
    for (const entry of data.cases) {
      const label = ctx.t('details.timeGoes.case', {
        case: countedCaseText(ctx, entry.case), requests: ctx.fmt.integer(entry.case.requests), pace: ctx.fmt.integer(entry.case.pace ?? 0),
      });
      for (const row of entry.rows) {
        if (row.total === null) {
          failed.push(`- ${ctx.t('details.timeGoes.failed', { case: countedCaseText(ctx, entry.case), server: ctx.serverName(row.server), reason: ctx.esc(row.failureReason || '') })}`);
        }
        const byName = row.perRequest ? Object.entries(row.perRequest).filter(([, v]) => Math.abs(v) >= 0.005)
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([n, v]) => `${codeSpan(n, { inTable: true })} ${ctx.fmt.decimal(v, 2)}`).join(' · ') : ctx.strings.dash;
        // Calls made on a clock (Go's monitor sleeping) are not per request: per second, after the names.
        const clock = row.clockDrivenPerSecond ? Object.entries(row.clockDrivenPerSecond).sort((a, b) => a[0].localeCompare(b[0]))
          .map(([n, v]) => `${codeSpan(n, { inTable: true })} ${ctx.fmt.integer(Math.round(v))}`).join(' · ') : '';
        rows.push([label, ctx.serverName(row.server),
          ...data.categories.map((id) => (row.byCategory ? ctx.fmt.decimal(row.byCategory[id] ?? 0, 2) : ctx.strings.dash)),
          row.total === null ? ctx.strings.dash : ctx.fmt.decimal(row.total, 3),
          row.spread === null || row.repeats < 2 ? ctx.t('details.timeGoes.repeats', { count: ctx.fmt.integer(row.repeats) })
            : ctx.t('details.timeGoes.spread', { spread: ctx.fmt.percent(row.spread), count: ctx.fmt.integer(row.repeats) }),
          [byName || ctx.strings.dash, clock && ctx.t('details.timeGoes.clockDriven', { calls: clock })].filter(Boolean).join(d.clockDrivenSeparator)]);
      }
    }
    blocks.push(table(header, rows, header.map((_, i) => (i > 1 && i < header.length - 1 ? 'right' : null))));
    if (failed.length) blocks.push(d.failedIntro, failed.join('\n'));
    blocks.push(sourceDrawer(ctx, countCommands(block.straceCommand, block.cases)));
  } else {
    blocks.push(ctx.strings.timeGoes.none);
  }
  // The user / kernel split of every timed scenario (results of earlier benches have none).
  const splitRows = [];
  for (const sc of results.scenarios) {
    for (const r of sc.results) {
      const split = counts.cpuSplit(sc, r.server);
      if (split) {
        splitRows.push([ctx.scenarioLabel(sc.id), ctx.serverName(r.server), ctx.fmt.decimal(split.user, 2), ctx.fmt.decimal(split.kernel, 2), ctx.fmt.percent(split.share)]);
      }
    }
  }
  if (splitRows.length) {
    blocks.push(d.cpuIntro, table(d.cpuHeader, splitRows, d.cpuHeader.map((_, i) => (i > 1 ? 'right' : null))), sourceDrawer(ctx, runCommands(results.scenarios)));
  }
  return paragraphs(...blocks);
}

// The details page's instructions per request of the JSON endpoints (cases with servers "json"), after
// the JSON section: a row per case, a column per variant, and each variant's count over the reference's.
function jsonInstructions(ctx) {
  // (Only under the JSON section, which a file without JSON scenarios does not have.)
  if (!jsonFigures.jsonTable(ctx.results)) return '';
  const data = counts.instructionBars(ctx.results, true);
  const d = ctx.strings.details.json;
  if (!data) return d.noInstructions;
  const block = ctx.results.instructions;
  // A case is named like the JSON scenario of the same id ("POST /dbop, N = 10"), else by its request.
  const caseLabel = (c) => ctx.t('details.json.instructionCase', {
    endpoint: ctx.scenarioLabel(c.id) ?? (c.path ? codeSpan(`${c.method || 'GET'} ${c.path}`, { inTable: true }) : codeSpan(c.id, { inTable: true })),
    tool: ctx.esc(c.loadTool), connections: ctx.fmt.integer(c.connections), requests: ctx.fmt.integer(c.requests),
  });
  const header = [ctx.strings.instructions.header, ...data.servers.map((id) => ctx.serverName(id))];
  const rows = data.cases.map((c, i) => [caseLabel(c), ...data.servers.map((id, j) => {
    const value = data.perRequest[j][i];
    if (value === null) return ctx.strings.dash;
    const comparison = (c.comparisons || []).find((x) => x.other === id);
    return comparison ? ctx.t('details.json.instructionCell', { count: ctx.fmt.integer(value), ratio: ctx.fill(ctx.strings.comparison.ratio, { value: ctx.fmt.ratio(comparison.ratio) }) })
      : ctx.fmt.integer(value);
  })]);
  const reference = data.cases[0].reference;
  return paragraphs(
    ctx.t('details.json.instructionsIntro', {
      tool: ctx.esc(block.tool), version: ctx.esc(block.valgrindVersion), repeats: ctx.fmt.integer(block.repeats),
      reference: reference ? ctx.serverName(reference) ?? ctx.esc(reference) : ctx.strings.dash,
    }),
    table(header, rows, header.map((_, i) => (i > 0 ? 'right' : null))),
    sourceDrawer(ctx, countCommands(block.valgrindCommand, data.cases)),
  );
}

/** The counts that failed (format 2), named with their reasons, for the details page's notes. */
function failedRuns(ctx) {
  const lines = [];
  for (const c of (ctx.results.instructions && ctx.results.instructions.cases) || []) {
    for (const r of c.results.filter((x) => x.perRequest === null)) {
      lines.push(`- ${ctx.t('notes.failedInstructions', { server: ctx.serverName(r.server), case: ctx.esc(c.id), reason: ctx.esc(r.failureReason || '') })}`);
    }
  }
  for (const c of (ctx.results.syscalls && ctx.results.syscalls.cases) || []) {
    for (const r of c.results.filter((x) => x.total === null)) {
      lines.push(`- ${ctx.t('notes.failedSyscalls', { server: ctx.serverName(r.server), case: ctx.esc(c.id), reason: ctx.esc(r.failureReason || '') })}`);
    }
  }
  return lines;
}

// Methodology's table of measurements: a profile's instruction counts (hello world and JSON), then its
// system-call counts (null: none).
function instructionsCell(ctx, p) {
  const m = ctx.strings.methodology;
  const caseText = (c) => fill(m.syscallCase, { id: codeSpan(c.id, { inTable: true }), requests: ctx.fmt.integer(c.requests) }, 'methodology.syscallCase');
  return [
    p.instructions ? fill(m.instructions, {
      cases: p.instructions.cases.map(caseText).join(ctx.strings.listSeparator), repeats: ctx.fmt.integer(p.instructions.repeats),
    }, 'methodology.instructions') : null,
    p.json && p.json.instructions.length ? fill(m.jsonInstructions, {
      cases: p.json.instructions.map((c) => fill(m.jsonInstructionCase, {
        id: codeSpan(c.id, { inTable: true }), requests: ctx.fmt.integer(c.requests), repeats: ctx.fmt.integer(c.repeats),
      }, 'methodology.jsonInstructionCase')).join(ctx.strings.listSeparator),
    }, 'methodology.jsonInstructions') : null,
  ].filter(Boolean).join(ctx.strings.listSeparator) || null;
}

function syscallsCell(ctx, p) {
  const m = ctx.strings.methodology;
  return p.syscalls ? fill(m.syscalls, {
    cases: p.syscalls.cases.map((c) => fill(m.syscallCase, { id: codeSpan(c.id, { inTable: true }), requests: ctx.fmt.integer(c.requests) }, 'methodology.syscallCase'))
      .join(ctx.strings.listSeparator),
    repeats: ctx.fmt.integer(p.syscalls.repeats),
  }, 'methodology.syscalls') : null;
}

module.exports = {
  subject: defineSubject({
    name: 'counts',
    sections: {
      benchmarks: { instructions: instructionsChart, timeGoes: timeGoesChart },
      'benchmark-details': { timeGoes: timeGoesTables, jsonInstructions },
    },
    methodology: {
      values: { countSpread: (ctx, s) => ctx.fmt.share(s.expectation.countSpread) },
      measurements: [instructionsCell, syscallsCell],
    },
    blockSentences: causeSentences,
    failedRuns,
    ownRun: (ctx) => {
      const bars = counts.instructionBars(ctx.results);
      return { instructionCases: bars ? bars.cases.map((c) => c.id) : null };
    },
  }),
  instructionsChart, timeGoesChart, timeGoesTables, jsonInstructions, countCommands,
};
