// The HTTPS page: the page's openssl commands make a CA and a server certificate in a scratch
// folder; the page's config.json (ports replaced) starts an HTTP and a TLS listener. Node's TLS
// client and curl VERIFY the server against that CA (and fail without it, or for another name);
// plain HTTP is redirected by SecureSSLRedirector except for ACME challenges; HSTS is on HTTPS
// answers only. Then the certificate is renewed over the same files and SIGHUP makes the running
// server (same process) serve it to new connections, while an open connection keeps the old one.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const https = require('node:https');
const os = require('node:os');
const path = require('node:path');
const { guideBinary, pickPort, startProgram, runChecked, request, exampleRegion, checkCommand, examplesDir, sleep } = require('../test-support/guide-tests');


// A region of commands.sh with the page's ports (8080, 8443) replaced by the test's.
function region(name, ports) {
  return exampleRegion('https/commands.sh', name).replaceAll('8080', String(ports.http)).replaceAll('8443', String(ports.https));
}
async function run(name, ports, cwd, replace = (s) => s) {
  return (await runChecked(['bash', '-euo', 'pipefail', '-c', replace(region(name, ports))], { cwd, label: `https/commands.sh#${name}` })).stdout;
}
const checkRegion = (name, ports, cwd) => checkCommand('https', name, { port: ports.http, replace: { 8443: ports.https }, replaceInExpected: { 8443: ports.https }, cwd });

// GET over TLS with Node's client, verifying against `ca` for `servername`. Resolves to
// { status, headers, body, fingerprint } of the certificate the server sent.
function tlsGet(port, { ca, servername = 'localhost', agent = false }) {
  return new Promise((resolve, reject) => {
    const req = https.get({ host: '127.0.0.1', port, path: '/', ca, servername, agent }, (res) => {
      const fingerprint = res.socket.getPeerCertificate().fingerprint256;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body, fingerprint }));
    });
    req.setTimeout(10000, () => req.destroy(new Error('TLS GET: no answer within 10 s')));
    req.on('error', reject);
  });
}
const fingerprintOf = (file) => new crypto.X509Certificate(fs.readFileSync(file)).fingerprint256;

test('a TLS listener verified against the test CA, redirection, and a certificate reloaded without restart', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('https_example');
  const ports = { http: await pickPort(), https: await pickPort() };
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-https-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));

  await run('make-certs', ports, scratch);
  const keyMode = (name) => fs.statSync(path.join(scratch, 'certs', name)).mode & 0o777;
  assert.equal(keyMode('server.key'), 0o600);
  assert.equal(keyMode('ca.key'), 0o600);
  const config = fs.readFileSync(path.join(examplesDir, 'https', 'config.json'), 'utf8');
  assert.equal(config.split('8080').length, 2, 'config.json should name port 8080 once');
  fs.writeFileSync(path.join(scratch, 'config.json'), config.replaceAll('8080', String(ports.http)).replaceAll('8443', String(ports.https)));
  const [program, ...args] = exampleRegion('https/commands.sh', 'run').trim().split(/\s+/);
  assert.deepEqual([program, args], ['./build/https_example', ['config.json']]);
  const server = await startProgram([binary, ...args], { port: ports.http, cwd: scratch, label: 'https_example' });
  t.after(() => server.stop());
  const ca = fs.readFileSync(path.join(scratch, 'certs', 'ca.crt'));
  const first = fingerprintOf(path.join(scratch, 'certs', 'server.crt'));

  // Verified against the CA, for both names in the certificate; the server sends the file's certificate.
  for (const servername of ['localhost', '127.0.0.1']) {
    const res = await tlsGet(ports.https, { ca, servername: servername === '127.0.0.1' ? undefined : servername });
    assert.equal(res.status, 200);
    assert.equal(res.body, 'Hello over HTTPS\n');
    assert.equal(res.headers['strict-transport-security'], 'max-age=31536000');
    assert.equal(res.fingerprint, first);
  }
  // Verification is real: without the CA, or for a name the certificate does not have, it fails.
  await assert.rejects(tlsGet(ports.https, {}), (err) => err.code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE');
  await assert.rejects(tlsGet(ports.https, { ca, servername: 'example.com' }), (err) => err.code === 'ERR_TLS_CERT_ALTNAME_INVALID');

  await checkRegion('try-https', ports, scratch);
  await checkRegion('try-redirect', ports, scratch);
  await checkRegion('try-acme', ports, scratch);
  // Plain HTTP answers carry no HSTS; the redirection keeps path and query; challenges stay on HTTP
  // but only for token names (no dots, no slashes), and a missing token is a 404.
  const plain = `http://127.0.0.1:${ports.http}`;
  const redirected = await request(`${plain}/a/b?c=d&e=f`, { headers: { host: 'localhost' } });
  assert.equal(redirected.status, 302);
  assert.equal(redirected.headers.location, `https://localhost:${ports.https}/a/b?c=d&e=f`);
  assert.equal(redirected.headers['strict-transport-security'], undefined);
  assert.equal((await request(`${plain}/.well-known/acme-challenge/missing`)).status, 404);
  assert.equal((await request(`${plain}/.well-known/acme-challenge/Xy-z_09.txt`)).status, 404);
  assert.equal((await request(`${plain}/.well-known/acme-challenge/..%2F..%2Fcerts%2Fserver.key`)).status, 404);
  assert.equal((await request(`${plain}/.well-known/other`)).status, 302); // only the challenges are exempt

  // A keep-alive connection opened before the renewal.
  const agent = new https.Agent({ keepAlive: true, maxSockets: 1 });
  t.after(() => agent.destroy());
  assert.equal((await tlsGet(ports.https, { ca, agent })).fingerprint, first);

  // Renew: new key and certificate over the same files, then SIGHUP to the same process.
  await run('renew', ports, scratch, (s) => s.replace('$(pidof https_example)', String(server.pgid)));
  const renewed = fingerprintOf(path.join(scratch, 'certs', 'server.crt'));
  assert.equal(keyMode('server.key'), 0o600);
  assert.notEqual(renewed, first);
  let seen = first;
  for (let i = 0; seen !== renewed; i++) {
    assert.ok(i < 50, 'the new certificate was not served within 5 s of SIGHUP');
    await sleep(100);
    seen = (await tlsGet(ports.https, { ca })).fingerprint;
  }
  await checkRegion('check-cert', ports, scratch);
  // The open connection still works, with the certificate it started with.
  const old = await tlsGet(ports.https, { ca, agent });
  assert.equal(old.status, 200);
  assert.equal(old.fingerprint, first);
  // No restart: the same process still runs.
  assert.equal(await server.waitForExit(0), null);

  await server.stop();
  assert.match(server.output(), /INFO\s+certificate files reloaded/);
});
