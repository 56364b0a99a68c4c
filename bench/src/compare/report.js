'use strict';
// The comparison of compare.js as a reader gets it: Markdown for the bench workflow's job summary and
// pull-request body, plain text for a terminal (`npm run bench:compare`). Every data string is escaped.
const { escapeMarkdownText } = require('../../../shared/src/escape');
const { METRICS, MIN_PAIRS, MIN_REPEATS, FIXED_RATE_TOLERANCE, SYSCALLS_MIN_CHANGE, SYSCALL_CATEGORY_MIN_CHANGE } = require('./compare');

const STATUS_TEXT = {
  'new': 'new in this run, nothing to compare with',
  'removed': 'not in the new run',
  'scenario-changed': 'scenario definition changed, not compared',
  'all-runs-failed': 'every run failed in the new results',
  'no-ok-runs': 'no successful run in either results',
  'no-ok-runs-before': 'no successful run in the old results',
};
const SHORT_LABEL = { requestsPerSecond: 'req/s', latencyP99Us: 'p99', requestsPerServerCpuSecond: 'efficiency' };
const VERDICT_TEXT = { regression: 'REGRESSION', improvement: 'improvement', 'within-noise': 'within noise', 'insufficient-runs': 'not judged (too few pairs or repeats)',
  'judged-by-pooled': 'judged by the pooled figure' };
const PLACE_TEXT = { inside: 'inside: not a finding', below: 'OUTSIDE, below: an unusual run', above: 'outside, above: an unusual run' };
const COUNT_STATUS_TEXT = {
  'new': 'new in this run, nothing to compare with',
  'case-changed': 'case definition changed, not compared',
  'no-count': 'no count in either results',
  'count-failed': 'REGRESSION: counted before, no count now',
  'no-count-before': 'no count in the old results',
};

const intFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const formatNumber = (n) => (n === null || n === undefined ? '-' : intFormat.format(n));
const formatPct = (r) => (r === null || !Number.isFinite(r) ? 'n/a' : `${r > 0 ? '+' : r < 0 ? '−' : '±'}${(Math.abs(r) * 100).toFixed(1)} %`);
const formatSpread = (r) => (!Number.isFinite(r) ? 'n/a' : `${(r * 100).toFixed(1)} %`);
const shortCommit = (c) => String(c).slice(0, 12);
const oldToNew = (m) => (m.verdict === 'not-measured' ? '-' : `${formatNumber(m.old.median)} → ${formatNumber(m.new.median)}`);

// Data strings in the job summary and PR body are escaped exactly as on the Benchmarks page (also safe
// in a table cell: no markup, no HTML, no column breaks); numbers come as strings too.
const escapeMarkdown = (value) => escapeMarkdownText(String(value));

function scenarioLabel(row) {
  if (row.endpoint) return `${row.scenario} (${row.method} ${row.endpoint}${row.operations ? `, ${row.operations} operations` : ''}, ${row.connections} conn)`;
  return `${row.scenario} (${row.connections} conn, ${row.keepAlive ? 'keep-alive' : 'new connection per request'})`;
}

const FIXED_RATE_STATUS_TEXT = {
  'new': 'new in this run, nothing to compare with',
  'group-changed': 'fixed-rate settings changed, not compared',
  'rate-changed': `target rate moved by more than ${FIXED_RATE_TOLERANCE * 100} %, not compared`,
  'no-longer-held': 'held before, NOT HELD now (listed, not flagged: the generator may be what fell short)',
  'never-held': 'not held in either run: no latency to compare',
  'not-held-before': 'not held in the old run: no latency to compare',
};
const levelLabel = (row) => `${Math.round(row.fraction * 100)} %`;
const fixedRateVerdict = (report, row) => (row.status !== 'compared' ? FIXED_RATE_STATUS_TEXT[row.status]
  : { 'too-noisy': 'too noisy to judge', 'insufficient-runs': `not judged (fewer than ${report.rule.minOkRuns} held runs)` }[row.metric.verdict]
    || VERDICT_TEXT[row.metric.verdict]);

