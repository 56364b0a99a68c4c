// The routing page: one server with every route of the page answers the page's curl commands as
// expected/*.txt shows (each precedence claim is one of them, run against the real server), plus the
// behaviour the page states in prose: HEAD has no body, the whole path must match a regular
// expression, std::stoi reads leading digits, and a failed conversion is logged.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { guideBinary, pickPort, startProgram, request, checkCommand, logMessages } = require('../test-support/guide-tests');

const regions = ['try-patterns', 'try-types', 'try-regex', 'try-regex-outside', 'try-methods', 'try-head', 'try-options',
  'try-static', 'try-order', 'try-skip', 'try-controller', 'try-exact'];

test('the routes answer as the page says, and the route the page names wins', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('routing');
  const port = await pickPort();
  const server = await startProgram([binary, String(port)], { port, label: 'routing' });
  t.after(() => server.stop());

  for (const region of regions) await checkCommand('routing', region, { port });

  // HEAD is answered by the GET handler, without a body.
  const head = await request(`${server.url}/notes`, { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
  assert.equal(head.headers['content-length'], String('all notes\n'.length));
  // A regular expression must match the whole path.
  for (const path of ['/files/readme.txt.bak', '/x/files/readme.txt']) assert.equal((await request(`${server.url}${path}`)).status, 404, path);
  // std::stoi reads the leading digits and ignores the rest.
  assert.equal((await request(`${server.url}/users/12abc`)).body, 'user 12\n');
  // The query string takes no part in matching a path.
  assert.equal((await request(`${server.url}/users/me?id=5`)).body, 'the current user\n');
  // The controller's pattern takes numbers too: it is tried before main()'s regular expression.
  assert.equal((await request(`${server.url}/catalog/42`)).body, 'catalog item 42\n');

  // The failed conversion of /users/abc was logged by the default exception handler.
  await server.stop();
  assert.ok(logMessages(server.output()).includes('ERROR Unhandled exception in /users/abc, what(): stoi'), server.output());
});
