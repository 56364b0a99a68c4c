// The built-in plugins page. First the page's commands, in order, against a fresh server (their
// output is expected/*.txt, the access log included). Then each plugin against a second fresh server:
// AccessLogger's lines checked against the log_format of config.json, Hodor's per-address limit
// (a second loopback address still gets through), SlashRemover's and Redirector's redirects (which
// neither the access log nor the metrics see), GlobalFilters before routing, and PromExporter's
// /metrics parsed as Prometheus text format by the official Python client's parser (Debian's
// python3-prometheus-client, through parse_metrics.py), its histograms checked for cumulative buckets,
// and every counter equal to the answers the test received.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { guideBinary, pickPort, startProgram, checkCommand, exampleRegion, examplesDir, runCommand, sleep } = require('../test-support/guide-tests');

const chapterDir = path.join(examplesDir, 'builtin-plugins');

// config.json parsed as Drogon reads it (it allows // comments on their own lines).
function readConfig() {
  const text = fs.readFileSync(path.join(chapterDir, 'config.json'), 'utf8');
  return JSON.parse(text.split('\n').filter((l) => !/^\s*\/\//.test(l)).join('\n'));
}

// edit: a change to the text of config.json (a test variant), after the port is replaced.
async function startServer(t, edit = (text) => text) {
  const binary = await guideBinary('builtin_plugins');
  const port = await pickPort();
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-builtin-plugins-'));
  t.after(() => fs.rmSync(cwd, { recursive: true, force: true }));
  const config = fs.readFileSync(path.join(chapterDir, 'config.json'), 'utf8');
  assert.equal(config.split('8080').length, 2, 'config.json should name port 8080 once');
  fs.writeFileSync(path.join(cwd, 'config.json'), edit(config.replace('8080', String(port))));
  const run = exampleRegion('builtin-plugins/commands.sh', 'run').replace('./build/builtin_plugins', binary);
  const server = await startProgram(['bash', '-c', `exec ${run}`], { port, cwd, label: 'builtin_plugins' });
  t.after(() => server.stop());
  return { server, port, cwd };
}

// A GET from a chosen loopback address, the path sent as written, no redirect followed.
function get(port, rawPath, { headers = {}, from = '127.0.0.1' } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: rawPath, headers, localAddress: from, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.setTimeout(15000, () => req.destroy(new Error(`GET ${rawPath}: no answer within 15 s`)));
    req.on('error', reject);
  });
}

// The access log is written by a background thread: wait until it has `count` lines.
async function accessLogLines(cwd, count) {
  const file = path.join(cwd, 'access.log');
  const deadline = Date.now() + 10000;
  for (;;) {
    const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
    if (lines.length >= count) return lines;
    if (Date.now() > deadline) throw new Error(`access.log has ${lines.length} line(s), expected ${count}:\n${lines.join('\n')}`);
    await sleep(100);
  }
}

// After the server stops: the access log, renamed at exit to access.<yymmdd-hhmmss>.<µs>.log.
function closedAccessLog(cwd) {
  const names = fs.readdirSync(cwd).filter((n) => /^access\.\d{6}-\d{6}\.\d{6}\.log$/.test(n));
  assert.equal(names.length, 1, `one renamed access log in ${fs.readdirSync(cwd).join(', ')}`);
  assert.ok(!fs.existsSync(path.join(cwd, 'access.log')), 'access.log is still there after the stop');
  return fs.readFileSync(path.join(cwd, names[0]), 'utf8');
}

