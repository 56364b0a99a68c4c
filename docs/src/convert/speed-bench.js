#!/usr/bin/env node
// Micro benchmark of the zh-TW conversion: converter start-up, then convertMarkdown over every CHN
// page, repeated. Prints timings only (never a pass/fail on time: it depends on the machine and on
// what else runs on it). Usage: node docs/src/convert/speed-bench.js [rounds=20]
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const chnDir = path.join(__dirname, '..', '..', '..', 'CHN');
const rounds = Number(process.argv[2] || 20);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`speed-bench: rounds must be a positive integer, got "${process.argv[2]}"`);
  process.exit(2);
}

const loadStart = process.hrtime.bigint();
const { convertMarkdown } = require('./zh-tw');
const loadMs = Number(process.hrtime.bigint() - loadStart) / 1e6;

let names;
try {
  names = fs.readdirSync(chnDir).filter((name) => name.endsWith('.md')).sort();
} catch (err) {
  console.error(`speed-bench: cannot list ${chnDir}: ${err.message}`);
  process.exit(1);
}
const pages = names.map((name) => ({ name, text: fs.readFileSync(path.join(chnDir, name), 'utf8') }));
const chars = pages.reduce((sum, page) => sum + page.text.length, 0);

const perPage = new Map(pages.map((page) => [page.name, []]));
const totals = [];
for (let round = 0; round < rounds; round += 1) {
  const roundStart = process.hrtime.bigint();
  for (const page of pages) {
    const start = process.hrtime.bigint();
    convertMarkdown(page.text);
    perPage.get(page.name).push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  totals.push(Number(process.hrtime.bigint() - roundStart) / 1e6);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
console.log(`load opencc-js + overrides: ${loadMs.toFixed(1)} ms`);
console.log(`${pages.length} CHN pages, ${chars} characters, ${rounds} rounds`);
for (const page of pages) {
  const times = perPage.get(page.name);
  console.log(`  ${page.name}: first ${times[0].toFixed(2)} ms, median ${median(times).toFixed(2)} ms`);
}
console.log(`all pages: first round ${totals[0].toFixed(2)} ms, median ${median(totals).toFixed(2)} ms`);