// What the pooled rows say, in one sentence ('' without pooled rows).
function pooledHeadline(report) {
  const rows = report.pooledRows;
  if (!rows.length) return '';
  const outside = rows.filter((r) => r.place !== 'inside').length;
  return ` Against the earlier comparable runs: ${rows.length - outside} of ${rows.length} pooled ratios inside their 95 % prediction interval`
    + `${outside ? `, ${outside} outside (findings below)` : ''}.`;
}

function headline(report) {
  if (!report.comparable) {
    const what = [report.environmentChanges.length ? 'the environment' : null,
      report.methodChanges.length ? 'the measurement method' : null].filter(Boolean).join(' and ');
    return `Not compared with the old run: ${what} changed, so nothing of it is flagged (such a change is not a regression).${pooledHeadline(report)}`;
  }
  return `${headlineOfComparison(report)}${pooledHeadline(report)}`;
}

function headlineOfComparison(report) {
  const r = report.regressions.length;
  const i = report.improvements.length;
  const busy = ['old', 'new'].filter((k) => !report[k].quiet)
    .map((k) => `the ${k} run (${report[k].noisy} of ${report[k].rows} rows with a req/s spread above ${Math.round(report.rule.thresholds.requestsPerSecond.maxSpread * 100)} %)`);
  const ownEvidence = report.ratioRows.length + report.instructionRows.length + report.syscallRows.length + report.serverExits.length > 0;
  if (busy.length && !ownEvidence) {
    const failed = r ? ` Failed runs are still flagged: ${r}.` : '';
    return `Nothing judged: the machine was not quiet during ${busy.join(' and ')}; rerun on a quiet machine.${failed}`;
  }
  if (busy.length) {
    const failedRuns = report.regressions.filter((x) => x.metric === 'failedRuns').length;
    const kinds = (list) => list.filter((x) => x.kind).length;
    return `Medians not judged: the machine was not quiet during ${busy.join(' and ')}. `
      + `Paired ratios, instruction and system-call counts carry their own noise measure and are judged where they have enough pairs and repeats: ${kinds(report.regressions)} regression(s), `
      + `${kinds(report.improvements)} improvement(s); server exits are listed whatever the noise.${failedRuns ? ` Failed runs flagged: ${failedRuns}.` : ''}`;
  }
  const unjudged = report.rows.filter((row) => Object.values(row.metrics)
    .some((m) => m.verdict === 'too-noisy' || m.verdict === 'insufficient-runs')).length;
  const caveat = unjudged ? ` ${unjudged} of ${report.rows.length} rows could not be fully judged (too noisy or too few runs).` : '';
  if (r === 0 && i === 0 && unjudged === report.rows.length && unjudged > 0) {
    return 'Nothing flagged, but no row could be fully judged (too noisy or too few runs).';
  }
  if (r === 0 && i === 0) return `No change beyond the run-to-run noise.${caveat}`;
  return `${r} regression${r === 1 ? '' : 's'} and ${i} improvement${i === 1 ? '' : 's'} beyond the run-to-run noise.${caveat}`;
}

function ratioRuleText(report) {
  return `A paired ratio (reference / other, geometric mean over the rounds, 95 % bootstrap interval) is flagged when both runs have at least ${MIN_PAIRS} pairs, `
    + `the ratio moved by at least ${Math.round(report.rule.thresholds.requestsPerSecond.minChange * 1000) / 10} % and the old and the new interval do not overlap. `
    + `Instructions per request are flagged when both runs have at least ${MIN_REPEATS} repeats and the count moved by at least `
    + `${report.rule.instructionsMinChange * 100} %, by more than the larger repeat spread of the two runs, with repeat ranges that do not overlap; `
    + `system calls per request the same way (at least ${SYSCALLS_MIN_CHANGE * 100} % in total), or when a category (reads, writes, accepts, epoll, close, the rest) `
    + `moved by at least ${SYSCALL_CATEGORY_MIN_CHANGE} calls per request outside both runs' repeat ranges; `
    + 'none of these rules depends on how quiet the machine was. Every server exit of the new run is listed; one the old run did not have is flagged.';
}

