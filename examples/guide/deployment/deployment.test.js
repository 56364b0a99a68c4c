// The deployment page, with the page's own files run from a scratch folder: the application with
// config.json (its port and log folder replaced), the real Debian nginx with the page's site file
// inside a generated nginx.conf (ports and paths replaced, pid, logs and temp files in the scratch
// folder, never the system service), and the systemd unit checked with systemd-analyze verify (when
// the machine has it) and by its structure. Checked: proxy_pass and X-Forwarded-For with
// RealIpResolver (the client's address, forged headers ignored), nginx's ETag for its static files,
// where the logs go, and a graceful stop on SIGTERM with requests in flight: every one is answered;
// without the GracefulShutdown plugin, Drogon cuts them off.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const {
  guideBinary, pickPort, startProgram, runChecked, runCommand, exampleRegion, normalizeOutput, logMessages, examplesDir, sleep,
} = require('../test-support/guide-tests');

const chapterDir = path.join(examplesDir, 'deployment');
const NGINX = '/usr/sbin/nginx';

// A GET from a chosen loopback address (127.0.0.2 is a client other than nginx's own 127.0.0.1).
function get(port, rawPath, { headers = {}, from = '127.0.0.1' } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: rawPath, headers, localAddress: from, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.setTimeout(30000, () => req.destroy(new Error(`GET ${rawPath}: no answer within 30 s`)));
    req.on('error', reject);
  });
}

/**
 * The application and nginx in front of it, from the page's files. editConfig changes the text of
 * config.json (a test variant). Returns { app, nginx, appPort, nginxPort, scratch, logDir }.
 */
async function startStack(t, { editConfig = (text) => text } = {}) {
  const binary = await guideBinary('deploy_app');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-deployment-'));
  t.after(() => fs.rmSync(scratch, { recursive: true, force: true }));
  fs.chmodSync(scratch, 0o755); // nginx's workers (nobody, when the test runs as root) read public/
  const logDir = path.join(scratch, 'logs');
  fs.mkdirSync(logDir);
  fs.cpSync(path.join(chapterDir, 'public'), path.join(scratch, 'public'), { recursive: true });

  const appPort = await pickPort();
  const config = fs.readFileSync(path.join(chapterDir, 'config.json'), 'utf8');
  for (const s of ['8080', '/var/log/drogon-app']) assert.equal(config.split(s).length, 2, `config.json should name ${s} once`);
  fs.writeFileSync(path.join(scratch, 'config.json'), editConfig(config.replace('8080', String(appPort)).replace('/var/log/drogon-app', logDir)));
  const app = await startProgram([binary, 'config.json'], { port: appPort, cwd: scratch, label: 'deploy_app' });
  t.after(() => app.stop());

  // The site file as the page installs it, with this test's ports and folder.
  const nginxPort = await pickPort();
  const site = fs.readFileSync(path.join(chapterDir, 'nginx', 'drogon-app.conf'), 'utf8');
  for (const s of ['listen 80;', '127.0.0.1:8080', '/srv/drogon-app/public/']) assert.equal(site.split(s).length, 2, `drogon-app.conf should name ${s} once`);
  fs.writeFileSync(path.join(scratch, 'drogon-app.conf'), site
    .replace('listen 80;', `listen 127.0.0.1:${nginxPort};`)
    .replace('127.0.0.1:8080', `127.0.0.1:${appPort}`)
    .replace('/srv/drogon-app/public/', `${scratch}/public/`));
  // What Debian's /etc/nginx/nginx.conf does around sites-enabled/, with everything in the scratch folder.
  fs.writeFileSync(path.join(scratch, 'nginx.conf'), [
    'daemon off;',
    'worker_processes 1;',
    `pid ${scratch}/nginx.pid;`,
    `error_log ${scratch}/nginx-error.log warn;`,
    'events { worker_connections 256; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    `    access_log ${scratch}/nginx-access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `    ${k}_temp_path ${scratch}/${k}_temp;`),
    `    include ${scratch}/drogon-app.conf;`,
    '}',
  ].join('\n') + '\n');
  const nginxArgv = [NGINX, '-p', scratch, '-c', path.join(scratch, 'nginx.conf')];
  await runChecked([...nginxArgv, '-t'], { label: 'nginx -t' }); // as the page runs it before reloading
  const nginx = await startProgram(nginxArgv, { port: nginxPort, cwd: scratch, label: 'nginx' });
  t.after(() => nginx.stop());
  return { app, nginx, appPort, nginxPort, scratch, logDir };
}

// A region of commands.sh as the test can run it here: nginx's port for port 80, the application's
// port for 8080, the scratch log folder for /var/log/drogon-app.
async function runRegion(region, { nginxPort, appPort, logDir }) {
  const command = exampleRegion('deployment/commands.sh', region)
    .replaceAll('http://127.0.0.1/', `http://127.0.0.1:${nginxPort}/`)
    .replaceAll('127.0.0.1:8080', `127.0.0.1:${appPort}`)
    .replaceAll('/var/log/drogon-app', logDir);
  return (await runChecked(['bash', '-euo', 'pipefail', '-c', command], { label: `deployment/commands.sh#${region}` })).stdout;
}

