// Step 7 (tests): the page's command runs the step's drogon_test program, which starts the
// application on a database of its own; every test case passes, as the page shows.
'use strict';
const test = require('node:test');
const { readerFolder, checkStepRegion } = require('../test-support/tutorial-tests');

const STEP = '07-tests';
// drogon_test colours its summary for a terminal.
const COLOURS = [/\x1b\[[0-9;]*m/g, ''];

test('step 7: the drogon_test program passes', { timeout: 30 * 60 * 1000 }, async (t) => {
  const dir = await readerFolder(t, STEP);
  await checkStepRegion(STEP, 'test', { cwd: dir, masks: [COLOURS] });
});