// A regular expression for one line of AccessLogger's log_format: each placeholder the page uses
// becomes the shape of its value, everything else must appear as written.
function formatRegex(format) {
  const shapes = {
    $request_date: '(?<date>\\d{8} \\d\\d:\\d\\d:\\d\\d\\.\\d{6})',
    $remote_addr: '(?<addr>127\\.0\\.0\\.\\d+:\\d+)',
    $request: '(?<request>[A-Z]+ \\S+ HTTP/1\\.1)',
    $status_code: '(?<status>\\d{3})',
    $body_bytes_sent: '(?<bytes>\\d+)',
    $processing_time: '(?<time>\\d+(?:\\.\\d+)?(?:e-\\d+)?)',
    '$http_user-agent': 'user-agent: (?<ua>[^"]*)',
  };
  let source = '';
  let rest = format;
  while (rest.length) {
    const m = /^\$[a-zA-Z0-9\-_]+/.exec(rest);
    if (m) {
      assert.ok(shapes[m[0]], `the test has no shape for placeholder ${m[0]} of log_format`);
      source += shapes[m[0]];
      rest = rest.slice(m[0].length);
    } else {
      source += rest[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      rest = rest.slice(1);
    }
  }
  return new RegExp(`^${source}$`);
}

// The Prometheus text format, parsed by prometheus_client's parser (parse_metrics.py prints its families
// as JSON; Debian's python3, where bench/setup.sh installs the package). Resolves to a Map from family
// name to { type, help, samples }; rejects, with the parser's message, what is not the format.
async function parseMetrics(text) {
  const run = await runCommand(['/usr/bin/python3', path.join(chapterDir, 'parse_metrics.py')], { input: text, label: 'parse_metrics.py', timeoutMs: 30000 });
  if (run.code !== 0) throw new Error(`${run.stderr.trim() || `parse_metrics.py exited ${run.code}`}\n--- text ---\n${text}`);
  return new Map(JSON.parse(run.stdout).map((f) => [f.name, f]));
}

// A histogram family's series, one per label set without le: { labels, buckets [[le, n]...], sum, count },
// with its buckets checked: cumulative, ending with +Inf equal to _count.
function histogramSeries(family) {
  const series = new Map();
  const key = (labels) => JSON.stringify(Object.entries(labels).filter(([k]) => k !== 'le').sort());
  const of = (labels) => {
    const k = key(labels);
    if (!series.has(k)) series.set(k, { labels: Object.fromEntries(JSON.parse(k)), buckets: [], sum: null, count: null });
    return series.get(k);
  };
  for (const s of family.samples) {
    const one = of(s.labels);
    if (s.name === `${family.name}_bucket`) one.buckets.push([s.labels.le === '+Inf' ? Infinity : Number(s.labels.le), s.value]);
    else if (s.name === `${family.name}_sum`) one.sum = s.value;
    else if (s.name === `${family.name}_count`) one.count = s.value;
    else assert.fail(`${family.name}: unexpected sample ${s.name}`);
  }
  for (const one of series.values()) {
    one.buckets.sort((a, b) => a[0] - b[0]);
    one.buckets.forEach(([, n], i) => assert.ok(i === 0 || n >= one.buckets[i - 1][1], `${family.name}: buckets are not cumulative`));
    assert.deepEqual(one.buckets.at(-1), [Infinity, one.count], `${family.name}: the +Inf bucket differs from _count`);
  }
  return [...series.values()];
}

const labelKey = (labels) => `${labels.method} ${labels.status}`;

test('the parser used for /metrics rejects what is not Prometheus text format', async () => {
  await assert.rejects(parseMetrics('# TYPE a counter\na{method="GET"x} 1\n'), /not Prometheus text format/);
  await assert.rejects(parseMetrics('# TYPE a counter extra\na_total 1\n'), /not Prometheus text format/);
  await assert.rejects(parseMetrics('# TYPE a counter\na_total{method="GET"} many\n'), /not Prometheus text format/);
  const ok = await parseMetrics('# HELP a_total A.\n# TYPE a_total counter\na_total{method="GET"} 2.000000\n');
  assert.deepEqual(ok.get('a').samples, [{ name: 'a_total', labels: { method: 'GET' }, value: 2 }]);
});

test('the page\'s commands give the page\'s outputs', { timeout: 10 * 60 * 1000 }, async (t) => {
  const { port, cwd } = await startServer(t);
  const masks = [
    [new RegExp(`:${port}/`, 'g'), ':8080/'],
    [/^http_response_seconds_sum(\{[^}]*\}) .*$/gm, 'http_response_seconds_sum$1 <seconds>'],
  ];
  for (const region of ['hello', 'hodor', 'slashes', 'rewrite', 'bots', 'metrics']) {
    await checkCommand('builtin-plugins', region, { port, cwd, masks });
  }
  // /metrics answers are cached for 5 s: a request now is not in the next scrape.
  const before = await get(port, '/metrics');
  assert.equal((await get(port, '/hello')).status, 200);
  const after = await get(port, '/metrics');
  assert.equal(after.body, before.body, '/metrics changed within 5 s');

  const wanted = exampleRegion('builtin-plugins/expected/access-log.txt').split('\n').length;
  await accessLogLines(cwd, wanted);
  const logMasks = [
    [/^\d{8} \d\d:\d\d:\d\d\.\d{6} 127\.0\.0\.1:\d+ /gm, '<date> <time> 127.0.0.1:<port> '],
    [/ \d+(?:\.\d+)?(?:e-\d+)? "user-agent: ([^"/]*)\/[^"]*"$/gm, ' <seconds> "user-agent: $1/<version>"'],
  ];
  // The page's log ends with the bots; the extra /hello above comes after it.
  await checkCommand('builtin-plugins', 'access-log', { port, cwd, masks: [...logMasks, [/\n[^\n]*"GET \/hello HTTP\/1\.1" 200 [^\n]*$/, '']] });
});

