'use strict';
// Part: the system-call counts (--parts syscalls): system calls per request, by name and by kind, where
// a request's kernel time goes. The profile's syscalls block of bench/scenarios.json names the counted
// cases (hello-world and JSON alike), N and the repeats; the file's syscalls block the strace command,
// the kinds (categories) and the calls that follow the clock rather than the requests. It runs once,
// between two blocks of the timed scenarios. How a count runs: strace-windows.js; how compare judges two
// runs' counts: syscall-changes.js.
const { definePart } = require('../part');
const { runSyscalls, repeatSeconds } = require('./strace-windows');
const { syscallJudgement } = require('./syscall-changes');
const { caseIds, caseKind, countedCases, checkCountedRequests } = require('../counted-cases');
const { serversOf } = require('../../servers/plan-servers');
const { formatDuration } = require('../../rounds/progress');
const { spreadText } = require('../../summarize/expectation');

function build(ctx) {
  const { data, profile, wanted, use } = ctx;
  if (!wanted.includes('syscalls')) return null;
  const cases = countedCases(ctx, profile.syscalls.cases, profile.syscalls.requestsByCase || {}, profile.syscalls.requests);
  if (!use('syscalls', cases.length > 0, 'no case has a chosen server (--servers)')) return null;
  return { ...data.syscalls, requests: profile.syscalls.requests, repeats: profile.syscalls.repeats, cases };
}

// Hello-world and JSON cases in one list (a JSON case needs the profile's JSON servers).
function check(data, name, profile, fail) {
  const known = caseIds(data);
  (profile.syscalls?.cases || []).forEach((id, i) => {
    if (!known.includes(id)) fail(`/profiles/${name}/syscalls/cases/${i}`, `unknown case "${id}" (known: ${known.join(', ')})`);
    if (caseKind(data, id) === 'json' && !profile.json) fail(`/profiles/${name}/syscalls/cases/${i}`, `"${id}" runs on the JSON servers: the profile needs a json block`);
  });
  if (profile.syscalls && !data.syscalls) fail(`/profiles/${name}/syscalls`, 'needs the top-level syscalls block');
  checkCountedRequests(data, { ...profile.syscalls, cases: profile.syscalls?.cases || [] }, `/profiles/${name}/syscalls`, fail);
}

function estimate(syscalls, plan) {
  return {
    seconds: { syscalls: syscalls.repeats * syscalls.cases.reduce((sum, c) => sum + serversOf(plan, c.servers).length * repeatSeconds(c, c.requests ?? syscalls.requests, syscalls.repeats), 0) },
    steps: syscalls.repeats * syscalls.cases.reduce((sum, c) => sum + serversOf(plan, c.servers).length, 0),
  };
}

function lines(sc, plan, estimated) {
  return [`system calls: ${sc.cases.map((c) => `${c.id} (${serversOf(plan, c.servers).length} servers, N = ${c.requests})`).join(', ')} x ${sc.repeats} repeats, under strace, about ${formatDuration(estimated.syscalls)}`];
}

// Each count: its calls per request and whether the total, and its widest category, kept within
// countSpread over the repeats (a total can hold steady while its parts move).
function expectation(results, { countSpread }) {
  const out = [];
  for (const c of results.syscalls ? results.syscalls.cases : []) {
    for (const r of c.results) {
      if (r.total === null) {
        out.push(`system calls ${c.id} ${r.server}: no count (${r.failureReason})`);
        continue;
      }
      const widest = Object.entries(r.categorySpread || {}).filter(([, x]) => x !== null).sort((a, b) => b[1] - a[1])[0];
      const categories = widest && r.repeats.length > 1 ? `; widest category ${widest[0]} ${spreadText(widest[1], r.repeats.length, countSpread)}` : '';
      out.push(`system calls ${c.id} ${r.server}: ${r.total.toFixed(3)} per request, total ${spreadText(r.spread, r.repeats.length, countSpread)}${categories}`);
    }
  }
  return out;
}

module.exports = {
  part: definePart({
    name: 'syscalls',
    subject: 'counts',
    plan: {
      build,
      serverKinds: (syscalls) => syscalls.cases.map((c) => (c.servers === 'json' ? 'json' : 'hello')),
      check,
      // strace, and each case's load program (node for the lock-step client, h2load, ab).
      tools: (syscalls) => [syscalls.straceCommand[0], ...syscalls.cases.map((c) => c.command[0])],
      estimate,
      lines,
    },
    run: { slot: 'between-blocks', countNoun: 'system-call', measure: runSyscalls },
    results: {
      fields: ['syscalls'],
      schema: ['syscalls', 'syscallCase', 'syscallResult', 'callCounts'],
      of: ({ outcomes }) => (outcomes.syscalls ? { syscalls: outcomes.syscalls } : {}),
      counts: (results) => (results.syscalls ? results.syscalls.cases.flatMap((c) => c.results.map((r) => r.total)) : []),
      expectation,
    },
    compare: syscallJudgement,
  }),
};
