'use strict';
// docs/src/benchmarks/reader-paths.js: commands and free text of the results as a reader reads them,
// every path of the machine that ran the bench shown by its last part; URL paths and paths relative to
// the repository stay as they are.
const test = require('node:test');
const assert = require('node:assert/strict');
const { readerCommand, readerText } = require('../../src/benchmarks/reader-paths');

test('a command: every absolute path by its last part, relative paths and URLs as they are', () => {
  assert.equal(readerCommand('/root/.cache/drogon-docs-bench/oha-1.16.0/bin/oha -q 100 http://127.0.0.1:18080/'),
    'oha -q 100 http://127.0.0.1:18080/');
  assert.equal(readerCommand("/usr/sbin/nginx -p /tmp/drogon-bench-0/nginx-module-18081 -c '/tmp/drogon-bench-0/nginx-module-18081/nginx.conf'"),
    "nginx -p nginx-module-18081 -c 'nginx.conf'");
  assert.equal(readerCommand('wrk -s bench/wrk/report.lua --latency=/tmp/x/a.txt'), 'wrk -s bench/wrk/report.lua --latency=a.txt');
  assert.equal(readerCommand('taskset -c 1 wrk /'), 'taskset -c 1 wrk /');
});

test('free text: only paths under the machine\'s top folders; a URL path such as GET /json stays', () => {
  assert.equal(readerText('server "drogon" exited (log /work/repo/bench/logs/x/drogon.server1.log)'),
    'server "drogon" exited (log drogon.server1.log)');
  assert.equal(readerText('GET /json answered 500'), 'GET /json answered 500');
  assert.equal(readerText('no path here'), 'no path here');
});
