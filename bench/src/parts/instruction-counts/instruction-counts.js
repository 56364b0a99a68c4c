'use strict';
// Part: the instruction counts (--parts instructions): user-space instructions per request under
// valgrind, the figure that does not depend on the host's noise. The profile's instructions block of
// bench/scenarios.json names the counted cases on the hello-world servers, N and the repeats; its
// json.instructions block the cases on the JSON servers (their N from requestsByCase, else the
// instructions block's). It runs once, between two blocks of the timed scenarios (valgrind slows a
// server too much to share the machine with a timed run). How a count runs: valgrind-repeats.js; how
// compare judges two runs' counts: instruction-changes.js.
const { definePart } = require('../part');
const { runInstructions, repeatSeconds } = require('./valgrind-repeats');
const { instructionJudgement } = require('./instruction-changes');
const { caseIds, caseKind, countedCases, checkCountedRequests } = require('../counted-cases');
const { serversOf } = require('../../servers/plan-servers');
const { formatDuration } = require('../../rounds/progress');
const { spreadText } = require('../../summarize/expectation');

// The hello-world cases and the JSON ones, N and repeats from profile.instructions.
function build(ctx) {
  const { data, profile, wanted, use } = ctx;
  if (!wanted.includes('instructions')) return null;
  const byCase = { ...(profile.instructions.requestsByCase || {}), ...(profile.json?.instructions?.requestsByCase || {}) };
  const ids = [...profile.instructions.cases, ...(profile.json?.instructions ? profile.json.instructions.cases : [])];
  const cases = countedCases(ctx, ids, byCase, profile.instructions.requests);
  if (!use('instructions', cases.length > 0, 'no case has a chosen server (--servers)')) return null;
  return { ...data.instructions, requests: profile.instructions.requests, repeats: profile.instructions.repeats, cases };
}

// Hello-world cases under profile.instructions, JSON cases (servers: json) under
// profile.json.instructions, which takes N and repeats from profile.instructions.
function check(data, name, profile, fail) {
  const known = caseIds(data);
  (profile.instructions?.cases || []).forEach((id, i) => {
    if (!known.includes(id)) fail(`/profiles/${name}/instructions/cases/${i}`, `unknown instruction case "${id}" (known: ${known.join(', ')})`);
    if (caseKind(data, id) === 'json') fail(`/profiles/${name}/instructions/cases/${i}`, `"${id}" runs on the JSON servers: list it under /profiles/${name}/json/instructions/cases`);
  });
  const jsonCounts = profile.json?.instructions;
  if (jsonCounts && !profile.instructions) fail(`/profiles/${name}/json/instructions`, 'needs the profile\'s instructions block (N and repeats)');
  (jsonCounts?.cases || []).forEach((id, i) => {
    if (!known.includes(id)) fail(`/profiles/${name}/json/instructions/cases/${i}`, `unknown instruction case "${id}" (known: ${known.join(', ')})`);
    if (caseKind(data, id) !== 'json') fail(`/profiles/${name}/json/instructions/cases/${i}`, `"${id}" runs on the hello-world servers: list it under /profiles/${name}/instructions/cases`);
  });
  Object.keys(jsonCounts?.requestsByCase || {}).forEach((id) => {
    if (!jsonCounts.cases.includes(id)) fail(`/profiles/${name}/json/instructions/requestsByCase/${id}`, `not a case of this block (its cases: ${jsonCounts.cases.join(', ')})`);
  });
  checkCountedRequests(data, { ...profile.instructions, cases: profile.instructions?.cases || [] }, `/profiles/${name}/instructions`, fail);
  checkCountedRequests(data, { requests: profile.instructions?.requests, ...(jsonCounts || {}), cases: jsonCounts?.cases || [] }, `/profiles/${name}/json/instructions`, fail, { byCaseOfBlock: false });
}

const serversPerCase = (instructions, plan) => instructions.cases.reduce((sum, c) => sum + serversOf(plan, c.servers).length, 0);

function estimate(instructions, plan) {
  return {
    seconds: { instructions: instructions.repeats * instructions.cases.reduce((sum, c) => sum + serversOf(plan, c.servers).length * repeatSeconds(c, c.requests ?? instructions.requests), 0) },
    steps: instructions.repeats * serversPerCase(instructions, plan),
  };
}

function lines(i, plan, estimated) {
  return [`instructions: ${i.cases.map((c) => `${c.id} (${serversOf(plan, c.servers).length} servers, N = ${c.requests})`).join(', ')} x ${i.repeats} repeats, under valgrind, about ${formatDuration(estimated.instructions)}`];
}

// Each count: its median per request and whether its repeats kept within countSpread.
function expectation(results, { countSpread }) {
  const out = [];
  for (const c of results.instructions ? results.instructions.cases : []) {
    for (const r of c.results) {
      const judged = r.perRequest === null ? `no count (${r.failureReason})`
        : `${Math.round(r.perRequest)} per request, ${spreadText(r.spread, r.repeats.length, countSpread)}`;
      out.push(`instructions ${c.id} ${r.server}: ${judged}`);
    }
  }
  return out;
}

module.exports = {
  part: definePart({
    name: 'instructions',
    subject: 'counts',
    plan: {
      build,
      serverKinds: (instructions) => instructions.cases.map((c) => (c.servers === 'json' ? 'json' : 'hello')),
      check,
      // A case's load runs its command's program (node for the lock-step client, h2load, ab).
      tools: (instructions) => ['valgrind', ...instructions.cases.map((c) => c.command[0])],
      estimate,
      lines,
    },
    run: { slot: 'between-blocks', countNoun: 'instruction', measure: runInstructions },
    results: {
      fields: ['instructions'],
      schema: ['instructions', 'instructionCase', 'instructionResult'],
      of: ({ outcomes }) => (outcomes.instructions ? { instructions: outcomes.instructions } : {}),
      counts: (results) => (results.instructions ? results.instructions.cases.flatMap((c) => c.results.map((r) => r.perRequest)) : []),
      expectation,
    },
    compare: instructionJudgement,
  }),
};
