// Loads and validates docs/zh-tw-overrides.json, the reviewed term decisions for the zh-TW conversion.
// decision "override": applied (s2twp is wrong for software text); "guard": applied, protects a
// longer word from a shorter override or from a bad OpenCC split; "kept": s2twp is already right,
// recorded and tested but not applied (applying e.g. 文件 would break 文件夹 -> 資料夾).
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const OVERRIDES_PATH = join(__dirname, '..', '..', 'zh-tw-overrides.json');
const DECISIONS = new Set(['override', 'guard', 'kept']);
const HAN = /\p{Script=Han}/u;

function loadOverrides(path = OVERRIDES_PATH) {
  let data;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`zh-tw overrides: cannot read ${path}: ${err.message}`);
  }
  return validateOverrides(data, path);
}

function validateOverrides(data, where = 'zh-tw overrides') {
  if (!data || !Array.isArray(data.entries)) throw new Error(`${where}: field "entries" must be an array`);
  const seen = new Map();
  data.entries.forEach((entry, i) => {
    const at = `${where}: entries[${i}]`;
    for (const field of ['from', 'to', 'decision', 'reason', 'example']) {
      if (typeof entry[field] !== 'string' || entry[field].trim() === '') throw new Error(`${at}.${field}: must be a non-empty string`);
    }
    if (!DECISIONS.has(entry.decision)) throw new Error(`${at}.decision: must be one of ${[...DECISIONS].join(', ')}, got "${entry.decision}"`);
    if (!HAN.test(entry.from)) throw new Error(`${at}.from: "${entry.from}" holds no Chinese character`);
    if (/[\ue000-\uf8ff]/.test(entry.from + entry.to)) throw new Error(`${at}: Private Use Area characters are reserved by the converter`);
    if (!Array.isArray(entry.avoid) || entry.avoid.some((w) => typeof w !== 'string' || w === '')) {
      throw new Error(`${at}.avoid: must be an array of non-empty strings (the wrong renderings the test rejects; may be empty)`);
    }
    if (!entry.example.includes(entry.from)) throw new Error(`${at}.example: must contain the source term "${entry.from}"`);
    if (seen.has(entry.from)) throw new Error(`${at}.from: "${entry.from}" duplicates entries[${seen.get(entry.from)}]`);
    seen.set(entry.from, i);
  });
  const applied = data.entries.filter((entry) => entry.decision !== 'kept');
  return { entries: data.entries, applied };
}

module.exports = { loadOverrides, validateOverrides, OVERRIDES_PATH };
