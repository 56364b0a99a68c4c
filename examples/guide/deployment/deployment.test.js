// The deployment page, followed word for word as a reader would on Debian 12, as root: the page's
// build command in a copy of the example's folder, then its install commands and its curl commands in
// a private mount, PID and network namespace that looks like this Debian machine with nginx installed
// and running with its default site (test-support/debian-namespace.js; systemctl there is a stand-in
// that does what systemd does with the units). Nothing is set up that the page does not say. Checked:
// the page's answers (expected/*.txt), no error in the application's log or output, and that the
// service user owns only what the unit gives it; then RealIpResolver against forged headers, nginx's
// ETag, a graceful stop with twenty requests in flight, and that without the GracefulShutdown plugin
// Drogon cuts requests off. A last test checks the unit's settings against config.json.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const {
  guideState, guideBinary, runChecked, runCommand, exampleRegion, normalizeOutput, logMessages, examplesDir, scratchDir,
  assertRegionOutput,
} = require('../test-support/guide-tests');
const { startDebianNamespace } = require('../test-support/debian-namespace');

const chapterDir = path.join(examplesDir, 'deployment');

// The example's folder as a reader has it, built with the page's command. The folder keeps its build
// between runs (a path under $BENCH_HOME/build per source folder and Drogon, files copied with their
// times), so a later run only finds nothing to rebuild. CMAKE_PREFIX_PATH points CMake at the setup's
// Drogon, as /usr/local is searched on a reader's machine.
async function builtReaderFolder() {
  const { state, statePath } = guideState();
  const key = crypto.createHash('sha256').update(`${chapterDir}\n${state.drogonPrefix}`).digest('hex').slice(0, 12);
  const dir = path.join(path.dirname(statePath), 'build', `guide-deployment-reader-${key}`);
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of fs.readdirSync(chapterDir)) {
    if (entry.endsWith('.test.js') || entry === 'expected') continue;
    fs.cpSync(path.join(chapterDir, entry), path.join(dir, entry), { recursive: true, preserveTimestamps: true });
  }
  const build = exampleRegion('deployment/commands.sh', 'build');
  await runChecked(['bash', '-euo', 'pipefail', '-c', build], {
    cwd: dir, env: { ...process.env, CMAKE_PREFIX_PATH: state.drogonPrefix }, timeoutMs: 20 * 60 * 1000, label: 'deployment/commands.sh#build',
  });
  // What the page says of a release build: -O3 -DNDEBUG.
  const flags = fs.readFileSync(path.join(dir, 'build', 'CMakeFiles', 'deploy_app.dir', 'flags.make'), 'utf8');
  assert.match(flags, /^CXX_FLAGS = .*-O3 -DNDEBUG/m, flags);
  return dir;
}

// Error lines of Drogon's log format, and the createPath failures Drogon logs at start.
const ERROR_LINE = /^\d{8} [\d:.]+ UTC \d+ (ERROR|FATAL) |Permission denied/m;

