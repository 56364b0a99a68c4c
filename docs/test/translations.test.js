'use strict';
// docs/src/translations.js (`npm run translations`): on the repository, one line per page of the
// manifest with its translation status and a count, then one line per section gap and their count;
// an unknown argument is refused with the usage.
// (Marking is tested on a copy of the content: page-info/translation-status.test.js.)
const test = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const manifest = require('../manifest.json');

const script = path.join(__dirname, '..', 'src', 'translations.js');

test('lists every page of the manifest once with its state, then the count, then the section gaps', () => {
  const r = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  const pages = lines.filter((l) => /^(current|stale|not-recorded) +\S+ \(.+\)$/.test(l));
  assert.deepEqual(pages.map((l) => l.split(/ +/)[1]).sort(), manifest.pages.map((p) => p.id).sort());
  const count = (state) => pages.filter((l) => l.startsWith(`${state} `)).length;
  const total = lines.findIndex((l) => /^\d+ current, \d+ stale, \d+ not recorded$/.test(l));
  assert.equal(lines[total], `${count('current')} current, ${count('stale')} stale, ${count('not-recorded')} not recorded`);
  // Section parity (page-info/section-parity.test.js tests the findings): one line per gap, then the count.
  const gaps = lines.filter((l) => l.startsWith('SECTION GAP: '));
  assert.match(lines[lines.length - 1], new RegExp(`^\\d{3,} sections and strings compared: ${gaps.length} gap\\(s\\), \\d+ listed as exceptions$`));
  for (const gap of gaps) assert.match(gap, /^SECTION GAP: \S+( § ".*")? \(.+ ↔ .+\): /);
});

test('an unknown argument is refused, naming the usage', () => {
  const r = spawnSync(process.execPath, [script, '--bogus'], { encoding: 'utf8', timeout: 60_000 });
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /unknown arguments: --bogus \(usage: npm run translations \[-- --mark <page-id> \.\.\.\]\)/);
});
