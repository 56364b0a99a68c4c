// The logging and errors page: the server writes the log lines the page shows (levels below INFO
// left out) into logs/app.log, rotates the file past log_size_limit keeping max_files old ones, and
// renames app.log when it stops; the custom 404 page, the error handler and the exception handler
// answer as expected/*.txt shows; log_level filters only TRACE, DEBUG and INFO, and the file
// ignores ERROR. Everything against the real server, in a scratch copy.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { guideBinary, pickPort, startProgram, request, checkCommand, exampleRegion, logMessages, runChecked, runCommand, guideState, examplesDir, sleep } = require('../test-support/guide-tests');

const chapterDir = path.join(examplesDir, 'logging-errors');
const config = JSON.parse(fs.readFileSync(path.join(chapterDir, 'config.json'), 'utf8')).app.log;
// Log lines differ in date, time and thread id; rotated files in the date and sequence number.
const masks = [
  [/^\d{8} \d\d:\d\d:\d\d\.\d{6} UTC \d+ /gm, '<date> <time> UTC <thread> '],
  [/\.\d{6}-\d{6}\.\d{6}\.log/g, '.<date>-<time>.<n>.log'],
];

function scratchCopy(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-logging-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.copyFileSync(path.join(chapterDir, 'config.json'), path.join(dir, 'config.json'));
  return dir;
}

// The log is written by a thread of its own: wait until `done(files)` holds, or fail naming the files.
async function waitForLogs(logs, done, what) {
  const deadline = Date.now() + 10000;
  for (;;) {
    const files = Object.fromEntries(fs.readdirSync(logs).sort().map((f) => [f, fs.readFileSync(path.join(logs, f), 'utf8')]));
    if (done(files)) return files;
    if (Date.now() > deadline) assert.fail(`logs/ never showed ${what}: ${JSON.stringify(Object.keys(files))}\n${Object.values(files).join('')}`);
    await sleep(100);
  }
}

test('the log file, the error handlers and rotation behave as the page shows', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('logging_errors');
  const dir = scratchCopy(t);
  assert.match(exampleRegion('logging-errors/commands.sh', 'build'), /^mkdir -p logs$/m);
  const logs = path.join(dir, 'logs');
  fs.mkdirSync(logs);
  const port = await pickPort();
  const server = await startProgram([binary, String(port), 'config.json'], { port, cwd: dir, label: 'logging_errors' });
  t.after(() => server.stop());
  const run = (region) => checkCommand('logging-errors', region, { port, cwd: dir, masks });

  // Levels: the file gets INFO and above (log_level INFO); TRACE and DEBUG are left out.
  await run('try-levels');
  await waitForLogs(logs, (f) => (f['app.log'] || '').includes('ERROR levels: error'), 'the /levels lines');
  await run('show-log');
  const firstLog = fs.readFileSync(path.join(logs, 'app.log'), 'utf8');
  const first = logMessages(firstLog);
  assert.ok(!first.some((m) => /^(TRACE|DEBUG)/.test(m)), first.join('\n'));
  // "about 250 bytes" a request
  assert.ok(firstLog.length > 200 && firstLog.length < 300, `${firstLog.length} bytes for one request`);

  // The custom 404 page, the error handler (405, 403) and the exception handler.
  await run('try-404');
  await run('try-error-handler');
  await run('try-exceptions');
  await waitForLogs(logs, (f) => (f['app.log'] || '').includes('ERROR failed /crash: the disk is full'), 'the /crash line');
  await run('show-errors-log');
  // Nothing of the exceptions went to the terminal: the file has it all.
  assert.equal(server.output(), '');

  // Rotation: past log_size_limit the file is renamed; max_files renamed files are kept.
  // (no output: the page shows what `ls logs` prints afterwards)
  const loop = exampleRegion('logging-errors/commands.sh', 'try-rotate').replaceAll('8080', String(port));
  await runChecked(['bash', '-euo', 'pipefail', '-c', loop], { cwd: dir, label: 'commands.sh#try-rotate' });
  const rotated = (files) => Object.keys(files).filter((f) => f !== 'app.log');
  let last = '';
  await waitForLogs(logs, (files) => {
    const now = JSON.stringify(Object.entries(files).map(([f, c]) => [f, c.length]));
    const settled = now === last && rotated(files).length === config.max_files;
    last = now;
    return settled;
  }, `${config.max_files} rotated files`);
  await run('show-rotated');
  const names = fs.readdirSync(logs).filter((n) => n !== 'app.log').sort();
  for (const f of names) {
    assert.match(f, /^app\.\d{6}-\d{6}\.\d{6}\.log$/);
    assert.ok(fs.statSync(path.join(logs, f)).size > config.log_size_limit, `${f} was renamed before it passed log_size_limit`);
  }
  // One date and time (the first file's), numbers counting up.
  const parts = names.map((f) => f.split('.'));
  assert.equal(new Set(parts.map((p) => p[1])).size, 1, names.join(' '));
  assert.ok(Number(parts[0][2]) < Number(parts[1][2]), names.join(' '));

  // When the program stops, app.log is renamed too, and still only max_files are kept.
  await server.stop();
  await waitForLogs(logs, (files) => !('app.log' in files), 'app.log renamed at exit');
  assert.equal(fs.readdirSync(logs).length, config.max_files);
});

