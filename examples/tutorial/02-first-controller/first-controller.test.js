// Step 2 (the first controller): the page's curl commands against the step's program, built by the
// one build of every step, answers as expected/*.txt shows.
// Covers: examples/tutorial/test-support/tutorial-tests.js
'use strict';
const test = require('node:test');
const { startStep, checkStepRegion } = require('../test-support/tutorial-tests');

const STEP = '02-first-controller';

test('step 2: the JSON API answers the page\'s requests as the page shows', { timeout: 30 * 60 * 1000 }, async (t) => {
  const { port, dir } = await startStep(t, STEP);
  for (const region of ['try-create', 'try-read', 'try-change', 'try-errors']) {
    await checkStepRegion(STEP, region, { port, cwd: dir });
  }
});
