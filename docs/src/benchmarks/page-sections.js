// The generated pages' own sections, around the subjects' (subject-list.js): the last part of the
// Benchmarks page, which places four subjects two by two, with "Compare with your own run" (its file
// picker and the page data every subject gives it); and the details page's introduction.
'use strict';
const { escapeHtmlInMarkdown } = require('../../../shared/src/escape');
const counts = require('../../../shared/src/figures/count-figures');
const { paragraphs } = require('./markdown-blocks');
const { ownRunShape } = require('./subject-list');

// The file picker of "Compare with your own run" (docs/site/plugins/benchmark-own-run.js draws the
// reader's file). Its messages are hidden elements in the page's language; data-page tells the plugin
// how the published charts are laid out (scenario ids and kinds, sweep levels, instruction cases),
// so the reader's figures land beside the matching published ones.
function ownRun(ctx) {
  const page = { locale: ctx.fmt.locale, ...ownRunShape(ctx) };
  const m = ctx.strings.ownRun.messages;
  const html = [
    `<div class="bench-own-run" data-page="${escapeHtmlInMarkdown(JSON.stringify(page))}">`,
    `<label for="bench-own-file">${escapeHtmlInMarkdown(ctx.strings.ownRun.label)}</label>`,
    '<input type="file" id="bench-own-file" accept=".json,application/json">',
    '<p class="bench-own-status" role="status" aria-live="polite"></p>',
    ...Object.keys(m).sort().map((key) => `<span class="bench-msg" data-msg="${escapeHtmlInMarkdown(key)}" hidden>${escapeHtmlInMarkdown(m[key])}</span>`),
    '</div>',
  ].join('\n');
  return paragraphs(ctx.t('ownRun.intro', { how: ctx.pageLink('reproducing', ctx.strings.ownRun.how, 'compare-with-your-own-run') }), html);
}

// The last part of the page, with its headings (strings "headings"): the instruction counts, where
// the time goes, the concurrency sweep, the trend and the reader's own run, two by two (ctx.section
// renders a subject's section by name). With system-call counts, the time goes (its sentences folded:
// the cause is in Every scenario) beside the instruction counts, and the sweep with the own run under it
// beside the trend; a file without them keeps the earlier pairs (sweep and instruction counts, trend and
// own run) and says nothing about counts it does not have. Issue 10's budget of 3,600 px is why the
// layout is chosen by height.
function measures(ctx) {
  const heading = (key) => `## ${ctx.strings.headings[key]}`;
  const cell = (...blocks) => paragraphs('<div class="bench-cell">', ...blocks, '</div>');
  const pair = (left, right) => ['<div class="bench-pair">', left, right, '</div>'].join('\n');
  if (counts.syscallTable(ctx.results)) {
    return paragraphs(
      pair(cell(heading('instructions'), ctx.section('instructions')), cell(heading('timeGoes'), ctx.section('timeGoes'))),
      pair(cell(heading('sweep'), ctx.section('sweep'), heading('ownRun'), ownRun(ctx)), cell(heading('trend'), ctx.section('trend'))),
    );
  }
  return paragraphs(
    pair(cell(heading('sweep'), ctx.section('sweep')), cell(heading('instructions'), ctx.section('instructions'))),
    pair(cell(heading('trend'), ctx.section('trend')), cell(heading('ownRun'), ownRun(ctx))),
  );
}

function intro(ctx) {
  return ctx.t('details.intro', { benchmarks: ctx.pageLink('benchmarks', ctx.strings.details.benchmarksLink) });
}

/** The pages' own {{sections}}, by page, as the subjects give theirs. */
const PAGE_SECTIONS = { benchmarks: { measures }, 'benchmark-details': { intro }, 'front-page': {} };
/** The subjects' sections these place (not in the template; measures leaves timeGoes out without system-call counts). */
const PLACED_SECTIONS = { benchmarks: ['instructions', 'timeGoes', 'sweep', 'trend'], 'benchmark-details': [], 'front-page': [] };

module.exports = { PAGE_SECTIONS, PLACED_SECTIONS, measures, ownRun, intro };
