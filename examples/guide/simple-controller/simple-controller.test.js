// The HttpSimpleController page: drogon_ctl creates the skeleton it shows; the example's controllers
// answer the page's curl commands as the page says (expected/*.txt); the rest of what the page states
// (methods, case, registration by name) is checked with direct requests.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { guideState, guideBinary, pickPort, startProgram, runChecked, request, exampleRegion, checkCommand } = require('../test-support/guide-tests');

test('drogon_ctl create controller writes the skeleton the page describes', { timeout: 60000 }, async (t) => {
  const { state } = guideState();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-ctl-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const command = exampleRegion('simple-controller/commands.sh', 'create');
  const env = { ...process.env, PATH: `${path.dirname(state.drogonCtl)}:${process.env.PATH}` };
  await runChecked(['bash', '-euo', 'pipefail', '-c', command], { cwd: dir, env, label: 'drogon_ctl create controller' });
  assert.deepEqual(fs.readdirSync(dir).sort(), ['HelloCtrl.cc', 'HelloCtrl.h']);
  const header = fs.readFileSync(path.join(dir, 'HelloCtrl.h'), 'utf8');
  assert.match(header, /class HelloCtrl : public drogon::HttpSimpleController<HelloCtrl>/);
  assert.match(header, /void asyncHandleHttpRequest\(const HttpRequestPtr& req, std::function<void \(const HttpResponsePtr &\)> &&callback\) override;/);
  assert.match(header, /PATH_LIST_BEGIN[\s\S]*PATH_LIST_END/);
});

test('the simple controllers answer as the page says', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('simple_controller');
  const port = await pickPort();
  const server = await startProgram([binary, String(port)], { port, label: 'simple_controller' });
  t.after(() => server.stop());

  for (const region of ['try-hello', 'try-wrong-method', 'try-echo', 'try-method']) {
    await checkCommand('simple-controller', region, { port });
  }
  // /hi accepts GET too; /hello only GET (and HEAD, answered by the GET handler).
  assert.equal((await request(`${server.url}/hi`)).body, 'Hello from HelloCtrl, path /hi\n');
  assert.equal((await request(`${server.url}/hello`, { method: 'HEAD' })).status, 200);
  assert.equal((await request(`${server.url}/hello`, { method: 'DELETE' })).status, 405);
  // Paths ignore case; req->path() is the path as the client sent it.
  assert.equal((await request(`${server.url}/HeLLo`)).body, 'Hello from HelloCtrl, path /HeLLo\n');
  // A simple controller matches its path exactly: no prefix, no trailing slash.
  assert.equal((await request(`${server.url}/hello/world`)).status, 404);
  assert.equal((await request(`${server.url}/hello/`)).status, 404);
  // GET /echo: the path exists, the method does not.
  assert.equal((await request(`${server.url}/echo`)).status, 405);
  // Registered without a method constraint: every method reaches MethodCtrl.
  for (const method of ['GET', 'POST', 'PATCH']) {
    assert.equal((await request(`${server.url}/method`, { method })).body, `You sent a ${method} request\n`);
  }
});
