// The parts of authored pages (Methodology) that quote bench/scenarios.json, generated at build time
// so they cannot drift: `npm run check` regenerates them and fails when the committed page differs.
//
// In a page, a generated part sits between two HTML comments (invisible when rendered):
//   <!-- bench:profiles -->            a block: the comments on their own lines, Markdown between
//                                      (blank lines around it)
//   <!-- /bench:profiles -->
//   ... a threshold of <!-- bench:saturationThreshold -->90%<!-- /bench:saturationThreshold --> ...   (inline)
// The build replaces what is between them; the names are those of BLOCKS and VALUES below.
//
// bench/scenarios.json is read through benchSettings() only, so a change of its shape is one edit there.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { table, codeSpan, escapeMarkdownText } = require('../../../shared/src/escape');
const { createFormatter, spacedList } = require('./format');
const { fill, jsonEndpointText } = require('./sentences');

const MARKER = /<!-- bench:([A-Za-z]+) -->([\s\S]*?)<!-- \/bench:\1 -->/g;
const OPEN = /<!-- bench:([A-Za-z]+) -->/g;

/**
 * The settings the pages quote, from the parsed bench/scenarios.json: the one place that knows its
 * shape. Per-scenario run lengths fall back to the profile's, the profile's to the file's.
 */
function benchSettings(json, { jsonServers = [] } = {}) {
  const jsonScenarios = new Map(((json.json && json.json.scenarios) || []).map((sc) => [sc.id, sc]));
  const fixedRateGroups = new Map(((json.fixedRate && json.fixedRate.groups) || []).map((g) => [g.id, g]));
  const serverNames = new Map(jsonServers.map((s) => [s.id, s.name]));
  const profiles = Object.entries(json.profiles).map(([id, p]) => ({
    id,
    description: p.description,
    durationSeconds: p.durationSeconds,
    warmupSeconds: p.warmupSeconds,
    repetitions: p.repetitions,
    scenarios: p.scenarios.map((sc) => ({
      id: sc.id, tool: sc.tool, connections: sc.connections, keepAlive: sc.keepAlive,
      pipelineDepth: sc.pipelineDepth ?? 1,
      durationSeconds: sc.durationSeconds ?? p.durationSeconds,
      warmupSeconds: sc.warmupSeconds ?? p.warmupSeconds,
      repetitions: sc.repetitions ?? p.repetitions,
    })),
    sweep: p.sweep ? {
      tool: p.sweep.tool, levels: p.sweep.levels, runsPerLevel: p.sweep.runsPerLevel, durationSeconds: p.sweep.durationSeconds,
    } : null,
    instructions: p.instructions ? {
      requests: p.instructions.requests, repeats: p.instructions.repeats,
      cases: p.instructions.cases.map((id) => ({ id, requests: (p.instructions.requestsByCase || {})[id] ?? p.instructions.requests })),
    } : null,
    // System calls per request (issue 16): cases of both kinds, each with its N.
    syscalls: p.syscalls ? {
      repeats: p.syscalls.repeats,
      cases: p.syscalls.cases.map((id) => ({ id, requests: (p.syscalls.requestsByCase || {})[id] ?? p.syscalls.requests })),
    } : null,
    // The JSON application (issue 9): its endpoints, variants and run lengths; its instruction cases
    // take N and repeats from the profile's instructions block unless requestsByCase names a case.
    json: p.json ? {
      scenarios: p.json.scenarios.map((scenarioId) => {
        const sc = jsonScenarios.get(scenarioId);
        return { id: scenarioId, method: sc.method, endpoint: sc.endpoint, operations: sc.operations ?? null };
      }),
      servers: p.json.servers.map((serverId) => ({ id: serverId, name: serverNames.get(serverId) ?? null })),
      durationSeconds: p.json.durationSeconds ?? p.durationSeconds,
      warmupSeconds: p.json.warmupSeconds ?? p.warmupSeconds,
      repetitions: p.json.repetitions ?? p.repetitions,
      instructions: p.json.instructions && p.instructions ? p.json.instructions.cases.map((caseId) => ({
        id: caseId, requests: (p.json.instructions.requestsByCase || {})[caseId] ?? p.instructions.requests, repeats: p.instructions.repeats,
      })) : [],
    } : null,
    // Latency at fixed rates (open loop): the groups, the fractions of the basis maximum, run lengths.
    fixedRate: p.fixedRate ? {
      tool: json.fixedRate.tool,
      groups: p.fixedRate.groups.map((groupId) => {
        const g = fixedRateGroups.get(groupId);
        return { id: groupId, method: g.method, path: g.path ?? null, basisScenario: g.basisScenario };
      }),
      fractions: p.fixedRate.fractions,
      durationSeconds: p.fixedRate.durationSeconds,
      warmupSeconds: p.fixedRate.warmupSeconds,
      repetitions: p.fixedRate.repetitions,
    } : null,
  }));
  return {
    expectation: json.expectation ? { ...json.expectation } : null,
    saturationThreshold: json.saturationThreshold,
    spreadWarningThreshold: json.spreadWarningThreshold,
    contentionNoteThreshold: json.contentionNoteThreshold,
    nginxKeepaliveRequests: json.nginx.keepaliveRequests,
    bootstrap: json.bootstrap ? { resamples: json.bootstrap.resamples, confidence: json.bootstrap.confidence } : null,
    noteTemplates: json.notes || {},
    profiles,
  };
}

