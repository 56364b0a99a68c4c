'use strict';
// The plan as the runner prints it before anything starts: the profile and its parts, each part's own
// lines (parts/part.js: plan.lines) with its time estimate, the block schedule, the estimated time, the
// CPUs, and where the raw output and the results go.
const { relative } = require('node:path');
const { estimatePlan } = require('./estimate');
const { partsIn, COUNTS_TEXT } = require('../parts/part-list');
const { formatDuration } = require('../rounds/progress');
const { repoRoot } = require('../../../shared/src/project-paths');

// The block schedule (rounds/block-schedule.js), told after the first part run in blocks.
function scheduleLine(plan, parts) {
  const between = parts.some((part) => part.run.slot === 'between-blocks') ? `, with the ${COUNTS_TEXT} between blocks` : '';
  return `blocks: each timed scenario's rounds in up to ${plan.blocks} blocks, its servers started afresh for each; block 1 of every scenario, then block 2, ...${between}`;
}

// -> { lines, estimate }: the printed lines, and the estimate the progress lines weigh their steps with.
function describePlan(plan, cpu, environment, logDir, output) {
  const estimate = estimatePlan(plan);
  const parts = partsIn(plan);
  const lines = [`bench: profile ${plan.profile}${plan.complete ? '' : ' (a selection)'}: parts ${plan.parts.join(', ')}; seed ${plan.seed}`];
  let scheduled = false;
  for (const part of parts) {
    lines.push(...part.plan.lines(plan[part.name], plan, estimate).map((line) => `bench:   ${line}`));
    if (!scheduled && part.run.slot === 'blocks') {
      scheduled = true;
      if (plan.blocks > 1) lines.push(`bench:   ${scheduleLine(plan, parts)}`);
    }
  }
  lines.push(`bench: estimated time: about ${formatDuration(estimate.total)} (${estimate.steps} steps)`);
  lines.push(`bench: ${environment.cpuModel}, ${environment.cpuCores} CPUs; `
    + (cpu.pinned ? `servers on CPU ${cpu.serverCpus} (${cpu.serverThreads} thread(s)), load generator on CPU ${cpu.clientCpus} (${cpu.clientThreads} thread(s))`
      : 'one CPU: servers and load generator are not pinned apart'));
  lines.push(`bench: raw output in ${relative(repoRoot, logDir) || logDir}; results to ${relative(repoRoot, output) || output}`);
  return { lines, estimate };
}

module.exports = { describePlan };