function ruleText(report) {
  const t = report.rule.thresholds;
  const pct = (r) => `${Math.round(r * 1000) / 10} %`;
  return `A change is flagged only when both runs have at least ${report.rule.minOkRuns} successful repetitions, `
    + `neither run's spread ((max − min) / median) is above the limit to judge (req/s ${pct(t.requestsPerSecond.maxSpread)}, `
    + `p99 latency ${pct(t.latencyP99Us.maxSpread)}, requests per server CPU-second ${pct(t.requestsPerServerCpuSecond.maxSpread)}), `
    + `the median moved by at least a minimum (${pct(t.requestsPerSecond.minChange)}, ${pct(t.latencyP99Us.minChange)}, `
    + `${pct(t.requestsPerServerCpuSecond.minChange)}) and by more than the larger spread of the two runs, `
    + 'and the two min–max ranges do not overlap; and only when neither run as a whole was noisy '
    + `(at most ${pct(report.rule.maxNoisyRowFraction)} of its rows above the req/s spread limit).`;
}

// One verdict per row: the flagged metrics, the metrics too noisy or with too few runs, or "within noise".
function rowVerdict(report, row) {
  if (row.status !== 'compared') return STATUS_TEXT[row.status];
  const judged = Object.entries(row.metrics);
  const named = (verdict) => judged.filter(([, m]) => m.verdict === verdict).map(([k]) => SHORT_LABEL[k]);
  const regressed = named('regression');
  if (row.failedRuns.new > 0 && row.failedRuns.old === 0) regressed.push(`${row.failedRuns.new} failed runs`);
  const parts = [];
  if (regressed.length) parts.push(`REGRESSION: ${regressed.join(', ')}`);
  if (named('improvement').length) parts.push(`improvement: ${named('improvement').join(', ')}`);
  if (named('too-noisy').length) parts.push(`too noisy to judge: ${named('too-noisy').join(', ')}`);
  if (named('insufficient-runs').length) parts.push(`not judged (fewer than ${report.rule.minOkRuns} ok runs)`);
  if (named('not-measured').length) parts.push(`not measured: ${named('not-measured').join(', ')}`);
  if (named('judged-by-pooled').length) parts.push(`moved, ${named('judged-by-pooled').join(', ')} judged by the pooled ratios`);
  return parts.length ? parts.join('; ') : 'within noise';
}

const formatRatioCi = (c) => (c.ratio === null ? 'n/a' : `${c.ratio.toFixed(3)} [${c.ciLow === null ? 'no interval' : `${c.ciLow.toFixed(3)}–${c.ciHigh.toFixed(3)}`}]`);
const METRIC_LABEL = { requestsPerSecond: 'req/s', requestsPerServerCpuSecond: 'requests per server CPU-second' };

const formatRange = (low, high) => `${low.toFixed(3)}–${high.toFixed(3)}`;
function pooledText(row) {
  return `${row.scenario}: ${row.reference} / ${row.other} ${METRIC_LABEL[row.metric]} ratio ${row.newRatio.toFixed(3)}, `
    + `${row.place} the ${row.earlierRuns} earlier comparable runs' 95 % prediction interval ${formatRange(row.earlierLow, row.earlierHigh)}`;
}