function readBenchSettings(root) {
  const file = path.join(root, 'bench', 'scenarios.json');
  let json;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`methodology: cannot read bench/scenarios.json: ${err.message}`);
  }
  // The JSON variants' names (json.serversFile, bench/json/servers.json), for the profile table.
  let jsonServers = [];
  if (json.json && json.json.serversFile) {
    try {
      jsonServers = JSON.parse(fs.readFileSync(path.join(root, json.json.serversFile), 'utf8')).servers;
    } catch (err) {
      throw new Error(`methodology: cannot read ${json.json.serversFile}: ${err.message}`);
    }
  }
  return benchSettings(json, { jsonServers });
}

const seconds = (ctx, s) => fill(ctx.strings.methodology.seconds, { value: ctx.fmt.decimal(s, Number.isInteger(s) ? 0 : 1) }, 'methodology.seconds');

// One scenario of the profile table: "wrk, 100 connections, keep-alive" (+ run lengths where they
// differ from the profile's).
function scenarioText(ctx, profile, sc) {
  const m = ctx.strings.methodology;
  let mode = sc.keepAlive ? m.keepAlive : m.newConnection;
  if (sc.pipelineDepth > 1) mode = fill(m.pipelined, { depth: ctx.fmt.integer(sc.pipelineDepth) }, 'methodology.pipelined');
  let text = fill(m.scenario, { tool: escapeMarkdownText(sc.tool), connections: ctx.fmt.integer(sc.connections), mode }, 'methodology.scenario');
  if (sc.durationSeconds !== profile.durationSeconds || sc.warmupSeconds !== profile.warmupSeconds || sc.repetitions !== profile.repetitions) {
    text = fill(m.scenarioOwnLengths, {
      scenario: text, duration: seconds(ctx, sc.durationSeconds), warmup: seconds(ctx, sc.warmupSeconds), repetitions: ctx.fmt.integer(sc.repetitions),
    }, 'methodology.scenarioOwnLengths');
  }
  return text;
}