test('each plugin behaves as the page says', { timeout: 10 * 60 * 1000 }, async (t) => {
  const { server, port, cwd } = await startServer(t);
  const config = readConfig();
  const pluginConfig = (name) => config.plugins.find((p) => p.name === `drogon::plugin::${name}`).config;
  const answers = []; // every answer that is not a redirect, as the metrics should count them
  const logged = []; // and as the access log should show them (not /metrics)
  const send = async (rawPath, options = {}) => {
    const res = await get(port, rawPath, options);
    if (res.status !== 302) {
      answers.push(res.status);
      if (rawPath !== '/metrics') logged.push({ path: rawPath, status: res.status, ua: (options.headers || {})['user-agent'] });
    }
    return res;
  };

  // Hodor: ip_capacity requests per address and time unit on the urls it names, then 429.
  const hodor = pluginConfig('Hodor');
  for (let i = 0; i < hodor.ip_capacity; i++) assert.equal((await send('/api/items')).status, 200, `request ${i + 1}`);
  const refused = await send('/api/items');
  assert.equal(refused.status, 429);
  assert.equal(refused.body, hodor.rejection_message);
  assert.equal((await send('/hello')).status, 200, '/hello is not in Hodor\'s urls');
  assert.equal((await send('/api/items', { from: '127.0.0.2' })).status, 200, 'another address has its own limit');

  // SlashRemover through Redirector, and the page's own rewrite: 302 with the new path, query kept.
  for (const [from, to] of [['/hello/', '/hello'], ['//api//items/', '/api/items'], ['/hello///', '/hello'], ['/v1/items?page=2', '/api/items?page=2'], ['/v1/items/', '/api/items']]) {
    const res = await send(from);
    assert.equal(res.status, 302, from);
    assert.equal(res.headers.location, to, from);
  }

  // GlobalFilters: before routing (an unknown path too), /metrics exempt.
  const bot = { headers: { 'user-agent': 'BadBot/2.0' } };
  for (const p of ['/hello', '/api/items', '/no-such-page']) {
    const res = await send(p, bot);
    assert.equal(res.status, 403, p);
    assert.equal(res.body, 'No bots, please.\n');
  }
  assert.equal((await send('/no-such-page')).status, 404);

  // AccessLogger: one line per answer but redirects and /metrics, in the configured format.
  const metricsResponse = await send('/metrics', bot);
  assert.equal(metricsResponse.status, 200, 'GlobalFilters exempts /metrics');
  const format = formatRegex(pluginConfig('AccessLogger').log_format);
  const lines = await accessLogLines(cwd, logged.length);
  assert.equal(lines.length, logged.length, `access.log:\n${lines.join('\n')}`);
  lines.forEach((line, i) => {
    const m = format.exec(line);
    assert.ok(m, `access.log line ${i + 1} does not match log_format: ${line}`);
    assert.equal(m.groups.request, `GET ${logged[i].path} HTTP/1.1`);
    assert.equal(Number(m.groups.status), logged[i].status);
    assert.equal(m.groups.ua, logged[i].ua || '', line);
    assert.ok(Number(m.groups.time) < 5, line);
  });
  assert.match(lines[hodor.ip_capacity + 2], /^\S+ \S+ 127\.0\.0\.2:/, 'the second address is logged as such');

  // PromExporter: the scrape counts every answer before it (not itself, not the redirects).
  const metrics = await parseMetrics(metricsResponse.body);
  assert.deepEqual([...metrics.keys()].sort(), ['http_response_seconds', 'http_responses']);
  const counter = metrics.get('http_responses');
  assert.equal(counter.type, 'counter');
  assert.equal(counter.help, 'Responses sent, by method and status');
  const tally = new Map();
  for (const status of answers.slice(0, -1)) tally.set(`GET ${status}`, (tally.get(`GET ${status}`) || 0) + 1);
  assert.ok(counter.samples.every((s) => s.name === 'http_responses_total'));
  assert.deepEqual(new Map(counter.samples.map((s) => [labelKey(s.labels), s.value])), tally);
  const histogram = metrics.get('http_response_seconds');
  assert.equal(histogram.type, 'histogram');
  const series = histogramSeries(histogram);
  assert.equal(series.length, tally.size);
  for (const one of series) {
    assert.equal(one.count, tally.get(labelKey(one.labels)), labelKey(one.labels));
    assert.deepEqual(one.buckets.map(([le]) => le), [0.001, 0.01, 0.1, 1, Infinity]);
    assert.ok(one.sum >= 0 && one.sum < one.count * 5);
  }

  // Drogon's own log stays on the terminal, out of access.log.
  server.signal('SIGTERM');
  assert.ok(await server.waitForExit(15000), 'still running 15 s after SIGTERM');
  assert.match(server.output(), /WARN  SIGTERM signal received/);
  assert.doesNotMatch(closedAccessLog(cwd), /SIGTERM/);
});

