// The drogon_ctl page: `drogon_ctl create project` is built with the pinned Drogon and run as
// generated (it listens on 5555), the page's create commands add controllers, a filter, a plugin, a
// view and a model to it and it builds again (one project build, then an incremental one); what they
// write is byte for byte the files under generated/ that the page shows. Then `drogon_ctl press`
// loads the chapter's own server (ctl_hello, whose HelloCtrl is the generated one filled in) on
// loopback, bounded by its request count and a timeout.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { guideState, guideBinary, pickPort, startProgram, runCommand, runChecked, request, exampleRegion, normalizeOutput, checkCommand, assertRegionOutput, examplesDir } = require('../test-support/guide-tests');

const chapterDir = path.join(examplesDir, 'drogon-ctl');
const generatedDir = path.join(chapterDir, 'generated');
const BUILD_TIMEOUT_MS = 15 * 60 * 1000;
// The generated project listens on 0.0.0.0:5555 as generated. Two test runs on this machine (two
// checkouts) take turns through this lock; anything else on 5555 fails the test with a clear message.
const PROJECT_PORT = 5555;
const portLock = path.join(os.tmpdir(), 'drogon-docs-guide-port-5555.lock');

// drogon_ctl and the pinned Drogon, found as a reader's shell finds them.
function readerEnv() {
  const { state } = guideState();
  return { ...process.env, PATH: `${path.dirname(state.drogonCtl)}${path.delimiter}${process.env.PATH}`, CMAKE_PREFIX_PATH: state.drogonPrefix };
}

const region = (name) => exampleRegion('drogon-ctl/commands.sh', name);
const expected = (name) => normalizeOutput(exampleRegion(`drogon-ctl/expected/${name}.txt`));
const run = (name, cwd, env, timeoutMs) => runChecked(['bash', '-euo', 'pipefail', '-c', region(name)], { cwd, env, label: `drogon-ctl/commands.sh#${name}`, timeoutMs });

function filesUnder(dir) {
  return fs.readdirSync(dir, { recursive: true }).filter((rel) => fs.statSync(path.join(dir, rel)).isFile()).sort();
}

