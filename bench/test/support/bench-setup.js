'use strict';
// For tests that need the real servers: the state written by `npm run bench:setup`, or a failure
// that names that command (these tests never skip).
const { loadBenchState, checkTools } = require('../../src/plan/setup-check');
const { loadScenarios } = require('../../src/plan/load-scenarios');
const { buildPlan } = require('../../src/plan/build-plan');

function requireBenchSetup() {
  try {
    const { state, path } = loadBenchState();
    const plan = buildPlan(loadScenarios(), { profile: 'default' });
    checkTools(plan, path, state);
    return { state, statePath: path };
  } catch (err) {
    throw new Error(`the real servers are needed for this test: ${err.message} (npm run bench:setup)`);
  }
}

module.exports = { requireBenchSetup };