function flaggedText(report, item) {
  if (item.kind === 'pooled') {
    return pooledText(report.pooledRows.find((r) => r.scenario === item.scenario && r.other === item.server && r.metric === item.metric));
  }
  if (item.kind === 'ratio') {
    const row = report.ratioRows.find((r) => r.scenario === item.scenario && r.other === item.server && r.metric === item.metric);
    return `${row.scenario}: ${row.reference} / ${row.other} ${METRIC_LABEL[row.metric]} ratio ${formatRatioCi(row.old)} → ${formatRatioCi(row.new)} `
      + `(${formatPct(row.change)}; the 95 % intervals do not overlap)`;
  }
  if (item.kind === 'fixedRate') {
    const row = report.fixedRateRows.find((r) => r.group === item.group && r.fraction === item.fraction && r.server === item.server);
    const m = row.metric;
    return `fixed rate ${row.group} ${levelLabel(row)} (${formatNumber(row.oldRate)} → ${formatNumber(row.newRate)} req/s), ${row.server}: p99 µs ${oldToNew(m)} `
      + `(${formatPct(m.change)}; noise ${formatSpread(m.noise)}; ranges ${formatNumber(m.old.min)}–${formatNumber(m.old.max)} vs ${formatNumber(m.new.min)}–${formatNumber(m.new.max)})`;
  }
  if (item.kind === 'syscalls') {
    const row = report.syscallRows.find((r) => r.case === item.case && r.server === item.server);
    if (row.status === 'count-failed') return `system calls per request, ${row.case}, ${row.server}: counted before, no count now`;
    return `system calls per request, ${row.case}, ${row.server}: ${syscallText(row)}`;
  }
  if (item.kind === 'serverExit') {
    const exit = report.serverExits.find((x) => x.server === item.server && x.part === item.part && x.block === item.block);
    return `server exit: ${exitText(exit)}`;
  }
  if (item.kind === 'instructions') {
    const row = report.instructionRows.find((r) => r.case === item.case && r.server === item.server);
    if (row.status === 'count-failed') return `instructions per request, ${row.case}, ${row.server}: counted before, no count now`;
    return `instructions per request, ${row.case}, ${row.server}: ${formatNumber(row.old.median)} → ${formatNumber(row.new.median)} `
      + `(${formatPct(row.change)}; repeat spread ${formatSpread(row.noise)})`;
  }
  const row = report.rows.find((r) => r.scenario === item.scenario && r.server === item.server);
  const where = `${scenarioLabel(row)}, ${row.serverName}`;
  if (item.metric === 'failedRuns') return `${where}: failed runs ${item.old ?? 0} → ${item.new}`;
  const metric = METRICS.find((m) => m.key === item.metric);
  const m = row.metrics[item.metric];
  return `${where}: ${metric.label} ${oldToNew(m)} (${formatPct(m.change)}; noise ${formatSpread(m.noise)}; `
    + `ranges ${formatNumber(m.old.min)}–${formatNumber(m.old.max)} vs ${formatNumber(m.new.min)}–${formatNumber(m.new.max)})`;
}

const calls = (x) => (Math.round(x * 1000) / 1000).toFixed(3);
// The categories of a system-call row that moved: "write 0.063 → 1.000, read 1.000 → 2.000" ('' for none).
const movedCategories = (row) => row.categories.map((c) => `${c.category} ${calls(c.old)} → ${calls(c.new)}`).join(', ');
// "3.000 → 9.063 (+202.1 %; repeat spread 0.4 %); write 0.063 → 1.000"
function syscallText(row) {
  const moved = movedCategories(row);
  return `${calls(row.old.median)} → ${calls(row.new.median)} (${formatPct(row.change)}; repeat spread ${formatSpread(row.noise)})${moved ? `; ${moved}` : ''}`;
}

// "drogon in scenarios c100-keepalive before round 2: killed by SIGKILL at 2026-11-24T14:02:03.000Z, started again (log ...)"
function exitText(x) {
  const how = x.signal ? `killed by ${x.signal}` : `exited with code ${x.code === null || x.code === undefined ? 'unknown' : x.code}`;
  return `${x.server} in ${x.part} ${x.block} ${x.round ? `before round ${x.round}` : 'after its last run'}: ${how} at ${x.exitedAt}, `
    + `${x.restarted ? 'started again' : 'not started again'} (log ${x.log})${x.new ? '' : '; the old run had such an exit too'}`;
}


function changeLines(report) {
  return [...report.environmentChanges, ...report.methodChanges]
    .map((d) => ({ field: d.field, old: String(d.old ?? '(none)'), new: String(d.new ?? '(none)') }));
}

// The new run against the earlier comparable runs (compare/pooled.js), as a Markdown section.
function pooledMarkdown(report, lines) {
  const e = escapeMarkdown;
  lines.push('### Against the earlier comparable runs (pooled)', '');
  if (!report.pooledRows.length) {
    lines.push(e(`Not judged: ${report.pooledNote}.`), '');
    return;
  }
  lines.push('| Scenario | Ratio | Metric | new run | earlier runs: 95 % prediction interval | pooled with this run | where the new run fell |');
  lines.push('|---|---|---|---:|---:|---:|---|');
  for (const r of report.pooledRows) {
    const place = PLACE_TEXT[r.place];
    lines.push(`| ${e(r.scenario)} | ${e(`${r.reference} / ${r.other}`)} | ${e(METRIC_LABEL[r.metric])} | ${r.newRatio.toFixed(3)} | `
      + `${e(`${formatRange(r.earlierLow, r.earlierHigh)} (${r.earlierRuns} runs)`)} | ${e(`${r.pooledRatio.toFixed(3)} [${formatRange(r.low, r.high)}]`)} | `
      + `${r.place === 'inside' ? e(place) : `**${e(place)}**`} |`);
  }
  lines.push('', 'Outside the earlier runs\' interval is a finding; inside is not, whatever the medians did.', '');
}

