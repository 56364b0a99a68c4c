'use strict';
// How long a plan takes, printed at start and used to weigh the progress lines' "time left": each part
// of the plan estimates its own seconds and progress steps (parts/part.js: plan.estimate, from the
// per-step costs of rounds/step-costs.js and its own); the plan's estimate adds them up.
const { partsIn } = require('../parts/part-list');

// { total, [key]: seconds under each key a part's estimate names (its own name; the JSON rounds also
// `conformance`), steps }.
function estimatePlan(plan) {
  const seconds = {};
  let steps = 0;
  for (const part of partsIn(plan)) {
    const estimated = part.plan.estimate(plan[part.name], plan);
    Object.assign(seconds, estimated.seconds);
    steps += estimated.steps;
  }
  const total = Object.values(seconds).reduce((a, b) => a + b, 0);
  return { total, ...seconds, steps };
}

module.exports = { estimatePlan };
