// The subjects of the Benchmarks pages, registered by name in one list (subjects/subject.js says what a
// subject is). A subject is added or removed by its module and its line here. The list's order is the
// order in which the subjects' contributions appear where several meet: the sentences after a
// scenario's (the counts' cause, then server exits), the failed runs in the details page's notes,
// Methodology's columns of measurements (their headers are in the string tables), and the keys of the
// page data "Compare with your own run" reads.
'use strict';
const { PAGES } = require('./subjects/subject');

const SUBJECTS = [
  require('./subjects/provenance-blocks').subject,
  require('./subjects/scenario-blocks').subject,
  require('./subjects/verdict-blocks').subject,
  require('./subjects/pooled-blocks').subject,
  require('./subjects/sweep-blocks').subject,
  require('./subjects/json-blocks').subject,
  require('./subjects/fixed-rate-blocks').subject,
  require('./subjects/count-blocks').subject,
  require('./subjects/trend-blocks').subject,
  require('./subjects/server-exit-blocks').subject,
];

// { [name]: fn } of every subject's entries of one kind; a name two subjects claim is an error.
function merged(kind, entriesOf) {
  const out = {};
  const owner = {};
  for (const subject of SUBJECTS) {
    for (const [name, fn] of Object.entries(entriesOf(subject))) {
      if (owner[name]) throw new Error(`benchmarks: ${kind} ${name} is claimed by the subjects ${owner[name]} and ${subject.name}`);
      owner[name] = subject.name;
      out[name] = fn;
    }
  }
  return out;
}

/** The sections the subjects fill on one generated page: { [section]: (ctx) => Markdown }. */
function subjectSections(page) {
  if (!PAGES.includes(page)) throw new Error(`benchmarks: no generated page ${page}`);
  return merged(`the section {{...}} of ${page}:`, (subject) => subject.sections[page]);
}

/** Methodology's generated parts: { blocks, values, measurements: [column (ctx, profile) => cell or null] }. */
function methodologyParts() {
  return {
    blocks: merged('the Methodology block', (subject) => subject.methodology.blocks),
    values: merged('the Methodology value', (subject) => subject.methodology.values),
    measurements: SUBJECTS.flatMap((subject) => subject.methodology.measurements),
  };
}

/** What every subject says after the sentence about a scenario or JSON endpoint. */
const blockSentences = (ctx, scenario) => SUBJECTS.flatMap((subject) => subject.blockSentences(ctx, scenario));

/** Every subject's failed runs, as Markdown list items. */
const failedRuns = (ctx) => SUBJECTS.flatMap((subject) => subject.failedRuns(ctx));

/** The page data of "Compare with your own run": every subject's keys, in the list's order. */
const ownRunShape = (ctx) => Object.assign({}, ...SUBJECTS.map((subject) => subject.ownRun(ctx)));

module.exports = { SUBJECTS, subjectSections, methodologyParts, blockSentences, failedRuns, ownRunShape };
