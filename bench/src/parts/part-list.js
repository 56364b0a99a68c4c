// The parts of the bench, registered by name in one list (part.js says what a part is). A part is
// added or removed by its module and its line here (and its page subject: docs/src/benchmarks/
// subject-list.js). The list's order is the order in which the parts are planned, printed, checked and
// run within their slot of the block schedule (the fixed-rate levels after the scenarios whose maxima
// they take), and the order of their fields in the results and of their tables in compare's report.
'use strict';

const PARTS = [
  require('./hello-world-rounds/hello-world-rounds').part,
  require('./json-rounds/json-rounds').part,
  require('./fixed-rate/fixed-rate').part,
  require('./sweep/sweep').part,
  require('./instruction-counts/instruction-counts').part,
  require('./syscall-counts/syscall-counts').part,
];

const PART_NAMES = Object.freeze(PARTS.map((part) => part.name));
const seen = new Set();
for (const name of PART_NAMES) {
  if (seen.has(name)) throw new Error(`bench: two parts are named ${name}`);
  seen.add(name);
}

/** The parts whose block the plan holds (the hello-world rounds' block is a list, empty when none run). */
const partsIn = (plan) => PARTS.filter((part) => plan[part.name] !== null && plan[part.name] !== undefined);

/** The parts of one slot of the block schedule, in the list's order. */
const partsOfSlot = (slot) => PARTS.filter((part) => part.run.slot === slot);

/** What the parts between blocks count, in a sentence ("instruction and system-call counts"): the plan, the results' block order and the run's last line say it. */
const COUNTS_TEXT = `${partsOfSlot('between-blocks').map((part) => part.run.countNoun).join(' and ')} counts`;

/** How the blocks of the timed scenarios are ordered (rounds/block-schedule.js), as results.method says. */
const BLOCK_ORDER = `block-major: block 1 of every scenario, then block 2, ...; ${COUNTS_TEXT} between blocks`;

/** The results' fields of every part of a run, in the list's order (run: parts/part.js). */
const resultsOfParts = (run) => Object.assign({}, ...PARTS.map((part) => part.results.of(run)));

/** The results.method fields of every part of a plan. */
const methodOfParts = (plan) => Object.assign({}, ...PARTS.map((part) => part.results.method(plan)));

/** Every part's timed runs of a results object, named, for the list of failed runs. */
const runsOfParts = (results) => PARTS.flatMap((part) => part.results.runs(results));

/** Every part's counts of a results object (null: a count that failed). */
const countsOfParts = (results) => PARTS.flatMap((part) => part.results.counts(results));

/** Every part's lines of the benchmark expectation. */
const expectationOfParts = (results, thresholds) => PARTS.flatMap((part) => part.results.expectation(results, thresholds));

/** The judgements compare runs for the parts that have one of their own, in the list's order. */
const judgements = () => PARTS.map((part) => part.compare).filter((judgement) => judgement && typeof judgement === 'object');

module.exports = {
  PARTS, PART_NAMES, partsIn, partsOfSlot, COUNTS_TEXT, BLOCK_ORDER, resultsOfParts, methodOfParts, runsOfParts, countsOfParts, expectationOfParts, judgements,
};
