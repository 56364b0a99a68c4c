#!/usr/bin/env node
'use strict';
// npm run bench:calibration [-- --history-dir DIR] [--results FILE]
// How well the intervals predict the next run, over the committed history and the results file (its
// own history copy counted once): per comparison and in total, how often one run's own interval held
// the next comparable run's figure, how often the interval pooled from the other runs of the class held
// a left-out run's figure, and how often an interval made without any run of one machine held that
// machine's runs (leave one machine out; bench/src/pool/calibration.js). Methodology shows the same totals.
const { parseArgs } = require('node:util');
const { readHistoryEntries, sameRun } = require('./pool/history-entries');
const { calibrate } = require('./pool/calibration');
const { loadResultsFile } = require('../../shared/src/results-file');
const { DEFAULT_HISTORY_DIR } = require('../../shared/src/results-history');
const { displayPath, inRepo, RESULTS_FILE } = require('../../shared/src/project-paths');

const pct = ({ contained, total }) => (total ? `${contained} of ${total} (${((100 * contained) / total).toFixed(1)} %)` : '0 of 0');

function main(argv) {
  const { values } = parseArgs({ args: argv, options: { 'history-dir': { type: 'string' }, results: { type: 'string' } } });
  const resultsFile = values.results || inRepo(RESULTS_FILE);
  const history = readHistoryEntries(values['history-dir'] || DEFAULT_HISTORY_DIR);
  const latest = loadResultsFile(resultsFile);
  for (const r of history.refused) console.log(`left out: ${r.file}: ${r.reason}`);
  const runs = [
    ...history.entries.filter((e) => !sameRun(e.results, latest)).map((e) => ({ label: e.file, results: e.results })),
    { label: displayPath(resultsFile), results: latest },
  ].sort((a, b) => Date.parse(a.results.startedAt) - Date.parse(b.results.startedAt));
  const confidence = latest.method.bootstrap?.confidence ?? 0.95;
  const c = calibrate(runs, { confidence });
  for (const u of c.unclassified) console.log(`left out: ${u.label}: hardware class cannot be determined: ${u.reason}`);
  console.log(`calibration over ${runs.length} runs (${history.entries.length} history files and ${displayPath(resultsFile)}), by hardware class and measured quantity:`);
  for (const row of c.comparisons.filter((r) => r.own.total || r.pooled.total || r.oneOtherMachine.total)) {
    console.log(`  ${row.key} [${row.hardwareClass}, ${row.runs} runs, ${row.machines} machines]: own ${pct(row.own)}; pooled ${pct(row.pooled)}; leave one machine out ${pct(row.leaveOneMachineOut)}; from one other machine ${pct(row.oneOtherMachine)}`);
    for (const m of row.misses) console.log(`    pooled miss: ${m.run}: ${m.ratio.toFixed(3)} outside ${m.low.toFixed(3)}-${m.high.toFixed(3)}`);
  }
  console.log(`one run's own ${Math.round(confidence * 100)} % interval held the next comparable run's figure: ${pct(c.ownInterval)}`);
  console.log(`the interval pooled from the other runs of the class held a left-out run's figure: ${pct(c.pooledInterval)}`);
  console.log(`leave one machine out: the interval made from at least 2 other machines held the left-out machine's runs: ${pct(c.leaveOneMachineOut)}`);
  console.log(`  one other machine: the interval pooled from one machine's runs alone held another machine's runs: ${pct(c.oneOtherMachine)}`);
  return 0;
}

if (require.main === module) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (err) {
    console.error(`error: [bench:calibration] ${err.message}`);
    process.exitCode = 1;
  }
}

module.exports = { main };
