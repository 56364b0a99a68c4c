// What a part of the bench is: one kind of measurement (the hello-world rounds, the JSON rounds, the
// fixed-rate levels, the concurrency levels, the instruction counts, the system-call counts), from
// what it reads of bench/scenarios.json to how compare judges two runs of it and the page subject that
// shows it. Every part module exports definePart({ ... }), the one signature, and parts/part-list.js
// lists them by name, in the order they run. Nothing outside a part's folder names it: the runner, the
// plan, the results, the expectation and compare go through the list.
//
//   name       its name: in --parts, in the results' method.parts, and the key of its block in the plan
//   subject    the subject of the Benchmarks pages that shows it (docs/src/benchmarks/subject-list.js)
//   plan       {
//                inProfile(profile) -> bool   whether a profile of the scenario file defines it (default: profile[name])
//                picks(selected) -> bool      whether --scenarios picks it ({ hello, json } scenarios; default: no)
//                build(ctx, plan) -> block    its block of the plan, or null when it does not run; ctx: build-plan.js
//                                             (ctx.use(name, ok, why) says whether it runs and adds it to plan.parts),
//                                             plan: the plan so far (the parts before it in the list)
//                serverKinds(block, plan) -> ['hello' | 'json']   the kinds of servers it runs on
//                checkFile(data, fail)        its checks of the scenario file's own blocks
//                check(data, profileName, profile, fail)   its checks of a profile of the scenario file
//                tools(block) -> [program]    the programs it runs (checked on PATH before anything starts)
//                checkSetup(block, state, statePath)   what else of the setup it needs (throws a BenchError)
//                dropServers(block, gone)     servers that cannot run here (a Set of ids) leave its block
//                fitOpenFiles(block, limits) -> { block, skipped }   what the open-files limit allows (limits:
//                                             plan/limits.js: allows(connections), skipReason(), refuse(what, connections))
//                estimate(block, plan) -> { seconds: { [key]: s }, steps }   its time and progress steps
//                lines(block, plan, estimate) -> [text]   its lines of the printed plan
//              }
//   run        {
//                slot         where it runs in the block schedule (rounds/block-schedule.js): 'blocks' (its
//                             scenarios' blocks, interleaved with the others'), 'between-blocks' (once, between
//                             two blocks), 'after-blocks' (after the last block)
//                before(run) -> outcome       before any timed run (the JSON conformance)
//                runners(run) -> [runner]     slot 'blocks': { blocks, runBlock(b), finish() -> scenario group }
//                measure(run) -> outcome      the other slots
//                countNoun    slot 'between-blocks': what its counts are called ('instruction': "instruction counts")
//              }
//              run (the run so far, run.js): { plan, ctx, serverInfo, progress, environment, excluded (server id ->
//              why it is never benchmarked), groups (every scenario group, after the blocks), skipped (part
//              name -> what its fitOpenFiles left out), notRunHere (servers that cannot run on this machine),
//              outcomes (part name -> what its before() or measure() returned) }
//   results    {
//                fields       the fields it adds to the results, and schema: the $defs of the results schema
//                             that describe them (checked by bench/test/parts/part-list.test.js)
//                of(run) -> { [field]: value }   its fields of a run's results
//                method(plan) -> { ... }      its fields of results.method
//                runs(results) -> [{ where, run }]   its timed runs, for the list of failed runs
//                counts(results) -> [count or null]  its counts, for the run's last line
//                expectation(results, thresholds) -> [line]   its lines of the benchmark expectation
//              }
//   compare    how `npm run bench:compare` judges two runs of it (compare/compare.js): 'scenarios' (its
//              scenario groups are judged with every scenario of results.scenarios: medians, paired ratios,
//              pooled figures), null (not judged), or its own judgement: {
//                rows         the report's field for its rows
//                judge(oldResults, newResults, options) -> rows   options: { thresholds, minOkRuns, quiet, rule }
//                findings(rows) -> [{ verdict: 'regression' | 'improvement', item }]   what it flags
//                flagged: { [item.kind]: (report, item) -> text }
//                markdown(report, lines), text(report, lines)   its tables in the report
//                ownEvidence  its rows carry their own noise measure (judged however busy the machine was)
//                rule(report) -> text         its part of the report's paragraph on such rules
//                ruleFields(options) -> { ... }   its settings in report.rule
//              }
'use strict';

