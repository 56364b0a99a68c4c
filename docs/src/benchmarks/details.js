// The sections of the generated "Benchmark details" page, one function each, filled into
// docs/benchmarks/benchmark-details.<lang>.md: everything the Benchmarks page folds away (the test
// environment, the plan with servers, scenarios and command lines, the handler, full result tables,
// notes and failed runs). Each section has a fixed anchor (`:id=` in the template) that the
// Benchmarks page links to. Every data string is escaped (escape.js), every number formatted for the
// language. ctx: see render.js.
'use strict';
const { codeSpan, fencedCode, table } = require('../../../shared/src/escape');
const { resultFor, runCounts } = require('./stats');
const { paragraphs, valueWithRange, latencyMs } = require('./markdown-blocks');
const { sourceDrawer, scenarioCommands, instructionCommands, fixedRateCommands, syscallCommands, readerCommand } = require('./provenance');
const { comparisonText, countedCaseText, exitText } = require('./sentences');
const figures = require('../../../shared/src/benchmark-figures');

// The schema's error kinds, in a fixed order (not the JSON's key order).
const ERROR_KINDS = ['connect', 'read', 'write', 'status', 'timeout', 'other'];
// Latency percentiles of the details table, as the schema names them.
const DETAIL_PERCENTILES = ['p50', 'p75', 'p90', 'p99', 'p999'];

function intro(ctx) {
  return ctx.t('details.intro', { benchmarks: ctx.pageLink('benchmarks', ctx.strings.details.benchmarksLink) });
}

function environment(ctx) {
  const env = ctx.results.environment;
  const e = (key) => ctx.strings.environment[key];
  const versionNames = ['drogon', 'trantor', 'nginx', 'wrk', ...Object.keys(env.versions).filter((n) => !['drogon', 'trantor', 'nginx', 'wrk'].includes(n)).sort()];
  const displayName = (name) => ctx.results.servers.find((s) => s.id === name)?.name ?? name;
  const rows = [
    [e('cpu'), ctx.esc(env.cpuModel)],
    [e('cores'), ctx.fmt.integer(env.cpuCores)],
    [e('memory'), ctx.t('environment.memoryValue', { gib: ctx.fmt.gib(env.memoryBytes) })],
    [e('os'), ctx.esc(env.os)],
    [e('kernel'), ctx.esc(env.kernel)],
    [e('compiler'), ctx.esc(env.compiler)],
    ...versionNames.filter((n) => env.versions[n] !== undefined)
      .map((n) => [ctx.t('environment.version', { name: ctx.esc(displayName(n)) }), ctx.esc(env.versions[n])]),
    [e('date'), ctx.fmt.date(env.date)],
    [e('commit'), codeSpan(env.gitCommit, { inTable: true })],
    [e('profile'), ctx.esc(ctx.results.profile)],
    [e('fingerprint'), codeSpan(env.fingerprint, { inTable: true })],
  ];
  return paragraphs(table(e('header'), rows), sourceDrawer(ctx));
}

function plan(ctx) {
  const { method, servers, scenarios } = ctx.results;
  const cpus = (list) => (list ? ctx.esc(list) : ctx.strings.notPinned);
  const text = paragraphs(
    ctx.t('plan.address', {
      address: codeSpan(method.address), duration: ctx.fmt.decimal(method.durationSeconds, 0),
      warmup: ctx.fmt.decimal(method.warmupSeconds, 0), repetitions: ctx.fmt.integer(method.repetitions),
    }),
    [
      `- ${ctx.t('plan.serverCpus', { threads: ctx.fmt.integer(method.serverThreads), cpus: cpus(method.serverCpus) })}`,
      `- ${ctx.t('plan.clientCpus', { threads: ctx.fmt.integer(method.loadGeneratorThreads), cpus: cpus(method.clientCpus) })}`,
      `- ${ctx.t('plan.threshold', { threshold: ctx.fmt.percent(method.saturationThreshold) })}`,
      ...(method.openFilesLimit === undefined ? [] : [`- ${ctx.t('plan.openFiles', { limit: ctx.fmt.integer(method.openFilesLimit) })}`]),
    ].join('\n'),
    ctx.strings.plan.serversIntro,
    table(ctx.strings.plan.serversHeader, servers.map((s) => [
      ctx.esc(s.name), ctx.esc(s.version), s.serverHeader ? codeSpan(s.serverHeader, { inTable: true }) : ctx.strings.dash,
      codeSpan(readerCommand(s.commandLine), { inTable: true }),
    ])),
    ctx.strings.plan.scenariosIntro,
    table(ctx.strings.plan.scenariosHeader, scenarios.map((sc) => [ctx.scenarioLabel(sc.id), ctx.esc(sc.tool), codeSpan(readerCommand(sc.commandLine), { inTable: true })])),
    sourceDrawer(ctx, scenarioCommands(scenarios)),
  );
  return text;
}

