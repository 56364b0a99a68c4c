#!/usr/bin/env node
'use strict';
// node bench/src/lockstep-client.js --requests N [--batch B] [--new-connection] [--body FILE] [--pace R] [--gap MS] URL
// The load of the counted cases (instruction and system-call counts per request): exactly N requests in
// lock-step batches of B on one connection, or one new connection per request (measure/lockstep.js
// says why). Prints one JSON line { requests, batches, seconds, status2xx, non2xx, late }; exits 0
// only when every answer was 2xx, 1 otherwise (the reason on stderr), 2 for a bad option.
const { readFileSync } = require('node:fs');
const { parseArgs } = require('node:util');
const { runLockstep } = require('./measure/lockstep');

const USAGE = 'usage: node bench/src/lockstep-client.js --requests N [--batch B] [--new-connection] [--body FILE] [--pace REQUESTS_PER_SECOND] [--gap MILLISECONDS] URL';

async function main(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        requests: { type: 'string' }, batch: { type: 'string' }, 'new-connection': { type: 'boolean' },
        body: { type: 'string' }, pace: { type: 'string' }, gap: { type: 'string' }, timeout: { type: 'string' },
      },
    });
  } catch (err) {
    process.stderr.write(`lockstep-client: ${err.message}\n${USAGE}\n`);
    return 2;
  }
  const v = parsed.values;
  const whole = (value, name, fallback) => {
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value)) throw new Error(`--${name} must be a whole number, got "${value}"`);
    return Number(value);
  };
  let options;
  try {
    if (parsed.positionals.length !== 1) throw new Error('give exactly one URL');
    options = {
      requests: whole(v.requests, 'requests', undefined),
      batch: whole(v.batch, 'batch', 1),
      newConnection: Boolean(v['new-connection']),
      pace: whole(v.pace, 'pace', 0),
      gapMs: whole(v.gap, 'gap', 0),
      timeoutMs: whole(v.timeout, 'timeout', 30) * 1000,
      ...(v.body ? { method: 'POST', body: readFileSync(v.body) } : {}),
    };
    if (options.requests === undefined) throw new Error('--requests is required');
  } catch (err) {
    process.stderr.write(`lockstep-client: ${err.message}\n${USAGE}\n`);
    return 2;
  }
  try {
    const result = await runLockstep(parsed.positionals[0], options);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    if (result.non2xx > 0) {
      process.stderr.write(`lockstep-client: ${result.non2xx} of ${result.requests} answers were not 2xx\n`);
      return 1;
    }
    return 0;
  } catch (err) {
    process.stderr.write(`lockstep-client: ${err.message}\n`);
    return 1;
  }
}

if (require.main === module) main(process.argv.slice(2)).then((code) => { process.exitCode = code; });

module.exports = { main };