// The generated blocks, by name: Markdown of the page's language.
const BLOCKS = {
  profiles(ctx, settings) {
    const m = ctx.strings.methodology;
    return table(m.profilesHeader, settings.profiles.map((p) => [
      codeSpan(p.id, { inTable: true }), p.scenarios.map((sc) => scenarioText(ctx, p, sc)).join(ctx.strings.listSeparator),
      seconds(ctx, p.durationSeconds), seconds(ctx, p.warmupSeconds), ctx.fmt.integer(p.repetitions),
    ]));
  },
  // The JSON application per profile: endpoints, variants, run lengths.
  json(ctx, settings) {
    const m = ctx.strings.methodology;
    return table(m.jsonHeader, settings.profiles.filter((p) => p.json).map((p) => [
      codeSpan(p.id, { inTable: true }),
      p.json.scenarios.map((sc) => jsonEndpointText(ctx.strings, ctx.fmt, sc)).join(ctx.strings.listSeparator),
      ctx.list(p.json.servers.map((s) => (s.name ? escapeMarkdownText(s.name) : codeSpan(s.id, { inTable: true })))),
      seconds(ctx, p.json.durationSeconds), seconds(ctx, p.json.warmupSeconds), ctx.fmt.integer(p.json.repetitions),
    ]));
  },
  measurements(ctx, settings) {
    const m = ctx.strings.methodology;
    const dash = ctx.strings.dash;
    // A profile that measures none of these (many-connections: timed runs only) has no row, as in the JSON table.
    const measuring = (p) => p.sweep || p.fixedRate || p.instructions || p.syscalls || (p.json && p.json.instructions.length);
    return table(m.measurementsHeader, settings.profiles.filter(measuring).map((p) => [
      codeSpan(p.id, { inTable: true }),
      p.sweep ? fill(m.sweep, {
        // (" · " between the levels: a comma would read as a thousands separator.)
        tool: escapeMarkdownText(p.sweep.tool), levels: p.sweep.levels.map((l) => ctx.fmt.integer(l)).join(' · '),
        runs: ctx.fmt.integer(p.sweep.runsPerLevel), duration: seconds(ctx, p.sweep.durationSeconds),
      }, 'methodology.sweep') : dash,
      p.fixedRate ? fill(m.fixedRate, {
        tool: escapeMarkdownText(p.fixedRate.tool), fractions: ctx.list(p.fixedRate.fractions.map((f) => ctx.fmt.share(f))),
        groups: ctx.list(p.fixedRate.groups.map((g) => fill(m.fixedRateGroup, {
          group: g.path ? `${escapeMarkdownText(g.method)} ${escapeMarkdownText(g.path)}` : m.helloWorld, basis: codeSpan(g.basisScenario, { inTable: true }),
        }, 'methodology.fixedRateGroup'))),
        rounds: ctx.fmt.integer(p.fixedRate.repetitions), duration: seconds(ctx, p.fixedRate.durationSeconds), warmup: seconds(ctx, p.fixedRate.warmupSeconds),
      }, 'methodology.fixedRate') : dash,
      [
        p.instructions ? fill(m.instructions, {
          cases: p.instructions.cases.map((c) => fill(m.syscallCase, { id: codeSpan(c.id, { inTable: true }), requests: ctx.fmt.integer(c.requests) }, 'methodology.syscallCase'))
            .join(ctx.strings.listSeparator),
          repeats: ctx.fmt.integer(p.instructions.repeats),
        }, 'methodology.instructions') : null,
        p.json && p.json.instructions.length ? fill(m.jsonInstructions, {
          cases: p.json.instructions.map((c) => fill(m.jsonInstructionCase, {
            id: codeSpan(c.id, { inTable: true }), requests: ctx.fmt.integer(c.requests), repeats: ctx.fmt.integer(c.repeats),
          }, 'methodology.jsonInstructionCase')).join(ctx.strings.listSeparator),
        }, 'methodology.jsonInstructions') : null,
      ].filter(Boolean).join(ctx.strings.listSeparator) || dash,
      p.syscalls ? fill(m.syscalls, {
        cases: p.syscalls.cases.map((c) => fill(m.syscallCase, { id: codeSpan(c.id, { inTable: true }), requests: ctx.fmt.integer(c.requests) }, 'methodology.syscallCase'))
          .join(ctx.strings.listSeparator),
        repeats: ctx.fmt.integer(p.syscalls.repeats),
      }, 'methodology.syscalls') : dash,
    ]));
  },
};

function pipelined(settings) {
  const profile = settings.profiles.find((p) => p.id === 'default');
  const found = profile ? profile.scenarios.filter((sc) => sc.pipelineDepth > 1) : [];
  if (found.length === 0) throw new Error('methodology: the default profile of bench/scenarios.json has no pipelined scenario to quote');
  return found;
}

function defaultFixedRate(settings) {
  const profile = settings.profiles.find((p) => p.id === 'default');
  if (!profile || !profile.fixedRate) throw new Error('methodology: the default profile of bench/scenarios.json has no fixedRate block to quote');
  return profile.fixedRate;
}

