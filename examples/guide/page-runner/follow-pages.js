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

// How many pages are followed at once: PAGES_AT_ONCE (1 follows them one by one, to read a failing
// page's output alone), else 3.
function pagesAtOnce(env = process.env) {
  if (env.PAGES_AT_ONCE === undefined) return 3;
  const n = Number(env.PAGES_AT_ONCE);
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`PAGES_AT_ONCE must be a whole number from 1 to 16, not ${JSON.stringify(env.PAGES_AT_ONCE)}`);
  return n;
}

function followEveryPage(installName) {
  const pages = selectedPages();
  test(`every guide page, followed word for word with the ${installName} install`, { timeout: 120 * 60 * 1000, concurrency: pagesAtOnce() }, async (t) => {
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
    // Then the pages, several at once: a page mostly waits (for a server to listen, a curl, a sleep
    // the page gives), and each runs on a machine of its own (its own ports, /etc, /var, overlay).
    const atOnce = pagesAtOnce();
    await Promise.all(pages.map((page) => t.test(page.id, { timeout: 60 * 60 * 1000 }, async (st) => {
      const summary = await runPage(page, install, { log: (line) => st.diagnostic(line) });
      for (const c of summary.choices) {
        st.diagnostic(`${c.choice ? `${c.choice}: ` : ''}${c.ran.length} blocks run, ${c.compared.length} outputs compared, ${c.seconds.toFixed(0)} s`
          + `${c.skipped.length ? `; skipped: ${c.skipped.join('; ')}` : ''}${c.uncompared.length ? `; outputs left to the chapter's own test: ${c.uncompared.join(', ')}` : ''}`);
      }
    })));
    t.diagnostic(`${pages.length} pages with the ${installName} install in ${((Date.now() - started) / 1000).toFixed(0)} s, ${atOnce} at a time`);
  });
}

module.exports = { followEveryPage, selectedPages, pagesAtOnce };