test('Deployment, word for word on Debian: the page\'s answers, no error, nothing more owned', { timeout: 25 * 60 * 1000 }, async (t) => {
  if (process.getuid() !== 0) {
    t.skip('the page\'s commands run as root, and the namespace needs root');
    return;
  }
  const reader = await builtReaderFolder();
  const ns = await startDebianNamespace(scratchDir(t, 'guide-deployment-ns-'));
  t.after(() => ns.stop());
  const inReader = (script) => `cd '${reader}'\n${script}`;
  const region = async (name) => {
    const r = await ns.run(inReader(exampleRegion('deployment/commands.sh', name)), { label: `deployment/commands.sh#${name}` });
    assert.equal(r.code, 0, `deployment/commands.sh#${name} failed (exit ${r.code}):\n${r.stdout}${r.stderr}`);
    return r.stdout;
  };
  const sh = async (script, label) => {
    const r = await ns.run(script, { label });
    assert.equal(r.code, 0, `${label} failed (exit ${r.code}):\n${r.stdout}${r.stderr}`);
    return r.stdout;
  };

  // The machine as the reader has it: Debian's nginx package, installed, is running (its unit,
  // started as systemd starts it after the installation), with its default site enabled.
  assert.ok(fs.existsSync(ns.file('/etc/nginx/sites-enabled/default')), 'this machine has no default nginx site to start from');
  await region('nginx'); // apt-get install -y nginx (installed: nothing to do) and systemctl start nginx

  await region('install');
  // (the region ends by waiting until the service answers: systemctl start returns before it listens)
  const notes = ns.file('/run/systemctl-standin/notes');
  if (fs.existsSync(notes)) t.diagnostic(`systemctl stand-in: ${fs.readFileSync(notes, 'utf8').trim()}`);
  for (const name of ['try-whoami', 'try-static']) {
    const out = await region(name);
    assertRegionOutput('deployment', name, out, { masks: [[/^ETag: .*$/gim, 'ETag: "<mtime-size>"']] });
  }

  // RealIpResolver: the rightmost address nginx did not vouch for; from a trusted peer only.
  const cases = [
    ['127.0.0.2', 'http://127.0.0.1/whoami', '', 'client 127.0.0.2 via 127.0.0.1'],
    ['127.0.0.2', 'http://127.0.0.1/whoami', '203.0.113.7, 198.51.100.1', 'client 127.0.0.2 via 127.0.0.1'],
    ['127.0.0.1', 'http://127.0.0.1/whoami', '', 'client 127.0.0.1 via 127.0.0.1'],
    // Straight to the application from nginx's own address the header is believed: this is why the
    // application listens on 127.0.0.1 only, where nothing but nginx reaches it.
    ['127.0.0.1', 'http://127.0.0.1:8080/whoami', '203.0.113.7', 'client 203.0.113.7 via 127.0.0.1'],
  ];
  for (const [from, url, xff, want] of cases) {
    const out = await sh(`curl -s --interface ${from} ${xff ? `-H 'X-Forwarded-For: ${xff}' ` : ''}${url}`, `whoami ${from} ${xff}`);
    assert.equal(out, `${want}\n`, JSON.stringify({ from, url, xff }));
  }
  // nginx's static file: the page's file, and 304 for its own ETag; the Host header reaches Drogon.
  const css = await sh('curl -s http://127.0.0.1/static/site.css', 'GET /static/site.css');
  assert.equal(css, fs.readFileSync(path.join(chapterDir, 'public', 'site.css'), 'utf8'));
  assert.equal(await sh(`etag=$(curl -sI http://127.0.0.1/static/site.css | sed -n 's/^ETag: //ip' | tr -d '\\r')
curl -s -o /dev/null -w '%{http_code}' -H "If-None-Match: $etag" http://127.0.0.1/static/site.css`, 'If-None-Match'), '304');
  assert.equal(await sh("curl -s -o /dev/null -w '%{http_code}' -H 'Host: example.com' http://127.0.0.1/no-such-page", 'Host example.com'), '404');

  // The page's graceful stop, then its log command.
  assertRegionOutput('deployment', 'try-drain', await region('try-drain'));
  const shown = await region('show-log');
  assert.deepEqual(logMessages(shown), logMessages(exampleRegion('deployment/expected/show-log.txt')));

  // No error anywhere the application writes: its log files and its output (the journal).
  const logDir = ns.file('/var/log/drogon-app');
  const logs = fs.readdirSync(logDir);
  assert.equal(logs.length, 1, `log folder: ${logs.join(', ')}`);
  assert.match(logs[0], /^app\.\d{6}-\d{6}\.\d{6}\.log$/, 'app.log is renamed when the application stops');
  for (const file of [path.join(logDir, logs[0]), ns.file('/run/systemctl-standin/drogon-app.journal')]) {
    const text = fs.readFileSync(file, 'utf8');
    assert.doesNotMatch(text, ERROR_LINE, `${file}:\n${text.slice(0, 3000)}`);
  }
  assert.equal(fs.readFileSync(ns.file('/run/systemctl-standin/drogon-app.status'), 'utf8').trim(), '0', 'the application\'s exit status');
  // nginx's access log has the client's address.
  assert.match(fs.readFileSync(ns.file('/var/log/nginx/access.log'), 'utf8'), /^127\.0\.0\.2 - - \[[^\]]+\] "GET \/whoami HTTP\/1\.1" 200 /m);
  // The service user owns what the unit's LogsDirectory= and StateDirectory= give it, and nothing else.
  const owned = (await sh('find /etc /srv /var /run /home -xdev -user drogon-app 2>/dev/null || true', 'find -user drogon-app')).trim().split('\n').filter(Boolean);
  assert.ok(owned.includes('/var/log/drogon-app') && owned.includes('/var/lib/drogon-app'), owned.join('\n'));
  assert.deepEqual(owned.filter((p) => !/^\/var\/(log|lib)\/drogon-app(\/|$)/.test(p)), []);

  t.diagnostic('the page followed word for word: answers as shown, no error logged');

  // Twenty requests in flight: every one answered, a late one too, /healthz says 503 draining.
  const drain = await sh(`systemctl start drogon-app
until curl -s -o /dev/null http://127.0.0.1:8080/healthz; do sleep 0.05; done
mkdir -p /run/answers
for i in $(seq 20); do curl -s -o /run/answers/$i -w '%{http_code}\\n' 'http://127.0.0.1/work?ms=2000' >> /run/answers/codes & done
for i in $(seq 300); do
  [ "$(curl -s http://127.0.0.1:8080/healthz)" = 'ok, 20 other request(s) in flight' ] && break; sleep 0.05
done
start=$(date +%s%N)
systemctl stop drogon-app & stopper=$!
for i in $(seq 100); do
  code=$(curl -s -o /run/health -w '%{http_code}' http://127.0.0.1:8080/healthz)
  [ "$code" = 503 ] && break; sleep 0.05
done
echo "$code $(cat /run/health)"
curl -s 'http://127.0.0.1/work?ms=100'
wait $stopper
echo "stopped after $(( ($(date +%s%N) - start) / 1000000 )) ms, status $(cat /run/systemctl-standin/drogon-app.status)"
wait
sort /run/answers/codes | uniq -c | sed 's/^ *//'
cat /run/answers/* | grep -c '^done after 2000 ms$'
curl -s -o /dev/null -w '%{http_code}\\n' http://127.0.0.1/whoami`, 'twenty requests in flight');
  const lines = drain.trim().split('\n');
  assert.equal(lines[0], '503 draining', drain);
  assert.equal(lines[1], 'done after 100 ms', drain);
  const stopped = /^stopped after (\d+) ms, status 0$/.exec(lines[2]);
  assert.ok(stopped && Number(stopped[1]) < 10000, `the drain took as long as the slowest request, not the timeout:\n${drain}`);
  assert.deepEqual(lines.slice(3), ['20 200', '20', '502'], drain);

  // Without GracefulShutdown, Drogon's own SIGTERM handler cuts requests in flight off: nginx answers 502.
  const cut = await sh(`sed -i '/"name": "GracefulShutdown"/,/}$/d' /srv/drogon-app/config.json
node -e 'JSON.parse(require("fs").readFileSync(0, "utf8").replace(/^\\s*\\/\\/.*$/gm, "").replace(/,(\\s*[\\]}])/g, "$1"))' < /srv/drogon-app/config.json
! grep -q GracefulShutdown /srv/drogon-app/config.json
systemctl start drogon-app
until curl -s -o /dev/null http://127.0.0.1:8080/whoami; do sleep 0.05; done
for i in 1 2 3 4 5; do curl -s -o /dev/null -w '%{http_code}\\n' 'http://127.0.0.1/work?ms=3000' & done
sleep 0.5
systemctl stop drogon-app
wait`, 'without GracefulShutdown');
  assert.deepEqual(cut.trim().split('\n'), Array(5).fill('502'), 'nginx answers 502 for each request the application dropped');
});

