'use strict';
// The JSON conformance, before any timed run: every JSON server of the plan is started once, sent every
// request of bench/json/requests.json on a fresh table, and its answers are compared with the
// reference's (measure/conformance.js). A server that differs, or does not start, is excluded: it is
// never benchmarked, and each of its runs and counts is recorded failed with the first line of its diff;
// the full report goes to the logs folder.
const { writeFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { ServerPool } = require('../../rounds/rounds');
const { checkConformance, formatConformanceReport } = require('../../measure/conformance');
const { displayPath } = require('../../../../shared/src/project-paths');
const { SERVER_START_SECONDS } = require('../../rounds/step-costs');

// Each JSON server started once and sent the requests of bench/json/requests.json. Measured on the
// quick profile (2026-11-23): 5 servers, 38 requests each, about 2 s with the starts.
const CONFORMANCE_SECONDS_PER_SERVER = 0.2;

const conformanceSeconds = (plan) => plan.json.servers.length * (SERVER_START_SECONDS + CONFORMANCE_SECONDS_PER_SERVER);

// -> { block (results.conformance), excluded: Map(id -> reason) }
async function runConformance({ plan, ctx, serverInfo, progress }) {
  const { servers, reference } = plan.json;
  const ordered = [servers.find((s) => s.id === reference), ...servers.filter((s) => s.id !== reference)].filter(Boolean);
  const excluded = new Map();
  const notStarted = [];
  const checked = [];
  const pool = new ServerPool({ ctx, serverInfo, logPrefix: 'conformance', part: 'conformance' });
  const reportPath = join(ctx.logDir, 'conformance.txt');
  mkdirSync(ctx.logDir, { recursive: true });
  let result = null;
  try {
    for (const def of ordered) {
      const started = await pool.ensure(def);
      if (started.error) notStarted.push({ server: def.id, reason: started.error });
      else checked.push({ id: def.id, url: `http://${ctx.scenariosData.address}:${def.port}` });
    }
    if (checked.length && checked[0].id === reference) result = await checkConformance(checked);
  } finally {
    await pool.stopAll();
  }
  for (const { server, reason } of notStarted) excluded.set(server, `conformance: not checked, ${reason}`);
  if (!result) {
    // Without the reference's answers there is nothing to compare with: nobody is benchmarked.
    for (const { id } of checked) excluded.set(id, `conformance: not checked, the reference server ${reference} did not start`);
  } else {
    for (const failure of result.failures) {
      if (excluded.has(failure.server)) continue;
      excluded.set(failure.server, `conformance: request "${failure.request}": ${failure.lines[0]} (full report: ${displayPath(reportPath)})`);
    }
  }
  const report = [
    result ? formatConformanceReport(result) : `conformance: the reference server ${reference} did not start; nothing compared`,
    ...notStarted.map((n) => `  ${n.server}: ${n.reason}`),
  ].join('\n');
  writeFileSync(reportPath, report + '\n');
  const figure = excluded.size === 0
    ? `${servers.length} servers gave equal answers to ${result.requests} requests`
    : `${excluded.size} of ${servers.length} servers FAILED and will not be benchmarked: ${[...excluded.keys()].join(', ')} (report ${displayPath(reportPath)})`;
  progress.step('conformance', figure, conformanceSeconds(plan));
  for (const [id, reason] of excluded) progress.note(`  ${id}: ${reason}`);
  return {
    excluded,
    block: {
      ok: excluded.size === 0,
      reference,
      requests: result ? result.requests : 0,
      table: result ? result.db : null,
      servers: ordered.map((s) => s.id),
      failures: result ? result.failures.map((f) => ({ server: f.server, request: f.request, method: f.method, path: f.path, body: f.body, lines: f.lines })) : [],
      excluded: [...excluded].map(([server, reason]) => ({ server, reason })),
      report: displayPath(reportPath),
    },
  };
}

module.exports = { runConformance, conformanceSeconds };
