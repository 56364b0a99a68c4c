// The folding table of the Chinese search (docs/site/plugins/search-text.js folds with it):
// - chars: every character OpenCC's character tables change, to its Simplified form: Taiwan and
//   Hong Kong variants to OpenCC's Traditional (TWVariantsRev, HKVariantsRev), then Traditional to
//   Simplified (TSCharacters), followed to a fixed point so folding twice changes nothing. Character
//   tables only: OpenCC's phrase conversion segments text, so the same word could fold differently
//   in a query and in a page.
// - phrases: the project's reviewed terms (docs/zh-tw-overrides.json). Each entry says that a zh-CN
//   term is written another way on the zh-TW pages (内存 / 記憶體); after folding characters, both
//   forms are put in one class, and every member of a class folds to one form (the first zh-CN term
//   of the class in the file's order). Guard entries are kept as their own class, so the longest
//   match protects the longer word as it does in the conversion.
'use strict';
const { loadOverrides } = require('../convert/overrides');
const { createFolder } = require('../../site/plugins/search-text');

const CHAR_TABLES = ['TWVariantsRev', 'HKVariantsRev', 'TSCharacters'];

// OpenCC's dictionary text "A B|C D ..." -> Map(A -> B) (the first candidate when there are several).
function parseDict(text, name) {
  const map = new Map();
  for (const entry of text.split('|')) {
    const [from, to] = entry.split(' ');
    if (!from || !to || Array.from(from).length !== 1) throw new Error(`search fold table: unexpected entry "${entry}" in opencc-js ${name}`);
    map.set(from, Array.from(to)[0]);
  }
  return map;
}

async function loadCharTables() {
  const tables = {};
  for (const name of CHAR_TABLES) {
    // opencc-js exports its dictionaries as ES modules (package.json "exports": "./*").
    const text = (await import(`opencc-js/dict/${name}`)).default;
    if (typeof text !== 'string') throw new Error(`search fold table: opencc-js/dict/${name} is not a dictionary string`);
    tables[name] = parseDict(text, name);
  }
  return tables;
}

/** The character fold: Map(character -> Simplified character), only characters that change. */
function charFolds({ TWVariantsRev, HKVariantsRev, TSCharacters }) {
  const step = (c) => {
    const standard = TWVariantsRev.get(c) || HKVariantsRev.get(c) || c;
    return TSCharacters.get(standard) || standard;
  };
  const folds = new Map();
  for (const c of new Set([...TWVariantsRev.keys(), ...HKVariantsRev.keys(), ...TSCharacters.keys()])) {
    let to = c;
    for (let i = 0; i < 8; i++) {
      const next = step(to);
      if (next === to) break;
      to = next;
    }
    if (step(to) !== to) throw new Error(`search fold table: folding ${c} does not settle`);
    if (to !== c) folds.set(c, to);
  }
  return folds;
}

/** Phrase classes of the term table: [[phrase, folded phrase], ...], both after character folding. */
function phraseFolds(entries, foldChars) {
  const parent = new Map();
  const find = (x) => {
    while (parent.get(x) !== x) x = parent.get(x);
    return x;
  };
  const add = (x) => { if (!parent.has(x)) parent.set(x, x); };
  const firstSource = new Map(); // class member -> order of the first entry that has it as its zh-CN term
  entries.forEach((entry, i) => {
    const from = foldChars(entry.from);
    const to = foldChars(entry.to);
    add(from);
    add(to);
    if (!firstSource.has(from)) firstSource.set(from, i);
    const a = find(from);
    const b = find(to);
    if (a !== b) parent.set(b, a);
  });
  // Each class folds to its member that is the earliest zh-CN term.
  const representative = new Map();
  for (const member of parent.keys()) {
    const root = find(member);
    const current = representative.get(root);
    const order = firstSource.has(member) ? firstSource.get(member) : Infinity;
    if (current === undefined || order < current.order) representative.set(root, { member, order });
  }
  return [...parent.keys()].sort().map((member) => [member, representative.get(find(member)).member]);
}

/** The table plugins/search-text.js folds with: { chars, phrases }. */
async function buildFoldTable({ overridesPath } = {}) {
  const folds = charFolds(await loadCharTables());
  const chars = [...folds].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([from, to]) => from + to).join('');
  const foldChars = createFolder({ chars, phrases: [] });
  const { entries } = loadOverrides(overridesPath);
  return { chars, phrases: phraseFolds(entries, foldChars) };
}

module.exports = { buildFoldTable, charFolds, phraseFolds, parseDict, loadCharTables };
