// What a subject of the Benchmarks pages is: one kind of figure (verdicts, scenarios, fixed-rate latency,
// the sweep, the counts, JSON, the trend, provenance, server exits), from its figure data in the results
// file to every block that shows it. Every subject module exports defineSubject({ ... }), the one
// signature; docs/src/benchmarks/subject-list.js lists them by name. A subject's figure data come from its
// module in shared/src/figures/ (the same functions the browser reads a reader's own run with).
// A subject module exports { subject: defineSubject({ ... }) } and, by name, what its tests or other
// subjects use of it.
//
//   name           the subject's name in the list
//   sections       { [page]: { [section]: (ctx) => Markdown } }: the {{section}}s it fills in the templates
//                  of the generated pages (docs/benchmarks/<page>.<lang>.md); ctx: render.js createContext
//   methodology    { blocks: { [name]: (ctx, settings) => Markdown }, values: { [name]: (ctx, settings) => text },
//                    measurements: [(ctx, profile) => cell or null] }: the parts of Methodology it generates
//                  (methodology.js: <!-- bench:NAME --> markers; settings: bench-settings.js), and its
//                  columns of Methodology's table of measurements (null: a dash)
//   blockSentences (ctx, scenario) => [text]: what it adds after the sentence about a scenario or a JSON
//                  endpoint (a cause, a server exit)
//   failedRuns     (ctx) => [Markdown list item]: its runs that failed, for the details page's notes
//   ownRun         (ctx) => { [key]: value }: what "Compare with your own run" needs to match a reader's
//                  file to its chart (the page's data-page; docs/site/plugins/benchmark-own-run.js)
'use strict';

const PAGES = ['benchmarks', 'benchmark-details', 'front-page'];
const KEYS = ['name', 'sections', 'methodology', 'blockSentences', 'failedRuns', 'ownRun'];
const none = () => [];

/** A subject module's export: every key present (defaults for what the subject does not have), checked. */
function defineSubject(spec) {
  const unknown = Object.keys(spec).filter((key) => !KEYS.includes(key));
  if (unknown.length) throw new Error(`subject ${spec.name}: unknown key(s) ${unknown.join(', ')} (known: ${KEYS.join(', ')})`);
  if (!/^[a-zA-Z]+$/.test(spec.name || '')) throw new Error(`subject: bad name ${JSON.stringify(spec.name)}`);
  const sections = spec.sections || {};
  for (const page of Object.keys(sections)) {
    if (!PAGES.includes(page)) throw new Error(`subject ${spec.name}: unknown page ${page} (pages: ${PAGES.join(', ')})`);
  }
  const methodology = spec.methodology || {};
  return Object.freeze({
    name: spec.name,
    sections: Object.fromEntries(PAGES.map((page) => [page, sections[page] || {}])),
    methodology: { blocks: methodology.blocks || {}, values: methodology.values || {}, measurements: methodology.measurements || [] },
    blockSentences: spec.blockSentences || none,
    failedRuns: spec.failedRuns || none,
    ownRun: spec.ownRun || (() => ({})),
  });
}

module.exports = { defineSubject, PAGES };