// Markdown for the job summary and the pull-request body. Every data string is escaped.
function toMarkdown(report) {
  const e = escapeMarkdown;
  const lines = ['## Benchmark comparison', ''];
  for (const [label, run] of [['Old', report.old], ['New', report.new]]) {
    lines.push(`- ${label}: commit \`${e(shortCommit(run.gitCommit))}\`, ${e(run.date)}, profile ${e(run.profile)}, ${run.repetitions} repetitions`);
  }
  lines.push('', `**${e(headline(report))}**`, '');
  if (!report.comparable) {
    lines.push('A comparison needs the same environment fingerprint and measurement method. What changed:', '');
    lines.push('| Field | Old | New |', '|---|---|---|');
    for (const d of changeLines(report)) lines.push(`| ${e(d.field)} | ${e(d.old)} | ${e(d.new)} |`);
    lines.push('');
    pooledMarkdown(report, lines);
    return lines.join('\n');
  }
  for (const [title, items] of [['Flagged regressions', report.regressions], ['Flagged improvements', report.improvements]]) {
    if (items.length === 0) continue;
    lines.push(`### ${title}`, '');
    for (const item of items) lines.push(`- ${e(flaggedText(report, item))}`);
    lines.push('');
  }
  pooledMarkdown(report, lines);
  lines.push('### Medians, old → new', '');
  lines.push('| Scenario | Server | req/s | change | noise | p99 latency µs | change | requests per server CPU-s | change | verdict |');
  lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const row of report.rows) {
    const head = `| ${e(scenarioLabel(row))} | ${e(row.serverName)} |`;
    if (row.status !== 'compared') { lines.push(`${head} | | | | | | | ${e(rowVerdict(report, row))} |`); continue; }
    const { requestsPerSecond: rps, latencyP99Us: p99, requestsPerServerCpuSecond: eff } = row.metrics;
    const verdict = rowVerdict(report, row);
    lines.push(`${head} ${oldToNew(rps)} | ${formatPct(rps.change)} | ${formatSpread(rps.noise)} | `
      + `${oldToNew(p99)} | ${formatPct(p99.change)} | ${oldToNew(eff)} | ${formatPct(eff.change)} | `
      + `${verdict.startsWith('REGRESSION') ? `**${e(verdict)}**` : e(verdict)} |`);
  }
  if (report.ratioRows.length) {
    lines.push('', '### Paired ratios, old → new', '');
    lines.push('| Scenario | Ratio | Metric | old [95 % interval] | new [95 % interval] | change | verdict |');
    lines.push('|---|---|---|---:|---:|---:|---|');
    for (const row of report.ratioRows) {
      lines.push(`| ${e(row.scenario)} | ${e(`${row.reference} / ${row.other}`)} | ${e(METRIC_LABEL[row.metric])} | ${e(formatRatioCi(row.old))} | `
        + `${e(formatRatioCi(row.new))} | ${e(formatPct(row.change))} | ${e(VERDICT_TEXT[row.verdict])} |`);
    }
  }
  if (report.fixedRateRows.length) {
    lines.push('', '### Latency at fixed rates (oha, open loop; held runs only), old → new', '');
    lines.push('| Group | Level | Server | target req/s | p99 µs | change | noise | verdict |');
    lines.push('|---|---|---|---:|---:|---:|---:|---|');
    for (const row of report.fixedRateRows) {
      const m = row.metric;
      lines.push(`| ${e(row.group)} | ${e(levelLabel(row))} | ${e(row.server)} | ${e(`${formatNumber(row.oldRate)} → ${formatNumber(row.newRate)}`)} | `
        + `${m ? e(oldToNew(m)) : ''} | ${m ? e(formatPct(m.change)) : ''} | ${m ? e(formatSpread(m.noise)) : ''} | `
        + `${m && m.verdict === 'regression' ? `**${e(fixedRateVerdict(report, row))}**` : e(fixedRateVerdict(report, row))} |`);
    }
  }
  if (report.instructionRows.length) {
    lines.push('', '### Instructions per request (valgrind, user space), old → new', '');
    lines.push('| Case | Server | old (repeat spread) | new (repeat spread) | change | verdict |');
    lines.push('|---|---|---:|---:|---:|---|');
    for (const row of report.instructionRows) {
      if (row.status !== 'compared') { lines.push(`| ${e(row.case)} | ${e(row.server)} | | | | ${e(COUNT_STATUS_TEXT[row.status])} |`); continue; }
      lines.push(`| ${e(row.case)} | ${e(row.server)} | ${e(`${formatNumber(row.old.median)} (${formatSpread(row.old.spread)})`)} | `
        + `${e(`${formatNumber(row.new.median)} (${formatSpread(row.new.spread)})`)} | ${e(formatPct(row.change))} | ${e(VERDICT_TEXT[row.verdict])} |`);
    }
  }
  if (report.syscallRows.length) {
    lines.push('', '### System calls per request (strace), old → new', '');
    lines.push('| Case | Server | old (repeat spread) | new (repeat spread) | change | categories that moved | verdict |');
    lines.push('|---|---|---:|---:|---:|---|---|');
    for (const row of report.syscallRows) {
      if (row.status !== 'compared') { lines.push(`| ${e(row.case)} | ${e(row.server)} | | | | | ${e(COUNT_STATUS_TEXT[row.status])} |`); continue; }
      lines.push(`| ${e(row.case)} | ${e(row.server)} | ${e(`${calls(row.old.median)} (${formatSpread(row.old.spread)})`)} | `
        + `${e(`${calls(row.new.median)} (${formatSpread(row.new.spread)})`)} | ${e(formatPct(row.change))} | `
        + `${e(movedCategories(row) || '-')} | ${e(VERDICT_TEXT[row.verdict])} |`);
    }
  }
  if (report.serverExits.length) {
    lines.push('', '### Server exits in the new run', '');
    for (const x of report.serverExits) lines.push(`- ${x.new ? '**new:** ' : ''}${e(exitText(x))}`);
  }
  lines.push('', e(ruleText(report)), '');
  if (report.ratioRows.length || report.instructionRows.length || report.syscallRows.length) lines.push(e(ratioRuleText(report)), '');
  return lines.join('\n');
}