// The generated inline values, by name: text of the page's language.
const VALUES = {
  // The default profile's fixed-rate levels (fractions of the basis maximum) and rounds per level.
  fixedRateFractions: (ctx, s) => ctx.list(defaultFixedRate(s).fractions.map((f) => ctx.fmt.share(f))),
  fixedRateRounds: (ctx, s) => ctx.fmt.integer(defaultFixedRate(s).repetitions),
  saturationThreshold: (ctx, s) => ctx.fmt.share(s.saturationThreshold),
  spreadWarningThreshold: (ctx, s) => ctx.fmt.share(s.spreadWarningThreshold),
  contentionNoteThreshold: (ctx, s) => ctx.fmt.share(s.contentionNoteThreshold),
  nginxKeepaliveRequests: (ctx, s) => ctx.fmt.integer(s.nginxKeepaliveRequests),
  bootstrapResamples: (ctx, s) => ctx.fmt.integer(s.bootstrap.resamples),
  bootstrapConfidence: (ctx, s) => ctx.fmt.share(s.bootstrap.confidence),
  // The default profile's pipelined scenarios: their depth, and their connection counts as a list.
  pipelineDepth: (ctx, s) => ctx.fmt.integer(pipelined(s)[0].pipelineDepth),
  pipelinedConnections: (ctx, s) => ctx.list(pipelined(s).map((sc) => ctx.fmt.integer(sc.connections))),
  // The benchmark expectation the runner prints (scenarios.json expectation).
  saturatedHalfWidth: (ctx, s) => ctx.fmt.share(s.expectation.saturatedHalfWidth),
  minPairs: (ctx, s) => ctx.fmt.integer(s.expectation.minPairs),
  countSpread: (ctx, s) => ctx.fmt.share(s.expectation.countSpread),
  // The default profile's fewest rounds of any scenario.
  defaultMinRounds: (ctx, s) => ctx.fmt.integer(Math.min(...s.profiles.find((p) => p.id === 'default').scenarios.map((sc) => sc.repetitions))),
};

/**
 * A page body with every bench:NAME part regenerated for the language (strings: the language's
 * Benchmarks string table). where names the page in errors. Returns the body unchanged when it has
 * no such part; getSettings() is called only when it has one.
 */
function fillBenchParts(body, { strings, where, getSettings }) {
  const opened = [...body.matchAll(OPEN)].map((m) => m[1]);
  if (opened.length === 0) return body;
  const closedCount = [...body.matchAll(MARKER)].length;
  if (closedCount !== opened.length) throw new Error(`${where}: a <!-- bench:NAME --> part is not closed by <!-- /bench:NAME --> (names: ${opened.join(', ')})`);
  const settings = getSettings();
  const fmt = createFormatter(strings.format);
  const listFormat = new Intl.ListFormat(fmt.locale, { type: 'conjunction', style: 'long' });
  const ctx = { strings, fmt, list: (items) => spacedList(listFormat, items) };
  return body.replace(MARKER, (all, name, inside) => {
    const block = /^\n[\s\S]*\n$/.test(inside) || inside === '\n';
    if (BLOCKS[name]) {
      if (!block) throw new Error(`${where}: <!-- bench:${name} --> is a block: put the comments on their own lines`);
      // Blank lines around: the comments are HTML blocks of their own, and the table one of its own.
      return `<!-- bench:${name} -->\n\n${BLOCKS[name](ctx, settings)}\n\n<!-- /bench:${name} -->`;
    }
    if (VALUES[name]) {
      if (inside.includes('\n')) throw new Error(`${where}: <!-- bench:${name} --> is a value: keep it on one line`);
      return `<!-- bench:${name} -->${VALUES[name](ctx, settings)}<!-- /bench:${name} -->`;
    }
    throw new Error(`${where}: unknown generated part bench:${name} (known: ${[...Object.keys(BLOCKS), ...Object.keys(VALUES)].join(', ')})`);
  });
}

/** The body with every generated part emptied (markers kept): the authored text alone, for the translation record. */
function emptyBenchParts(body) {
  return body.replace(MARKER, (all, name) => `<!-- bench:${name} --><!-- /bench:${name} -->`);
}

module.exports = { benchSettings, readBenchSettings, fillBenchParts, emptyBenchParts, BLOCKS, VALUES };