test('behind nginx: proxy_pass, the client\'s real address, nginx\'s static files, the logs', { timeout: 10 * 60 * 1000 }, async (t) => {
  const stack = await startStack(t);
  const { appPort, nginxPort, scratch } = stack;

  const whoami = await runRegion('try-whoami', stack);
  assert.equal(normalizeOutput(whoami), normalizeOutput(exampleRegion('deployment/expected/try-whoami.txt')));

  // RealIpResolver takes the rightmost address nginx did not vouch for; from a trusted peer only.
  const cases = [
    { port: nginxPort, from: '127.0.0.2', xff: undefined, want: 'client 127.0.0.2 via 127.0.0.1' },
    { port: nginxPort, from: '127.0.0.2', xff: '203.0.113.7, 198.51.100.1', want: 'client 127.0.0.2 via 127.0.0.1' },
    { port: nginxPort, from: '127.0.0.1', xff: undefined, want: 'client 127.0.0.1 via 127.0.0.1' },
    { port: appPort, from: '127.0.0.2', xff: '203.0.113.7', want: 'client 127.0.0.2 via 127.0.0.2' },
    // Straight to the application from nginx's own address the header is believed: this is why the
    // application listens on 127.0.0.1 only, where nothing but nginx reaches it.
    { port: appPort, from: '127.0.0.1', xff: '203.0.113.7', want: 'client 203.0.113.7 via 127.0.0.1' },
  ];
  for (const c of cases) {
    const res = await get(c.port, '/whoami', { from: c.from, headers: c.xff ? { 'x-forwarded-for': c.xff } : {} });
    assert.equal(res.status, 200);
    assert.equal(res.body, `${c.want}\n`, JSON.stringify(c));
  }
  // The Host header reaches the application as the client sent it (proxy_set_header Host $host).
  assert.equal((await get(nginxPort, '/no-such-page', { headers: { host: 'example.com' } })).status, 404);

  // nginx serves /static/ itself, with an ETag, and answers If-None-Match with 304.
  const staticOut = await runRegion('try-static', stack);
  const maskEtag = (s) => s.replace(/^etag: .*$/gim, 'etag: "<mtime-size>"');
  assert.equal(maskEtag(normalizeOutput(staticOut)), maskEtag(normalizeOutput(exampleRegion('deployment/expected/try-static.txt'))));
  const css = await get(nginxPort, '/static/site.css');
  assert.equal(css.status, 200);
  assert.equal(css.body, fs.readFileSync(path.join(chapterDir, 'public', 'site.css'), 'utf8'));
  assert.match(css.headers.etag, /^"[0-9a-f]+-[0-9a-f]+"$/);
  assert.equal((await get(nginxPort, '/static/site.css', { headers: { 'if-none-match': css.headers.etag } })).status, 304);

  // Where the logs go: nginx's access log has the client's address (the application writes no line
  // per request: AccessLogger is not loaded).
  await sleep(200);
  assert.match(fs.readFileSync(path.join(scratch, 'nginx-access.log'), 'utf8'), /^127\.0\.0\.2 - - \[[^\]]+\] "GET \/whoami HTTP\/1\.1" 200 /m);
});

test('SIGTERM with requests in flight: every request is answered, then the application stops', { timeout: 10 * 60 * 1000 }, async (t) => {
  const stack = await startStack(t);
  const { app, appPort, nginxPort, logDir } = stack;
  const count = 20;
  const inFlight = Array.from({ length: count }, () => get(nginxPort, '/work?ms=2000'));
  // Until the application has all of them (it says so on /healthz), then SIGTERM, as systemctl stop.
  const deadline = Date.now() + 15000;
  for (;;) {
    const health = await get(appPort, '/healthz');
    if (health.body === `ok, ${count} other request(s) in flight\n`) break;
    assert.ok(Date.now() < deadline, `the application never had ${count} requests in flight: ${health.body}`);
    await sleep(50);
  }
  const signalled = Date.now();
  app.signal('SIGTERM');
  await sleep(200);
  // Draining: the health check says so, and a request arriving now is still answered.
  const health = await get(appPort, '/healthz');
  assert.equal(health.status, 503);
  assert.equal(health.body, 'draining\n');
  const late = await get(nginxPort, '/work?ms=100');
  assert.equal(late.status, 200);
  const answers = await Promise.all(inFlight);
  assert.deepEqual(answers.map((a) => `${a.status} ${a.body}`), Array(count).fill('200 done after 2000 ms\n'));
  const exit = await app.waitForExit(15000);
  assert.ok(exit, 'still running 15 s after SIGTERM');
  assert.equal(exit.code, 0);
  assert.ok(Date.now() - signalled < 10000, 'the drain took as long as the slowest request, not the timeout');
  // With the application gone, nginx answers 502.
  assert.equal((await get(nginxPort, '/whoami')).status, 502);

  // The log: the page's command shows the end of the (renamed) file.
  const logs = fs.readdirSync(logDir);
  assert.equal(logs.length, 1, `log folder: ${logs.join(', ')}`);
  assert.match(logs[0], /^app\.\d{6}-\d{6}\.\d{6}\.log$/, 'app.log is renamed when the application stops');
  const shown = await runRegion('show-log', stack);
  const expected = logMessages(exampleRegion('deployment/expected/show-log.txt'));
  assert.deepEqual(logMessages(shown).map((m) => m.replace(`draining: ${count} `, 'draining: 3 ')), expected);
});

