'use strict';
// Validating a scenario file beyond its schema: every cross-reference (servers, ports, scenarios, JSON
// servers and scenarios, fixed-rate groups and their basis, counted cases and their N) is checked, and
// an error names the field.
const test = require('node:test');
const assert = require('node:assert/strict');
const { scenarioVariants } = require('../support/scenario-variants');

const { loadVariant } = scenarioVariants();

test('JSON cross-references are named: reference, profile servers and scenarios, fixed-rate groups and their basis, bodies', () => {
  assert.throws(loadVariant('json-ref', (d) => { d.json.reference = 'drogon-rapidjson'; }), /\/json\/reference: unknown JSON server "drogon-rapidjson"/);
  assert.throws(loadVariant('json-server', (d) => { d.profiles.quick.json.servers.push('gin-jsoniter'); }), /\/profiles\/quick\/json\/servers\/6: unknown JSON server "gin-jsoniter"/);
  assert.throws(loadVariant('json-scenario', (d) => { d.profiles.quick.json.scenarios = ['json-xml']; }), /\/profiles\/quick\/json\/scenarios\/0: unknown JSON scenario "json-xml"/);
  assert.throws(loadVariant('fixed-group', (d) => { d.profiles.quick.fixedRate.groups = ['plaintext']; }), /\/profiles\/quick\/fixedRate\/groups\/0: unknown fixed-rate group "plaintext"/);
  assert.throws(loadVariant('fixed-basis', (d) => { d.profiles.quick.json.scenarios = []; d.profiles.quick.json.scenarios.push('json-ping'); }),
    /\/profiles\/quick\/fixedRate\/groups\/0: group "json" measures against scenario "json-json", which this profile does not run/);
  assert.throws(loadVariant('post-body', (d) => { delete d.json.scenarios[3].bodyFile; }), /\/json\/scenarios\/3\/bodyFile: a POST needs a bodyFile/);
  assert.throws(loadVariant('by-case', (d) => { d.profiles.default.json.instructions.requestsByCase = { 'json-ping': 500 }; }), /\/profiles\/default\/json\/instructions\/requestsByCase\/json-ping: not a case of this block/);
  assert.throws(loadVariant('json-case-in-hello', (d) => { d.profiles.quick.instructions.cases.push('json-json'); }), /\/profiles\/quick\/instructions\/cases\/1: "json-json" runs on the JSON servers: list it under \/profiles\/quick\/json\/instructions\/cases/);
  assert.throws(loadVariant('hello-case-in-json', (d) => { d.profiles.default.json.instructions.cases.push('close'); }), /\/profiles\/default\/json\/instructions\/cases\/2: "close" runs on the hello-world servers/);
  assert.throws(loadVariant('json-port', (d) => { d.servers[0].port = 18090; }), /servers\[0\]\.port: port 18090 is already used by server "drogon"/);
  assert.throws(loadVariant('fixed-fraction', (d) => { d.profiles.default.fixedRate.fractions = [0.25, 0]; }), /\/profiles\/default\/fixedRate\/fractions\/1: must be > 0/);
});

test('cross-references: pipelining only with wrk and keep-alive, instruction cases and the reference server must exist', () => {
  assert.throws(loadVariant('pipe-ab', (d) => { d.profiles.quick.scenarios[1].pipelineDepth = 16; }), /\/profiles\/quick\/scenarios\/1\/pipelineDepth: pipelining needs wrk with keep-alive/);
  assert.throws(loadVariant('case', (d) => { d.profiles.quick.instructions.cases = ['keepalive', 'http2']; }), /\/profiles\/quick\/instructions\/cases\/1: unknown instruction case "http2"/);
  assert.throws(loadVariant('reference', (d) => { d.reference = 'apache'; }), /\/reference: unknown server "apache"/);
  assert.throws(loadVariant('resamples', (d) => { d.bootstrap.resamples = 999; }), /\/bootstrap\/resamples: must be >= 10000/);
});

test('cross-references of the counted cases: system-call cases must exist, a lock-step case needs its pace, N a multiple of its batch', () => {
  assert.throws(loadVariant('sys-case', (d) => { d.profiles.quick.syscalls.cases = ['keepalive', 'http2']; }), /\/profiles\/quick\/syscalls\/cases\/1: unknown case "http2"/);
  assert.throws(loadVariant('sys-n', (d) => { d.profiles.default.syscalls.requestsByCase.pipelined = 1000; }),
    /\/profiles\/default\/syscalls\/requestsByCase\/pipelined: N = 1000 is not a multiple of case "pipelined"'s batch of 16 requests/);
  assert.throws(loadVariant('instr-n', (d) => { d.profiles.default.instructions.requestsByCase.pipelined = 4008; }),
    /\/profiles\/default\/instructions\/requestsByCase\/pipelined: N = 4008 is not a multiple/);
  assert.throws(loadVariant('sys-by-case', (d) => { d.profiles.quick.syscalls.requestsByCase = { close: 320 }; }),
    /\/profiles\/quick\/syscalls\/requestsByCase\/close: not a case of this block/);
  assert.throws(loadVariant('no-pace', (d) => { delete d.instructions.cases[0].pace; }), /\/instructions\/cases\/0\/pace: a lockstep case needs its pace/);
  assert.throws(loadVariant('no-block', (d) => { delete d.syscalls; }), /\/profiles\/default\/syscalls: needs the top-level syscalls block/);
});

test('cross-references: unknown server in a profile, duplicate port, duplicate scenario id', () => {
  assert.throws(loadVariant('ref', (d) => { d.profiles.quick.servers.push('apache'); }), /\/profiles\/quick\/servers\/3: unknown server "apache"/);
  assert.throws(loadVariant('port', (d) => { d.servers[2].port = d.servers[0].port; }), /\/servers\/2\/port: port 18080 is already used by server "drogon"/);
  assert.throws(loadVariant('dup', (d) => { d.profiles.quick.scenarios[1].id = 'c100-keepalive'; }), /\/profiles\/quick\/scenarios\/1\/id: duplicate scenario id/);
});
