#!/usr/bin/env node
// Follows guide pages word for word with the page runner, from the command line (as root: each page
// runs in a namespace of its own). The tests do the same for every page (examples/guide/pages-*.test.js).
//
//   node examples/guide/page-runner/cli.js [--install usr-local|prefix]... [page-id...]
//
// Without --install, both installs; without page ids, every guide page.
'use strict';
const { runPage, prebuildFolders } = require('./run-page');
const { guidePages } = require('./read-page');
const { installFor, INSTALLS } = require('./installs');
const { killAllGroupsSync } = require('../../../shared/src/process-group');

async function main(argv) {
  const installs = [];
  const ids = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--install') installs.push(argv[++i]);
    else ids.push(argv[i]);
  }
  const pages = guidePages();
  const unknown = ids.filter((id) => !pages.some((p) => p.id === id));
  if (unknown.length) throw new Error(`unknown page id(s): ${unknown.join(', ')} (guide pages: ${pages.map((p) => p.id).join(', ')})`);
  let failed = 0;
  for (const name of installs.length ? installs : INSTALLS) {
    const install = installFor(name);
    const chosen = pages.filter((p) => ids.length === 0 || ids.includes(p.id));
    try {
      await prebuildFolders(chosen, install, { log: (line) => console.log(`  ${line}`) });
    } catch (err) {
      failed += 1;
      console.log(`FAILED building the folders [${name}]:\n${err.message}`);
    }
    for (const page of chosen) {
      const started = Date.now();
      try {
        const summary = await runPage(page, install, { log: (line) => console.log(`  ${line}`) });
        for (const c of summary.choices) {
          console.log(`ok ${page.id} [${name}]${c.choice ? ` (${c.choice})` : ''}: ${c.ran.length} blocks run, ${c.compared.length} outputs compared, ${c.skipped.length} skipped${c.skipped.length ? ` (${c.skipped.join('; ')})` : ''}${c.uncompared.length ? `; not compared: ${c.uncompared.join(', ')}` : ''}; ${c.seconds.toFixed(0)} s`);
        }
      } catch (err) {
        failed += 1;
        console.log(`FAILED ${page.id} [${name}] after ${((Date.now() - started) / 1000).toFixed(0)} s:\n${err.message}`);
      }
    }
  }
  return failed;
}

process.on('SIGINT', () => { killAllGroupsSync(); process.exit(130); });
main(process.argv.slice(2)).then((failed) => { process.exitCode = failed ? 1 : 0; }, (err) => {
  console.error(`error: ${err.message}`);
  process.exitCode = 2;
});