test('the systemd unit and config.json agree', async (t) => {
  const unitText = fs.readFileSync(path.join(chapterDir, 'systemd', 'drogon-app.service'), 'utf8');
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
  assert.equal(exec[0], `${service.get('WorkingDirectory')}/deploy_app`);
  assert.equal(exec[1], `${service.get('WorkingDirectory')}/config.json`);
  assert.equal(service.get('Restart'), 'on-failure');
  assert.equal(service.get('KillSignal'), 'SIGTERM');
  assert.ok(Number(service.get('LimitNOFILE')) >= 65536);
  // The drain ends before systemd kills; the log and upload folders are the ones systemd creates for
  // the service's user (the working directory is root's).
  const config = JSON.parse(fs.readFileSync(path.join(chapterDir, 'config.json'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
  const drain = config.plugins.find((p) => p.name === 'GracefulShutdown').config.drain_timeout;
  assert.ok(drain < Number(service.get('TimeoutStopSec')), `drain_timeout ${drain} s must be under TimeoutStopSec`);
  assert.equal(config.app.log.log_path, `/var/log/${service.get('LogsDirectory')}`);
  assert.ok(config.app.upload_path.startsWith(`/var/lib/${service.get('StateDirectory')}/`), `upload_path ${config.app.upload_path}`);
  assert.equal(sections.get('Install').get('WantedBy'), 'multi-user.target');

  // systemd-analyze verify finds mistakes (the page's install runs it on the real unit): a misspelt
  // Restart= value. It checks that ExecStart's program exists: point it at a built one.
  const analyze = '/usr/bin/systemd-analyze';
  if (!fs.existsSync(analyze)) return;
  const dir = scratchDir(t, 'guide-unit-');
  const binary = await guideBinary('deploy_app');
  fs.writeFileSync(path.join(dir, 'broken.service'), unitText.replace(exec[0], binary).replace('Restart=on-failure', 'Restart=on-crash'));
  const broken = await runCommand([analyze, 'verify', path.join(dir, 'broken.service')], { label: 'systemd-analyze verify (broken)' });
  assert.match(broken.stderr, /restart specifier/i);
});
