'use strict';
// Command templates from bench/scenarios.json -> argv, and argv -> a copy-pasteable shell line.
const { BenchError } = require('./errors');

// Fills {name} placeholders. An element that is exactly "{name}" with an array value splices the array.
function fillTemplate(template, values, where) {
  const argv = [];
  for (const element of template) {
    const whole = /^\{(\w+)\}$/.exec(element);
    if (whole && Array.isArray(values[whole[1]])) {
      argv.push(...values[whole[1]].map(String));
      continue;
    }
    argv.push(element.replace(/\{(\w+)\}/g, (_, name) => {
      if (values[name] === undefined || Array.isArray(values[name])) {
        throw new BenchError(`${where}: unknown placeholder {${name}} in command template`);
      }
      return String(values[name]);
    }));
  }
  return argv;
}

function quoteArg(arg) {
  return /^[A-Za-z0-9_@%+=:,./{}-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

function shellLine(argv) {
  return argv.map(quoteArg).join(' ');
}

// The runner raises the open-files limit to the hard limit inside a bash wrapper (10000 connections
// need more descriptors than a default soft limit). `exec` keeps the pid, so the pid is the program's.
const RAISE_NOFILE = 'ulimit -n "$(ulimit -Hn)" || exit 125';

function wrapExec(argv) {
  return ['bash', '-c', `${RAISE_NOFILE}; exec "$@"`, 'bench-exec', ...argv];
}

// For load generators: run as a child of bash, then print bash's `times` (user/sys CPU of its
// children, from wait4) on stderr, which is how the load generator's CPU time is measured.
function wrapTimed(argv) {
  return ['bash', '-c', `${RAISE_NOFILE}; "$@"; status=$?; times >&2; exit $status`, 'bench-load', ...argv];
}

// "1m2.345s 0m0.120s" (second line of `times` = children) -> seconds of user + system CPU.
function parseTimesOutput(stderrText) {
  const lines = stderrText.trimEnd().split('\n');
  const re = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/;
  const children = re.exec((lines[lines.length - 1] || '').trim());
  const shell = re.exec((lines[lines.length - 2] || '').trim());
  if (!children || !shell) return null;
  return Number(children[1]) * 60 + Number(children[2]) + Number(children[3]) * 60 + Number(children[4]);
}

function pinned(argv, cpuList) {
  return cpuList ? ['taskset', '-c', cpuList, ...argv] : argv;
}

module.exports = { fillTemplate, shellLine, quoteArg, wrapExec, wrapTimed, parseTimesOutput, pinned };
