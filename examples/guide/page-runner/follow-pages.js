// The page runner as a test file: one subtest per guide page, in the manifest's order, with one
// install (examples/guide/pages-<install>.test.js). A page's failure names its block and output, and
// the pages after it still run. Needs root: each page runs in a namespace of its own.
'use strict';
const test = require('node:test');
const { runPage, prebuildFolders } = require('./run-page');
const { guidePages } = require('./read-page');
const { installFor } = require('./installs');

// PAGES=quick-start,views follows only those pages (while working on them).
function selectedPages(env = process.env) {
  const pages = guidePages();
  if (!env.PAGES) return pages;
  const ids = env.PAGES.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = ids.filter((id) => !pages.some((p) => p.id === id));
  if (unknown.length) throw new Error(`PAGES names unknown pages: ${unknown.join(', ')}`);
  return pages.filter((p) => ids.includes(p.id));
}

function followEveryPage(installName) {
  const pages = selectedPages();
  test(`every guide page, followed word for word with the ${installName} install`, { timeout: 120 * 60 * 1000 }, async (t) => {
    if (process.getuid() !== 0) {
      t.skip('the page runner needs root: each page runs in a namespace of its own (npm test runs as root)');
      return;
    }
    const install = installFor(installName);
    const started = Date.now();
    // The pages' folders first, two at a time (a folder that does not build fails here, naming it).
    await t.test('every page\'s folder, copied out of the repository, builds with the command its page gives', { timeout: 90 * 60 * 1000 }, async (st) => {
      const built = await prebuildFolders(pages, install, { log: (line) => st.diagnostic(line) });
      const fresh = built.filter((b) => !b.cached);
      st.diagnostic(`${built.length} folders: ${fresh.length} built (${fresh.reduce((s, b) => s + b.seconds, 0).toFixed(0)} s of building), ${built.length - fresh.length} unchanged since their last build`);
    });
    for (const page of pages) {
      await t.test(page.id, { timeout: 60 * 60 * 1000 }, async (st) => {
        const summary = await runPage(page, install, { log: (line) => st.diagnostic(line) });
        for (const c of summary.choices) {
          st.diagnostic(`${c.choice ? `${c.choice}: ` : ''}${c.ran.length} blocks run, ${c.compared.length} outputs compared, ${c.seconds.toFixed(0)} s`
            + `${c.skipped.length ? `; skipped: ${c.skipped.join('; ')}` : ''}${c.uncompared.length ? `; outputs left to the chapter's own test: ${c.uncompared.join(', ')}` : ''}`);
        }
      });
    }
    t.diagnostic(`${pages.length} pages with the ${installName} install in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  });
}

module.exports = { followEveryPage, selectedPages };
