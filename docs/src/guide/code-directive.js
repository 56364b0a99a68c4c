// The directive line of a code block on a guide page, <!-- guide:code path#region options (note) -->:
// read by the build (docs/src/guide/code-blocks.js) and by the page runner
// (examples/guide/page-runner/read-page.js), and written back in one form.
'use strict';
const { GuideError } = require('./guide-error');

// What a commands block (a region of a chapter's commands.sh) tells the page runner
// (examples/guide/page-runner/) about how a reader runs it; written after the target, kept verbatim
// by the build. untested: not run by the tests, for the reason a note after it gives on the page;
// keeps-running: runs until stopped (a server), in a terminal of its own; with client, a program
// that listens on no port (a client that waits for messages, psql holding a lock);
// stops=<region>: first stop (Ctrl+C) the block of that region, which keeps running;
// waits=<region>: first wait until the block of that region, which keeps running, ends by itself;
// exit=<status>: the page says the block ends with that status (a program refusing bad input);
// choice=<name>: one of the page's alternatives (SQLite3 or PostgreSQL), the runner follows each;
// install=prefix|usr-local: only for a Drogon installed that way (Installation).
const RUN_FLAGS = ['untested', 'keeps-running', 'client'];
const RUN_VALUES = { stops: /^[a-z0-9][a-z0-9-]*$/, waits: /^[a-z0-9][a-z0-9-]*$/, exit: /^[0-9]{1,3}$/, choice: /^[a-z0-9][a-z0-9-]*$/, install: /^(?:prefix|usr-local)$/ };

// "path#region lang=x untested (note)" -> { file, region, lang, run: { untested, keepsRunning, stops, install } }.
function parseDirective(args, where) {
  const withoutNote = args.replace(/\([^()]*\)\s*$/, '').trim();
  const [target, ...options] = withoutNote.split(/\s+/).filter(Boolean);
  if (!target) throw new GuideError(where, 'guide:code names no file (<!-- guide:code examples/guide/<chapter>/<file>#<region> -->)');
  const hash = target.indexOf('#');
  const file = hash < 0 ? target : target.slice(0, hash);
  const region = hash < 0 ? null : target.slice(hash + 1);
  let lang = null;
  const run = {};
  for (const option of options) {
    const m = /^lang=([a-z0-9+-]+)$/.exec(option);
    const [key, value] = option.split('=');
    if (m) lang = m[1];
    else if (RUN_FLAGS.includes(option)) run[option === 'keeps-running' ? 'keepsRunning' : option] = true;
    else if (value !== undefined && RUN_VALUES[key] && RUN_VALUES[key].test(value)) run[key] = value;
    else throw new GuideError(where, `guide:code: unknown option ${JSON.stringify(option)} (known: lang=<fence language>, ${RUN_FLAGS.join(', ')}, stops=<region>, waits=<region>, exit=<status>, choice=<name>, install=prefix|usr-local)`);
  }
  if (Object.keys(run).length && !(region && file.endsWith('/commands.sh'))) {
    throw new GuideError(where, `guide:code: ${Object.keys(run).join(', ')}: only a region of a chapter's commands.sh is run by the page runner`);
  }
  return { file, region, lang, run };
}

// The options as written, in one order (the page runner reads them back with parseDirective).
function runOptions(run = {}) {
  return [run.untested && 'untested', run.keepsRunning && 'keeps-running', run.client && 'client',
    ...Object.keys(RUN_VALUES).map((k) => run[k] !== undefined && `${k}=${run[k]}`)].filter(Boolean);
}

function directiveLine(indent, { file, region, lang, run }, note) {
  const target = region ? `${file}#${region}` : file;
  const options = [...(lang ? [`lang=${lang}`] : []), ...runOptions(run)];
  return `${indent}<!-- guide:code ${target}${options.map((o) => ` ${o}`).join('')}${note ? ` (${note})` : ''} -->`;
}

module.exports = { parseDirective, directiveLine };
