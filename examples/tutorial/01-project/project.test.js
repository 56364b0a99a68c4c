// Step 1 (the project drogon_ctl makes): the page's drogon_ctl command, run in an empty folder, makes
// exactly the files of this step; the step, built by the one build of every step, answers 404 on the
// port the generated main.cc names (5555).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const guide = require('../../guide/test-support/guide-tests');
const { tutorialDir, filesOf, readerFolder, runStepRegion, checkStepRegion } = require('../test-support/tutorial-tests');

const STEP = '01-project';

test('step 1: drogon_ctl create project makes exactly the files of the step', async (t) => {
  const { state } = guide.guideState();
  const scratch = guide.scratchDir(t, 'tutorial-create-');
  const env = { ...process.env, PATH: `${path.dirname(state.drogonCtl)}:${process.env.PATH}` };
  // The region's first line; the second (cd) only moves the reader's shell.
  await runStepRegion(STEP, 'create', { cwd: scratch, env });
  const made = path.join(scratch, 'readinglist');
  const listed = fs.readdirSync(made, { recursive: true }).filter((f) => fs.statSync(path.join(made, f)).isFile()).sort();
  assert.deepEqual(listed, filesOf(STEP).filter((f) => f !== 'commands.sh'));
  for (const f of listed) assert.ok(fs.readFileSync(path.join(made, f)).equals(fs.readFileSync(path.join(tutorialDir, STEP, f))), `${STEP}/${f} differs from what drogon_ctl makes`);
  // The empty folders it makes, which git does not keep: the page names them.
  const folders = fs.readdirSync(made, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  assert.deepEqual(folders, ['build', 'controllers', 'filters', 'models', 'plugins', 'test', 'views']);
});

test('step 1: the generated program answers every request with 404', { timeout: 30 * 60 * 1000 }, async (t) => {
  const dir = await readerFolder(t, STEP);
  // main.cc listens on 5555, all interfaces, as drogon_ctl wrote it: a fixed port, which this test
  // of another checkout may hold for a few seconds.
  for (let i = 0; i < 600 && !(await guide.portIsFree(5555)); i++) await guide.sleep(100);
  assert.ok(await guide.portIsFree(5555), 'port 5555 stayed taken for a minute: step 1\'s program listens there');
  const program = guide.startBackground([path.join(dir, 'build', 'readinglist')], { cwd: dir, label: 'step 1 readinglist' });
  t.after(() => program.stop());
  for (let i = 0; i < 200 && await guide.portIsFree(5555); i++) await guide.sleep(50);
  await checkStepRegion(STEP, 'try', { cwd: dir });
});
