#!/usr/bin/env node
// Reads and validates bench/pins.json for bench/setup.sh; prints KEY=VALUE lines (safe characters only).
// Usage: node bench/setup-pins.js <pins.json>
'use strict';
const { readFileSync } = require('node:fs');

const DEBIAN_VERSION = /^[0-9][A-Za-z0-9.+~]*(-[A-Za-z0-9.+~]+)?$/;

function readPins(file) {
  let pins;
  try {
    pins = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file}: cannot read pins (${err.message})`);
  }
  const fail = (field, expected) => { throw new Error(`${file}: field "${field}" must be ${expected}`); };
  if (typeof pins.archive !== 'string' || !/^https?:\/\/[A-Za-z0-9.:/_-]+$/.test(pins.archive)) fail('archive', 'an http(s) URL');
  if (typeof pins.suite !== 'string' || !/^[a-z][a-z0-9-]*$/.test(pins.suite)) fail('suite', 'a suite name such as sid');
  if (typeof pins.keyring !== 'string' || !/^\/[A-Za-z0-9./_-]+$/.test(pins.keyring)) fail('keyring', 'an absolute path');
  for (const name of ['trantor', 'drogon']) {
    const version = pins.sourcePackages && pins.sourcePackages[name];
    if (typeof version !== 'string' || !DEBIAN_VERSION.test(version)) {
      fail(`sourcePackages.${name}`, 'a Debian version such as 1.9.13+ds-2');
    }
  }
  return pins;
}

if (require.main === module) {
  try {
    const pins = readPins(process.argv[2]);
    process.stdout.write([
      `archive=${pins.archive}`, `suite=${pins.suite}`, `keyring=${pins.keyring}`,
      `trantor_pin=${pins.sourcePackages.trantor}`, `drogon_pin=${pins.sourcePackages.drogon}`, '',
    ].join('\n'));
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}

module.exports = { readPins };
