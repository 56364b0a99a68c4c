'use strict';
// How a count of two runs is judged, old -> new (the counted parts: instruction and system-call counts per
// request): deterministic where time is not, so a change is a finding when both runs have at least
// MIN_REPEATS repeats and the count moved beyond its minimum, beyond the larger repeat spread, with the
// repeat ranges apart. Each counted part judges its own field with these and writes its own table.

const MIN_REPEATS = 2;

// Settings of a counted case that must match for its counts to compare: N, the batch, the client and
// its pace.
const COUNTED_CASE_FIELDS = Object.freeze(['requests', 'connections', 'pipelineDepth', 'loadTool', 'loadCommand']);

// One counted server's repeats of `field` (perRequest, total): its median, spread and range.
function countFigures(r, field) {
  const values = r.repeats.map((x) => x[field]);
  return { median: r[field], spread: r.spread, repeats: values.length, min: Math.min(...values), max: Math.max(...values) };
}

// A count old -> new: its change, the noise (the larger spread), and whether it moved: by minChange
// or more, beyond the noise, and with the repeats' ranges apart.
function countChange(oldF, newF, minChange) {
  const change = (newF.median - oldF.median) / oldF.median;
  const noise = Math.max(oldF.spread, newF.spread);
  const overlap = newF.min <= oldF.max && oldF.min <= newF.max;
  return { change, noise, moved: Math.abs(change) >= minChange && Math.abs(change) > noise && !overlap };
}

// The counts of one counted block of the results (block: its field) case by case and server by
// server, old -> new: compared with judge(oldR, newR) where both were counted with the same case
// settings (blockChanges: settings of the whole block that differ, which change every case).
function compareCounts(block, field, oldResults, newResults, judge, blockChanges = []) {
  const casesOf = (results) => (results[block] ? results[block].cases : []);
  const rows = [];
  const oldCases = new Map(casesOf(oldResults).map((c) => [c.id, c]));
  for (const newCase of casesOf(newResults)) {
    const oldCase = oldCases.get(newCase.id);
    for (const newR of newCase.results) {
      const row = { case: newCase.id, server: newR.server };
      const oldR = oldCase && oldCase.results.find((r) => r.server === newR.server);
      const changed = oldCase ? [...blockChanges, ...COUNTED_CASE_FIELDS.filter((f) => oldCase[f] !== newCase[f])] : [];
      if (!oldR) rows.push({ ...row, status: 'new' });
      else if (changed.length) rows.push({ ...row, status: 'case-changed', changedFields: changed });
      else if (newR[field] === null) rows.push({ ...row, status: oldR[field] === null ? 'no-count' : 'count-failed' });
      else if (oldR[field] === null) rows.push({ ...row, status: 'no-count-before' });
      else rows.push({ ...row, status: 'compared', ...judge(oldR, newR) });
    }
  }
  return rows;
}

// What a counted part flags: a count that moved (regression: up), and a count that failed where the
// old run had one. kind, metric: how the items name the part and its figure.
function countFindings(rows, kind, metric) {
  return rows.flatMap((row) => {
    const item = { kind, case: row.case, server: row.server, metric, change: row.change ?? null };
    const out = [];
    if (row.verdict === 'regression' || row.status === 'count-failed') out.push({ verdict: 'regression', item });
    if (row.verdict === 'improvement') out.push({ verdict: 'improvement', item });
    return out;
  });
}

const COUNT_STATUS_TEXT = {
  'new': 'new in this run, nothing to compare with',
  'case-changed': 'case definition changed, not compared',
  'no-count': 'no count in either results',
  'count-failed': 'REGRESSION: counted before, no count now',
  'no-count-before': 'no count in the old results',
};

module.exports = { MIN_REPEATS, COUNTED_CASE_FIELDS, countFigures, countChange, compareCounts, countFindings, COUNT_STATUS_TEXT };
