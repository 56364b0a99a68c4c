// docs/src/page-info/git-history.js on real git repositories made here: a page's date is its newest
// commit that changed the text outside the navigation blocks; no date outside git, for an uncommitted
// file, and in a shallow clone for a page whose last change lies at or beyond the boundary.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { lastChangeDates } = require('../../src/page-info/git-history');

const header = (langs) => `<!-- nav:header (generated) -->\n**Other languages**: ${langs}\n<!-- /nav:header -->`;
const footer = (next) => `<!-- nav:footer (generated) -->\n\n---\n\n**Next**: ${next}\n<!-- /nav:footer -->`;
const page = (body, langs = '[A](/CHN/A)', next = '[2. B](/ENG/B)') => `${header(langs)}\n\n${body}\n\n${footer(next)}\n`;

function makeRepo(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drogon-git-history-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const git = (args, env = {}) => execFileSync('git', args, {
    cwd: dir, encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.org', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.org', ...env },
  });
  git(['init', '-q', '-b', 'main']);
  const commit = (files, date) => {
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    }
    git(['add', '-A']);
    git(['commit', '-q', '-m', `at ${date}`], { GIT_AUTHOR_DATE: `${date}T12:00:00Z`, GIT_COMMITTER_DATE: `${date}T12:00:00Z` });
  };
  return { dir, git, commit };
}

test('a page is dated by its last change outside the navigation blocks; nav-only commits do not count', (t) => {
  const repo = makeRepo(t);
  repo.commit({ 'ENG/A.md': page('# A\n\nFirst text.'), 'CHN/甲.md': page('# 甲\n\n第一版。') }, '2026-01-10');
  repo.commit({ 'ENG/A.md': page('# A\n\nSecond text.') }, '2026-02-20');
  // A page added elsewhere: every footer and header changes, no body does.
  repo.commit({ 'ENG/A.md': page('# A\n\nSecond text.', '[A](/CHN/A) · [B](/JB_TW/B)', '[3. C](/ENG/C)'), 'CHN/甲.md': page('# 甲\n\n第一版。', '[x](/ENG/x)') }, '2026-03-30');
  fs.writeFileSync(path.join(repo.dir, 'ENG/New.md'), page('# New\n\nNot committed.'));
  const { dates, note } = lastChangeDates(repo.dir, ['ENG/A.md', 'CHN/甲.md', 'ENG/New.md', 'ENG/Missing.md']);
  assert.equal(note, null);
  assert.equal(dates.get('ENG/A.md'), '2026-02-20');
  assert.equal(dates.get('CHN/甲.md'), '2026-01-10');
  assert.equal(dates.get('ENG/New.md'), null);
  assert.equal(dates.get('ENG/Missing.md'), null);

  // A later body change dates the page again; a file renamed in is dated by the rename (its first commit there).
  repo.commit({ 'CHN/甲.md': page('# 甲\n\n第二版。', '[x](/ENG/x)') }, '2026-04-01');
  repo.git(['mv', 'ENG/A.md', 'ENG/A2.md']);
  repo.git(['commit', '-q', '-m', 'rename'], { GIT_COMMITTER_DATE: '2026-05-05T12:00:00Z', GIT_AUTHOR_DATE: '2026-05-05T12:00:00Z' });
  const again = lastChangeDates(repo.dir, ['CHN/甲.md', 'ENG/A2.md']).dates;
  assert.equal(again.get('CHN/甲.md'), '2026-04-01');
  assert.equal(again.get('ENG/A2.md'), '2026-05-05');
});

test('outside a git checkout there are no dates, and the note says why', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drogon-no-git-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'ENG'));
  fs.writeFileSync(path.join(dir, 'ENG/A.md'), page('# A'));
  const { dates, note } = lastChangeDates(dir, ['ENG/A.md']);
  assert.equal(dates.get('ENG/A.md'), null);
  assert.match(note, /no last-updated dates: git rev-parse: .*not a git repository/);
});

test('a shallow clone dates only the pages whose last change lies inside its history', (t) => {
  const repo = makeRepo(t);
  repo.commit({ 'ENG/A.md': page('# A\n\nOld.'), 'ENG/B.md': page('# B\n\nOld.') }, '2026-01-01');
  repo.commit({ 'ENG/A.md': page('# A\n\nOld.', '[n](/CHN/n)') }, '2026-02-02'); // nav only
  repo.commit({ 'ENG/B.md': page('# B\n\nNew.') }, '2026-03-03');
  const clone = (depth) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drogon-shallow-'));
    t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    execFileSync('git', ['clone', '-q', `--depth=${depth}`, `file://${repo.dir}`, dir]);
    return dir;
  };
  // Depth 1: the boundary commit seems to add every file, so nothing is dated (not "2026-03-03" for all).
  const one = lastChangeDates(clone(1), ['ENG/A.md', 'ENG/B.md']);
  assert.deepEqual([...one.dates.values()], [null, null]);
  assert.match(one.note, /shallow clone/);
  // Depth 2: B's change is a real one inside the history; A's last body change is beyond it.
  const two = lastChangeDates(clone(2), ['ENG/A.md', 'ENG/B.md']).dates;
  assert.equal(two.get('ENG/B.md'), '2026-03-03');
  assert.equal(two.get('ENG/A.md'), null);
  // The full history dates both.
  const full = lastChangeDates(repo.dir, ['ENG/A.md', 'ENG/B.md']).dates;
  assert.deepEqual([full.get('ENG/A.md'), full.get('ENG/B.md')], ['2026-01-01', '2026-03-03']);
});
