// HttpClient's options, from the HttpClient page: client_options (a command-line program) against
// the real client_backend and client_tls_backend, with certificates made by the page's openssl
// commands: the user agent, cookies, a multipart upload (and what a missing file gives), and the
// checks of the server's certificate, with a client certificate the server asks for. Also the
// gateway's client made before app().run() without a loop, used from a handler. (The gateway's
// connection counting is http-client.test.js's.)
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { guideBuild, pickPort, startProgram, runCommand, runRegion, assertRegionOutput, exampleRegion, scratchDir } = require('../test-support/guide-tests');

const LOG_PREFIX = [/^\d{8} \d\d:\d\d:\d\d\.\d{6} UTC \d+ /gm, '<time> <thread> '];
const FINGERPRINT = [/(?:[0-9A-F]{2}:){31}[0-9A-F]{2}/g, '<fingerprint>'];

test('client_options: user agent, cookies, upload and certificates against real servers', { timeout: 10 * 60 * 1000 }, async (t) => {
  const { binDir } = await guideBuild(['client_backend', 'client_tls_backend', 'client_options', 'client_gateway']);
  const bin = (name) => path.join(binDir, name);
  const work = scratchDir(t, 'guide-client-options-');
  await runRegion('http-client', 'make-certs', { cwd: work });

  const ports = { backend: await pickPort(), tls: await pickPort(), gateway: await pickPort() };
  const backend = await startProgram([bin('client_backend'), String(ports.backend)], { port: ports.backend, label: 'client_backend' });
  t.after(() => backend.stop());
  const tls = await startProgram([bin('client_tls_backend'), String(ports.tls), 'certs'], { port: ports.tls, cwd: work, label: 'client_tls_backend' });
  t.after(() => tls.stop());

  // The page's run-options region, with its ports (9090 and 9443) made the test's.
  const runOptions = exampleRegion('http-client/commands.sh', 'run-options');
  assert.match(runOptions, /^\.\/build\/client_options http:\/\/127\.0\.0\.1:9090 https:\/\/localhost:9443$/m);
  const command = runOptions.replace('./build/client_options', bin('client_options')).replaceAll(':9090', `:${ports.backend}`).replaceAll(':9443', `:${ports.tls}`);
  const run = await runCommand(['bash', '-euo', 'pipefail', '-c', command], { cwd: work, label: 'client_options', timeoutMs: 60000 });
  assert.equal(run.code, 0, `client_options failed:\n${run.stdout}${run.stderr}`);
  assertRegionOutput('http-client', 'run-options', run.stdout, { masks: [LOG_PREFIX, FINGERPRINT] });

  // The fingerprint the server saw is the one of the client's certificate, as openssl computes it.
  const fingerprint = (await runRegion('http-client', 'fingerprint', { cwd: work })).stdout;
  assertRegionOutput('http-client', 'fingerprint', fingerprint, { masks: [FINGERPRINT] });
  const expected = /Fingerprint=(\S+)/.exec(fingerprint)[1];
  assert.equal(run.stdout.match(/hello, client (\S+)/g).length, 2);
  for (const seen of run.stdout.matchAll(/hello, client (\S+)/g)) assert.equal(seen[1], expected);

  // The upload's file is read when the request is sent; a missing one is logged and sent empty.
  fs.rmSync(path.join(work, 'notes.txt'));
  const missing = await runCommand([bin('client_options'), `http://127.0.0.1:${ports.backend}`, `https://localhost:${ports.tls}`], { cwd: work, label: 'client_options without notes.txt', timeoutMs: 60000 });
  assert.equal(missing.code, 0);
  assert.match(missing.stdout, /ERROR notes\.txt not found/);
  assert.match(missing.stdout, /^file: notes\.txt, 0 bytes, text\/plain$/m);

  // The gateway's client made before app().run() without a loop: used from a handler, it answers,
  // and its callback runs on the main loop.
  const gateway = await startProgram([bin('client_gateway'), String(ports.gateway), `http://127.0.0.1:${ports.backend}`], { port: ports.gateway, label: 'client_gateway' });
  t.after(() => gateway.stop());
  const answer = await runRegion('http-client', 'try-main-loop', { replace: { 8080: ports.gateway } });
  assertRegionOutput('http-client', 'try-main-loop', answer.stdout);
});
