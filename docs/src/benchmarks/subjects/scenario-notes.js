// The details page's notes on the scenarios' results (part of the scenarios subject, scenario-blocks.js):
// the bench's notes (bench/scenarios.json "notes": its English templates) in the page's language, each
// text once with every scenario and server it applies to, then every subject's failed runs. English
// shows the bench's own text; another language has a template per note code in its string table,
// filled from the same JSON figures and from the figures the English text carries, or the bench's text
// marked as untranslated.
'use strict';
const lookup = require('../../../../shared/src/figures/results-lookup');
const { paragraphs } = require('../markdown-blocks');


// The schema's error kinds, in a fixed order (not the JSON's key order).
const ERROR_KINDS = ['connect', 'read', 'write', 'status', 'timeout', 'other'];

/**
 * The placeholders of a note read back from its English text, with the bench's template of that note
 * code (bench/scenarios.json "notes"): "Other programs kept the server's CPUs {server} busy ..." and a
 * text "... CPUs 35% busy ..." give { server: "35%" } (escaped). Nothing when the text does not match
 * (a note written by another version of the bench): the page then shows the English text.
 */
function noteValues(ctx, note) {
  const template = ctx.noteTemplates && ctx.noteTemplates[note.code];
  if (typeof template !== 'string') return {};
  const names = [];
  const pattern = template.split(/(\{\w+\})/).map((part) => {
    const m = /^\{(\w+)\}$/.exec(part);
    if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(m[1]);
    return '([\\s\\S]*?)';
  }).join('');
  const match = new RegExp(`^${pattern}$`).exec(note.text);
  if (!match) return {};
  return Object.fromEntries(names.map((name, i) => [name, ctx.esc(match[i + 1])]));
}

function noteText(ctx, scenario, result, note) {
  const template = ctx.strings.notes.codes && ctx.strings.notes.codes[note.code];
  if (ctx.lang === 'en' || template === undefined) {
    const text = ctx.esc(note.text);
    return ctx.lang === 'en' ? text : ctx.t('notes.untranslated', { text });
  }
  const summary = result.summary;
  const counts = lookup.runCounts(result);
  const okRequests = result.runs.filter((r) => r.status === 'ok').reduce((sum, r) => sum + r.requests, 0);
  const errorList = summary
    ? ctx.list(ERROR_KINDS.filter((kind) => summary.errors[kind] > 0)
      .map((kind) => ctx.fill(ctx.strings.notes.errorKinds[kind], { count: ctx.fmt.integer(summary.errors[kind]) })))
    : ctx.strings.dash;
  const values = {
    // Figures the note's English text carries that the JSON has nowhere else (the bench's template decides).
    ...noteValues(ctx, note),
    tool: ctx.esc(scenario.tool),
    readErrors: summary ? ctx.fmt.integer(summary.errors.read) : ctx.strings.dash,
    requests: ctx.fmt.integer(okRequests),
    errors: errorList,
    failed: ctx.fmt.integer(counts.failed),
    total: ctx.fmt.integer(counts.total),
    depth: ctx.fmt.integer(scenario.pipelineDepth || 1),
  };
  // A figure the language's template needs but neither the JSON nor the note's text gave: the English text, marked.
  const missing = [...template.matchAll(/\{(\w+)\}/g)].some(([, name]) => !(name in values));
  if (missing) return ctx.t('notes.untranslated', { text: ctx.esc(note.text) });
  return ctx.fill(template, values);
}

// The details page's notes: the bench's notes on every result, listed once per text with where they
// apply, and every failed run of every subject (the server exits follow, server-exit-blocks.js).
function notes(ctx) {
  // A note with the same text in this language is listed once, with every scenario and server it applies to.
  const grouped = new Map(); // text -> Map(scenario id -> [server id])
  for (const sc of ctx.results.scenarios) {
    for (const s of ctx.results.servers) {
      const result = lookup.resultFor(sc, s.id);
      if (!result) continue;
      for (const note of result.notes) {
        const text = noteText(ctx, sc, result, note);
        if (!grouped.has(text)) grouped.set(text, new Map());
        const places = grouped.get(text);
        if (!places.has(sc.id)) places.set(sc.id, []);
        places.get(sc.id).push(s.id);
      }
    }
  }
  const items = [...grouped].map(([text, places]) => {
    const where = [...places].map(([scenarioId, serverIds]) => ctx.t('notes.where', {
      scenario: ctx.scenarioLabel(scenarioId), servers: ctx.list(serverIds.map(ctx.serverName)),
    }));
    return `- ${ctx.t('notes.item', { where: where.join(ctx.strings.listSeparator), text })}`;
  });
  // Failed runs of every subject (ctx.failedRuns: this one's, the sweep's, the counts'), named with their reasons.
  const failedRuns = ctx.failedRuns();
  return paragraphs(
    items.length ? paragraphs(ctx.strings.notes.intro, items.join('\n')) : ctx.strings.notes.none,
    failedRuns.length ? paragraphs(ctx.strings.notes.failedRunsIntro, failedRuns.join('\n')) : null,
  );
}

module.exports = { notes, noteText, noteValues };
