// Subject: server exits (issue 16). A server that exited while the bench still needed it (between runs
// or rounds, during a run, under strace) is recorded in results.serverExits and started again for its
// next turn, never silently: a sentence next to the sentence of the scenario or JSON endpoint where it
// happened, and every exit in the details page's notes.
'use strict';
const { codeSpan } = require('../../../../shared/src/escape');
const { utcMinute } = require('../format');
const { fill } = require('../sentences');
const { paragraphs } = require('../markdown-blocks');
const { sourceDrawer } = require('../source-drawer');
const { readerCommand } = require('../reader-paths');
const { defineSubject } = require('./subject');

/**
 * One server exit (results.serverExits entry) as a sentence: "Drogon was killed by SIGKILL before round
 * 2 (2026-11-24 14:02 UTC) and started again; its log: `bench/logs/...`". ctx as for localize.
 */
function exitText(ctx, x) {
  const t = ctx.strings.exits;
  const what = `strings (${ctx.fmt.locale}): exits`;
  const how = x.signal ? fill(t.signal, { signal: ctx.esc(x.signal) }, what)
    : fill(t.code, { code: x.code === null || x.code === undefined ? ctx.strings.dash : ctx.fmt.integer(x.code) }, what);
  const when = x.round ? fill(t.beforeRound, { round: ctx.fmt.integer(x.round) }, what) : t.afterLast;
  return fill(x.restarted ? t.restarted : t.notRestarted, {
    server: ctx.serverName(x.server) ?? ctx.esc(x.server), how, when, at: utcMinute(x.exitedAt), log: codeSpan(readerCommand(x.log)),
  }, what);
}

/** One sentence per server that exited during a block (a scenario, a JSON endpoint: its id), in the file's order. */
function exitSentences(ctx, scenario) {
  return (ctx.results.serverExits || []).filter((x) => x.block === scenario.id).map((x) => exitText(ctx, x));
}

// The details page's list of every server exit, where and how, at the end of its notes (with the source
// drawer of the notes).
function exits(ctx) {
  const items = (ctx.results.serverExits || []).map((x) => `- ${ctx.t('notes.exit', {
    where: ctx.scenarioLabel(x.block) ?? codeSpan(x.block), part: ctx.esc(x.part), text: exitText(ctx, x),
  })}`);
  return paragraphs(
    items.length ? paragraphs(ctx.strings.notes.exitsIntro, items.join('\n')) : ctx.strings.notes.noExits,
    sourceDrawer(ctx),
  );
}

module.exports = {
  subject: defineSubject({
    name: 'serverExits',
    sections: { 'benchmark-details': { exits } },
    blockSentences: exitSentences,
  }),
  exitText, exitSentences, exits,
};
