'use strict';
// Command-line options of `npm run bench -- ...`.
const { parseArgs } = require('node:util');
const { BenchError } = require('../helpers/errors');
const { RESULTS_FILE, BENCH_LOGS_DIR, SCENARIOS_FILE } = require('../../../shared/src/project-paths');
const { PART_NAMES } = require('../parts/part-list');

const USAGE = `usage: npm run bench -- [options]
  --profile <name>       profile of ${SCENARIOS_FILE} (default: default; quick: under 60 s)
  --output <path>        results file (default: ${RESULTS_FILE} for the complete default
                         profile; any other run: results-<profile>.json in its logs folder)
  --parts <list>         ${PART_NAMES.join(', ')} (default: every part the
                         profile has; with --scenarios, the parts of the scenarios named). fixedRate
                         needs its basis scenarios (c100-keepalive, json-json) in the same run
  --seed <n>             seed of the round orders and the bootstrap, 0..4294967295 (default: random,
                         recorded in the results)
  --repetitions <n>      rounds per scenario: each server measured once per round (default: the scenario's)
  --blocks <n>           blocks per scenario: its rounds in n blocks, each with its servers started afresh,
                         interleaved with the other scenarios' blocks (default: the profile's)
  --duration <s>         seconds per counted run, whole (default: the scenario's)
  --warmup <s>           warm-up seconds of each server before a scenario's rounds, whole, 0 = none
  --servers <a,b>        only these servers (ids in ${SCENARIOS_FILE} and bench/json/servers.json;
                         each part uses the listed servers of its kind)
  --scenarios <x,y>      only these scenarios of the profile (hello-world and JSON, e.g. json-dbop-n10)
  --logs-dir <path>      raw output folder (default: ${BENCH_LOGS_DIR}/<timestamp>)
  --scenarios-file <p>   scenario file (default: ${SCENARIOS_FILE})
exit codes: 0 results written (failed runs, if any, are listed), 1 unexpected error,
  2 bad option/scenario file/setup/busy port, 3 results invalid (not written),
  4 no run succeeded (not written), 5 written but a port or process was still busy afterwards,
  130/143 interrupted (not written)`;

function wholeNumber(value, option, min) {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new BenchError(`${option} must be a whole number >= ${min}, got "${value}"\n${USAGE}`);
  return Number(value);
}

function seedOption(value) {
  if (!/^\d+$/.test(value) || Number(value) > 4294967295) throw new BenchError(`--seed must be a whole number from 0 to 4294967295, got "${value}"\n${USAGE}`);
  return Number(value);
}

function parseCli(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        profile: { type: 'string' },
        parts: { type: 'string' },
        seed: { type: 'string' },
        output: { type: 'string' },
        repetitions: { type: 'string' },
        blocks: { type: 'string' },
        duration: { type: 'string' },
        warmup: { type: 'string' },
        servers: { type: 'string' },
        scenarios: { type: 'string' },
        'logs-dir': { type: 'string' },
        'scenarios-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
    });
  } catch (err) {
    throw new BenchError(`${err.message}\n${USAGE}`);
  }
  const v = parsed.values;
  return {
    help: Boolean(v.help),
    profile: v.profile,
    output: v.output || null, // run.js decides: the results file only for the complete default profile
    parts: v.parts,
    seed: v.seed === undefined ? undefined : seedOption(v.seed),
    repetitions: wholeNumber(v.repetitions, '--repetitions', 1),
    blocks: wholeNumber(v.blocks, '--blocks', 1),
    durationSeconds: wholeNumber(v.duration, '--duration', 1),
    warmupSeconds: wholeNumber(v.warmup, '--warmup', 0),
    servers: v.servers,
    scenarios: v.scenarios,
    logsDir: v['logs-dir'],
    scenariosFile: v['scenarios-file'],
  };
}

module.exports = { parseCli, USAGE };
