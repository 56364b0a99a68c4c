'use strict';
// The order of a run's timed blocks: block-major. Block 1 of every scenario (hello-world, then JSON),
// then block 2 of every scenario, and so on, with the untimed parts (instruction and system-call
// counts) between the blocks, so the blocks of each scenario are spread over the whole run and a
// drift of the machine during the run shows up between blocks, where the hierarchical bootstrap sees
// it, instead of between scenarios.
//   runners: [{ blocks, runBlock(b) }] (rounds/scenario-rounds.js scenarioRunner); between: async functions,
//   one run after each block but the last, in order; those left over run after the last block.
// Returns the functions of `between` that did not run (the caller runs them at the end).
async function runBlockMajor({ runners, between = [] }) {
  const pending = [...between];
  const blockCount = runners.reduce((max, r) => Math.max(max, r.blocks), 0);
  for (let block = 1; block <= blockCount; block++) {
    for (const runner of runners) {
      if (block <= runner.blocks) await runner.runBlock(block);
    }
    if (block < blockCount && pending.length) await pending.shift()();
  }
  return pending;
}

module.exports = { runBlockMajor };
