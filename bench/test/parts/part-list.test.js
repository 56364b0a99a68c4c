'use strict';
// The parts of the bench: one module each, registered by name in parts/part-list.js, each declaring in
// one place its plan, its slot of the block schedule, its fields of the results with their fragment of
// bench/results.schema.json, and how compare judges it (parts/part.js). What the list promises is
// checked here against the schema and the scenario file; that every part names a page subject is
// checked on the docs side (docs/test/benchmarks/subject-list.test.js).
// Covers: bench/src/parts/part.js, bench/src/parts/hello-world-rounds/hello-world-rounds.js,
//   bench/src/parts/json-rounds/json-rounds.js, bench/src/parts/fixed-rate/fixed-rate.js
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync } = require('node:fs');
const { definePart, SLOTS } = require('../../src/parts/part');
const list = require('../../src/parts/part-list');
const { USAGE } = require('../../src/plan/cli');
const { loadScenarios } = require('../../src/plan/load-scenarios');
const { buildPlan } = require('../../src/plan/build-plan');
const { inRepo, RESULTS_SCHEMA } = require('../../../shared/src/project-paths');

const { PARTS, PART_NAMES } = list;
const schema = JSON.parse(readFileSync(inRepo(RESULTS_SCHEMA), 'utf8'));
// The results' fields no part owns: the run itself, its servers and scenarios (every part that runs
// scenarios puts its groups there), who exited, and the pooling of the comparisons.
const COMMON_FIELDS = ['schemaVersion', 'profile', 'startedAt', 'finishedAt', 'environment', 'method', 'servers', 'scenarios', 'serverExits', 'pooled'];

test('the parts, by name, in the order they are planned and run', () => {
  assert.deepEqual(PART_NAMES, ['scenarios', 'json', 'fixedRate', 'sweep', 'instructions', 'syscalls']);
  for (const part of PARTS) assert.ok(SLOTS.includes(part.run.slot), `${part.name}: slot ${part.run.slot}`);
  // The fixed-rate levels take their 100 % from the closed-loop scenarios, which run in blocks before them.
  assert.ok(PART_NAMES.indexOf('fixedRate') > PART_NAMES.indexOf('json'));
  assert.equal(list.COUNTS_TEXT, 'instruction and system-call counts');
  assert.equal(list.BLOCK_ORDER, 'block-major: block 1 of every scenario, then block 2, ...; instruction and system-call counts between blocks');
});

test('every part\'s fields of the results are the schema\'s, and every field of the schema is a part\'s or the run\'s own', () => {
  const owners = new Map();
  for (const part of PARTS) {
    for (const field of part.results.fields) {
      assert.ok(schema.properties[field], `${part.name}: results.${field} is not in the schema`);
      assert.ok(!owners.has(field), `results.${field} is claimed by ${owners.get(field)} and ${part.name}`);
      owners.set(field, part.name);
    }
    for (const def of part.results.schema) assert.ok(schema.$defs[def], `${part.name}: $defs/${def} is not in the schema`);
  }
  const unowned = Object.keys(schema.properties).filter((field) => !owners.has(field) && !COMMON_FIELDS.includes(field));
  assert.deepEqual(unowned, [], 'a field of the results that no part declares');
});

test('compare: a part is judged with the scenarios, on its own, or (the sweep) not at all; each judgement has its own rows', () => {
  const judged = PARTS.filter((part) => part.compare && typeof part.compare === 'object');
  assert.deepEqual(judged.map((part) => part.name), ['fixedRate', 'instructions', 'syscalls']);
  assert.deepEqual(PARTS.filter((part) => part.compare === 'scenarios').map((part) => part.name), ['scenarios', 'json']);
  assert.deepEqual(PARTS.filter((part) => part.compare === null).map((part) => part.name), ['sweep']);
  assert.equal(new Set(list.judgements().map((j) => j.rows)).size, list.judgements().length);
});

test('the usage text names every part, as --parts takes them', () => {
  assert.ok(USAGE.includes(`--parts <list>         ${PART_NAMES.join(', ')} (default:`));
});

test('the plan holds a block per part of the profile; each part estimates its time and prints its lines', () => {
  const plan = buildPlan(loadScenarios(), { profile: 'default', seed: 42 }, { serverThreads: 1 });
  assert.deepEqual(list.partsIn(plan).map((part) => part.name), PART_NAMES);
  assert.deepEqual(plan.parts, PART_NAMES);
  for (const part of PARTS) {
    const estimated = part.plan.estimate(plan[part.name], plan);
    assert.ok(estimated.steps > 0 && Object.values(estimated.seconds).every((s) => s > 0), `${part.name}: its estimate`);
    assert.ok(part.plan.lines(plan[part.name], plan, estimated.seconds).length > 0, `${part.name}: its plan lines`);
  }
  const selection = buildPlan(loadScenarios(), { profile: 'default', parts: 'sweep', seed: 42 }, { serverThreads: 1 });
  assert.deepEqual(list.partsIn(selection).map((part) => part.name), ['scenarios', 'sweep'], 'the hello-world rounds\' block is an empty list');
  assert.deepEqual(selection.scenarios, []);
});

test('definePart: every key known, a slot, a way to run in it, and a say on compare', () => {
  const base = {
    name: 'example', subject: 'example',
    plan: { build: () => null, estimate: () => ({ seconds: {}, steps: 0 }) },
    run: { slot: 'after-blocks', measure: async () => null },
    results: { fields: [], schema: [], of: () => ({}) },
    compare: null,
  };
  const part = definePart(base);
  assert.equal(part.plan.inProfile({ example: {} }), true);
  assert.equal(part.plan.inProfile({}), false);
  assert.deepEqual(part.results.runs({}), []);
  assert.throws(() => definePart({ ...base, colour: 'red' }), /unknown part key\(s\) colour/);
  assert.throws(() => definePart({ ...base, plan: { ...base.plan, guess: 1 } }), /unknown plan key\(s\) guess/);
  assert.throws(() => definePart({ ...base, run: { slot: 'whenever', measure: base.run.measure } }), /run.slot must be one of/);
  assert.throws(() => definePart({ ...base, run: { slot: 'blocks' } }), /slot blocks needs run.runners/);
  assert.throws(() => definePart({ ...base, compare: undefined }), /say how compare judges it/);
  assert.throws(() => definePart({ ...base, compare: { rows: 'exampleRows' } }), /compare needs rows and judge/);
  assert.throws(() => definePart({ ...base, name: 'two words' }), /bad name/);
});
