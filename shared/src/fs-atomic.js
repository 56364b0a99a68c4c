// Atomic file writes: write a temp file next to the target, fsync it, then rename over the target.
// A reader (or a crash) never sees a half-written page or JSON.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

function tempPathFor(target) {
  return path.join(path.dirname(target),
    `.${path.basename(target)}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}.tmp`);
}

// Writes one file atomically; creates the parent folder when missing.
function writeFileAtomic(target, data, encoding = 'utf8') {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = tempPathFor(target);
  let fd;
  try {
    fd = fs.openSync(tmp, 'w', 0o644);
    fs.writeFileSync(fd, data, typeof data === 'string' ? encoding : undefined);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(tmp, target);
  } catch (err) {
    if (fd !== undefined) { try { fs.closeSync(fd); } catch { /* already failing */ } }
    try { fs.unlinkSync(tmp); } catch { /* temp never created or already renamed */ }
    throw new Error(`atomic write of ${target} failed: ${err.message}`, { cause: err });
  }
}

function writeJsonAtomic(target, value) {
  writeFileAtomic(target, JSON.stringify(value, null, 2) + '\n');
}

// Writes several files only after all of them were staged: every temp file is written first, then all
// are renamed. If staging any file fails, none of the targets is touched.
// files: array of { path, content }.
function writeFilesAtomic(files) {
  const staged = [];
  try {
    for (const { path: target, content } of files) {
      if (typeof content !== 'string' && !Buffer.isBuffer(content)) {
        throw new Error(`content for ${target} is not a string or Buffer`);
      }
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const tmp = tempPathFor(target);
      const fd = fs.openSync(tmp, 'w', 0o644);
      staged.push({ tmp, target });
      try {
        fs.writeFileSync(fd, content);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    }
  } catch (err) {
    for (const { tmp } of staged) { try { fs.unlinkSync(tmp); } catch { /* best effort */ } }
    throw new Error(`staging files for atomic write failed: ${err.message}`, { cause: err });
  }
  for (const { tmp, target } of staged) fs.renameSync(tmp, target);
}

module.exports = { writeFileAtomic, writeJsonAtomic, writeFilesAtomic };
