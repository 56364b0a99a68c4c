// Conclusion sentences generated from the numbers. Generation is language-neutral: each sentence is
// { key, params } with typed parameters; localize() turns it into text with a language's string
// table ("sentences" in docs/benchmarks/strings.<lang>.json) and formatter.
// Rules: a lead is claimed only beyond the run-to-run spread (see judgeDifference); where the load
// generator's CPU was saturated the page says so; nothing is said about what was not measured.
'use strict';
const {
  splitServers, resultFor, runCounts, judgeDifference, throughputOf, efficiencyOf, scenarioBottleneck,
} = require('./stats');

const param = {
  server: (id) => ({ kind: 'server', id }),
  servers: (ids) => ({ kind: 'servers', ids }),
  scenario: (id) => ({ kind: 'scenario', id }),
  scenarios: (ids) => ({ kind: 'scenarios', ids }),
  percent: (value) => ({ kind: 'percent', value }),
  count: (value) => ({ kind: 'count', value }),
  integer: (value) => ({ kind: 'integer', value }),
  text: (value) => ({ kind: 'text', value }),
};

function sentence(key, params = {}) {
  return { key, params };
}

// One comparison (throughput or efficiency) of server aId against bId.
function comparisonSentence(prefix, aId, a, bId, b) {
  const judged = judgeDifference(a, b);
  const ids = { a: aId, b: bId };
  const values = { a, b };
  switch (judged.verdict) {
    case 'both-zero':
      return sentence(`${prefix}.bothZero`, { a: param.server(aId), b: param.server(bId) });
    case 'only-one':
      return sentence(`${prefix}.onlyOne`, {
        leader: param.server(ids[judged.leader]), other: param.server(ids[judged.other]),
        leaderValue: param.count(values[judged.leader].median),
      });
    case 'within-noise':
      return sentence(`${prefix}.withinNoise`, {
        a: param.server(aId), b: param.server(bId), aValue: param.count(a.median), bValue: param.count(b.median),
        difference: param.percent(judged.lead), noise: param.percent(judged.noise),
      });
    default:
      // 'lead' and 'single-run' share their parameters; only the wording differs.
      return sentence(`${prefix}.${judged.verdict === 'lead' ? 'lead' : 'singleRun'}`, {
        leader: param.server(ids[judged.leader]), other: param.server(ids[judged.other]),
        lead: param.percent(judged.lead), noise: param.percent(judged.noise),
        leaderValue: param.count(values[judged.leader].median), otherValue: param.count(values[judged.other].median),
        runs: param.integer(Math.min(a.okRuns, b.okRuns)),
      });
  }
}

function bottleneckSentences(scenario, compared, tool) {
  const ids = compared.map((s) => s.id);
  const b = scenarioBottleneck(scenario, ids);
  const out = [];
  if (b.clientBound.length > 0) {
    out.push(sentence(b.clientBound.length === ids.length ? 'bottleneck.client' : 'bottleneck.clientSome', {
      servers: param.servers(b.clientBound), clientCpu: param.percent(b.maxClientCpu ?? 0), tool: param.text(tool),
    }));
  }
  if (b.serverBound.length > 0) {
    out.push(sentence('bottleneck.server', { servers: param.servers(b.serverBound), serverCpu: param.percent(b.maxServerCpu ?? 0) }));
  }
  if (out.length === 0 && b.neither.length > 0) {
    out.push(sentence('bottleneck.neither', {
      serverCpu: param.percent(b.maxServerCpu ?? 0), clientCpu: param.percent(b.maxClientCpu ?? 0),
    }));
  }
  if (out.length === 0 && b.unknown.length > 0) out.push(sentence('bottleneck.unknown'));
  return { sentences: out, clientBound: b.clientBound.length > 0 };
}

