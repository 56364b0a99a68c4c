'use strict';
// The results validator the site ships for a reader's own file (ajv standalone code generated at
// build time, bundled with its runtime modules): it accepts and refuses exactly what the bench's
// validator does, with the same errors, and runs without node (only `window`).
// Covers: docs/src/benchmarks/validate.js, shared/src/figures/results-validation.js,
//   shared/src/json-schema.js
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { resultsValidatorScript } = require('../../src/benchmarks/validator-bundle');
const { compileSchemaFile } = require('../../../shared/src/json-schema');
const { schemaPath } = require('../../src/benchmarks/validate');
const { describeValidationErrors } = require('../../../shared/src/figures/results-validation');
const { hostileResults } = require('../fixtures/hostile-results');

const fixtures = path.join(__dirname, '..', 'fixtures');
const load = (name) => JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8'));

function browserValidator() {
  const window = {};
  // No require, module or process: the script must stand alone, as in the page.
  vm.runInNewContext(resultsValidatorScript(), { window });
  assert.equal(typeof window.DrogonResultsValidator, 'function');
  return window.DrogonResultsValidator;
}

test('the shipped validator agrees with the bench on real results, hostile ones and broken ones', () => {
  const shipped = browserValidator();
  const bench = compileSchemaFile(schemaPath);
  const cases = [];
  for (const name of fs.readdirSync(fixtures).filter((n) => /^results-.*\.json$/.test(n))) {
    const results = load(name);
    cases.push([name, results], [`${name} hostile`, hostileResults(results)]);
    const missing = load(name);
    delete missing.environment.cpuModel;
    const wrongType = load(name);
    wrongType.scenarios[0].results[0].runs[0].latencyUs.p99 = 'fast';
    const extra = load(name);
    extra.environment.gpu = 'none';
    const badDate = load(name);
    badDate.startedAt = 'yesterday';
    // Issue 29: a reference to a server the file does not list (the schema's referenceTo keyword).
    const unknownServer = load(name);
    unknownServer.scenarios[0].results[0].server = 'drogon-typo';
    cases.push([`${name} missing`, missing], [`${name} wrong type`, wrongType], [`${name} extra`, extra], [`${name} bad date`, badDate],
      [`${name} unknown server`, unknownServer]);
  }
  const latest = () => JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'bench', 'results', 'latest.json'), 'utf8'));
  const typo = latest();
  typo.instructions.cases[0].comparisons[0].other = 'drogon-typo';
  cases.push(['latest.json', latest()], ['latest.json with an unknown comparison other', typo]);
  let refused = 0;
  for (const [what, results] of cases) {
    const expected = bench(results);
    assert.equal(shipped(results), expected, what);
    if (!expected) {
      refused += 1;
      assert.deepEqual(describeValidationErrors(shipped.errors, 'f'), describeValidationErrors(bench.errors, 'f'), what);
    }
  }
  assert.ok(refused >= 8 && refused < cases.length, `${refused} of ${cases.length} refused`);
});

test('the message names the field', () => {
  const shipped = browserValidator();
  const missing = load('results-quick-b.json');
  delete missing.environment.cpuModel;
  assert.equal(shipped(missing), false);
  const described = describeValidationErrors(shipped.errors, 'your-file');
  assert.equal(described.field, 'your-file/environment/cpuModel');
  assert.match(described.lines[0], /^your-file\/environment\/cpuModel: must have required property 'cpuModel'$/);
  const typo = load('results-quick-v3-b.json');
  typo.instructions.cases[0].comparisons[0].other = 'drogon-typo';
  assert.equal(shipped(typo), false);
  assert.deepEqual(describeValidationErrors(shipped.errors, 'your-file').lines,
    ['your-file/instructions/cases/0/comparisons/0/other: unknown server id "drogon-typo" (not in /servers/*/id)']);
});