test('without GracefulShutdown, Drogon\'s own SIGTERM handler cuts requests in flight off', { timeout: 10 * 60 * 1000 }, async (t) => {
  const withoutPlugin = (text) => {
    const edited = text.replace(/,\s*\{\s*"name": "GracefulShutdown"[\s\S]*?\}\s*\}/, '');
    assert.doesNotMatch(edited, /GracefulShutdown/);
    return edited;
  };
  const { app, nginxPort } = await startStack(t, { editConfig: withoutPlugin });
  const inFlight = Array.from({ length: 5 }, () => get(nginxPort, '/work?ms=3000'));
  await sleep(500);
  app.signal('SIGTERM');
  const answers = await Promise.all(inFlight);
  assert.deepEqual(answers.map((a) => a.status), Array(5).fill(502), 'nginx answers 502 for each request the application dropped');
  assert.ok(await app.waitForExit(15000));
});

test('the systemd unit: systemd-analyze verify, and what the page says of it', async (t) => {
  const unitText = fs.readFileSync(path.join(chapterDir, 'systemd', 'drogon-app.service'), 'utf8');
  // Structure: sections and keys (systemd's own syntax: [Section], Key=Value, # comments).
  const sections = new Map();
  let current = null;
  for (const line of unitText.split('\n')) {
    if (/^\s*(#|$)/.test(line)) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) { current = header[1]; sections.set(current, new Map()); continue; }
    const kv = /^([A-Za-z]+)=(.*)$/.exec(line);
    assert.ok(kv && current, `drogon-app.service: not a key=value line in a section: ${line}`);
    sections.get(current).set(kv[1], kv[2]);
  }
  assert.deepEqual([...sections.keys()], ['Unit', 'Service', 'Install']);
  const service = sections.get('Service');
  const exec = service.get('ExecStart').split(' ');
  assert.ok(path.isAbsolute(exec[0]) && exec[0].endsWith('/deploy_app'), 'ExecStart runs the program by its absolute path');
  assert.equal(exec[1], `${service.get('WorkingDirectory')}/config.json`);
  assert.equal(service.get('Restart'), 'on-failure');
  assert.equal(service.get('User'), 'drogon-app');
  assert.equal(service.get('KillSignal'), 'SIGTERM');
  assert.ok(Number(service.get('LimitNOFILE')) >= 65536);
  // The drain must end before systemd kills, and the log folder is the one systemd creates.
  const config = JSON.parse(fs.readFileSync(path.join(chapterDir, 'config.json'), 'utf8').split('\n').filter((l) => !/^\s*\/\//.test(l)).join('\n'));
  const drain = config.plugins.find((p) => p.name === 'GracefulShutdown').config.drain_timeout;
  assert.ok(drain < Number(service.get('TimeoutStopSec')), `drain_timeout ${drain} s must be under TimeoutStopSec`);
  assert.equal(config.app.log.log_path, `/var/log/${service.get('LogsDirectory')}`);
  assert.equal(sections.get('Install').get('WantedBy'), 'multi-user.target');

  const analyze = '/usr/bin/systemd-analyze';
  if (!fs.existsSync(analyze)) {
    t.diagnostic('systemd-analyze is not installed here: the unit was checked by its structure only');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-unit-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  // verify checks that ExecStart's program exists: point it at the built one.
  const binary = await guideBinary('deploy_app');
  fs.writeFileSync(path.join(dir, 'drogon-app.service'), unitText.replace(exec[0], binary));
  const ok = await runCommand([analyze, 'verify', path.join(dir, 'drogon-app.service')], { label: 'systemd-analyze verify' });
  assert.equal(ok.code, 0, `systemd-analyze verify:\n${ok.stdout}${ok.stderr}`);
  assert.equal(ok.stderr.trim(), '', `systemd-analyze verify warned:\n${ok.stderr}`);
  // And it does find mistakes: a misspelt Restart= value.
  fs.writeFileSync(path.join(dir, 'broken.service'), unitText.replace(exec[0], binary).replace('Restart=on-failure', 'Restart=on-crash'));
  const broken = await runCommand([analyze, 'verify', path.join(dir, 'broken.service')], { label: 'systemd-analyze verify (broken)' });
  assert.match(broken.stderr, /restart specifier/i);
});
