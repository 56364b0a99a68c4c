// When each page last changed, from the git history of its committed file: the date (YYYY-MM-DD,
// committer date) of the newest commit that changed the page's text outside its navigation blocks.
// The committed page is what the build generates from its sources (npm run check keeps them equal), so
// this follows every source that changed what the page says (its own text, the Simplified page a
// Traditional one is converted from, the code it includes, the results and templates of a generated
// page), and not the header and footer blocks, which change whenever any page is added or renamed.
//
// No date rather than a wrong one: outside a git checkout, for a file without history, and in a
// shallow clone for a file whose newest change is at or beyond the clone's boundary (the boundary
// commit seems to add every file), the date is null.
'use strict';
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const { splitPage } = require('../navigate/navigation');

const ZERO = /^0+$/;

function git(root, args, input) {
  const result = spawnSync('git', ['-c', 'core.quotepath=off', ...args], {
    cwd: root, input, maxBuffer: 1024 * 1024 * 1024, encoding: input === undefined ? 'utf8' : 'buffer',
  });
  if (result.error) return { ok: false, why: `git did not run: ${result.error.code || result.error.message}` };
  if (result.status !== 0) return { ok: false, why: `git ${args[0]}: ${String(result.stderr).trim().split('\n')[0]}` };
  return { ok: true, out: result.stdout };
}

/**
 * The changes of each path, newest first: Map<path, [{ date, before, after, boundary }]> (before and
 * after: blob ids; boundary: the commit is a shallow clone's boundary, whose diff is not a real change).
 */
function changesByPath(root, paths, shallow) {
  const log = git(root, ['log', '--raw', '--no-abbrev', '--no-renames', '--format=%x01%cs %P', '--', ...paths]);
  if (!log.ok) return log;
  const changes = new Map(paths.map((p) => [p, []]));
  let commit = null;
  for (const line of log.out.split('\n')) {
    if (line.startsWith('\x01')) {
      const [date, ...parents] = line.slice(1).trim().split(' ');
      commit = { date, boundary: shallow && parents.filter(Boolean).length === 0 };
      continue;
    }
    // ":100644 100644 <before> <after> M\t<path>"
    const raw = /^:\d+ \d+ ([0-9a-f]+) ([0-9a-f]+) [A-Z]\d*\t(.+)$/.exec(line);
    if (!raw || !commit || !changes.has(raw[3])) continue;
    changes.get(raw[3]).push({ date: commit.date, before: raw[1], after: raw[2], boundary: commit.boundary });
  }
  return { ok: true, changes };
}

// The text a reader sees change: the page without its navigation blocks (a page whose blocks do not
// parse counts whole).
function bodyHash(text, where) {
  let body = text;
  try { body = splitPage(text, where).body; } catch { /* whole text */ }
  return crypto.createHash('sha256').update(body).digest('hex');
}

// Reads blobs with one `git cat-file --batch`: Map<blob id, text>.
function readBlobs(root, ids) {
  const out = new Map();
  if (ids.length === 0) return { ok: true, blobs: out };
  const batch = git(root, ['cat-file', '--batch'], Buffer.from(`${ids.join('\n')}\n`));
  if (!batch.ok) return batch;
  const buf = batch.out;
  let at = 0;
  while (at < buf.length) {
    const eol = buf.indexOf(0x0a, at);
    if (eol < 0) break;
    const [id, type, size] = buf.subarray(at, eol).toString('utf8').split(' ');
    if (type === 'missing' || size === undefined) { at = eol + 1; continue; }
    const length = Number(size);
    out.set(id, buf.subarray(eol + 1, eol + 1 + length).toString('utf8'));
    at = eol + 1 + length + 1;
  }
  return { ok: true, blobs: out };
}

/**
 * { dates: Map<relPath, 'YYYY-MM-DD' | null>, note: string | null } for the given page files (paths
 * relative to root, '/'-separated). note says why there are no dates at all (not a git checkout, no git).
 */
function lastChangeDates(root, paths) {
  const dates = new Map(paths.map((p) => [p, null]));
  const inside = git(root, ['rev-parse', '--is-inside-work-tree', '--is-shallow-repository']);
  if (!inside.ok) return { dates, note: `no last-updated dates: ${inside.why}` };
  const shallow = inside.out.trim().split('\n')[1] === 'true';
  const history = changesByPath(root, paths, shallow);
  if (!history.ok) return { dates, note: `no last-updated dates: ${history.why}` };

  // Newest first, one change per path per round; the blobs of a round are read in one batch.
  const next = new Map(paths.map((p) => [p, 0]));
  const hashes = new Map();
  const hashOf = (id, text, where) => {
    if (!hashes.has(id)) hashes.set(id, bodyHash(text, where));
    return hashes.get(id);
  };
  let open = paths.filter((p) => history.changes.get(p).length > 0);
  while (open.length) {
    const wanted = new Set();
    for (const p of open) {
      const change = history.changes.get(p)[next.get(p)];
      for (const id of [change.before, change.after]) if (!ZERO.test(id) && !hashes.has(id)) wanted.add(id);
    }
    const read = readBlobs(root, [...wanted]);
    if (!read.ok) return { dates: new Map(paths.map((p) => [p, null])), note: `no last-updated dates: ${read.why}` };
    const still = [];
    for (const p of open) {
      const list = history.changes.get(p);
      const change = list[next.get(p)];
      if (change.boundary) continue; // not a real change: the date is unknown
      const side = (id) => (ZERO.test(id) ? null : hashOf(id, read.blobs.get(id) ?? '', p));
      if (side(change.before) !== side(change.after)) {
        dates.set(p, change.date);
        continue;
      }
      next.set(p, next.get(p) + 1);
      if (next.get(p) < list.length) still.push(p);
    }
    open = still;
  }
  return { dates, note: shallow ? 'shallow clone: pages whose last change lies beyond its history get no last-updated date (CI checks out with fetch-depth: 0)' : null };
}

module.exports = { lastChangeDates };