function handler(ctx) {
  return paragraphs(ctx.t('plan.handlerIntro', { path: ctx.handler.path }), fencedCode(ctx.handler.source, 'cpp'));
}

// A results cell: "max/min" kQPS, with failed runs named.
function resultsCell(ctx, result) {
  const counts = runCounts(result);
  if (!result || !result.summary) return ctx.t('results.allFailed', { total: ctx.fmt.integer(counts.total) });
  const rps = result.summary.requestsPerSecond;
  const value = ctx.t('results.maxMin', { max: ctx.fmt.kqps(rps.max), min: ctx.fmt.kqps(rps.min) });
  if (counts.failed === 0) return value;
  return ctx.t('results.someFailed', { value, failed: ctx.fmt.integer(counts.failed), total: ctx.fmt.integer(counts.total) });
}

// The hello-world part: the JSON application has its own section (json()).
const helloServers = (results) => results.servers.filter((s) => !figures.isJsonServer(s));

function results(ctx) {
  const servers = helloServers(ctx.results);
  const scenarios = figures.helloScenarios(ctx.results);
  const [commandHeader, descriptionHeader, serverHeader] = ctx.strings.results.header;
  const header = [commandHeader, descriptionHeader, ...servers.map((s) => ctx.fill(serverHeader, { server: ctx.esc(s.name) }))];
  const rows = scenarios.map((sc) => [
    codeSpan(readerCommand(sc.commandLine), { inTable: true }), ctx.scenarioLabel(sc.id),
    ...servers.map((s) => resultsCell(ctx, resultFor(sc, s.id))),
  ]);
  return paragraphs(ctx.strings.results.intro, table(header, rows), sourceDrawer(ctx, scenarioCommands(scenarios)));
}

// A table with one value column per server: median (min–max) of a summary figure.
function perServerRangeTable(ctx, { section, pick, format }) {
  const servers = helloServers(ctx.results);
  const scenarios = figures.helloScenarios(ctx.results);
  const [scenarioHeader, serverHeader] = ctx.strings[section].header;
  const header = [scenarioHeader, ...servers.map((s) => ctx.fill(serverHeader, { server: ctx.esc(s.name) }))];
  const rows = scenarios.map((sc) => [ctx.scenarioLabel(sc.id), ...servers.map((s) => {
    const result = resultFor(sc, s.id);
    return result && result.summary ? valueWithRange(ctx, pick(result.summary), format) : ctx.strings.dash;
  })]);
  return table(header, rows, header.map((_, i) => (i > 0 ? 'right' : null)));
}

function throughput(ctx) {
  return paragraphs(ctx.strings.details.throughputIntro,
    perServerRangeTable(ctx, { section: 'throughput', pick: (summary) => summary.requestsPerSecond, format: ctx.fmt.integer }),
    sourceDrawer(ctx, scenarioCommands(figures.helloScenarios(ctx.results))));
}

// Every percentile the bench records, in milliseconds, per scenario and server.
function latency(ctx) {
  const servers = helloServers(ctx.results);
  const scenarios = figures.helloScenarios(ctx.results);
  const rows = [];
  for (const sc of scenarios) {
    for (const s of servers) {
      const summary = resultFor(sc, s.id)?.summary ?? null;
      rows.push([ctx.scenarioLabel(sc.id), ctx.serverName(s.id),
        ...DETAIL_PERCENTILES.map((p) => (summary && summary.latencyUs && typeof summary.latencyUs[p] === 'number' ? latencyMs(ctx, sc, summary.latencyUs[p]) : ctx.strings.dash))]);
    }
  }
  const header = ctx.strings.details.latencyHeader;
  return paragraphs(ctx.strings.details.latencyIntro, table(header, rows, header.map((_, i) => (i > 1 ? 'right' : null))),
    sourceDrawer(ctx, scenarioCommands(scenarios)));
}

