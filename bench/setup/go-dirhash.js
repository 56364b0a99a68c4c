#!/usr/bin/env node
// The Go checksum database's "h1:" hash of a module (golang.org/x/mod/sumdb/dirhash, Hash1): for every
// file of the module zip, sorted by its name in the zip ("<module>@<version>/<path>"), a line
// "<sha256 hex>  <name>\n"; h1 is the base64 SHA-256 of those lines. bench/setup/go-toolchain.sh checks an
// extracted Go toolchain module with it against the value pinned in bench/pins.json (the one
// sum.golang.org has), besides the zip's own SHA-256.
// Usage: node bench/setup/go-dirhash.js <folder the zip was extracted into> <module>@<version>
'use strict';
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { createHash } = require('node:crypto');

// root: where the zip was extracted; prefix: "<module>@<version>", the zip's top folder.
function dirhash(root, prefix) {
  const names = [];
  const walk = (relative) => {
    for (const entry of readdirSync(join(root, relative), { withFileTypes: true })) {
      const name = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(name);
      else if (entry.isFile()) names.push(name);
      else throw new Error(`${join(root, name)}: not a regular file (a module zip holds files only)`);
    }
  };
  walk(prefix);
  if (names.length === 0) throw new Error(`${join(root, prefix)}: no files`);
  names.sort();
  const summary = createHash('sha256');
  for (const name of names) {
    if (name.includes('\n')) throw new Error(`file name with a newline: ${JSON.stringify(name)}`);
    summary.update(`${createHash('sha256').update(readFileSync(join(root, name))).digest('hex')}  ${name}\n`);
  }
  return `h1:${summary.digest('base64')}`;
}

if (require.main === module) {
  const [root, prefix] = process.argv.slice(2);
  try {
    if (!root || !prefix) throw new Error('usage: node bench/setup/go-dirhash.js <extracted folder> <module>@<version>');
    process.stdout.write(`${dirhash(root, prefix)}\n`);
  } catch (err) {
    console.error(`go-dirhash: ${err.message}`);
    process.exit(1);
  }
}

module.exports = { dirhash };