test('drogon_ctl create project: built and run as generated, then the create commands add code that builds', { timeout: 20 * 60 * 1000 }, async (t) => {
  const env = readerEnv();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-ctl-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
  const project = path.join(scratch, 'hello');

  await checkCommand('drogon-ctl', 'create-project', { cwd: scratch, env });
  await checkCommand('drogon-ctl', 'tree', { cwd: scratch, env });

  // Built as generated: main.cc and the test program in test/.
  await run('build', project, env, BUILD_TIMEOUT_MS);
  assert.ok(fs.existsSync(path.join(project, 'build', 'hello')), 'no build/hello');
  assert.ok(fs.existsSync(path.join(project, 'build', 'test', 'hello_test')), 'no build/test/hello_test');

  // Run as generated: it listens on 5555, every address, and answers 404 (no handler yet).
  const script = [
    `exec 9>${JSON.stringify(portLock)}`,
    'flock -w 300 9 || { echo "the lock of port 5555 was not free within 300 s" >&2; exit 3; }',
    `if (exec 3<>/dev/tcp/127.0.0.1/${PROJECT_PORT}) 2>/dev/null; then echo "something else listens on 127.0.0.1:${PROJECT_PORT}" >&2; exit 3; fi`,
    `${region('run-project')} > ../server.log 2>&1 &`,
    'server=$!',
    `for i in $(seq 300); do (exec 3<>/dev/tcp/127.0.0.1/${PROJECT_PORT}) 2>/dev/null && break; kill -0 $server || { cat ../server.log >&2; exit 4; }; sleep 0.1; done`,
    region('try-project'),
    'kill $server',
    'wait $server',
  ].join('\n');
  const served = await runChecked(['bash', '-euo', 'pipefail', '-c', script], { cwd: path.join(project, 'build'), env, label: 'run the generated project', timeoutMs: 6 * 60 * 1000 });
  assertRegionOutput('drogon-ctl', 'try-project', served.stdout);

  // The create commands, in the folders the page names; what they write is what the page shows.
  await checkCommand('drogon-ctl', 'create-controllers', { cwd: project, env });
  await checkCommand('drogon-ctl', 'create-filter', { cwd: project, env });
  await checkCommand('drogon-ctl', 'create-plugin', { cwd: project, env });
  for (const rel of filesUnder(generatedDir)) {
    const written = path.join(project, rel);
    assert.ok(fs.existsSync(written), `drogon_ctl did not write ${rel}`);
    assert.equal(fs.readFileSync(written, 'utf8'), fs.readFileSync(path.join(generatedDir, rel), 'utf8'), `${rel} differs from generated/${rel}: run the page's create commands again and commit their output`);
  }
  assert.deepEqual(filesUnder(path.join(project, 'controllers')), filesUnder(path.join(generatedDir, 'controllers')));

  // A view and a model, as the page makes them: from the chapter's views/ and models/, next to the project.
  for (const rel of ['views/Hello.csp', 'models/model.json']) {
    fs.mkdirSync(path.join(scratch, path.dirname(rel)), { recursive: true });
    fs.copyFileSync(path.join(chapterDir, rel), path.join(scratch, rel));
  }
  await run('view-into-project', path.join(scratch, 'views'), env);
  assert.ok(fs.existsSync(path.join(project, 'views', 'Hello.csp')), 'view-into-project put no Hello.csp into the project\'s views/');
  await checkCommand('drogon-ctl', 'create-model', { cwd: path.join(scratch, 'views'), env });
  assert.match(fs.readFileSync(path.join(project, 'models', 'Users.h'), 'utf8'), /class Users\n\{/);

  // New files need CMake again: the lists of sources are made when it configures.
  const makeOnly = await runChecked(['make'], { cwd: path.join(project, 'build'), env, label: 'make without cmake', timeoutMs: BUILD_TIMEOUT_MS });
  assert.doesNotMatch(makeOnly.stdout, /HelloCtrl/, 'make alone compiled the new controller');
  await run('rebuild', project, env, BUILD_TIMEOUT_MS);
  const objects = path.join(project, 'build', 'CMakeFiles', 'hello.dir');
  for (const source of ['controllers/HelloCtrl.cc', 'controllers/demo_v1_User.cc', 'controllers/ChatWs.cc', 'filters/LoginFilter.cc', 'plugins/Counter.cc', 'models/Users.cc', 'Hello.cc']) {
    assert.ok(fs.existsSync(path.join(objects, `${source}.o`)), `the rebuild did not compile ${source}`);
  }
  // The view: drogon_create_views made a class of views/Hello.csp in the build folder.
  assert.match(fs.readFileSync(path.join(project, 'build', 'Hello.h'), 'utf8'), /class Hello:public drogon::DrTemplate<Hello>/);
});

test('drogon_ctl create view outside a project writes the class next to the .csp file', { timeout: 60000 }, async (t) => {
  const env = readerEnv();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-ctl-view-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  // As in the reader's copy of the chapter: views/Hello.csp next to the project's folder, the reader in it.
  fs.mkdirSync(path.join(dir, 'views'));
  fs.mkdirSync(path.join(dir, 'hello'));
  fs.copyFileSync(path.join(chapterDir, 'views', 'Hello.csp'), path.join(dir, 'views', 'Hello.csp'));
  await checkCommand('drogon-ctl', 'create-view', { cwd: path.join(dir, 'hello'), env });
});

test('drogon_ctl details the page states: dg_ctl, create controller -r, create model without -f', { timeout: 60000 }, async (t) => {
  const { state } = guideState();
  const env = readerEnv();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-ctl-more-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  // dg_ctl is the same program under a short name.
  assert.equal(fs.realpathSync(path.join(path.dirname(state.drogonCtl), 'dg_ctl')), fs.realpathSync(state.drogonCtl));
  // -r: an HttpController with the five handlers the page names.
  await runChecked(['drogon_ctl', 'create', 'controller', '-r', 'api::Book'], { cwd: dir, env, label: 'drogon_ctl create controller -r' });
  const restful = fs.readFileSync(path.join(dir, 'api_Book.h'), 'utf8');
  assert.match(restful, /class Book: public drogon::HttpController<Book>/);
  for (const handler of ['get', 'getOne', 'create', 'updateOne', 'deleteOne']) assert.match(restful, new RegExp(`\\bvoid ${handler}\\(`), handler);
  // create model without -f asks first; with no answer it writes nothing.
  fs.mkdirSync(path.join(dir, 'models'));
  fs.copyFileSync(path.join(chapterDir, 'models', 'model.json'), path.join(dir, 'models', 'model.json'));
  await runChecked(['sqlite3', 'hello.db', 'CREATE TABLE users (id INTEGER PRIMARY KEY)'], { cwd: dir, label: 'sqlite3' });
  const asked = await runCommand(['drogon_ctl', 'create', 'model', 'models'], { cwd: dir, env, input: 'n\n', label: 'drogon_ctl create model (answer n)' });
  assert.match(asked.stdout, /Source files in the models folder will be overwritten, continue\(y\/n\)\?/);
  assert.match(asked.stdout, /Abort!/);
  assert.deepEqual(fs.readdirSync(path.join(dir, 'models')), ['model.json']);
});

// Every line drogon_ctl generated is still there, in order, in the filled-in file.
function assertKeepsGeneratedLines(filledRel, generatedRel) {
  const filled = fs.readFileSync(path.join(chapterDir, filledRel), 'utf8').split('\n');
  const generated = fs.readFileSync(path.join(generatedDir, generatedRel), 'utf8').split('\n');
  let at = 0;
  for (const line of generated) {
    const found = filled.indexOf(line, at);
    assert.ok(found >= 0, `${filledRel} lost the generated line ${JSON.stringify(line)} (generated/${generatedRel})`);
    at = found + 1;
  }
  assert.ok(filled.length > generated.length, `${filledRel} adds nothing to generated/${generatedRel}`);
}

// press prints its figures of the run; the counts are exact, the times are the machine's.
function maskPress(text) {
  return normalizeOutput(text).replace(/^(TIMING|SPEED):.*$/gm, (line) => line.replace(/\d+(?:\.\d+)?/g, 'N'));
}

test('drogon_ctl press loads the chapter\'s server, whose controller is the generated one filled in', { timeout: 10 * 60 * 1000 }, async (t) => {
  assertKeepsGeneratedLines('controllers/HelloCtrl.h', 'controllers/HelloCtrl.h');
  assertKeepsGeneratedLines('controllers/HelloCtrl.cc', 'controllers/HelloCtrl.cc');

  const binary = await guideBinary('ctl_hello');
  const port = await pickPort();
  assert.equal(region('run-hello'), './build/ctl_hello 8080');
  const server = await startProgram([binary, String(port)], { port, label: 'ctl_hello' });
  t.after(() => server.stop());
  const env = readerEnv();
  await checkCommand('drogon-ctl', 'try-hello', { port, env });

  const press = async (name) => {
    const command = region(name).replaceAll('8080', String(port));
    // Bounded twice: by the request count, and by the timeout (its process group is killed).
    const result = await runCommand(['bash', '-euo', 'pipefail', '-c', command], { env, label: `drogon-ctl/commands.sh#${name}`, timeoutMs: 120000 });
    assert.equal(result.code, 0, `${name}: ${result.stdout}${result.stderr}`);
    assert.equal(maskPress(result.stdout), maskPress(expected(name)), `${name}: the output differs from expected/${name}.txt (times masked)`);
    return result.stdout;
  };
  const loaded = await press('press');
  assert.match(loaded, /^TOTALS: {3}10 connect, 10000 requests, 10000 success, 0 fail$/m);
  const rps = Number(/^TIMING:.* (\d+) rps,/m.exec(loaded)[1]);
  assert.ok(rps > 0, 'press measured no rate');
  t.diagnostic(`drogon_ctl press on this machine: ${rps} requests/s (10 connections, 10000 requests)`);
  // press counts any answer as a success, 404 included.
  const missing = await press('press-missing');
  assert.match(missing, /^TOTALS: {3}10 connect, 1000 requests, 1000 success, 0 fail$/m);
  const notFound = await request(`${server.url}/missing`);
  assert.equal(notFound.status, 404);
  assert.equal(notFound.bytes.length, 572);
  // No server: more than a tenth of the requests fail, and press stops.
  const closedPort = await pickPort();
  const refused = await runCommand(['drogon_ctl', 'press', '-n', '20', '-c', '10', '-q', `http://127.0.0.1:${closedPort}/`], { env, label: 'drogon_ctl press (nothing listens)', timeoutMs: 60000 });
  assert.equal(refused.code, 1);
  assert.match(refused.stdout, /^Too many errors$/m);
});