const SLOTS = ['blocks', 'between-blocks', 'after-blocks'];
const KEYS = { part: ['name', 'subject', 'plan', 'run', 'results', 'compare'],
  plan: ['inProfile', 'picks', 'build', 'serverKinds', 'checkFile', 'check', 'tools', 'checkSetup', 'dropServers', 'fitOpenFiles', 'estimate', 'lines'],
  run: ['slot', 'before', 'runners', 'measure', 'countNoun'],
  results: ['fields', 'schema', 'of', 'method', 'runs', 'counts', 'expectation'],
  compare: ['rows', 'judge', 'findings', 'flagged', 'markdown', 'text', 'ownEvidence', 'rule', 'ruleFields'] };
const none = () => [];
const nothing = () => ({});

function checkKeys(name, group, spec) {
  const unknown = Object.keys(spec).filter((key) => !KEYS[group].includes(key));
  if (unknown.length) throw new Error(`part ${name}: unknown ${group} key(s) ${unknown.join(', ')} (known: ${KEYS[group].join(', ')})`);
}

/** A part module's export: every key present (defaults for what the part does not have), checked. */
function definePart(spec) {
  if (!/^[a-zA-Z]+$/.test(spec.name || '')) throw new Error(`part: bad name ${JSON.stringify(spec.name)}`);
  const { name } = spec;
  checkKeys(name, 'part', spec);
  for (const group of ['plan', 'run', 'results']) {
    if (!spec[group]) throw new Error(`part ${name}: no ${group}`);
    checkKeys(name, group, spec[group]);
  }
  const { plan, run, results } = spec;
  if (typeof plan.build !== 'function' || typeof plan.estimate !== 'function') throw new Error(`part ${name}: plan needs build() and estimate()`);
  if (typeof spec.subject !== 'string') throw new Error(`part ${name}: subject must name the page subject that shows it`);
  if (!SLOTS.includes(run.slot)) throw new Error(`part ${name}: run.slot must be one of ${SLOTS.join(', ')}`);
  if (run.slot === 'blocks' ? !run.runners : !run.measure) throw new Error(`part ${name}: slot ${run.slot} needs run.${run.slot === 'blocks' ? 'runners' : 'measure'}`);
  if (!Array.isArray(results.fields) || !Array.isArray(results.schema) || typeof results.of !== 'function') {
    throw new Error(`part ${name}: results needs fields, schema and of()`);
  }
  if (spec.compare === undefined) throw new Error(`part ${name}: say how compare judges it (compare: 'scenarios', { ... }, or null)`);
  if (spec.compare && spec.compare !== 'scenarios') {
    checkKeys(name, 'compare', spec.compare);
    if (typeof spec.compare.rows !== 'string' || typeof spec.compare.judge !== 'function') throw new Error(`part ${name}: compare needs rows and judge()`);
  }
  return Object.freeze({
    name,
    subject: spec.subject,
    plan: Object.freeze({
      inProfile: (profile) => Boolean(profile[name]),
      picks: () => false,
      serverKinds: none,
      check: () => {},
      tools: none,
      checkFile: () => {},
      checkSetup: () => {},
      dropServers: () => {},
      fitOpenFiles: null,
      lines: none,
      ...plan,
    }),
    run: Object.freeze({ before: null, runners: null, measure: null, countNoun: null, ...run }),
    results: Object.freeze({ method: nothing, runs: none, counts: none, expectation: none, ...results }),
    compare: spec.compare && spec.compare !== 'scenarios' ? Object.freeze({
      findings: none, flagged: {}, markdown: () => {}, text: () => {}, ownEvidence: false, rule: () => '', ruleFields: nothing, ...spec.compare,
    }) : spec.compare,
  });
}

module.exports = { definePart, SLOTS };