test('log_level filters TRACE, DEBUG and INFO only; WARN and ERROR are always written; the file ignores ERROR', { timeout: 120000 }, async (t) => {
  const binary = await guideBinary('logging_errors');
  const dir = scratchCopy(t);
  const levels = async (configText) => {
    fs.writeFileSync(path.join(dir, 'console.json'), configText);
    const port = await pickPort();
    const server = await startProgram([binary, String(port), 'console.json'], { port, cwd: dir, label: 'logging_errors (console)' });
    try {
      assert.equal((await request(`${server.url}/levels`)).body, 'logged\n');
    } finally {
      await server.stop();
    }
    return logMessages(server.output()).filter((m) => m.includes('levels:')).map((m) => m.split(/\s+/)[0]);
  };
  // Without log_path the lines go to the terminal.
  assert.deepEqual(await levels('{ "app": { "log": { "log_level": "WARN" } } }'), ['WARN', 'ERROR']);
  assert.deepEqual(await levels('{ "app": { "log": { "log_level": "TRACE" } } }'), ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR']);
  // ERROR is not a value the file takes: the level stays where it was, and INFO still shows.
  assert.ok((await levels('{ "app": { "log": { "log_level": "ERROR" } } }')).includes('INFO'));
  // In trantor's header, LOG_WARN and LOG_ERROR check no level, and LOG_TRACE is compiled out
  // where NDEBUG is defined (Release builds).
  const { state } = guideState();
  const header = fs.readFileSync(path.join(state.drogonPrefix, 'include', 'trantor', 'utils', 'Logger.h'), 'utf8');
  assert.match(header, /#define LOG_WARN \\\n\s+trantor::Logger\(__FILE__, __LINE__, trantor::Logger::kWarn\)\.stream\(\)/);
  assert.match(header, /#define LOG_ERROR \\\n\s+trantor::Logger\(__FILE__, __LINE__, trantor::Logger::kError\)\.stream\(\)/);
  assert.match(header, /#ifdef NDEBUG\n#define LOG_TRACE\s+\\\n\s+TRANTOR_IF_\(0\)/);
  // The defaults the page gives, as Drogon's header declares them.
  const app = fs.readFileSync(path.join(state.drogonPrefix, 'include', 'drogon', 'HttpAppFramework.h'), 'utf8');
  assert.match(app, /setLogPath\(\s*const std::string &logPath,\s*const std::string &logfileBaseName = "",\s*size_t logSize = 100000000,\s*size_t maxFiles = 0,/);
});

test('log_path must exist; without logfile_base_name the file is drogon.log', { timeout: 120000 }, async (t) => {
  const binary = await guideBinary('logging_errors');
  const dir = scratchCopy(t);
  fs.writeFileSync(path.join(dir, 'missing.json'), '{ "app": { "log": { "log_path": "./no-such-folder" } } }');
  const port = await pickPort();
  const stopped = await runCommand([binary, String(port), 'missing.json'], { cwd: dir, label: 'logging_errors (no log folder)', timeoutMs: 30000 });
  assert.notEqual(stopped.code, 0, 'the program ran without its log folder');
  assert.match(stopped.stdout + stopped.stderr, /Log path does not exist/);

  fs.mkdirSync(path.join(dir, 'plain'));
  fs.writeFileSync(path.join(dir, 'plain.json'), '{ "app": { "log": { "log_path": "./plain" } } }');
  const server = await startProgram([binary, String(port), 'plain.json'], { port, cwd: dir, label: 'logging_errors (default name)' });
  try {
    await request(`${server.url}/levels`);
    await waitForLogs(path.join(dir, 'plain'), (f) => (f['drogon.log'] || '').includes('ERROR levels: error'), 'drogon.log');
  } finally {
    await server.stop();
  }
});
