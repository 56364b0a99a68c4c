// Step 3 (the database): the migration script and drogon_ctl as the page runs them (the models they
// make are the committed ones), then the page's requests, a restart that keeps the books, and text
// that would break a query built by pasting strings, stored as text.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const guide = require('../../guide/test-support/guide-tests');
const { readerFolder, startStep, migrate, checkModels, checkStepRegion } = require('../test-support/tutorial-tests');

const STEP = '03-database';

test('step 3: migrations, models, and books that outlive the program', { timeout: 30 * 60 * 1000 }, async (t) => {
  const dir = await readerFolder(t, STEP, { port: 0 });
  await checkStepRegion(STEP, 'migrate', { cwd: dir });
  // A second run applies nothing: the database knows its version.
  assert.equal((await migrate(STEP, dir)).stdout, '');
  assert.deepEqual(await checkModels(STEP, dir), ['Books.cc', 'Books.h', 'model.json']);
  let { port, program } = await startStep(t, STEP, { dir });
  await checkStepRegion(STEP, 'try-create', { port, cwd: dir });
  await program.stop();
  ({ port, program } = await startStep(t, STEP, { dir }));
  await checkStepRegion(STEP, 'try-after-restart', { port, cwd: dir });
  await checkStepRegion(STEP, 'try-injection', { port, cwd: dir });
  const { stdout } = await guide.runChecked(['sqlite3', 'readinglist.db', 'SELECT count(*) FROM books'], { cwd: dir });
  assert.equal(stdout.trim(), '3');
});
