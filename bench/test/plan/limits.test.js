'use strict';
// The parts of a plan against the open-files limit: a scenario marked whenOpenFilesAllow is skipped with
// the reason, anything else that needs more stops the run.
const test = require('node:test');
const assert = require('node:assert/strict');
const { loadScenarios } = require('../../src/plan/load-scenarios');
const { buildPlan } = require('../../src/plan/build-plan');
const { fitOpenFiles } = require('../../src/plan/limits');

test('scenarios whose connections exceed the open-files limit: skipped with the reason when marked, else the run stops', () => {
  const plan = buildPlan(loadScenarios(), { profile: 'many-connections' });
  const all = plan.scenarios.length;
  const { scenarios: skipped } = fitOpenFiles(plan, 16000);
  assert.ok(!plan.scenarios.some((s) => s.id === 'pipelined-c16384'));
  assert.equal(plan.scenarios.length, all - 1);
  assert.deepEqual(skipped.map((s) => [s.id, s.connections]), [['pipelined-c16384', 16384]]);
  assert.match(skipped[0].reason, /16384 connections need an open-files limit of at least 16448, but the hard limit here is 16000 \(ulimit -Hn\)/);
  assert.deepEqual(fitOpenFiles(buildPlan(loadScenarios(), { profile: 'many-connections' }), 20000), {});
  const defaultPlan = buildPlan(loadScenarios(), { parts: 'scenarios' });
  assert.throws(() => fitOpenFiles(defaultPlan, 5000), /scenario c10000-keepalive with 10000 connections needs an open-files limit of at least 10064/);
  const withSweep = buildPlan(loadScenarios(), { parts: 'sweep' });
  assert.throws(() => fitOpenFiles(withSweep, 5000), /sweep level of 10000 connections needs an open-files limit of at least 10064/);
});