/** The sentences about one scenario, in reading order. */
function scenarioConclusions(results, scenario) {
  const { compared, baselines } = splitServers(results);
  const out = [];
  for (const server of results.servers) {
    const result = resultFor(scenario, server.id);
    const counts = runCounts(result);
    if (!result || !result.summary) {
      out.push(sentence('runs.none', { server: param.server(server.id), failed: param.integer(counts.failed) }));
    } else if (counts.failed > 0) {
      out.push(sentence('runs.someFailed', {
        server: param.server(server.id), failed: param.integer(counts.failed), total: param.integer(counts.total),
      }));
    }
  }
  const measured = compared.filter((s) => throughputOf(resultFor(scenario, s.id)));
  const [subject, ...others] = measured;
  for (const other of others) {
    out.push(comparisonSentence('throughput', subject.id, throughputOf(resultFor(scenario, subject.id)),
      other.id, throughputOf(resultFor(scenario, other.id))));
  }
  const bottleneck = bottleneckSentences(scenario, compared, scenario.tool);
  out.push(...bottleneck.sentences);
  // A baseline that does no work reaching the same rate is evidence that the rate is the client's ceiling.
  if (bottleneck.clientBound && measured.length > 0) {
    for (const baseline of baselines) {
      const base = throughputOf(resultFor(scenario, baseline.id));
      if (!base) continue;
      const sameAsAll = measured.every((s) => judgeDifference(base, throughputOf(resultFor(scenario, s.id))).verdict === 'within-noise');
      if (sameAsAll) out.push(sentence('baseline.sameCeiling', { baseline: param.server(baseline.id), value: param.count(base.median) }));
    }
  }
  for (const other of others) {
    out.push(comparisonSentence('efficiency', subject.id, efficiencyOf(resultFor(scenario, subject.id)),
      other.id, efficiencyOf(resultFor(scenario, other.id))));
  }
  return out;
}

/** The summary sentences over all scenarios (which set the pace where). */
function overallConclusions(results) {
  const { compared } = splitServers(results);
  const ids = compared.map((s) => s.id);
  const clientBound = results.scenarios.filter((sc) => scenarioBottleneck(sc, ids).clientBound.length > 0).map((sc) => sc.id);
  const serverBound = results.scenarios.filter((sc) => scenarioBottleneck(sc, ids).serverBound.length > 0).map((sc) => sc.id);
  const total = param.integer(results.scenarios.length);
  const out = [];
  if (clientBound.length > 0) out.push(sentence('overall.clientBound', { count: param.integer(clientBound.length), total, scenarios: param.scenarios(clientBound) }));
  if (serverBound.length > 0) out.push(sentence('overall.serverBound', { count: param.integer(serverBound.length), total, scenarios: param.scenarios(serverBound) }));
  if (clientBound.length === 0 && serverBound.length === 0) out.push(sentence('overall.noSaturation', { total }));
  return out;
}

/** Fills {name} placeholders of a template; a placeholder without a value is an error. */
function fill(template, values, what) {
  return template.replace(/\{(\w+)\}/g, (all, name) => {
    if (!(name in values)) throw new Error(`${what}: no value for {${name}}`);
    return values[name];
  });
}

/**
 * Text of one sentence in one language. ctx: { strings (the language's string table), fmt (its
 * formatter), serverName(id) and scenarioLabel(id) returning escaped Markdown, scenarioList(ids), esc(text), list(items) }.
 */
function localize({ key, params }, ctx) {
  const template = key.split('.').reduce((node, part) => (node ? node[part] : undefined), ctx.strings.sentences);
  if (typeof template !== 'string') throw new Error(`strings (${ctx.fmt.locale}): sentences.${key} missing`);
  const values = {};
  for (const [name, p] of Object.entries(params)) {
    switch (p.kind) {
      case 'server': values[name] = ctx.serverName(p.id); break;
      case 'servers': values[name] = ctx.list(p.ids.map(ctx.serverName)); break;
      case 'scenario': values[name] = ctx.scenarioLabel(p.id); break;
      case 'scenarios': values[name] = ctx.scenarioList(p.ids); break;
      case 'percent': values[name] = ctx.fmt.percent(p.value); break;
      case 'count': values[name] = ctx.fmt.proseCount(p.value); break;
      case 'integer': values[name] = ctx.fmt.integer(p.value); break;
      case 'text': values[name] = ctx.esc(p.value); break;
      default: throw new Error(`sentence ${key}: unknown parameter kind ${p.kind}`);
    }
  }
  return fill(template, values, `sentences.${key}`);
}

module.exports = { scenarioConclusions, overallConclusions, localize, fill, param };