// Plain text for a terminal: the same content as toMarkdown, in aligned columns.
function toText(report) {
  const lines = ['Benchmark comparison'];
  for (const [label, run] of [['old', report.old], ['new', report.new]]) {
    lines.push(`  ${label}: commit ${shortCommit(run.gitCommit)}, ${run.date}, profile ${run.profile}, ${run.repetitions} repetitions`);
  }
  lines.push('', headline(report), '');
  if (!report.comparable) {
    for (const d of changeLines(report)) lines.push(`  ${d.field}: ${d.old} → ${d.new}`);
    for (const item of report.regressions) lines.push(`REGRESSION   ${flaggedText(report, item)}`);
    for (const item of report.improvements) lines.push(`improvement  ${flaggedText(report, item)}`);
    pooledTextTable(report, lines);
    return lines.join('\n') + '\n';
  }
  for (const item of report.regressions) lines.push(`REGRESSION   ${flaggedText(report, item)}`);
  for (const item of report.improvements) lines.push(`improvement  ${flaggedText(report, item)}`);
  if (report.regressions.length + report.improvements.length > 0) lines.push('');
  const table = [['scenario', 'server', 'req/s old → new', 'change', 'noise', 'p99 µs old → new', 'change', 'req/server-CPU-s old → new', 'change', 'verdict']];
  for (const row of report.rows) {
    if (row.status !== 'compared') { table.push([row.scenario, row.server, '', '', '', '', '', '', '', rowVerdict(report, row)]); continue; }
    const { requestsPerSecond: rps, latencyP99Us: p99, requestsPerServerCpuSecond: eff } = row.metrics;
    table.push([row.scenario, row.server, oldToNew(rps), formatPct(rps.change), formatSpread(rps.noise),
      oldToNew(p99), formatPct(p99.change), oldToNew(eff), formatPct(eff.change), rowVerdict(report, row)]);
  }
  pushAligned(lines, table);
  pooledTextTable(report, lines);
  if (report.ratioRows.length) {
    lines.push('', 'Paired ratios, old → new');
    const ratios = [['scenario', 'ratio', 'metric', 'old [95 % interval]', 'new [95 % interval]', 'change', 'verdict']];
    for (const row of report.ratioRows) {
      ratios.push([row.scenario, `${row.reference}/${row.other}`, SHORT_LABEL[row.metric], formatRatioCi(row.old), formatRatioCi(row.new), formatPct(row.change), VERDICT_TEXT[row.verdict]]);
    }
    pushAligned(lines, ratios);
  }
  if (report.fixedRateRows.length) {
    lines.push('', 'Latency at fixed rates (oha, open loop; held runs only), old → new');
    const rates = [['group', 'level', 'server', 'target req/s old → new', 'p99 µs old → new', 'change', 'noise', 'verdict']];
    for (const row of report.fixedRateRows) {
      const m = row.metric;
      rates.push([row.group, levelLabel(row), row.server, `${formatNumber(row.oldRate)} → ${formatNumber(row.newRate)}`,
        m ? oldToNew(m) : '', m ? formatPct(m.change) : '', m ? formatSpread(m.noise) : '', fixedRateVerdict(report, row)]);
    }
    pushAligned(lines, rates);
  }
  if (report.instructionRows.length) {
    lines.push('', 'Instructions per request (valgrind, user space), old → new');
    const counts = [['case', 'server', 'old (spread)', 'new (spread)', 'change', 'verdict']];
    for (const row of report.instructionRows) {
      if (row.status !== 'compared') { counts.push([row.case, row.server, '', '', '', COUNT_STATUS_TEXT[row.status]]); continue; }
      counts.push([row.case, row.server, `${formatNumber(row.old.median)} (${formatSpread(row.old.spread)})`,
        `${formatNumber(row.new.median)} (${formatSpread(row.new.spread)})`, formatPct(row.change), VERDICT_TEXT[row.verdict]]);
    }
    pushAligned(lines, counts);
  }
  if (report.syscallRows.length) {
    lines.push('', 'System calls per request (strace), old → new');
    const counts = [['case', 'server', 'old (spread)', 'new (spread)', 'change', 'categories that moved', 'verdict']];
    for (const row of report.syscallRows) {
      if (row.status !== 'compared') { counts.push([row.case, row.server, '', '', '', '', COUNT_STATUS_TEXT[row.status]]); continue; }
      counts.push([row.case, row.server, `${calls(row.old.median)} (${formatSpread(row.old.spread)})`, `${calls(row.new.median)} (${formatSpread(row.new.spread)})`,
        formatPct(row.change), movedCategories(row) || '-', VERDICT_TEXT[row.verdict]]);
    }
    pushAligned(lines, counts);
  }
  if (report.serverExits.length) {
    lines.push('', 'Server exits in the new run');
    for (const x of report.serverExits) lines.push(`  ${x.new ? 'NEW ' : ''}${exitText(x)}`);
  }
  lines.push('', ruleText(report));
  if (report.ratioRows.length || report.instructionRows.length || report.syscallRows.length) lines.push(ratioRuleText(report));
  return lines.join('\n') + '\n';
}

function pooledTextTable(report, lines) {
  lines.push('', 'Against the earlier comparable runs (pooled)');
  if (!report.pooledRows.length) {
    lines.push(`  not judged: ${report.pooledNote}`);
    return;
  }
  const table = [['scenario', 'ratio', 'metric', 'new run', 'earlier runs: 95 % prediction interval', 'pooled with this run', 'where the new run fell']];
  for (const r of report.pooledRows) {
    table.push([r.scenario, `${r.reference}/${r.other}`, SHORT_LABEL[r.metric], r.newRatio.toFixed(3), `${formatRange(r.earlierLow, r.earlierHigh)} (${r.earlierRuns} runs)`,
      `${r.pooledRatio.toFixed(3)} [${formatRange(r.low, r.high)}]`, PLACE_TEXT[r.place]]);
  }
  pushAligned(lines, table);
}

function pushAligned(lines, table) {
  const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
  for (const r of table) lines.push(r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd());
}

module.exports = { toMarkdown, toText, escapeMarkdown };