function efficiency(ctx) {
  const { method } = ctx.results;
  const servers = helloServers(ctx.results);
  const scenarios = figures.helloScenarios(ctx.results);
  const sides = ctx.strings.efficiency.sides;
  const cpu = (value) => (value === null ? ctx.strings.dash : ctx.fmt.percent(value));
  const rows = [];
  for (const sc of scenarios) {
    for (const s of servers) {
      const result = resultFor(sc, s.id);
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
    sourceDrawer(ctx, scenarioCommands(scenarios)),
  );
}

// Percentiles of the fixed-rate tables: the closed-loop ones and the slowest answer.
const FIXED_RATE_PERCENTILES = [...DETAIL_PERCENTILES, 'max'];

const ms = (ctx, latency, key) => (latency && typeof latency[key] === 'number' ? ctx.fmt.ms(latency[key]) : ctx.strings.dash);

// The JSON application (issue 9): the variants not built, the conformance check, every figure of
// every endpoint and variant, and the instruction counts of the JSON endpoints.
function json(ctx) {
  const { results } = ctx;
  const data = figures.jsonTable(results);
  if (!data) return ctx.strings.json.none;
  const d = ctx.strings.details.json;
  const blocks = [];
  if ((results.notBuilt || []).length) {
    blocks.push(d.notBuiltIntro, table(d.notBuiltHeader, results.notBuilt.map((v) => [
      ctx.esc(v.name), ctx.esc(v.jsonLibrary), v.version ? ctx.esc(v.version) : ctx.strings.dash, ctx.esc(v.reason),
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
      const result = resultFor(endpoint.scenario, cell.server);
      const summary = cell.summary;
      rows.push([label, ctx.serverName(cell.server), resultsRuns(ctx, result),
        summary ? valueWithRange(ctx, summary.requestsPerSecond, ctx.fmt.integer) : ctx.strings.dash,
        summary ? valueWithRange(ctx, summary.requestsPerServerCpuSecond, ctx.fmt.integer) : ctx.strings.dash,
        sides[result.bottleneck.side], cpu(result.bottleneck.serverCpuUtilization), cpu(result.bottleneck.clientCpuUtilization)]);
      latencyRows.push([label, ctx.serverName(cell.server), ...DETAIL_PERCENTILES.map((p) => ms(ctx, summary && summary.latencyUs, p))]);
    }
  }
  const header = d.header;
  blocks.push(d.tableIntro, table(header, rows, header.map((_, i) => (i > 2 && i !== 5 ? 'right' : null))));
  const latencyHeader = ctx.strings.details.latencyHeader;
  blocks.push(d.latencyIntro, table(latencyHeader, latencyRows, latencyHeader.map((_, i) => (i > 1 ? 'right' : null))));
  blocks.push(sourceDrawer(ctx, scenarioCommands(data.endpoints.map((e) => e.scenario))));
  blocks.push(jsonInstructions(ctx));
  return paragraphs(...blocks);
}

// "3 of 3 ok" for the runs of one result.
function resultsRuns(ctx, result) {
  const counts = runCounts(result);
  return ctx.t('details.json.runs', { ok: ctx.fmt.integer(counts.ok), total: ctx.fmt.integer(counts.total) });
}

// Instructions per request of the JSON endpoints (cases with servers "json"): a row per case, a column
// per variant, and each variant's count over the reference's.
function jsonInstructions(ctx) {
  const data = figures.instructionBars(ctx.results, true);
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
    sourceDrawer(ctx, instructionCommands({ ...block, cases: data.cases })),
  );
}

// Where the time goes (issue 16): how the system calls were counted, every case and server by kind
// of call with the repeats' spread and every call by name, the counts that failed, and the user /
// kernel split of the server's CPU time per request in every timed scenario.
function timeGoes(ctx) {
  const { results } = ctx;
  const d = ctx.strings.details.timeGoes;
  const blocks = [];
  const data = figures.syscallTable(results);
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
    blocks.push(sourceDrawer(ctx, syscallCommands(block)));
  } else {
    blocks.push(ctx.strings.timeGoes.none);
  }
  // The user / kernel split of every timed scenario (results of earlier benches have none).
  const splitRows = [];
  for (const sc of results.scenarios) {
    for (const r of sc.results) {
      const split = figures.cpuSplit(sc, r.server);
      if (split) {
        splitRows.push([ctx.scenarioLabel(sc.id), ctx.serverName(r.server), ctx.fmt.decimal(split.user, 2), ctx.fmt.decimal(split.kernel, 2), ctx.fmt.percent(split.share)]);
      }
    }
  }
  if (splitRows.length) {
    blocks.push(d.cpuIntro, table(d.cpuHeader, splitRows, d.cpuHeader.map((_, i) => (i > 1 ? 'right' : null))), sourceDrawer(ctx, scenarioCommands(results.scenarios)));
  }
  return paragraphs(...blocks);
}

// Latency against load: how the levels were set and run, then every level of every group and server
// (target and achieved rate, runs held, percentiles of the held runs), and why a level was not held.
function fixedRate(ctx) {
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
      blocks.push(ctx.t('latencyLoad.groupFailure', { group: `**${name}**`, reason: ctx.esc(group.failureReason || '') }));
      continue;
    }
    blocks.push(ctx.t('details.fixedRate.group', {
      group: `**${name}**`, servers: ctx.list(group.servers.map((id) => ctx.serverName(id))),
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
          ...FIXED_RATE_PERCENTILES.map((p) => ms(ctx, s.latencyUs, p)),
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

// A note in the page's language: English shows the bench's own text; other languages have a template
// per note code, filled from the same JSON figures, or the bench's text marked as untranslated.
/**
 * The placeholders of a note read back from its English text, with the bench's template of that note
 * code (bench/scenarios.json "notes"): "Other programs kept the server's CPUs {server} busy ..." and a
 * text "... CPUs 35% busy ..." give { server: "35%" } (escaped). Nothing when the text does not match
 * (a note written by another version of the bench): the page then shows the English text.
 */
function noteValues(ctx, note) {
  const template = ctx.noteTemplates && ctx.noteTemplates[note.code];
  if (typeof template !== 'string') return {};
  const names = [];
  const pattern = template.split(/(\{\w+\})/).map((part) => {
    const m = /^\{(\w+)\}$/.exec(part);
    if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(m[1]);
    return '([\\s\\S]*?)';
  }).join('');
  const match = new RegExp(`^${pattern}$`).exec(note.text);
  if (!match) return {};
  return Object.fromEntries(names.map((name, i) => [name, ctx.esc(match[i + 1])]));
}

function noteText(ctx, scenario, result, note) {
  const template = ctx.strings.notes.codes && ctx.strings.notes.codes[note.code];
  if (ctx.lang === 'en' || template === undefined) {
    const text = ctx.esc(note.text);
    return ctx.lang === 'en' ? text : ctx.t('notes.untranslated', { text });
  }
  const summary = result.summary;
  const counts = runCounts(result);
  const okRequests = result.runs.filter((r) => r.status === 'ok').reduce((sum, r) => sum + r.requests, 0);
  const errorList = summary
    ? ctx.list(ERROR_KINDS.filter((kind) => summary.errors[kind] > 0)
      .map((kind) => ctx.fill(ctx.strings.notes.errorKinds[kind], { count: ctx.fmt.integer(summary.errors[kind]) })))
    : ctx.strings.dash;
  const values = {
    // Figures the note's English text carries that the JSON has nowhere else (the bench's template decides).
    ...noteValues(ctx, note),
    tool: ctx.esc(scenario.tool),
    readErrors: summary ? ctx.fmt.integer(summary.errors.read) : ctx.strings.dash,
    requests: ctx.fmt.integer(okRequests),
    errors: errorList,
    failed: ctx.fmt.integer(counts.failed),
    total: ctx.fmt.integer(counts.total),
    depth: ctx.fmt.integer(scenario.pipelineDepth || 1),
  };
  // A figure the language's template needs but neither the JSON nor the note's text gave: the English text, marked.
  const missing = [...template.matchAll(/\{(\w+)\}/g)].some(([, name]) => !(name in values));
  if (missing) return ctx.t('notes.untranslated', { text: ctx.esc(note.text) });
  return ctx.fill(template, values);
}

function notes(ctx) {
  // A note with the same text in this language is listed once, with every scenario and server it applies to.
  const grouped = new Map(); // text -> Map(scenario id -> [server id])
  const failedRuns = [];
  for (const sc of ctx.results.scenarios) {
    for (const s of ctx.results.servers) {
      const result = resultFor(sc, s.id);
      if (!result) continue;
      for (const note of result.notes) {
        const text = noteText(ctx, sc, result, note);
        if (!grouped.has(text)) grouped.set(text, new Map());
        const places = grouped.get(text);
        if (!places.has(sc.id)) places.set(sc.id, []);
        places.get(sc.id).push(s.id);
      }
      for (const run of result.runs.filter((r) => r.status === 'failed')) {
        failedRuns.push(`- ${ctx.t('notes.failedRun', {
          scenario: ctx.scenarioLabel(sc.id), server: ctx.serverName(s.id), repetition: ctx.fmt.integer(run.repetition), reason: ctx.esc(run.failureReason),
        })}`);
      }
    }
  }
  const items = [...grouped].map(([text, places]) => {
    const where = [...places].map(([scenarioId, serverIds]) => ctx.t('notes.where', {
      scenario: ctx.scenarioLabel(scenarioId), servers: ctx.list(serverIds.map(ctx.serverName)),
    }));
    return `- ${ctx.t('notes.item', { where: where.join(ctx.strings.listSeparator), text })}`;
  });
  // Failed runs of the sweep and failed instruction counts (format 2), named with their reasons too.
  for (const r of (ctx.results.sweep && ctx.results.sweep.results) || []) {
    for (const point of r.points) {
      for (const run of point.runs.filter((x) => x.status === 'failed')) {
        failedRuns.push(`- ${ctx.t('notes.failedSweepRun', {
          server: ctx.serverName(r.server), concurrency: ctx.fmt.integer(point.concurrency), round: ctx.fmt.integer(run.round), reason: ctx.esc(run.failureReason),
        })}`);
      }
    }
  }
  for (const c of (ctx.results.instructions && ctx.results.instructions.cases) || []) {
    for (const r of c.results.filter((x) => x.perRequest === null)) {
      failedRuns.push(`- ${ctx.t('notes.failedInstructions', { server: ctx.serverName(r.server), case: ctx.esc(c.id), reason: ctx.esc(r.failureReason || '') })}`);
    }
  }
  for (const c of (ctx.results.syscalls && ctx.results.syscalls.cases) || []) {
    for (const r of c.results.filter((x) => x.total === null)) {
      failedRuns.push(`- ${ctx.t('notes.failedSyscalls', { server: ctx.serverName(r.server), case: ctx.esc(c.id), reason: ctx.esc(r.failureReason || '') })}`);
    }
  }
  // Every server that exited while the bench still needed it, where and how (results.serverExits).
  const exits = (ctx.results.serverExits || []).map((x) => `- ${ctx.t('notes.exit', {
    where: ctx.scenarioLabel(x.block) ?? codeSpan(x.block), part: ctx.esc(x.part), text: exitText(ctx, x),
  })}`);
  return paragraphs(
    items.length ? paragraphs(ctx.strings.notes.intro, items.join('\n')) : ctx.strings.notes.none,
    failedRuns.length ? paragraphs(ctx.strings.notes.failedRunsIntro, failedRuns.join('\n')) : null,
    exits.length ? paragraphs(ctx.strings.notes.exitsIntro, exits.join('\n')) : ctx.strings.notes.noExits,
    sourceDrawer(ctx),
  );
}

// The bench's paired comparisons (format 2): every metric and pair, with the interval, the number of
// paired rounds, the verdict, and how rounds were ordered and resampled. A format 1 file has none.
function comparisons(ctx) {
  const { results } = ctx;
  const rows = [];
  for (const sc of results.scenarios) {
    for (const c of sc.comparisons || []) {
      const ratio = figures.ratioFor(sc, c.metric, { reference: c.reference, other: c.other });
      rows.push([ctx.scenarioLabel(sc.id), ctx.strings.glance.metrics[c.metric] ?? ctx.esc(c.metric),
        ctx.t('details.pairOf', { reference: ctx.serverName(c.reference), other: ctx.serverName(c.other) }),
        comparisonText(ctx, { reference: c.reference, other: c.other }, ratio), c.pairs === undefined ? ctx.strings.dash : ctx.fmt.integer(c.pairs)]);
    }
  }
  if (rows.length === 0) return ctx.strings.details.noComparisons;
  const { rounds, bootstrap } = results.method;
  return paragraphs(
    rounds && bootstrap ? ctx.t('details.comparisonsIntro', {
      order: ctx.esc(rounds.order), seed: ctx.fmt.integer(rounds.seed), generator: ctx.esc(rounds.generator),
      resamples: ctx.fmt.integer(bootstrap.resamples), confidence: ctx.fmt.percent(bootstrap.confidence), bootstrapSeed: ctx.fmt.integer(bootstrap.seed),
    }) : null,
    table(ctx.strings.details.comparisonsHeader, rows),
    sourceDrawer(ctx, scenarioCommands(results.scenarios)),
  );
}

// The {{sections}} of the page's template (render.js fills each).
const TEMPLATE_SECTIONS = ['intro', 'environment', 'plan', 'handler', 'results', 'comparisons', 'throughput', 'latency', 'efficiency', 'json', 'timeGoes', 'fixedRate', 'notes'];

module.exports = { TEMPLATE_SECTIONS, intro, environment, plan, handler, results, comparisons, throughput, latency, efficiency, json, timeGoes, fixedRate, notes };
