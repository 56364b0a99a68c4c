'use strict';
// Variants of the committed bench/scenarios.json, one change each, written to a scratch folder that is
// removed after the test file: for the tests of loading and validating a scenario file.
const test = require('node:test');
const { mkdtempSync, writeFileSync, readFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');
const { loadScenarios, defaultScenariosPath } = require('../../src/plan/load-scenarios');

function scenarioVariants() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-scenarios-test-'));
  test.after(() => rmSync(dir, { recursive: true, force: true }));
  const real = () => JSON.parse(readFileSync(defaultScenariosPath, 'utf8'));
  // A function that loads the committed file changed by mutate (for assert.throws).
  const loadVariant = (name, mutate) => {
    const data = real();
    mutate(data);
    const path = join(dir, `${name}.json`);
    writeFileSync(path, JSON.stringify(data));
    return () => loadScenarios(path);
  };
  return { dir, real, loadVariant };
}

module.exports = { scenarioVariants };
