// The front page (manifest page "home", generatedBy "front-page"), filled into
// docs/benchmarks/front-page.<lang>.md: the template says what Drogon is and where to start; its one
// generated section is the benchmark headline: the machine and date line and the verdict table of the
// Benchmarks page's "At a glance", taken from the same functions (sections.summary, verdicts.js), so the
// front page shows the same figures as the Benchmarks page and cannot drift from the results JSON.
'use strict';
const { summary } = require('./sections');
const { verdictTable } = require('./verdicts');
const { paragraphs } = require('./markdown-blocks');

function headline(ctx) {
  const verdicts = verdictTable(ctx);
  return paragraphs(summary(ctx), verdicts.message || paragraphs(verdicts.intro, verdicts.table));
}

// The {{sections}} of the page's template (render.js fills each).
const TEMPLATE_SECTIONS = ['headline'];

module.exports = { TEMPLATE_SECTIONS, headline };
