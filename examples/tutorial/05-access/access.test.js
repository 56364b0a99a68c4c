// Step 5 (access): the page's two users, each seeing their own books; 401 without a session, 403
// for someone else's book; the migration and drogon_ctl's models as the page makes them.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const guide = require('../../guide/test-support/guide-tests');
const { readerFolder, startStep, migrate, checkModels, checkStepRegion } = require('../test-support/tutorial-tests');

const STEP = '05-access';

test('step 5: each user\'s own books, 401 and 403', { timeout: 30 * 60 * 1000 }, async (t) => {
  const dir = await readerFolder(t, STEP, { port: 0 });
  await migrate(STEP, dir);
  assert.deepEqual(await checkModels(STEP, dir), ['Books.cc', 'Books.h', 'Users.cc', 'Users.h', 'model.json']);
  const { port } = await startStep(t, STEP, { dir });
  await checkStepRegion(STEP, 'try-two-users', { port, cwd: dir });
  await checkStepRegion(STEP, 'try-refusals', { port, cwd: dir });
});

test('step 5: drogon_ctl create filter writes the class the step\'s filter starts from', async (t) => {
  const { state } = guide.guideState();
  const scratch = guide.scratchDir(t, 'tutorial-filter-');
  await guide.runChecked([state.drogonCtl, 'create', 'filter', 'SignedIn'], { cwd: scratch });
  const fs = require('node:fs');
  const made = fs.readFileSync(path.join(scratch, 'SignedIn.h'), 'utf8');
  const step = fs.readFileSync(path.join(__dirname, 'filters', 'SignedIn.h'), 'utf8');
  for (const line of ['class SignedIn : public HttpFilter<SignedIn>', '    void doFilter(const HttpRequestPtr &req,']) {
    assert.ok(made.includes(line) && step.includes(line), line);
  }
});
